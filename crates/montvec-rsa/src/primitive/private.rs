//! RSADP / RSASP1 (RFC 8017 §5.1.2, §5.2.1) by the Chinese remainder theorem with Garner's
//! recombination, base blinding, and a check by re-encryption before anything is released
//! (the shape of ring's `private_exponentiate`, STYLE.md).
//!
//! 1. Blind: pick r uniformly in [1, n), set c' = c·r^e mod n.
//! 2. m1 = c'^dP mod p, m2 = c'^dQ mod q (constant-time fixed-window exponentiations, through
//!    montvec's batch interface: [`crate::batch`] with one job).
//! 3. Garner: h = qInv·(m1 − m2) mod p, m' = m2 + q·h (< n, so no reduction); for a
//!    multi-prime key, mᵢ = c'^dᵢ mod rᵢ in step 2 and one more Garner step per prime.
//! 4. Check: m'^e mod n must equal c', compared in constant time; otherwise
//!    [`Error::FaultDetected`] and nothing of m' leaves.
//! 5. Unblind: m = m'·r⁻¹ mod n. r⁻¹ by montvec's constant-time safegcd modulo p and modulo
//!    q, joined by Garner (`crt_inverse`: two half-size inverses cost about 2/3 of one
//!    modulo n), except for one operation with primes of at most 1024 bits: its two halves
//!    run in the 4-lane IFMA engine, and r^(p−2) mod p and r^(q−2) mod q fill its other two
//!    lanes (Fermat; Garner joins them, and r·r⁻¹ = 1 is checked).
//!
//! r^e and m'^e are public-exponent powers (16 squarings and a multiplication for
//! e = 65537), computed for all jobs of a batch together in the IFMA lanes
//! ([`montvec::batch::pow_vartime_with`]; one job runs [`montvec::Modulus::pow_vartime`]);
//! steps 1, 4 and 5 around them run on Montgomery forms of n (`blind`, `check_and_unblind`).

use montvec::batch::Options;
use montvec::{Modulus, MontElem, Nat};
use rand_core::CryptoRngCore;
use subtle::{Choice, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey};

/// `c^d mod n` by CRT with blinding and a fault check (see the module doc).
///
/// Errors: [`Error::InvalidInputLength`] when c ≥ n, [`Error::FaultDetected`] when the result
/// does not re-encrypt to c, [`Error::Rng`] when the generator fails, [`Error::Arithmetic`]
/// when the batch engine cannot run (a bad `MONTVEC_BACKEND`).
///
/// Leaks: the sizes of n, p and q; nothing of c, d, p, q or the result (no branch, memory index
/// or division on them; the only branch on a secret-derived value is the fault check, whose
/// failure means the computation was already wrong).
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

/// Step 1 on Montgomery forms of n, given `r_e` = r^e mod n: r's form (kept for step 5) and
/// the standard value of c' = c·r^e.
///
/// Leaks: the sizes.
pub(crate) fn blind(key: &RsaPrivateKey, c: &Nat, r: &Nat, r_e: &Nat) -> Blinded {
    let modulus = key.as_public_key().modulus();
    let r_form = modulus.to_montgomery(r);
    let c_form = modulus.to_montgomery(c);
    let blinded = modulus
        .mul(&c_form, &modulus.to_montgomery(r_e))
        .expect("elements of n");
    Blinded {
        value: modulus.from_montgomery(&blinded).expect("element of n"),
        r_form,
    }
}

/// What step 1 leaves for the others (every field zeroizes itself on drop).
pub(crate) struct Blinded {
    /// c' = c·r^e mod n, k limbs: the exponentiations' input, and what m'^e must equal.
    pub(crate) value: Nat,
    /// r·R mod n in the modulus's own form.
    pub(crate) r_form: MontElem,
}

/// Steps 4 and 5, given `back` = m'^e mod n: it must equal c' (compared in constant time),
/// then m = m'·r⁻¹ on Montgomery forms of n, or [`Error::FaultDetected`] with nothing of m'
/// released. `r_inv_form` is r⁻¹·R mod n in the modulus's form. (`m`, a [`Nat`], zeroizes
/// itself when the caller drops it.)
///
/// Leaks: the sizes, and whether the check failed.
pub(crate) fn check_and_unblind(
    key: &RsaPrivateKey,
    blinded: &Blinded,
    m: &Nat,
    back: &Nat,
    r_inv_form: &MontElem,
) -> Result<Nat> {
    let modulus = key.as_public_key().modulus();
    let ok = back.ct_eq(&blinded.value);
    let m_form = modulus.to_montgomery(m);
    let unblinded = modulus.mul(&m_form, r_inv_form).expect("elements of n");
    let mut out = modulus.from_montgomery(&unblinded).expect("element of n");
    if bool::from(ok) {
        Ok(out)
    } else {
        out.zeroize();
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
    let mut h = garner(key.p_modulus(), &ms[0], &ms[1], key.qinv());
    let [_, q] = key.primes();
    let mut rh = arith::product(q, &h);
    let mut out = arith::sum(&rh, &ms[1], limbs + 1).resized(limbs);
    for (other, m) in others.iter().zip(&ms[2..]) {
        h.zeroize();
        rh.zeroize();
        h = garner(other.modulus(), m, &out, other.coefficient());
        rh = arith::product(other.product_before(), &h);
        let next = arith::sum(&rh, &out, limbs + 1).resized(limbs);
        out.zeroize();
        out = next;
    }
    h.zeroize();
    rh.zeroize();
    out
}

/// Garner's step: h = qInv·(m1 − m2) mod p, for m1 < p and m2 of any size (m2 is reduced
/// mod p first: q may exceed p, and for a further prime m2 is the value recombined so far).
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

/// x⁻¹ mod n in Montgomery form, from x's Montgomery form `x_form`, by the prime factors:
/// x⁻¹ modulo each prime by montvec's constant-time safegcd ([`Modulus::invert`]), joined
/// and checked by [`join_inverses`]; `None` when x shares a prime with n. safegcd's cost
/// grows with the square of the size, so two half-size inverses and Garner take about 2/3 of
/// one inverse modulo n (AMD EPYC, one core: 2 × 30.8 against 91.5 us at 3072 bits,
/// 2 × 17.4 against 48.3 at 2048).
///
/// Leaks: the sizes, and whether x is invertible modulo n (one branch, after every prime's
/// inverse is computed; not which prime failed).
pub(crate) fn crt_inverse(key: &RsaPrivateKey, x_form: &MontElem) -> Option<MontElem> {
    let modulus = key.as_public_key().modulus();
    let x = modulus.from_montgomery(x_form).expect("element of n");
    let inverses: Vec<CtOption<Nat>> = [key.p_modulus(), key.q_modulus()]
        .into_iter()
        .chain(key.other_primes().iter().map(|o| o.modulus()))
        .map(|prime| prime.invert(&x))
        .collect();
    let invertible = inverses
        .iter()
        .fold(Choice::from(1), |all, inverse| all & inverse.is_some());
    if !bool::from(invertible) {
        return None;
    }
    let inverses: Vec<Nat> = inverses
        .into_iter()
        .map(|inverse| Option::from(inverse).expect("every inverse exists"))
        .collect();
    join_inverses(key, x_form, &inverses)
}

/// x⁻¹ mod n in Montgomery form from `inverses` = [x⁻¹ mod p, x⁻¹ mod q, x⁻¹ mod r₃, …]
/// by [`crt_recombine`], checked: x·x⁻¹ must be 1 modulo n, else `None`. The check matters:
/// a fault in one prime's inverse alone would unblind that residue of the result wrongly and
/// leave the other right, the split that factors n (Boneh–DeMillo–Lipton), and the
/// re-encryption check runs before unblinding, so it cannot see it.
///
/// Leaks: the sizes, and whether the check passed.
pub(crate) fn join_inverses(
    key: &RsaPrivateKey,
    x_form: &MontElem,
    inverses: &[Nat],
) -> Option<MontElem> {
    let modulus = key.as_public_key().modulus();
    let inverse = modulus.to_montgomery(&crt_recombine(key, inverses));
    let product = modulus.mul(x_form, &inverse).expect("elements of n");
    let product = modulus.from_montgomery(&product).expect("element of n");
    bool::from(product.ct_eq(&Nat::from_u64(1))).then_some(inverse)
}

/// A random r in [1, n), uniform: n's bit length of random bits (the bytes of n, the top one
/// masked down to n's top bit), kept when 0 < r < n (compared in constant time), else drawn
/// again. A draw is kept with probability (n − 1)/2^bits > 1/2, so fewer than two draws on
/// average; no reduction is needed (the 64-bit-wider draw reduced mod n that this replaces
/// cost 3.3 us at 2048 bits, 3% of a batched private operation).
///
/// Errors: [`Error::Rng`] when the generator fails.
///
/// Leaks: the sizes, and how many draws were refused; a refused draw is discarded and says
/// nothing of the one kept.
pub(crate) fn blinding_factor(key: &RsaPrivateKey, rng: &mut dyn CryptoRngCore) -> Result<Nat> {
    let n = key.n();
    let bits = key.as_public_key().modulus().bits();
    let len = bits.div_ceil(8);
    // The bits of the top byte that n can have (1 to 8 of them).
    let top_mask = u8::MAX >> (8 * len - bits);
    let mut bytes = vec![0u8; len];
    loop {
        rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
        bytes[0] &= top_mask;
        let r = Nat::from_be_bytes(&bytes).resized(n.limb_len());
        if bool::from(arith::lt(&r, n) & !r.is_zero()) {
            bytes.zeroize();
            return Ok(r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::SeedableRng;

    fn big(x: &Nat) -> BigUint {
        BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
    }

    /// A 512-bit key generated by `openssl genpkey` (test only).
    fn key() -> RsaPrivateKey {
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
    fn three_prime_key() -> RsaPrivateKey {
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

    /// The inverse by the primes is x⁻¹ mod n (num-bigint's `modinv`) for random x, 1 and
    /// n − 1, on a two- and a three-prime key; x = 0, each prime, n minus a prime and a
    /// product of two primes below n have none; a wrong inverse modulo one prime is refused.
    #[test]
    fn crt_inverse_matches_modinv_and_refuses_shared_primes_and_faults() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        for key in [key(), three_prime_key()] {
            let modulus = key.as_public_key().modulus();
            let n = big(key.n());
            let limbs = key.n().limb_len();
            let nat =
                |x: &BigUint, limbs: usize| Nat::from_be_bytes(&x.to_bytes_be()).resized(limbs);
            let to_nat = |x: &BigUint| nat(x, limbs);
            let inverse = |x: &Nat| {
                crt_inverse(&key, &modulus.to_montgomery(x))
                    .map(|form| modulus.from_montgomery(&form).unwrap())
            };
            let mut xs: Vec<Nat> = (0..20)
                .map(|_| blinding_factor(&key, &mut rng).unwrap())
                .collect();
            xs.push(to_nat(&BigUint::from(1u8)));
            xs.push(to_nat(&(&n - 1u8)));
            for x in &xs {
                let want = big(x).modinv(&n).expect("invertible");
                let got = inverse(x).expect("invertible");
                assert_eq!(big(&got), want, "x = {:x}", big(x));
                assert_eq!(got.limb_len(), limbs);
            }
            let primes: Vec<BigUint> = key
                .primes()
                .into_iter()
                .chain(key.other_primes().iter().map(|o| o.prime()))
                .map(big)
                .collect();
            let mut refused = vec![BigUint::from(0u8), &primes[0] * &primes[1] % &n];
            for p in &primes {
                refused.push(p.clone());
                refused.push(&n - p);
            }
            for x in &refused {
                assert!(inverse(&to_nat(x)).is_none(), "x = {x:x}");
            }
            // The inverses modulo each prime, one of them off by one: the join refuses.
            let x = &xs[0];
            let residues: Vec<Nat> = primes
                .iter()
                .map(|p| nat(&big(x).modinv(p).unwrap(), p.to_u64_digits().len()))
                .collect();
            let form = modulus.to_montgomery(x);
            assert!(join_inverses(&key, &form, &residues).is_some());
            for i in 0..residues.len() {
                let mut faulty = residues.clone();
                let p = &primes[i];
                faulty[i] = nat(&((big(&faulty[i]) + 1u8) % p), p.to_u64_digits().len());
                assert!(join_inverses(&key, &form, &faulty).is_none(), "prime {i}");
            }
        }
    }

    /// Hands out the given draws in turn, one per `fill_bytes` (each the length asked for; the
    /// word methods take theirs from `fill_bytes` too). Test only.
    struct Draws(Vec<Vec<u8>>);

    impl rand_core::RngCore for Draws {
        fn next_u32(&mut self) -> u32 {
            rand_core::impls::next_u32_via_fill(self)
        }
        fn next_u64(&mut self) -> u64 {
            rand_core::impls::next_u64_via_fill(self)
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            let next = self.0.remove(0);
            dest.copy_from_slice(&next);
        }
        fn try_fill_bytes(
            &mut self,
            dest: &mut [u8],
        ) -> core::result::Result<(), rand_core::Error> {
            self.fill_bytes(dest);
            Ok(())
        }
    }

    impl rand_core::CryptoRng for Draws {}

    /// Draws of n or more (after the top byte's mask) and of zero are refused; the next one,
    /// below n, is kept as drawn; n − 1 and 1 are kept.
    #[test]
    fn blinding_factor_refuses_draws_outside_one_to_n() {
        let key = key();
        let n = key.n().to_be_bytes(64);
        let mut n_minus_one = n.clone();
        n_minus_one[63] -= 1; // n is odd
        let mut one = vec![0u8; 64];
        one[63] = 1;
        let mut kept = n.clone();
        kept[10] ^= 0x40;
        kept[0] = 0x12;
        let mut rng = Draws(vec![vec![0xff; 64], n.clone(), vec![0; 64], kept.clone()]);
        let r = blinding_factor(&key, &mut rng).unwrap();
        assert!(rng.0.is_empty(), "three draws refused, the fourth kept");
        assert_eq!(r.to_be_bytes(64), kept);
        assert_eq!(r.limb_len(), key.n().limb_len());
        for edge in [n_minus_one, one] {
            let mut rng = Draws(vec![edge.clone()]);
            assert_eq!(
                blinding_factor(&key, &mut rng).unwrap().to_be_bytes(64),
                edge
            );
        }
        // Uniform draws: every one in [1, n).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..200 {
            let r = blinding_factor(&key, &mut rng).unwrap();
            assert!(big(&r) < big(key.n()) && big(&r) > BigUint::from(0u8));
        }
    }

    #[test]
    fn the_check_withholds_a_wrong_result() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let c = Nat::from_hex("5eed").unwrap();
        let r = blinding_factor(&key, &mut rng).unwrap();
        let r_e = modulus.pow_vartime(&r, key.e());
        let blinded = blind(&key, &c, &r, &r_e);
        let n = big(key.n());
        let d = big(key.d());
        let r_inv: Nat = Option::from(modulus.invert(&r)).unwrap();
        assert_eq!((big(&r) * big(&r_inv)) % &n, BigUint::from(1u8));
        let r_inv_form = modulus.to_montgomery(&r_inv);
        // The right m' = c'^d passes and unblinds to c^d.
        let m = big(&blinded.value).modpow(&d, &n);
        let m = Nat::from_be_bytes(&m.to_bytes_be()).resized(key.n().limb_len());
        let back = modulus.pow_vartime(&m, key.e());
        let out = check_and_unblind(&key, &blinded, &m, &back, &r_inv_form).unwrap();
        assert_eq!(big(&out), big(&c).modpow(&d, &n));
        // A fault (one bit of m' flipped) is caught and nothing is released.
        let mut words = m.as_limbs().to_vec();
        words[0] ^= 1 << 7;
        let faulty = Nat::from_limbs(words);
        let back = modulus.pow_vartime(&faulty, key.e());
        assert_eq!(
            check_and_unblind(&key, &blinded, &faulty, &back, &r_inv_form),
            Err(Error::FaultDetected)
        );
    }
}
