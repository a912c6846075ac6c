//! Almost-Montgomery multiplication with the reduction interleaved row by row as in
//! [`super::interleaved`] (operand scanning, seed 001's AMM form), for any digit count: the
//! columns live in an L1-resident buffer and a group of G rows (G digits b_i of the multiplier
//! and their quotient digits y_i) passes over it at once, so each column is loaded and stored
//! once per group, not once per row (the "multiple rows per pass" form of word-by-word
//! Montgomery).
//!
//! With R = 2^(52 d), 4N < R, k0 = -N^-1 mod 2^52 and T the column buffer (T = 0, or for a
//! squaring the columns of a^2), the group of rows i0..i0 + G:
//! 1. prologue (the serial part): columns i0..i0 + G - 1 (the triangle) in registers; add the
//!    terms of the group's rows b_(i0+r) a_j landing there; then for r = 0..G - 1:
//!    y_r = lo52(column_r k0), add the terms of y_r N landing in the triangle, and the carry of
//!    column r (now a multiple of 2^52) into column r + 1 (for r = G - 1, into column G);
//! 2. sweep: b_(i0..i0+G) and y_(0..G) in registers, a_j and N_j streamed past for j = 0..d,
//!    G + 1 accumulators holding columns i0 + j .. i0 + j + G (as in [`super::product`]):
//!    every term not in the triangle, and the lowest column added to T once complete.
//!
//! After d rows, T's columns d..2d hold (a b + Y N) / R < (4N^2 + R N) / R < 2N, normalised by
//! one carry pass: the same output as [`super::interleaved`] and [`super::reduce`].
//!
//! IFMA counts within d of the interleaved form's: about 4d^2 a product, square_columns'
//! d^2 + d plus about 2d^2 a squaring.
//!
//! Column bound: a column takes at most 2d terms of a b (or holds a column of a^2, below
//! 4 d 2^52, see `product.rs`), 2d terms of Y N, each below 2^52, and one carry below 2^12:
//! under 6 * 158 * 2^52 + 2^12 < 2^62 for the largest batch size (158 digits).
//!
//! Registers of the product's sweep: G digits of b, G quotients, twice G + 1 accumulators,
//! a_j and N_j: 4G + 4, 28 at G = 6; the squaring's sweep 2G + 2 (no b, no a, one set of
//! accumulators), 26 at G = 12.
//!
//! Measurements and the variants tried: the notes below (docs/batch-ifma-blocked.md).
#![doc = include_str!("../../../docs/batch-ifma-blocked.md")]
use super::carry::normalise_into;
use super::product::square_columns;
use crate::batch::lanes::{Lanes, DIGIT_MASK};

/// Most rows of a product's group.
const MUL_GROUP: usize = 6;
/// Most rows of a squaring's reduction group.
const SQR_GROUP: usize = 12;
// The last rows of `mont_mul`'s and `mont_sqr`'s `dispatch_const!` lists.
const _: () = assert!(MUL_GROUP == 6 && SQR_GROUP == 12);
/// Register array sizes: the larger group, plus one accumulator, plus one so that the
/// unrolled bodies for indices up to 12 type-check at every G (those beyond G are compiled
/// out).
const SLOTS: usize = 14;
/// The triangle's array: indices r + j + 1 up to 25 type-check.
const TRIANGLE: usize = 26;

/// `$body` for `$t` = 0, 1, .. 12, skipping `$t >= $k` (see `unroll_below!`).
macro_rules! each_row {
    ($k:expr, |$t:ident| $body:block) => {
        unroll_below!($k, |$t| $body, 0 1 2 3 4 5 6 7 8 9 10 11 12)
    };
}

/// The groups of `d` rows with at most `max` rows each: as few as possible, of sizes
/// differing by at most one.
#[allow(clippy::integer_division_remainder_used, reason = "public sizes only")]
fn groups(d: usize, max: usize) -> impl Iterator<Item = (usize, usize)> {
    let count = d.div_ceil(max).max(1);
    (0..count).map(move |g| {
        let start = g * d / count;
        (start, (g + 1) * d / count - start)
    })
}

/// `out = a b / R mod N`, below 2N, for `a, b < 2N`, word-sliced and normalised; `n_prime`
/// is -N^-1 mod R (only its digit 0 is read); `t` is scratch of 2d digits.
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_mul<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    n_prime: &[u64],
    t: &mut [u64],
) {
    let l = V::LANES;
    let d = V::digits(n.len());
    assert!(t.len() >= 2 * d * l && n_prime.len() >= l);
    // SAFETY: digit 0 of n_prime (asserted).
    let k0 = unsafe { V::load(n_prime.as_ptr()) };
    // No column is cleared: the first group stores every column it completes, and each
    // group's last G columns, i0 + d .. i0 + d + G, lie above every column the groups before
    // it reached (i0 + d - 1 at most), so it stores those too; the groups' last columns
    // cover d..2d, the result, exactly. (The buffer cleared first was a call to `memset`:
    // 1.1% of a 2048-bit exponentiation.)
    for (i0, g) in groups(d, MUL_GROUP) {
        // Up to MUL_GROUP = 6 rows (`groups`): no kernel is compiled for more.
        dispatch_const!(g, mul_group(t, a, b, n, k0, i0), 1 2 3 4 5 ; 6);
    }
    normalise_into::<V>(out, &t[d * l..2 * d * l]);
}

/// `out = a^2 / R mod N`, below 2N, for `a < 2N`: the columns of a^2 (`square_columns`),
/// then the groups of [`mont_mul`] without the terms of a b. `t` is scratch of 2d digits.
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_sqr<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    n: &[u64],
    n_prime: &[u64],
    t: &mut [u64],
) {
    let l = V::LANES;
    let d = V::digits(n.len());
    assert!(t.len() >= 2 * d * l && n_prime.len() >= l && a.len() == d * l);
    square_columns::<V>(&mut t[..2 * d * l], a);
    // SAFETY: digit 0 of n_prime (asserted); target features as here.
    let k0 = unsafe { V::load(n_prime.as_ptr()) };
    for (i0, g) in groups(d, SQR_GROUP) {
        // Up to SQR_GROUP = 12 rows.
        dispatch_const!(g, sqr_group(t, a, a, n, k0, i0), 1 2 3 4 5 6 7 8 9 10 11 ; 12);
    }
    normalise_into::<V>(out, &t[d * l..2 * d * l]);
}

/// Rows `i0..i0 + G` of a product; the first group (i0 = 0) over a buffer not yet written:
/// its columns taken as zero, the columns it completes stored.
#[inline(always)]
fn mul_group<V: Lanes, const G: usize>(
    t: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: V,
    i0: usize,
) {
    if i0 == 0 {
        group::<V, G, true, true>(t, a, b, n, k0, i0);
    } else {
        group::<V, G, true, false>(t, a, b, n, k0, i0);
    }
}

/// Rows `i0..i0 + G` of a squaring's reduction (`a`, `b` unread).
#[inline(always)]
fn sqr_group<V: Lanes, const G: usize>(
    t: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: V,
    i0: usize,
) {
    group::<V, G, false, false>(t, a, b, n, k0, i0);
}

/// Steps 1 and 2 of the module doc for rows `i0..i0 + G`; with `MUL` the terms of `a b_i`
/// too, else only those of `y_i N`; with `FIRST` the columns of `t` are taken as zero and
/// stored, not added to; with `MUL` the group's last G columns are stored (no group before
/// it reached them).
#[inline(always)]
#[allow(unused_assignments)] // the triangle's last updates are dead for the last rows
fn group<V: Lanes, const G: usize, const MUL: bool, const FIRST: bool>(
    t: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: V,
    i0: usize,
) {
    let l = V::LANES;
    let d = V::digits(n.len());
    assert!(G < SLOTS && i0 + G <= d && t.len() >= 2 * d * l);
    assert!(!MUL || (a.len() >= d * l && b.len() >= d * l));
    // SAFETY (every load and store below): the digit indices are below d (a, b, n) and the
    // column indices below 2d (t), as asserted; the callers' target features cover V's.
    let zero = unsafe { V::splat(0) };
    // Step 1: the triangle, column i0 + r in c[r].
    let mut c = [zero; TRIANGLE];
    if !FIRST {
        each_row!(G, |r| {
            c[r] = unsafe { V::load(t.as_ptr().add((i0 + r) * l)) };
        });
    }
    let mut br = [zero; SLOTS];
    if MUL {
        each_row!(G, |r| {
            br[r] = unsafe { V::load(b.as_ptr().add((i0 + r) * l)) };
        });
        // Row r's a_j b term: lo into column r + j, hi into r + j + 1, where below G.
        each_row!(G, |j| {
            let aj = unsafe { V::load(a.as_ptr().add(j * l)) };
            each_row!(G, |r| {
                if r + j < G {
                    c[r + j] = c[r + j].madd_lo(aj, br[r]);
                }
                if r + j + 1 < G {
                    c[r + j + 1] = c[r + j + 1].madd_hi(aj, br[r]);
                }
            });
        });
    }
    // The chain. Column r's full value C_r is c[r] + cin (the carry out of column r - 1) +
    // s (hi(n_0 y_(r-1)) + lo(n_1 y_(r-1)), the two terms of the previous row that land in
    // column r last). Then
    // - y_r = lo52(C_r k0) = lo52(lo52((c[r] + cin) k0) + lo52(s k0)): the first product
    //   waits only for c[r] and cin, so y_r follows s by one add-free IFMA (about 9 cycles
    //   a row, not 14). y_r's bits above 51 may be set: IFMA reads only bits 0..52 of it;
    // - C_r + lo(n_0 y_r) = 0 mod 2^52, and lo(n_0 y_r) = 2^52 - (C_r mod 2^52) unless that
    //   is 0: so the carry out of column r is ceil(C_r / 2^52) = (C_r + 2^52 - 1) >> 52,
    //   found from C_r without waiting for y_r (C_r < 2^62, no wrap).
    let mut y = [zero; SLOTS];
    let n0 = unsafe { V::load(n.as_ptr()) };
    let round = unsafe { V::splat(DIGIT_MASK) };
    let (mut cin, mut prev) = (zero, zero);
    // The carry out of the triangle, into column i0 + G.
    let mut top = zero;
    each_row!(G, |r| {
        let base = c[r].add(cin);
        let yr = zero.madd_lo(base, k0).madd_lo(prev, k0);
        y[r] = yr;
        let carry = base.add(prev).add(round).carry();
        if r + 1 < G {
            let n1 = unsafe { V::load(n.as_ptr().add(l)) };
            prev = zero.madd_hi(n0, yr).add(zero.madd_lo(n1, yr));
            cin = carry;
            // The other terms of y_r N in the triangle: hi(n_j y_r) into column r + j + 1
            // for j >= 1, lo(n_j y_r) into column r + j for j >= 2.
            each_row!(G, |j| {
                if j >= 1 && r + j + 1 < G {
                    let nj = unsafe { V::load(n.as_ptr().add(j * l)) };
                    c[r + j + 1] = c[r + j + 1].madd_hi(nj, yr);
                    if j >= 2 {
                        c[r + j] = c[r + j].madd_lo(nj, yr);
                    }
                } else if j >= 2 && r + j < G {
                    let nj = unsafe { V::load(n.as_ptr().add(j * l)) };
                    c[r + j] = c[r + j].madd_lo(nj, yr);
                }
            });
        } else {
            top = carry;
        }
    });
    // Step 2: acc[s] holds column i0 + j + s at step j.
    // The terms of a b_i go to `accb`, those of y_i N to `acc`: each accumulator then takes
    // two dependent IFMAs a step (8 cycles at latency 4), not four, against the 2G cycles of
    // a step's 4G IFMAs.
    let mut acc = [zero; SLOTS];
    let mut accb = [zero; SLOTS];
    acc[G] = top;
    // One step: the terms of a_j and n_j of the rows passing `$lo` / `$hi` (the others lie in
    // the triangle), the lowest column out once past the triangle, the shift. With
    // `$hi_apart` the hi terms of y N come from IFMAs of their own, added to the accumulators
    // (see the head steps).
    macro_rules! step {
        ($j:expr, |$r:ident| $lo:expr, $hi:expr, $hi_apart:expr) => {{
            let j: usize = $j;
            let nj = unsafe { V::load(n.as_ptr().add(j * l)) };
            let aj = if MUL {
                unsafe { V::load(a.as_ptr().add(j * l)) }
            } else {
                zero
            };
            each_row!(G, |$r| {
                if $lo {
                    if MUL {
                        accb[$r] = accb[$r].madd_lo(aj, br[$r]);
                    }
                    acc[$r] = acc[$r].madd_lo(nj, y[$r]);
                }
                if $hi {
                    if MUL {
                        accb[$r + 1] = accb[$r + 1].madd_hi(aj, br[$r]);
                    }
                    if $hi_apart {
                        // Off the accumulator's chain: one add on it, not a second IFMA.
                        acc[$r + 1] = acc[$r + 1].add(zero.madd_hi(nj, y[$r]));
                    } else {
                        acc[$r + 1] = acc[$r + 1].madd_hi(nj, y[$r]);
                    }
                }
            });
            if j >= G {
                let v = if MUL { acc[0].add(accb[0]) } else { acc[0] };
                put_column::<V, FIRST>(t, i0 + j, v);
            }
            each_row!(G, |s| {
                acc[s] = acc[s + 1];
                accb[s] = accb[s + 1];
            });
            acc[G] = zero;
            accb[G] = zero;
        }};
    }
    // Head step s = j < G: row r's lo term lands in column r + s, its hi one higher; those
    // below G were the triangle's. Head step s has 2s + 1 IFMAs of y N against a full step's
    // 2G, too few to hide two dependent IFMAs a step on each accumulator (8 cycles at latency
    // 4): with the hi terms added apart, an accumulator's chain is an IFMA and an add a step.
    // Measured on Zen 5 (8-lane exponentiations, three alternating runs, 2026-11-25): 1.02x
    // faster at 1536 bits (113.2-114.0 -> 110.3-111.9 us a lane) and at 2048 (257.4-260.2 ->
    // 252.0-253.5). Also added apart, measured even: the hi terms of a b in a product's head
    // steps, and those of its prologue's triangle. In every step, 1.01-1.02x slower (the adds
    // then take issue slots the full steps' IFMAs need).
    each_row!(G, |s| {
        step!(s, |r| r + s >= G, r + s + 1 >= G, true);
    });
    for j in G..d {
        step!(j, |r| true, true, false);
    }
    // Columns i0 + d + s, the last at i0 + d + G - 1 < 2d: in a product no group before
    // this one reached them (see `mont_mul`); a squaring's hold the columns of a^2.
    each_row!(G, |s| {
        put_column::<V, MUL>(t, i0 + d + s, acc[s].add(accb[s]));
    });
}

/// `out[col] += v`, or with `STORE`, `out[col] = v`.
#[inline(always)]
fn put_column<V: Lanes, const STORE: bool>(out: &mut [u64], col: usize, v: V) {
    let l = V::LANES;
    assert!((col + 1) * l <= out.len());
    // SAFETY: column col lies within out (asserted); the callers' target features cover V's.
    unsafe {
        let p = out.as_mut_ptr().add(col * l);
        if STORE {
            v.store(p);
        } else {
            V::load(p).add(v).store(p);
        }
    }
}
