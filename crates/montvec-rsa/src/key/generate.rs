//! RSA key generation: [`RsaPrivateKey::new`] and [`RsaPrivateKey::new_with_exp`], FIPS 186-5
//! Appendix A.1.3 (B.3.3 in FIPS 186-4) with the criteria of A.1.1 (186-4 B.3.1).
//!
//! 1. p: a random probable prime of ⌈nlen/2⌉ bits with its top two bits set and
//!    gcd(p − 1, e) = 1 ([`crate::prime`]; steps 4.2–4.7).
//! 2. q: the same with ⌊nlen/2⌋ bits, drawn again while |p − q| ≤ 2^(nlen/2 − 100) (step 5.4).
//! 3. λ = lcm(p − 1, q − 1) = (p − 1)·((q − 1) / gcd(p − 1, q − 1)), all in constant time.
//! 4. d = e⁻¹ mod λ by the exact-division identity d = (1 + λ·(e − t)) / e with
//!    t = (λ mod e)⁻¹ mod e: e divides the numerator, so the division is a product by
//!    e⁻¹ mod 2^(64k). Both inverses are of or modulo the public e.
//! 5. d must exceed 2^(nlen/2) (A.1.1 criterion 3a); otherwise start again.
//! 6. The key is built by [`RsaPrivateKey::from_components`], which checks it.
//!
//! A FAILURE of the prime search (step 4.7 / 5.9 limits, about 1 in 10^6) and a rejected d
//! start the procedure again.
//!
//! Checked by machine: `scripts/ctcheck rsa-generate` runs a 1024-bit generation under
//! valgrind with every random byte secret; only the verdicts marked with
//! `montvec::ct::declassify` (on candidates, |p − q|, d's size) and n may decide a branch.

use montvec::{Modulus, Nat};
use rand_core::CryptoRngCore;
use zeroize::Zeroize;

use crate::arith;
use crate::encryptor::RngHandle;
use crate::error::{Error, Result};
use crate::key::from_primes::{private_exponent, public_modulus};
use crate::key::{RsaPrivateKey, MAX_EXPONENT_BITS};
use crate::prime::generate_probable_prime;

/// The smallest size [`RsaPrivateKey::new`] generates. 1024-bit keys are **legacy**: below
/// the 112-bit strength FIPS 186-5 asks for, kept for tests and old systems.
pub const MIN_GENERATED_BITS: usize = 1024;

/// The largest size [`RsaPrivateKey::new`] generates.
pub const MAX_GENERATED_BITS: usize = 8192;

impl RsaPrivateKey {
    /// A fresh key of `bits` bits (1024 to 8192; 1024 is legacy) with e = 65537.
    ///
    /// ```
    /// use montvec_rsa::{PublicKeyParts, RsaPrivateKey};
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// assert_eq!(key.bits(), 1024);
    /// # Ok::<(), montvec_rsa::Error>(())
    /// ```
    ///
    /// Errors: [`Error::InvalidKeySize`] outside 1024..=8192, [`Error::Rng`].
    ///
    /// Leaks: `bits`, and how many candidates were drawn and rejected (each is discarded); not
    /// the primes or d (see the module doc).
    pub fn new<R: CryptoRngCore + ?Sized>(rng: &mut R, bits: usize) -> Result<Self> {
        Self::new_with_exp(rng, bits, &Nat::from_u64(65537))
    }

    /// A fresh key of `bits` bits (1024 to 8192) with public exponent `e`, which FIPS 186-5
    /// A.1.1 asks to be odd with 2^16 < e < 2^256.
    ///
    /// ```
    /// use montvec_rsa::{Nat, RsaPrivateKey, PublicKeyParts};
    /// let e = Nat::from_u64(0x1_0000_0001); // 2^32 + 1
    /// let key = RsaPrivateKey::new_with_exp(&mut rand_core::OsRng, 1024, &e)?;
    /// assert_eq!(key.e(), &e);
    /// # Ok::<(), montvec_rsa::Error>(())
    /// ```
    ///
    /// Errors: [`Error::InvalidKeySize`], [`Error::InvalidExponent`] (even, ≤ 2^16 or
    /// ≥ 2^256), [`Error::Rng`].
    ///
    /// Leaks: as [`RsaPrivateKey::new`]; e is public.
    pub fn new_with_exp<R: CryptoRngCore + ?Sized>(
        rng: &mut R,
        bits: usize,
        e: &Nat,
    ) -> Result<Self> {
        if !(MIN_GENERATED_BITS..=MAX_GENERATED_BITS).contains(&bits) {
            return Err(Error::InvalidKeySize { bits });
        }
        let e_bits = e.bit_length_vartime();
        // 2^16 < e < 2^256 for odd e: 17 to 256 bits (2^16 itself is even).
        if !bool::from(e.is_odd()) || !(17..=MAX_EXPONENT_BITS).contains(&e_bits) {
            return Err(Error::InvalidExponent);
        }
        let e = e.resized(e_bits.div_ceil(64));
        let e_mod = Modulus::new(&e)?;
        for _ in 0..MAX_ATTEMPTS {
            if let Some(key) = attempt(&mut RngHandle(&mut *rng), bits, &e, &e_mod)? {
                return Ok(key);
            }
        }
        // A generator that never errs but repeats itself (constant bytes) fails every attempt.
        Err(Error::Rng)
    }
}

/// Attempts before key generation gives up with [`Error::Rng`]. An attempt fails when
/// 5·(bits/2) candidates hold no usable prime (FIPS 186-5 A.1.3 step 4.7), about e^-14 for
/// random candidates at every size, or when q lands next to p or d is too small (about
/// 2^-100 each): 16 failures in a row mean the generator's output is not random.
const MAX_ATTEMPTS: usize = 16;

/// Draws of q next to p (step 5.4, |p − q| ≤ 2^(nlen/2 − 100), about 2^-100 each for random
/// primes) before the attempt fails: a generator repeating itself draws p again as q.
const MAX_CLOSE_Q: usize = 4;

/// One run of FIPS 186-5 A.1.3 and the key checks; `None` on FAILURE or a rejected d.
fn attempt(
    rng: &mut dyn CryptoRngCore,
    bits: usize,
    e: &Nat,
    e_mod: &Modulus,
) -> Result<Option<RsaPrivateKey>> {
    // Halves of the public size: shifts, as the crate allows no division.
    let (p_bits, q_bits) = (bits - (bits >> 1), bits >> 1);
    let Some(p) = generate_probable_prime(rng, p_bits, e_mod)? else {
        return Ok(None);
    };
    // Step 5: q, drawn again while |p − q| ≤ 2^(nlen/2 − 100) (step 5.4).
    let limbs = p_bits.div_ceil(64);
    let bound = pow2(q_bits - 100, limbs);
    let mut far_q = None;
    for _ in 0..MAX_CLOSE_Q {
        let Some(q) = generate_probable_prime(rng, q_bits, e_mod)? else {
            return Ok(None);
        };
        let mut diff = abs_diff(&p, &q, limbs);
        let far = arith::lt(&bound, &diff);
        diff.zeroize();
        // The verdict is released by design: a q too close to p is discarded.
        if montvec::ct::declassify_choice(far) {
            far_q = Some(q);
            break;
        }
    }
    let Some(q) = far_q else {
        return Ok(None);
    };
    let mut d = private_exponent(&p, &q, e, e_mod)?;
    // A.1.1 criterion 3a: 2^(nlen/2) < d (d < λ holds by construction).
    let d_limbs = bits.div_ceil(64);
    let floor = pow2(q_bits, d_limbs);
    // Released by design, as above: a d too small is discarded with p and q.
    if !montvec::ct::declassify_choice(arith::lt(&floor, &d)) {
        d.zeroize();
        return Ok(None);
    }
    let n = public_modulus(&p, &q).resized(d_limbs);
    let d = d.resized(d_limbs);
    RsaPrivateKey::from_components(n, e.clone(), d, vec![p, q]).map(Some)
}

/// 2^k in `limbs` limbs.
fn pow2(k: usize, limbs: usize) -> Nat {
    let mut w = vec![0; limbs];
    let (limb, shift) = montvec::limb::bit_position(k);
    w[limb] = 1 << shift;
    Nat::from_limbs(w)
}

/// |p − q| in `limbs` limbs, in constant time (a masked negation of p − q when it borrowed).
fn abs_diff(p: &Nat, q: &Nat, limbs: usize) -> Nat {
    let (p, q) = (p.resized(limbs), q.resized(limbs));
    let mut w = vec![0; limbs];
    let borrow = montvec::limb::sub_into(&mut w, p.as_limbs(), q.as_limbs());
    let mask = borrow.wrapping_neg();
    let mut carry = borrow;
    for x in w.iter_mut() {
        (*x, carry) = montvec::limb::adc(*x ^ mask, 0, carry);
    }
    Nat::from_limbs(w)
}
