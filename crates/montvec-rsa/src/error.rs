//! The crate's error type. Every rejected input gets its own variant; none carries secret data.
//!
//! Decryption failures are deliberately coarse: OAEP reports one [`Error::Decryption`] whatever
//! check failed, and PKCS#1 v1.5 decryption does not fail at all on bad padding (implicit
//! rejection, see [`crate::Pkcs1v15Encrypt`]).

use core::fmt;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The modulus is even, too small or too large for this crate.
    InvalidModulus(&'static str),
    /// The public exponent is even, below 3, or not below the modulus.
    InvalidExponent,
    /// A private key whose parts do not agree (the primes' product ≠ n, d·e ≢ 1, wrong CRT
    /// values, ...).
    InvalidKey(&'static str),
    /// A key size outside the range key generation takes.
    InvalidKeySize {
        /// Bits asked for.
        bits: usize,
    },
    /// A message too long for the key and padding.
    MessageTooLong,
    /// A ciphertext or signature of the wrong length, or not below the modulus.
    InvalidInputLength,
    /// Decryption failed (OAEP; one error for every cause).
    Decryption,
    /// A signature did not verify.
    Verification,
    /// A hash this crate does not support, or not supported for this use.
    UnsupportedHash(String),
    /// A salt length the key size cannot hold.
    InvalidSaltLength,
    /// A digest given to sign whose length is not the hash's output length.
    InvalidDigestLength {
        /// The hash's output length in bytes.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A padding the key's algorithm does not allow: an `id-RSASSA-PSS` key used for anything
    /// but PSS signatures, or for PSS with other parameters than its own
    /// ([`crate::key::KeyAlgorithm`]).
    KeyRestricted(String),
    /// A primality test asked for zero Miller–Rabin rounds (a composite would pass).
    NoRounds,
    /// The private operation's result did not re-encrypt to its input, so it was withheld: the
    /// key is invalid in a way its import cannot see (a composite "prime" with consistent CRT
    /// values), or the computation faulted.
    FaultDetected,
    /// A key encoding (PEM, DER, PKCS#1, PKCS#8, SPKI) that could not be parsed or written.
    Encoding(String),
    /// A passphrase-encrypted private key (PKCS#8 `ENCRYPTED PRIVATE KEY`, or a traditional
    /// PEM with `Proc-Type: 4,ENCRYPTED`): this crate reads keys in the clear only, so decrypt
    /// it first (for example with `openssl pkey -in KEY`).
    EncryptedKey,
    /// A public key where a private key was expected.
    NotAPrivateKey,
    /// The random number generator failed: it returned an error, or its output cannot be
    /// random (a blinding factor or a key not found in far more draws than random bytes
    /// need, as with a generator that repeats itself).
    Rng,
    /// An error from the arithmetic layer.
    Arithmetic(montvec::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidModulus(why) => write!(f, "invalid RSA modulus: {why}"),
            Error::InvalidExponent => write!(
                f,
                "invalid RSA public exponent: e must be odd, at least 3, below n and at most {} \
                 bits (key generation also asks e > 2^16)",
                crate::key::MAX_EXPONENT_BITS
            ),
            Error::InvalidKey(why) => write!(f, "inconsistent RSA private key: {why}"),
            Error::InvalidKeySize { bits } => write!(
                f,
                "unsupported RSA key size: {bits} bits (keys are generated from {} to {} bits)",
                crate::key::MIN_GENERATED_BITS,
                crate::key::MAX_GENERATED_BITS
            ),
            Error::MessageTooLong => f.write_str("message too long for this key and padding"),
            Error::InvalidInputLength => {
                f.write_str("ciphertext or signature has the wrong length or is not below n")
            }
            Error::Decryption => f.write_str("decryption error"),
            Error::Verification => f.write_str("signature verification failed"),
            Error::UnsupportedHash(name) => write!(f, "unsupported hash: {name}"),
            Error::InvalidSaltLength => f.write_str("salt length too large for this key"),
            Error::InvalidDigestLength { expected, got } => {
                write!(
                    f,
                    "digest of {got} bytes given where the hash gives {expected}"
                )
            }
            Error::KeyRestricted(why) => write!(f, "padding not allowed for this key: {why}"),
            Error::NoRounds => f.write_str("a primality test needs at least one round"),
            Error::FaultDetected => f.write_str(
                "private operation failed its consistency check (its result does not \
                     re-encrypt to its input: the key is invalid, e.g. a composite prime, or the \
                     computation faulted); result withheld",
            ),
            Error::Encoding(why) => write!(f, "key encoding error: {why}"),
            Error::EncryptedKey => f.write_str(
                "encrypted private keys are not supported; decrypt first (e.g. `openssl pkey -in KEY`)",
            ),
            Error::NotAPrivateKey => f.write_str("a public key where a private key was expected"),
            Error::Rng => f.write_str("random number generator failed"),
            Error::Arithmetic(e) => write!(f, "arithmetic error: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Arithmetic(e) => Some(e),
            _ => None,
        }
    }
}

impl From<montvec::Error> for Error {
    fn from(e: montvec::Error) -> Self {
        Error::Arithmetic(e)
    }
}

/// The crate's result type.
pub type Result<T> = core::result::Result<T, Error>;
