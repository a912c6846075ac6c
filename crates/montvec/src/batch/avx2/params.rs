//! The per-lane constants: n0' = -n^-1 mod 2^B (B the digit width) from each lane's lowest
//! limb by Newton's iteration ([`neg_inverse_mod_word`], constant time), and R mod n and R^2
//! mod n for R = 2^(B d), all without division.
//!
//! The engine takes R mod n and R^2 mod n from each [`crate::Modulus`], which computes them
//! once in scalar code ([`ModulusConstants`], by [`radix_powers`]) and keeps them: a key signs
//! many batches. The lanes then only slice them. Computing them in the lanes instead, as below,
//! took about 43% of a 2048-bit batch call with a two-bit exponent (callgrind), 2.7% of one
//! with full exponents; that computation is kept for the tests, as an independent check of the
//! cached constants:
//!
//! 1. n0' as above;
//! 2. R mod n by doubling 1 with a masked subtraction Bd times. Starting
//!    from 1 rather than from the top bit of n (as `mont::params` does) costs about Bd
//!    doublings instead of a few dozen, but does not depend on the lanes' bit lengths, which
//!    differ between lanes and stay unknown (moduli may have leading zero limbs);
//! 3. R^2 mod n as `mont::params` does, by Montgomery squarings rather than Bd more
//!    doublings: with t = ceil(Bd / 64), double on to 2^(Bd + t) mod n, the Montgomery
//!    form of 2^t; six squarings give the Montgomery form of 2^(64 t), that is
//!    2^(64t + Bd) = R^2 2^e with e = 64t - Bd < 64; then e halvings mod n and one
//!    masked subtraction.
//!
//! Leaks: the limb count.

use core::arch::x86_64::*;

use zeroize::Zeroize;

#[cfg(test)]
use super::carry::{double_mod, halve_mod, sub_if_ge};
use super::layout::to_sliced;
#[cfg(test)]
use super::redc::Mont;
use super::{digit_bits_for, digit_mask, digits_for, max_digits, LANES};
use crate::backend::Avx2Token;
use crate::batch::constants::radix_powers;
use crate::limb::Limb;
use crate::mont::params::{neg_inverse_mod_word, MontParams};

/// Montgomery squarings in step 3.
#[cfg(test)]
const SQUARINGS: u32 = 6;

/// R mod n and R^2 mod n of one modulus for the lanes' R = 2^(B d), B = [`digit_bits_for`] its
/// limb count, as k limbs: what a [`crate::Modulus`] computes once and keeps for the AVX2
/// lanes. Zeroized on drop (n may be a secret prime).
pub(crate) struct ModulusConstants {
    /// R mod n.
    one: Vec<Limb>,
    /// R^2 mod n.
    r2: Vec<Limb>,
}

impl ModulusConstants {
    /// The constants for `params`'s modulus (scalar, no division).
    ///
    /// Leaks: the size of n.
    pub(crate) fn new(params: &MontParams) -> Self {
        let k = params.limbs();
        let b = digit_bits_for(k);
        // B d >= 64 k + 2 > bits - 1, as radix_powers needs.
        let (one, r2) = radix_powers(params, b as usize * digits_for(k, b));
        ModulusConstants { one, r2 }
    }
}

impl Drop for ModulusConstants {
    fn drop(&mut self) {
        self.one.zeroize();
        self.r2.zeroize();
    }
}

/// n, n0', R mod n and R^2 mod n for four lanes, in sliced B-bit digits (R mod n and R^2 mod n
/// fully reduced). Zeroized on drop.
pub(super) struct LaneConstants<const B: i32> {
    /// Limbs of the moduli.
    pub(super) limbs: usize,
    /// The moduli, d digits.
    pub(super) n: Vec<__m256i>,
    /// -n^-1 mod 2^B per lane.
    pub(super) n0: __m256i,
    /// R mod n: one in Montgomery form.
    pub(super) one: Vec<__m256i>,
    /// R^2 mod n: multiplying by it converts into Montgomery form.
    pub(super) r2: Vec<__m256i>,
}

impl<const B: i32> LaneConstants<B> {
    /// The lanes for four odd moduli of `limbs` limbs, as [`digits_for`] digits of B bits, with
    /// each modulus's R mod n and R^2 mod n from `cached` (B must be [`digit_bits_for`]
    /// `limbs`, the width those are for).
    ///
    /// Leaks: `limbs`.
    pub(super) fn from_cached(
        token: Avx2Token,
        moduli: &[&[u64]; LANES],
        cached: &[&ModulusConstants; LANES],
        limbs: usize,
    ) -> Self {
        let _ = token;
        assert_eq!(
            B,
            digit_bits_for(limbs),
            "cached constants are for the default width"
        );
        let d = Self::digits(limbs);
        // SAFETY: `token` proves the CPU has AVX2 (detected at run time); the function is
        // otherwise safe code.
        unsafe { Self::from_cached_avx2(moduli, cached, limbs, d) }
    }

    #[target_feature(enable = "avx2")]
    fn from_cached_avx2(
        moduli: &[&[u64]; LANES],
        cached: &[&ModulusConstants; LANES],
        limbs: usize,
        d: usize,
    ) -> Self {
        LaneConstants {
            limbs,
            n: to_sliced::<B>(moduli, limbs, d),
            n0: lane_n0::<B>(moduli),
            one: to_sliced::<B>(&cached.map(|c| &c.one[..]), limbs, d),
            r2: to_sliced::<B>(&cached.map(|c| &c.r2[..]), limbs, d),
        }
    }

    /// d for `limbs`, checked against the column bound of `redc.rs` (`digit_bits_for` never
    /// asks for more).
    fn digits(limbs: usize) -> usize {
        let d = digits_for(limbs, B);
        assert!(
            d <= max_digits(B),
            "{limbs} limbs need {d} digits of {B} bits: too many"
        );
        d
    }

    /// Steps 1-3 in the lanes, for four odd moduli of `limbs` limbs (the tests' check of
    /// [`LaneConstants::from_cached`], and how they run every digit width at every size).
    ///
    /// Leaks: `limbs`.
    #[cfg(test)]
    pub(super) fn new(token: Avx2Token, moduli: &[&[u64]; LANES], limbs: usize) -> Self {
        let _ = token;
        let d = Self::digits(limbs);
        // SAFETY: `token` proves the CPU has AVX2 (detected at run time); the function is
        // otherwise safe code.
        unsafe { Self::new_avx2(moduli, limbs, d) }
    }

    #[cfg(test)]
    #[target_feature(enable = "avx2")]
    fn new_avx2(moduli: &[&[u64]; LANES], limbs: usize, d: usize) -> Self {
        let n = to_sliced::<B>(moduli, limbs, d);
        // Step 1.
        let n0 = lane_n0::<B>(moduli);
        // Step 2: 2^0 = 1 < n, doubled Bd times.
        let mut x = vec![_mm256_setzero_si256(); d];
        let mut tmp = x.clone();
        x[0] = _mm256_set1_epi64x(1);
        let w = B as usize * d;
        for _ in 0..w {
            double_mod::<B>(&mut x, &n, &mut tmp);
        }
        let one = x.clone();
        // Step 3.
        let t = (w + 63) >> 6;
        for _ in 0..t {
            double_mod::<B>(&mut x, &n, &mut tmp);
        }
        {
            let mut mont = Mont::<B>::new(&n, n0);
            for _ in 0..SQUARINGS {
                mont.sqr(&mut tmp, &x);
                core::mem::swap(&mut x, &mut tmp);
            }
        }
        // Below 2n after the squarings; halving keeps it below 2n (in fact 1.5n).
        for _ in 0..(t << SQUARINGS) - w {
            halve_mod::<B>(&mut x, &n);
        }
        sub_if_ge::<B>(&mut x, &n, &mut tmp);
        tmp.zeroize();
        LaneConstants {
            limbs,
            n,
            n0,
            one,
            r2: x,
        }
    }
}

/// n0' = -n^-1 mod 2^B per lane (-n^-1 mod 2^64, reduced mod 2^B, is -n^-1 mod 2^B).
#[target_feature(enable = "avx2")]
fn lane_n0<const B: i32>(moduli: &[&[u64]; LANES]) -> __m256i {
    let [n0_0, n0_1, n0_2, n0_3] =
        moduli.map(|m| (neg_inverse_mod_word(m[0]) & digit_mask(B)) as i64);
    _mm256_set_epi64x(n0_3, n0_2, n0_1, n0_0)
}

impl<const B: i32> Drop for LaneConstants<B> {
    fn drop(&mut self) {
        for v in [&mut self.n, &mut self.one, &mut self.r2] {
            v.zeroize();
        }
        self.n0.zeroize();
    }
}
