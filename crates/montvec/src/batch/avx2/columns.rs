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
//! The j range where all K columns have a term (the "full" range) runs branch-free over a
//! sliding window of y. What lies outside it is exact, with no padding and no wasted
//! product: fixed triangles with constant offsets in all but about three blocks of a product,
//! a column-by-column loop in those.

#![deny(clippy::integer_division_remainder_used)]

use core::arch::x86_64::*;

/// `acc + x y`, lane by lane, with `vpmuludq` (the low 32 bits of x and y; digits are below 2^26,
/// so the product is exact and below 2^52).
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn mac(acc: __m256i, x: __m256i, y: __m256i) -> __m256i {
    _mm256_add_epi64(acc, _mm256_mul_epu32(x, y))
}

/// `out[i] = ` column i of x y: the raw 64-bit sums (no carries) of [`accumulate`], for the
/// columns `0..out.len()`, where `out.len()` is a multiple of K.
///
/// Leaks: the lengths.
#[target_feature(enable = "avx2")]
pub(super) fn column_sums<const K: usize>(
    out: &mut [__m256i],
    x: &[__m256i],
    y: &[__m256i],
    terms: Terms,
) {
    for (b, block) in out.chunks_exact_mut(K).enumerate() {
        let mut acc = [_mm256_setzero_si256(); K];
        accumulate(&mut acc, x, y, b * K, terms);
        block.copy_from_slice(&acc);
    }
}

/// Which terms of column i a block sums.
#[derive(Clone, Copy)]
pub(super) enum Terms {
    /// Every `x_j y_{i-j}`: a product, or the reduction's `q_j n_{i-j}`.
    All,
    /// Only `j < i - j`: the off-diagonal half of a square (x = y; the caller doubles it).
    BelowDiagonal,
}

/// `acc[t] += sum over j of x_j * y_{c+t-j}`, for every j with `0 <= j < x.len()`,
/// `0 <= c+t-j < y.len()` and, for [`Terms::BelowDiagonal`], `2j < c+t`. K is even and c a
/// multiple of K.
///
/// Column c+t has terms for lo(t) <= j <= hi(t), both non-decreasing in t. Between the
/// largest lo and the smallest hi every column has a term: the full range, one register
/// operand and K memory operands per j. What lies outside it is, in all but about three blocks
/// of a product, one of three fixed triangles, summed by [`top_of_product`],
/// [`top_of_square`] and [`bottom_of_upper`] with constant offsets; the remaining blocks (the one
/// crossing the middle column, the last one or two, and blocks of tiny elements) go column by
/// column through [`by_column`].
///
/// Leaks: the lengths and c (public sizes and positions).
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn accumulate<const K: usize>(
    acc: &mut [__m256i; K],
    x: &[__m256i],
    y: &[__m256i],
    c: usize,
    terms: Terms,
) {
    const { assert!(K >= 2 && K & 1 == 0) };
    debug_assert_eq!(c & (K - 1), 0);
    let (lx, ly, ci) = (x.len() as isize, y.len() as isize, c as isize);
    let lo = |t: isize| (ci + t + 1 - ly).max(0);
    let hi = |t: isize| {
        let h = (lx - 1).min(ci + t);
        match terms {
            Terms::All => h,
            Terms::BelowDiagonal => h.min((ci + t - 1) >> 1),
        }
    };
    let k = K as isize;
    let (lo_first, lo_last, hi_first, hi_last) = (lo(0), lo(k - 1), hi(0), hi(k - 1));
    // The top edge: none (hi constant), or the triangle of a product (hi(t) = c + t), or that
    // of a square (hi(t) = (c + t - 1) / 2).
    let top = if hi_first == hi_last {
        Some(Edge::None)
    } else {
        match terms {
            Terms::All if ci + k <= lx => Some(Edge::Triangle),
            Terms::BelowDiagonal if (ci + k - 2) >> 1 < lx => Some(Edge::Triangle),
            _ => None,
        }
    };
    // The bottom edge: none (lo constant) or the triangle lo(t) = c + t + 1 - len(y).
    let bottom = if lo_first == lo_last {
        Some(Edge::None)
    } else if ci + 1 >= ly {
        Some(Edge::Triangle)
    } else {
        None
    };
    // A local copy, so the accumulators stay in registers (no store per term for the sake of
    // a bounds-check panic).
    let mut a = *acc;
    let full = lo_last <= hi_first;
    if full {
        full_range(&mut a, x, y, c, lo_last as usize, hi_first as usize);
    }
    match (top, bottom) {
        // The triangles meet at most end to end: each of their terms lies within its
        // column's range.
        (Some(top_edge), Some(bottom_edge)) if lo_last <= hi_first + 1 => {
            if top_edge == Edge::Triangle {
                match terms {
                    Terms::All => top_of_product(&mut a, &x[c + 1..c + K], &y[..K - 1]),
                    Terms::BelowDiagonal => {
                        let h = c >> 1;
                        top_of_square(&mut a, &x[h..h + (K >> 1)], &y[h + 1..h + K]);
                    }
                }
            }
            if bottom_edge == Edge::Triangle {
                let (b, ly) = (lo_first as usize, y.len());
                bottom_of_upper(&mut a, &x[b..b + K - 1], &y[ly + 1 - K..]);
            }
        }
        // Column by column, outside the full range.
        _ => {
            let skip = if full {
                (lo_last, hi_first)
            } else {
                (hi_last + 1, hi_last)
            };
            by_column(&mut a, x, y, c, |t| (lo(t), hi(t)), skip);
        }
    }
    *acc = a;
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    None,
    Triangle,
}

/// `a[t] += x_j y_{c+t-j}` for j in `f_lo..=f_hi`, where every column has its term.
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

/// The top of a product's block: j = c + u for u in 1..K, in the columns t >= u:
/// `a[t] += x[c+u] y[t-u]`. Takes `x[c+1..c+K]` and `y[..K-1]`.
#[target_feature(enable = "avx2")]
#[inline]
fn top_of_product<const K: usize>(a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
    for u in 1..K {
        for t in u..K {
            a[t] = mac(a[t], x[u - 1], y[t - u]);
        }
    }
}

/// The top of a square's block (c even, h = c/2): j = h + u for u in 0..K/2, in the columns
/// t >= 2u + 1 (those with 2j < c + t): `a[t] += x[h+u] y[h+t-u]`. Takes `x[h..h+K/2]` and
/// `y[h+1..h+K]`.
#[target_feature(enable = "avx2")]
#[inline]
fn top_of_square<const K: usize>(a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
    for u in 0..K >> 1 {
        for t in 2 * u + 1..K {
            a[t] = mac(a[t], x[u], y[t - u - 1]);
        }
    }
}

/// The bottom of a block in the upper columns (b = c + 1 - len(y) >= 0): j = b + v for v in
/// 0..K-1, in the columns t <= v: `a[t] += x[b+v] y[len(y)-1+t-v]`. Takes `x[b..b+K-1]` and
/// the last K - 1 digits of y.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn bottom_of_upper<const K: usize>(a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
    for v in 0..K - 1 {
        for t in 0..=v {
            a[t] = mac(a[t], x[v], y[K - 2 + t - v]);
        }
    }
}

/// Every column on its own: `a[t] += x_j y_{c+t-j}` for j in `range(t)` but not in
/// `skip.0..=skip.1`, one register per column (the edges [`accumulate`] does not cover with
/// triangles).
#[target_feature(enable = "avx2")]
#[inline]
fn by_column<const K: usize>(
    a: &mut [__m256i; K],
    x: &[__m256i],
    y: &[__m256i],
    c: usize,
    range: impl Fn(isize) -> (isize, isize),
    skip: (isize, isize),
) {
    for (t, at) in a.iter_mut().enumerate() {
        let (l, h) = range(t as isize);
        let below = l..skip.0.min(h + 1);
        let above = (skip.1 + 1).max(l)..h + 1;
        let mut s = _mm256_setzero_si256();
        for part in [below, above] {
            for j in part.start.max(0) as usize..part.end.max(0) as usize {
                s = mac(s, x[j], y[c + t - j]);
            }
        }
        *at = _mm256_add_epi64(*at, s);
    }
}
