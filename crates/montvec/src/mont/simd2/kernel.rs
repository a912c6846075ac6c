//! Alg. 2 of seed 000 (§3): Computations 1 and 2 over every digit of `a`, once, over any
//! [`LanePair`].
//!
//! The steps as §3 states them, per digit a_j of `a` (one *row*), with `x = [a_j, q]` and the lane pairs `bm_i = [b_i, m_i]`,
//! `de_i = [d_i, e_i]`:
//! 1. `q = (mu b_0) a_j + mu (d_0 - e_0) mod 2^32` (`quotient_digit`);
//! 2. digit 0: `p = x bm_0 + de_0`; both lanes agree mod 2^32 (by the choice of q) and the low
//!    digits are dropped, `t = p >> 32`;
//! 3. digits i = 1 .. n-1: `p = x bm_i + de_i + t`, `de_{i-1} = p mod 2^32`, `t = p >> 32`;
//! 4. `de_{n-1} = t`.
//!
//! Scheduling: the rows of the two digits of one 64-bit limb of `a` run interleaved, the second
//! one digit behind the first (step 3 of row j+1 at digit i - 1 needs only row j's new
//! `de_{i-1}`, produced by row j at digit i). The two carry chains then overlap, and row j's
//! digits pass to row j+1 in registers instead of through memory. The arithmetic, and every
//! lane's value, is that of running the rows one after the other. (The paper's length-specific
//! code reorders in the same spirit, to "pipeline four multiply operations", §4.)

use super::pair::LanePair;
use crate::limb::Limb;

/// Alg. 2's quotient digit, from the old low digits d_0 and e_0 (only their low 32 bits count):
/// `q = (mu b_0) a_j + mu (d_0 - e_0) = mu (a_j b_0 + d_0 - e_0) mod 2^32`, so that
/// `q m_0 + e_0 = a_j b_0 + d_0 (mod 2^32)` (as `mu m_0 = 1`).
#[inline(always)]
fn quotient_digit(aj: u32, d0: u64, e0: u64, mu: u32, mu_b0: u32) -> u32 {
    let c0 = (d0 as u32).wrapping_sub(e0 as u32);
    mu_b0.wrapping_mul(aj).wrapping_add(mu.wrapping_mul(c0))
}

/// D and E of Alg. 2 for `a` (k limbs, any value) and `bm` = [`super::layout::spread`] of
/// b < m and m (2k pairs): on return `de` (2k pairs, zero on entry) holds `[d_i, e_i]` in pair
/// i, each digit below 2^32, with D, E < m and `D - E = a b / 2^(64k) (mod m)`.
///
/// Leaks: k only.
#[inline(always)]
pub(super) fn d_and_e<P: LanePair>(
    de: &mut [[u64; 2]],
    a: &[Limb],
    bm: &[[u64; 2]],
    mu: u32,
    mu_b0: u32,
) {
    let n = de.len();
    assert!(n == 2 * a.len() && bm.len() == n && n >= 2);
    let (bm0, bm1) = (P::load(&bm[0]), P::load(&bm[1]));
    for &limb in a {
        let (a_lo, a_hi) = (limb as u32, (limb >> 32) as u32);
        // Row j (digit a_lo): steps 1-2, and step 3 at digit 1.
        let de0 = P::load(&de[0]);
        let [d0, e0] = de0.lanes();
        let xa = P::new(a_lo, quotient_digit(a_lo, d0, e0, mu, mu_b0));
        // Every sum below is at most (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1: no lane
        // overflows, and each carry t stays below 2^32.
        let t0 = xa.mul_lo(bm0).add(de0).carry();
        let p = xa.mul_lo(bm1).add(P::load(&de[1])).add(t0);
        let mut ta = p.carry();
        // Row j + 1 (digit a_hi), steps 1-2, from row j's new digit 0.
        let [d0, e0] = p.digit().lanes();
        let xb = P::new(a_hi, quotient_digit(a_hi, d0, e0, mu, mu_b0));
        let mut tb = xb.mul_lo(bm0).add(p.digit()).carry();
        // Step 3: row j at digit i, then row j + 1 at digit i - 1 on row j's new de_{i-1}.
        let mut bm_prev = bm1;
        for i in 2..n {
            let bmi = P::load(&bm[i]);
            let p = xa.mul_lo(bmi).add(P::load(&de[i])).add(ta);
            ta = p.carry();
            let p = xb.mul_lo(bm_prev).add(p.digit()).add(tb);
            p.digit().store(&mut de[i - 2]);
            tb = p.carry();
            bm_prev = bmi;
        }
        // Step 4 of row j leaves its top digit ta; row j + 1 takes it at digit n - 1
        // (bm_prev = bm_{n-1}), then its own step 4.
        let p = xb.mul_lo(bm_prev).add(ta).add(tb);
        p.digit().store(&mut de[n - 2]);
        p.carry().store(&mut de[n - 1]);
    }
}
