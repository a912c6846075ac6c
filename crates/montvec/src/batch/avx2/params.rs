//! The per-lane constants, computed for the four lanes at once and without division:
//!
//! 1. n0' = -n^-1 mod 2^26 from each lane's lowest limb by Newton's iteration
//!    ([`neg_inverse_mod_word`], constant time);
//! 2. R mod n, R = 2^(26 d), by doubling 1 with a masked subtraction 26d times. Starting
//!    from 1 rather than from the top bit of n (as `mont::params` does) costs about 26d
//!    doublings instead of a few dozen, but does not depend on the lanes' bit lengths, which
//!    differ between lanes and stay unknown (moduli may have leading zero limbs);
//! 3. R^2 mod n as `mont::params` does, by Montgomery squarings rather than 26d more
//!    doublings: with t = ceil(26d / 64), double on to 2^(26d + t) mod n, the Montgomery
//!    form of 2^t; six squarings give the Montgomery form of 2^(64 t), that is
//!    2^(64t + 26d) = R^2 2^e with e = 64t - 26d < 64; then e halvings mod n and one
//!    masked subtraction.
//!
//! Leaks: the limb count.

#![deny(clippy::integer_division_remainder_used)]

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::carry::{double_mod, halve_mod, sub_if_ge};
use super::layout::to_sliced;
use super::redc::Mont;
use super::{DIGIT_BITS, DIGIT_MASK, LANES};
use crate::backend::Avx2Token;
use crate::mont::params::neg_inverse_mod_word;

/// Montgomery squarings in step 3.
const SQUARINGS: u32 = 6;

/// n, n0', R mod n and R^2 mod n for four lanes, in sliced digits (R mod n and R^2 mod n
/// fully reduced). Zeroized on drop.
pub(super) struct LaneConstants {
    /// Limbs of the moduli.
    pub(super) limbs: usize,
    /// The moduli, d digits.
    pub(super) n: Vec<__m256i>,
    /// -n^-1 mod 2^26 per lane.
    pub(super) n0: __m256i,
    /// R mod n: one in Montgomery form.
    pub(super) one: Vec<__m256i>,
    /// R^2 mod n: multiplying by it converts into Montgomery form.
    pub(super) r2: Vec<__m256i>,
}

impl LaneConstants {
    /// Steps 1-3 for four odd moduli of `limbs` limbs, as `digits` digits.
    ///
    /// Leaks: `limbs` and `digits`.
    pub(super) fn new(
        token: Avx2Token,
        moduli: &[&[u64]; LANES],
        limbs: usize,
        digits: usize,
    ) -> Self {
        let _ = token;
        // SAFETY: `token` proves the CPU has AVX2 (detected at run time); the function is
        // otherwise safe code.
        unsafe { Self::new_avx2(moduli, limbs, digits) }
    }

    #[target_feature(enable = "avx2")]
    fn new_avx2(moduli: &[&[u64]; LANES], limbs: usize, d: usize) -> Self {
        let n = to_sliced(moduli, limbs, d);
        // Step 1 (-n^-1 mod 2^64, reduced mod 2^26, is -n^-1 mod 2^26).
        let [n0_0, n0_1, n0_2, n0_3] =
            moduli.map(|m| (neg_inverse_mod_word(m[0]) & DIGIT_MASK) as i64);
        let n0 = _mm256_set_epi64x(n0_3, n0_2, n0_1, n0_0);
        // Step 2: 2^0 = 1 < n, doubled 26d times.
        let mut x = vec![_mm256_setzero_si256(); d];
        let mut tmp = x.clone();
        x[0] = _mm256_set1_epi64x(1);
        let w = DIGIT_BITS as usize * d;
        for _ in 0..w {
            double_mod(&mut x, &n, &mut tmp);
        }
        let one = x.clone();
        // Step 3.
        let t = (w + 63) >> 6;
        for _ in 0..t {
            double_mod(&mut x, &n, &mut tmp);
        }
        {
            let mut mont = Mont::new(&n, n0);
            for _ in 0..SQUARINGS {
                mont.sqr(&mut tmp, &x);
                core::mem::swap(&mut x, &mut tmp);
            }
        }
        // Below 2n after the squarings; halving keeps it below 2n (in fact 1.5n).
        for _ in 0..(t << SQUARINGS) - w {
            halve_mod(&mut x, &n);
        }
        sub_if_ge(&mut x, &n, &mut tmp);
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

impl Drop for LaneConstants {
    fn drop(&mut self) {
        for v in [&mut self.n, &mut self.one, &mut self.r2] {
            v.zeroize();
        }
        self.n0.zeroize();
    }
}
