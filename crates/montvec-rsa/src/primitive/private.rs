//! RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) by the Chinese remainder theorem with Garner's
//! recombination, base blinding, and a check by re-encryption before anything is released
//! (the shape of ring's `private_exponentiate`, STYLE.md).
//!
//! 1. Blind: pick r uniformly in [1, n), set c' = c·r^e mod n.
//! 2. m1 = c'^dP mod p, m2 = c'^dQ mod q (constant-time fixed-window exponentiations).
//! 3. Garner: h = qInv·(m1 − m2) mod p, m' = m2 + q·h (< n, so no reduction).
//! 4. Check: m'^e mod n must equal c', compared in constant time; otherwise
//!    [`Error::FaultDetected`] and nothing of m' leaves.
//! 5. Unblind: m = m'·r⁻¹ mod n (r⁻¹ by montvec's constant-time safegcd).

use montvec::{Modulus, Nat};
use rand_core::CryptoRngCore;
use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::public::lt_vartime;
use crate::key::{PublicKeyParts, RsaPrivateKey};

/// `c^d mod n` by CRT with blinding and a fault check (see the module doc).
///
/// Errors: [`Error::InvalidInputLength`] when c ≥ n, [`Error::FaultDetected`] when the result
/// does not re-encrypt to c, [`Error::Rng`] when the generator fails.
///
/// Leaks: the sizes of n, p and q; nothing of c, d, p, q or the result (no branch, memory index
/// or division on them; the only branch on a secret-derived value is the fault check, whose
/// failure means the computation was already wrong).
pub fn private_op(key: &RsaPrivateKey, c: &Nat, rng: &mut dyn CryptoRngCore) -> Result<Nat> {
    let n = key.n();
    if !lt_vartime(c, n) {
        return Err(Error::InvalidInputLength);
    }
    let modulus = key.as_public_key().modulus();
    let (mut r, mut r_inv) = blinding_pair(modulus, key, rng)?;
    // c' = c · r^e mod n
    let mut r_e = modulus.pow_vartime(&r, key.e());
    let mut blinded = arith::mul_mod(modulus, c, &r_e);
    let mut m = crt_exponentiate(key, &blinded);
    // Fault check: m^e must give back c'.
    let mut back = modulus.pow_vartime(&m, key.e());
    let ok = back.ct_eq(&blinded);
    let out = arith::mul_mod(modulus, &m, &r_inv);
    for x in [
        &mut r,
        &mut r_inv,
        &mut r_e,
        &mut blinded,
        &mut m,
        &mut back,
    ] {
        x.zeroize();
    }
    if bool::from(ok) {
        Ok(out)
    } else {
        Err(Error::FaultDetected)
    }
}

/// `x^d mod n` by CRT and Garner, without blinding or checks (x < n).
///
/// Leaks: the sizes only.
pub(crate) fn crt_exponentiate(key: &RsaPrivateKey, x: &Nat) -> Nat {
    let (p_mod, q_mod) = (key.p_modulus(), key.q_modulus());
    let mut m1 = p_mod.pow(x, key.dp());
    let mut m2 = q_mod.pow(x, key.dq());
    let mut h = garner(p_mod, &m1, &m2, key.qinv());
    let [_, q] = key.primes();
    let mut qh = arith::product(q, &h);
    let out = arith::sum(&qh, &m2, key.n().limb_len() + 1).resized(key.n().limb_len());
    for x in [&mut m1, &mut m2, &mut h, &mut qh] {
        x.zeroize();
    }
    out
}

/// Garner's step: h = qInv·(m1 − m2) mod p, for m1 < p and m2 < q (m2 is reduced mod p
/// first, since q may exceed p).
///
/// Leaks: the sizes only.
pub(crate) fn garner(p_mod: &Modulus, m1: &Nat, m2: &Nat, qinv: &Nat) -> Nat {
    let a = p_mod.to_montgomery(m1);
    let b = p_mod.to_montgomery(m2);
    let diff = p_mod.sub(&a, &b).expect("elements of p");
    let qinv_m = p_mod.to_montgomery(qinv);
    let h = p_mod.mul(&diff, &qinv_m).expect("elements of p");
    p_mod.from_montgomery(&h).expect("element of p")
}

/// A random r in [1, n) and r⁻¹ mod n.
///
/// r is drawn as 64 bits more than n and reduced (bias below 2⁻⁶⁴). r⁻¹ comes from montvec's
/// constant-time safegcd ([`Modulus::invert`]).
///
/// Leaks: the sizes only.
pub(crate) fn blinding_pair(
    modulus: &Modulus,
    key: &RsaPrivateKey,
    rng: &mut dyn CryptoRngCore,
) -> Result<(Nat, Nat)> {
    let mut bytes = vec![0u8; key.size() + 8];
    loop {
        rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
        let mut wide = Nat::from_be_bytes(&bytes);
        let r = modulus.reduce(&wide);
        wide.zeroize();
        // r = 0 (probability 2^-bits) or r sharing a factor with n (it would reveal p) has no
        // inverse and is drawn again; the branch reveals only that a draw was rejected.
        let r_inv: Option<Nat> = modulus.invert(&r).into();
        if let Some(r_inv) = r_inv {
            bytes.zeroize();
            return Ok((r, r_inv));
        }
    }
}
