//! Almost-Montgomery multiplication with each number split across a pair of lanes (lanes 2k
//! and 2k + 1): for a few jobs, such as the two CRT halves of one RSA operation, which would
//! otherwise leave half the lanes of a call idle while each lane does a whole product.
//!
//! Every operand is held twice, the same number in both lanes of a pair. With d digits and
//! h = ceil(d / 2), the even lane takes digits 0..h of a and of N, the odd lane digits
//! h..d, so a step of the operand-scanning AMM of `interleaved.rs` costs 4h + 1 IFMAs
//! instead of 4d: a product of 20 digits 820 IFMAs instead of 1600 (a squaring 1220 in
//! `interleaved.rs`), for half as many numbers a register. (Seed 000's Alg. 2 also runs one
//! product in two lanes, one lane taking the terms a_i B and the other q M, each quotient
//! digit computed in both; here each lane takes both kinds of term for half the digits, the
//! quotient digit is computed once and copied, and the halves' columns meet once a step.)
//!
//! The window of h + 1 accumulators holds, in the even lane, columns i..i+h at step i and,
//! in the odd lane, columns i+h..i+2h (the same slot, h columns up). Step i, for digit b_i:
//! 1. both lanes add the terms of their half of a times b_i;
//! 2. y = lo52(acc_0 k0) from the even lane, copied into the odd lane (one shuffle);
//! 3. both lanes add their half of N times y; the even lane's column i drops out with its
//!    carry ceil(acc_0 / 2^52) into column i + 1, as in `interleaved.rs`;
//! 4. the odd lane's lowest column, i + h, takes no more terms (later steps reach only
//!    columns from i + 1 + h up): it is added into the even lane's slot h, the same column;
//! 5. the window shifts down one column.
//!
//! After d steps the even lane's slots 0..h hold columns d..d+h of (T + Y N) / 2^(52 d)'s
//! numerator and the odd lane's slots columns d+h..2d: the result's digits, carried into 52
//! bits in the even lane and copied to the odd one, so the output is again held twice.
//!
//! Column bound: a column is in the window for at most h + 1 steps and takes at most four
//! terms below 2^52 a step in its lane, the odd lane's column once (below (h + 1) 2^54) and
//! a carry below 2^12: under 2 (h + 1) 2^54 + 2^12 < 2^60 for h <= 20.

use crate::batch::lanes::{Lanes, DIGIT_MASK};

/// Most digits the split kernel takes: 40, 2048-bit moduli (RSA-4096's halves), 20 digits a
/// lane. Each digit count is a kernel of its own (one a half-size, with the digit count at
/// run time, ran 1.6x slower at 1024 bits).
pub(crate) const MAX_DIGITS: usize = 40;

/// Accumulator slots: h + 1 are used, h <= 20; more so that the unrolled bodies for indices
/// up to 24 type-check (those beyond h + 1 are compiled out).
const WINDOW: usize = 26;

/// The most digits a lane (h) with two windows of accumulators (see [`mul_digits`]).
const TWO_WINDOWS_UP_TO: usize = 12;

/// Digits each lane of a pair takes: ceil(d / 2).
pub(crate) const fn half_digits(d: usize) -> usize {
    (d + 1) >> 1
}

/// N split for the kernel into `out`, `half_digits(d)` rows of `lanes` words: lane 2k with
/// N's digit j in row j, lane 2k + 1 with digit j + h (zero beyond d), from `n` word-sliced
/// with every pair of lanes holding the same modulus.
pub(crate) fn split_modulus(n: &[u64], lanes: usize, out: &mut [u64]) {
    let d = n.len() >> lanes.trailing_zeros();
    let h = half_digits(d);
    assert_eq!(out.len(), h * lanes);
    for (j, row) in out.chunks_exact_mut(lanes).enumerate() {
        for (l, w) in row.iter_mut().enumerate() {
            let digit = if l & 1 == 0 { j } else { j + h };
            *w = if digit < d { n[digit * lanes + l] } else { 0 };
        }
    }
}

/// `out = a b / R mod N`, below 2N, for `a, b < 2N` of `d <= MAX_DIGITS` digits (d from
/// `out`), word-sliced and normalised, each held in both lanes of every pair; `n_split` from
/// [`split_modulus`], `n_prime` -N^-1 mod R (only its digit 0 is read). The output is held
/// in both lanes of every pair too.
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_mul<V: Lanes>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n_split: &[u64],
    n_prime: &[u64],
) {
    let d = V::digits(out.len());
    assert!(d <= MAX_DIGITS);
    dispatch_const!(d, mul_digits(out, a, b, n_split, n_prime),
        1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24
        25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 ; 40);
}

/// [`mont_mul`] for `D` digits.
#[inline(always)]
#[allow(unused_assignments)] // the last digit's carry is zero and unused
fn mul_digits<V: Lanes, const D: usize>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n_split: &[u64],
    n_prime: &[u64],
) {
    let l = V::LANES;
    let h = half_digits(D);
    assert!(a.len() >= D * l && b.len() >= D * l && out.len() >= D * l);
    assert!(n_split.len() >= h * l && n_prime.len() >= l);
    // SAFETY: the callers' target features cover V's; digit 0 of n_prime exists (asserted).
    let (zero, k0, round_up) =
        unsafe { (V::splat(0), V::load(n_prime.as_ptr()), V::splat(DIGIT_MASK)) };
    // a split as N is: digit j in the even lane, digit j + h in the odd one.
    let mut av = [zero; WINDOW];
    each_digit!(h, |j| {
        // SAFETY: j < h <= D and j + h < D, within a (asserted).
        let (low, high) = unsafe {
            (
                V::load(a.as_ptr().add(j * l)),
                if j + h < D {
                    V::load(a.as_ptr().add((j + h) * l))
                } else {
                    zero
                },
            )
        };
        av[j] = low.odd_from(high);
    });
    // Row j < h of n_split (asserted to exist). A macro, not a closure: a closure is a
    // function of its own, outside the callers' target features.
    macro_rules! n_row {
        ($j:expr) => {
            // SAFETY: $j < h rows, within n_split (asserted).
            unsafe { V::load(n_split.as_ptr().add($j * l)) }
        };
    }
    // Up to TWO_WINDOWS_UP_TO digits a lane, two windows: `acc` takes the terms of a b_i
    // (and the carries and finished columns), `nacc` those of N y, so that each register's
    // chain of IFMAs in a step is two long, not four, and the chain from one y to the next
    // holds one IFMA (lo(n_1 y)), not the next step's lo(a_0 b_i) too (Zen 4, 1024 bits,
    // ten digits a lane: 106 -> 98 us a job); above, one window (`nacc` unused), as two would
    // not fit the 32 vector registers.
    let two = h <= TWO_WINDOWS_UP_TO;
    let (mut acc, mut nacc) = ([zero; WINDOW], [zero; WINDOW]);
    // Each step's y is formed in the step before (see below) where h > 1; with h = 1 the
    // next step's column is slot h, which takes step 4's column last.
    let ahead = h > 1;
    let mut y = zero;
    if ahead {
        // Step 0's column is lo(a_0 b_0) alone.
        // SAFETY: digit 0 of b (asserted).
        let b0 = unsafe { V::load(b.as_ptr()) };
        acc[0] = acc[0].madd_lo(av[0], b0);
        y = zero.madd_lo(acc[0], k0).even_to_odd();
    }
    for i in 0..D {
        // SAFETY: i < D, within b (asserted).
        let bi = unsafe { V::load(b.as_ptr().add(i * l)) };
        // Step 1 (ahead, lo(a_0 b_i) is in already).
        each_digit!(h, |j| {
            if j > 0 || !ahead {
                acc[j] = acc[j].madd_lo(av[j], bi);
            }
            acc[j + 1] = acc[j + 1].madd_hi(av[j], bi);
        });
        // Step 2 (ahead, y came with the last step).
        let column = if two { acc[0].add(nacc[0]) } else { acc[0] };
        if !ahead {
            y = zero.madd_lo(column, k0).even_to_odd();
        }
        // Step 3. In the even lane column + lo(n_0 y) = 0 mod 2^52, so its carry is the
        // column rounded up (below 2^60: no wrap); the odd lane carries nothing (step 4 takes
        // its whole column).
        let n0 = n_row!(0);
        let carry = column.add(round_up).carry().even_only();
        let finished = column.madd_lo(n0, y);
        let hi0 = carry.madd_hi(n0, y);
        // The chain to the next y: lo(n_1 y) and hi0 side by side, then one add.
        {
            let w = if two { &mut nacc } else { &mut acc };
            if h > 1 {
                let n1 = n_row!(1);
                w[2] = w[2].madd_hi(n1, y);
                w[1] = w[1].madd_lo(n1, y);
            }
            w[1] = w[1].add(hi0);
        }
        // The next step's column is now complete but for lo(a_0 b_(i+1)): add it and form
        // that step's y here, ahead of this step's other IFMAs in program order (see
        // `interleaved::reduce_step`), so that that step's chain does not wait for them.
        // Measured on Zen 4 (`montvec bench --ops batch`, three alternating runs): 2048-bit
        // jobs, one window, 729 -> 687 us a job two to a call (`ifma256-split`), 675 -> 670
        // four to a call; 1024-bit jobs, two windows, even (98.1 against 98.3 us).
        let mut y_next = zero;
        if ahead && i + 1 < D {
            // SAFETY: i + 1 < D, within b (asserted).
            let b_next = unsafe { V::load(b.as_ptr().add((i + 1) * l)) };
            acc[1] = acc[1].madd_lo(av[0], b_next);
            let next = if two { acc[1].add(nacc[1]) } else { acc[1] };
            y_next = zero.madd_lo(next, k0).even_to_odd().computed_here();
        }
        let w = if two { &mut nacc } else { &mut acc };
        each_digit!(h, |j| {
            if j >= 2 {
                let nj = n_row!(j);
                w[j] = w[j].madd_lo(nj, y);
                w[j + 1] = w[j + 1].madd_hi(nj, y);
            }
        });
        // Step 4: the odd lane's column i + h, finished, into the even lane's slot h.
        acc[h] = acc[h].add_even(finished.odd_to_even());
        // Step 5 (slot h + 1 is never written: slot h becomes zero).
        each_digit!(h + 1, |j| {
            acc[j] = acc[j + 1];
            if two {
                nacc[j] = nacc[j + 1];
            }
        });
        if ahead {
            y = y_next;
        }
    }
    if two {
        each_digit!(h, |j| {
            acc[j] = acc[j].add(nacc[j]);
        });
    }
    // Digits 0..h of the result from the even lane's slots, digits h..d from the odd lane's
    // (moved into the even lane), carried into 52 bits there, then copied to the odd lane.
    let mut carry = zero;
    macro_rules! store {
        ($r:expr, $column:expr) => {
            // Column below 2^60 plus a carry below 2^9: no wrap.
            let v = $column.add(carry);
            carry = v.carry();
            // SAFETY: $r < D, within out (asserted).
            unsafe { v.digit().even_to_odd().store(out.as_mut_ptr().add($r * l)) };
        };
    }
    each_digit!(h, |r| {
        store!(r, acc[r]);
    });
    each_digit!(D - h, |s| {
        store!(h + s, acc[s].odd_to_even());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `MAX_SPLIT_BITS` is the largest whole number of limbs within `MAX_DIGITS`.
    #[test]
    fn max_split_bits_fits_the_kernel() {
        use crate::batch::constants::digits_for_limbs;
        let limbs = crate::batch::MAX_SPLIT_BITS >> 6;
        assert_eq!(limbs * 64, crate::batch::MAX_SPLIT_BITS);
        assert!(digits_for_limbs(limbs) <= MAX_DIGITS);
        assert!(digits_for_limbs(limbs + 1) > MAX_DIGITS);
    }

    #[test]
    fn half_digits_round_up() {
        assert_eq!(
            [1, 2, 3, 10, 11, 20, 24].map(half_digits),
            [1, 1, 2, 5, 6, 10, 12]
        );
    }

    #[test]
    fn split_modulus_places_the_halves() {
        // 3 digits, 4 lanes: pairs (0, 1) and (2, 3) hold moduli [1, 2, 3] and [4, 5, 6].
        let n = [1, 1, 4, 4, 2, 2, 5, 5, 3, 3, 6, 6];
        let mut out = [9; 8];
        split_modulus(&n, 4, &mut out);
        assert_eq!(out, [1, 3, 4, 6, 2, 0, 5, 0]);
    }
}
