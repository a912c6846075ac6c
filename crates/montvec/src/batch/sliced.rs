//! Word-sliced storage (seed 001): digit i of every lane's number at words
//! `i * LANES .. (i + 1) * LANES`, so one register load brings digit i of all lanes. Buffers
//! start on a 64-byte line, so no load of a digit row straddles two cache lines.
//!
//! Conversion re-splits each lane's 64-bit limbs into 52-bit digits, then transposes
//! `LANES x LANES` blocks of (lane, digit) into (digit, lane).
//!
//! Leaks: lengths only.

#![deny(clippy::integer_division_remainder_used)]

use zeroize::Zeroize;

use crate::limb::{Limb, LIMB_BITS};

/// Bits per digit.
const DIGIT_BITS: usize = 52;
/// `2^52 - 1`.
const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;

/// Words that start on a 64-byte boundary; zeroized on drop (they hold secrets: bases,
/// tables, intermediate powers).
pub(crate) struct AlignedWords {
    buf: Vec<u64>,
    off: usize,
    len: usize,
}

impl AlignedWords {
    /// `len` zero words.
    pub(crate) fn zeroed(len: usize) -> Self {
        let buf = vec![0u64; len + 7];
        // Words to skip until the next 64-byte boundary (the allocation is 8-byte aligned).
        let off = ((64 - (buf.as_ptr() as usize & 63)) & 63) >> 3;
        AlignedWords { buf, off, len }
    }

    /// The words.
    pub(crate) fn as_slice(&self) -> &[u64] {
        &self.buf[self.off..self.off + self.len]
    }

    /// The words, mutably.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u64] {
        &mut self.buf[self.off..self.off + self.len]
    }
}

impl Drop for AlignedWords {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

/// `words / lanes` for the power-of-two lane counts (4 or 8), as a shift: lengths are public,
/// but these modules deny division so that none can slip in on secret values.
pub(crate) fn per_lane(words: usize, lanes: usize) -> usize {
    debug_assert!(lanes.is_power_of_two() && words & (lanes - 1) == 0);
    words >> lanes.trailing_zeros()
}

/// Limb index and bit offset of bit `bit` (`bit / 64`, `bit % 64`).
fn limb_and_shift(bit: usize) -> (usize, usize) {
    (bit >> LIMB_BITS.trailing_zeros(), bit & (LIMB_BITS - 1))
}

/// `x` (64-bit limbs) as its low `digits` 52-bit digits.
pub(crate) fn to_digits(x: &[Limb], digits: usize) -> Vec<u64> {
    let mut out = vec![0u64; digits];
    for (i, o) in out.iter_mut().enumerate() {
        let bit = i * DIGIT_BITS;
        let (limb, shift) = limb_and_shift(bit);
        let lo = x.get(limb).copied().unwrap_or(0) >> shift;
        // The digit straddles two limbs when shift > 12; `<< (64 - shift)` is then in range.
        let hi = match (shift + DIGIT_BITS > LIMB_BITS, x.get(limb + 1)) {
            (true, Some(&w)) => w << (LIMB_BITS - shift),
            _ => 0,
        };
        *o = (lo | hi) & DIGIT_MASK;
    }
    out
}

/// Normalised digits back into `limbs` 64-bit limbs (bits above them are dropped; callers pass
/// values that fit).
pub(crate) fn from_digits(d: &[u64], limbs: usize) -> Vec<Limb> {
    let mut out = vec![0 as Limb; limbs + 1];
    for (i, &digit) in d.iter().enumerate() {
        let bit = i * DIGIT_BITS;
        let (limb, shift) = limb_and_shift(bit);
        if limb < out.len() {
            out[limb] |= digit << shift;
        }
        if shift + DIGIT_BITS > LIMB_BITS && limb + 1 < out.len() {
            out[limb + 1] |= digit >> (LIMB_BITS - shift);
        }
    }
    out.truncate(limbs);
    out
}

/// Word-slice up to `lanes` numbers into `digits` digits each; missing lanes are zero.
pub(crate) fn slice(numbers: &[&[Limb]], digits: usize, lanes: usize) -> AlignedWords {
    assert!(numbers.len() <= lanes);
    let mut rows: Vec<Vec<u64>> = numbers.iter().map(|x| to_digits(x, digits)).collect();
    rows.resize(lanes, vec![0; digits]);
    let mut out = AlignedWords::zeroed(digits * lanes);
    transpose_into(out.as_mut_slice(), &rows, digits, lanes);
    for r in rows.iter_mut() {
        r.zeroize();
    }
    out
}

/// The first `count` lanes of a word-sliced number set as `limbs`-limb numbers.
pub(crate) fn unslice(x: &[u64], lanes: usize, count: usize, limbs: usize) -> Vec<Vec<Limb>> {
    let digits = per_lane(x.len(), lanes);
    let mut rows = vec![vec![0u64; digits]; lanes];
    transpose_from(x, &mut rows, digits, lanes);
    let out = rows[..count]
        .iter()
        .map(|r| from_digits(r, limbs))
        .collect();
    for r in rows.iter_mut() {
        r.zeroize();
    }
    out
}

/// (lane, digit) rows into (digit, lane) order, by `lanes x lanes` blocks.
fn transpose_into(out: &mut [u64], rows: &[Vec<u64>], digits: usize, lanes: usize) {
    for d0 in (0..digits).step_by(lanes) {
        for (l, row) in rows.iter().enumerate() {
            for (d, &v) in row.iter().enumerate().skip(d0).take(lanes) {
                out[d * lanes + l] = v;
            }
        }
    }
}

/// (digit, lane) order back into (lane, digit) rows, by `lanes x lanes` blocks.
fn transpose_from(x: &[u64], rows: &mut [Vec<u64>], digits: usize, lanes: usize) {
    for d0 in (0..digits).step_by(lanes) {
        for (l, row) in rows.iter_mut().enumerate() {
            for (d, v) in row.iter_mut().enumerate().skip(d0).take(lanes) {
                *v = x[d * lanes + l];
            }
        }
    }
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
}
