//! A private key from its two primes and e: [`RsaPrivateKey::from_p_q`], and the private
//! exponent d = e⁻¹ mod lcm(p − 1, q − 1) that key generation computes the same way.

use montvec::{Modulus, Nat};
use zeroize::Zeroize;

use crate::arith;
use crate::error::{Error, Result};
use crate::key::private::public_bit_length;
use crate::key::{RsaPrivateKey, MAX_EXPONENT_BITS, MAX_MODULUS_BITS, MIN_PRIME_BITS};

impl RsaPrivateKey {
    /// The key with primes `p` and `q` and public exponent `e`: n = p·q and
    /// d = e⁻¹ mod lcm(p − 1, q − 1) (the smallest d, as key generation and FIPS 186-5 make
    /// it), computed in constant time, then checked as [`RsaPrivateKey::from_components`]
    /// checks every key.
    ///
    /// ```
    /// use montvec_rsa::{Nat, PublicKeyParts, RsaPrivateKey};
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// let [p, q] = key.primes();
    /// let again = RsaPrivateKey::from_p_q(p.clone(), q.clone(), Nat::from_u64(65537))?;
    /// assert_eq!(again.n(), key.n());
    /// assert_eq!(again.d(), key.d());
    /// # Ok::<(), montvec_rsa::Error>(())
    /// ```
    ///
    /// Errors: [`Error::InvalidExponent`] when e is even, below 3 or longer than
    /// [`MAX_EXPONENT_BITS`]; [`Error::InvalidKey`] when p or q is even or shorter than
    /// [`MIN_PRIME_BITS`], when n would be longer than [`MAX_MODULUS_BITS`], or when e is not
    /// prime to lcm(p − 1, q − 1); and the errors of [`RsaPrivateKey::from_components`].
    ///
    /// Leaks: the announced lengths and the bit lengths of p and q, whether each is odd, and
    /// whether e is prime to lcm(p − 1, q − 1); e is public.
    pub fn from_p_q(p: Nat, q: Nat, e: Nat) -> Result<Self> {
        let e_bits = e.bit_length_vartime();
        if !bool::from(e.is_odd()) || !(2..=MAX_EXPONENT_BITS).contains(&e_bits) {
            return Err(Error::InvalidExponent);
        }
        let (p_bits, q_bits) = (public_bit_length(&p), public_bit_length(&q));
        if p_bits.min(q_bits) < MIN_PRIME_BITS {
            return Err(Error::InvalidKey("a prime is shorter than 128 bits"));
        }
        if p_bits + q_bits - 1 > MAX_MODULUS_BITS {
            return Err(Error::InvalidKey(
                "the primes make a modulus above 16384 bits",
            ));
        }
        // Released by design: a prime is odd, and an even one makes no key.
        if !montvec::ct::declassify_choice(p.is_odd() & q.is_odd()) {
            return Err(Error::InvalidKey("a prime is even"));
        }
        // The primes in the limbs their bit lengths need (an announced length may be longer).
        let (p, q) = (
            p.resized(p_bits.div_ceil(64)),
            q.resized(q_bits.div_ceil(64)),
        );
        let e = e.resized(e_bits.div_ceil(64));
        let e_mod = Modulus::new(&e)?;
        let d = private_exponent(&p, &q, &e, &e_mod)?;
        let n = public_modulus(&p, &q);
        let n_limbs = n.limb_len();
        // d < λ < n, so d fits n's limbs.
        let d = d.resized(n_limbs);
        RsaPrivateKey::from_components(n, e, d, vec![p, q])
    }
}

/// n = p·q, released: the public half of the key (marked public for montvec-ctcheck, which
/// would otherwise report every branch the public key's checks take on it).
///
/// Leaks: n, by design.
pub(crate) fn public_modulus(p: &Nat, q: &Nat) -> Nat {
    let mut words = arith::product(p, q).as_limbs().to_vec();
    montvec::ct::declassify(words.as_mut_slice());
    Nat::from_limbs(words)
}

/// d = e⁻¹ mod lcm(p − 1, q − 1), in constant time, for odd p, q ≥ 3 and an odd e ≥ 3
/// whose `e_mod` is given:
/// 1. λ = lcm(p − 1, q − 1) = (p − 1)·((q − 1) / gcd(p − 1, q − 1));
/// 2. d = (1 + λ·(e − t)) / e with t = (λ mod e)⁻¹ mod e: e divides the numerator, so the
///    division is a product by e⁻¹ mod 2^(64k). Both inverses are of or modulo the public e.
///
/// Errors: [`Error::InvalidKey`] when e is not prime to λ.
///
/// Leaks: the announced lengths, and whether e is prime to λ.
pub(crate) fn private_exponent(p: &Nat, q: &Nat, e: &Nat, e_mod: &Modulus) -> Result<Nat> {
    let (mut p1, mut q1) = (arith::minus_one(p), arith::minus_one(q));
    // λ = (p − 1)·((q − 1) / gcd(p − 1, q − 1)).
    let mut g = arith::gcd(&q1, &p1);
    let (mut q1_over_g, mut zero) = arith::div_rem(&q1, &g);
    debug_assert!(bool::from(zero.is_zero()));
    let mut lambda = arith::product(&p1, &q1_over_g);
    // t = (λ mod e)⁻¹ mod e: exists as gcd(e, p − 1) = gcd(e, q − 1) = 1.
    let mut lambda_mod_e = arith::rem(&lambda, e);
    let (mut t, invertible) = e_mod.invert_with_choice(&lambda_mod_e);
    // Released: always true for primes from `generate_probable_prime` (gcd(p - 1, e) = 1).
    if !montvec::ct::declassify_choice(invertible) {
        t.zeroize();
        return Err(Error::InvalidKey("e is not coprime to lcm(p - 1, q - 1)"));
    }
    // numerator = 1 + λ·(e − t), below 2^(bits(λ) + bits(e)).
    let mut e_minus_t = e.resized(e.limb_len());
    let mut words = e_minus_t.as_limbs().to_vec();
    montvec::limb::sub_assign(&mut words, t.as_limbs());
    e_minus_t = Nat::from_limbs(words);
    let mut numerator = arith::product(&lambda, &e_minus_t);
    let limbs = numerator.limb_len();
    numerator = arith::sum(&numerator, &Nat::from_u64(1), limbs);
    // d = numerator / e, exact: numerator · e⁻¹ mod 2^(64·limbs).
    let e_inv = arith::inverse_mod_power_of_two(e, limbs);
    let d = arith::mul_low(&numerator, &e_inv, limbs);
    for x in [
        &mut p1,
        &mut q1,
        &mut g,
        &mut q1_over_g,
        &mut zero,
        &mut lambda,
        &mut lambda_mod_e,
        &mut t,
        &mut e_minus_t,
        &mut numerator,
    ] {
        x.zeroize();
    }
    Ok(d)
}
