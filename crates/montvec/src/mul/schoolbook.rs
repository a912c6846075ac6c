//! Operand-scanning (schoolbook) product: one row `a * b[i]` at a time, each row a carry chain
//! of multiply-accumulates. The reference the other kernels are tested against, and the
//! kernel for unequal lengths too short to pay for anything else.

use crate::limb::{mac, mac_row, Limb};

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

/// `out = a * b` for two N-limb values, `out.len() == 2N`, row by row with constant loop
/// bounds (unrolled by the compiler). The result is kept in two N-limb local arrays, so each
/// row is a plain multiply-accumulate chain on registers.
///
/// Leaks: N only.
#[inline]
pub fn mul_fixed<const N: usize>(out: &mut [Limb], a: &[Limb; N], b: &[Limb; N]) {
    let mut lo = [0; N];
    let mut hi = [0; N];
    // Index loops on purpose: the iterator form compiled to slower code here (n=4: 8.5 vs
    // 7.3 ns, n=6: 20.1 vs 16.4 ns).
    #[allow(clippy::needless_range_loop)]
    for i in 0..N {
        // Row i: (lo : hi)[i..i+N] += a * b[i]; every mac is at most 2^128 - 1 (limb::mac).
        let mut c = 0;
        for j in 0..N {
            let k = i + j;
            if k < N {
                (lo[k], c) = mac(lo[k], a[j], b[i], c);
            } else {
                (hi[k - N], c) = mac(hi[k - N], a[j], b[i], c);
            }
        }
        // Limb i + N is still zero: the row's carry lands there.
        hi[i] = c;
    }
    out[..N].copy_from_slice(&lo);
    out[N..2 * N].copy_from_slice(&hi);
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

    fn fixed_case<const N: usize>() {
        for (a, b) in limbs_of(N, N, 11 * N as u64) {
            let mut out = vec![0; 2 * N];
            mul_fixed::<N>(
                &mut out,
                a[..].try_into().unwrap(),
                b[..].try_into().unwrap(),
            );
            check_product(&out, &a, &b);
        }
    }

    #[test]
    fn fixed_against_oracle() {
        fixed_case::<1>();
        fixed_case::<2>();
        fixed_case::<3>();
        fixed_case::<4>();
        fixed_case::<5>();
        fixed_case::<6>();
        fixed_case::<7>();
        fixed_case::<8>();
        fixed_case::<9>();
    }
}
