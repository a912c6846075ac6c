//! Word-sliced storage (seed 001): digit i of every lane's number at words
//! `i * LANES .. (i + 1) * LANES`, so one register load brings digit i of all lanes. Buffers
//! start on a 64-byte line, so no load of a digit row straddles two cache lines.
//!
//! Conversion transposes the lanes' 64-bit limbs into rows (limb j of every lane), then
//! re-splits whole rows into 52-bit digit rows; back, the same in reverse.
//!
//! Leaks: lengths only.

use zeroize::Zeroize;

use crate::aligned::AlignedLimbs;
use crate::limb::{Limb, LIMB_BITS};

/// Bits per digit.
const DIGIT_BITS: usize = 52;
/// `2^52 - 1`.
#[cfg(test)]
const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;

/// The widest row: sixteen lanes (a pair of zmm registers).
const ROW: usize = 16;

/// Limb rows: limb j of every one of up to `lanes` numbers in row j, words
/// `j * lanes .. (j + 1) * lanes`, for `limbs` rows and one more on top (zero unless a number is
/// longer), missing lanes zero; zeroized on drop (the numbers may be secrets).
pub(crate) fn limb_rows(numbers: &[&[Limb]], limbs: usize, lanes: usize) -> AlignedLimbs {
    assert!(numbers.len() <= lanes);
    let mut rows = AlignedLimbs::zeroed((limbs + 1) * lanes);
    for (l, x) in numbers.iter().enumerate() {
        for (row, &w) in rows.as_mut_slice().chunks_exact_mut(lanes).zip(x.iter()) {
            row[l] = w;
        }
    }
    rows
}

/// `out[l]` = bits `bit .. bit + width` of lane l's number, read from [`limb_rows`] (`width`
/// from 1 to 64, the field within the rows): every lane from the same two rows by one shift
/// amount, which the compiler turns into vector shifts.
#[inline]
pub(crate) fn row_field(rows: &[u64], lanes: usize, bit: usize, width: usize, out: &mut [u64]) {
    let (a, s) = (bit >> 6, bit & (LIMB_BITS - 1));
    let (lo, hi) = (
        &rows[a * lanes..(a + 1) * lanes],
        &rows[(a + 1) * lanes..(a + 2) * lanes],
    );
    let mask = u64::MAX >> (LIMB_BITS - width);
    for ((o, &x), &y) in out.iter_mut().zip(lo).zip(hi) {
        // Row a + 1's bits above row a's (`(y << 1) << (63 - s)`: none when s is 0).
        *o = ((x >> s) | ((y << 1) << (LIMB_BITS - 1 - s))) & mask;
    }
}

/// Word-slice up to `lanes` numbers into `digits` digits each; missing lanes are zero.
///
/// First a transpose ([`limb_rows`]); then the re-split into 52-bit digits works on whole rows
/// ([`row_field`]).
pub(crate) fn slice(numbers: &[&[Limb]], digits: usize, lanes: usize) -> AlignedLimbs {
    assert!(numbers.len() <= lanes && lanes <= ROW);
    let limbs = (digits * DIGIT_BITS).div_ceil(LIMB_BITS);
    // The limb rows hold the numbers (secrets: bases, intermediate values): zeroized on drop.
    let rows = limb_rows(numbers, limbs, lanes);
    let mut out = AlignedLimbs::zeroed(digits * lanes);
    let o = out.as_mut_slice();
    for (i, digit) in o.chunks_exact_mut(lanes).enumerate() {
        row_field(rows.as_slice(), lanes, i * DIGIT_BITS, DIGIT_BITS, digit);
    }
    out
}

/// The first `count` lanes of a word-sliced number set as `limbs`-limb numbers (normalised
/// digits; bits above `limbs` limbs are dropped): digit rows or-ed into limb rows, then the
/// transpose back.
pub(crate) fn unslice(x: &[u64], lanes: usize, count: usize, limbs: usize) -> Vec<Vec<Limb>> {
    assert!(lanes.is_power_of_two() && lanes <= ROW && count <= lanes);
    let digits = x.len() >> lanes.trailing_zeros();
    // Limb row j at words j * lanes .. (j + 1) * lanes, as in `slice`.
    let mut rows = vec![0u64; (limbs + 2) * lanes];
    for i in 0..digits {
        let bit = i * DIGIT_BITS;
        let (a, s) = (bit >> 6, bit & (LIMB_BITS - 1));
        if a >= limbs {
            break;
        }
        let d = &x[i * lanes..(i + 1) * lanes];
        for (l, &v) in d.iter().enumerate() {
            rows[a * lanes + l] |= v << s;
            if s + DIGIT_BITS > LIMB_BITS {
                rows[(a + 1) * lanes + l] |= v >> (LIMB_BITS - s);
            }
        }
    }
    let out = (0..count)
        .map(|l| (0..limbs).map(|j| rows[j * lanes + l]).collect())
        .collect();
    rows.zeroize();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slice_round_trips() {
        let a: Vec<Limb> = (0..5)
            .map(|i| 0x0123_4567_89ab_cdefu64.rotate_left(i * 7))
            .collect();
        let b: Vec<Limb> = vec![u64::MAX; 5];
        let c: Vec<Limb> = vec![1, 0, 0, 0, 1 << 63];
        for lanes in [4, 8] {
            let s = slice(&[&a, &b, &c], 7, lanes);
            assert_eq!(s.as_slice().as_ptr() as usize & 63, 0);
            // Digit 0 of lane 1 is the low 52 bits of b.
            assert_eq!(s.as_slice()[1], DIGIT_MASK);
            let back = unslice(s.as_slice(), lanes, 3, 5);
            assert_eq!(back, vec![a.clone(), b.clone(), c.clone()]);
        }
    }

    /// Every digit count from 1 to 80 (so every offset of a digit in a limb, and numbers whose
    /// top limb is partly or wholly filled), on 4, 8 and 16 lanes with one lane left empty:
    /// numbers using every bit below 2^(52 digits) come back whole, top limb included.
    #[test]
    fn slice_round_trips_every_digit_count() {
        for digits in 1..=80 {
            let bits = digits * DIGIT_BITS;
            let limbs = bits.div_ceil(LIMB_BITS);
            let top_bits = bits - (limbs - 1) * LIMB_BITS;
            let number = |seed: u64| -> Vec<Limb> {
                let mut x: Vec<Limb> = (0..limbs as u64)
                    .map(|i| ((seed << 8) ^ i).wrapping_mul(0x9e37_79b9_7f4a_7c15) | (1 << 63))
                    .collect();
                x[limbs - 1] &= u64::MAX >> (LIMB_BITS - top_bits);
                x
            };
            for lanes in [4, 8, 16] {
                let xs: Vec<Vec<Limb>> = (1..lanes as u64).map(number).collect();
                let refs: Vec<&[Limb]> = xs.iter().map(|x| &x[..]).collect();
                let s = slice(&refs, digits, lanes);
                let back = unslice(s.as_slice(), lanes, xs.len(), limbs);
                assert_eq!(back, xs, "{digits} digits, {lanes} lanes");
            }
        }
    }
}
