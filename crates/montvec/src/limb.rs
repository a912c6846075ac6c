//! Word primitives on `u64` limbs: add-with-carry, subtract-with-borrow, multiply-accumulate,
//! and the slice-level carry chains every kernel is built from.
//!
//! Leaks: nothing but slice lengths; no branch or index depends on a limb value.

/// One machine word of a big number, least significant limb first everywhere in this crate.
pub type Limb = u64;
/// Bits in a [`Limb`].
pub const LIMB_BITS: usize = 64;

/// Where bit `i` of a number lies: `(limb, shift)` with `i = limb * 64 + shift`, by a shift and
/// a mask (the crate denies `/` and `%`, whose latency may depend on their operands).
///
/// Leaks: nothing but `i`, which callers keep public (a position, not a value).
#[inline(always)]
pub const fn bit_position(i: usize) -> (usize, usize) {
    (i >> LIMB_BITS.trailing_zeros(), i & (LIMB_BITS - 1))
}

/// `a + b + carry`, returning `(sum, carry_out)`; `carry` must be 0 or 1.
#[inline(always)]
pub const fn adc(a: Limb, b: Limb, carry: Limb) -> (Limb, Limb) {
    // a + b + carry <= 2 (2^64 - 1) + 1 < 2^65: the high half is 0 or 1.
    let t = a as u128 + b as u128 + carry as u128;
    (t as Limb, (t >> 64) as Limb)
}

/// `a - b - borrow`, returning `(difference, borrow_out)`; `borrow` must be 0 or 1.
#[inline(always)]
pub const fn sbb(a: Limb, b: Limb, borrow: Limb) -> (Limb, Limb) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as Limb, ((t >> 64) as Limb) & 1)
}

/// [`adc`] for loops of one carry chain: on x86-64 through `_addcarry_u64`, so that the
/// compiler keeps the carry in the carry flag from one limb to the next, where the `u128` form
/// moves it through a register each limb. Zen 3 (2026-11-29, `x += y` over 32 limbs, `taskset
/// -c 0`): 11.4 ns against 22.0. Two chains interleaved in one loop lose the flag again (29.7
/// ns): give each chain its own pass.
#[inline(always)]
pub fn adc_chain(a: Limb, b: Limb, carry: Limb) -> (Limb, Limb) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut sum = 0;
        let carry_out = core::arch::x86_64::_addcarry_u64(carry as u8, a, b, &mut sum);
        (sum, Limb::from(carry_out))
    }
    #[cfg(not(target_arch = "x86_64"))]
    adc(a, b, carry)
}

/// [`sbb`] for loops of one borrow chain, as [`adc_chain`] (`_subborrow_u64` on x86-64).
#[inline(always)]
pub fn sbb_chain(a: Limb, b: Limb, borrow: Limb) -> (Limb, Limb) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut difference = 0;
        let borrow_out = core::arch::x86_64::_subborrow_u64(borrow as u8, a, b, &mut difference);
        (difference, Limb::from(borrow_out))
    }
    #[cfg(not(target_arch = "x86_64"))]
    sbb(a, b, borrow)
}

/// `acc + a * b + carry`, returning `(low, high)`.
#[inline(always)]
pub const fn mac(acc: Limb, a: Limb, b: Limb, carry: Limb) -> (Limb, Limb) {
    // (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1: never overflows a u128.
    let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (t as Limb, (t >> 64) as Limb)
}

/// `a * b` as `(low, high)`.
#[inline(always)]
pub const fn mul_wide(a: Limb, b: Limb) -> (Limb, Limb) {
    let t = (a as u128) * (b as u128);
    (t as Limb, (t >> 64) as Limb)
}

/// `x += y` over `x.len()` limbs (`y` may be shorter, and is zero-extended); returns the carry.
///
/// # Panics
/// When `y` is longer than `x`.
#[inline]
pub fn add_assign(x: &mut [Limb], y: &[Limb]) -> Limb {
    assert!(y.len() <= x.len(), "add_assign: y is longer than x");
    let mut carry = 0;
    for (i, xi) in x.iter_mut().enumerate() {
        let yi = if i < y.len() { y[i] } else { 0 };
        (*xi, carry) = adc(*xi, yi, carry);
    }
    carry
}

/// `x -= y` over `x.len()` limbs (`y` may be shorter, and is zero-extended); returns the borrow.
///
/// # Panics
/// When `y` is longer than `x`.
#[inline]
pub fn sub_assign(x: &mut [Limb], y: &[Limb]) -> Limb {
    assert!(y.len() <= x.len(), "sub_assign: y is longer than x");
    let mut borrow = 0;
    for (i, xi) in x.iter_mut().enumerate() {
        let yi = if i < y.len() { y[i] } else { 0 };
        (*xi, borrow) = sbb(*xi, yi, borrow);
    }
    borrow
}

/// `out = x - y` (equal lengths); returns the borrow.
///
/// # Panics
/// When the lengths differ.
#[inline]
pub fn sub_into(out: &mut [Limb], x: &[Limb], y: &[Limb]) -> Limb {
    assert!(
        out.len() == x.len() && x.len() == y.len(),
        "sub_into: lengths differ"
    );
    let mut borrow = 0;
    for i in 0..out.len() {
        (out[i], borrow) = sbb(x[i], y[i], borrow);
    }
    borrow
}

/// `acc += a * b` over `a.len()` limbs of `acc`, returning the carry word that belongs at
/// `acc[a.len()]`. The inner step of schoolbook multiplication.
///
/// # Panics
///
/// When `acc` is shorter than `a`.
#[inline]
pub fn mac_row(acc: &mut [Limb], a: &[Limb], b: Limb) -> Limb {
    debug_assert!(acc.len() >= a.len());
    let mut carry = 0;
    for (i, &ai) in a.iter().enumerate() {
        (acc[i], carry) = mac(acc[i], ai, b, carry);
    }
    carry
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: Limb = Limb::MAX;

    #[test]
    fn word_primitives_known_answers() {
        assert_eq!(adc(M, M, 1), (M, 1));
        assert_eq!(adc(M, 0, 1), (0, 1));
        assert_eq!(adc(3, 5, 1), (9, 0));
        assert_eq!(sbb(0, 0, 1), (M, 1));
        assert_eq!(sbb(0, M, 1), (0, 1));
        assert_eq!(sbb(9, 5, 1), (3, 0));
        assert_eq!(sbb(9, 5, 0), (4, 0));
        assert_eq!(mac(M, M, M, M), (M, M));
        assert_eq!(mac(1, 2, 3, 4), (11, 0));
        assert_eq!(mul_wide(M, M), (1, M - 1));
        assert_eq!(mul_wide(1 << 32, 1 << 32), (0, 1));
    }

    /// The carry-flag forms agree with the `u128` forms on every pair of edge words and both
    /// carries in (on x86-64 they go through `_addcarry_u64` / `_subborrow_u64`).
    #[test]
    fn chain_primitives_match_word_primitives() {
        let words = [
            0,
            1,
            2,
            1 << 63,
            (1 << 63) - 1,
            M - 1,
            M,
            0x0123_4567_89ab_cdef,
        ];
        for a in words {
            for b in words {
                for c in [0, 1] {
                    assert_eq!(adc_chain(a, b, c), adc(a, b, c), "adc {a:x} {b:x} {c}");
                    assert_eq!(sbb_chain(a, b, c), sbb(a, b, c), "sbb {a:x} {b:x} {c}");
                }
            }
        }
        assert_eq!(adc_chain(M, 0, 1), (0, 1));
        assert_eq!(sbb_chain(0, 0, 1), (M, 1));
    }

    #[test]
    fn add_assign_zero_extends_short_operand_and_returns_carry() {
        let mut x = [M, M, 7];
        assert_eq!(add_assign(&mut x, &[1]), 0);
        assert_eq!(x, [0, 0, 8]);
        let mut x = [M, M];
        assert_eq!(add_assign(&mut x, &[1]), 1);
        assert_eq!(x, [0, 0]);
        let mut x = [5, M];
        assert_eq!(add_assign(&mut x, &[1, 2]), 1);
        assert_eq!(x, [6, 1]);
    }

    #[test]
    fn sub_assign_zero_extends_short_operand_and_returns_borrow() {
        let mut x = [0, 0, 8];
        assert_eq!(sub_assign(&mut x, &[1]), 0);
        assert_eq!(x, [M, M, 7]);
        let mut x = [0, 0];
        assert_eq!(sub_assign(&mut x, &[1]), 1);
        assert_eq!(x, [M, M]);
        let mut x = [5, 6];
        assert_eq!(sub_assign(&mut x, &[1, 2]), 0);
        assert_eq!(x, [4, 4]);
    }

    #[test]
    fn sub_into_returns_difference_and_borrow() {
        let mut out = [0; 2];
        assert_eq!(sub_into(&mut out, &[0, 5], &[1, 5]), 1);
        assert_eq!(out, [M, M]);
        assert_eq!(sub_into(&mut out, &[5, 6], &[1, 2]), 0);
        assert_eq!(out, [4, 4]);
    }

    #[test]
    fn mac_row_returns_top_carry() {
        // [M, M] + [M, M] * M = (2^128 - 1) * 2^64 = 2^192 - 2^64.
        let mut acc = [M, M, 0];
        assert_eq!(mac_row(&mut acc, &[M, M], M), M);
        assert_eq!(acc, [0, M, 0]);
        let mut acc = [1, 2];
        assert_eq!(mac_row(&mut acc, &[3, 4], 5), 0);
        assert_eq!(acc, [16, 22]);
    }
}
