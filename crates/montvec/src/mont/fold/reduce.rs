//! The folding reduction (seed 003 §III, mirrored to divide by R, see `mod.rs`): a 2k-limb
//! product X < n^2 becomes `X * 2^(-64k) mod n`, fully reduced, in five steps.
//!
//! 1. Fold 1: `X = Xh 2^(64 h1) + Xl`, `Y1 = Xh + Xl f1 = X 2^(-64 h1) mod n`; carry bit c1.
//! 2. Fold 2: the same on Y1 with h2 and f2; carry bit c2.
//! 3. Montgomery reduction of the low d limbs by 128-bit digits q = z mod 2^128 * n'' mod
//!    2^128 (a final 64-bit digit when d is odd); carry bit c3.
//! 4. Correction: every carry sits at the same weight 2^(64k) of the result, so
//!    `s = c1 + c2 + c3 <= 3` and we add `T[s] = s R mod n`, selected by mask over all four
//!    entries (seed 003's adder table; no secret index).
//! 5. Two masked subtractions: of 2n, then of n.
//!
//! Bounds (limb counts from `geometry.rs`, L1 = 2k - h1, L2 = L1 - h2 = k + d):
//! - after fold 1: `Y1 < 2^(64(2k-h1)) + 2^(64(h1+k)) <= 2^(64 L1 + 1)` as `k + h1 <= L1`;
//! - after fold 2: `Y2 < 2^(64 L2) + 2^(64(h2+k)) <= 2^(64 L2 + 1)` as `h1 + 2 h2 <= k`;
//!   c1, dropped at weight 2^(64 L1), has weight 2^(64 L2) once divided by 2^(64 h2);
//! - Montgomery: `Z = Y2 + Q n < 2^(64 L2) + 2^(64 d) 2^(64 k) = 2^(64 L2 + 1)`;
//!   all three carries have weight 2^(64 L2) before, 2^(64k) after the division by 2^(64d).
//! - In exact arithmetic (carries kept) the result is
//!   `W* = Z / 2^(64d) = Xh/2^(64(h2+d)) + Xl f1/2^(64(h2+d)) + Yl f2/2^(64d) + Q n/2^(64d)`
//!   (Xh, Xl the parts of X at fold 1, Yl the low h2 limbs at fold 2; the floor at fold 2
//!   only lowers the first two terms), with Xl < 2^(64 h1), Yl < 2^(64 h2), Q < 2^(64d) and
//!   f1, f2 < n, so `W* < X/R + n 2^(64(h1-h2-d)) + n 2^(64(h2-d)) + n <= 4n` because
//!   X < n^2 < nR, h1 <= h2 + d and h2 <= d. Equality in the cuts holds for k = 0 mod 4, where
//!   W* really comes close to 4n (and s reaches 3) when n is close to R.
//! - `W* = s R + W` with W the k-limb result, so `s = floor(W*/R)`. The corrected
//!   `V = W + T[s] = W* - n floor(sR/n) <= W*` is below 4n too, and below `R + n < 2R`
//!   (k limbs + 1 bit), which is what step 5 needs.

use subtle::ConstantTimeEq;

use crate::ct;
use crate::limb::{adc, mac_row, sbb, Limb};
use crate::mont::cios::final_subtract;
use crate::mont::fold::constants::{FoldConstants, CARRY_TABLE_ENTRIES};
use crate::mont::fold::geometry::Geometry;
use crate::mont::fold::rows::add_two_rows;

/// `out = x * 2^(-64k) mod n`, fully reduced, for `x < n^2` of 2k limbs (destroyed).
/// `work` has at least k limbs. Returns the carry count s (0..=3), for tests.
///
/// Leaks: k only.
pub fn reduce(
    out: &mut [Limb],
    x: &mut [Limb],
    n: &[Limb],
    n0: Limb,
    c: &FoldConstants,
    g: &Geometry,
    work: &mut [Limb],
) -> Limb {
    let Geometry { k, h1, h2, d } = *g;
    debug_assert!(out.len() == k && x.len() == 2 * k && n.len() == k && work.len() >= k);
    let mut s: Limb = 0;

    // Step 1, fold 1: x[h1..2k] += x[0..h1] * f1, row by row in place. The sum is below
    // 2^(64 L1 + 1) (module doc), so the carry out of x[2k - 1] is c1 <= 1.
    if h1 > 0 {
        s += fold_rows(x, h1, &c.f1);
    }

    // Step 2, fold 2 on y = x[h1..2k] (L1 limbs): y[h2..] += y[0..h2] * f2; carry out c2 <= 1.
    if h2 > 0 {
        s += fold_rows(&mut x[h1..], h2, &c.f2);
    }

    // Step 3, Montgomery on z = x[h1+h2..2k] (L2 = k + d limbs): zero the low d limbs by
    // adding multiples of n, two limbs (one 128-bit digit) at a time. Each digit's top carry
    // and the bit still pending from the previous digit meet at limb i + k; the bit pending
    // after the last digit sits at limb d + k = L2 and is the carry out c3 <= 1.
    let z = &mut x[h1 + h2..];
    let mut pending = 0;
    let mut i = 0;
    while i + 2 <= d {
        // q = -z[i..i+2] * n^-1 mod 2^128, so z + q n 2^(64i) = 0 mod 2^(64(i+2)).
        let low = z[i] as u128 | ((z[i + 1] as u128) << 64);
        let q = low.wrapping_mul(c.n_inv128);
        pending = add_two_rows(&mut z[i..], n, q as Limb, (q >> 64) as Limb, 0, pending);
        i += 2;
    }
    if i < d {
        // Odd d: one 64-bit digit q = z[i] * n0 mod 2^64 (seed 000's word step).
        let q = z[i].wrapping_mul(n0);
        let top = mac_row(&mut z[i..], n, q);
        // z[i+k] + top + pending <= 2(2^64 - 1) + 1 < 2^65: the new pending bit is 0 or 1.
        (z[i + k], pending) = adc(z[i + k], top, pending);
    }
    s += pending;
    debug_assert!(z[..d].iter().all(|&w| w == 0));
    debug_assert!(s <= 3);

    // Step 4: V = W + T[s], W = z[d..d+k] = x[k..2k]. T[s] is read by mask over every entry,
    // limb by limb, fused with the addition.
    let masks: [Limb; CARRY_TABLE_ENTRIES] =
        core::array::from_fn(|e| ct::mask(s.ct_eq(&(e as Limb))));
    let mut carry = 0;
    for j in 0..k {
        let mut t = 0;
        for (e, &m) in masks.iter().enumerate() {
            t |= m & c.carry_table[e * k + j];
        }
        (out[j], carry) = adc(x[k + j], t, carry);
    }
    // (carry : out) = V < 4n and < 2R.

    // Step 5a: subtract 2n (k + 1 limbs) unless that borrows; V < 4n becomes V < 2n.
    let mut borrow = 0;
    for j in 0..k {
        (work[j], borrow) = sbb(out[j], c.two_n[j], borrow);
    }
    let (top_diff, borrow) = sbb(carry, c.two_n[k], borrow);
    let keep_diff = !ct::choice_from_bit(borrow);
    ct::conditional_assign(out, &work[..k], keep_diff);
    let top = ct::select_word(top_diff, carry, keep_diff);
    // Step 5b: (top : out) < 2n, subtract n once, masked (top <= 1 as V < 2R).
    final_subtract(out, top, n, work);
    s
}

/// One fold as multiply-accumulate rows in place: `x[h..] += x[0..h] * f` over all of `x`
/// (`x.len() >= 2h + f.len()`), returning the carry out of x's top limb (0 or 1 when the
/// caller's bound holds).
///
/// Rows go two at a time (limbs i, i + 1 of the low part, like the 128-bit Montgomery digit),
/// so each load of f[j] feeds two multiplications. A pair's top words land at limbs
/// h + i + k and h + i + k + 1, the first together with the bit pending from the previous
/// pair; a bit is left pending at h + i + k + 2. After the last row that bit ripples from
/// limb 2h + k to the top.
#[inline]
fn fold_rows(x: &mut [Limb], h: usize, f: &[Limb]) -> Limb {
    let k = f.len();
    debug_assert!(x.len() >= 2 * h + k);
    let mut pending = 0;
    let mut i = 0;
    while i + 2 <= h {
        let (q0, q1) = (x[i], x[i + 1]);
        pending = add_two_rows(&mut x[h + i..], f, q0, q1, 0, pending);
        i += 2;
    }
    if i < h {
        let xi = x[i];
        let top = mac_row(&mut x[h + i..], f, xi);
        // x[h+i+k] + top + pending <= 2(2^64 - 1) + 1 < 2^65.
        (x[h + i + k], pending) = adc(x[h + i + k], top, pending);
    }
    for w in x[2 * h + k..].iter_mut() {
        (*w, pending) = adc(*w, 0, pending);
    }
    pending
}
