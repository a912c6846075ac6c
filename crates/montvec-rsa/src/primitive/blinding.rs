//! Base blinding for the private operation (Kocher, CRYPTO 1996): a pair (r^e, r⁻¹) modulo n
//! for a secret random r. The private operation exponentiates c' = c·r^e instead of c and
//! multiplies the result (c·r^e)^d = c^d·r by r⁻¹.
//!
//! A fresh pair costs a public-exponent power (r^e) and an inverse (safegcd modulo each prime,
//! `crt_inverse`). So each key keeps the square of its last pair, ((r^e)², (r⁻¹)²), which is
//! the pair of r² (two squarings modulo n), for its next operation, and draws a fresh r after
//! [`USES_PER_FACTOR`] operations: the update of OpenSSL's `BN_BLINDING` (also 32 uses).
//! Measured on an AMD EPYC without AVX-512, one core, a single private operation against
//! drawing a fresh pair every time: 2008 -> 1899 us at 3072 bits, 710 -> 642 us at 2048. The
//! factors r, r², r⁴, … of one draw are related: anyone who learnt one of them would know the
//! later ones until the next draw.
//!
//! A pair is checked only through the result: the private operation compares m^e with c after
//! unblinding, so a pair whose halves disagree (a fault while it was kept or squared) fails
//! that check, and the key then forgets it.

use std::sync::{Mutex, MutexGuard};

use montvec::{Modulus, MontElem, Nat};
use rand_core::CryptoRngCore;
use subtle::{Choice, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey};
use crate::primitive::crt::crt_recombine;

/// How many operations one drawn factor serves (r, then its squares), as OpenSSL's
/// `BN_BLINDING_COUNTER`.
pub const USES_PER_FACTOR: u32 = 32;

/// r^e and r⁻¹ modulo n for one operation, both in the Montgomery form of n. Zeroized on drop
/// (each [`MontElem`] is).
pub(crate) struct BlindingPair {
    /// r^e·R mod n: what c is multiplied by.
    pub(crate) r_e: MontElem,
    /// r⁻¹·R mod n: what the exponentiation's result is multiplied by.
    pub(crate) r_inv: MontElem,
}

impl BlindingPair {
    /// The pair of r²: ((r^e)², (r⁻¹)²).
    ///
    /// Leaks: the sizes.
    fn squared(&self, modulus: &Modulus) -> BlindingPair {
        BlindingPair {
            r_e: modulus.square(&self.r_e).expect("element of n"),
            r_inv: modulus.square(&self.r_inv).expect("element of n"),
        }
    }
}

/// The pair a key keeps for its next operations, and how many operations its factor has
/// served.
struct KeptPair {
    next: BlindingPair,
    uses: u32,
}

/// The blinding pair a private key keeps between operations (see the module doc); empty
/// until the key's first operation, and in each clone of the key.
#[derive(Default)]
pub(crate) struct BlindingCache(Mutex<Option<KeptPair>>);

impl BlindingCache {
    /// The kept pair and its successive squares for up to `count` operations, in order (fewer
    /// when the factor's uses run out, none when nothing is kept or another thread holds the
    /// pair); the square after the last one handed out is kept for the next call while the
    /// factor has uses left.
    ///
    /// Leaks: how many pairs were handed out (the count of operations since the last draw).
    pub(crate) fn take(&self, modulus: &Modulus, count: usize) -> Vec<BlindingPair> {
        let Some(mut kept) = self.slot().take() else {
            return Vec::new();
        };
        let left = (USES_PER_FACTOR - kept.uses) as usize;
        let mut out = Vec::with_capacity(count.min(left));
        while out.len() < count.min(left) {
            let next = kept.next.squared(modulus);
            out.push(core::mem::replace(&mut kept.next, next));
        }
        kept.uses += out.len() as u32;
        if kept.uses < USES_PER_FACTOR {
            self.put_back(kept);
        }
        out
    }

    /// Keeps the square of `pair`, the pair of a fresh factor that has served one operation,
    /// unless a pair is kept already.
    ///
    /// Leaks: the sizes.
    pub(crate) fn keep_after(&self, modulus: &Modulus, pair: &BlindingPair) {
        self.put_back(KeptPair {
            next: pair.squared(modulus),
            uses: 1,
        });
    }

    /// Drops the kept pair (after a failed check: it may be the fault), so the next operation
    /// draws a fresh factor.
    pub(crate) fn forget(&self) {
        *self.slot() = None;
    }

    /// `kept` into the empty slot; dropped (and zeroized) when another operation has filled it
    /// meanwhile.
    fn put_back(&self, kept: KeptPair) {
        let mut slot = self.slot();
        if slot.is_none() {
            *slot = Some(kept);
        }
    }

    /// The slot, also after a panic elsewhere while it was held (every critical section here
    /// only moves a value in or out, so the slot is whole either way).
    fn slot(&self) -> MutexGuard<'_, Option<KeptPair>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Fresh pairs for the factors `rs` of one key, given each r^e mod n (`r_es`, standard form),
/// with one inverse for all of them (Montgomery's simultaneous inversion): prefix products
/// Pᵢ = r₁⋯rᵢ, P⁻¹ of the last by [`crt_inverse`], then rᵢ⁻¹ = Pᵢ₋₁·Pᵢ⁻¹ and
/// Pᵢ₋₁⁻¹ = rᵢ·Pᵢ⁻¹ going down. `None` when the product is not invertible (some rᵢ shares a
/// prime with n, probability about 2^-(bits/2)) or its inverse fails the check of
/// [`join_inverses`]: the caller draws again.
///
/// Leaks: the sizes, the count, and whether the product was invertible and its inverse passed
/// the check.
pub(crate) fn fresh_pairs(
    key: &RsaPrivateKey,
    rs: &[Nat],
    r_es: &[Nat],
) -> Option<Vec<BlindingPair>> {
    let modulus = key.as_public_key().modulus();
    let mul = |a: &MontElem, b: &MontElem| modulus.mul(a, b).expect("elements of n");
    let r_forms: Vec<MontElem> = rs.iter().map(|r| modulus.to_montgomery(r)).collect();
    let mut prefixes: Vec<MontElem> = Vec::with_capacity(rs.len());
    for r in &r_forms {
        let next = match prefixes.last() {
            Some(prev) => mul(prev, r),
            None => r.clone(),
        };
        prefixes.push(next);
    }
    // inv = (P_i)^-1, starting at the last prefix.
    let mut inv = crt_inverse(key, prefixes.last()?)?;
    let mut r_invs: Vec<MontElem> = Vec::with_capacity(rs.len());
    for i in (1..rs.len()).rev() {
        r_invs.push(mul(&prefixes[i - 1], &inv));
        inv = mul(&r_forms[i], &inv);
    }
    r_invs.push(inv);
    r_invs.reverse();
    Some(
        r_es.iter()
            .zip(r_invs)
            .map(|(r_e, r_inv)| BlindingPair {
                r_e: modulus.to_montgomery(r_e),
                r_inv,
            })
            .collect(),
    )
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
    if !montvec::ct::declassify_choice(invertible) {
        return None;
    }
    let inverses: Vec<Nat> = inverses
        .into_iter()
        .map(|mut inverse| {
            // Each exists (`invertible` above, already public). This marks the option's own
            // bytes, its choice and the Vec's pointer and length, not the limbs on the heap:
            // the inverse stays secret to the constant-time check.
            montvec::ct::declassify(&mut inverse);
            Option::from(inverse).expect("every inverse exists")
        })
        .collect();
    join_inverses(key, x_form, &inverses)
}

/// x⁻¹ mod n in Montgomery form from `inverses` = [x⁻¹ mod p, x⁻¹ mod q, x⁻¹ mod r₃, …]
/// by [`crt_recombine`], checked: x·x⁻¹ must be 1 modulo n, else `None`. A fault in one
/// prime's inverse alone would unblind that residue of the result wrongly and leave the other
/// right, the split that factors n (Boneh–DeMillo–Lipton); the private operation's check
/// after unblinding would catch it too, but a pair that starts wrong would be kept for
/// [`USES_PER_FACTOR`] operations, each failing.
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
    montvec::ct::declassify_choice(product.ct_eq(&Nat::from_u64(1))).then_some(inverse)
}

/// A random r in [1, n), uniform: n's bit length of random bits (the bytes of n, the top one
/// masked down to n's top bit), kept when 0 < r < n (compared in constant time), else drawn
/// again. A draw is kept with probability (n − 1)/2^bits > 1/2, so fewer than two draws on
/// average; no reduction is needed (the 64-bit-wider draw reduced mod n that this replaces
/// cost 3.3 us at 2048 bits, 3% of a batched private operation).
///
/// Errors: [`Error::Rng`] when the generator fails, or when [`MAX_DRAWS`] draws in a row are
/// refused (below 2^-128 for a working generator: a generator repeating zeros or ones would
/// spin here for ever).
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
    for _ in 0..MAX_DRAWS {
        rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
        bytes[0] &= top_mask;
        let r = Nat::from_be_bytes(&bytes).resized(n.limb_len());
        if montvec::ct::declassify_choice(arith::lt(&r, n) & !r.is_zero()) {
            bytes.zeroize();
            return Ok(r);
        }
    }
    bytes.zeroize();
    Err(Error::Rng)
}

/// Draws [`blinding_factor`] makes before it gives up: each is kept with probability above
/// 1/2, so a working generator has 128 refused in a row with probability below 2^-128.
const MAX_DRAWS: usize = 128;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitive::private::tests::{big, key, oracle_pair, three_prime_key};
    use num_bigint::BigUint;
    use rand::SeedableRng;

    /// Whether (r^e)·(r⁻¹)^e = 1 mod n, by num-bigint: the halves of the pair agree.
    fn agrees(key: &RsaPrivateKey, pair: &BlindingPair) -> bool {
        let modulus = key.as_public_key().modulus();
        let n = big(key.n());
        let r_e = big(&modulus.from_montgomery(&pair.r_e).unwrap());
        let r_inv = big(&modulus.from_montgomery(&pair.r_inv).unwrap());
        r_e * r_inv.modpow(&big(key.e()), &n) % &n == BigUint::from(1u8)
    }

    /// Nothing is handed out before a pair is kept; after a fresh pair's first use, its
    /// squares serve the factor's other 31 operations, over calls of any size, and agree;
    /// then nothing, until a pair is kept again; `forget` empties the cache.
    #[test]
    fn the_kept_pair_is_squared_for_the_factors_other_uses() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let n = big(key.n());
        let cache = BlindingCache::default();
        assert!(cache.take(modulus, 3).is_empty());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let first = oracle_pair(&key, &mut rng);
        cache.keep_after(modulus, &first);
        let mut handed = Vec::new();
        for count in [1, 0, 5, 7, 40] {
            let got = cache.take(modulus, count);
            assert_eq!(got.len(), count.min(31 - handed.len()));
            handed.extend(got);
        }
        assert_eq!(handed.len(), USES_PER_FACTOR as usize - 1);
        let r_inv = big(&modulus.from_montgomery(&first.r_inv).unwrap());
        for (i, pair) in handed.iter().enumerate() {
            // The (i + 1)-th square of the first pair: r^(2^(i+1)).
            let want = r_inv.modpow(&(BigUint::from(1u8) << (i + 1)), &n);
            assert_eq!(big(&modulus.from_montgomery(&pair.r_inv).unwrap()), want);
            assert!(agrees(&key, pair), "pair {i}");
        }
        assert!(cache.take(modulus, 1).is_empty(), "the factor is used up");
        // A used-up factor leaves the cache empty: the next fresh pair is kept and serves.
        cache.keep_after(modulus, &first);
        assert_eq!(
            cache.take(modulus, 1).len(),
            1,
            "a new pair is kept after one used up"
        );
        cache.forget();
        cache.keep_after(modulus, &first);
        cache.forget();
        assert!(cache.take(modulus, 1).is_empty());
    }

    /// A second kept pair does not replace the first one.
    #[test]
    fn keeping_fills_only_an_empty_cache() {
        let key = key();
        let modulus = key.as_public_key().modulus();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let (first, second) = (oracle_pair(&key, &mut rng), oracle_pair(&key, &mut rng));
        let cache = BlindingCache::default();
        cache.keep_after(modulus, &first);
        cache.keep_after(modulus, &second);
        let got = cache.take(modulus, 1).remove(0);
        let want = modulus.square(&first.r_inv).unwrap();
        assert_eq!(got.r_inv.as_words(), want.as_words());
    }

    /// Fresh pairs for several factors by one inverse agree with r^e and r⁻¹ by num-bigint,
    /// on a two- and a three-prime key; a factor sharing a prime with n refuses them all.
    #[test]
    fn fresh_pairs_match_the_oracle() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for key in [key(), three_prime_key()] {
            let modulus = key.as_public_key().modulus();
            let n = big(key.n());
            let powers = |rs: &[Nat]| -> Vec<Nat> {
                rs.iter().map(|r| modulus.pow_vartime(r, key.e())).collect()
            };
            for count in [1, 2, 5] {
                let rs: Vec<Nat> = (0..count)
                    .map(|_| blinding_factor(&key, &mut rng).unwrap())
                    .collect();
                let pairs = fresh_pairs(&key, &rs, &powers(&rs)).expect("invertible");
                for (r, pair) in rs.iter().zip(&pairs) {
                    let r_inv = big(&modulus.from_montgomery(&pair.r_inv).unwrap());
                    assert_eq!(r_inv, big(r).modinv(&n).unwrap());
                    assert!(agrees(&key, pair));
                }
                let mut shared = rs.clone();
                shared[count / 2] = key.primes()[1].resized(key.n().limb_len());
                let refused = fresh_pairs(&key, &shared, &powers(&shared));
                assert!(refused.is_none(), "count {count}");
            }
        }
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

    /// For n of 649 bits (p = 2^521 − 1, q = 2^128 − 159: its top byte holds one bit), only
    /// the bits above n's length are cleared: a draw of 2^648 + 5 < n is kept as drawn, so
    /// factors cover all of [1, n), not only [1, 2^648).
    #[test]
    fn blinding_factor_keeps_the_top_bit_of_a_short_top_byte() {
        let one = BigUint::from(1u8);
        let p: BigUint = (&one << 521u32) - 1u8;
        let q: BigUint = (&one << 128u32) - 159u8;
        let n = &p * &q;
        assert_eq!(n.bits(), 649);
        let e = BigUint::from(65537u32);
        let lambda = num_integer::Integer::lcm(&(&p - 1u8), &(&q - 1u8));
        let d = e.modinv(&lambda).expect("65537 is prime to lambda");
        let nat = |x: &BigUint| Nat::from_be_bytes(&x.to_bytes_be());
        let key = RsaPrivateKey::from_components(nat(&n), nat(&e), nat(&d), vec![nat(&p), nat(&q)])
            .unwrap();
        let drawn = (&one << 648u32) + 5u8;
        let bytes = drawn.to_bytes_be();
        assert_eq!(bytes.len(), 82);
        let mut rng = Draws(vec![bytes]);
        assert_eq!(big(&blinding_factor(&key, &mut rng).unwrap()), drawn);
    }

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
}
