//! [`Algorithm`]: which Montgomery multiplication a [`crate::Modulus`] uses, and the size
//! table, measured on this machine, that picks one when the caller says [`Algorithm::Auto`].

use crate::backend::Backend;
use crate::error::Error;

/// Which Montgomery multiplication a [`crate::Modulus`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Algorithm {
    /// The measured winner for the modulus size (see [`Algorithm::auto_for_bits`]).
    #[default]
    Auto,
    /// Interleaved CIOS (seed 000 Alg. 1).
    Cios,
    /// One operand across the lanes of AVX-512 registers in radix 2^52, almost-Montgomery
    /// multiplication with `vpmadd52luq`/`vpmadd52huq` (needs AVX-512 IFMA; moduli up to
    /// 26622 bits).
    Ifma,
    /// Product, two folds, then Montgomery by 128-bit digits (seed 003).
    Fold,
    /// Full product (Comba / Karatsuba / squaring), then REDC (seeds 004, 002, 001).
    Redc,
    /// The 2-way SIMD D - E split of seed 000 Alg. 2: 32-bit digits in 64-bit lanes, SSE2 on
    /// x86-64 (every backend but `portable`), the same computation in plain Rust on the
    /// `portable` backend and on other targets. Runs on every backend; slower than CIOS on
    /// x86-64 (see [`crate::mont::simd2`]), so `Auto` never picks it.
    Simd2,
}

impl Algorithm {
    /// Every concrete algorithm, for tests and benchmarks.
    pub const CONCRETE: [Algorithm; 5] = [
        Algorithm::Cios,
        Algorithm::Redc,
        Algorithm::Fold,
        Algorithm::Ifma,
        Algorithm::Simd2,
    ];

    /// The lowercase name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Cios => "cios",
            Algorithm::Ifma => "ifma",
            Algorithm::Fold => "fold",
            Algorithm::Redc => "redc",
            Algorithm::Simd2 => "simd2",
        }
    }

    /// Whether the algorithm runs on `backend` (IFMA needs [`Backend::Ifma`]; Simd2 runs on
    /// every backend, on SSE2 except on [`Backend::Portable`]).
    pub fn runs_on(self, backend: Backend) -> bool {
        match self {
            Algorithm::Ifma => backend == Backend::Ifma,
            _ => true,
        }
    }

    /// The algorithm `Auto` picks for a modulus of `bits` bits on `backend`, from
    /// `montvec bench --auto-table` on this machine (AMD Zen 5, exp with a full-size exponent,
    /// one core, 2026-11-22; margin = runner-up's time / winner's):
    ///
    /// | bits | ifma backend | adx backend | portable backend |
    /// |---|---|---|---|
    /// | 256 | cios 12.8 us (1.35x over ifma) | cios 12.2 us | cios 13.7 us |
    /// | 384 | ifma 34.3 us (1.05x over redc) | redc 36.1 us | redc 35.7 us |
    /// | 512 | cios 32.7 us (1.67x over redc) | cios 32.6 us | cios 47.6 us |
    /// | 768 | ifma 113.6 us (1.56x) | redc 174.9 us | redc 175.7 us |
    /// | 1024 | ifma 168.0 us (1.35x over cios) | cios 226.4 us | redc 336.7 us |
    /// | 2048 | ifma 0.63 ms (2.53x) | cios 1.60 ms | redc 2.51 ms |
    /// | 4096 | ifma 3.33 ms (3.62x) | cios 12.06 ms | redc 19.14 ms |
    ///
    /// (The 1024-4096 ifma rows are from session 7's fresh-clone `scripts/bench`, after the
    /// single-operand kernel's quotient chain moved to general registers, against the same
    /// run's cios; the 768-bit ifma row predates that and is about 1.2x faster now.)
    ///
    /// Session 10 (same machine, `Modulus::pow`, ifma backend, paired runs where close): CIOS
    /// on the fused 4- and 8-limb ADX kernels with n padded by zero limbs against IFMA and
    /// REDC: 128 bits 3.37 against 5.13 and 3.91 us, 192 bits 4.81 against 8.51 and 7.19,
    /// 384 bits 1.087x over IFMA, 448 bits 26.4 against 32.6 and 39.1; at 320 bits IFMA
    /// 1.018x over it (even with REDC); at 64 bits (one limb) REDC 1.52x over IFMA.
    ///
    /// Session 11, an AMD EPYC with AVX2, BMI2 and ADX but no AVX-512 (avx2 backend,
    /// `montvec bench --ops exp --algorithms cios,redc`, one run each): CIOS on the row kernels
    /// with n padded to the next kernel size K against REDC: 13 limbs (832 bits, K = 16)
    /// 251 against 269 us, 15 limbs 295 against 399, 18 (K = 24) 750 against 842, 20 820
    /// against 1143, 21 860 against 1343, 28 (K = 32) 2.03 against 2.90 ms, 36 (K = 48) 5.38
    /// against 6.06, 40 6.01 against 8.18, 49 (K = 64) 12.7 against 15.3, 56 14.5 against
    /// 19.1; just outside the padded ranges REDC wins: 17 limbs 755 against 1052 us (generic
    /// CIOS), 33 limbs 4.87 against 7.12 ms.
    ///
    /// Session 19, an AMD EPYC Zen 4 with AVX-512 IFMA (ifma backend, `montvec bench --ops
    /// exp --algorithms cios,redc,ifma`, one run, one core), after every count from 2 to 8
    /// limbs got a fused ADX kernel of its own (no padding) that loops over a window's
    /// squarings: CIOS against REDC and IFMA at 128 bits 8.4 against 14.6 and 21.5 us, 192
    /// bits 19.2 / 31.4 / 38.8, 256 bits 35.2 / 60.0 / 63.8, 320 bits 63.1 / 95.6 / 106.2,
    /// 384 bits 111 / 189 / 160, 448 bits 147 / 259 / 209, 512 bits 178 / 356 / 246.
    ///
    /// Session 43, an AMD EPYC Zen 3 (avx2 backend, no AVX-512; `Modulus::pow` and `mul_into`
    /// with `Algorithm::Auto` against `Algorithm::Redc`, medians of 9, one core), after the
    /// row kernels took 10 and 12 limbs and 9 and 11 limbs pad to them: 521 bits 87.3 against
    /// 99.5 us (the product 126.6 against 155.7 ns), 576 bits 87.1 / 98.4, 640 bits 96.0 /
    /// 133.4, 704 bits 133.6 / 169.6, 768 bits 146.0 / 213.4. With kernels for 20, 40 and 56
    /// limbs too, against the automatic choice before them: 1088 bits (17 limbs, REDC before)
    /// 524 against 713 us, 1280 bits 611 / 773, 2112 bits (33 limbs, REDC before) 3.23 / 4.50
    /// ms, 2560 bits 3.91 / 5.52, 3136 bits 9.04 / 11.76, 3584 bits 10.33 / 13.39. And with
    /// 80, 96 and 128 limbs, against REDC: 4160 bits 24.0 / 30.7 ms, 5120 bits 29.2 / 54.8,
    /// 6144 bits 49.9 / 92.6, 6208 bits 89.2 / 97.8, 8192 bits 117.9 / 211.1.
    ///
    /// That is: CIOS wins where a length-specific kernel exists (ADX kernels for 2..8, 10, 12,
    /// 16, 20, 24, 32, 40, 48, 56, 64, 80, 96 and 128 limbs, and padded to the next one at
    /// every other count from 9 to 127 limbs; on the portable backend the fixed kernels only at
    /// 4 and 8 limbs), product then REDC elsewhere, and IFMA above 512 bits wherever it runs,
    /// and from 2 limbs up to 512 bits where no CIOS kernel runs (no ADX).
    ///
    /// Session 35, the AMD EPYC Zen 4 of sessions 32-34 (AVX-512 run as two 256-bit halves), after
    /// the IFMA variant took the quarters kernel (`mont::ifma::quarters`, 9 to 60 digits then, 80
    /// now): `montvec bench --ops exp --algorithms cios,ifma --no-peers`, one core, CIOS against
    /// IFMA at 416 bits 27.4 against 28.2 us, 448 bits 27.2 / 28.2, 480 bits 36.5 / 34.7, 512 bits
    /// 36.6 / 34.4. So on such a CPU IFMA from 449 bits (8 limbs); elsewhere (Zen 5, where the
    /// quarters kernel was not measured) CIOS up to 512 bits as above.
    pub fn auto_for_bits(bits: usize, backend: Backend) -> Algorithm {
        let k = bits.div_ceil(64);
        let kernel = crate::mont::fixed::has_kernel(k) || adx_kernel_wins(k, backend);
        // The IFMA variant runs the quarters kernel where zmm instructions run in halves
        // (`mont::ifma::Ifma::new`), and there wins from 8 limbs.
        let cios_up_to = if crate::backend::zmm_in_halves() {
            448
        } else {
            512
        };
        match backend {
            Backend::Ifma if k == 1 => Algorithm::Redc,
            Backend::Ifma if bits <= cios_up_to && kernel => Algorithm::Cios,
            // (The IFMA backend is never active off x86-64.)
            #[cfg(target_arch = "x86_64")]
            Backend::Ifma if bits <= IFMA_MAX_BITS => Algorithm::Ifma,
            Backend::Portable if k <= 8 && kernel => Algorithm::Cios,
            Backend::Portable => Algorithm::Redc,
            _ if kernel => Algorithm::Cios,
            _ => Algorithm::Redc,
        }
    }
}

/// Whether CIOS at `k` limbs on `backend` runs an ADX kernel, its own (2 to 8, 10, 12, 16,
/// 20, 24, 32, 40, 48, 56, 64, 80, 96 and 128 limbs) or on n padded with zero limbs (every
/// other count from 9 to 127),
/// and so wins (measured in [`Algorithm::auto_for_bits`]).
fn adx_kernel_wins(k: usize, backend: Backend) -> bool {
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    {
        (crate::mont::adx::has_kernel(k) || crate::mont::adx::padded::padded_len(k).is_some())
            && matches!(backend, Backend::Adx | Backend::Avx2 | Backend::Ifma)
            && crate::backend::AdxToken::detect().is_some()
    }
    #[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
    {
        let _ = (k, backend);
        false
    }
}

/// The largest modulus [`Algorithm::Ifma`] takes.
#[cfg(target_arch = "x86_64")]
const IFMA_MAX_BITS: usize = crate::mont::ifma::MAX_BITS;

impl core::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        [Algorithm::Auto]
            .into_iter()
            .chain(Algorithm::CONCRETE)
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| Error::UnknownAlgorithm(s.to_string()))
    }
}

impl core::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
