//! Word-sliced products by row blocks (seed 001's schoolbook batch product, with the delayed
//! carry of seed 004).
//!
//! A block of K digits of x stays in registers (K <= 14) while y streams past, one digit a
//! step; K + 1 accumulators hold the columns the block touches at that step. Step j adds
//! `lo52(x_t y_j)` to column `i0 + t + j` and `hi52(x_t y_j)` to column `i0 + t + j + 1`; the
//! lowest column is then complete for this block, is added to memory, and the accumulators
//! shift down one column. So every digit pair is touched once, with no block edges to test,
//! and memory sees one load of y and one column update per 2K IFMAs.
//!
//! Column bound: every term is below 2^52 and a column gets at most 2 min(nx, ny) of them;
//! callers add at most two such products into one column: below 4 * 158 * 2^52 < 2^62 for the
//! largest batch size (158 digits, 8192 bits). No carry is propagated here.
//!
//! A column range `c0..c1` gives the truncated products of the reduction: steps whose columns
//! all lie outside the range are skipped, and accumulators for columns outside it are never
//! stored. Terms in the first and last K steps of a block may land outside and are computed
//! in vain (at most K^2 IFMAs a block).
//!
//! Registers: K digits of x, K + 1 accumulators, the digit of y: 30 of the 32 zmm registers at
//! K = 14, so nothing spills whatever the size (the fully unrolled kernels of Intel's
//! crypto_mb spill above 30 digits). Each accumulator takes two IFMAs a step (8 cycles at
//! latency 4) while the 2K IFMAs of a step keep both units busy for K cycles.

use crate::batch::lanes::Lanes;

/// `$body` for `$t` = 0, 1, .. 13, skipping `$t >= $k` (see `unroll_below!`).
macro_rules! unrolled {
    ($k:expr, |$t:ident| $body:block) => {
        unroll_below!($k, |$t| $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13)
    };
}

/// Most digits of x held in registers at once.
const MAX_ROWS: usize = 14;

/// Calls `$f::<V, K>($args)` with K the runtime `$k` in 1..=14.
macro_rules! with_rows {
    ($k:expr, $f:ident ($($arg:expr),*)) => {
        dispatch_const!($k, $f($($arg),*), 1 2 3 4 5 6 7 8 9 10 11 12 13 ; 14)
    };
}

/// The row blocks of `n` digits: as few as possible, of sizes differing by at most one (so no
/// small block runs short of independent accumulators).
#[allow(clippy::integer_division_remainder_used, reason = "public sizes only")]
fn row_blocks(n: usize) -> impl Iterator<Item = (usize, usize)> {
    let blocks = n.div_ceil(MAX_ROWS).max(1);
    (0..blocks).map(move |b| {
        // Block b starts at floor(b n / blocks): sizes floor or ceil of n / blocks.
        let start = b * n / blocks;
        (start, (b + 1) * n / blocks - start)
    })
}

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
    if !accumulate {
        clear_columns::<V>(&mut out[..(c1 - c0) * l]);
    }
    for (i0, k) in row_blocks(V::digits(x.len())) {
        with_rows!(k, product_rows(out, x, y, i0, c0, c1));
    }
}

/// How a row block of a squaring puts a finished column into memory.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flush {
    /// Add it to what is there.
    Add,
    /// Overwrite memory not yet written: the first block's columns, and every block's last K
    /// (see [`off_diagonal_columns`]). (Products clear their
    /// columns instead: storing there measured 4.4% slower at 2048 bits, 3% faster at 1024;
    /// for squarings 4.6% faster at 1024 and even at 2048.)
    Store,
}

/// Add the terms of digits `i0..i0 + K` of x times y landing in columns `c0..c1` to `out`.
#[inline(always)]
fn product_rows<V: Lanes, const K: usize>(
    out: &mut [u64],
    x: &[u64],
    y: &[u64],
    i0: usize,
    c0: usize,
    c1: usize,
) {
    let l = V::LANES;
    let ny = V::digits(y.len());
    if i0 >= c1 {
        return;
    }
    assert!(out.len() >= (c1 - c0) * l);
    let (xr, mut acc, zero) = start_rows::<V, K>(x, i0);
    // One step: the terms of y_j whose rows pass `$lo` / `$hi`, the lowest column out if it
    // lies in the range, the shift.
    macro_rules! step {
        ($j:expr, |$t:ident| $lo:expr, $hi:expr) => {{
            let j: usize = $j;
            // SAFETY: j < ny (every caller's range ends by `end` <= ny).
            let yj = unsafe { V::load(y.as_ptr().add(j * l)) };
            unrolled!(K, |$t| {
                if $lo {
                    acc[$t] = acc[$t].madd_lo(xr[$t], yj);
                }
                if $hi {
                    acc[$t + 1] = acc[$t + 1].madd_hi(xr[$t], yj);
                }
            });
            let col = i0 + j;
            if col >= c0 {
                // col < c1 since j < c1 - i0.
                add_column::<V>(out, col - c0, acc[0]);
            }
            unrolled!(K, |t| {
                acc[t] = acc[t + 1];
            });
            acc[K] = zero;
        }};
    }
    // Steps before c0 - i0 - K touch only columns below c0; from c1 - i0 on, only columns at
    // or above c1. Between, the first K steps (the head, j < c0 - i0) have terms below c0 and
    // the last K (the tail, j >= c1 - i0 - K) terms at or above c1: they are unrolled, each
    // with its rows known at compile time, so no IFMA is spent on a term out of range.
    let first = c0.saturating_sub(i0 + K);
    let end = ny.min(c1 - i0);
    let head_end = c0.saturating_sub(i0).clamp(first, end);
    let tail_start = (c1 - i0).saturating_sub(K).clamp(head_end, end);
    // Head step s is j = c0 - i0 - K + s: row t's lo term lands in column c0 - K + s + t,
    // its hi term one higher.
    let head_base = c0 as isize - i0 as isize - K as isize;
    unrolled!(K, |s| {
        let j = head_base + s as isize;
        if j >= first as isize && (j as usize) < head_end {
            step!(j as usize, |t| t + s >= K, t + s + 1 >= K);
        }
    });
    for j in head_end..tail_start {
        step!(j, |t| true, true);
    }
    // Tail step u is j = c1 - i0 - K + u: row t's lo term lands in column c1 - K + u + t.
    let tail_base = (c1 - i0) as isize - K as isize;
    unrolled!(K, |u| {
        let j = tail_base + u as isize;
        if j >= tail_start as isize && (j as usize) < end {
            step!(j as usize, |t| t + u < K, t + u + 1 < K);
        }
    });
    unrolled!(K, |t| {
        let col = i0 + end + t;
        if col >= c0 && col < c1 {
            add_column::<V>(out, col - c0, acc[t]);
        }
    });
}

/// `out[0..2n] =` the columns of x^2 (n digits): the products `x_i x_j` with `i < j` once,
/// doubled by one addition, then the squares `x_i x_i` (about half the IFMAs of
/// [`product_columns`]). Bounds and leaks as there.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn square_columns<V: Lanes>(out: &mut [u64], x: &[u64]) {
    let l = V::LANES;
    let n = V::digits(x.len());
    off_diagonal_columns::<V>(out, x);
    // Twice the off-diagonal sums (below 2 * 2n * 2^52, counted in the module bound), plus
    // lo(x_i^2) in column 2i and hi(x_i^2) in column 2i + 1.
    for i in 0..n {
        // SAFETY: i < n; columns 2i and 2i + 1 lie below 2n (asserted in
        // off_diagonal_columns); target features as above.
        unsafe {
            let xi = V::load(x.as_ptr().add(i * l));
            let (p0, p1) = (
                out.as_mut_ptr().add(2 * i * l),
                out.as_mut_ptr().add((2 * i + 1) * l),
            );
            let (a0, a1) = (V::load(p0), V::load(p1));
            a0.add(a0).madd_lo(xi, xi).store(p0);
            a1.add(a1).madd_hi(xi, xi).store(p1);
        }
    }
}

/// `out[0..2n] =` the columns of `sum_(i<j) x_i x_j b^(i+j)` (n digits): the off-diagonal
/// half of x^2, for callers that double it and add the squares themselves. Bounds and leaks
/// as [`product_columns`].
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn off_diagonal_columns<V: Lanes>(out: &mut [u64], x: &[u64]) {
    let l = V::LANES;
    let n = V::digits(x.len());
    assert!(out.len() >= 2 * n * l);
    // Block (i0, K) writes columns 2 i0 + 1 .. i0 + n + K. Those below i0 + n (its steps'
    // columns) the blocks before it have reached, since the previous block (i0' + K' = i0)
    // ends at i0' + n + K' = i0 + n: it adds them, except the first block, which stores them.
    // Its last K columns, i0 + n .. i0 + n + K, lie above every column written so far: it
    // stores them. The last block ends at 2n, so only column 0 is left to clear. (Clearing
    // the columns above the first block was a `memset` call, 1% of a 1024-bit
    // exponentiation in `perf`; without it, even in 16 paired runs.)
    clear_columns::<V>(&mut out[..l]);
    for (b, (i0, k)) in row_blocks(n).enumerate() {
        let flush = if b == 0 { Flush::Store } else { Flush::Add };
        with_rows!(k, square_rows(out, x, i0, flush));
    }
}

/// From this many digits [`square_karatsuba`] squares. Measured on Zen 5 (whole batch
/// exponentiations, cpu time, Karatsuba from 30 digits against never, medians of 6-8 paired
/// runs): 1.035x slower at 2048 bits, 1.03x slower at 3072, even at 4096, 3% faster at 8192.
/// The half-size squarings run shorter row blocks and the extra passes cost what the 1/4 of
/// IFMAs saves until about 120 digits. Those runs predate the blocked reduction, whose
/// squarings take their columns from [`square_columns`] always: Karatsuba there from 30
/// digits measured 1.03x slower at 2048 bits (8-lane exponentiations, four alternating
/// runs: 259.5-262.5 against 267.0-270.5 us a lane), even at 3072 and within noise (1%) at
/// 4096, so it was left out.
pub(crate) const KARATSUBA_DIGITS: usize = 120;

/// `out[0..2d] = columns of x^2` by one Karatsuba step: with x = x1 b^h + x0 (h = d / 2
/// digits in x0), x^2 = x1^2 b^2h + ((x0 + x1)^2 - x0^2 - x1^2) b^h + x0^2: three half-size
/// squarings, about 3/4 of the IFMAs of [`square_columns`]. The middle term's columns may be
/// negative (the column representation of a product is not unique): they are two's-complement
/// 64-bit values of magnitude below 2^62, and the normalisation shifts arithmetically.
/// `scratch` holds at least 3 (d / 2 + 2) digits.
///
/// Leaks: the size only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn square_karatsuba<V: Lanes>(out: &mut [u64], x: &[u64], scratch: &mut [u64]) {
    let l = V::LANES;
    let d = V::digits(x.len());
    let h = d >> 1;
    let m = d - h;
    assert!(h >= 2 && out.len() >= 2 * d * l && scratch.len() >= (3 * m + 3) * l);
    let (sum, rest) = scratch.split_at_mut((m + 1) * l);
    let mid = &mut rest[..2 * (m + 1) * l];
    // x0^2 in columns 0..2h, x1^2 in 2h..2d.
    square_columns::<V>(&mut out[..2 * h * l], &x[..h * l]);
    square_columns::<V>(&mut out[2 * h * l..2 * d * l], &x[h * l..]);
    // s = x0 + x1, normalised into m + 1 digits (digit sums below 2^53, carries 0 or 1).
    // SAFETY (this block): digit i < m of x1 and of sum, i < h of x0; target features as here.
    unsafe {
        let mut carry = V::splat(0);
        for i in 0..m {
            let mut v = V::load(x.as_ptr().add((h + i) * l)).add(carry);
            if i < h {
                v = v.add(V::load(x.as_ptr().add(i * l)));
            }
            carry = v.carry();
            v.digit().store(sum.as_mut_ptr().add(i * l));
        }
        carry.store(sum.as_mut_ptr().add(m * l));
    }
    square_columns::<V>(mid, sum);
    // mid -= x0^2 and x1^2 column by column (read before out is touched), then onto out at h.
    for i in 0..2 * (m + 1) {
        // SAFETY: column i of mid; columns i < 2h and 2h + i < 2d of out.
        unsafe {
            let p = mid.as_mut_ptr().add(i * l);
            let mut v = V::load(p);
            if i < 2 * h {
                v = v.sub(V::load(out.as_ptr().add(i * l)));
            }
            if i < 2 * m {
                v = v.sub(V::load(out.as_ptr().add((2 * h + i) * l)));
            }
            v.store(p);
        }
    }
    for i in 0..2 * (m + 1) {
        // h + 2m + 2 <= 2d since h >= 2.
        // SAFETY: column i of mid.
        add_column::<V>(out, h + i, unsafe { V::load(mid.as_ptr().add(i * l)) });
    }
}

/// Add (or with [`Flush::Store`], store) the terms `x_(i0 + t) x_j` with `i0 + t < j` of
/// digits `i0..i0 + K` to `out`, columns 2 i0 + 1 .. i0 + n; store the block's last K
/// columns, i0 + n .. i0 + n + K (those below 2n).
#[inline(always)]
fn square_rows<V: Lanes, const K: usize>(out: &mut [u64], x: &[u64], i0: usize, flush: Flush) {
    let l = V::LANES;
    let n = V::digits(x.len());
    assert!(out.len() >= 2 * n * l);
    let (xr, mut acc, zero) = start_rows::<V, K>(x, i0);
    // acc[t] holds column i0 + j + t at step j; pairs need j > i0 + t, so the first K - 1
    // steps (the head, j = i0 + 1 + s) take only rows t <= s: unrolled, with the rows known at
    // compile time.
    macro_rules! step {
        ($j:expr, |$t:ident| $ok:expr) => {{
            let j: usize = $j;
            // SAFETY: j < n.
            let yj = unsafe { V::load(x.as_ptr().add(j * l)) };
            unrolled!(K, |$t| {
                if $ok {
                    acc[$t] = acc[$t].madd_lo(xr[$t], yj);
                    acc[$t + 1] = acc[$t + 1].madd_hi(xr[$t], yj);
                }
            });
            put_column::<V>(out, i0 + j, acc[0], flush);
            unrolled!(K, |t| {
                acc[t] = acc[t + 1];
            });
            acc[K] = zero;
        }};
    }
    unrolled!(K, |s| {
        if s + 1 < K && i0 + 1 + s < n {
            step!(i0 + 1 + s, |t| t <= s);
        }
    });
    for j in (i0 + K).min(n)..n {
        step!(j, |t| true);
    }
    let end = n.max(i0 + 1);
    unrolled!(K, |t| {
        if i0 + end + t < 2 * n {
            put_column::<V>(out, i0 + end + t, acc[t], Flush::Store);
        }
    });
}

/// Digits `i0..i0 + K` of x in registers, the K + 1 accumulators (acc[t] holds column
/// i0 + j + t at step j) zeroed, and a zero register.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn start_rows<V: Lanes, const K: usize>(x: &[u64], i0: usize) -> ([V; K], [V; MAX_ROWS + 1], V) {
    let l = V::LANES;
    assert!((i0 + K) * l <= x.len());
    // SAFETY: the callers' target features cover V's.
    let zero = unsafe { V::splat(0) };
    let mut xr = [zero; K];
    unrolled!(K, |t| {
        // SAFETY: i0 + t < i0 + K, within x (asserted).
        xr[t] = unsafe { V::load(x.as_ptr().add((i0 + t) * l)) };
    });
    (xr, [zero; MAX_ROWS + 1], zero)
}

/// `out[col] += v`, or `= v` for [`Flush::Store`].
#[inline(always)]
fn put_column<V: Lanes>(out: &mut [u64], col: usize, v: V, flush: Flush) {
    if flush == Flush::Store {
        let l = V::LANES;
        assert!((col + 1) * l <= out.len());
        // SAFETY: column col lies within out (asserted); the callers' target features cover V's.
        unsafe { v.store(out.as_mut_ptr().add(col * l)) };
    } else {
        add_column::<V>(out, col, v);
    }
}

/// Zero every column of `out`, one vector store a column (a `fill(0)` here was a call to
/// `memset`: 4% of a 1024-bit exponentiation).
#[inline(always)]
fn clear_columns<V: Lanes>(out: &mut [u64]) {
    let l = V::LANES;
    // SAFETY: the callers' target features cover V's.
    let zero = unsafe { V::splat(0) };
    for c in 0..V::digits(out.len()) {
        // SAFETY: column c lies within out.
        unsafe { zero.store(out.as_mut_ptr().add(c * l)) };
    }
}

/// `out[col] += v`.
#[inline(always)]
fn add_column<V: Lanes>(out: &mut [u64], col: usize, v: V) {
    let l = V::LANES;
    assert!((col + 1) * l <= out.len());
    // SAFETY: column col lies within out (asserted); the callers' target features cover V's.
    unsafe {
        let p = out.as_mut_ptr().add(col * l);
        V::load(p).add(v).store(p);
    }
}
