//! Half products for REDC (seed 002 §3.4, seed 001): the low k limbs of a product (about
//! k^2 / 2 word products, the "half multiplication" that gives the REDC quotient), and the
//! exact high k limbs of a k x k product (for `(T + q n) / R`).

use crate::limb::{add_assign, Limb};
use crate::mul::comba::{column, ColumnAccumulator};
use crate::mul::product_with_scratch;

/// Limb count from which the low half is computed by splitting (one full half-size product,
/// two half-size low halves) instead of Comba columns: the same point as the Karatsuba
/// threshold, where the halves land on the unrolled kernels (up to 16 limbs).
pub const LOW_SPLIT_THRESHOLD: usize = 17;

/// `out = a * b mod 2^(64k)`, k = `out.len()`, using only the first k limbs of `a` and `b`
/// (each must have at least k). Comba columns 0..k: k(k+1)/2 word products; fully unrolled
/// for the sizes `mul::product_base` unrolls.
///
/// Leaks: k only.
pub fn mul_low(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    fn unrolled<const N: usize>(
        out: &mut [Limb],
        a: &[Limb],
        b: &[Limb],
        f: fn(&mut [Limb; N], &[Limb; N], &[Limb; N]),
    ) {
        let a = a[..N].try_into().expect("N limbs");
        let b = b[..N].try_into().expect("N limbs");
        f(out.try_into().expect("N limbs"), a, b);
    }
    let k = out.len();
    debug_assert!(a.len() >= k && b.len() >= k);
    match k {
        2 => unrolled(out, a, b, mul_low_2),
        3 => unrolled(out, a, b, mul_low_3),
        4 => unrolled(out, a, b, mul_low_4),
        5 => unrolled(out, a, b, mul_low_5),
        6 => unrolled(out, a, b, mul_low_6),
        7 => unrolled(out, a, b, mul_low_7),
        8 => unrolled(out, a, b, mul_low_8),
        9 => unrolled(out, a, b, mul_low_9),
        10 => unrolled(out, a, b, mul_low_10),
        11 => unrolled(out, a, b, mul_low_11),
        12 => unrolled(out, a, b, mul_low_12),
        13 => unrolled(out, a, b, mul_low_13),
        14 => unrolled(out, a, b, mul_low_14),
        15 => unrolled(out, a, b, mul_low_15),
        16 => unrolled(out, a, b, mul_low_16),
        _ => mul_low_columns(out, a, b),
    }
}

/// [`mul_low`] for any k, column loops.
fn mul_low_columns(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let mut acc = ColumnAccumulator::default();
    for (c, o) in out.iter_mut().enumerate() {
        for (&x, &y) in a[..=c].iter().zip(b[..=c].iter().rev()) {
            acc.add_product(x, y);
        }
        // Carries past column k - 1 are dropped with the accumulator: arithmetic mod B^k.
        *o = acc.shift_out();
    }
}

/// Define a fully unrolled N-limb low-half product: Comba columns 0..N only.
macro_rules! unrolled_low {
    ($name:ident, $n:literal, [$($c:literal)*]) => {
        /// `out = a * b mod 2^(64N)`, fully unrolled.
        ///
        /// Leaks: nothing but the size.
        fn $name(out: &mut [Limb; $n], a: &[Limb; $n], b: &[Limb; $n]) {
            let mut acc = ColumnAccumulator::default();
            $(
                column::<$n, $c>(&mut acc, a, b);
                out[$c] = acc.shift_out();
            )*
        }
    };
}

unrolled_low!(mul_low_2, 2, [0 1]);
unrolled_low!(mul_low_3, 3, [0 1 2]);
unrolled_low!(mul_low_4, 4, [0 1 2 3]);
unrolled_low!(mul_low_5, 5, [0 1 2 3 4]);
unrolled_low!(mul_low_6, 6, [0 1 2 3 4 5]);
unrolled_low!(mul_low_7, 7, [0 1 2 3 4 5 6]);
unrolled_low!(mul_low_8, 8, [0 1 2 3 4 5 6 7]);
unrolled_low!(mul_low_9, 9, [0 1 2 3 4 5 6 7 8]);
unrolled_low!(mul_low_10, 10, [0 1 2 3 4 5 6 7 8 9]);
unrolled_low!(mul_low_11, 11, [0 1 2 3 4 5 6 7 8 9 10]);
unrolled_low!(mul_low_12, 12, [0 1 2 3 4 5 6 7 8 9 10 11]);
unrolled_low!(mul_low_13, 13, [0 1 2 3 4 5 6 7 8 9 10 11 12]);
unrolled_low!(mul_low_14, 14, [0 1 2 3 4 5 6 7 8 9 10 11 12 13]);
unrolled_low!(mul_low_15, 15, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14]);
unrolled_low!(mul_low_16, 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]);

/// Scratch limbs [`mul_low_split`] needs for k limbs.
///
/// Leaks: nothing; a function of the public length.
pub fn mul_low_scratch_len(k: usize) -> usize {
    if k < LOW_SPLIT_THRESHOLD {
        return 0;
    }
    let l = k - (k >> 1);
    let h = k >> 1;
    // a0 b0 (2l) and one low half (h), then the full product's scratch or the recursion's.
    2 * l + h + crate::mul::product_scratch_len(l).max(mul_low_scratch_len(h))
}

/// `out = a * b mod 2^(64k)` like [`mul_low`], splitting for large k: with
/// `a = a0 + a1 B^l`, `b = b0 + b1 B^l`, `ab mod B^k = a0 b0 + B^l (lo_h(a0 b1) + lo_h(a1 b0))`
/// mod B^k, h = k - l; so one full l-limb product (Karatsuba when large) and two h-limb low
/// halves. `scratch.len() >= mul_low_scratch_len(k)`.
///
/// Leaks: k only.
pub fn mul_low_split(out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
    let k = out.len();
    if k < LOW_SPLIT_THRESHOLD {
        mul_low(out, a, b);
        return;
    }
    let h = k >> 1;
    let l = k - h;
    let (full, rest) = scratch.split_at_mut(2 * l);
    let (t, rest) = rest.split_at_mut(h);
    product_with_scratch(full, &a[..l], &b[..l], rest);
    out.copy_from_slice(&full[..k]);
    // The cross terms only matter mod B^h once shifted by B^l; their carries out are dropped.
    mul_low_split(t, &a[..h], &b[l..k], rest);
    let _ = add_assign(&mut out[l..], t);
    mul_low_split(t, &a[l..k], &b[..h], rest);
    let _ = add_assign(&mut out[l..], t);
}

/// `out = floor(a * b / 2^(64k))` exactly, for `a`, `b` and `out` of k limbs: every column is
/// summed (the low ones only for their carry), only the high k limbs are stored.
///
/// Leaks: k only.
pub fn mul_high(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let k = out.len();
    debug_assert!(a.len() == k && b.len() == k);
    let mut acc = ColumnAccumulator::default();
    for c in 0..2 * k - 1 {
        let i0 = (c + 1).saturating_sub(k);
        let i1 = (c + 1).min(k);
        for (&x, &y) in a[i0..i1].iter().zip(b[c + 1 - i1..=c - i0].iter().rev()) {
            acc.add_product(x, y);
        }
        let w = acc.shift_out();
        if c >= k {
            out[c - k] = w;
        }
    }
    out[k - 1] = acc.last();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{big, limbs_of, to_limbs};
    use num_bigint::BigUint;

    #[test]
    fn low_and_high_against_oracle() {
        for k in (1..=70).chain([96, 100, 128]) {
            for (a, b) in limbs_of(k, k, 101 * k as u64) {
                let full = big(&a) * big(&b);
                let r = BigUint::from(1u8) << (64 * k);
                let mut lo = vec![0; k];
                mul_low(&mut lo, &a, &b);
                assert_eq!(lo, to_limbs(&(&full % &r), k), "low k={k}");
                let mut lo1 = vec![0; k];
                mul_low_columns(&mut lo1, &a, &b);
                assert_eq!(lo1, lo, "low columns k={k}");
                let mut lo2 = vec![0; k];
                let mut scratch = vec![0; mul_low_scratch_len(k)];
                mul_low_split(&mut lo2, &a, &b, &mut scratch);
                assert_eq!(lo2, lo, "split low k={k}");
                let mut hi = vec![0; k];
                mul_high(&mut hi, &a, &b);
                assert_eq!(hi, to_limbs(&(&full >> (64 * k)), k), "high k={k}");
            }
        }
    }
}
