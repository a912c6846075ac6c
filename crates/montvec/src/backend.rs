//! CPU detection, done once; the [`Backend`] and [`Algorithm`] enums; the override
//! `MONTVEC_BACKEND=portable|adx` for tests, benchmarks and bug reports; and the size table
//! that picks the algorithm when the caller says [`Algorithm::Auto`].

use std::sync::OnceLock;

use crate::error::Error;

cpufeatures::new!(cpuid_adx, "adx", "bmi2");

/// Where the arithmetic runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// Plain Rust on 64-bit limbs; always available.
    Portable,
    /// x86-64 with BMI2 and ADX: `mulx` with the two carry chains `adcx`/`adox`.
    Adx,
}

impl Backend {
    /// Every backend this build knows, portable first.
    pub const ALL: [Backend; 2] = [Backend::Portable, Backend::Adx];

    /// The lowercase name used by `MONTVEC_BACKEND` and the command line.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Adx => "adx",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_supported(self) -> bool {
        match self {
            Backend::Portable => true,
            Backend::Adx => AdxToken::detect().is_some(),
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
        if Backend::Adx.is_supported() {
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

/// Which Montgomery multiplication a [`crate::Modulus`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Algorithm {
    /// The measured winner for the modulus size (see [`Algorithm::auto_for_bits`]).
    #[default]
    Auto,
    /// Interleaved CIOS (seed 000 Alg. 1).
    Cios,
}

impl Algorithm {
    /// Every concrete algorithm, for tests and benchmarks.
    pub const CONCRETE: [Algorithm; 1] = [Algorithm::Cios];

    /// The lowercase name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Cios => "cios",
        }
    }

    /// The algorithm `Auto` picks for a modulus of `bits` bits, from measurements on this
    /// machine (see the README's performance section).
    pub fn auto_for_bits(_bits: usize) -> Algorithm {
        Algorithm::Cios
    }
}

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
