//! CPU detection, done once; the [`Backend`] enum with the override
//! `MONTVEC_BACKEND=portable|adx|avx2|ifma` for tests, benchmarks and bug reports; and the
//! zero-sized tokens that prove a feature was detected. (Which algorithm runs on a backend is
//! [`crate::algorithm`]'s business.)

use std::sync::OnceLock;

use crate::error::Error;

// The kernels behind these features are x86-64 code; on other targets every token's
// `detect` answers `None` and only the portable backend runs.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_adx, "adx", "bmi2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(cpuid_avx2, "avx2");
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(
    cpuid_ifma,
    "avx512f",
    "avx512ifma",
    "avx512dq",
    "avx512vl",
    "bmi2"
);

/// The probes off x86-64: no feature is there.
#[cfg(not(target_arch = "x86_64"))]
mod cpuid_absent {
    pub fn get() -> bool {
        false
    }
}
#[cfg(not(target_arch = "x86_64"))]
use cpuid_absent as cpuid_adx;
#[cfg(not(target_arch = "x86_64"))]
use cpuid_absent as cpuid_avx2;
#[cfg(not(target_arch = "x86_64"))]
use cpuid_absent as cpuid_ifma;

/// Where the arithmetic runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust on 64-bit limbs; always available.
    Portable,
    /// x86-64 with BMI2 and ADX: `mulx` with the two carry chains `adcx`/`adox`.
    Adx,
    /// x86-64 with AVX2: batches run 4-way in 256-bit registers (`vpmuludq`); scalar
    /// algorithms run as on [`Backend::Adx`] when the CPU has ADX, else portably.
    Avx2,
    /// x86-64 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`): enables [`crate::Algorithm::Ifma`]
    /// and the 8-way batch engine; scalar algorithms run as on [`Backend::Adx`] when the CPU has
    /// ADX, else portably.
    Ifma,
}

impl Backend {
    /// Every backend this build knows, portable first.
    pub const ALL: [Backend; 4] = [
        Backend::Portable,
        Backend::Adx,
        Backend::Avx2,
        Backend::Ifma,
    ];

    /// The lowercase name used by `MONTVEC_BACKEND` and the command line.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Adx => "adx",
            Backend::Avx2 => "avx2",
            Backend::Ifma => "ifma",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Portable => true,
            Backend::Adx => AdxToken::detect().is_some(),
            Backend::Avx2 => Avx2Token::detect().is_some(),
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
        } else if Backend::Avx2.is_supported() {
            Backend::Avx2
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

/// Whether this test process checks the kernels of `backend`: every backend the CPU supports
/// in a plain `cargo test`, only the one `MONTVEC_BACKEND` names when it is set, as in the
/// integration tests. `scripts/test` then checks each backend's own kernels once, in that
/// backend's run (the unit tests took 26 s in each of four runs on an Ice Lake Xeon; now 18 s
/// on ifma, 5-7 s on adx, avx2 and portable).
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) fn kernels_tested_here(backend: Backend) -> bool {
    let forced = std::env::var("MONTVEC_BACKEND")
        .ok()
        .filter(|name| !name.is_empty());
    backend.is_supported() && forced.is_none_or(|name| name.eq_ignore_ascii_case(backend.name()))
}

#[cfg(all(test, target_arch = "x86_64"))]
impl Avx2Token {
    /// [`Avx2Token::detect`] where this test process checks the AVX2 kernels
    /// ([`kernels_tested_here`]).
    pub(crate) fn for_kernel_tests() -> Option<Avx2Token> {
        Avx2Token::detect().filter(|_| kernels_tested_here(Backend::Avx2))
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
impl IfmaToken {
    /// [`IfmaToken::detect`] where this test process checks the IFMA kernels
    /// ([`kernels_tested_here`]).
    pub(crate) fn for_kernel_tests() -> Option<IfmaToken> {
        IfmaToken::detect().filter(|_| kernels_tested_here(Backend::Ifma))
    }
}

/// A zero-sized proof that the CPU has BMI2 and ADX. Kernels using `mulx`/`adcx`/`adox`
/// take one, so they cannot be reached without detection.
#[derive(Debug, Clone, Copy)]
pub struct AdxToken(());

impl AdxToken {
    /// The token, if this CPU has BMI2 and ADX.
    pub fn detect() -> Option<AdxToken> {
        // Built with `--cfg montvec_ctcheck` (only `scripts/ctcheck` does, for valgrind:
        // its virtual CPU runs mulx/adcx/adox but does not announce ADX), the token is given
        // without asking the CPU.
        if cfg!(montvec_ctcheck) || cpuid_adx::get() {
            Some(AdxToken(()))
        } else {
            None
        }
    }
}

/// A zero-sized proof that the CPU has AVX2.
#[derive(Debug, Clone, Copy)]
pub struct Avx2Token(());

impl Avx2Token {
    /// The token, if this CPU has AVX2.
    pub fn detect() -> Option<Avx2Token> {
        if cpuid_avx2::get() {
            Some(Avx2Token(()))
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
    /// The token, if this CPU has AVX-512 F, IFMA, DQ and VL, and BMI2 (`mulx` in the
    /// single-operand kernels' scalar chain; every CPU with IFMA has it).
    pub fn detect() -> Option<IfmaToken> {
        if cpuid_ifma::get() {
            Some(IfmaToken(()))
        } else {
            None
        }
    }
}

/// Whether this CPU runs 512-bit vector instructions as two 256-bit halves: AMD's Zen 4
/// (vendor `AuthenticAMD`, family 25, with AVX-512). There an 8-lane IFMA call costs about two
/// 4-lane ones, where on Zen 5 (family 26) a zmm instruction runs whole and eight lanes cost
/// about what four do; the batch planner ([`crate::batch`]) takes its measured costs from the
/// one or the other. Other CPUs, not measured, are planned as Zen 5. Read once (`cpuid`).
pub(crate) fn zmm_in_halves() -> bool {
    static HALVES: OnceLock<bool> = OnceLock::new();
    *HALVES.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::__cpuid;
            let vendor = __cpuid(0);
            // "AuthenticAMD", in the order cpuid returns it: EBX, EDX, ECX.
            let amd =
                (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
            let signature = __cpuid(1).eax;
            // The family: the base field, plus the extended field when the base is 15.
            let base = (signature >> 8) & 0xf;
            let family = if base == 0xf {
                base + ((signature >> 20) & 0xff)
            } else {
                base
            };
            amd && family == 25 && IfmaToken::detect().is_some()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    })
}
