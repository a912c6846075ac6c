//! The full square `a^2` (2k limbs) for the folding variant's `sqr`: the k(k-1)/2 cross products
//! once, doubled by a shift, plus the k diagonal squares (Handbook of Applied Cryptography,
//! Alg. 14.16, rearranged as rows of multiply-accumulate).

#![deny(clippy::integer_division_remainder_used)]

use crate::limb::{adc, mac_row, mul_wide, Limb, LIMB_BITS};

/// `out = a * a`, `out.len() == 2 * a.len()`.
///
/// Leaks: the length only.
pub fn square(out: &mut [Limb], a: &[Limb]) {
    let k = a.len();
    debug_assert_eq!(out.len(), 2 * k);
    out.fill(0);
    // Cross products: row i adds a[i] * a[i+1..k] at limb 2i + 1; its carry lands at limb
    // i + k, which no earlier row has reached (row i' < i stops at i' + k), so it is assigned.
    for i in 0..k.saturating_sub(1) {
        out[i + k] = mac_row(&mut out[2 * i + 1..], &a[i + 1..], a[i]);
    }
    // Double: the cross sum is below a^2 / 2 < 2^(128k - 1), so the shifted-out bit is 0.
    let mut top = 0;
    for w in out.iter_mut() {
        let next = *w >> (LIMB_BITS - 1);
        *w = (*w << 1) | top;
        top = next;
    }
    debug_assert_eq!(top, 0);
    // Diagonal: add a[i]^2 at limb 2i, one carry chain over all 2k limbs. The total is a^2 <
    // 2^(128k), so the final carry is 0.
    let mut carry = 0;
    for (i, &ai) in a.iter().enumerate() {
        let (lo, hi) = mul_wide(ai, ai);
        (out[2 * i], carry) = adc(out[2 * i], lo, carry);
        (out[2 * i + 1], carry) = adc(out[2 * i + 1], hi, carry);
    }
    debug_assert_eq!(carry, 0);
}
