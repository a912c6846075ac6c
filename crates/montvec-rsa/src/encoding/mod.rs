//! Key encodings: PKCS#1, PKCS#8 and SPKI, in PEM and DER, on the RustCrypto `pkcs1`, `pkcs8`
//! and `spki` crates (re-exported at the crate root).
//!
//! The traits work as in the RustCrypto `rsa` crate:
//!
//! | key | trait | methods |
//! |---|---|---|
//! | [`RsaPrivateKey`](crate::RsaPrivateKey) | `pkcs8::{DecodePrivateKey, EncodePrivateKey}` | `from_pkcs8_der/pem`, `to_pkcs8_der/pem` |
//! | [`RsaPrivateKey`](crate::RsaPrivateKey) | `pkcs1::{DecodeRsaPrivateKey, EncodeRsaPrivateKey}` | `from_pkcs1_der/pem`, `to_pkcs1_der/pem` |
//! | [`RsaPublicKey`](crate::RsaPublicKey) | `spki::{DecodePublicKey, EncodePublicKey}` | `from_public_key_der/pem`, `to_public_key_der/pem` |
//! | [`RsaPublicKey`](crate::RsaPublicKey) | `pkcs1::{DecodeRsaPublicKey, EncodeRsaPublicKey}` | `from_pkcs1_der/pem`, `to_pkcs1_der/pem` |
//!
//! Private keys are written into `SecretDocument`s and `Zeroizing` strings, which are zeroized
//! on drop.
//!
//! **Import validates.** Every private key goes through
//! [`RsaPrivateKey::from_multi_prime_crt_components`](crate::RsaPrivateKey::from_multi_prime_crt_components)
//! (the sizes of its parts, then the product of the primes = n, e·d ≡ 1 modulo each prime
//! less one, the given CRT exponents and coefficients, d < n); INTEGERs must be positive and
//! minimally encoded DER. Multi-prime keys (PKCS#1 version 1, `otherPrimeInfos`) are read,
//! checked, used and written. The algorithm may be `rsaEncryption` (NULL parameters) or
//! `id-RSASSA-PSS` (parameters absent or `RSASSA-PSS-params`): the key is then bound to it
//! ([`KeyAlgorithm`](crate::key::KeyAlgorithm)), so that it makes and checks PSS signatures
//! only, with the parameters' hashes and at least their salt length, as RFC 4055 §3.3 and
//! OpenSSL ask. SPKI and PKCS#8 export write the key's algorithm back; PKCS#1 export, which has
//! no algorithm identifier, refuses a PSS key rather than drop its restriction.
//!
//! **Errors.** [`private_key_from_bytes`] and [`public_key_from_bytes`] return this crate's
//! [`Error`]: [`Error::Encoding`] for malformed input or a wrong algorithm,
//! and [`Error::InvalidKey`] and the like for an inconsistent key. The RustCrypto traits must
//! return their own error types: DER and algorithm errors come through as they are, and every
//! key error becomes `KeyMalformed`.
//!
//! ```
//! use montvec_rsa::pkcs1::{DecodeRsaPublicKey, EncodeRsaPublicKey};
//! use montvec_rsa::pkcs8::{DecodePublicKey, EncodePublicKey, LineEnding};
//! use montvec_rsa::RsaPublicKey;
//!
//! let pem = "-----BEGIN PUBLIC KEY-----
//! MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMOdwczU0lGfbEaJVQALYYAACGP0KoSp
//! vkTRffz5fMH3ECP4fk0WexWJOXVaGL8zGnUL4KCIQxbp6WrlQamdt8sCAwEAAQ==
//! -----END PUBLIC KEY-----
//! ";
//! let key = RsaPublicKey::from_public_key_pem(pem)?;
//! assert_eq!(key.to_public_key_pem(LineEnding::LF)?, pem);
//! let pkcs1 = key.to_pkcs1_der()?;
//! assert_eq!(RsaPublicKey::from_pkcs1_der(pkcs1.as_bytes())?, key);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod algorithm;
mod from_bytes;
mod private_key_info;
mod public_key_info;
mod rsa_key;
mod signature_algorithm;

pub use algorithm::ID_RSASSA_PSS;
pub use from_bytes::{private_key_from_bytes, public_key_from_bytes};

use crate::error::Error;

impl From<pkcs8::der::Error> for Error {
    fn from(e: pkcs8::der::Error) -> Self {
        Error::Encoding(format!("DER: {e}"))
    }
}

impl From<spki::Error> for Error {
    fn from(e: spki::Error) -> Self {
        Error::Encoding(format!("SPKI: {e}"))
    }
}

impl From<pkcs8::Error> for Error {
    fn from(e: pkcs8::Error) -> Self {
        Error::Encoding(format!("PKCS#8: {e}"))
    }
}

impl From<pkcs1::Error> for Error {
    fn from(e: pkcs1::Error) -> Self {
        Error::Encoding(format!("PKCS#1: {e}"))
    }
}

/// For the `pkcs8` traits, which cannot carry this crate's errors: every [`Error`] becomes
/// `KeyMalformed` (call [`private_key_from_bytes`] to see the cause).
impl From<Error> for pkcs8::Error {
    fn from(_: Error) -> Self {
        pkcs8::Error::KeyMalformed
    }
}

/// For the `spki` traits: every [`Error`] becomes `KeyMalformed` (call
/// [`public_key_from_bytes`] to see the cause).
impl From<Error> for spki::Error {
    fn from(_: Error) -> Self {
        spki::Error::KeyMalformed
    }
}
