//! Sliding-window exponentiation for public exponents (RSA's e, verification): odd powers
//! only, windows start and end on a set bit, zero runs cost a squaring each.
//!
//! Leaks: everything about the exponent (its bit pattern sets the operation sequence).

use crate::limb::{bit_position, Limb, LIMB_BITS};
use crate::mont::MontMul;

fn bit(exp: &[Limb], i: usize) -> Limb {
    let (limb, shift) = bit_position(i);
    (exp[limb] >> shift) & 1
}

/// `base^exp` in Montgomery form, variable time in `exp`.
///
/// Leaks: the exponent (its bits choose the operations) and the lengths; nothing of the base
/// or the modulus, which only enter the Montgomery products (so a secret base, as a padded
/// message raised to RSA's public e, is fine).
pub fn pow_vartime<M: MontMul>(m: &M, base: &[Limb], exp: &[Limb]) -> Vec<Limb> {
    let k = m.elem_len();
    let top = match exp.iter().rposition(|&w| w != 0) {
        Some(i) => i * LIMB_BITS + (LIMB_BITS - exp[i].leading_zeros() as usize),
        None => return m.one().to_vec(),
    };
    let w = match top {
        b if b > 512 => 5,
        b if b > 128 => 4,
        b if b > 24 => 3,
        // Up to 20 bits (e = 65537 has 17) the two operations that build base^3 cost about
        // what the 2-bit windows save: plain square-and-multiply.
        b if b > 20 => 2,
        _ => 1,
    };
    let mut scratch = crate::exp::scratch_for(m);
    // odd[i] = base^(2i + 1).
    let mut odd = vec![base.to_vec()];
    let mut sq = vec![0; k];
    // base^2 only serves the table (none for w = 1: the squaring would be thrown away).
    if w > 1 {
        m.sqr(&mut sq, base, &mut scratch);
    }
    for i in 1..(1usize << (w - 1)) {
        let mut next = vec![0; k];
        m.mul(&mut next, &odd[i - 1], &sq, &mut scratch);
        odd.push(next);
    }
    let mut acc = m.one().to_vec();
    let mut t = vec![0; k];
    let mut first = true;
    let mut i = top as isize - 1;
    while i >= 0 {
        if bit(exp, i as usize) == 0 {
            if !first {
                m.sqr(&mut t, &acc, &mut scratch);
                core::mem::swap(&mut acc, &mut t);
            }
            i -= 1;
            continue;
        }
        // The longest window [j, i] of at most w bits that ends on a set bit.
        let mut j = (i - w as isize + 1).max(0);
        while bit(exp, j as usize) == 0 {
            j += 1;
        }
        let mut val = 0usize;
        for b in (j..=i).rev() {
            val = (val << 1) | bit(exp, b as usize) as usize;
        }
        if first {
            acc.copy_from_slice(&odd[val >> 1]);
            first = false;
        } else {
            for _ in j..=i {
                m.sqr(&mut t, &acc, &mut scratch);
                core::mem::swap(&mut acc, &mut t);
            }
            m.mul(&mut t, &acc, &odd[val >> 1], &mut scratch);
            core::mem::swap(&mut acc, &mut t);
        }
        i = j - 1;
    }
    // The base is secret (RSA encryption's message, for one): its powers and every
    // intermediate go, as the constant-time paths' do.
    for v in odd.iter_mut().chain([&mut sq, &mut t, &mut scratch]) {
        crate::scratch::wipe(v);
    }
    acc
}
