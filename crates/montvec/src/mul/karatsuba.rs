//! Karatsuba multiplication and squaring of equal-length values, recursive, in constant time.
//!
//! Split `a = a0 + a1 B^l`, `b = b0 + b1 B^l` (B = 2^64, l = ceil(n/2), so a1, b1 have
//! h = floor(n/2) <= l limbs). With the subtractive form
//! `a0 b1 + a1 b0 = a0 b0 + a1 b1 - (a0 - a1)(b0 - b1)`, three half-size products suffice.
//! The sign of `a0 - a1` depends on the secret values, so the differences are taken as
//! absolute values with a borrow mask each, and the middle product is added or subtracted
//! by XOR-ing it with the combined mask (two's complement), never by a branch.
//!
//! Below [`THRESHOLD`] limbs the recursion switches to Comba (`mul::product_base`).

use crate::limb::{adc, adc_chain, sbb_chain, Limb};
use crate::mul::{product_base, square_base};

/// Limb count from which a Karatsuba step beats Comba for products, measured on this machine
/// (AMD Zen 5, `taskset -c 0`, 10th percentile of 61 runs, ns per product; Comba is fully
/// unrolled up to 16 limbs and a column loop above). Comba alone / Karatsuba from 17 /
/// Karatsuba from 13: n=14 102/101/129, n=16 136/134/157, n=17 266/183/181,
/// n=20 355/229/227, n=24 493/318/320, n=32 857/526/608, n=48 1937/1129/1131,
/// n=64 3553/1819/2078. One step pays as soon as the halves land on unrolled kernels (17);
/// below, the unrolled Comba wins.
pub const THRESHOLD: usize = 17;

/// Limb count from which Karatsuba squaring beats Comba squaring, same runs (Comba alone /
/// from 17 / from 13): n=16 80/79/119, n=17 208/137/135, n=24 351/221/219, n=32 563/343/462,
/// n=64 1810/1218/1613.
pub const SQUARE_THRESHOLD: usize = 17;

/// Scratch limbs [`mul`] needs for n-limb operands.
///
/// Leaks: nothing; a function of the public length.
pub fn scratch_len(n: usize) -> usize {
    if n < THRESHOLD {
        return 0;
    }
    step_scratch_len(n) + scratch_len(n - (n >> 1))
}

/// Scratch limbs [`square`] needs for n-limb operands.
///
/// Leaks: nothing; a function of the public length.
pub fn square_scratch_len(n: usize) -> usize {
    if n < SQUARE_THRESHOLD {
        return 0;
    }
    square_step_scratch_len(n) + square_scratch_len(n - (n >> 1))
}

/// `d = |x - y|` for `x` of l limbs and `y` of at most l limbs (zero-extended); returns the
/// mask `!0` when `x < y`, else 0. Constant time: the difference is negated by XOR with the
/// mask plus the mask's low bit (two's complement), whatever the sign.
fn abs_diff(d: &mut [Limb], x: &[Limb], y: &[Limb]) -> Limb {
    let (d_lo, d_hi) = d.split_at_mut(y.len());
    let (x_lo, x_hi) = x.split_at(y.len());
    let mut borrow = 0;
    for ((di, &xi), &yi) in d_lo.iter_mut().zip(x_lo).zip(y) {
        (*di, borrow) = sbb_chain(xi, yi, borrow);
    }
    for (di, &xi) in d_hi.iter_mut().zip(x_hi) {
        (*di, borrow) = sbb_chain(xi, 0, borrow);
    }
    let m = borrow.wrapping_neg();
    // ~d + 1 = -d: the carry chain is at most 1 a limb.
    let mut carry = m & 1;
    for di in d.iter_mut() {
        (*di, carry) = adc_chain(*di ^ m, 0, carry);
    }
    m
}

/// `acc = (acc XOR flip) + y + carry` over equal lengths along one carry chain; returns the
/// carry out. Four limbs an iteration, so that the carry stays in the flag between them (a
/// loop of one [`adc_chain`] was unrolled to two and moved the carry through a register
/// between pairs).
#[inline(always)]
fn add_in_place(acc: &mut [Limb], flip: Limb, y: &[Limb], mut carry: Limb) -> Limb {
    debug_assert_eq!(acc.len(), y.len());
    let mut acc4 = acc.chunks_exact_mut(4);
    let mut y4 = y.chunks_exact(4);
    for (a, b) in (&mut acc4).zip(&mut y4) {
        (a[0], carry) = adc_chain(a[0] ^ flip, b[0], carry);
        (a[1], carry) = adc_chain(a[1] ^ flip, b[1], carry);
        (a[2], carry) = adc_chain(a[2] ^ flip, b[2], carry);
        (a[3], carry) = adc_chain(a[3] ^ flip, b[3], carry);
    }
    for (a, &b) in acc4.into_remainder().iter_mut().zip(y4.remainder()) {
        (*a, carry) = adc_chain(*a ^ flip, b, carry);
    }
    carry
}

/// Add the middle term `(z0 + z2 -+ prod) B^l` into `out`, where `z0 = out[..2l]` and
/// `z2 = out[2l..]` are already in place; `m` is `!0` when `prod` must be subtracted, 0 when
/// added. `z0_hi` is l limbs of scratch: the top of z0, `out[l..2l]`, is overwritten before
/// it is read, so it is read from a copy. `prod` is overwritten.
///
/// Three passes of one carry chain each ([`adc_chain`]), over slices split so that no index
/// is checked inside a loop: `prod = z0 + (prod XOR m) + (m & 1)` (that is, `z0 -+ prod` in
/// two's complement), `prod += z2`, `out[l..] += prod`. One pass with the three chains
/// interleaved took 163 ns at l = 32 on Zen 3 (2026-11-29, `taskset -c 0`, a timing loop);
/// these take 110 (and [`abs_diff`], on one chain a pass too, 53 -> 29 ns).
fn add_middle(out: &mut [Limb], l: usize, z0_hi: &mut [Limb], prod: &mut [Limb], m: Limb) {
    let w = 2 * l;
    debug_assert!(prod.len() == w && z0_hi.len() == l && out.len() >= 3 * l);
    z0_hi.copy_from_slice(&out[l..w]);
    // z0 -+ prod: carry c0.
    let (prod_lo, prod_hi) = prod.split_at_mut(l);
    let c0 = add_in_place(prod_lo, m, &out[..l], m & 1);
    let c0 = add_in_place(prod_hi, m, z0_hi, c0);
    // + z2, which has 2h limbs (h = l or l - 1; the limbs past it are zero): carry c2.
    let z2 = &out[w..];
    let (prod_z2, prod_past) = prod.split_at_mut(z2.len());
    let mut c2 = add_in_place(prod_z2, 0, z2, 0);
    for p in prod_past {
        (*p, c2) = adc_chain(*p, 0, c2);
    }
    // Limb 2l of the middle term: the carries plus the sign extension m of -+ prod, mod B.
    // The true middle term a0 b1 + a1 b0 is nonnegative and below 2 B^(2l), so this wrapped
    // limb is exact; the whole product fits 2n limbs, so the last carry out is zero.
    let top = m.wrapping_add(c0).wrapping_add(c2);
    let (middle, past) = out[l..].split_at_mut(w);
    let mut c3 = add_in_place(middle, 0, prod, 0);
    // Nothing lies past 3l only for n = 3, where the product's 2n limbs end there: the top
    // limb and the carry are then zero.
    if let Some((past_first, past_rest)) = past.split_first_mut() {
        (*past_first, c3) = adc(*past_first, top, c3);
        for o in past_rest {
            (*o, c3) = adc_chain(*o, 0, c3);
        }
    } else {
        c3 = c3.wrapping_add(top);
    }
    debug_assert_eq!(c3, 0);
}

/// `out = a * b` for equal lengths n, `out.len() == 2n`, `scratch.len() >= scratch_len(n)`.
///
/// Leaks: n only (the recursion shape and every loop bound depend on n alone).
pub fn mul(out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
    if a.len() < THRESHOLD {
        product_base(out, a, b);
        return;
    }
    mul_step(out, a, b, scratch, mul);
}

/// Scratch limbs one [`mul_step`] on n-limb operands takes besides its halves' own:
/// |a0 - a1|, |b0 - b1| (l each), their product (2l), a copy of the top of z0 (l).
///
/// Leaks: nothing; a function of the public length.
pub fn step_scratch_len(n: usize) -> usize {
    5 * (n - (n >> 1))
}

/// One Karatsuba step: `out = a * b` (equal lengths n >= 2, `out.len() == 2n`) from three
/// half-size products `half(z, x, y, rest)` (`z = x * y` for x, y of equal length; `rest` is
/// the scratch past this step's [`step_scratch_len`]): [`mul`]'s recursion, and the ADX
/// Montgomery kernels' products on their fixed-size rows (`mont::adx`).
///
/// Leaks: n only, and what `half` leaks.
pub fn mul_step(
    out: &mut [Limb],
    a: &[Limb],
    b: &[Limb],
    scratch: &mut [Limb],
    mut half: impl FnMut(&mut [Limb], &[Limb], &[Limb], &mut [Limb]),
) {
    let n = a.len();
    debug_assert!(n >= 2 && b.len() == n && out.len() == 2 * n);
    let h = n >> 1;
    let l = n - h;
    let (a0, a1) = a.split_at(l);
    let (b0, b1) = b.split_at(l);
    let (da, rest) = scratch.split_at_mut(l);
    let (db, rest) = rest.split_at_mut(l);
    let (prod, rest) = rest.split_at_mut(2 * l);
    let (z0_hi, rest) = rest.split_at_mut(l);
    let sa = abs_diff(da, a0, a1);
    let sb = abs_diff(db, b0, b1);
    {
        let (z0, z2) = out.split_at_mut(2 * l);
        half(z0, a0, b0, rest);
        half(z2, a1, b1, rest);
    }
    half(prod, da, db, rest);
    // (a0 - a1)(b0 - b1) = (sign) * prod with sign negative iff exactly one mask is set; the
    // middle term is z0 + z2 - (a0 - a1)(b0 - b1): subtract prod when the signs agree.
    add_middle(out, l, z0_hi, prod, !(sa ^ sb));
}

/// `out = a^2`, `out.len() == 2n`, `scratch.len() >= square_scratch_len(n)`: Karatsuba with
/// `2 a0 a1 = a0^2 + a1^2 - (a0 - a1)^2`, where the sign of `a0 - a1` does not matter.
///
/// Leaks: n only.
pub fn square(out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
    debug_assert!(out.len() == 2 * a.len());
    if a.len() < SQUARE_THRESHOLD {
        square_base(out, a);
        return;
    }
    square_step(out, a, scratch, square);
}

/// Scratch limbs one [`square_step`] on n-limb operands takes besides its halves' own:
/// |a0 - a1| (l), its square (2l), a copy of the top of z0 (l).
///
/// Leaks: nothing; a function of the public length.
pub fn square_step_scratch_len(n: usize) -> usize {
    4 * (n - (n >> 1))
}

/// One Karatsuba squaring step: `out = a^2` (n >= 2, `out.len() == 2n`) from three half-size
/// squares `half(z, x, rest)` (`z = x^2`; `rest` is the scratch past this step's
/// [`square_step_scratch_len`]): [`square`]'s recursion, and the ADX Montgomery kernels'
/// squares on their fixed-size triangles (`mont::adx`).
///
/// Leaks: n only, and what `half` leaks.
pub fn square_step(
    out: &mut [Limb],
    a: &[Limb],
    scratch: &mut [Limb],
    mut half: impl FnMut(&mut [Limb], &[Limb], &mut [Limb]),
) {
    let n = a.len();
    debug_assert!(n >= 2 && out.len() == 2 * n);
    let l = n - (n >> 1);
    let (a0, a1) = a.split_at(l);
    let (da, rest) = scratch.split_at_mut(l);
    let (prod, rest) = rest.split_at_mut(2 * l);
    let (z0_hi, rest) = rest.split_at_mut(l);
    let _ = abs_diff(da, a0, a1);
    {
        let (z0, z2) = out.split_at_mut(2 * l);
        half(z0, a0, rest);
        half(z2, a1, rest);
    }
    half(prod, da, rest);
    add_middle(out, l, z0_hi, prod, !0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{check_product, limbs_of};

    #[test]
    fn mul_against_oracle() {
        for n in (1..=70).chain([95, 96, 97, 128, 200]) {
            for (a, b) in limbs_of(n, n, 31 * n as u64) {
                let mut out = vec![0; 2 * n];
                let mut scratch = vec![0; scratch_len(n)];
                mul(&mut out, &a, &b, &mut scratch);
                check_product(&out, &a, &b);
            }
        }
    }

    #[test]
    fn square_against_oracle() {
        for n in (1..=70).chain([95, 96, 97, 128, 200]) {
            for (a, _) in limbs_of(n, n, 37 * n as u64) {
                let mut out = vec![0; 2 * n];
                let mut scratch = vec![0; square_scratch_len(n)];
                square(&mut out, &a, &mut scratch);
                check_product(&out, &a, &a);
            }
        }
    }

    /// One step of each kind at every small length (2 to 16, below the thresholds, odd ones
    /// with a shorter high half), on Comba halves, against the oracle: the step's own
    /// splitting and middle term, including n = 3, where nothing lies past limb 3l.
    #[test]
    fn single_steps_at_small_lengths() {
        for n in 2..=16 {
            for (a, b) in limbs_of(n, n, 41 * n as u64) {
                let mut out = vec![0; 2 * n];
                let mut scratch = vec![0; step_scratch_len(n)];
                mul_step(&mut out, &a, &b, &mut scratch, |z, x, y, _| {
                    product_base(z, x, y)
                });
                check_product(&out, &a, &b);
                let mut scratch = vec![0; square_step_scratch_len(n)];
                square_step(&mut out, &a, &mut scratch, |z, x, _| square_base(z, x));
                check_product(&out, &a, &a);
            }
        }
    }

    #[test]
    fn signs_of_both_differences() {
        // a0 < a1 with b0 > b1, and both ways round: every mask combination.
        let n = THRESHOLD.max(SQUARE_THRESHOLD) + 2;
        let l = n - (n >> 1);
        for (sa, sb) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut a = vec![0x5555_5555_5555_5555; n];
            let mut b = vec![0x5555_5555_5555_5555; n];
            a[if sa { n - 1 } else { l - 1 }] = u64::MAX;
            b[if sb { n - 1 } else { l - 1 }] = u64::MAX;
            let mut out = vec![0; 2 * n];
            let mut scratch = vec![0; scratch_len(n)];
            mul(&mut out, &a, &b, &mut scratch);
            check_product(&out, &a, &b);
        }
    }
}
