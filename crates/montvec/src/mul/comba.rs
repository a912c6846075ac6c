//! Comba (product-scanning) multiplication with the delayed carry of seed 004 (§3, Alg. 2):
//! the result is produced one column `c` at a time, summing every `a[i] * b[c - i]` into a
//! three-word accumulator (a `u128` plus an overflow word). A product's carry out of the
//! 128-bit part is only counted in the overflow word; it is propagated once per column, when
//! the finished low word is written out and the accumulator shifts down by one word.
//!
//! Two forms: [`mul`] over slices of any lengths, and [`mul_fixed`] over `[u64; N]`, whose
//! loop bounds are constants so the compiler unrolls it completely (used for the NIST field
//! sizes and the small montvec sizes, see `mul::product`).

use crate::limb::Limb;

/// A column accumulator (seed 004's wide accumulator), in two halves that never carry into
/// each other while a column is summed: `lo` holds the carry-in from the previous column plus
/// the low words of this column's products, `hi` the high words. The column's value is
/// `lo + hi * 2^64`.
///
/// With m products in a column, both halves stay below `(m + 2) * 2^64` (see `shift_out`), so
/// neither `u128` can overflow for any slice length that fits in memory. Each product costs two
/// independent add-with-carry pairs and no carry is propagated until the column ends.
#[derive(Clone, Copy, Default)]
pub(crate) struct ColumnAccumulator {
    lo: u128,
    hi: u128,
}

impl ColumnAccumulator {
    /// `acc += x * y`; the product is at most `(2^64 - 1)^2`, split into its two words.
    #[inline(always)]
    pub(crate) fn add_product(&mut self, x: Limb, y: Limb) {
        let p = x as u128 * y as u128;
        self.lo += p as Limb as u128;
        self.hi += (p >> 64) as Limb as u128;
    }

    /// `acc += 2 * other` (squaring: the off-diagonal sum counted twice). `other` holds no
    /// carry-in, so both its halves are below m * 2^64 and doubling them cannot overflow.
    #[inline(always)]
    pub(crate) fn add_doubled(&mut self, other: ColumnAccumulator) {
        self.lo += other.lo << 1;
        self.hi += other.hi << 1;
    }

    /// Take the finished low word of the column and shift the accumulator down one word: the
    /// once-per-column carry propagation. The new carry-in `lo / 2^64 + hi` is below
    /// `(m + 2) * 2^64` when the column had at most m products (by induction on columns).
    #[inline(always)]
    pub(crate) fn shift_out(&mut self) -> Limb {
        let w = self.lo as Limb;
        self.lo = (self.lo >> 64) + self.hi;
        self.hi = 0;
        w
    }

    /// The value left after the last column, which must fit one word.
    #[inline(always)]
    pub(crate) fn last(self) -> Limb {
        debug_assert!(self.hi == 0 && self.lo >> 64 == 0);
        self.lo as Limb
    }
}

/// `out = a * b` for any lengths, `out.len() == a.len() + b.len()`, column by column.
///
/// Leaks: the lengths only.
pub fn mul(out: &mut [Limb], a: &[Limb], b: &[Limb]) {
    let (la, lb) = (a.len(), b.len());
    debug_assert_eq!(out.len(), la + lb);
    if la == 0 || lb == 0 {
        // An empty operand is zero; the column loop needs at least one column.
        out.fill(0);
        return;
    }
    let mut acc = ColumnAccumulator::default();
    for (c, o) in out[..la + lb - 1].iter_mut().enumerate() {
        // Column c sums a[i] * b[c - i] for max(0, c + 1 - lb) <= i <= min(c, la - 1).
        let i0 = (c + 1).saturating_sub(lb);
        let i1 = (c + 1).min(la);
        for (&x, &y) in a[i0..i1].iter().zip(b[c + 1 - i1..=c - i0].iter().rev()) {
            acc.add_product(x, y);
        }
        *o = acc.shift_out();
    }
    out[la + lb - 1] = acc.last();
}

/// `out = a * b` for two N-limb values, `out.len() == 2N`; fully unrolled per N.
///
/// Leaks: N only.
#[inline]
pub fn mul_fixed<const N: usize>(out: &mut [Limb], a: &[Limb; N], b: &[Limb; N]) {
    let out: &mut [Limb] = &mut out[..2 * N];
    let mut acc = ColumnAccumulator::default();
    let mut c = 0;
    while c < 2 * N - 1 {
        let i0 = (c + 1).saturating_sub(N);
        let i1 = if c + 1 < N { c + 1 } else { N };
        let mut i = i0;
        while i < i1 {
            acc.add_product(a[i], b[c - i]);
            i += 1;
        }
        out[c] = acc.shift_out();
        c += 1;
    }
    out[2 * N - 1] = acc.last();
}

/// Add column `C` of an N x N product into `acc`. Both loop bounds and the test are
/// constants once N and C are, so the column compiles to straight-line code.
#[inline(always)]
pub(crate) fn column<const N: usize, const C: usize>(
    acc: &mut ColumnAccumulator,
    a: &[Limb; N],
    b: &[Limb; N],
) {
    for i in 0..N {
        if i <= C && C - i < N {
            acc.add_product(a[i], b[C - i]);
        }
    }
}

/// Define a fully unrolled N x N Comba product: one `column` per listed column index, each
/// followed by the once-per-column carry propagation.
macro_rules! unrolled_product {
    ($(#[$doc:meta])* $name:ident, $n:literal, [$($c:literal)*], $last:literal) => {
        $(#[$doc])*
        ///
        /// Leaks: nothing but the size.
        pub fn $name(out: &mut [Limb], a: &[Limb; $n], b: &[Limb; $n]) {
            let out: &mut [Limb; 2 * $n] = (&mut out[..2 * $n]).try_into().expect("2N limbs");
            let mut acc = ColumnAccumulator::default();
            $(
                column::<$n, $c>(&mut acc, a, b);
                out[$c] = acc.shift_out();
            )*
            out[$last] = acc.last();
        }
    };
}

unrolled_product!(
    /// `out = a * b`, 2 limbs.
    mul_2, 2, [0 1 2], 3);
unrolled_product!(
    /// `out = a * b`, 3 limbs (P-192).
    mul_3, 3, [0 1 2 3 4], 5);
unrolled_product!(
    /// `out = a * b`, 4 limbs (P-224, P-256).
    mul_4, 4, [0 1 2 3 4 5 6], 7);
unrolled_product!(
    /// `out = a * b`, 5 limbs.
    mul_5, 5, [0 1 2 3 4 5 6 7 8], 9);
unrolled_product!(
    /// `out = a * b`, 6 limbs (P-384).
    mul_6, 6, [0 1 2 3 4 5 6 7 8 9 10], 11);
unrolled_product!(
    /// `out = a * b`, 7 limbs.
    mul_7, 7, [0 1 2 3 4 5 6 7 8 9 10 11 12], 13);
unrolled_product!(
    /// `out = a * b`, 8 limbs.
    mul_8, 8, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14], 15);
unrolled_product!(
    /// `out = a * b`, 9 limbs (P-521).
    mul_9, 9, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16], 17);
unrolled_product!(
    /// `out = a * b`, 10 limbs.
    mul_10, 10, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18], 19);
unrolled_product!(
    /// `out = a * b`, 11 limbs.
    mul_11, 11, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20], 21);
unrolled_product!(
    /// `out = a * b`, 12 limbs.
    mul_12, 12, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22], 23);
unrolled_product!(
    /// `out = a * b`, 13 limbs.
    mul_13, 13, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24], 25);
unrolled_product!(
    /// `out = a * b`, 14 limbs.
    mul_14, 14, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26], 27);
unrolled_product!(
    /// `out = a * b`, 15 limbs.
    mul_15, 15, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28], 29);
unrolled_product!(
    /// `out = a * b`, 16 limbs.
    mul_16, 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30], 31);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{check_product, limbs_of};

    #[test]
    fn slices_against_oracle() {
        for la in 1..=70usize {
            for lb in [1, 2, 3, la.saturating_sub(1).max(1), la, la + 1, 9, 33] {
                for (a, b) in limbs_of(la, lb, 1000 * la as u64 + lb as u64) {
                    let mut out = vec![0; la + lb];
                    mul(&mut out, &a, &b);
                    check_product(&out, &a, &b);
                }
            }
        }
    }

    fn fixed_case<const N: usize>() {
        for (a, b) in limbs_of(N, N, N as u64) {
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
        fixed_case::<10>();
        fixed_case::<16>();
        fixed_case::<24>();
        fixed_case::<32>();
    }

    #[test]
    fn unrolled_against_oracle() {
        macro_rules! case {
            ($f:ident, $n:literal) => {
                for (a, b) in limbs_of($n, $n, 5 * $n) {
                    let mut out = vec![0; 2 * $n];
                    $f(
                        &mut out,
                        a[..].try_into().unwrap(),
                        b[..].try_into().unwrap(),
                    );
                    check_product(&out, &a, &b);
                }
            };
        }
        case!(mul_2, 2);
        case!(mul_3, 3);
        case!(mul_4, 4);
        case!(mul_5, 5);
        case!(mul_6, 6);
        case!(mul_7, 7);
        case!(mul_8, 8);
        case!(mul_9, 9);
        case!(mul_10, 10);
        case!(mul_11, 11);
        case!(mul_12, 12);
        case!(mul_13, 13);
        case!(mul_14, 14);
        case!(mul_15, 15);
        case!(mul_16, 16);
    }
}
