//! The lane layout of Alg. 2 (seed 000 §3): every 32-bit digit sits zero-extended in a 64-bit
//! lane, and digit i of the two computations shares one pair of lanes, lane 0 for
//! Computation 1 (D, the `a_j B` side) and lane 1 for Computation 2 (E, the `q M` side). One
//! pair is one SSE2 register: `pmuludq` multiplies both lanes' low 32 bits at once.
//!
//! Leaks: slice lengths only.

use crate::limb::Limb;

/// The low 32 bits of a lane.
pub(super) const DIGIT_MASK: u64 = 0xffff_ffff;
/// 64-bit words per 64-bit limb in a lane array: two digits, two lanes each.
pub(super) const WORDS_PER_LIMB: usize = 4;

/// `bm = [b_0, m_0, b_1, m_1, ...]`: the digits of `b` and of the modulus `m` (k limbs each)
/// as the lane pairs the inner loop multiplies by. `bm` has 4k words.
pub(super) fn spread(bm: &mut [u64], b: &[Limb], m: &[Limb]) {
    debug_assert!(b.len() == m.len() && bm.len() == WORDS_PER_LIMB * b.len());
    for ((w, &bl), &ml) in bm.chunks_exact_mut(WORDS_PER_LIMB).zip(b).zip(m) {
        w[0] = bl & DIGIT_MASK;
        w[1] = ml & DIGIT_MASK;
        w[2] = bl >> 32;
        w[3] = ml >> 32;
    }
}

/// One lane of a lane array (0: D, 1: E), whose lanes hold digits below 2^32, as 64-bit
/// limbs: `out[l] = lane digit 2l + 2^32 lane digit 2l+1`.
pub(super) fn join(out: &mut [Limb], lanes: &[u64], lane: usize) {
    debug_assert!(lane < 2 && lanes.len() == WORDS_PER_LIMB * out.len());
    for (o, w) in out.iter_mut().zip(lanes.chunks_exact(WORDS_PER_LIMB)) {
        debug_assert!(w[lane] <= DIGIT_MASK && w[2 + lane] <= DIGIT_MASK);
        *o = w[lane] | (w[2 + lane] << 32);
    }
}
