//! CIOS: coarsely integrated operand scanning Montgomery multiplication (seed 000, Alg. 1),
//! generic over the limb count, with a masked final subtraction.
//!
//! Each of the k outer steps adds `a * b[i]`, then `q * n` with `q = t[0] * n' mod 2^64`, so
//! the low word vanishes and the accumulator shifts down one limb (Alg. 1 steps 2-4).

use crate::ct;
use crate::limb::{adc, mac, sbb, Limb};

/// `out = a * b * 2^(-64k) mod n`, fully reduced, for `a < 2^(64k)`, `b < n` (k = n.len()).
/// `scratch` has at least k limbs.
///
/// Leaks: k only.
pub fn mont_mul(
    out: &mut [Limb],
    a: &[Limb],
    b: &[Limb],
    n: &[Limb],
    n0: Limb,
    scratch: &mut [Limb],
) {
    let k = n.len();
    debug_assert!(out.len() == k && a.len() == k && b.len() == k && scratch.len() >= k);
    out.fill(0);
    // The accumulator t is (hi : out[k-1] .. out[0]); invariant t < a + n < 2^(64k) + n,
    // so hi <= 1.
    let mut hi: Limb = 0;
    for &bi in b {
        // Step 2: t += a * b[i]. Each mac is at most 2^128 - 1 (see limb::mac).
        let mut c = 0;
        for j in 0..k {
            (out[j], c) = mac(out[j], a[j], bi, c);
        }
        let (t_k, t_k1) = adc(hi, c, 0);
        // Step 3: q = t[0] * n' so that t + q * n = 0 mod 2^64.
        let q = out[0].wrapping_mul(n0);
        // Step 4: t = (t + q * n) / 2^64.
        let (_, mut c) = mac(out[0], q, n[0], 0);
        for j in 1..k {
            (out[j - 1], c) = mac(out[j], q, n[j], c);
        }
        let (top, c2) = adc(t_k, c, 0);
        out[k - 1] = top;
        // t_k1 + c2 <= 1: the accumulator stays below 2^(64k+1).
        hi = t_k1 + c2;
    }
    final_subtract(out, hi, n, scratch);
}

/// Given `t = (hi : out) < 2n`, leave `t mod n` in `out`: subtract n and keep the difference
/// unless it borrowed past `hi`. Masked, never branched (seed 000 §2.2).
///
/// Leaks: the size of n.
#[inline]
pub fn final_subtract(out: &mut [Limb], hi: Limb, n: &[Limb], scratch: &mut [Limb]) {
    let k = n.len();
    let mut borrow = 0;
    for j in 0..k {
        (scratch[j], borrow) = sbb(out[j], n[j], borrow);
    }
    let (_, borrow) = sbb(hi, 0, borrow);
    ct::conditional_assign(out, &scratch[..k], !ct::choice_from_bit(borrow));
}
