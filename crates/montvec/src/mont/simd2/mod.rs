//! The 2-way SIMD Montgomery multiplication of seed 000 (Bos, Montgomery, Shumow, Zaverucha,
//! "Montgomery Multiplication Using Vector Instructions", SAC 2013), §3 and Alg. 2: the D - E
//! split.
//!
//! CIOS (Alg. 1) computes `q` from the accumulator after adding `a_j B`, so its two big
//! products depend on each other. Alg. 2 breaks the dependence in two moves (§3):
//! - `q` comes from the *old* low digits: `q = (mu b_0) a_j + mu (d_0 - e_0) mod 2^32`, with
//!   `mu b_0` computed once per multiplication;
//! - the sign of the constant is flipped, `mu = +m^-1 mod 2^32` (CIOS uses `-m^-1`), and the
//!   two products go to two accumulators, D (the sum of the `a_j B`, Computation 1) and E (of
//!   the `q M`, Computation 2), whose low digits then agree and are dropped together:
//!   `D <- (D + a_j B) / r`, `E <- (E + q M) / r` with the same (discarded) remainder.
//!
//! So `D - E = A B r^-n (mod M)`, and each of D and E stays below M
//! (`(M - 1 + (r - 1) M) / r < M`): n digits, no extra word. The two computations run the same
//! instructions on different data, one per lane of a 2-lane register, 32-bit digits
//! (r = 2^32) in 64-bit lanes, as the paper's SSE2 and NEON code. The result is `D - E` plus
//! M when it borrows, selected by mask (§3, last paragraph), fully reduced below M.
//!
//! Here R = 2^(64k) = r^(2k): elements keep the shared form (k limbs below n), and the kernel
//! runs n = 2k digits.
//!
//! The loop is written once ([`kernel`]) over a lane pair ([`pair::LanePair`]):
//!
//! | lane pair | file | where it runs |
//! |---|---|---|
//! | `__m128i`, SSE2 (`pmuludq`, `paddq`, `psrlq`, `pand`) | [`sse2`] | x86-64, backends `adx` and `ifma` |
//! | `[u64; 2]`, plain Rust | [`pair`] | backend `portable`, other targets |
//!
//! ## Measured: it loses to 64-bit CIOS on x86-64, by 2-5x
//!
//! The paper expects this: a 2-way 32-bit SIMD unit should be "roughly twice as slow when
//! compared to a classical 64-bit implementation" (§3.1), and on its Xeon the SIMD code is
//! "roughly twice as slow as the 64-bit algorithm" (§4, Table 2); it wins only against 32-bit
//! scalar code (1.68 to 1.76 at 2048 bits, §5). Here the 64-bit baseline is stronger (ADX
//! assembly kernels, and a dedicated squaring in exponentiation), so the gap is wider.
//!
//! `taskset -c 0 montvec bench --sizes 256,512,1024,2048,4096 --ops mul,exp --algorithms
//! cios,simd2` (the second set with `MONTVEC_BACKEND=portable`), AMD Zen 5, one core,
//! 2026-11-22, medians of 9 samples on a loaded machine (spreads up to 40%); ratio =
//! simd2 / cios time:
//!
//! | bits | mul cios (adx) | mul simd2 (sse2) | ratio | exp cios (adx) | exp simd2 (sse2) | ratio |
//! |---|---|---|---|---|---|---|
//! | 256 | 46.0 ns | 144 ns | 3.14 | 12.9 us | 39.2 us | 3.04 |
//! | 512 | 113 ns | 297 ns | 2.63 | 33.8 us | 158 us | 4.69 |
//! | 1024 | 345 ns | 1.11 us | 3.22 | 224 us | 1.05 ms | 4.67 |
//! | 2048 | 816 ns | 3.43 us | 4.21 | 1.54 ms | 8.29 ms | 5.37 |
//! | 4096 | 3.37 us | 14.2 us | 4.20 | 12.3 ms | 67.9 ms | 5.52 |
//!
//! | bits | mul cios (portable) | mul simd2 (portable) | ratio | exp cios (portable) | exp simd2 (portable) | ratio |
//! |---|---|---|---|---|---|---|
//! | 256 | 68.2 ns | 123 ns | 1.80 | 13.6 us | 30.9 us | 2.28 |
//! | 512 | 125 ns | 324 ns | 2.60 | 47.7 us | 160 us | 3.35 |
//! | 1024 | 322 ns | 1.05 us | 3.26 | 355 us | 1.24 ms | 3.50 |
//! | 2048 | 1.63 us | 3.67 us | 2.25 | 3.30 ms | 9.48 ms | 2.87 |
//! | 4096 | 7.13 us | 13.9 us | 1.95 | 27.4 ms | 67.5 ms | 2.46 |
//!
//! Observations from the same runs:
//! - exp loses more than mul because CIOS squares with dedicated code there, and simd2
//!   squares with its multiplication (the paper knows of no SIMD squaring either, §3.1).
//! - The SSE2 pair is no faster than the plain-Rust pair on Zen 5 (14.2 against 13.9 us at
//!   4096 bits; the compiler keeps the latter scalar, two `imul` per digit): the scalar
//!   multipliers are not weak here, which is the case the paper's algorithm is for.
//! - Interleaving the two rows of a limb ([`kernel`]) paid 1.6-1.7x over one row at a time on
//!   SSE2 (5.41 to 3.43 us at 2048 bits, 24.6 to 14.2 us at 4096) and 1.4x on the plain pair.
//! - AVX2 does not pay for this loop: the same code compiled with `target-cpu=native` (VEX
//!   encoding, three-operand forms) measured the same (3.46 against 3.44 us at 2048 bits).
//!   A 4-lane version needs another schedule (two products at once, or two rows per register
//!   with a cross-lane hand-off each digit), not built.

#![deny(clippy::integer_division_remainder_used)]

pub mod kernel;
pub mod layout;
pub mod pair;
#[cfg(target_arch = "x86_64")]
pub mod sse2;

use zeroize::Zeroize;

use crate::limb::Limb;
use crate::mont::params::MontParams;
use crate::mont::MontMul;
use layout::{join, spread, WORDS_PER_LIMB};
use pair::LanePair;

/// The variant in plain Rust.
pub type Portable = Simd2<[u64; 2]>;
/// The variant on SSE2.
#[cfg(target_arch = "x86_64")]
pub type Sse2 = Simd2<core::arch::x86_64::__m128i>;

/// The D - E variant on lane pair `P`, for one modulus. Its constant is wiped on drop (it
/// gives away the low 32 bits of n, which may be a secret prime); the parameters wipe
/// themselves.
pub struct Simd2<P> {
    params: MontParams,
    /// +m^-1 mod 2^32 (the sign-flipped Montgomery constant of §3).
    mu: u32,
    pair: core::marker::PhantomData<P>,
}

impl<P> Drop for Simd2<P> {
    fn drop(&mut self) {
        self.mu.zeroize();
    }
}

impl<P: LanePair> Simd2<P> {
    /// Wrap the parameters of one modulus.
    pub fn new(params: MontParams) -> Self {
        // n0 = -m^-1 mod 2^64, so -n0 mod 2^32 = +m^-1 mod 2^32.
        let mu = (params.n0() as u32).wrapping_neg();
        Simd2 {
            params,
            mu,
            pair: core::marker::PhantomData,
        }
    }

    /// Alg. 2 up to its last step: D into `d` and E into `e` (k limbs each), both below m, with
    /// `D - E = a b / R (mod m)`; b < m. `lanes` has 8k words.
    ///
    /// Leaks: k only.
    fn split(&self, d: &mut [Limb], e: &mut [Limb], a: &[Limb], b: &[Limb], lanes: &mut [u64]) {
        let k = self.params.limbs();
        let (bm, de) = lanes.split_at_mut(WORDS_PER_LIMB * k);
        let de = &mut de[..WORDS_PER_LIMB * k];
        spread(bm, b, self.params.modulus());
        de.fill(0);
        let mu_b0 = self.mu.wrapping_mul(b[0] as u32);
        let (bm_pairs, []) = bm.as_chunks::<2>() else {
            unreachable!("4k words are 2k pairs")
        };
        let (de_pairs, []) = de.as_chunks_mut::<2>() else {
            unreachable!("4k words are 2k pairs")
        };
        kernel::d_and_e::<P>(de_pairs, a, bm_pairs, self.mu, mu_b0);
        join(d, de, 0);
        join(e, de, 1);
    }

    /// `out = a b / R mod m`, fully reduced: [`Simd2::split`], then the last step of Alg. 2,
    /// `C = D - E` plus m when the subtraction borrows (D - E < 0), the addition kept or
    /// dropped by mask ([`MontParams::sub_assign_mod`]), never by branch.
    ///
    /// Leaks: k only.
    fn mont_mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
        let k = self.params.limbs();
        let (e, rest) = scratch.split_at_mut(k);
        let (work, lanes) = rest.split_at_mut(k);
        self.split(out, e, a, b, lanes);
        self.params.sub_assign_mod(out, e, work);
    }
}

impl<P: LanePair> MontMul for Simd2<P> {
    fn params(&self) -> &MontParams {
        &self.params
    }
    /// E and the masked addition's k limbs each, then the lanes: 4k words of b and m spread
    /// out, 4k of D and E.
    fn scratch_len(&self) -> usize {
        (2 + 2 * WORDS_PER_LIMB) * self.params.limbs()
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
        self.mont_mul(out, a, b, scratch);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
        self.mont_mul(out, a, a, scratch);
    }
}

#[cfg(test)]
mod tests;
