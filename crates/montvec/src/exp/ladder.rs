//! The Montgomery ladder (seed 002 §4): per exponent bit one multiplication and one squaring,
//! whatever the bit, with the two registers swapped by mask before and after.
//!
//! Invariant: `r1 = r0 * base` after every step.

use zeroize::Zeroize;

use crate::ct;
use crate::limb::{bit_position, Limb, LIMB_BITS};
use crate::mont::MontMul;

/// `base^exp` in Montgomery form by the ladder.
///
/// Leaks: k and `exp.len()`; nothing of the values.
pub fn pow<M: MontMul>(m: &M, base: &[Limb], exp: &[Limb]) -> Vec<Limb> {
    let k = m.elem_len();
    let mut scratch = crate::exp::scratch_for(m);
    let mut r0 = m.one().to_vec();
    let mut r1 = base.to_vec();
    let mut t = vec![0; k];
    let mut t2 = vec![0; k];
    for i in (0..exp.len() * LIMB_BITS).rev() {
        let (limb, shift) = bit_position(i);
        let bit = ct::choice_from_bit((exp[limb] >> shift) & 1);
        // bit = 1: (r0, r1) <- (r0 r1, r1^2); bit = 0: (r0, r1) <- (r0^2, r0 r1).
        ct::conditional_swap(&mut r0, &mut r1, bit);
        m.mul_and_sqr(&mut t, &mut t2, &r0, &r1, &mut scratch);
        core::mem::swap(&mut r1, &mut t);
        core::mem::swap(&mut r0, &mut t2);
        ct::conditional_swap(&mut r0, &mut r1, bit);
    }
    r1.zeroize();
    t.zeroize();
    t2.zeroize();
    crate::scratch::wipe(&mut scratch);
    r0
}
