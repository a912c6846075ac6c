//! The prime factors p and q of n from (n, e, d): NIST SP 800-56B Rev. 2, Appendix C.2 (the
//! probabilistic method, after Miller's reduction of factoring to knowing d).
//!
//! For importing keys published without their primes (the CAVP SigGen files, Wycheproof's JSON
//! `privateKey` objects). It branches on values derived from the secret key, hence the
//! `_vartime` name; a key built from primes or from a full `RSAPrivateKey` never runs it.

use montvec::limb::{sub_assign, Limb, LIMB_BITS};
use montvec::{Modulus, Nat};

use crate::arith;
use crate::error::{Error, Result};

/// The number of bases g tried (SP 800-56B Rev. 2 C.2 step 3 allows 100). Each base splits n
/// with probability at least 1/2 when (n, e, d) is a consistent two-prime key.
const TRIES: u64 = 100;

/// Recover (p, q), with p > q, from the modulus n, the public exponent e and the private
/// exponent d (modulo φ(n) or λ(n); any d with e·d ≡ 1 modulo λ(n) works).
///
/// SP 800-56B Rev. 2 Appendix C.2, with the bases g = 2, 3, 4, ... in turn instead of random
/// ones (the same argument bounds the failure rate, and the result is reproducible):
/// 1. k = d·e − 1; k must be even. 2. k = 2^t·r with r odd. 3. For each g: y = g^r mod n; if
///    y is 1 or n − 1 try the next g; otherwise square y up to t times: reaching 1 from a y
///    other than ±1 means y is a nontrivial square root of 1, reaching n − 1 means this g
///    fails. 5. p = gcd(y − 1, n), q = gcd(y + 1, n).
///
/// Errors: [`Error::InvalidModulus`] for an even n or n < 3, [`Error::InvalidKey`] when e·d − 1 is zero
/// or odd, or when no base splits n (the values do not form a two-prime key).
///
/// Leaks: much. The number of bases tried, the number of squarings, and the binary GCD's
/// steps all depend on p, q and d; the exponentiation g^r itself is constant time. Use it only
/// to import keys, never where an attacker can time repeated calls on one key.
///
/// ```
/// use montvec_rsa::key::recover::recover_primes_vartime;
/// use montvec_rsa::Nat;
/// // n = 61 * 53, e = 17, d = 2753 (17 * 2753 = 1 mod 3120).
/// let (p, q) = recover_primes_vartime(&Nat::from_u64(3233), &Nat::from_u64(17),
///     &Nat::from_u64(2753))?;
/// assert_eq!((p, q), (Nat::from_u64(61), Nat::from_u64(53)));
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
pub fn recover_primes_vartime(n: &Nat, e: &Nat, d: &Nat) -> Result<(Nat, Nat)> {
    let bits = n.bit_length_vartime();
    let n = n.resized(bits.div_ceil(LIMB_BITS).max(1));
    if !bool::from(n.is_odd()) || bits < 2 {
        return Err(Error::InvalidModulus("even or below 3"));
    }
    let modulus = Modulus::new(&n)?;
    // Step 1: k = d·e − 1, which must be even (and nonzero).
    let de = arith::product(d, e);
    if bool::from(de.is_zero()) {
        return Err(Error::InvalidKey("d * e is zero"));
    }
    let k = arith::minus_one(&de);
    if bool::from(k.is_zero()) || bool::from(k.is_odd()) {
        return Err(Error::InvalidKey("d * e - 1 is zero or odd"));
    }
    // Step 2: k = 2^t · r, r odd.
    let t = trailing_zeros_vartime(k.as_limbs());
    let mut r = k.as_limbs().to_vec();
    shr_vartime(&mut r, t);
    let r = Nat::from_limbs(r);

    let one = Nat::from_u64(1);
    let n_minus_one = arith::minus_one(&n);
    // Step 3.
    for g in 2..2 + TRIES {
        // Steps 3.b-3.c.
        let mut y = modulus.pow(&Nat::from_u64(g), &r);
        if y == one || y == n_minus_one {
            continue;
        }
        // Step 3.d: square up to t times.
        for _ in 0..t {
            let x = arith::mul_mod(&modulus, &y, &y);
            if x == one {
                // Step 5: y² ≡ 1 and y ≢ ±1, so y − 1 and y + 1 each hold one prime.
                let p = gcd_with_odd_vartime(&arith::minus_one(&y), &n);
                let y_plus_one = arith::sum(&y, &one, n.limb_len() + 1);
                let q = gcd_with_odd_vartime(&y_plus_one, &n);
                return Ok(order(p, q));
            }
            if x == n_minus_one {
                break;
            }
            y = x;
        }
    }
    // Step 4.
    Err(Error::InvalidKey("n, e and d do not form a two-prime key"))
}

/// (larger, smaller), each announced as just enough limbs.
fn order(p: Nat, q: Nat) -> (Nat, Nat) {
    let trim = |x: &Nat| x.resized(x.bit_length_vartime().div_ceil(LIMB_BITS).max(1));
    let (p, q) = (trim(&p), trim(&q));
    if bool::from(crate::arith::lt(&p, &q)) {
        (q, p)
    } else {
        (p, q)
    }
}

/// gcd(x, m) for odd m, by the binary (Stein) algorithm: since m is odd, factors of two in x
/// never belong to the gcd.
///
/// Leaks: both values, through its branches and its number of steps.
fn gcd_with_odd_vartime(x: &Nat, m: &Nat) -> Nat {
    let len = x.limb_len().max(m.limb_len());
    let mut a: Vec<Limb> = m.resized(len).as_limbs().to_vec();
    let mut b: Vec<Limb> = x.resized(len).as_limbs().to_vec();
    // Invariant: a odd, gcd(a, b) = gcd(m, x).
    while b.iter().any(|&w| w != 0) {
        let tz = trailing_zeros_vartime(&b);
        shr_vartime(&mut b, tz);
        // Both odd now: keep the smaller in a, replace b by the (even) difference.
        if b.iter().rev().cmp(a.iter().rev()) == core::cmp::Ordering::Less {
            core::mem::swap(&mut a, &mut b);
        }
        sub_assign(&mut b, &a);
    }
    Nat::from_limbs(a)
}

/// The number of trailing zero bits (the value must be nonzero).
fn trailing_zeros_vartime(x: &[Limb]) -> usize {
    let i = x.iter().position(|&w| w != 0).unwrap_or(x.len());
    match x.get(i) {
        Some(w) => i * LIMB_BITS + w.trailing_zeros() as usize,
        None => i * LIMB_BITS,
    }
}

/// `x >>= s` in place.
#[allow(
    clippy::integer_division_remainder_used,
    reason = "a _vartime function"
)]
fn shr_vartime(x: &mut [Limb], s: usize) {
    let (words, bits) = (s / LIMB_BITS, s % LIMB_BITS);
    let len = x.len();
    for i in 0..len {
        let lo = x.get(i + words).copied().unwrap_or(0);
        let hi = x.get(i + words + 1).copied().unwrap_or(0);
        x[i] = if bits == 0 {
            lo
        } else {
            (lo >> bits) | (hi << (LIMB_BITS - bits))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn big(x: &Nat) -> BigUint {
        BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
    }

    #[test]
    fn small_key_with_phi_and_lambda_exponents() {
        let n = Nat::from_u64(3233);
        let e = Nat::from_u64(17);
        // d modulo φ = 3120 and modulo λ = lcm(60, 52) = 780.
        for d in [2753, 413] {
            let (p, q) = recover_primes_vartime(&n, &e, &Nat::from_u64(d)).unwrap();
            assert_eq!((big(&p), big(&q)), (61u32.into(), 53u32.into()));
        }
    }

    #[test]
    fn inconsistent_values_are_errors() {
        let n = Nat::from_u64(3233);
        let e = Nat::from_u64(17);
        for d in [0, 2752, 2754, 1] {
            assert!(matches!(
                recover_primes_vartime(&n, &e, &Nat::from_u64(d)),
                Err(Error::InvalidKey(_))
            ));
        }
        assert!(recover_primes_vartime(&Nat::from_u64(3234), &e, &Nat::from_u64(2753)).is_err());
        // Empty (zero-limb) values are zero: an error, not a panic in the product.
        let empty = Nat::default();
        for (e, d) in [
            (&empty, &empty),
            (&e, &empty),
            (&empty, &Nat::from_u64(2753)),
        ] {
            assert!(matches!(
                recover_primes_vartime(&n, e, d),
                Err(Error::InvalidKey(_))
            ));
        }
        assert!(recover_primes_vartime(&empty, &e, &Nat::from_u64(2753)).is_err());
    }

    #[test]
    fn gcd_and_shift_match_oracle() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for limbs in [1, 2, 5, 16] {
            for _ in 0..50 {
                let x = Nat::from_limbs((0..limbs).map(|_| rng.gen()).collect());
                let mut m: Vec<Limb> = (0..limbs).map(|_| rng.gen()).collect();
                m[0] |= 1;
                let m = Nat::from_limbs(m);
                let g = gcd_with_odd_vartime(&x, &m);
                assert_eq!(big(&g), num_integer_gcd(big(&x), big(&m)));
                let s = rng.gen_range(0..limbs * 64);
                let mut y = x.as_limbs().to_vec();
                shr_vartime(&mut y, s);
                assert_eq!(big(&Nat::from_limbs(y)), big(&x) >> s);
            }
        }
    }

    fn num_integer_gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
        while b != BigUint::from(0u8) {
            let r = &a % &b;
            a = b;
            b = r;
        }
        a
    }
}
