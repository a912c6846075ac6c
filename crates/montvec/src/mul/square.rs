//! Dedicated Comba squaring: in column c the off-diagonal products `a[i] a[c - i]`, i < c - i,
//! are each computed once, summed in their own accumulator and doubled (one shift), then the
//! diagonal `a[c/2]^2` is added: about n^2 / 2 word products instead of n^2. The delayed
//! carry of seed 004 as in `comba.rs`.

use crate::limb::Limb;
use crate::mul::comba::ColumnAccumulator;

/// `out = a^2`, `out.len() == 2 a.len()`.
///
/// Leaks: the length only.
pub fn square(out: &mut [Limb], a: &[Limb]) {
    let n = a.len();
    debug_assert_eq!(out.len(), 2 * n);
    if n == 0 {
        // The empty square: nothing to write (the column loop needs a column).
        return;
    }
    let mut acc = ColumnAccumulator::default();
    for (c, o) in out[..2 * n - 1].iter_mut().enumerate() {
        // Off-diagonal pairs (i, c - i) with i < c - i, i.e. i < (c + 1) / 2, and c - i < n.
        let i0 = (c + 1).saturating_sub(n);
        let imid = (c + 1) >> 1;
        let mut off = ColumnAccumulator::default();
        for (&x, &y) in a[i0..imid]
            .iter()
            .zip(a[c + 1 - imid..=c - i0].iter().rev())
        {
            off.add_product(x, y);
        }
        // Column total: carry-in + 2 * off + diagonal, below (c + 3) * 2^128.
        acc.add_doubled(off);
        if c & 1 == 0 {
            let d = a[c >> 1];
            acc.add_product(d, d);
        }
        *o = acc.shift_out();
    }
    out[2 * n - 1] = acc.last();
}

/// `out = a^2` for an N-limb value, `out.len() == 2N`; fully unrolled per N.
///
/// Leaks: N only.
#[inline]
pub fn square_fixed<const N: usize>(out: &mut [Limb], a: &[Limb; N]) {
    let out: &mut [Limb] = &mut out[..2 * N];
    let mut acc = ColumnAccumulator::default();
    let mut c = 0;
    while c < 2 * N - 1 {
        let i0 = (c + 1).saturating_sub(N);
        let imid = (c + 1) >> 1;
        let mut off = ColumnAccumulator::default();
        let mut i = i0;
        while i < imid {
            off.add_product(a[i], a[c - i]);
            i += 1;
        }
        acc.add_doubled(off);
        if c & 1 == 0 {
            acc.add_product(a[c >> 1], a[c >> 1]);
        }
        out[c] = acc.shift_out();
        c += 1;
    }
    out[2 * N - 1] = acc.last();
}

/// Add column `C` of the square of an N-limb value into `acc`: the doubled off-diagonal
/// products, then the diagonal one. Constant bounds: straight-line code once N, C are fixed.
#[inline(always)]
fn column<const N: usize, const C: usize>(acc: &mut ColumnAccumulator, a: &[Limb; N]) {
    let mut off = ColumnAccumulator::default();
    for i in 0..N {
        if i <= C && C - i < N && i < C - i {
            off.add_product(a[i], a[C - i]);
        }
    }
    acc.add_doubled(off);
    if C & 1 == 0 {
        acc.add_product(a[C >> 1], a[C >> 1]);
    }
}

/// Define a fully unrolled N-limb Comba squaring, one `column` per listed index.
macro_rules! unrolled_square {
    ($(#[$doc:meta])* $name:ident, $n:literal, [$($c:literal)*], $last:literal) => {
        $(#[$doc])*
        ///
        /// Leaks: nothing but the size.
        pub fn $name(out: &mut [Limb], a: &[Limb; $n]) {
            let out: &mut [Limb; 2 * $n] = (&mut out[..2 * $n]).try_into().expect("2N limbs");
            let mut acc = ColumnAccumulator::default();
            $(
                column::<$n, $c>(&mut acc, a);
                out[$c] = acc.shift_out();
            )*
            out[$last] = acc.last();
        }
    };
}

unrolled_square!(
    /// `out = a^2`, 2 limbs.
    square_2, 2, [0 1 2], 3);
unrolled_square!(
    /// `out = a^2`, 3 limbs (P-192).
    square_3, 3, [0 1 2 3 4], 5);
unrolled_square!(
    /// `out = a^2`, 4 limbs (P-224, P-256).
    square_4, 4, [0 1 2 3 4 5 6], 7);
unrolled_square!(
    /// `out = a^2`, 5 limbs.
    square_5, 5, [0 1 2 3 4 5 6 7 8], 9);
unrolled_square!(
    /// `out = a^2`, 6 limbs (P-384).
    square_6, 6, [0 1 2 3 4 5 6 7 8 9 10], 11);
unrolled_square!(
    /// `out = a^2`, 7 limbs.
    square_7, 7, [0 1 2 3 4 5 6 7 8 9 10 11 12], 13);
unrolled_square!(
    /// `out = a^2`, 8 limbs.
    square_8, 8, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14], 15);
unrolled_square!(
    /// `out = a^2`, 9 limbs (P-521).
    square_9, 9, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16], 17);
unrolled_square!(
    /// `out = a^2`, 10 limbs.
    square_10, 10, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18], 19);
unrolled_square!(
    /// `out = a^2`, 11 limbs.
    square_11, 11, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20], 21);
unrolled_square!(
    /// `out = a^2`, 12 limbs.
    square_12, 12, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22], 23);
unrolled_square!(
    /// `out = a^2`, 13 limbs.
    square_13, 13, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24], 25);
unrolled_square!(
    /// `out = a^2`, 14 limbs.
    square_14, 14, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26], 27);
unrolled_square!(
    /// `out = a^2`, 15 limbs.
    square_15, 15, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28], 29);
unrolled_square!(
    /// `out = a^2`, 16 limbs.
    square_16, 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30], 31);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mul::oracle::{check_product, limbs_of};

    #[test]
    fn slices_against_oracle() {
        for n in 1..=70 {
            for (a, _) in limbs_of(n, n, 17 * n as u64) {
                let mut out = vec![0; 2 * n];
                square(&mut out, &a);
                check_product(&out, &a, &a);
            }
        }
    }

    fn fixed_case<const N: usize>() {
        for (a, _) in limbs_of(N, N, 3 * N as u64) {
            let mut out = vec![0; 2 * N];
            square_fixed::<N>(&mut out, a[..].try_into().unwrap());
            check_product(&out, &a, &a);
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
                for (a, _) in limbs_of($n, $n, 9 * $n) {
                    let mut out = vec![0; 2 * $n];
                    $f(&mut out, a[..].try_into().unwrap());
                    check_product(&out, &a, &a);
                }
            };
        }
        case!(square_2, 2);
        case!(square_3, 3);
        case!(square_4, 4);
        case!(square_5, 5);
        case!(square_6, 6);
        case!(square_7, 7);
        case!(square_8, 8);
        case!(square_9, 9);
        case!(square_10, 10);
        case!(square_11, 11);
        case!(square_12, 12);
        case!(square_13, 13);
        case!(square_14, 14);
        case!(square_15, 15);
        case!(square_16, 16);
    }
}
