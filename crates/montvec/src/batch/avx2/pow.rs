//! Constant-time fixed-window exponentiation of four lanes on one schedule (seed 003 Alg. 2;
//! seed 001's batch form): left to right over windows of w bits, w squarings and one
//! multiplication by the table entry each lane's own window selects ([`SlicedTable::select`]:
//! entry 0 is one, so a zero window costs the same). The schedule depends only on the
//! exponents' announced length, which all lanes share.
//!
//! Values stay almost reduced (below 2n) throughout; the way out is one Montgomery product by
//! 1 (giving at most n) and a masked subtraction.

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::carry::sub_if_ge;
use super::layout::{from_sliced, to_sliced};
use super::params::LaneConstants;
use super::redc::Mont;
use super::table::SlicedTable;
use super::LANES;
use crate::backend::Avx2Token;
use crate::exp::window::window_at;
use crate::limb::LIMB_BITS;

/// Window width for an exponent of `bits` announced bits. Besides its multiplication each
/// window scans the whole 2^w-entry table, which at these sizes costs about half a squaring at
/// w = 6 and a quarter at w = 5; per exponent bit w = 5 and 6 then tie from 2048 to 4096 bits,
/// and the smaller table is cheaper to build (2048 bits, Zen 5: 1.44 us a scan at w = 6 against
/// 2.3 us a squaring).
pub(super) fn window_width(bits: usize) -> usize {
    match bits {
        b if b > 3072 => 6,
        b if b > 384 => 5,
        b if b > 89 => 4,
        b if b > 22 => 3,
        _ => 1,
    }
}

/// `bases[l]^exps[l] mod n[l]` for the four lanes, fully reduced: bases below their moduli,
/// every exponent `exp_limbs` long (missing lanes may pass an empty exponent: it reads as 0).
///
/// Leaks: the limb count and `exp_limbs`.
pub(super) fn pow<const B: i32>(
    token: Avx2Token,
    consts: &LaneConstants<B>,
    bases: &[&[u64]; LANES],
    exps: &[&[u64]; LANES],
    exp_limbs: usize,
) -> [Vec<u64>; LANES] {
    let _ = token;
    // SAFETY: `token` proves the CPU has AVX2 (detected at run time); the function is
    // otherwise safe code.
    unsafe { pow_avx2(consts, bases, exps, exp_limbs) }
}

#[target_feature(enable = "avx2")]
fn pow_avx2<const B: i32>(
    consts: &LaneConstants<B>,
    bases: &[&[u64]; LANES],
    exps: &[&[u64]; LANES],
    exp_limbs: usize,
) -> [Vec<u64>; LANES] {
    let (limbs, d) = (consts.limbs, consts.n.len());
    let mut mont = Mont::<B>::new(&consts.n, consts.n0);
    let mut x = to_sliced::<B>(bases, limbs, d);
    let mut base = vec![_mm256_setzero_si256(); d];
    mont.mul(&mut base, &x, &consts.r2);
    let mut acc = window_pow(&mut mont, consts, &base, exps, exp_limbs * LIMB_BITS);
    // acc / R: (acc + q n) / R <= n for acc < 2n, then the masked subtraction.
    let mut unit = vec![_mm256_setzero_si256(); d];
    unit[0] = _mm256_set1_epi64x(1);
    mont.mul(&mut x, &acc, &unit);
    sub_if_ge::<B>(&mut x, &consts.n, &mut acc);
    let out = from_sliced::<B>(&x, limbs);
    for v in [&mut x, &mut base, &mut acc] {
        v.zeroize();
    }
    out
}

/// The window schedule on Montgomery forms: `base^exp` per lane (below 2n) for `base` below 2n.
#[target_feature(enable = "avx2")]
fn window_pow<const B: i32>(
    mont: &mut Mont<B>,
    consts: &LaneConstants<B>,
    base: &[__m256i],
    exps: &[&[u64]; LANES],
    bits: usize,
) -> Vec<__m256i> {
    let d = mont.digits();
    if bits == 0 {
        return consts.one.clone();
    }
    let w = window_width(bits);
    let entries = 1usize << w;
    let mut table = SlicedTable::new(entries, d);
    // Precomputation, public indices: entry i = base^i, squaring for even i.
    let mut cur = vec![_mm256_setzero_si256(); d];
    table.store(0, &consts.one);
    table.store(1, base);
    for i in 2..entries {
        if i & 1 == 0 {
            mont.sqr(&mut cur, table.public_entry(i >> 1));
        } else {
            mont.mul(&mut cur, table.public_entry(i - 1), base);
        }
        table.store(i, &cur);
    }
    // Main loop, windows from the top; the top window may be short.
    let window = |pos: usize| {
        let [w0, w1, w2, w3] = exps.map(|e| window_at(e, pos, w) as i64);
        _mm256_set_epi64x(w3, w2, w1, w0)
    };
    let windows = bits.div_ceil(w);
    let mut acc = vec![_mm256_setzero_si256(); d];
    table.select(&mut acc, window((windows - 1) * w));
    let mut sel = vec![_mm256_setzero_si256(); d];
    for win in (0..windows - 1).rev() {
        for _ in 0..w {
            mont.sqr(&mut cur, &acc);
            core::mem::swap(&mut acc, &mut cur);
        }
        table.select(&mut sel, window(win * w));
        mont.mul(&mut cur, &acc, &sel);
        core::mem::swap(&mut acc, &mut cur);
    }
    cur.zeroize();
    sel.zeroize();
    acc
}
