//! The full square `a^2` (2k limbs) for the folding variant's `sqr`: the k(k-1)/2 cross products
//! once, doubled by a shift, plus the k diagonal squares (Handbook of Applied Cryptography,
//! Alg. 14.16, rearranged as pairs of multiply-accumulate rows, see `rows.rs`).

use crate::limb::{adc, mac, mul_wide, Limb, LIMB_BITS};
use crate::mont::fold::rows::add_two_rows;

/// `out = a * a`, `out.len() == 2 * a.len()`.
///
/// Leaks: the length only.
pub fn square(out: &mut [Limb], a: &[Limb]) {
    let k = a.len();
    debug_assert_eq!(out.len(), 2 * k);
    out.fill(0);
    // Cross products sum_{i<m} a[i] a[m] 2^(64(i+m)), rows i = 0..k-2, two at a time: the
    // pair (i, i+1) is the single term a[i] a[i+1] at limb 2i + 1, then both rows against
    // a[i+2..k] from limb 2i + 2 (row i at i + m, row i + 1 at i + 1 + m). The pair's top
    // words land at limbs i + k and i + k + 1, the first with the bit pending from the
    // previous pair (which left it at (i - 2) + k + 2); a bit is left pending at i + k + 2.
    let mut pending = 0;
    let mut i = 0;
    while i + 3 <= k {
        // out[2i+1] + a[i] a[i+1] <= 2^128 - 2^65 + 1: c0 is a word, entering row i.
        let (lo, c0) = mac(out[2 * i + 1], a[i], a[i + 1], 0);
        out[2 * i + 1] = lo;
        pending = add_two_rows(
            &mut out[2 * i + 2..],
            &a[i + 2..],
            a[i],
            a[i + 1],
            c0,
            pending,
        );
        i += 2;
    }
    if i + 2 == k {
        // The last row alone: a[k-2] a[k-1] at limb 2k - 3, top word at 2k - 2 (= i + k,
        // where the pending bit sits); each sum below 2^65.
        let (lo, hi) = mac(out[2 * i + 1], a[i], a[i + 1], 0);
        out[2 * i + 1] = lo;
        (out[2 * i + 2], pending) = adc(out[2 * i + 2], hi, pending);
    }
    // The pending bit now sits at limb 2k - 1 (i + k with i = k - 1, or after the last row);
    // the cross sum is below 2^(128k - 1), so adding it carries no further.
    if k >= 2 {
        let top;
        (out[2 * k - 1], top) = adc(out[2 * k - 1], 0, pending);
        debug_assert_eq!(top, 0);
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
