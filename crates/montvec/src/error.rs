//! The crate's error type: every rejected input gets its own variant.

use core::fmt;

/// What went wrong: malformed numbers and unusable moduli.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A hexadecimal or decimal string held a character outside its alphabet.
    InvalidDigit {
        /// Byte offset of the offending character.
        position: usize,
        /// The character found there.
        found: char,
    },
    /// An empty string where a number was expected.
    Empty,
    /// The modulus is even (Montgomery arithmetic needs an odd modulus).
    EvenModulus,
    /// The modulus is 0 or 1.
    ModulusTooSmall,
    /// The modulus has more bits than this build supports.
    ModulusTooLarge {
        /// Bits in the modulus given.
        bits: usize,
        /// The largest modulus size accepted.
        max_bits: usize,
    },
    /// A Montgomery element was used with a modulus other than the one that made it.
    ForeignElement,
    /// A Montgomery element was used as an operand after it was zeroized (`Zeroize::zeroize`
    /// empties it; it can still receive a result of `Modulus::mul_into` or `square_into`).
    ZeroizedElement,
    /// The requested backend is not available on this CPU, or its name is unknown.
    UnsupportedBackend(String),
    /// The requested batch engine is unknown, or not available on this CPU.
    UnsupportedEngine(String),
    /// The requested algorithm does not support this modulus size.
    UnsupportedAlgorithm(&'static str),
    /// An algorithm name that no [`crate::Algorithm`] has (parsing, `str::parse`).
    UnknownAlgorithm(String),
    /// A batch asked for zero threads or more than [`crate::batch::MAX_THREADS`], or its
    /// thread pool could not start (the reason).
    Threads(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidDigit { position, found } => {
                write!(f, "invalid digit {found:?} at position {position}")
            }
            Error::Empty => f.write_str("empty number"),
            Error::EvenModulus => f.write_str("modulus must be odd"),
            Error::ModulusTooSmall => f.write_str("modulus must be at least 3"),
            Error::ModulusTooLarge { bits, max_bits } => {
                write!(
                    f,
                    "modulus of {bits} bits exceeds the maximum of {max_bits}"
                )
            }
            Error::ForeignElement => f.write_str("element belongs to another modulus"),
            Error::ZeroizedElement => f.write_str("element was zeroized"),
            Error::UnsupportedBackend(name) => write!(
                f,
                "backend {name:?} is not available (the backends are portable, adx, avx2 and \
                 ifma; this CPU runs {})",
                crate::backend::Backend::supported()
                    .iter()
                    .map(|b| b.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Error::UnsupportedEngine(name) => write!(
                f,
                "batch engine {name:?} is not available (the engines are {}; this CPU runs {})",
                crate::batch::Engine::ALL.map(|e| e.name()).join(", "),
                crate::batch::Engine::ALL
                    .into_iter()
                    .filter(|e| e.is_supported())
                    .map(|e| e.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Error::UnsupportedAlgorithm(why) => write!(f, "algorithm not available: {why}"),
            Error::UnknownAlgorithm(name) => write!(
                f,
                "unknown algorithm {name:?} (the algorithms are {})",
                [crate::Algorithm::Auto]
                    .into_iter()
                    .chain(crate::Algorithm::CONCRETE)
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Error::Threads(why) => write!(f, "cannot run on threads: {why}"),
        }
    }
}

impl std::error::Error for Error {}
