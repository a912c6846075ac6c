//! Almost-Montgomery multiplication with the reduction interleaved digit by digit (operand
//! scanning, the AMM form of seed 001 and of Intel's crypto_mb) and every accumulator in a
//! register, for numbers of at most [`MAX_DIGITS`] digits (1024-bit moduli are 20).
//!
//! With R = 2^(52 d), 4N < R and k0 = -N^-1 mod 2^52, the d + 1 accumulators `acc` hold a
//! window of columns; step i adds a column source (the terms `a b_i`, or for a squaring the
//! next column of the finished square), then
//! 1. y = lo52(acc_0 k0), so acc_0 + lo52(n_0 y) = 0 mod 2^52;
//! 2. acc_j += lo52(n_j y), acc_(j+1) += hi52(n_j y) for every j;
//! 3. the carry of acc_0 + lo52(n_0 y), which is ceil(acc_0 / 2^52) since that sum is acc_0
//!    rounded up to a multiple of 2^52, goes into acc_1 and the window shifts down one column
//!    (lo52(n_0 y) itself is never computed).
//!
//! After d steps, acc holds (T + Y N) / R with Y < R, below (4N^2 + R N) / R < 2N: the same
//! almost-Montgomery output as [`super::reduce`], normalised here by one carry pass.
//!
//! IFMA counts: a product 4d^2 (the truncated path: 4d^2 + 2d - 1); a squaring takes the
//! off-diagonal columns from `off_diagonal_columns` (d^2 - d), doubles each column and adds
//! its square term (d^2's diagonal, 2d IFMAs) as it enters the window, and reduces here
//! (2d^2, against 2d^2 + 2d - 1 truncated). What goes is every pass over memory around
//! the products: no normalisation of T's low half, of Q, nor of the result, no Q stored and
//! reloaded, no column stores of the reduction, no doubling pass of the square; the serial
//! chain of a step (y, then lo(n_1 y) and hi(n_0 y) side by side, one add: 10 cycles, with
//! Zen 5's IFMA latency of 4 and its vector add latency of 2, both measured) overlaps the
//! step's other 2d - 3 IFMAs.
//!
//! Column bound: a column stays in the window for at most d + 1 steps and takes at most four
//! terms below 2^52 and one carry below 2^12 a step, plus (squaring) the column of a^2,
//! below 2^60 (see [`reduce_square`]): under 2^60 + 4 (d + 1) 2^53 < 2^62 for d <= 24.
//!
//! Registers: d + 1 accumulators, y, the digit of b, k0 and a digit of a or N: 25 of the 32
//! zmm registers at d = 20. The compiler hoists some of N's digits out of the step loop and
//! keeps the ones that do not fit on the stack: those are loads, not spills of accumulators.
//!
//! Squarings of at most 12 digits run [`super::unrolled`] instead: these steps unrolled, the
//! whole square in registers, the same output.
//!
//! Measurements and the variants tried: the notes below (docs/batch-ifma-interleaved.md).
#![doc = include_str!("../../../docs/batch-ifma-interleaved.md")]
use crate::batch::lanes::{Lanes, DIGIT_MASK};

/// Most digits the interleaved kernels take (the accumulators must fit the register file).
pub(crate) const MAX_DIGITS: usize = 24;

/// Accumulator slots: d + 1 are used; one more so that the unrolled bodies for indices up to
/// 24 type-check at every D (those beyond D are compiled out).
const WINDOW: usize = MAX_DIGITS + 2;

/// `out = a b / R mod N`, below 2N, for `a, b < 2N` of `d <= MAX_DIGITS` digits, word-sliced
/// and normalised; `n_prime` is -N^-1 mod R (only its digit 0 is read).
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_mul<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    n_prime: &[u64],
) {
    let d = V::digits(n.len());
    assert!(d <= MAX_DIGITS);
    with_digits!(d, mul_digits(out, a, b, n, n_prime));
}

/// [`mont_mul`] for `D` digits.
#[inline(always)]
fn mul_digits<V: Lanes, const D: usize>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    n_prime: &[u64],
) {
    let l = V::LANES;
    assert!(a.len() >= D * l && b.len() >= D * l && n.len() >= D * l && n_prime.len() >= l);
    // SAFETY: the callers' target features cover V's; digit 0 of n_prime exists (asserted).
    let (zero, k0) = unsafe { (V::splat(0), V::load(n_prime.as_ptr())) };
    let mut acc = [zero; WINDOW];
    for i in 0..D {
        // SAFETY: i < D, within b (asserted).
        let bi = unsafe { V::load(b.as_ptr().add(i * l)) };
        each_digit!(D, |j| {
            // SAFETY: j < D, within a (asserted).
            let aj = unsafe { V::load(a.as_ptr().add(j * l)) };
            acc[j] = acc[j].madd_lo(aj, bi);
            acc[j + 1] = acc[j + 1].madd_hi(aj, bi);
        });
        // Step 1 (see `reduce_step` for why the squaring forms it a step ahead, and this
        // product not).
        let y = zero.madd_lo(acc[0], k0);
        reduce_step::<V, D>(&mut acc, n, k0, y, false);
        acc[D] = zero;
    }
    store_normalised::<V, D>(out, &acc);
}

/// `out = a^2 / R mod N`, below 2N, for `a < 2N` of `d <= MAX_DIGITS` digits, from the
/// off-diagonal columns `t` of a^2 (`off_diagonal_columns`): each column enters the window
/// doubled, with its diagonal term (lo of a_c/2^2 for even c, hi of a_(c-1)/2^2 for odd c)
/// added there, so the square needs no second pass over its columns and the diagonal IFMAs,
/// independent of the reduction's y, fill its chain's latency.
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn reduce_square<V: Lanes>(
    out: &mut [u64],
    t: &[u64],
    a: &[u64],
    n: &[u64],
    n_prime: &[u64],
) {
    let d = V::digits(n.len());
    assert!(d <= MAX_DIGITS);
    with_digits!(d, reduce_square_digits(out, t, a, n, n_prime));
}

/// Column `c` of a^2 from the off-diagonal columns `t`: `2 t_c` plus the diagonal term.
#[inline(always)]
fn square_column<V: Lanes>(t: &[u64], a: &[u64], c: usize) -> V {
    let l = V::LANES;
    assert!((c + 1) * l <= t.len() && ((c >> 1) + 1) * l <= a.len());
    // SAFETY: column c of t and digit c >> 1 of a (asserted); the callers' target features
    // cover V's.
    unsafe {
        let v = V::load(t.as_ptr().add(c * l));
        let ai = V::load(a.as_ptr().add((c >> 1) * l));
        // Twice an off-diagonal sum below 2d 2^52, plus a term below 2^52: below 2^60.
        if c & 1 == 0 {
            v.add(v).madd_lo(ai, ai)
        } else {
            v.add(v).madd_hi(ai, ai)
        }
    }
}

/// [`reduce_square`] for `D` digits.
#[inline(always)]
fn reduce_square_digits<V: Lanes, const D: usize>(
    out: &mut [u64],
    t: &[u64],
    a: &[u64],
    n: &[u64],
    n_prime: &[u64],
) {
    let l = V::LANES;
    assert!(t.len() >= 2 * D * l && a.len() >= D * l && n.len() >= D * l && n_prime.len() >= l);
    // SAFETY: the callers' target features cover V's; digit 0 of n_prime exists (asserted).
    let (zero, k0) = unsafe { (V::splat(0), V::load(n_prime.as_ptr())) };
    let mut acc = [zero; WINDOW];
    each_digit!(D + 1, |j| {
        // j <= D < 2D columns.
        acc[j] = square_column::<V>(t, a, j);
    });
    let mut y = zero.madd_lo(acc[0], k0);
    for i in 0..D {
        // The next step's column takes nothing more once this step's terms are in (the
        // square's columns enter at the window's top): its y is formed in this step.
        y = reduce_step::<V, D>(&mut acc, n, k0, y, i + 1 < D);
        // Column D + 1 + i of the square enters the window (there are 2D columns).
        acc[D] = if D + 1 + i < 2 * D {
            square_column::<V>(t, a, D + 1 + i)
        } else {
            zero
        };
    }
    store_normalised::<V, D>(out, &acc);
}

/// Steps 1-3 of the module doc on the window `acc` (acc[D] is left for the caller to fill),
/// for this step's y = lo52(acc_0 k0). With `form_next`, where the next step's column takes
/// no terms of its own (a squaring, whose columns enter at the window's top), returns that
/// step's y (else zero), formed as soon as acc_1 is complete, ahead in program order of
/// this step's other 2D - 3 IFMAs, which do not touch it ([`Lanes::computed_here`]). LLVM
/// otherwise sinks it below them, and a core that issues the oldest ready instruction first
/// then runs the next step's chain (its y, lo(n_1 y) and hi(n_0 y), an add) only after this
/// step's IFMAs, with the IFMA units idle meanwhile. Measured on Zen 4 (8-lane
/// exponentiations, `montvec bench --ops batch`, three alternating runs): 512 bits 10.3 ->
/// 9.8 us a lane, 768 bits 32.0 -> 31.5, 1024 bits 70.5 -> 68.7; 4 lanes at 1024 bits 73.6
/// -> 69.7. The same in the product, with lo(a_0 b_(i+1)) added to acc_1 first: even (its
/// steps have 4D IFMAs, twice a squaring's, to cover the chain).
#[inline(always)]
fn reduce_step<V: Lanes, const D: usize>(
    acc: &mut [V; WINDOW],
    n: &[u64],
    k0: V,
    y: V,
    form_next: bool,
) -> V {
    let l = V::LANES;
    assert!(n.len() >= D * l);
    // SAFETY: the callers' target features cover V's.
    let zero = unsafe { V::splat(0) };
    // Step 1 is the caller's (only the low 52 bits of acc_0 enter y).
    // SAFETY: digit 0 of n (asserted).
    let n0 = unsafe { V::load(n.as_ptr()) };
    // Step 3's carry without waiting for y: lo(n_0 y) = -acc_0 mod 2^52, so acc_0 + lo(n_0 y)
    // is acc_0 rounded up to a multiple of 2^52, and its carry is ceil(acc_0 / 2^52) =
    // (acc_0 + 2^52 - 1) / 2^52 (acc_0 < 2^62: no wrap). acc_0 itself is then dropped.
    // SAFETY: the callers' target features cover V's.
    let carry = acc[0].add(unsafe { V::splat(DIGIT_MASK) }).carry();
    // The serial chain y -> acc_1 -> next y: hi(n_0 y) (onto the carry) and lo(n_1 y) (onto
    // acc_1) go to two registers side by side and meet in one add, so a step costs two IFMA
    // latencies and one add (10 cycles on Zen 5), not the 12 of adding each in turn.
    let hi0 = carry.madd_hi(n0, y);
    if D > 1 {
        // SAFETY: digit 1 < D of n.
        let n1 = unsafe { V::load(n.as_ptr().add(l)) };
        acc[2] = acc[2].madd_hi(n1, y);
        acc[1] = acc[1].madd_lo(n1, y);
    }
    acc[1] = acc[1].add(hi0);
    // acc_1, the next step's acc_0, is complete.
    let y_next = if form_next {
        zero.madd_lo(acc[1], k0).computed_here()
    } else {
        zero
    };
    // Step 2 for the other digits, off the chain.
    each_digit!(D, |j| {
        if j >= 2 {
            // SAFETY: j < D, within n (asserted).
            let nj = unsafe { V::load(n.as_ptr().add(j * l)) };
            acc[j] = acc[j].madd_lo(nj, y);
            acc[j + 1] = acc[j + 1].madd_hi(nj, y);
        }
    });
    each_digit!(D, |j| {
        acc[j] = acc[j + 1];
    });
    y_next
}

/// `out` = the first D columns of `acc` carry-propagated into 52-bit digits (the value is
/// below 2N < R, so no carry leaves the top digit).
#[inline(always)]
#[allow(unused_assignments)] // the last digit's carry is zero and unused
pub(super) fn store_normalised<V: Lanes, const D: usize>(out: &mut [u64], acc: &[V]) {
    let l = V::LANES;
    assert!(out.len() >= D * l && acc.len() >= D);
    // SAFETY: the callers' target features cover V's.
    let mut carry = unsafe { V::splat(0) };
    each_digit!(D, |j| {
        // Column below 2^62 plus a carry below 2^11: no wrap.
        let v = acc[j].add(carry);
        carry = v.carry();
        // SAFETY: j < D, within out (asserted).
        unsafe { v.digit().store(out.as_mut_ptr().add(j * l)) };
    });
}
