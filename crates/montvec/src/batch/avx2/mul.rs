//! Montgomery multiplication on the sliced layout: the column sums of a b and of q n in
//! register blocks of 8 columns ([`super::columns`]) with the reduction's walk after each
//! block ([`Mont::montgomery`]). About 2d^2 + d `vpmuludq` for four products: d^2 for a b, d^2
//! for q n, d for the quotient digits.
//!
//! Also the `mul_mod` entry point: a b mod n, fully reduced, for each lane.

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::carry::sub_if_ge;
use super::columns::Terms;
use super::layout::{from_sliced, to_sliced};
use super::params::LaneConstants;
use super::redc::Mont;
use super::LANES;
use crate::backend::Avx2Token;

impl<const B: i32> Mont<'_, B> {
    /// `out = a b / R mod n` per lane, below 2n when a and b are (d digits each, every digit
    /// below 2^B; `out` distinct from both).
    ///
    /// Leaks: d.
    #[target_feature(enable = "avx2")]
    pub(super) fn mul(&mut self, out: &mut [__m256i], a: &[__m256i], b: &[__m256i]) {
        self.montgomery(out, a, b, Terms::All);
    }
}

/// `a[l] b[l] mod n[l]` for the four lanes (inputs below their moduli), fully reduced.
///
/// Leaks: the limb count.
pub(super) fn mul_mod<const B: i32>(
    token: Avx2Token,
    consts: &LaneConstants<B>,
    a: &[&[u64]; LANES],
    b: &[&[u64]; LANES],
) -> [Vec<u64>; LANES] {
    let _ = token;
    // SAFETY: `token` proves the CPU has AVX2 (detected at run time); the function is
    // otherwise safe code.
    unsafe { mul_mod_avx2(consts, a, b) }
}

#[target_feature(enable = "avx2")]
fn mul_mod_avx2<const B: i32>(
    consts: &LaneConstants<B>,
    a: &[&[u64]; LANES],
    b: &[&[u64]; LANES],
) -> [Vec<u64>; LANES] {
    let (limbs, d) = (consts.limbs, consts.n.len());
    let mut mont = Mont::<B>::new(&consts.n, consts.n0);
    let mut x = to_sliced::<B>(a, limbs, d);
    let mut y = to_sliced::<B>(b, limbs, d);
    // t = a b / R (below 2n), then t R^2 / R = a b, below 1.5n (R^2 mod n is below n).
    let mut t = vec![_mm256_setzero_si256(); d];
    mont.mul(&mut t, &x, &y);
    mont.mul(&mut x, &t, &consts.r2);
    sub_if_ge::<B>(&mut x, &consts.n, &mut y);
    let out = from_sliced::<B>(&x, limbs);
    for v in [&mut x, &mut y, &mut t] {
        v.zeroize();
    }
    out
}
