//! Digit-serial passes over word-sliced numbers in radix 2^52: carry propagation of column
//! sums into digits, and the masked final subtraction.

use crate::batch::lanes::Lanes;

/// `out` = the column sums `x` carry-propagated into 52-bit digits (the carry out of the top
/// is dropped: callers know it is zero). Columns below 2^63, carries below 2^12.
#[inline(always)]
pub(crate) fn normalise_into<V: Lanes>(out: &mut [u64], x: &[u64]) {
    let l = V::LANES;
    assert!(out.len() == x.len());
    // SAFETY: the callers' target features cover V's.
    let mut carry = unsafe { V::splat(0) };
    for i in 0..V::digits(x.len()) {
        // SAFETY: digit i lies within x and out (equal lengths).
        unsafe {
            let v = V::load(x.as_ptr().add(i * l)).add(carry);
            carry = v.carry();
            v.digit().store(out.as_mut_ptr().add(i * l));
        }
    }
}

/// Carry-propagate column sums into 52-bit digits, in place, with `carry` added to the first;
/// returns the carry out of the last. Each column is below 2^63 and each carry below 2^12.
#[inline(always)]
pub(crate) fn normalise<V: Lanes>(x: &mut [u64], mut carry: V) -> V {
    let l = V::LANES;
    for i in 0..V::digits(x.len()) {
        // SAFETY: digit i lies within x; the callers' target features cover V's.
        unsafe {
            let p = x.as_mut_ptr().add(i * l);
            let v = V::load(p).add(carry);
            carry = v.carry();
            v.digit().store(p);
        }
    }
    carry
}

/// Add `v` to digit 0 of `x`.
#[inline(always)]
pub(crate) fn add_digit<V: Lanes>(x: &mut [u64], v: V) {
    assert!(x.len() >= V::LANES);
    // SAFETY: x has at least one digit; the callers' target features cover V's.
    unsafe {
        let p = x.as_mut_ptr();
        V::load(p).add(v).store(p);
    }
}

/// `out = x - N` in the lanes where `x >= N`, else `x` (for `x < 2N`), by a borrow chain over
/// the digits and one masked blend; `diff` is scratch of `x.len()` words.
#[inline(always)]
pub(crate) fn final_subtract<V: Lanes>(out: &mut [u64], x: &[u64], n: &[u64], diff: &mut [u64]) {
    let l = V::LANES;
    let words = x.len();
    assert!(out.len() == words && n.len() == words && diff.len() >= words);
    // SAFETY (the blocks below): every digit index is below d; target features as above.
    let mut borrow = unsafe { V::splat(0) };
    for i in 0..V::digits(words) {
        unsafe {
            // Digits below 2^52, so x_i - n_i - borrow lies in (-2^53, 2^52): bit 63 is the
            // borrow and the low 52 bits the difference digit.
            let v = V::load(x.as_ptr().add(i * l))
                .sub(V::load(n.as_ptr().add(i * l)))
                .sub(borrow);
            borrow = v.sign();
            v.digit().store(diff.as_mut_ptr().add(i * l));
        }
    }
    // No borrow out: x >= N, take the difference. keep = borrow (1 where x < N).
    let take_diff = unsafe { V::splat(1) }.sub(borrow);
    let take_diff = unsafe { V::splat(0) }.sub(take_diff);
    for i in 0..V::digits(words) {
        unsafe {
            let v = V::load(x.as_ptr().add(i * l))
                .select_mask(take_diff, V::load(diff.as_ptr().add(i * l)));
            v.store(out.as_mut_ptr().add(i * l));
        }
    }
}
