//! Word-sliced products by column blocks (seed 001's schoolbook batch product, with the
//! delayed carry of seed 004): `BLOCK` consecutive output columns live in registers while
//! every digit pair that lands in them is accumulated, then they are stored once.
//!
//! Column `col` of `x * y` collects `lo52(x_i y_j)` for `i + j = col` and `hi52(x_i y_j)` for
//! `i + j + 1 = col`. Every term is below 2^52, a column gets at most 2 min(nx, ny) of them,
//! and callers add at most two such products into one column: below 4 * 158 * 2^52 < 2^62
//! for the largest batch size (158 digits, 8192 bits). No carry is propagated here.
//!
//! Computing only a range of columns is how the truncated products of the reduction are made
//! (the low half for the quotient, the high half for `Q N`): columns outside the range cost
//! nothing.
//!
//! Register blocking: 16 accumulators, the digit of x, and the two digits of y each step
//! loads: 19 of the 32 zmm registers, so nothing spills whatever the size (the fully unrolled
//! kernels of Intel's crypto_mb spill above 30 digits). Each accumulator takes two dependent
//! IFMAs per digit of x (8 cycles at latency 4) while the 32 IFMAs of the step keep both units
//! busy for 16 cycles: the chains never stall the units.

#![deny(clippy::integer_division_remainder_used)]

use crate::batch::lanes::Lanes;
use crate::batch::sliced::per_lane;

/// Output columns held in registers at once.
const BLOCK: usize = 16;

/// `out[col - c0] (+)= column col of x * y` for `col` in `c0..c1`; with `accumulate` the
/// columns are added to what `out` holds, else they replace it. `x` and `y` are word-sliced
/// (digit i of every lane at `i * LANES`), normalised below 2^52 per digit.
///
/// Leaks: the sizes and the column range only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn product_columns<V: Lanes>(
    out: &mut [u64],
    x: &[u64],
    y: &[u64],
    c0: usize,
    c1: usize,
    accumulate: bool,
) {
    let l = V::LANES;
    assert!(c0 <= c1 && out.len() >= (c1 - c0) * l);
    let mut c = c0;
    while c + BLOCK <= c1 {
        product_block::<V, BLOCK>(out, x, y, c0, c, accumulate);
        c += BLOCK;
    }
    // The tail in halving blocks: 8, 4, 2, 1 columns.
    if c + 8 <= c1 {
        product_block::<V, 8>(out, x, y, c0, c, accumulate);
        c += 8;
    }
    if c + 4 <= c1 {
        product_block::<V, 4>(out, x, y, c0, c, accumulate);
        c += 4;
    }
    if c + 2 <= c1 {
        product_block::<V, 2>(out, x, y, c0, c, accumulate);
        c += 2;
    }
    if c < c1 {
        product_block::<V, 1>(out, x, y, c0, c, accumulate);
    }
}

/// Columns `c..c + K` of `x * y` into `out[(c - c0)..]`.
#[inline(always)]
fn product_block<V: Lanes, const K: usize>(
    out: &mut [u64],
    x: &[u64],
    y: &[u64],
    c0: usize,
    c: usize,
    accumulate: bool,
) {
    let l = V::LANES;
    let (nx, ny) = (per_lane(x.len(), l), per_lane(y.len(), l));
    let dst = &mut out[(c - c0) * l..(c - c0 + K) * l];
    let mut acc = start_block::<V, K>(dst, accumulate);
    // Digit i of x meets column c + kk through y_(c + kk - i) (lo) and y_(c + kk - 1 - i) (hi).
    // It meets some column of the block when c - ny <= i <= c + K - 1; every one of the 2K
    // terms exists when c + K - ny <= i <= c - 1.
    let first = c.saturating_sub(ny);
    let end = nx.min(c + K);
    let full = (c + K).saturating_sub(ny)..nx.min(c);
    for i in first..end {
        // SAFETY: i < nx, so x has LANES words at i * LANES.
        let xi = unsafe { V::load(x.as_ptr().add(i * l)) };
        if full.contains(&i) {
            // SAFETY: i <= c - 1 and i >= c + K - ny, so the digits of y read, c - 1 - i up to
            // c + K - 1 - i, all lie in 0..ny.
            let yp = unsafe { y.as_ptr().add((c - 1 - i) * l) };
            for (kk, a) in acc.iter_mut().enumerate() {
                // SAFETY: as above.
                let (ylo, yhi) =
                    unsafe { (V::load(yp.add((kk + 1) * l)), V::load(yp.add(kk * l))) };
                *a = a.madd_lo(xi, ylo).madd_hi(xi, yhi);
            }
        } else {
            // A block edge: check each term (the indices are public).
            for (kk, a) in acc.iter_mut().enumerate() {
                let col = c + kk;
                if col >= i && col - i < ny {
                    // SAFETY: col - i < ny.
                    *a = a.madd_lo(xi, unsafe { V::load(y.as_ptr().add((col - i) * l)) });
                }
                if col > i && col - 1 - i < ny {
                    // SAFETY: col - 1 - i < ny.
                    *a = a.madd_hi(xi, unsafe { V::load(y.as_ptr().add((col - 1 - i) * l)) });
                }
            }
        }
    }
    finish_block::<V, K>(dst, &acc);
}

/// `out[col - c0] (+)= column col of x^2` for `col` in `c0..c1`: the products `x_i x_j` with
/// `i < j` once, doubled by one addition, then the squares `x_i x_i` (about half the IFMAs of
/// [`product_columns`]). Bounds and leaks as there.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn square_columns<V: Lanes>(
    out: &mut [u64],
    x: &[u64],
    c0: usize,
    c1: usize,
    accumulate: bool,
) {
    let l = V::LANES;
    assert!(c0 <= c1 && out.len() >= (c1 - c0) * l);
    let mut c = c0;
    while c + BLOCK <= c1 {
        square_block::<V, BLOCK>(out, x, c0, c, accumulate);
        c += BLOCK;
    }
    if c + 8 <= c1 {
        square_block::<V, 8>(out, x, c0, c, accumulate);
        c += 8;
    }
    if c + 4 <= c1 {
        square_block::<V, 4>(out, x, c0, c, accumulate);
        c += 4;
    }
    if c + 2 <= c1 {
        square_block::<V, 2>(out, x, c0, c, accumulate);
        c += 2;
    }
    if c < c1 {
        square_block::<V, 1>(out, x, c0, c, accumulate);
    }
}

/// Columns `c..c + K` of `x^2` into `out[(c - c0)..]`.
#[inline(always)]
fn square_block<V: Lanes, const K: usize>(
    out: &mut [u64],
    x: &[u64],
    c0: usize,
    c: usize,
    accumulate: bool,
) {
    let l = V::LANES;
    let n = per_lane(x.len(), l);
    let dst = &mut out[(c - c0) * l..(c - c0 + K) * l];
    // SAFETY: called from `square_columns`, whose target features cover V's.
    let zero = unsafe { V::splat(0) };
    let mut acc = [zero; K];
    // Pairs i < j: digit i meets column c + kk through j = c + kk - i (lo, needs 2i < c + kk)
    // and j = c + kk - 1 - i (hi, needs 2i + 1 < c + kk), with j < n. Some term exists for
    // c - n <= i and 2i <= c + K - 2; all 2K exist for c + K - n <= i and 2i <= c - 2.
    let first = c.saturating_sub(n);
    let end = if c + K >= 2 {
        n.min(((c + K - 2) >> 1) + 1)
    } else {
        0
    };
    let full = (c + K).saturating_sub(n)..if c >= 2 { n.min(((c - 2) >> 1) + 1) } else { 0 };
    for i in first..end {
        // SAFETY: i < n.
        let xi = unsafe { V::load(x.as_ptr().add(i * l)) };
        if full.contains(&i) {
            // SAFETY: c - 1 - i >= i + 1 >= 0 and c + K - 1 - i < n, as for `product_block`.
            let yp = unsafe { x.as_ptr().add((c - 1 - i) * l) };
            for (kk, a) in acc.iter_mut().enumerate() {
                // SAFETY: as above.
                let (ylo, yhi) =
                    unsafe { (V::load(yp.add((kk + 1) * l)), V::load(yp.add(kk * l))) };
                *a = a.madd_lo(xi, ylo).madd_hi(xi, yhi);
            }
        } else {
            for (kk, a) in acc.iter_mut().enumerate() {
                let col = c + kk;
                if col > 2 * i && col - i < n {
                    // SAFETY: col - i < n.
                    *a = a.madd_lo(xi, unsafe { V::load(x.as_ptr().add((col - i) * l)) });
                }
                if col > 2 * i + 1 && col - 1 - i < n {
                    // SAFETY: col - 1 - i < n.
                    *a = a.madd_hi(xi, unsafe { V::load(x.as_ptr().add((col - 1 - i) * l)) });
                }
            }
        }
    }
    for (kk, a) in acc.iter_mut().enumerate() {
        let col = c + kk;
        // Twice the off-diagonal sum: below 2 * 2n * 2^52 (the module bound counts it).
        *a = a.add(*a);
        let d = col >> 1;
        if d < n {
            // SAFETY: d < n.
            let xd = unsafe { V::load(x.as_ptr().add(d * l)) };
            *a = if col & 1 == 0 {
                a.madd_lo(xd, xd)
            } else {
                a.madd_hi(xd, xd)
            };
        }
    }
    if accumulate {
        for (kk, a) in acc.iter_mut().enumerate() {
            // SAFETY: dst has K * LANES words.
            *a = a.add(unsafe { V::load(dst.as_ptr().add(kk * l)) });
        }
    }
    finish_block::<V, K>(dst, &acc);
}

/// The block's accumulators: what `dst` holds, or zero.
#[inline(always)]
fn start_block<V: Lanes, const K: usize>(dst: &[u64], accumulate: bool) -> [V; K] {
    let l = V::LANES;
    assert!(dst.len() == K * l);
    // SAFETY: called from the kernels above, whose target features cover V's.
    let zero = unsafe { V::splat(0) };
    let mut acc = [zero; K];
    if accumulate {
        for (kk, a) in acc.iter_mut().enumerate() {
            // SAFETY: dst has K * LANES words.
            *a = unsafe { V::load(dst.as_ptr().add(kk * l)) };
        }
    }
    acc
}

/// Store the block's accumulators to `dst`.
#[inline(always)]
fn finish_block<V: Lanes, const K: usize>(dst: &mut [u64], acc: &[V; K]) {
    let l = V::LANES;
    assert!(dst.len() == K * l);
    for (kk, a) in acc.iter().enumerate() {
        // SAFETY: dst has K * LANES words.
        unsafe { a.store(dst.as_mut_ptr().add(kk * l)) };
    }
}
