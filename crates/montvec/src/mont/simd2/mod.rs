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
//! | `__m128i`, SSE2 (`pmuludq`, `paddq`, `psrlq`, `pand`) | [`sse2`] | x86-64, backends `adx`, `avx2` and `ifma` |
//! | `[u64; 2]`, plain Rust | [`pair`] | backend `portable`, other targets |
//!
//! Measured against 64-bit CIOS (it loses on x86-64, by 1.8-5.5x): the notes below
//! (docs/mont-simd2.md).
#![doc = include_str!("../../../docs/mont-simd2.md")]
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

impl<P> Clone for Simd2<P> {
    fn clone(&self) -> Self {
        Simd2 {
            params: self.params.clone(),
            mu: self.mu,
            pair: core::marker::PhantomData,
        }
    }
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
