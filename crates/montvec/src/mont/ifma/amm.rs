//! The almost-Montgomery multiplication kernel on IFMA: digit-serial over b (word-level
//! Montgomery, as seed 000 Alg. 1 but in radix 2^52), all digits of a and n in registers.
//!
//! Per digit b_i, with acc the running sum (lane l of register j holds digit 8j + l):
//! 1. y = (acc_0 + a_0 b_i) n' mod 2^52, computed in scalar registers from acc's lowest lane;
//! 2. acc += lo52(a * b_i) + lo52(n * y): digit 0 becomes 0 mod 2^52;
//! 3. shift acc down one digit (valignq across registers), adding digit 0's carry (>> 52);
//! 4. acc += hi52(a * b_i) + hi52(n * y): the high halves belong one digit up, which after
//!    the shift is the same lane.
//!
//! Up to 12 registers (`amm_scalar_chain`) the lowest lane is also kept, exactly, in a general
//! register (at the sizes where it pays the next lowest too, so that the vectors' result is
//! needed two digits later), so that step 1's y and step 3's carry come from scalar
//! `mulx`/`imul` while the vectors work: about 14 cycles a digit on the chain from one y to
//! the next, against about 27 through the vector unit.
//!
//! Lane bound: each lane gains at most four terms below 2^52 and one carry below 2^12 per
//! digit, so after d <= 512 digits (moduli to 26000 bits) it holds less than
//! 4 * 512 * 2^52 + 512 * 2^12 = 2^63 + 2^21 < 2^64: no overflow (and far less below the top
//! digits, whose terms are smaller).
//! At the end the digits are normalised to 52 bits (the inputs of the next product must be,
//! as IFMA reads only 52 bits of each operand) with mask arithmetic, no branch.

use core::arch::x86_64::*;

use super::{DIGIT_BITS, DIGIT_MASK, LANES};
use crate::backend::IfmaToken;

/// `out = a b / 2^(52 digits) mod n`, almost reduced (below 2n for a, b below 2n).
/// All slices have `regs * 8` words of normalised digits.
///
/// Leaks: `regs` and `digits` (the size of n).
#[allow(clippy::too_many_arguments)]
pub(super) fn almost_mont_mul(
    token: IfmaToken,
    regs: usize,
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let words = regs * LANES;
    assert!(
        out.len() == words && a.len() == words && b.len() == words && n.len() == words,
        "IFMA operands must have {words} words"
    );
    assert!(digits <= words);
    let _ = token;
    macro_rules! dispatch {
        ($($s:literal)* ; $($c:literal)* ; $($r:literal)*) => {
            match regs {
                // Up to 8 registers the two-accumulator kernel fits the 32 zmm registers.
                // SAFETY: `token` proves AVX-512 F/IFMA/DQ/VL and BMI2 were detected at run
                // time, and every slice has exactly `regs * 8` words (asserted above), which the
                // kernel reads.
                $( $s => unsafe { amm_scalar_chain::<$s, true, { deep_shadow($s) }>(out, a, b, n, k0, digits) }, )*
                // SAFETY: as above.
                $( $c => unsafe { amm_scalar_chain::<$c, false, { deep_shadow($c) }>(out, a, b, n, k0, digits) }, )*
                // SAFETY: as above.
                $( $r => unsafe { amm_regs::<$r>(out, a, b, n, k0, digits) }, )*
                // SAFETY: as above.
                _ => unsafe { amm_heap(regs, out, a, b, n, k0, digits) },
            }
        };
    }
    // The scalar chain up to 12 registers; measured on Zen 5 (`Modulus::pow`, alternating
    // runs) against the vector chain: 1.38x at 2048 bits (5 registers), 1.37x at 3072 (8),
    // 1.18x at 4096 (10), 1.09x at 4800 (12), even at 5120 (13), 1.24x slower at 6144 (15),
    // where its registers spill. The vector chain unrolled up to MAX_REGS (40): from 17
    // registers the operands spill to memory operands, yet against the loop over vectors in
    // memory that took everything above 16 registers before (Zen 4, `Modulus::pow` paired
    // with OpenSSL, three rounds): 7168 bits 1.28x -> 3.00x OpenSSL, 8192 bits
    // 1.09-1.19x -> 2.44-2.99x, 12288 bits 1.26x -> 1.69x.
    // On a CPU that runs zmm instructions in halves (Zen 4) the variant takes 9 to 80 digits
    // (2 to 10 registers) to `quarters.rs` instead (1.05-1.5x faster there).
    const { assert!(super::MAX_REGS == 40) };
    dispatch!(
        1 2 3 4 5 6 7 8 ;
        9 10 11 12 ;
        13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40
    )
}

/// Whether [`amm_scalar_chain`] shadows lane 1 of its window too (`DEEP`) at `regs`
/// registers. One product, 100,000 chained calls, deep against shallow (two runs each):
/// 104 / 151 / 209 against 118 / 168 / 227 ns at 3 / 4 / 5 registers (1024-2048 bits),
/// 498 / 608 against 518 / 624 at 9 / 10; even at 6 (261, 267 against 261, 257) and 11;
/// slower at 7 (292-301 against 286-289), 8 (403-415 against 377-378, 3072 bits) and 12
/// (774-790 against 757-763), where the split kernel's 4R vector registers, or the extra
/// scalar products beside a throughput-bound step, cost more than the chain gains.
const fn deep_shadow(regs: usize) -> bool {
    regs <= 5 || regs == 9 || regs == 10
}

/// Steps 1-4 for every digit of b, then normalisation and the store. `$acc`, `$av`, `$nv`
/// are indexable register sequences of one length r (arrays in the const-size kernel, so the
/// compiler keeps them in zmm registers; vectors in the heap kernel), starting zeroed.
/// A macro rather than a function because `#[inline(always)]` cannot be combined with
/// `#[target_feature]`, and without full inlining the arrays would live in memory.
macro_rules! amm_body {
    ($acc:ident, $av:ident, $nv:ident, $out:ident, $a:ident, $b:ident, $n:ident, $k0:ident, $digits:ident) => {{
        let r = $acc.len();
        let zero = _mm512_setzero_si512();
        for j in 0..r {
            // SAFETY: a and n have 8r words (checked by `almost_mont_mul`); unaligned loads.
            unsafe {
                $av[j] = _mm512_loadu_si512($a.as_ptr().add(LANES * j).cast());
                $nv[j] = _mm512_loadu_si512($n.as_ptr().add(LANES * j).cast());
            }
        }
        let a0 = $a[0];
        for &bi in &$b[..$digits] {
            // Step 1: y from the lowest lane (the wrapping products are right mod 2^64, and
            // IFMA reads only y's low 52 bits).
            let t = _mm_cvtsi128_si64(_mm512_castsi512_si128($acc[0])) as u64;
            let y = t.wrapping_add(a0.wrapping_mul(bi)).wrapping_mul($k0);
            let bv = _mm512_set1_epi64(bi as i64);
            let yv = _mm512_set1_epi64(y as i64);
            // Step 2: low halves.
            for j in 0..r {
                $acc[j] = _mm512_madd52lo_epu64($acc[j], $av[j], bv);
                $acc[j] = _mm512_madd52lo_epu64($acc[j], $nv[j], yv);
            }
            // Step 3: digit 0 is 0 mod 2^52; keep its carry (< 2^12), shift down one digit.
            let carry = _mm512_maskz_srli_epi64(1, $acc[0], DIGIT_BITS as u32);
            for j in 0..r {
                let next = if j + 1 < r { $acc[j + 1] } else { zero };
                $acc[j] = _mm512_alignr_epi64(next, $acc[j], 1);
            }
            $acc[0] = _mm512_add_epi64($acc[0], carry);
            // Step 4: high halves, now in their own lanes.
            for j in 0..r {
                $acc[j] = _mm512_madd52hi_epu64($acc[j], $av[j], bv);
                $acc[j] = _mm512_madd52hi_epu64($acc[j], $nv[j], yv);
            }
        }
        normalise(&mut $acc[..]);
        for j in 0..r {
            // SAFETY: out has 8r words (checked by `almost_mont_mul`); unaligned store.
            unsafe { _mm512_storeu_si512($out.as_mut_ptr().add(LANES * j).cast(), $acc[j]) };
        }
    }};
}

/// Steps 1-4 of [`amm_body`] with the quotient chain in general registers. With `SPLIT`, two
/// accumulators (for up to 8 registers: 4R of the 32 zmm): acc takes the a b_i terms and
/// nacc the n y terms, so neither waits on the other's IFMAs; else one, as [`amm_body`].
/// The lowest lane of acc + nacc is shadowed exactly by a scalar L, so each y and the carry
/// out of lane 0 come from scalar `mulx`/`imul` instead of a vector round trip (an add,
/// `vpmullq`, a broadcast, IFMA, `valignq`, IFMA: about 27 cycles a digit measured at 1024
/// bits, against about 14 here).
///
/// For digit b_i, with T = L + lo(a_0 b_i):
/// - y = lo52(T k0), and the carry out of lane 0 is ceil(T / 2^52) = (T + 2^52 - 1) >> 52
///   (T + lo(n_0 y) is T rounded up to a multiple of 2^52), known before y;
/// - the next L is lane 1 of acc + nacc before this digit's terms (M) + lo(a_1 b_i) +
///   hi(a_0 b_i) + the carry + lo(n_1 y) + hi(n_0 y): what the vectors' new lane 0 will hold;
/// - with `DEEP`, the next M is lane 2 before this digit's terms (Q, read from the vectors
///   one digit ahead) + lo(a_2 b_i) + hi(a_1 b_i) + lo(n_2 y) + hi(n_1 y): their new lane 1;
///   without, M is read from the vectors one digit ahead.
///
/// The chain from one y to the next is then `imul`, `mulx`, a shift and two adds. With `DEEP`
/// the vectors' result reaches the chain two digits after its y, not one: read one digit
/// ahead, M's path (a broadcast, IFMA, `valignq`, IFMA, an add, an extract) was on the
/// chain, and shadowing it measured 1.135x faster at 512 bits, 1.12x at 1024, 1.09x at 1536
/// and 1.08x at 2048 (one product, 100,000 chained calls, best of five); where it loses, see
/// [`deep_shadow`].
/// The vectors compute every lane as before (lane 0's terms go unused: the scalar carry
/// replaces them); their result alone is stored. Lane bound as [`amm_body`]: every lane, and
/// L and M, stays below 2^63 + 2^21, so the scalar sums are exact.
#[target_feature(enable = "avx512f,avx512ifma,avx512dq,avx512vl,bmi2")]
unsafe fn amm_scalar_chain<const R: usize, const SPLIT: bool, const DEEP: bool>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let zero = _mm512_setzero_si512();
    let (mut acc, mut nacc, mut av, mut nv) = ([zero; R], [zero; R], [zero; R], [zero; R]);
    for j in 0..R {
        // SAFETY: a and n have 8R words (checked by `almost_mont_mul`); unaligned loads.
        unsafe {
            av[j] = _mm512_loadu_si512(a.as_ptr().add(LANES * j).cast());
            nv[j] = _mm512_loadu_si512(n.as_ptr().add(LANES * j).cast());
        }
    }
    let mask = DIGIT_MASK;
    // Digits 0, 1 and 2 of a and n (they exist: operands have at least 8 words, zero beyond
    // their d digits).
    let (a0, a1, a2, n0, n1, n2) = (a[0], a[1], a[2], n[0], n[1], n[2]);
    // L: lane 0 of acc + nacc; M: its lane 1; Q: its lane 2 as the vectors hold it.
    let (mut l, mut m, mut q) = (0u64, 0u64, 0u64);
    for &bi in &b[..digits] {
        // T = lane 0 after lo(a_0 b_i), below 2^63 + 2^21 (the lane bound), so T + mask
        // (below 2^64) cannot wrap.
        let pa = u128::from(a0) * u128::from(bi);
        let t = l + (pa as u64 & mask);
        let y = t.wrapping_mul(k0) & mask;
        let carry = (t + mask) >> DIGIT_BITS;
        let bv = _mm512_set1_epi64(bi as i64);
        let yv = _mm512_set1_epi64(y as i64);
        for j in 0..R {
            acc[j] = _mm512_madd52lo_epu64(acc[j], av[j], bv);
            if SPLIT {
                nacc[j] = _mm512_madd52lo_epu64(nacc[j], nv[j], yv);
            } else {
                acc[j] = _mm512_madd52lo_epu64(acc[j], nv[j], yv);
            }
        }
        for j in 0..R {
            let (next_a, next_n) = if j + 1 < R {
                (acc[j + 1], nacc[j + 1])
            } else {
                (zero, zero)
            };
            acc[j] = _mm512_alignr_epi64(next_a, acc[j], 1);
            if SPLIT {
                nacc[j] = _mm512_alignr_epi64(next_n, nacc[j], 1);
            }
        }
        acc[0] = _mm512_add_epi64(
            acc[0],
            _mm512_zextsi128_si512(_mm_cvtsi64_si128(carry as i64)),
        );
        for j in 0..R {
            acc[j] = _mm512_madd52hi_epu64(acc[j], av[j], bv);
            if SPLIT {
                nacc[j] = _mm512_madd52hi_epu64(nacc[j], nv[j], yv);
            } else {
                acc[j] = _mm512_madd52hi_epu64(acc[j], nv[j], yv);
            }
        }
        // The next L and M from this digit's terms in lanes 1 and 2, in scalar registers;
        // then Q for the next digit from the vectors.
        let hi_a0 = (pa >> DIGIT_BITS) as u64;
        let pa1 = u128::from(a1) * u128::from(bi);
        let (lo_a1, hi_a1) = (pa1 as u64 & mask, (pa1 >> DIGIT_BITS) as u64);
        let lo_a2 = a2.wrapping_mul(bi) & mask;
        let hi_n0 = ((u128::from(n0) * u128::from(y)) >> DIGIT_BITS) as u64;
        let pn1 = u128::from(n1) * u128::from(y);
        let (lo_n1, hi_n1) = (pn1 as u64 & mask, (pn1 >> DIGIT_BITS) as u64);
        let lo_n2 = n2.wrapping_mul(y) & mask;
        // Exactly the vectors' new lanes 0 and 1 (acc + nacc), so within the lane bound.
        l = m + lo_a1 + hi_a0 + carry + lo_n1 + hi_n0;
        let sum = if SPLIT {
            _mm512_add_epi64(acc[0], nacc[0])
        } else {
            acc[0]
        };
        if DEEP {
            m = q + lo_a2 + hi_a1 + lo_n2 + hi_n1;
            q = _mm_cvtsi128_si64(_mm512_extracti64x2_epi64::<1>(sum)) as u64;
        } else {
            m = _mm_extract_epi64(_mm512_castsi512_si128(sum), 1) as u64;
        }
    }
    if SPLIT {
        for (x, y) in acc.iter_mut().zip(&nacc) {
            *x = _mm512_add_epi64(*x, *y);
        }
    }
    normalise(&mut acc[..]);
    for (j, v) in acc.iter().enumerate() {
        // SAFETY: out has 8R words (checked by `almost_mont_mul`); unaligned store.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(LANES * j).cast(), *v) };
    }
}

/// Two independent products that share `a` and `n`, `out1 = a b1 / R'` and `out2 = a b2 / R'`,
/// interleaved in one loop, each with two accumulators and its quotient chain in the vector unit
/// (y by `vpmullq` from lane 0, broadcast): while one quotient digit travels its chain, the
/// other product's instructions fill the IFMA units. (With the scalar chain of
/// [`amm_scalar_chain`] for each product instead: 1.25x slower at 1024 bits, the two scalar
/// chains in one instruction stream.) The Montgomery ladder asks for exactly
/// this pair (r0 r1 and r0 r0) at every bit.
///
/// The pair costs 1.34x one [`amm_scalar_chain`] product at 512 bits (93 against 69 ns),
/// 1.45x at 1024 (175 against 121) and 1.51x at 1536 (260 against 172; Zen 5, 100,000 chained
/// calls, three runs): so two independent exponentiations, such as the CRT halves of one
/// RSA-2048 operation, would take about 1.45x one, against the 4-lane batch call they run in
/// now. That call also computed the blinding inverse by Fermat in its two free lanes, which
/// decided against this pair; since the RSA keys keep their blinding pairs (an inverse every
/// 32 operations), the two have not been compared again on an IFMA machine.
macro_rules! amm_body_x2 {
    ($acc1:ident, $nacc1:ident, $acc2:ident, $nacc2:ident, $av:ident, $nv:ident,
     $out1:ident, $out2:ident, $a:ident, $b1:ident, $b2:ident, $n:ident, $k0:ident, $digits:ident) => {{
        let r = $acc1.len();
        let zero = _mm512_setzero_si512();
        for j in 0..r {
            // SAFETY: a and n have 8r words (checked by `almost_mont_mul_x2`); unaligned loads.
            unsafe {
                $av[j] = _mm512_loadu_si512($a.as_ptr().add(LANES * j).cast());
                $nv[j] = _mm512_loadu_si512($n.as_ptr().add(LANES * j).cast());
            }
        }
        let k0x = _mm_set1_epi64x($k0 as i64);
        for i in 0..$digits {
            let bv1 = _mm512_set1_epi64($b1[i] as i64);
            let bv2 = _mm512_set1_epi64($b2[i] as i64);
            for j in 0..r {
                $acc1[j] = _mm512_madd52lo_epu64($acc1[j], $av[j], bv1);
                $acc2[j] = _mm512_madd52lo_epu64($acc2[j], $av[j], bv2);
            }
            let t1 = _mm_add_epi64(
                _mm512_castsi512_si128($acc1[0]),
                _mm512_castsi512_si128($nacc1[0]),
            );
            let t2 = _mm_add_epi64(
                _mm512_castsi512_si128($acc2[0]),
                _mm512_castsi512_si128($nacc2[0]),
            );
            let yv1 = _mm512_broadcastq_epi64(_mm_mullo_epi64(t1, k0x));
            let yv2 = _mm512_broadcastq_epi64(_mm_mullo_epi64(t2, k0x));
            for j in 0..r {
                $nacc1[j] = _mm512_madd52lo_epu64($nacc1[j], $nv[j], yv1);
                $nacc2[j] = _mm512_madd52lo_epu64($nacc2[j], $nv[j], yv2);
            }
            let carry1 = _mm512_maskz_srli_epi64(
                1,
                _mm512_add_epi64($acc1[0], $nacc1[0]),
                DIGIT_BITS as u32,
            );
            let carry2 = _mm512_maskz_srli_epi64(
                1,
                _mm512_add_epi64($acc2[0], $nacc2[0]),
                DIGIT_BITS as u32,
            );
            for j in 0..r {
                let next = |v: &[__m512i]| if j + 1 < r { v[j + 1] } else { zero };
                let (n1, m1, n2, m2) = (
                    next(&$acc1[..]),
                    next(&$nacc1[..]),
                    next(&$acc2[..]),
                    next(&$nacc2[..]),
                );
                $acc1[j] = _mm512_alignr_epi64(n1, $acc1[j], 1);
                $nacc1[j] = _mm512_alignr_epi64(m1, $nacc1[j], 1);
                $acc2[j] = _mm512_alignr_epi64(n2, $acc2[j], 1);
                $nacc2[j] = _mm512_alignr_epi64(m2, $nacc2[j], 1);
            }
            $acc1[0] = _mm512_add_epi64($acc1[0], carry1);
            $acc2[0] = _mm512_add_epi64($acc2[0], carry2);
            for j in 0..r {
                $acc1[j] = _mm512_madd52hi_epu64($acc1[j], $av[j], bv1);
                $nacc1[j] = _mm512_madd52hi_epu64($nacc1[j], $nv[j], yv1);
                $acc2[j] = _mm512_madd52hi_epu64($acc2[j], $av[j], bv2);
                $nacc2[j] = _mm512_madd52hi_epu64($nacc2[j], $nv[j], yv2);
            }
        }
        for j in 0..r {
            $acc1[j] = _mm512_add_epi64($acc1[j], $nacc1[j]);
            $acc2[j] = _mm512_add_epi64($acc2[j], $nacc2[j]);
        }
        normalise(&mut $acc1[..]);
        normalise(&mut $acc2[..]);
        for j in 0..r {
            // SAFETY: out1 and out2 have 8r words (checked by `almost_mont_mul_x2`).
            unsafe {
                _mm512_storeu_si512($out1.as_mut_ptr().add(LANES * j).cast(), $acc1[j]);
                _mm512_storeu_si512($out2.as_mut_ptr().add(LANES * j).cast(), $acc2[j]);
            }
        }
    }};
}

#[target_feature(enable = "avx512f,avx512ifma,avx512dq,avx512vl")]
#[allow(clippy::too_many_arguments)]
unsafe fn amm_x2<const R: usize>(
    out1: &mut [u64],
    out2: &mut [u64],
    a: &[u64],
    b1: &[u64],
    b2: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let zero = _mm512_setzero_si512();
    let (mut acc1, mut nacc1, mut acc2, mut nacc2) = ([zero; R], [zero; R], [zero; R], [zero; R]);
    let (mut av, mut nv) = ([zero; R], [zero; R]);
    amm_body_x2!(acc1, nacc1, acc2, nacc2, av, nv, out1, out2, a, b1, b2, n, k0, digits)
}

/// `out1 = a b1 / 2^(52 digits) mod n` and `out2 = a b2 / ...`, almost reduced: interleaved
/// while both chains fit the registers (6 regs of the 32 zmm, so regs <= 4), one after the other
/// above that. Slices as for [`almost_mont_mul`].
///
/// Leaks: `regs` and `digits` (the size of n).
#[allow(clippy::too_many_arguments)]
pub(super) fn almost_mont_mul_x2(
    token: IfmaToken,
    regs: usize,
    out1: &mut [u64],
    out2: &mut [u64],
    a: &[u64],
    b1: &[u64],
    b2: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let words = regs * LANES;
    assert!(
        [out1.len(), out2.len(), a.len(), b1.len(), b2.len(), n.len()]
            .iter()
            .all(|&l| l == words),
        "IFMA operands must have {words} words"
    );
    assert!(digits <= words);
    let _ = token;
    match regs {
        // SAFETY: `token` proves AVX-512 F/IFMA/DQ/VL were detected at run time, and every
        // slice has exactly `regs * 8` words (asserted above), which the kernel reads or writes.
        1 => unsafe { amm_x2::<1>(out1, out2, a, b1, b2, n, k0, digits) },
        // SAFETY: as above.
        2 => unsafe { amm_x2::<2>(out1, out2, a, b1, b2, n, k0, digits) },
        // SAFETY: as above.
        3 => unsafe { amm_x2::<3>(out1, out2, a, b1, b2, n, k0, digits) },
        // SAFETY: as above.
        4 => unsafe { amm_x2::<4>(out1, out2, a, b1, b2, n, k0, digits) },
        _ => {
            almost_mont_mul(token, regs, out1, a, b1, n, k0, digits);
            almost_mont_mul(token, regs, out2, a, b2, n, k0, digits);
        }
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn amm_regs<const R: usize>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let zero = _mm512_setzero_si512();
    let (mut acc, mut av, mut nv) = ([zero; R], [zero; R], [zero; R]);
    amm_body!(acc, av, nv, out, a, b, n, k0, digits)
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn amm_heap(
    regs: usize,
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: u64,
    digits: usize,
) {
    let zero = _mm512_setzero_si512();
    let (mut acc, mut av, mut nv) = (vec![zero; regs], vec![zero; regs], vec![zero; regs]);
    amm_body!(acc, av, nv, out, a, b, n, k0, digits)
}

/// Carry-propagate lanes (any 64-bit values) into 52-bit digits, in constant time.
///
/// First every lane passes its bits above 52 (< 2^12) one lane up: lanes are then at most
/// 2^52 - 1 + 2^12 - 1 < 2^53, so each can pass on at most one more carry. Which lanes receive
/// one is a carry-lookahead over bit masks: G = lanes above 2^52 - 1 (generate), P = lanes
/// equal to it (propagate); ((G << 1) + P) ^ P marks the receivers, the integer addition doing
/// the ripple (over 64-lane words, with the addition's carry passed from word to word).
/// The top lane never carries out: values are below 2n < 2^(52 d).
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn normalise(acc: &mut [__m512i]) {
    let r = acc.len();
    let mask = _mm512_set1_epi64(DIGIT_MASK as i64);
    let one = _mm512_set1_epi64(1);
    let mut below = _mm512_setzero_si512();
    for v in acc.iter_mut() {
        let carries = _mm512_srli_epi64(*v, DIGIT_BITS as u32);
        // lanes: [previous register's lane 7, this register's carries from lanes 0..6]
        *v = _mm512_add_epi64(
            _mm512_and_si512(*v, mask),
            _mm512_alignr_epi64(carries, below, 7),
        );
        below = carries;
    }
    // Eight registers (64 lanes) per mask word.
    let (mut g_top, mut add_carry) = (0u64, 0u64);
    for chunk in 0..r.div_ceil(8) {
        let regs = chunk * 8..(chunk * 8 + 8).min(r);
        let (mut generate, mut propagate) = (0u64, 0u64);
        for (i, j) in regs.clone().enumerate() {
            generate |= (_mm512_cmpgt_epu64_mask(acc[j], mask) as u64) << (LANES * i);
            propagate |= (_mm512_cmpeq_epu64_mask(acc[j], mask) as u64) << (LANES * i);
        }
        let shifted = (generate << 1) | g_top;
        g_top = generate >> 63;
        let (sum, c1) = shifted.overflowing_add(propagate);
        let (sum, c2) = sum.overflowing_add(add_carry);
        add_carry = (c1 | c2) as u64;
        let receivers = sum ^ propagate;
        for (i, j) in regs.enumerate() {
            let m = (receivers >> (LANES * i)) as u8;
            acc[j] = _mm512_and_si512(_mm512_mask_add_epi64(acc[j], m, acc[j], one), mask);
        }
    }
}
