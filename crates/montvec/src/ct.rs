//! The constant-time vocabulary: masks from `subtle::Choice`, masked select, swap and compare
//! over limb slices. Everything secret-dependent in the crate goes through these few words.
//!
//! Leaks: slice lengths only. Comparisons scan every limb; selection is by mask, never by branch.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, ConstantTimeLess};

use crate::limb::{sbb, Limb};

/// All-ones when `c` is true, zero otherwise.
#[inline(always)]
pub fn mask(c: Choice) -> Limb {
    (c.unwrap_u8() as Limb).wrapping_neg()
}

/// A `Choice` from a limb that is 0 or 1 (a carry or borrow).
#[inline(always)]
pub fn choice_from_bit(bit: Limb) -> Choice {
    debug_assert!(bit <= 1);
    Choice::from(bit as u8)
}

/// `dst = c ? src : dst`, limb by limb.
///
/// # Panics
/// When the lengths differ (a silently shorter copy would be a wrong answer).
#[inline]
pub fn conditional_assign(dst: &mut [Limb], src: &[Limb], c: Choice) {
    assert_eq!(dst.len(), src.len(), "conditional_assign: lengths differ");
    let m = mask(c);
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= m & (*d ^ *s);
    }
}

/// Swap `a` and `b` when `c` is true.
///
/// # Panics
/// When the lengths differ.
#[inline]
pub fn conditional_swap(a: &mut [Limb], b: &mut [Limb], c: Choice) {
    assert_eq!(a.len(), b.len(), "conditional_swap: lengths differ");
    let m = mask(c);
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        let t = m & (*x ^ *y);
        *x ^= t;
        *y ^= t;
    }
}

/// `x == y` over equal-length slices.
///
/// # Panics
/// When the lengths differ.
pub fn eq(x: &[Limb], y: &[Limb]) -> Choice {
    assert_eq!(x.len(), y.len(), "eq: lengths differ");
    x.ct_eq(y)
}

/// `x < y` over equal-length slices, by the borrow of `x - y`.
///
/// # Panics
/// When the lengths differ.
pub fn lt(x: &[Limb], y: &[Limb]) -> Choice {
    assert_eq!(x.len(), y.len(), "lt: lengths differ");
    let mut borrow = 0;
    for (&a, &b) in x.iter().zip(y) {
        (_, borrow) = sbb(a, b, borrow);
    }
    choice_from_bit(borrow)
}

/// `x == 0`.
pub fn is_zero(x: &[Limb]) -> Choice {
    let acc = x.iter().fold(0, |acc, &w| acc | w);
    acc.ct_eq(&0)
}

/// `a < b` for single words.
#[inline(always)]
pub fn lt_word(a: Limb, b: Limb) -> Choice {
    a.ct_lt(&b)
}

/// The position of `w`'s highest set bit plus one (0 for zero), by six masked halvings: each
/// step keeps the upper half of what is left when it is nonzero, and counts its shift.
///
/// Leaks: nothing.
#[inline]
pub fn word_bit_length(w: Limb) -> Limb {
    let (mut rest, mut bits) = (w, 0);
    for shift in [32, 16, 8, 4, 2, 1] {
        let high = rest >> shift;
        let m = mask(!high.ct_eq(&0));
        bits += shift & m;
        rest = (high & m) | (rest & !m);
    }
    // `rest` is now the top bit itself: 1, or 0 when w is.
    bits + rest
}

/// `c ? a : b` for single words.
#[inline(always)]
pub fn select_word(a: Limb, b: Limb, c: Choice) -> Limb {
    Limb::conditional_select(&b, &a, c)
}

/// Marks `x` public for the constant-time check (`scripts/ctcheck`, which runs montvec under
/// valgrind's memcheck with the secrets marked undefined): `x` is derived from secrets, and the
/// caller is about to branch on it or release it by design (a validity verdict, the length of
/// a returned message). Does nothing in other builds.
///
/// Every place where a secret-derived value becomes public calls this (or
/// [`declassify_choice`]), so searching for `declassify` lists them all. `x` may be a slice,
/// as a `Nat`'s limbs (on the `Nat` itself it would mark only its length and pointer).
///
/// Leaks: `x`, by design.
#[inline(always)]
pub fn declassify<T: ?Sized>(x: &mut T) {
    #[cfg(montvec_ctcheck)]
    {
        extern "C" {
            fn montvec_ctcheck_public(p: *const u8, len: usize);
        }
        let len = core::mem::size_of_val(x);
        // SAFETY: the function (montvec-ctcheck's `memcheck.c`, linked into the only binary
        // built with this cfg) changes memcheck's shadow state of the `len` bytes `x` borrows
        // and touches no memory. The pointer comes from `&mut`, so the compiler reloads `x`
        // from memory after the call rather than reuse a register copy.
        unsafe { montvec_ctcheck_public((x as *mut T).cast::<u8>(), len) }
    }
    #[cfg(not(montvec_ctcheck))]
    let _ = x;
}

/// `c` as a `bool`, marked public for the constant-time check (see [`declassify`]): for the
/// branches that decide, by design, on a secret-derived verdict.
///
/// Leaks: `c`, by design.
#[inline(always)]
pub fn declassify_choice(c: Choice) -> bool {
    let mut bit = c.unwrap_u8();
    declassify(&mut bit);
    bit == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `lt` is strict (false at equal values), and a borrow out of the low limb reaches an
    /// equal high limb. Its callers are in montvec-rsa (e < n, d < n, the Miller-Rabin bases),
    /// so no test of this crate would notice it turning into `<=`.
    #[test]
    fn lt_is_strict() {
        const M: Limb = Limb::MAX;
        let t = |c: Choice| bool::from(c);
        assert!(!t(lt(&[5], &[5])), "equal is not less");
        assert!(!t(lt(&[0, 0], &[0, 0])));
        assert!(!t(lt(&[M, M], &[M, M])));
        assert!(t(lt(&[4], &[5])));
        assert!(!t(lt(&[6], &[5])));
        // The high limb decides; the low limb's borrow must propagate.
        assert!(t(lt(&[M, 1], &[0, 2])));
        assert!(!t(lt(&[0, 2], &[M, 1])));
        assert!(t(lt(&[1, 7], &[2, 7])));
        assert!(!t(lt(&[2, 7], &[1, 7])));
    }
}
