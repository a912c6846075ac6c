//! Probable primes for RSA: FIPS 186-5 Appendix A.1.3 (numbered B.3.3 in FIPS 186-4), with
//! trial division by small primes (`sieve`) before the Miller–Rabin rounds
//! (`miller_rabin`) of FIPS 186-5 Table B.1.

mod miller_rabin;
pub(crate) use miller_rabin::strong_test_base_2;
mod sieve;

use montvec::limb::bit_position;
use montvec::{Modulus, Nat};
use rand_core::CryptoRngCore;
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};

pub use sieve::SIEVE_BOUND;

/// Miller–Rabin rounds for a random candidate of `prime_bits` bits, from FIPS 186-5 Table B.1
/// (the column for the key's security strength; the error is the chance that a composite
/// random candidate passes, by the Damgård–Landrock–Pomerance bound of Appendix C.1):
///
/// | prime size | rounds | error |
/// |---|---|---|
/// | ≥ 2048 bits (RSA-4096 and up) | 4 | 2^-144 |
/// | ≥ 1536 bits (RSA-3072) | 4 | 2^-128 |
/// | ≥ 1024 bits (RSA-2048) | 5 | 2^-112 |
/// | below (legacy RSA-1024, 512-bit primes) | 8 | below 2^-100 |
///
/// Sizes between rows take the row below them: the bound falls as the size grows, so that
/// count is conservative. The last row is not in the table (FIPS 186-5 no longer generates
/// RSA-1024): 8 is the smallest t whose DLP bound p(512, t) ≤ 512^(3/2)·2^t·t^(-1/2)·4^(2 − √(512t))
/// falls below 2^-100.
///
/// These counts hold for *random* candidates only. To test a number that may have been chosen
/// by an adversary, use [`is_probable_prime_vartime`] with at least 64 rounds (4^-64 = 2^-128).
///
/// ```
/// assert_eq!(montvec_rsa::prime::miller_rabin_rounds(1024), 5);
/// ```
pub fn miller_rabin_rounds(prime_bits: usize) -> usize {
    match prime_bits {
        2048.. => 4,
        1536.. => 4,
        1024.. => 5,
        _ => 8,
    }
}

/// Whether `w` is (probably) prime: exact below 2^64, else trial division by the
/// odd primes below [`SIEVE_BOUND`] then `rounds` Miller–Rabin rounds with random bases
/// (a composite passes with probability at most 4^-rounds).
///
/// ```
/// use montvec_rsa::{prime::is_probable_prime_vartime, Nat};
/// let mut rng = rand_core::OsRng;
/// assert!(is_probable_prime_vartime(&Nat::from_u64(65537), 64, &mut rng)?);
/// assert!(!is_probable_prime_vartime(&Nat::from_u64(561), 64, &mut rng)?); // Carmichael
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
///
/// Errors: [`Error::NoRounds`] when `rounds` is 0 (a w above 2^64 with no small factor would
/// pass untested), [`Error::Rng`] when the generator fails, [`Error::Arithmetic`] when w is
/// above montvec's largest modulus (65536 bits) or `MONTVEC_BACKEND` names a backend this
/// CPU lacks.
///
/// Leaks: the bit length of w and `rounds`; for a composite w, which check rejected it; for a
/// prime above 2^64, nothing more. Small w (below 2^64) are tested in variable time.
pub fn is_probable_prime_vartime(
    w: &Nat,
    rounds: usize,
    rng: &mut dyn CryptoRngCore,
) -> Result<bool> {
    if rounds == 0 {
        return Err(Error::NoRounds);
    }
    let bits = w.bit_length_vartime();
    if bits <= 64 {
        return Ok(small_is_prime_vartime(
            w.as_limbs().first().copied().unwrap_or(0),
        ));
    }
    if !bool::from(w.is_odd()) || sieve::has_small_factor(w) {
        return Ok(false);
    }
    let w_mod = Modulus::new(w)?;
    miller_rabin::miller_rabin(&w_mod, rounds, rng)
}

/// Exact primality of a public 64-bit number: trial division by the sieve's primes, then
/// Miller–Rabin with the first twelve prime bases (deterministic below 3.18·10^23, far above
/// 2^64).
#[allow(
    clippy::integer_division_remainder_used,
    reason = "a _vartime function"
)]
fn small_is_prime_vartime(w: u64) -> bool {
    if w < 2 {
        return false;
    }
    if w.is_multiple_of(2) {
        return w == 2;
    }
    for &s in sieve::small_primes() {
        let s = s as u64;
        if w.is_multiple_of(s) {
            return w == s;
        }
        if s * s > w {
            return true;
        }
    }
    [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        .iter()
        .all(|&b| is_strong_probable_prime_u64(w, b))
}

/// Whether the odd w > b passes Miller–Rabin's round with the base b (w − 1 = 2^a·m; b^m = ±1,
/// or −1 among its next a − 1 squares), in u128 arithmetic.
#[allow(
    clippy::integer_division_remainder_used,
    reason = "a _vartime function's helper"
)]
fn is_strong_probable_prime_u64(w: u64, b: u64) -> bool {
    let mul = |x: u64, y: u64| ((x as u128 * y as u128) % w as u128) as u64;
    let a = (w - 1).trailing_zeros();
    let (mut z, mut base, mut e) = (1u64, b, (w - 1) >> a);
    while e > 0 {
        if e & 1 == 1 {
            z = mul(z, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    if z == 1 || z == w - 1 {
        return true;
    }
    for _ in 1..a {
        z = mul(z, z);
        if z == w - 1 {
            return true;
        }
    }
    false
}

/// A random probable prime of exactly `bits` bits (its top two bits set) with
/// gcd(p − 1, e) = 1: FIPS 186-5 A.1.3 steps 4.2–4.7 (5.2–5.8 for q, whose |p − q| check the
/// caller makes). `None` when step 4.7's limit of 5·`bits` candidates is reached (FAILURE).
///
/// Leaks: `bits`, the number of candidates drawn, and for each rejected one which test refused
/// it (the sieve's group of primes, the gcd with e, or Miller–Rabin's round and step); each
/// rejected candidate is discarded, so none of this says anything of the prime returned.
pub(crate) fn generate_probable_prime(
    rng: &mut dyn CryptoRngCore,
    bits: usize,
    e_mod: &Modulus,
) -> Result<Option<Nat>> {
    let limbs = bits.div_ceil(64);
    let mut bytes = vec![0u8; limbs * 8];
    let rounds = miller_rabin_rounds(bits);
    let e = e_mod.modulus();
    // Step 4.1 / 4.7: at most 5 (nlen / 2) candidates.
    for _ in 0..5 * bits {
        // Step 4.2: a random string of `bits` bits.
        rng.try_fill_bytes(&mut bytes).map_err(|_| Error::Rng)?;
        let mut words = Nat::from_be_bytes(&bytes).as_limbs().to_vec();
        bytes.as_mut_slice().zeroize();
        // Step 4.3: odd. Step 4.4 asks p ≥ √2·2^(bits−1); setting the top two bits gives
        // p ≥ 1.5·2^(bits−1), a sub-range, so that p·q has the full size.
        let (_, top) = bit_position(bits - 1);
        words[limbs - 1] &= u64::MAX >> (63 - top);
        words[limbs - 1] |= 1 << top;
        let (limb, shift) = bit_position(bits - 2);
        words[limb] |= 1 << shift;
        words[0] |= 1;
        let mut p = Nat::from_limbs(words);
        // Trial division: a candidate with a small factor would fail step 4.5 anyway.
        if sieve::has_small_factor(&p) {
            continue;
        }
        // Step 4.5: gcd(p − 1, e) = 1, as (p − 1 mod e) invertible mod e.
        let mut r = arith::rem(&arith::minus_one(&p), &e);
        let coprime = e_mod.invert(&r).is_some();
        r.zeroize();
        // Released: a candidate with gcd(p - 1, e) > 1 is discarded.
        if !montvec::ct::declassify_choice(coprime) {
            continue;
        }
        // Step 4.5.1: Miller–Rabin with the rounds of Table B.1.
        let p_mod = Modulus::new(&p)?;
        if miller_rabin::miller_rabin(&p_mod, rounds, rng)? {
            return Ok(Some(p));
        }
        p.zeroize();
    }
    Ok(None)
}
