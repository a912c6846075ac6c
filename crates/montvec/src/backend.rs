//! CPU detection, done once; the [`Backend`] and [`Algorithm`] enums; the override
//! `MONTVEC_BACKEND=portable|adx|ifma` for tests, benchmarks and bug reports; and the size table
//! that picks the algorithm when the caller says [`Algorithm::Auto`].

use std::sync::OnceLock;

use crate::error::Error;

cpufeatures::new!(cpuid_adx, "adx", "bmi2");
cpufeatures::new!(cpuid_ifma, "avx512f", "avx512ifma", "avx512dq", "avx512vl");

/// Where the arithmetic runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust on 64-bit limbs; always available.
    Portable,
    /// x86-64 with BMI2 and ADX: `mulx` with the two carry chains `adcx`/`adox`.
    Adx,
    /// x86-64 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`): enables [`Algorithm::Ifma`];
    /// scalar algorithms run as on [`Backend::Adx`] when the CPU has ADX, else portably.
    Ifma,
}

impl Backend {
    /// Every backend this build knows, portable first.
    pub const ALL: [Backend; 3] = [Backend::Portable, Backend::Adx, Backend::Ifma];

    /// The lowercase name used by `MONTVEC_BACKEND` and the command line.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Adx => "adx",
            Backend::Ifma => "ifma",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Portable => true,
            Backend::Adx => AdxToken::detect().is_some(),
            Backend::Ifma => IfmaToken::detect().is_some(),
        }
    }

    /// Every backend this CPU can run, portable first.
    pub fn supported() -> Vec<Backend> {
        Backend::ALL
            .into_iter()
            .filter(|b| b.is_supported())
            .collect()
    }

    /// The backend in effect: `MONTVEC_BACKEND` if set (and valid), else the best one detected.
    /// Read once per process.
    pub fn active() -> Result<Backend, Error> {
        static ACTIVE: OnceLock<Result<Backend, Error>> = OnceLock::new();
        ACTIVE
            .get_or_init(|| match std::env::var("MONTVEC_BACKEND") {
                Ok(name) if !name.is_empty() => {
                    let b: Backend = name.parse()?;
                    if b.is_supported() {
                        Ok(b)
                    } else {
                        Err(Error::UnsupportedBackend(name))
                    }
                }
                _ => Ok(Backend::best()),
            })
            .clone()
    }

    /// The fastest backend this CPU supports.
    pub fn best() -> Backend {
        if Backend::Ifma.is_supported() {
            Backend::Ifma
        } else if Backend::Adx.is_supported() {
            Backend::Adx
        } else {
            Backend::Portable
        }
    }
}

impl core::str::FromStr for Backend {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| Error::UnsupportedBackend(s.to_string()))
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A zero-sized proof that the CPU has BMI2 and ADX. Kernels using `mulx`/`adcx`/`adox`
/// take one, so they cannot be reached without detection.
#[derive(Debug, Clone, Copy)]
pub struct AdxToken(());

impl AdxToken {
    /// The token, if this CPU has BMI2 and ADX.
    pub fn detect() -> Option<AdxToken> {
        if cpuid_adx::get() {
            Some(AdxToken(()))
        } else {
            None
        }
    }
}

/// A zero-sized proof that the CPU has AVX-512 F, IFMA (`vpmadd52luq`/`vpmadd52huq`), DQ
/// (`vpmullq`) and VL.
#[derive(Debug, Clone, Copy)]
pub struct IfmaToken(());

impl IfmaToken {
    /// The token, if this CPU has AVX-512 F, IFMA, DQ and VL.
    pub fn detect() -> Option<IfmaToken> {
        if cpuid_ifma::get() {
            Some(IfmaToken(()))
        } else {
            None
        }
    }
}

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
}

impl Algorithm {
    /// Every concrete algorithm, for tests and benchmarks.
    pub const CONCRETE: [Algorithm; 4] = [
        Algorithm::Cios,
        Algorithm::Redc,
        Algorithm::Fold,
        Algorithm::Ifma,
    ];

    /// The lowercase name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Cios => "cios",
            Algorithm::Ifma => "ifma",
            Algorithm::Fold => "fold",
            Algorithm::Redc => "redc",
        }
    }

    /// Whether the algorithm runs on `backend` (IFMA needs [`Backend::Ifma`]).
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
    /// | 1024 | ifma 195.1 us (1.15x over cios) | cios 226.4 us | redc 336.7 us |
    /// | 2048 | ifma 0.83 ms (1.92x) | cios 1.60 ms | redc 2.51 ms |
    /// | 4096 | ifma 3.92 ms (3.13x) | cios 12.06 ms | redc 19.14 ms |
    ///
    /// That is: CIOS wins where a length-specific kernel exists (ADX kernels for 4..64
    /// limbs; on the portable backend the fixed kernels only at 4 and 8 limbs), product then
    /// REDC elsewhere, and IFMA above 512 bits wherever it runs.
    pub fn auto_for_bits(bits: usize, backend: Backend) -> Algorithm {
        let k = bits.div_ceil(64);
        let kernel = crate::mont::fixed::has_kernel(k);
        match backend {
            Backend::Ifma if bits <= 512 && kernel => Algorithm::Cios,
            Backend::Ifma if bits <= IFMA_MAX_BITS => Algorithm::Ifma,
            Backend::Portable if k <= 8 && kernel => Algorithm::Cios,
            Backend::Portable => Algorithm::Redc,
            _ if kernel => Algorithm::Cios,
            _ => Algorithm::Redc,
        }
    }
}

/// The largest modulus [`Algorithm::Ifma`] takes.
#[cfg(target_arch = "x86_64")]
const IFMA_MAX_BITS: usize = crate::mont::ifma::MAX_BITS;
#[cfg(not(target_arch = "x86_64"))]
const IFMA_MAX_BITS: usize = 0;

impl core::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        [Algorithm::Auto]
            .into_iter()
            .chain(Algorithm::CONCRETE)
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or(Error::UnsupportedAlgorithm("unknown algorithm name"))
    }
}

impl core::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
