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

/// The terms of one block of K columns c..c+K of x y, from the public sizes alone: column c+t
/// sums `x_j y_{c+t-j}` over every j with `0 <= j < len(x)`, `0 <= c+t-j < len(y)` and, for
/// [`Terms::BelowDiagonal`], `2j < c+t`. K is even and c a multiple of K.
///
/// Column c+t has terms for lo(t) <= j <= hi(t), both non-decreasing in t. Between the largest
/// lo and the smallest hi every column has a term: the full range, one register operand and K
/// memory operands per j ([`full_range`], or [`full_range_pair`] for two products at once).
/// What lies outside it is, in all but about three blocks of a product, one of three fixed
/// triangles with constant offsets ([`top_of_product`], [`top_of_square`],
/// [`bottom_of_upper`]); the remaining blocks (the one crossing the middle column, the last
/// one or two, and blocks of tiny elements) go column by column through [`by_column`].
#[derive(Clone, Copy)]
pub(super) struct Block {
    c: isize,
    lx: isize,
    ly: isize,
    terms: Terms,
    /// The fixed triangles (top, bottom) outside the full range, or `None`: column by column.
    edges: Option<(bool, bool)>,
}

impl Block {
    /// The block of columns c..c+K of x y, for x of `lx` and y of `ly` digits.
    ///
    /// Leaks: the lengths and c (public sizes and positions).
    pub(super) fn new<const K: usize>(lx: usize, ly: usize, c: usize, terms: Terms) -> Self {
        const { assert!(K >= 2 && K & 1 == 0) };
        debug_assert_eq!(c & (K - 1), 0);
        let mut b = Block {
            c: c as isize,
            lx: lx as isize,
            ly: ly as isize,
            terms,
            edges: None,
        };
        let (k, ci) = (K as isize, c as isize);
        let (lo_first, lo_last, hi_first, hi_last) = (b.lo(0), b.lo(k - 1), b.hi(0), b.hi(k - 1));
        // The top edge: none (hi constant), or the triangle of a product (hi(t) = c + t), or
        // that of a square (hi(t) = (c + t - 1) / 2).
        let top = if hi_first == hi_last {
            Some(false)
        } else {
            match terms {
                Terms::All if ci + k <= b.lx => Some(true),
                Terms::BelowDiagonal if (ci + k - 2) >> 1 < b.lx => Some(true),
                _ => None,
            }
        };
        // The bottom edge: none (lo constant) or the triangle lo(t) = c + t + 1 - len(y).
        let bottom = if lo_first == lo_last {
            Some(false)
        } else if ci + 1 >= b.ly {
            Some(true)
        } else {
            None
        };
        // The triangles must meet at most end to end, so that each of their terms lies within
        // its column's range.
        if let (Some(top), Some(bottom)) = (top, bottom) {
            if lo_last <= hi_first + 1 {
                b.edges = Some((top, bottom));
            }
        }
        b
    }

    fn lo(&self, t: isize) -> isize {
        (self.c + t + 1 - self.ly).max(0)
    }

    fn hi(&self, t: isize) -> isize {
        let h = (self.lx - 1).min(self.c + t);
        match self.terms {
            Terms::All => h,
            Terms::BelowDiagonal => h.min((self.c + t - 1) >> 1),
        }
    }

    /// The full range: lo(K-1)..=hi(0), empty when the first exceeds the second.
    pub(super) fn full<const K: usize>(&self) -> (isize, isize) {
        (self.lo(K as isize - 1), self.hi(0))
    }

    /// Every term outside the full range.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn edges<const K: usize>(&self, a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
        let c = self.c as usize;
        match self.edges {
            Some((top, bottom)) => {
                if top {
                    match self.terms {
                        Terms::All => top_of_product(a, &x[c + 1..c + K], &y[..K - 1]),
                        Terms::BelowDiagonal => {
                            let h = c >> 1;
                            top_of_square(a, &x[h..h + (K >> 1)], &y[h + 1..h + K]);
                        }
                    }
                }
                if bottom {
                    let (b, ly) = (self.lo(0) as usize, y.len());
                    bottom_of_upper(a, &x[b..b + K - 1], &y[ly + 1 - K..]);
                }
            }
            None => by_column(a, x, y, c, |t| (self.lo(t), self.hi(t)), self.full::<K>()),
        }
    }
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

/// [`full_range`] for two products at once, x1 y1 and x2 y2, over one j range where both have a
/// term in every column: two register operands and 2K memory operands per j, one loop instead
/// of two.
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
fn bottom_of_upper<const K: usize>(a: &mut [__m256i; K], x: &[__m256i], y: &[__m256i]) {
    for v in 0..K - 1 {
        for t in 0..=v {
            a[t] = mac(a[t], x[v], y[K - 2 + t - v]);
        }
    }
}

/// Every column on its own: `a[t] += x_j y_{c+t-j}` for j in `range(t)` but not in the full
/// range `full.0..=full.1` (when that is not empty), one register per column: the edges of the
/// blocks that have no fixed triangles.
#[target_feature(enable = "avx2")]
#[inline]
fn by_column<const K: usize>(
    a: &mut [__m256i; K],
    x: &[__m256i],
    y: &[__m256i],
    c: usize,
    range: impl Fn(isize) -> (isize, isize),
    full: (isize, isize),
) {
    // With an empty full range, nothing to skip: all of each column's range lies "below".
    let (below_end, above_start) = if full.0 <= full.1 {
        full
    } else {
        (isize::MAX, isize::MAX)
    };
    for (t, at) in a.iter_mut().enumerate() {
        let (l, h) = range(t as isize);
        let below = l..below_end.min(h + 1);
        let above = above_start.saturating_add(1).max(l)..h + 1;
        let mut s = _mm256_setzero_si256();
        for part in [below, above] {
            for j in part.start.max(0) as usize..part.end.max(0) as usize {
                s = mac(s, x[j], y[c + t - j]);
            }
        }
        *at = _mm256_add_epi64(*at, s);
    }
}
