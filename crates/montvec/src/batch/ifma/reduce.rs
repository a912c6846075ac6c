//! Almost-Montgomery multiplication and squaring on word-sliced numbers: the product, then a
//! reduction whose quotient comes from a truncated low-half product (seed 001: Didier,
//! El Mrabet, Glandus and Robert), and a plain reduction with full products to compare
//! against.
//!
//! With R = 2^(52 d), 4N < R, N' = -N^-1 mod R and T = A B for A, B < 2N:
//! 1. normalise the low half of T (digits below 2^52; the carry goes into digit d);
//! 2. Q = (T mod R) N' mod R: only columns 0..d of the product (truncated low half);
//! 3. S' = T + the columns d-1..2d of Q N (truncated high half). The dropped terms, D, lie
//!    below 2d 2^(52(d-1)) < R; since T + Q N = 0 mod R, (S' mod R) + D is 0 or R, and it is
//!    R exactly when D != 0, which is when the quotient's low d-1 digits are not all zero,
//!    which is when T's low d-1 digits are not all zero (Q = -T N^-1 mod 2^(52(d-1))).
//!    So U = (T + Q N) / R = floor(S' / R) + [T mod 2^(52(d-1)) != 0];
//! 4. U < (4N^2 + R N) / R < 2N: normalised, it is the almost-Montgomery output, ready to be
//!    the input of the next product (no final subtraction inside an exponentiation).
//!
//! IFMA counts per product of d digits: the multiplication 2d^2 (squaring d^2 + d), the
//! quotient d^2, the high half of Q N d^2 + 2d - 1; the plain reduction spends 2d^2 on each.

use super::carry::{add_digit, final_subtract, normalise, normalise_into};
use super::product::{
    off_diagonal_columns, product_columns, square_columns, square_karatsuba, KARATSUBA_DIGITS,
};
use super::{blocked, interleaved, split, unrolled};
use crate::aligned::AlignedLimbs;
use crate::batch::lanes::Lanes;
pub use crate::batch::reduction::Reduction;

impl Reduction {
    /// The fastest reduction for `d` digits: [`Self::Interleaved`] where it applies (measured
    /// on Zen 5 against the truncated one at 1024 bits: see `interleaved.rs`), else
    /// [`Self::Blocked`] (measured against the truncated one from 2048 to 4096 bits: see
    /// `blocked.rs`).
    pub(crate) fn for_digits(d: usize) -> Self {
        if d <= interleaved::MAX_DIGITS {
            Reduction::Interleaved
        } else {
            Reduction::Blocked
        }
    }
}

/// One word-sliced modulus set: d digits of N and of N' per lane.
pub(crate) struct SlicedModulus<'a> {
    /// N, d digits.
    pub(crate) n: &'a [u64],
    /// -N^-1 mod 2^(52 d), d digits.
    pub(crate) n_prime: &'a [u64],
    /// Which reduction to run.
    pub(crate) reduction: Reduction,
    /// N split across lane pairs ([`split::split_modulus`]) when every pair of lanes holds one
    /// number: products then run [`split::mont_mul`], whatever `reduction` says.
    pub(crate) split: Option<&'a [u64]>,
}

/// Scratch words a product of `d` digits needs for `LANES` lanes.
pub(crate) fn scratch_words(d: usize, lanes: usize) -> usize {
    6 * d * lanes
}

/// Scratch words [`mont_mul`], [`mont_sqr`], [`mul_mod`] and [`final_subtract`] need for `m`
/// on `V`: four numbers where the kernels take at most a square's 2d columns (the split
/// kernel none, the interleaved and blocked ones 2d digits: [`mul_mod`]'s two numbers and
/// those), else [`scratch_words`]. (Each call's scratch is zeroed and wiped: at 1024 bits on
/// 16 lanes the third cut off is 5 KiB.)
pub(crate) fn scratch_words_for<V: Lanes>(m: &SlicedModulus<'_>) -> usize {
    let words = m.n.len();
    let d = V::digits(words);
    let split = V::SPLITS && m.split.is_some();
    let interleaved = V::INTERLEAVED_ONLY
        || (m.reduction == Reduction::Interleaved && d <= interleaved::MAX_DIGITS);
    if split || interleaved || m.reduction == Reduction::Blocked {
        4 * words
    } else {
        scratch_words(d, V::LANES)
    }
}

/// `out = a b / R mod N`, below 2N, for `a, b < 2N`, word-sliced and normalised (more
/// exactly, for normalised digits and a b < N R: the first product of an exponentiation or
/// of [`mul_mod`] takes any x < R / 4 times R^2 mod N).
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_mul<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    m: &SlicedModulus<'_>,
    scratch: &mut [u64],
) {
    if let (true, Some(n_split)) = (V::SPLITS, m.split) {
        split::mont_mul::<V>(out, a, b, n_split, m.n_prime);
        return;
    }
    let words = m.n.len();
    let d = V::digits(words);
    // The constant first: for vectors that run the interleaved reduction only, the branch is
    // always taken and the code after it is not compiled.
    if V::INTERLEAVED_ONLY
        || (m.reduction == Reduction::Interleaved && d <= interleaved::MAX_DIGITS)
    {
        assert!(d <= interleaved::MAX_DIGITS);
        interleaved::mont_mul::<V>(out, a, b, m.n, m.n_prime);
        return;
    }
    let (t, rest) = scratch.split_at_mut(2 * words);
    if m.reduction == Reduction::Blocked {
        blocked::mont_mul::<V>(out, a, b, m.n, m.n_prime, t);
        return;
    }
    product_columns::<V>(t, a, b, 0, 2 * d, false);
    reduce::<V>(out, t, m, rest);
}

/// `out = a^2 / R mod N`, below 2N, for `a < 2N` (the dedicated squaring: about half the
/// product's IFMAs).
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_sqr<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    m: &SlicedModulus<'_>,
    scratch: &mut [u64],
) {
    if let (true, Some(n_split)) = (V::SPLITS, m.split) {
        // The product's terms split across the pair already halve its IFMAs.
        split::mont_mul::<V>(out, a, a, n_split, m.n_prime);
        return;
    }
    if squares_unrolled::<V>(m) {
        // The same output as the interleaved reduction below, without the square's columns
        // in memory or the window's moves.
        unrolled::mont_sqr::<V>(out, a, m.n, m.n_prime);
        return;
    }
    let words = m.n.len();
    let (t, rest) = scratch.split_at_mut(2 * words);
    // As in `mont_mul`.
    let d = V::digits(words);
    if V::INTERLEAVED_ONLY
        || (m.reduction == Reduction::Interleaved && d <= interleaved::MAX_DIGITS)
    {
        assert!(d <= interleaved::MAX_DIGITS);
        off_diagonal_columns::<V>(t, a);
        interleaved::reduce_square::<V>(out, t, a, m.n, m.n_prime);
        return;
    }
    if m.reduction == Reduction::Blocked {
        blocked::mont_sqr::<V>(out, a, m.n, m.n_prime, t);
        return;
    }
    if d >= KARATSUBA_DIGITS {
        square_karatsuba::<V>(t, a, rest);
    } else {
        square_columns::<V>(t, a);
    }
    reduce::<V>(out, t, m, rest);
}

/// `acc = acc^(2^times) / R^(2^times - 1) mod N`, below 2N: `times` [`mont_sqr`]s in a row,
/// `tmp` (as long as `acc`) taking every other result. Where the unrolled squaring applies
/// (and [`Lanes::SQUARINGS_IN_A_ROW`]), one call runs them all
/// ([`unrolled::mont_sqr_times`]), the kernel chosen once instead of a dispatch a squaring.
///
/// Leaks: the sizes and `times` only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_sqr_times<V: Lanes>(
    acc: &mut AlignedLimbs,
    tmp: &mut AlignedLimbs,
    times: usize,
    m: &SlicedModulus<'_>,
    scratch: &mut [u64],
) {
    if V::SQUARINGS_IN_A_ROW && squares_unrolled::<V>(m) {
        unrolled::mont_sqr_times::<V>(
            acc.as_mut_slice(),
            tmp.as_mut_slice(),
            times,
            m.n,
            m.n_prime,
        );
        return;
    }
    for _ in 0..times {
        mont_sqr::<V>(tmp.as_mut_slice(), acc.as_slice(), m, scratch);
        core::mem::swap(acc, tmp);
    }
}

/// Whether [`mont_sqr`] takes the unrolled squaring ([`unrolled`]) for `m` on `V`: the
/// interleaved reduction, no split modulus, at most [`unrolled::MAX_DIGITS`] digits.
#[inline]
fn squares_unrolled<V: Lanes>(m: &SlicedModulus<'_>) -> bool {
    let split = V::SPLITS && m.split.is_some();
    let interleaved = V::INTERLEAVED_ONLY || m.reduction == Reduction::Interleaved;
    !split && interleaved && V::digits(m.n.len()) <= unrolled::MAX_DIGITS
}

/// `out = a b mod N`, fully reduced, for `a, b` of at most k limbs (below 2^(64k) <= R / 4,
/// so not necessarily below N): `a r2 / R`, times `b` over R, then one masked subtraction.
/// With `r2` = R^2 mod N that is `a b`; the Montgomery product passes R^2 / R64 instead.
///
/// Bounds (an almost-Montgomery product lands below 2N when the product of its inputs is
/// below N R): a r2 < (R / 4) N, so t = a r2 / R < 2N; then t b < 2N (R / 4) = N R / 2.
/// Taking r2 first keeps both products within that bound for operands not reduced modulo
/// N (a b itself may exceed N R).
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mul_mod<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    r2: &[u64],
    m: &SlicedModulus<'_>,
    scratch: &mut [u64],
) {
    let words = m.n.len();
    let (t, rest) = scratch.split_at_mut(words);
    let (u, rest) = rest.split_at_mut(words);
    mont_mul::<V>(t, a, r2, m, rest);
    mont_mul::<V>(u, t, b, m, rest);
    final_subtract::<V>(out, u, m.n, rest);
}

/// `out = t / R mod N` (almost reduced) for the 2d column sums `t` of a product of two numbers
/// below 2N; `t` is clobbered. `q` has 2d digits of room.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
fn reduce<V: Lanes>(out: &mut [u64], t: &mut [u64], m: &SlicedModulus<'_>, q: &mut [u64]) {
    let l = V::LANES;
    let words = m.n.len();
    let d = V::digits(words);
    // SAFETY: this function's target features cover V's.
    let zero = unsafe { V::splat(0) };
    // Step 1: digits 0..d of T below 2^52, the carry into digit d (column sums stay below
    // 2^62, see product.rs, so adding a carry below 2^12 cannot wrap).
    let carry = normalise::<V>(&mut t[..words], zero);
    add_digit::<V>(&mut t[words..], carry);
    match m.reduction {
        Reduction::Truncated | Reduction::Interleaved | Reduction::Blocked => {
            // Whether T's digits 0..d-1 are not all zero: the 1 that completes step 3.
            let mut any = zero;
            for i in 0..d - 1 {
                // SAFETY: i < d, t has 2d digits.
                any = any.or(unsafe { V::load(t.as_ptr().add(i * l)) });
            }
            let nonzero = any.is_nonzero();
            // Step 2: columns 0..d of T_lo N', normalised mod R (the carry out is dropped).
            let q = &mut q[..words];
            product_columns::<V>(q, &t[..words], m.n_prime, 0, d, false);
            normalise::<V>(q, zero);
            // Step 3: columns d-1..2d of Q N onto T.
            product_columns::<V>(&mut t[(d - 1) * l..], q, m.n, d - 1, 2 * d, true);
            // SAFETY: digit d - 1 of t.
            let low = unsafe { V::load(t.as_ptr().add((d - 1) * l)) };
            add_digit::<V>(&mut t[words..], low.carry().add(nonzero));
        }
        Reduction::Plain => {
            let q = &mut q[..2 * words];
            product_columns::<V>(q, &t[..words], m.n_prime, 0, 2 * d, false);
            normalise::<V>(&mut q[..words], zero);
            product_columns::<V>(t, &q[..words], m.n, 0, 2 * d, true);
            // T + Q N = 0 mod R: normalising the low half leaves zeros and the carry.
            let carry = normalise::<V>(&mut t[..words], zero);
            add_digit::<V>(&mut t[words..], carry);
        }
    }
    // Step 4: U below 2N < R, so the carry out of its top digit is zero.
    normalise_into::<V>(out, &t[words..2 * words]);
}
