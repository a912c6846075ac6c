//! RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) by the Chinese remainder theorem with Garner's
//! recombination, base blinding, and a check by re-encryption before anything is released
//! (the shape of ring's `private_exponentiate`, STYLE.md).
//!
//! 1. Blind: pick r uniformly in [1, n), set c' = c·r^e mod n.
//! 2. m1 = c'^dP mod p, m2 = c'^dQ mod q (constant-time fixed-window exponentiations).
//! 3. Garner: h = qInv·(m1 − m2) mod p, m' = m2 + q·h (< n, so no reduction).
//! 4. Check: m'^e mod n must equal c', compared in constant time; otherwise
//!    [`Error::FaultDetected`] and nothing of m' leaves.
//! 5. Unblind: m = m'·r⁻¹ mod n.

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
    check_input(key, c)?;
    let (mut r, mut r_inv) = blinding_pair(key, rng)?;
    let mut blinded = blind(key, c, &r);
    let m = crt_exponentiate(key, &blinded);
    let back = reencrypt(key, &m);
    let out = check_and_unblind(key, &blinded, m, back, &r_inv);
    for x in [&mut r, &mut r_inv, &mut blinded] {
        x.zeroize();
    }
    out
}

/// [`Error::InvalidInputLength`] unless c < n.
///
/// Leaks: whether c < n (c is a ciphertext or an encoded message, both public to the caller).
pub(crate) fn check_input(key: &RsaPrivateKey, c: &Nat) -> Result<()> {
    if lt_vartime(c, key.n()) {
        Ok(())
    } else {
        Err(Error::InvalidInputLength)
    }
}

/// Step 1: c' = c · r^e mod n (r^e by the public exponent's sliding window, variable time in
/// e only).
///
/// Leaks: the sizes and e.
pub(crate) fn blind(key: &RsaPrivateKey, c: &Nat, r: &Nat) -> Nat {
    let modulus = key.as_public_key().modulus();
    let mut r_e = modulus.pow_vartime(r, key.e());
    let out = arith::mul_mod(modulus, c, &r_e);
    r_e.zeroize();
    out
}

/// Step 4's re-encryption m'^e mod n.
///
/// Leaks: the sizes and e.
pub(crate) fn reencrypt(key: &RsaPrivateKey, m: &Nat) -> Nat {
    key.as_public_key().modulus().pow_vartime(m, key.e())
}

/// Steps 4 and 5: compare `back` = m'^e with c' in constant time, then m = m'·r⁻¹ mod n, or
/// [`Error::FaultDetected`] with nothing of m' released. Zeroizes `m` and `back`.
///
/// Leaks: the sizes, and whether the check failed.
pub(crate) fn check_and_unblind(
    key: &RsaPrivateKey,
    blinded: &Nat,
    mut m: Nat,
    mut back: Nat,
    r_inv: &Nat,
) -> Result<Nat> {
    let ok = back.ct_eq(blinded);
    let out = arith::mul_mod(key.as_public_key().modulus(), &m, r_inv);
    m.zeroize();
    back.zeroize();
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
    let mut m1 = key.p_modulus().pow(x, key.dp());
    let mut m2 = key.q_modulus().pow(x, key.dq());
    let out = crt_recombine(key, &m1, &m2);
    m1.zeroize();
    m2.zeroize();
    out
}

/// Step 3: the x < n with x ≡ m1 (mod p) and x ≡ m2 (mod q), by Garner:
/// h = qInv·(m1 − m2) mod p, x = m2 + q·h (< n, so no reduction). Announced as n's length.
///
/// Leaks: the sizes only.
pub(crate) fn crt_recombine(key: &RsaPrivateKey, m1: &Nat, m2: &Nat) -> Nat {
    let mut h = garner(key.p_modulus(), m1, m2, key.qinv());
    let [_, q] = key.primes();
    let mut qh = arith::product(q, &h);
    let limbs = key.n().limb_len();
    let out = arith::sum(&qh, m2, limbs + 1).resized(limbs);
    h.zeroize();
    qh.zeroize();
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
/// r is drawn by [`blinding_factor`]. r⁻¹ is computed by CRT: r^(p−2) mod p and r^(q−2) mod q
/// (the [`inverse_exponents`]), recombined by Garner.
///
/// Leaks: the sizes only.
pub(crate) fn blinding_pair(
    key: &RsaPrivateKey,
    rng: &mut dyn CryptoRngCore,
) -> Result<(Nat, Nat)> {
    let [mut exp_p, mut exp_q] = inverse_exponents(key);
    loop {
        let r = blinding_factor(key, rng)?;
        let mut inv_p = key.p_modulus().pow(&r, &exp_p);
        let mut inv_q = key.q_modulus().pow(&r, &exp_q);
        // r invertible mod n iff both CRT inverses are nonzero; a non-invertible r (it would
        // share a factor with n, probability about 2^-(bits/2)) is drawn again. The branch
        // reveals only that a draw was rejected.
        let invertible = !bool::from(inv_p.is_zero() | inv_q.is_zero());
        let r_inv = invertible.then(|| crt_recombine(key, &inv_p, &inv_q));
        inv_p.zeroize();
        inv_q.zeroize();
        if let Some(r_inv) = r_inv {
            exp_p.zeroize();
            exp_q.zeroize();
            return Ok((r, r_inv));
        }
    }
}

/// A random r in [1, n): drawn as 64 bits more than n and reduced (bias below 2⁻⁶⁴); r = 0
/// (probability 2^-bits) is drawn again, the branch revealing only that a draw was rejected.
///
/// Errors: [`Error::Rng`] when the generator fails.
///
/// Leaks: the sizes only.
pub(crate) fn blinding_factor(key: &RsaPrivateKey, rng: &mut dyn CryptoRngCore) -> Result<Nat> {
    let modulus = key.as_public_key().modulus();
    let mut bytes = vec![0u8; key.size() + 8];
    loop {
        rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
        let mut wide = Nat::from_be_bytes(&bytes);
        let r = modulus.reduce(&wide);
        wide.zeroize();
        if !bool::from(r.is_zero()) {
            bytes.zeroize();
            return Ok(r);
        }
    }
}

/// p − 2 and q − 2: x^(p−2) = x⁻¹ mod p for x not divisible by p (Fermat).
///
/// Leaks: the sizes only.
pub(crate) fn inverse_exponents(key: &RsaPrivateKey) -> [Nat; 2] {
    key.primes().map(|x| arith::minus_one(&arith::minus_one(x)))
}
