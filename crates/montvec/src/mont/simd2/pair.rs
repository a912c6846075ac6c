//! The lane pair: the few 2-lane operations Alg. 2 of seed 000 needs (§2.1: multiply, shift,
//! bitwise and, add), lane 0 for Computation 1 (D) and lane 1 for Computation 2 (E). The
//! kernel ([`super::kernel`]) is written once over [`LanePair`]; `[u64; 2]` here is the plain
//! Rust pair, [`super::sse2`] the SSE2 register.
//!
//! Leaks: nothing; every operation is straight-line on both lanes.

use super::layout::DIGIT_MASK;

/// Two 64-bit lanes operated on together.
pub trait LanePair: Copy {
    /// The pair `[lo, hi]` (lane 0, lane 1).
    fn new(lo: u32, hi: u32) -> Self;
    /// Load a pair from memory.
    fn load(pair: &[u64; 2]) -> Self;
    /// Store the pair to memory.
    fn store(self, pair: &mut [u64; 2]);
    /// Both lanes as integers.
    fn lanes(self) -> [u64; 2];
    /// Per lane, the product of the low 32 bits of each operand (`pmuludq`): below 2^64.
    fn mul_lo(self, other: Self) -> Self;
    /// Per lane, the sum; the caller bounds it below 2^64 (a plain-Rust build with overflow
    /// checks, as the tests run, checks that bound).
    fn add(self, other: Self) -> Self;
    /// Per lane, the low 32 bits (a digit).
    fn digit(self) -> Self;
    /// Per lane, the high 32 bits (a carry).
    fn carry(self) -> Self;
}

/// The plain-Rust pair, for the portable backend and targets without SSE2. (The compiler may
/// still vectorise it; nothing here asks for that.)
impl LanePair for [u64; 2] {
    #[inline(always)]
    fn new(lo: u32, hi: u32) -> Self {
        [u64::from(lo), u64::from(hi)]
    }
    #[inline(always)]
    fn load(pair: &[u64; 2]) -> Self {
        *pair
    }
    #[inline(always)]
    fn store(self, pair: &mut [u64; 2]) {
        *pair = self;
    }
    #[inline(always)]
    fn lanes(self) -> [u64; 2] {
        self
    }
    #[inline(always)]
    fn mul_lo(self, other: Self) -> Self {
        [0, 1].map(|l| (self[l] & DIGIT_MASK) * (other[l] & DIGIT_MASK))
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        [self[0] + other[0], self[1] + other[1]]
    }
    #[inline(always)]
    fn digit(self) -> Self {
        [self[0] & DIGIT_MASK, self[1] & DIGIT_MASK]
    }
    #[inline(always)]
    fn carry(self) -> Self {
        [self[0] >> 32, self[1] >> 32]
    }
}
