//! Operand-scanning (schoolbook) product: one row `a * b[i]` at a time, each row a carry chain
//! of multiply-accumulates. The reference the other kernels are tested against, and the
//! kernel for unequal lengths too short to pay for anything else.

use crate::limb::{mac_row, Limb};

/// `out = a * b`, `out.len() == a.len() + b.len()`.
///
/// Leaks: the lengths only.
pub fn mul(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    debug_assert_eq!(out.len(), a.len() + b.len());
    out.fill(0);
    for (i, &bi) in b.iter().enumerate() {
        // Row i: out[i..i+la] += a * b[i]; its carry (< 2^64, see limb::mac) lands on the
        // still-zero limb out[i + la].
        out[i + a.len()] = mac_row(&mut out[i..], a, bi);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{check_product, limbs_of};

    #[test]
    fn against_oracle() {
        for la in 1..=12 {
            for lb in 1..=12 {
                for (a, b) in limbs_of(la, lb, 7 * la as u64 + lb as u64) {
                    let mut out = vec![0; la + lb];
                    mul(&mut out, &a, &b);
                    check_product(&out, &a, &b);
                }
            }
        }
    }
}
