//! Constant-time fixed-window exponentiation (seed 003 Alg. 2 with the table of §IV).
//!
//! Left to right over windows of w bits: w squarings, then one multiplication by the table
//! entry the window selects (entry 0 is one, so a zero window costs the same multiplication).
//! The schedule depends only on the exponent's announced length.
//!
//! Measured and left: a right-to-left window would take the window products off the
//! squarings' chain, and on the IFMA units they could run beside the ADX squarings (512 bits:
//! four ADX squarings 171 ns, one IFMA product 66 ns). But called in turn, as separate
//! kernels, they overlap by only 11 ns (both: 226 ns): the out-of-order window holds a small
//! part of a squaring, so the two would have to be interleaved instruction by instruction.

use crate::aligned::AlignedLimbs;
use crate::exp::table::MaskedTable;
use crate::limb::{bit_position, Limb, LIMB_BITS};
use crate::mont::MontMul;

/// Window width for an exponent of `bits` announced bits, minimising 2^w table products plus
/// bits / w window products and gathers: OpenSSL's constant-time widths, except that 4 beats 5
/// up to 512 bits with the ADX kernels and vectorised gather (512-bit pow on Zen 5: 31.9 us
/// at w = 4 against 32.6 us at w = 5).
pub fn window_width(bits: usize) -> usize {
    match bits {
        b if b > 937 => 6,
        b if b > 512 => 5,
        b if b > 89 => 4,
        b if b > 22 => 3,
        _ => 1,
    }
}

/// `w` bits of `exp` starting at bit `pos` (bits past the end read as 0). `pos` is public.
pub(crate) fn window_at(exp: &[Limb], pos: usize, w: usize) -> Limb {
    let (limb, shift) = bit_position(pos);
    let lo = exp.get(limb).copied().unwrap_or(0) >> shift;
    let hi = if shift + w > LIMB_BITS {
        exp.get(limb + 1).copied().unwrap_or(0) << (LIMB_BITS - shift)
    } else {
        0
    };
    (lo | hi) & ((1 << w) - 1)
}

/// `base^exp` in Montgomery form, for `base` in Montgomery form (k limbs, below n).
///
/// Leaks: k and `exp.len()` (the exponent's announced length); nothing of the values.
pub fn pow<M: MontMul>(m: &M, base: &[Limb], exp: &[Limb]) -> Vec<Limb> {
    let k = m.elem_len();
    let bits = exp.len() * LIMB_BITS;
    if bits == 0 {
        return m.one().to_vec();
    }
    let w = window_width(bits);
    let entries = 1usize << w;
    let mut scratch = crate::exp::scratch_for(m);
    let mut table = MaskedTable::new(entries, k);

    // Precomputation: entry i = base^i (public indices), squaring for even i (entry i/2 read
    // directly: a masked gather of the whole table would only hide a public index).
    let mut prev = base.to_vec();
    let mut cur = vec![0; k];
    table.store(0, m.one());
    if entries > 1 {
        table.store(1, base);
    }
    for i in 2..entries {
        if i & 1 == 0 {
            m.sqr(&mut cur, table.public_entry(i >> 1), &mut scratch);
        } else {
            m.mul(&mut cur, &prev, base, &mut scratch);
        }
        table.store(i, &cur);
        core::mem::swap(&mut prev, &mut cur);
    }

    // Main loop, windows from the top; the top window may be short.
    let windows = bits.div_ceil(w);
    // On line boundaries, as the table (see `aligned.rs`); zeroized on drop.
    let (mut acc, mut t, mut sel) = (
        AlignedLimbs::zeroed(k),
        AlignedLimbs::zeroed(k),
        AlignedLimbs::zeroed(k),
    );
    let (acc, t, sel) = (acc.as_mut_slice(), t.as_mut_slice(), sel.as_mut_slice());
    table.gather(acc, window_at(exp, (windows - 1) * w, w));
    for win in (0..windows - 1).rev() {
        // The lookup first: it does not depend on the squarings, and issued ahead of them its
        // vector loads and masks run beside their first products (512-bit pow, ADX kernels:
        // median montvec/OpenSSL ratio 0.908 -> 0.950 over 14 alternating runs of each order;
        // 1024 and 2048 bits, IFMA kernels: within the noise, 1.478 -> 1.505 and 2.200 ->
        // 2.185 over 8). The fused ADX kernels go further and run it inside their first
        // squaring (`mont::adx::fused`).
        m.sqr_times_lookup_mul(
            acc,
            w,
            &mut table,
            window_at(exp, win * w, w),
            sel,
            t,
            &mut scratch,
        );
    }
    for v in [&mut prev, &mut cur, &mut scratch] {
        crate::scratch::wipe(v);
    }
    acc.to_vec()
}

#[cfg(test)]
mod tests {
    use super::window_width;

    /// The widths the doc chose, on both sides of every boundary. A wrong width gives the same
    /// answers, only slower, so no other test notices: from 90 to 512 bits (exponents of 2 to
    /// 8 limbs) the width is 4 also because the fused ADX window kernel reads 2^4 entries
    /// (`mont::adx::fused::LOOKUP_ENTRIES`); at 5, those sizes would silently lose it.
    #[test]
    fn widths_at_the_measured_boundaries() {
        for (bits, w) in [
            (1, 1),
            (22, 1),
            (23, 3),
            (64, 3),
            (89, 3),
            (90, 4),
            (512, 4),
            (513, 5),
            (937, 5),
            (938, 6),
            (8192, 6),
        ] {
            assert_eq!(window_width(bits), w, "{bits} bits");
        }
        for limbs in 2..=8 {
            assert_eq!(window_width(64 * limbs), 4, "{limbs} limbs");
        }
    }
}
