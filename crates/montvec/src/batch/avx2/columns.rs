//! Register-blocked column sums of a product, the product-scanning (Comba) core shared by the
//! multiplication, the squaring and the reduction.
//!
//! A block is K consecutive columns c..c+K of a product x y, held in K accumulators that stay in
//! ymm registers for the whole block. For each digit x_j the block gains
//! `acc[t] += x_j y[c + t - j]`: one register operand and K `vpmuludq` with a memory operand, so
//! x_j is loaded once per block instead of once per column, and the K accumulators are K
//! independent add chains. With two `vpmuludq` issued per cycle (latency 3) and a one-cycle
//! `vpaddq` per chain, K = 8 keeps both multipliers busy with 8 + 3 of the 16 ymm registers
//! (measured on Zen 5: the loop runs at 0.55 cycle per `vpmuludq`, the bound being 0.5; K = 6
//! is as fast, K = 12 a third slower). Every product is below 2^52, and no carry moves until
//! the block is finished: seed 004's delayed carry (the bound is in `redc.rs`).
//!
//! The j range of a block runs branch-free over a sliding window of y. The operands whose
//! windows would reach below digit 0 or above digit d - 1 carry zero digits there (`redc.rs`,
//! `PAD`), so every block is one parallelogram of j: the triangles at a block's top and bottom
//! columns are summed with zeros in them (K(K-1)/2 products each) instead of by code of their
//! own. The one exception is the top of a square's block, where the diagonal cuts the columns
//! at a slope of one half ([`top_of_square`]).

use core::arch::x86_64::*;

/// `acc + x y`, lane by lane, with `vpmuludq` (the low 32 bits of x and y; digits are below 2^B,
/// B <= 28, and doubled digits below 2^29, so the product is exact and below 2^57).
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn mac(acc: __m256i, x: __m256i, y: __m256i) -> __m256i {
    _mm256_add_epi64(acc, _mm256_mul_epu32(x, y))
}

/// Which terms of column i a block sums.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Terms {
    /// Every `x_j y_{i-j}`: a product, or the reduction's `q_j n_{i-j}`.
    All,
    /// Only `j < i - j`: the off-diagonal half of a square (x the doubled digits of y).
    BelowDiagonal,
}

/// `a[t] += x_j y_{c+t-j}` for j in `f_lo..=f_hi` (y's windows `c - j .. c - j + K` in
/// bounds: c >= f_hi, c - f_lo + K <= len(y)).
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn full_range<const K: usize>(
    a: &mut [__m256i; K],
    x: &[__m256i],
    y: &[__m256i],
    c: usize,
    f_lo: usize,
    f_hi: usize,
) {
    let xs = &x[f_lo..=f_hi];
    // For j = f_lo + s the block reads y[c - j .. c - j + K]: window f_hi - f_lo - s of ys.
    let ys = &y[c - f_hi..c - f_lo + K];
    for (&xj, w) in xs.iter().zip(ys.windows(K).rev()) {
        let w: &[__m256i; K] = w.try_into().expect("windows have K digits");
        for t in 0..K {
            a[t] = mac(a[t], xj, w[t]);
        }
    }
}

/// [`full_range`] for two products at once, x1 y1 and x2 y2, over one j range (y1 and y2 of
/// one length): two register operands and 2K memory operands per j, one loop instead of two.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn full_range_pair<const K: usize>(
    a: &mut [__m256i; K],
    (x1, y1): (&[__m256i], &[__m256i]),
    (x2, y2): (&[__m256i], &[__m256i]),
    c: usize,
    f_lo: usize,
    f_hi: usize,
) {
    let (x1s, x2s) = (&x1[f_lo..=f_hi], &x2[f_lo..=f_hi]);
    let (y1s, y2s) = (&y1[c - f_hi..c - f_lo + K], &y2[c - f_hi..c - f_lo + K]);
    let windows = y1s.windows(K).rev().zip(y2s.windows(K).rev());
    for ((&x1j, &x2j), (w1, w2)) in x1s.iter().zip(x2s).zip(windows) {
        let w1: &[__m256i; K] = w1.try_into().expect("windows have K digits");
        let w2: &[__m256i; K] = w2.try_into().expect("windows have K digits");
        for t in 0..K {
            a[t] = mac(mac(a[t], x1j, w1[t]), x2j, w2[t]);
        }
    }
}

/// The top of a square's block (c even, h = c/2): j = h + u for u in 0..K/2, in the columns
/// t >= 2u + 1 (those with 2j < c + t): `a[t] += x[h+u] y[h+t-u]`. Takes `x[h..h+K/2]` and
/// `y[h+1..h+K]`.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn top_of_square<const K: usize>(a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
    for u in 0..K >> 1 {
        for t in 2 * u + 1..K {
            a[t] = mac(a[t], x[u], y[t - u - 1]);
        }
    }
}
