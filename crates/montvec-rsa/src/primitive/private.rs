//! RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) by the Chinese remainder theorem with Garner's
//! recombination, base blinding, and a check by re-encryption before anything is released
//! (the shape of ring's `private_exponentiate`).
//!
//! 1. Blind: a pair (r^e, r⁻¹) mod n for a secret random r ([`crate::primitive::blinding`]:
//!    the key's kept pair squared, or a fresh r), and c' = c·r^e mod n.
//! 2. m1 = c'^dP mod p, m2 = c'^dQ mod q (constant-time fixed-window exponentiations, through
//!    montvec's batch interface: [`crate::batch`] with one job).
//! 3. Garner: h = qInv·(m1 − m2) mod p, m' = m2 + q·h (< n, so no reduction); for a
//!    multi-prime key, mᵢ = c'^dᵢ mod rᵢ in step 2 and one more Garner step per prime.
//! 4. Unblind: m = m'·r⁻¹ mod n.
//! 5. Check: m^e mod n must equal c, compared in constant time; otherwise
//!    [`Error::FaultDetected`], nothing of m leaves, and the key forgets its blinding pair.
//!    Checking after unblinding covers every step, the pair included.
//!
//! m^e (and r^e for a fresh pair) are public-exponent powers (16 squarings and a
//! multiplication for e = 65537), computed for all jobs of a batch together in the IFMA lanes
//! ([`montvec::batch::pow_vartime_with`]; one job runs [`montvec::Modulus::pow_vartime`]);
//! steps 1, 4 and 5 around them run on Montgomery forms of n (`blind`, `unblind`,
//! `released`).

use montvec::batch::Options;
use montvec::{Modulus, MontElem, Nat};
use rand_core::CryptoRngCore;
use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey};
use crate::primitive::blinding::BlindingPair;

/// `c^d mod n` by CRT with blinding and a fault check (see the module doc).
///
/// Errors: [`Error::InvalidInputLength`] when c ≥ n, [`Error::FaultDetected`] when the result
/// does not re-encrypt to c, [`Error::Rng`] when the generator fails, [`Error::Arithmetic`]
/// when the batch engine cannot run (a bad `MONTVEC_BACKEND`).
///
/// Leaks: the sizes of n, p and q, and whether this operation draws a fresh blinding factor
/// (one in 32 of the key's operations); nothing of c, d, p, q or the result (no branch, memory
/// index or division on them). The branches on secret-derived values release verdicts only,
/// each ending a discarded value or a failed operation: the fault check (its failure means the
/// computation was already wrong), and, when a factor is drawn, the refusal of a draw outside
/// [1, n) (under 1/2 each), of a factor not invertible modulo every prime (about 2^-(bits/2)),
/// and of an inverse whose CRT join fails its check (only under a fault).
pub fn private_op(key: &RsaPrivateKey, c: &Nat, rng: &mut dyn CryptoRngCore) -> Result<Nat> {
    crate::batch::private_ops(&[(key, c)], rng, &Options::default())
        .pop()
        .unwrap_or(Err(Error::FaultDetected))
}

/// [`Error::InvalidInputLength`] unless c < n.
///
/// Leaks: whether c < n (c is a ciphertext or an encoded message, both public to the caller).
pub(crate) fn check_input(key: &RsaPrivateKey, c: &Nat) -> Result<()> {
    if bool::from(arith::lt(c, key.n())) {
        Ok(())
    } else {
        Err(Error::InvalidInputLength)
    }
}

/// Step 1: c' = c·r^e mod n, announced as n's length.
///
/// Leaks: the sizes.
pub(crate) fn blind(key: &RsaPrivateKey, c: &Nat, pair: &BlindingPair) -> Nat {
    times_form(key, c, &pair.r_e)
}

/// Step 4: m = m'·r⁻¹ mod n, announced as n's length.
///
/// Leaks: the sizes.
pub(crate) fn unblind(key: &RsaPrivateKey, m: &Nat, pair: &BlindingPair) -> Nat {
    times_form(key, m, &pair.r_inv)
}

/// x·y mod n for x < n and y's Montgomery form `y_form`, announced as n's length.
///
/// Leaks: the sizes.
fn times_form(key: &RsaPrivateKey, x: &Nat, y_form: &MontElem) -> Nat {
    // One Montgomery product of x's value by y's form where the variant allows (three
    // through the Montgomery form otherwise).
    let modulus = key.as_public_key().modulus();
    modulus.mul_value(x, y_form).expect("element of n")
}

/// Step 5, given `back` = m^e mod n: `m` when `back` equals c (compared in constant time),
/// else [`Error::FaultDetected`], m zeroized, and the key's blinding pair forgotten (it may
/// be what went wrong).
///
/// Leaks: the sizes, and whether the check failed.
pub(crate) fn released(key: &RsaPrivateKey, c: &Nat, mut m: Nat, back: &Nat) -> Result<Nat> {
    if montvec::ct::declassify_choice(back.ct_eq(c)) {
        Ok(m)
    } else {
        m.zeroize();
        key.blinding().forget();
        Err(Error::FaultDetected)
    }
}

/// Step 3: the x < n with x ≡ mᵢ modulo each prime, from `ms` = [m1 (mod p), m2 (mod q),
/// m3 (mod r₃), …] by Garner (RFC 8017 §5.1.2 step 2b): h = qInv·(m1 − m2) mod p,
/// x = m2 + q·h; then for each further prime rᵢ, h = tᵢ·(mᵢ − x) mod rᵢ, x = x + Rᵢ·h (x stays
/// below the product of the primes so far, so nothing is reduced). Announced as n's length.
///
/// Leaks: the sizes only.
pub(crate) fn crt_recombine(key: &RsaPrivateKey, ms: &[Nat]) -> Nat {
    let others = key.other_primes();
    assert_eq!(ms.len(), 2 + others.len(), "one power per prime");
    let limbs = key.n().limb_len();
    let mut h = garner(key.p_modulus(), &ms[0], &ms[1], key.qinv_form());
    let [_, q] = key.primes();
    let mut rh = arith::product(q, &h);
    let mut out = arith::sum(&rh, &ms[1], limbs);
    for (other, m) in others.iter().zip(&ms[2..]) {
        h.zeroize();
        rh.zeroize();
        let coefficient = other.modulus().to_montgomery(other.coefficient());
        h = garner(other.modulus(), m, &out, &coefficient);
        rh = arith::product(other.product_before(), &h);
        let next = arith::sum(&rh, &out, limbs);
        out.zeroize();
        out = next;
    }
    h.zeroize();
    rh.zeroize();
    out
}

/// Garner's step: h = qInv·(m1 − m2) mod p, for m1 < p, m2 of any size (m2 is reduced
/// mod p first: q may exceed p, and for a further prime m2 is the value recombined so far)
/// and qInv given in p's Montgomery form.
///
/// Leaks: the sizes only.
pub(crate) fn garner(p_mod: &Modulus, m1: &Nat, m2: &Nat, qinv_form: &MontElem) -> Nat {
    // m1 − m2 mod p on the values (m2 reduced first: for a k-limb m2 and a p filling its k
    // limbs, one masked subtraction), then one product of that value by qInv's form.
    let mut m2 = p_mod.reduce(m2);
    let mut diff = arith::sub_mod(p_mod.modulus_limbs(), m1.as_limbs(), m2.as_limbs());
    let h = p_mod.mul_value(&diff, qinv_form).expect("element of p");
    m2.zeroize();
    diff.zeroize();
    h
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::SeedableRng;

    /// x as a num-bigint number (the oracle's).
    pub(crate) fn big(x: &Nat) -> BigUint {
        BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
    }

    /// A 512-bit key generated by `openssl genpkey` (test only).
    pub(crate) fn key() -> RsaPrivateKey {
        let hex = |s: &str| Nat::from_hex(s).unwrap();
        RsaPrivateKey::from_components(
            hex("dc8b3f795b0f2a5441ee70557f0affb8def117fd16c2db75baf779efce9b774da23c99da2e44e1f45f65f05b7d50ab58d4c6a693e1383528cd24e69a1e5a18fb"),
            Nat::from_u64(65537),
            hex("c6952fb35335e59476c57f2accb917a7dc3ed4add447e29a309ed39205c460f7bebf5ee199d1acb685bf97155da1258d6df6c602f3712c2d510bc4782c492269"),
            vec![
                hex("fd2fc5550ff9e4128bba621801d6865e8007e24e5f98e8346b40f5d3bf8ab7c5"),
                hex("defe9eb2469376846932a5ae66f7e60df22e54e4f8a82a470845a3687c11d9bf"),
            ],
        )
        .unwrap()
    }

    /// A 768-bit three-prime key (primes from `openssl prime -generate -bits 256`, d the
    /// inverse of e modulo lcm(p − 1, q − 1, r − 1); test only).
    pub(crate) fn three_prime_key() -> RsaPrivateKey {
        let hex = |s: &str| Nat::from_hex(s).unwrap();
        RsaPrivateKey::from_components(
            hex("b84dacd0f29b26fba2ed315800b957ff506a60c28f4480c6c000c0e90018c6609c12d7116d6eb57e98173bc6a8441967ccb2a9a1a65007c3bdeaa4dfc4cd1d72a0e6c60105d20a574345bbc49632875b2ad3658078079cf72d16bf42c4f37003"),
            Nat::from_u64(65537),
            hex("2dc12adc1cbea3e8e8c3d5f2310bd26ad1fdf6d39659bd569a2815bc4287e407528fc9abca6bdf79881f79edd8979b60fe04620a6d6627da46d9f6b8b7719d5afd14dfe3f32cb1079a267bd7a09276b22c0a04ff6980d9f906ab53d029dd799"),
            vec![
                hex("d3d814154ac9f7a5cbe40f7e2672d4811fc1b3d9302cb3403a98a4d0c7d8270f"),
                hex("ec802bdb626577a7e60f7dd92e14fbd283a6d120a515db259d372d24645b0b75"),
                hex("f114f97bbda382eb713c12ccaa65d68c1567c4f4343b02a39f936e77ebd137f9"),
            ],
        )
        .unwrap()
    }

    /// A pair (r^e, r⁻¹) for a random r, by num-bigint (test only).
    pub(crate) fn oracle_pair(
        key: &RsaPrivateKey,
        rng: &mut impl rand_core::RngCore,
    ) -> BlindingPair {
        let modulus = key.as_public_key().modulus();
        let n = big(key.n());
        let to_nat = |x: &BigUint| Nat::from_be_bytes(&x.to_bytes_be()).resized(key.n().limb_len());
        let mut bytes = vec![0u8; key.size() + 8];
        rng.fill_bytes(&mut bytes);
        let r = BigUint::from_bytes_be(&bytes) % &n;
        BlindingPair {
            r_e: modulus.to_montgomery(&to_nat(&r.modpow(&big(key.e()), &n))),
            r_inv: modulus.to_montgomery(&to_nat(&r.modinv(&n).expect("invertible"))),
        }
    }

    /// The right m' = c'^d unblinds to c^d and is released; a fault in m' (one bit) or in the
    /// pair (r⁻¹ of another r) is caught after unblinding, nothing is released, and the key
    /// forgets the pair it kept.
    #[test]
    fn the_check_withholds_a_wrong_result() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let c = Nat::from_hex("5eed").unwrap();
        let n = big(key.n());
        let d = big(key.d());
        let pair = oracle_pair(&key, &mut rng);
        let other = oracle_pair(&key, &mut rng);
        let blinded = blind(&key, &c, &pair);
        let exponentiated = big(&blinded).modpow(&d, &n);
        let exponentiated =
            Nat::from_be_bytes(&exponentiated.to_bytes_be()).resized(key.n().limb_len());
        let attempt = |m_blinded: &Nat, pair: &BlindingPair| {
            let m = unblind(&key, m_blinded, pair);
            let back = modulus.pow_vartime(&m, key.e());
            released(&key, &c, m, &back)
        };
        let out = attempt(&exponentiated, &pair).unwrap();
        assert_eq!(big(&out), big(&c).modpow(&d, &n));
        let mut words = exponentiated.as_limbs().to_vec();
        words[0] ^= 1 << 7;
        let faulty = Nat::from_limbs(words);
        let mixed = BlindingPair {
            r_e: pair.r_e.clone(),
            r_inv: other.r_inv.clone(),
        };
        for (m_blinded, pair) in [(&faulty, &pair), (&exponentiated, &mixed)] {
            key.blinding().keep_after(modulus, &other);
            assert_eq!(attempt(m_blinded, pair), Err(Error::FaultDetected));
            assert!(
                key.blinding().take(modulus, 1).is_empty(),
                "the kept pair is forgotten"
            );
        }
    }

    /// The key's kept blinding pair is really applied, on the way in (c·r^e) and on the way
    /// out (·r'^-1): with a kept pair whose halves belong to different factors r and r', a
    /// private operation computes c^d·r·r'^-1 and its check must refuse it, and the key must
    /// then forget the pair. A private operation that skipped blinding (or skipped either
    /// half consistently) would return c^d and not notice the pair at all: the results of
    /// every other test stay right without blinding.
    #[test]
    fn the_kept_pair_is_applied_to_the_input_and_the_result() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let c = Nat::from_hex("5eed").unwrap();
        let (n, d) = (big(key.n()), big(key.d()));
        // A consistent pair: kept, used, and the answer is c^d.
        let good = oracle_pair(&key, &mut rng);
        key.blinding().keep_after(modulus, &good);
        let out = private_op(&key, &c, &mut rng).unwrap();
        assert_eq!(big(&out), big(&c).modpow(&d, &n));
        // Halves of different factors: the check fails, and the pair is forgotten.
        key.blinding().forget();
        let other = oracle_pair(&key, &mut rng);
        let mixed = BlindingPair {
            r_e: good.r_e.clone(),
            r_inv: other.r_inv.clone(),
        };
        key.blinding().keep_after(modulus, &mixed);
        assert_eq!(private_op(&key, &c, &mut rng), Err(Error::FaultDetected));
        assert!(
            key.blinding().take(modulus, 1).is_empty(),
            "the pair is forgotten"
        );
        // The next operation draws a fresh factor and is right again.
        let out = private_op(&key, &c, &mut rng).unwrap();
        assert_eq!(big(&out), big(&c).modpow(&d, &n));
    }
}
