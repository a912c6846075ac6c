//! Full products of limb slices (no reduction): the first half of the product-then-REDC
//! Montgomery variant, and a public entry point for benchmarks against `mpn_mul_n`.

use crate::limb::{mac_row, Limb};

/// `out = a * b`, `out.len() == a.len() + b.len()`.
///
/// Leaks: the lengths only.
pub fn product(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    debug_assert_eq!(out.len(), a.len() + b.len());
    out.fill(0);
    for (i, &bi) in b.iter().enumerate() {
        out[i + a.len()] = mac_row(&mut out[i..], a, bi);
    }
}
