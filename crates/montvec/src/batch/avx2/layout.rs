//! The word-sliced layout: four numbers of `limbs` 64-bit limbs in and out of d sliced B-bit
//! digits (digit i of lane l is 64-bit lane l of `__m256i` number i).
//!
//! In: each 4x4 block of limbs (four consecutive limbs of the four numbers) is loaded as four
//! rows and transposed with `vpunpck{l,h}qdq` and `vperm2i128`, giving sliced 64-bit limbs;
//! the 64 -> B-bit re-split then shifts whole registers by public amounts. Out: the same steps
//! backwards. No per-digit gathers, no lane extracts.
//!
//! Leaks: the limb and digit counts only.

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::{digit_mask, LANES};

/// Rows of four 64-bit words to columns and back (the transpose is its own inverse).
/// Lane-state: in, `r[l] = [x_l0, x_l1, x_l2, x_l3]`; out, `c[j] = [x_0j, x_1j, x_2j, x_3j]`.
#[target_feature(enable = "avx2")]
fn transpose4(r: [__m256i; 4]) -> [__m256i; 4] {
    // t0 = [x00 x10 x02 x12], t1 = [x01 x11 x03 x13], t2 = [x20 x30 x22 x32], t3 = [x21 x31 x23 x33]
    let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
    let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    [
        _mm256_permute2x128_si256::<0x20>(t0, t2),
        _mm256_permute2x128_si256::<0x20>(t1, t3),
        _mm256_permute2x128_si256::<0x31>(t0, t2),
        _mm256_permute2x128_si256::<0x31>(t1, t3),
    ]
}

/// Four numbers of `limbs` limbs (one per lane; each slice exactly `limbs` long, or empty for a
/// zero lane) as `digits` sliced B-bit digits. Bits above `B digits` must be zero.
#[target_feature(enable = "avx2")]
pub(super) fn to_sliced<const B: i32>(
    x: &[&[u64]; LANES],
    limbs: usize,
    digits: usize,
) -> Vec<__m256i> {
    let padded = limbs.next_multiple_of(4);
    let mut rows: [Vec<u64>; LANES] = core::array::from_fn(|l| {
        let mut row = vec![0u64; padded];
        row[..x[l].len()].copy_from_slice(x[l]);
        row
    });
    let mut wide = vec![_mm256_setzero_si256(); padded];
    for (j, block) in wide.chunks_exact_mut(4).enumerate() {
        let r: [__m256i; 4] = core::array::from_fn(|l| {
            let src = &rows[l][4 * j..4 * j + 4];
            // SAFETY: `src` is four u64, 32 readable bytes; the load is unaligned.
            unsafe { _mm256_loadu_si256(src.as_ptr().cast()) }
        });
        block.copy_from_slice(&transpose4(r));
    }
    let mask = _mm256_set1_epi64x(digit_mask(B) as i64);
    let out = (0..digits)
        .map(|i| {
            let (limb, shift) = digit_position::<B>(i);
            let lo = match wide.get(limb) {
                Some(&w) if limb < limbs => _mm256_srl_epi64(w, count(shift)),
                _ => _mm256_setzero_si256(),
            };
            // The digit straddles two limbs when shift > 64 - B.
            let hi = match wide.get(limb + 1) {
                Some(&w) if limb + 1 < limbs && shift + B as usize > 64 => {
                    _mm256_sll_epi64(w, count(64 - shift))
                }
                _ => _mm256_setzero_si256(),
            };
            _mm256_and_si256(_mm256_or_si256(lo, hi), mask)
        })
        .collect();
    for row in &mut rows {
        row.zeroize();
    }
    wide.zeroize();
    out
}

/// Sliced B-bit digits (each below 2^B, the value below 2^(64 limbs)) back to four numbers of
/// `limbs` limbs, lane order.
#[target_feature(enable = "avx2")]
pub(super) fn from_sliced<const B: i32>(x: &[__m256i], limbs: usize) -> [Vec<u64>; LANES] {
    let padded = limbs.next_multiple_of(4);
    let mut wide = vec![_mm256_setzero_si256(); padded];
    for (i, &digit) in x.iter().enumerate() {
        let (limb, shift) = digit_position::<B>(i);
        if limb < limbs {
            wide[limb] = _mm256_or_si256(wide[limb], _mm256_sll_epi64(digit, count(shift)));
        }
        if limb + 1 < limbs && shift + B as usize > 64 {
            let spill = _mm256_srl_epi64(digit, count(64 - shift));
            wide[limb + 1] = _mm256_or_si256(wide[limb + 1], spill);
        }
    }
    let mut rows: [Vec<u64>; LANES] = core::array::from_fn(|_| vec![0u64; padded]);
    for (j, block) in wide.chunks_exact(4).enumerate() {
        let r = transpose4([block[0], block[1], block[2], block[3]]);
        for (row, v) in rows.iter_mut().zip(r) {
            let dst = &mut row[4 * j..4 * j + 4];
            // SAFETY: `dst` is four u64, 32 writable bytes; the store is unaligned.
            unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) };
        }
    }
    wide.zeroize();
    for row in &mut rows {
        row.truncate(limbs);
    }
    rows
}

/// The limb holding the lowest bit of B-bit digit i, and the bit offset within it.
fn digit_position<const B: i32>(i: usize) -> (usize, usize) {
    let bit = i * B as usize;
    (bit >> 6, bit & 63)
}

/// A shift count for `vpsrlq`/`vpsllq` by register (public).
#[target_feature(enable = "avx2")]
fn count(shift: usize) -> __m128i {
    _mm_cvtsi64_si128(shift as i64)
}
