//! The lane pair on SSE2, as the paper runs Alg. 2 on x86 (seed 000 §2.1, §3): one 128-bit
//! register, lane 0 for D and lane 1 for E, and `pmuludq` forms `a_j b_i` and `q m_i` in one
//! instruction. SSE2 is part of x86-64, so no detection is needed; a build that switches it
//! off does not compile this file.
//!
//! Leaks: nothing; every operation is straight-line on both lanes.

use core::arch::x86_64::{
    __m128i, _mm_add_epi64, _mm_and_si128, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_mul_epu32,
    _mm_set1_epi64x, _mm_set_epi64x, _mm_srli_epi64, _mm_storeu_si128, _mm_unpackhi_epi64,
};

use super::layout::DIGIT_MASK;
use super::pair::LanePair;

#[cfg(not(target_feature = "sse2"))]
compile_error!("the Simd2 SSE2 lane pair needs SSE2, part of every x86-64 target");

// SAFETY (every `unsafe` block below): the intrinsics need SSE2 only, which this build
// enables (checked at compile time above); the loads and stores go through references to
// `[u64; 2]`, 16 valid bytes, unaligned access.
impl LanePair for __m128i {
    #[inline(always)]
    fn new(lo: u32, hi: u32) -> Self {
        // SAFETY: SSE2 is enabled (see above).
        unsafe { _mm_set_epi64x(i64::from(hi), i64::from(lo)) }
    }
    #[inline(always)]
    fn load(pair: &[u64; 2]) -> Self {
        // SAFETY: SSE2 is enabled; `pair` is 16 readable bytes.
        unsafe { _mm_loadu_si128(pair.as_ptr().cast()) }
    }
    #[inline(always)]
    fn store(self, pair: &mut [u64; 2]) {
        // SAFETY: SSE2 is enabled; `pair` is 16 writable bytes, borrowed exclusively.
        unsafe { _mm_storeu_si128(pair.as_mut_ptr().cast(), self) }
    }
    #[inline(always)]
    fn lanes(self) -> [u64; 2] {
        // SAFETY: SSE2 is enabled (see above).
        unsafe {
            [
                _mm_cvtsi128_si64(self) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(self, self)) as u64,
            ]
        }
    }
    #[inline(always)]
    fn mul_lo(self, other: Self) -> Self {
        // SAFETY: SSE2 is enabled (see above).
        unsafe { _mm_mul_epu32(self, other) }
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        // SAFETY: SSE2 is enabled (see above).
        unsafe { _mm_add_epi64(self, other) }
    }
    #[inline(always)]
    fn digit(self) -> Self {
        // SAFETY: SSE2 is enabled (see above).
        unsafe { _mm_and_si128(self, _mm_set1_epi64x(DIGIT_MASK as i64)) }
    }
    #[inline(always)]
    fn carry(self) -> Self {
        // SAFETY: SSE2 is enabled (see above).
        unsafe { _mm_srli_epi64(self, 32) }
    }
}
