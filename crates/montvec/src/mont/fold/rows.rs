//! Two rows of multiply-accumulate at once: the 128-bit digit of seed 003 §III (a digit
//! q = q0 + q1 2^64 times a k-limb operand), shared by the Montgomery step, the folds (pairs of
//! low limbs times a fold multiplier) and the squaring (pairs of cross-product rows). Each load
//! of an operand limb feeds two multiplications, and a single pending bit carries between
//! consecutive pairs instead of a ripple through the rest of the accumulator.

use crate::limb::{adc, mac, Limb};

/// `z[..k+2] += q0 * f + q1 * f * 2^64 + carry0 + pending * 2^(64k)` with k = f.len(),
/// `z.len() >= k + 2`, `pending <= 1` and `carry0` any word entering row 0 at limb 0.
/// Returns the bit that carries out into limb k + 2.
///
/// Leaks: the lengths only.
#[inline]
pub fn add_two_rows(
    z: &mut [Limb],
    f: &[Limb],
    q0: Limb,
    q1: Limb,
    carry0: Limb,
    pending: Limb,
) -> Limb {
    let k = f.len();
    // Re-slice so the loop's indices are visibly in bounds.
    let z = &mut z[..k + 2];
    let (mut c0, mut c1) = (carry0, 0);
    for j in 0..k {
        // Each mac is at most (2^64 - 1)^2 + 2(2^64 - 1) = 2^128 - 1; row 0 adds q0 f[j] at
        // limb j, row 1 adds q1 f[j] at limb j + 1. Each update is exact, so the order in
        // which the rows touch a limb does not matter.
        (z[j], c0) = mac(z[j], q0, f[j], c0);
        (z[j + 1], c1) = mac(z[j + 1], q1, f[j], c1);
    }
    // Row 0's carry belongs at limb k with the pending bit, row 1's at limb k + 1; each sum
    // is at most 2(2^64 - 1) + 1 < 2^65, so each carry out is one bit.
    let carry;
    (z[k], carry) = adc(z[k], c0, pending);
    let out;
    (z[k + 1], out) = adc(z[k + 1], c1, carry);
    out
}
