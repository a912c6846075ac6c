//! The lane vector the IFMA batch kernels are written over once: [`Zmm`] (eight 64-bit lanes,
//! AVX-512), [`Ymm`] (four lanes, AVX-512VL) and [`Pair`] of either (twice the lanes, two
//! registers), so the 16-, 8- and 4-way engines of seed 001 share every kernel.
//!
//! A value of any of them exists only on a CPU with AVX-512 F, IFMA and VL: every constructor
//! is `unsafe` with that as its contract, so the operations on existing values are safe.

use core::arch::x86_64::*;

/// The digits of a word-sliced number are 52 bits (seed 001's radix 2^52).
pub(crate) const DIGIT_BITS: u32 = 52;
/// `2^52 - 1`.
pub(crate) const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;

/// One digit position of `LANES` numbers, one number per 64-bit lane.
pub(crate) trait Lanes: Copy {
    /// Numbers per register.
    const LANES: usize;

    /// Whether the split kernel (`split.rs`) is built for this vector: not for [`Pair`],
    /// which no split engine uses (each instantiation of that kernel costs compile time).
    const SPLITS: bool = true;

    /// Whether the kernels run only the interleaved reduction (`interleaved.rs`) on this
    /// vector, whatever [`Reduction`](crate::batch::Reduction) is set: true for [`Pair`], which
    /// the engine takes only for moduli where that reduction is the fastest (up to 13 digits,
    /// `batch::PAIRED_DIGITS`) and not with another reduction forced. The other reductions'
    /// kernels are then not built for it (they were a fifth of the crate's code to compile).
    const INTERLEAVED_ONLY: bool = false;

    /// Whether a fixed window's run of squarings goes to the unrolled squaring in one call
    /// (`unrolled::mont_sqr_times`, up to 12 digits) rather than a call a squaring: false for
    /// [`Pair`], whose unrolled squaring (two registers a column, so columns spill) ran slower
    /// inside that loop. Measured on Ice Lake (in-process alternation of 8- and 16-lane
    /// 512-bit exponentiations, 31 rounds, medians of the new/old ratios): 0.971 on `Zmm`,
    /// 0.990 on `Ymm`; on pairs 1.043, and 1.140 with the loop unrolled by two.
    const SQUARINGS_IN_A_ROW: bool = true;

    /// Digits in `words` words (`words / LANES`, by a shift: LANES is a power of two).
    fn digits(words: usize) -> usize {
        words >> Self::LANES.trailing_zeros()
    }

    /// The lanes `p[0..LANES]`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F, IFMA and VL, and `p` is valid for `LANES` reads.
    unsafe fn load(p: *const u64) -> Self;

    /// Every lane `x`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F, IFMA and VL.
    unsafe fn splat(x: u64) -> Self;

    /// Store the lanes to `p[0..LANES]`.
    ///
    /// # Safety
    /// `p` is valid for `LANES` writes.
    unsafe fn store(self, p: *mut u64);

    /// `self + lo52(a[51:0] * b[51:0])` per lane (`vpmadd52luq`).
    fn madd_lo(self, a: Self, b: Self) -> Self;
    /// `self + hi52(a[51:0] * b[51:0])` per lane (`vpmadd52huq`).
    fn madd_hi(self, a: Self, b: Self) -> Self;
    /// Wrapping lane sum.
    fn add(self, b: Self) -> Self;
    /// Wrapping lane difference.
    fn sub(self, b: Self) -> Self;
    /// Bitwise and.
    fn and(self, b: Self) -> Self;
    /// Bitwise or.
    fn or(self, b: Self) -> Self;
    /// Arithmetic right shift by 52: the carry out of a digit, negative for a negative column
    /// (Karatsuba's middle terms); for columns below 2^63 the same as a logical shift.
    fn carry(self) -> Self;
    /// The value, computed where it is written: an empty `asm!` block takes its register,
    /// and in practice LLVM then keeps the instructions that produce it above the ones
    /// written after it (a scheduling hint, not a guarantee; correctness does not depend on
    /// it). A core that issues the oldest ready instruction first then runs a serial chain
    /// written this way ahead of a block of independent IFMAs that follows it, instead of
    /// after them (see `interleaved::reduce_step`).
    fn computed_here(self) -> Self;
    /// Logical right shift by 63: the borrow out of a wrapped 64-bit difference.
    fn sign(self) -> Self;
    /// The low 52 bits of each lane.
    fn digit(self) -> Self {
        // SAFETY: `self` exists, so the CPU has the features (see the module doc).
        self.and(unsafe { Self::splat(DIGIT_MASK) })
    }
    /// All ones in the lanes where `self == key`, zero elsewhere.
    fn eq_mask(self, key: Self) -> Self;
    /// `self | (a & b)` (one `vpternlogq`).
    fn or_and(self, a: Self, b: Self) -> Self;
    /// `val` in the lanes where `mask` is all ones, `self` where it is zero.
    fn select_mask(self, mask: Self, val: Self) -> Self;
    /// 1 in the lanes that are non-zero, 0 elsewhere.
    fn is_nonzero(self) -> Self;

    // Lane pairs (lanes 2k and 2k + 1), for one number split across two lanes (`split.rs`).
    /// `self` in the even lanes, `odd` in the odd lanes.
    fn odd_from(self, odd: Self) -> Self;
    /// Each even lane copied into the odd lane above it.
    fn even_to_odd(self) -> Self;
    /// Each odd lane copied into the even lane below it.
    fn odd_to_even(self) -> Self;
    /// `self + b` in the even lanes, `self` in the odd lanes.
    fn add_even(self, b: Self) -> Self;
    /// `self` in the even lanes, zero in the odd lanes.
    fn even_only(self) -> Self;
}

/// Eight lanes in a zmm register.
#[derive(Clone, Copy)]
pub(crate) struct Zmm(__m512i);

/// Four lanes in a ymm register (AVX-512VL forms of the IFMA instructions).
#[derive(Clone, Copy)]
pub(crate) struct Ymm(__m256i);

// SAFETY (every `unsafe` block below): a `Zmm` or `Ymm` value exists only if one of the unsafe
// constructors ran, whose contract is that the CPU has AVX-512 F, IFMA and VL, which are all
// the intrinsics here need; the pointer accesses are covered by `load`/`store`'s contracts.
impl Lanes for Zmm {
    const LANES: usize = 8;

    #[inline(always)]
    unsafe fn load(p: *const u64) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_loadu_si512(p.cast()) })
    }
    #[inline(always)]
    unsafe fn splat(x: u64) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_set1_epi64(x as i64) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u64) {
        // SAFETY: see above.
        unsafe { _mm512_storeu_si512(p.cast(), self.0) }
    }
    #[inline(always)]
    fn madd_lo(self, a: Self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_madd52lo_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn madd_hi(self, a: Self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_madd52hi_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_add_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_sub_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_and_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_or_si512(self.0, b.0) })
    }
    #[inline(always)]
    fn carry(self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_srai_epi64::<DIGIT_BITS>(self.0) })
    }
    #[inline(always)]
    fn computed_here(self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { computed_here_zmm(self.0) })
    }
    #[inline(always)]
    fn sign(self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_srli_epi64::<63>(self.0) })
    }
    #[inline(always)]
    fn eq_mask(self, key: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe {
            _mm512_maskz_mov_epi64(
                _mm512_cmpeq_epi64_mask(self.0, key.0),
                _mm512_set1_epi64(-1),
            )
        })
    }
    #[inline(always)]
    fn or_and(self, a: Self, b: Self) -> Self {
        // Truth table 0xf8: bit (s, a, b) -> s | (a & b).
        // SAFETY: see above.
        Zmm(unsafe { _mm512_ternarylogic_epi64::<0xf8>(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn select_mask(self, mask: Self, val: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe {
            _mm512_mask_blend_epi64(_mm512_test_epi64_mask(mask.0, mask.0), self.0, val.0)
        })
    }
    #[inline(always)]
    fn is_nonzero(self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe {
            _mm512_maskz_mov_epi64(_mm512_test_epi64_mask(self.0, self.0), _mm512_set1_epi64(1))
        })
    }
    #[inline(always)]
    fn odd_from(self, odd: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_mask_blend_epi64(0xaa, self.0, odd.0) })
    }
    #[inline(always)]
    fn even_to_odd(self) -> Self {
        // Dwords (0, 1, 0, 1) of each 128-bit block: its low quadword twice.
        // SAFETY: see above.
        Zmm(unsafe { _mm512_shuffle_epi32::<0x44>(self.0) })
    }
    #[inline(always)]
    fn odd_to_even(self) -> Self {
        // Dwords (2, 3, 2, 3) of each 128-bit block: its high quadword twice.
        // SAFETY: see above.
        Zmm(unsafe { _mm512_shuffle_epi32::<0xee>(self.0) })
    }
    #[inline(always)]
    fn add_even(self, b: Self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_mask_add_epi64(self.0, 0x55, self.0, b.0) })
    }
    #[inline(always)]
    fn even_only(self) -> Self {
        // SAFETY: see above.
        Zmm(unsafe { _mm512_maskz_mov_epi64(0x55, self.0) })
    }
}

impl Lanes for Ymm {
    const LANES: usize = 4;

    #[inline(always)]
    unsafe fn load(p: *const u64) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_loadu_si256(p.cast()) })
    }
    #[inline(always)]
    unsafe fn splat(x: u64) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_set1_epi64x(x as i64) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u64) {
        // SAFETY: see above.
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    fn madd_lo(self, a: Self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_madd52lo_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn madd_hi(self, a: Self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_madd52hi_epu64(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_add_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_sub_epi64(self.0, b.0) })
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_and_si256(self.0, b.0) })
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_or_si256(self.0, b.0) })
    }
    #[inline(always)]
    fn carry(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_srai_epi64::<DIGIT_BITS>(self.0) })
    }
    #[inline(always)]
    fn computed_here(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { computed_here_ymm(self.0) })
    }
    #[inline(always)]
    fn sign(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_srli_epi64::<63>(self.0) })
    }
    #[inline(always)]
    fn eq_mask(self, key: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe {
            _mm256_maskz_mov_epi64(
                _mm256_cmpeq_epi64_mask(self.0, key.0),
                _mm256_set1_epi64x(-1),
            )
        })
    }
    #[inline(always)]
    fn or_and(self, a: Self, b: Self) -> Self {
        // Truth table 0xf8: bit (s, a, b) -> s | (a & b).
        // SAFETY: see above.
        Ymm(unsafe { _mm256_ternarylogic_epi64::<0xf8>(self.0, a.0, b.0) })
    }
    #[inline(always)]
    fn select_mask(self, mask: Self, val: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe {
            _mm256_mask_blend_epi64(_mm256_test_epi64_mask(mask.0, mask.0), self.0, val.0)
        })
    }
    #[inline(always)]
    fn is_nonzero(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe {
            _mm256_maskz_mov_epi64(
                _mm256_test_epi64_mask(self.0, self.0),
                _mm256_set1_epi64x(1),
            )
        })
    }
    #[inline(always)]
    fn odd_from(self, odd: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_mask_blend_epi64(0xa, self.0, odd.0) })
    }
    #[inline(always)]
    fn even_to_odd(self) -> Self {
        // Dwords (0, 1, 0, 1) of each 128-bit block: its low quadword twice.
        // SAFETY: see above.
        Ymm(unsafe { _mm256_shuffle_epi32::<0x44>(self.0) })
    }
    #[inline(always)]
    fn odd_to_even(self) -> Self {
        // Dwords (2, 3, 2, 3) of each 128-bit block: its high quadword twice.
        // SAFETY: see above.
        Ymm(unsafe { _mm256_shuffle_epi32::<0xee>(self.0) })
    }
    #[inline(always)]
    fn add_even(self, b: Self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_mask_add_epi64(self.0, 0x5, self.0, b.0) })
    }
    #[inline(always)]
    fn even_only(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_maskz_mov_epi64(0x5, self.0) })
    }
}

/// Moves across the four lanes of one register, for a number held across them
/// (`mont::ifma::quarters`: lane k holds a quarter of its digits).
impl Ymm {
    /// Lane 0 in every lane (`vpbroadcastq`, one cycle on Zen 4).
    #[inline(always)]
    pub(crate) fn lane0_to_all(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_broadcastq_epi64(_mm256_castsi256_si128(self.0)) })
    }
    /// Lane k + 1 in lane k, zero in lane 3 (`valignq`).
    #[inline(always)]
    pub(crate) fn shifted_down(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_alignr_epi64::<1>(_mm256_setzero_si256(), self.0) })
    }
    /// Lane k - 1 in lane k, zero in lane 0 (`valignq`).
    #[inline(always)]
    pub(crate) fn shifted_up(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_alignr_epi64::<3>(self.0, _mm256_setzero_si256()) })
    }
    /// Lane 0 kept, the others zero.
    #[inline(always)]
    pub(crate) fn lane0_only(self) -> Self {
        // SAFETY: see above.
        Ymm(unsafe { _mm256_maskz_mov_epi64(1, self.0) })
    }
}

/// Two lane vectors used as one of twice the lanes: every operation runs on both halves, two
/// independent instruction streams the core interleaves. For small digit counts, where one
/// vector's kernels wait on their serial chains (the quotient digit of each reduction step),
/// the second half's instructions fill those waits.
#[derive(Clone, Copy)]
pub(crate) struct Pair<V: Lanes>(V, V);

impl<V: Lanes> Lanes for Pair<V> {
    const LANES: usize = 2 * V::LANES;
    const SPLITS: bool = false;
    const INTERLEAVED_ONLY: bool = true;
    const SQUARINGS_IN_A_ROW: bool = false;

    #[inline(always)]
    unsafe fn load(p: *const u64) -> Self {
        // SAFETY: the caller's contract covers 2 V::LANES reads from p.
        unsafe { Pair(V::load(p), V::load(p.add(V::LANES))) }
    }
    #[inline(always)]
    unsafe fn splat(x: u64) -> Self {
        // SAFETY: the caller's contract.
        unsafe { Pair(V::splat(x), V::splat(x)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u64) {
        // SAFETY: the caller's contract covers 2 V::LANES writes to p.
        unsafe {
            self.0.store(p);
            self.1.store(p.add(V::LANES));
        }
    }
    #[inline(always)]
    fn madd_lo(self, a: Self, b: Self) -> Self {
        Pair(self.0.madd_lo(a.0, b.0), self.1.madd_lo(a.1, b.1))
    }
    #[inline(always)]
    fn madd_hi(self, a: Self, b: Self) -> Self {
        Pair(self.0.madd_hi(a.0, b.0), self.1.madd_hi(a.1, b.1))
    }
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        Pair(self.0.add(b.0), self.1.add(b.1))
    }
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        Pair(self.0.sub(b.0), self.1.sub(b.1))
    }
    #[inline(always)]
    fn and(self, b: Self) -> Self {
        Pair(self.0.and(b.0), self.1.and(b.1))
    }
    #[inline(always)]
    fn or(self, b: Self) -> Self {
        Pair(self.0.or(b.0), self.1.or(b.1))
    }
    #[inline(always)]
    fn carry(self) -> Self {
        Pair(self.0.carry(), self.1.carry())
    }
    #[inline(always)]
    fn computed_here(self) -> Self {
        Pair(self.0.computed_here(), self.1.computed_here())
    }
    #[inline(always)]
    fn sign(self) -> Self {
        Pair(self.0.sign(), self.1.sign())
    }
    #[inline(always)]
    fn eq_mask(self, key: Self) -> Self {
        Pair(self.0.eq_mask(key.0), self.1.eq_mask(key.1))
    }
    #[inline(always)]
    fn or_and(self, a: Self, b: Self) -> Self {
        Pair(self.0.or_and(a.0, b.0), self.1.or_and(a.1, b.1))
    }
    #[inline(always)]
    fn select_mask(self, mask: Self, val: Self) -> Self {
        Pair(
            self.0.select_mask(mask.0, val.0),
            self.1.select_mask(mask.1, val.1),
        )
    }
    #[inline(always)]
    fn is_nonzero(self) -> Self {
        Pair(self.0.is_nonzero(), self.1.is_nonzero())
    }
    // Lane pairs lie within one half (V::LANES is even).
    #[inline(always)]
    fn odd_from(self, odd: Self) -> Self {
        Pair(self.0.odd_from(odd.0), self.1.odd_from(odd.1))
    }
    #[inline(always)]
    fn even_to_odd(self) -> Self {
        Pair(self.0.even_to_odd(), self.1.even_to_odd())
    }
    #[inline(always)]
    fn odd_to_even(self) -> Self {
        Pair(self.0.odd_to_even(), self.1.odd_to_even())
    }
    #[inline(always)]
    fn add_even(self, b: Self) -> Self {
        Pair(self.0.add_even(b.0), self.1.add_even(b.1))
    }
    #[inline(always)]
    fn even_only(self) -> Self {
        Pair(self.0.even_only(), self.1.even_only())
    }
}

/// [`Lanes::computed_here`] for a zmm register: a function of its own because an `asm!`
/// operand in a zmm register needs the feature on the function that holds the block.
#[target_feature(enable = "avx512f")]
#[inline]
fn computed_here_zmm(mut x: __m512i) -> __m512i {
    // SAFETY: the block is empty: it reads and writes nothing but hands the register back.
    // Not `pure`: a block with side effects stays where it is written.
    unsafe {
        core::arch::asm!("/* {0} */", inout(zmm_reg) x, options(nomem, nostack, preserves_flags))
    };
    x
}

/// [`Lanes::computed_here`] for a ymm register (see [`computed_here_zmm`]).
#[target_feature(enable = "avx512f,avx512vl")]
#[inline]
fn computed_here_ymm(mut x: __m256i) -> __m256i {
    // SAFETY: the block is empty: it reads and writes nothing but hands the register back.
    unsafe {
        core::arch::asm!("/* {0} */", inout(ymm_reg) x, options(nomem, nostack, preserves_flags))
    };
    x
}
