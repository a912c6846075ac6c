//! The `AlgorithmIdentifier` of an RSA key inside SPKI and PKCS#8.
//!
//! Import accepts two identifiers:
//! - `rsaEncryption` (1.2.840.113549.1.1.1) whose parameters MUST be NULL (RFC 8017 Appendix
//!   A.1, RFC 3279 §2.3.1);
//! - `id-RSASSA-PSS` (1.2.840.113549.1.1.10) whose parameters are absent or an
//!   `RSASSA-PSS-params` (RFC 4055 §3.1: "the parameters may be either absent or present when
//!   used as subject public key information").
//!
//! PSS parameters are parsed, so malformed ones are refused, but they are **not enforced**: the
//! key does not remember them, and a PSS-restricted key imported here can be used with any
//! padding. Export always writes `rsaEncryption` with NULL parameters.

use pkcs8::der::asn1::AnyRef;
use spki::{AlgorithmIdentifierRef, ObjectIdentifier};

/// `id-RSASSA-PSS`, 1.2.840.113549.1.1.10 (RFC 8017 Appendix A.2.3).
pub const ID_RSASSA_PSS: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");

/// Checks an RSA key's `AlgorithmIdentifier`.
///
/// Errors: [`spki::Error::OidUnknown`] for any other algorithm, [`spki::Error::KeyMalformed`]
/// for `rsaEncryption` without NULL parameters, and the DER error of malformed
/// `RSASSA-PSS-params`.
///
/// Leaks: nothing secret (the identifier is public).
pub(crate) fn check_algorithm(algorithm: &AlgorithmIdentifierRef<'_>) -> spki::Result<()> {
    match algorithm.oid {
        pkcs1::ALGORITHM_OID => match algorithm.parameters {
            Some(parameters) if parameters == AnyRef::NULL => Ok(()),
            _ => Err(spki::Error::KeyMalformed),
        },
        ID_RSASSA_PSS => match algorithm.parameters {
            None => Ok(()),
            Some(parameters) => {
                parameters.decode_as::<pkcs1::RsaPssParams<'_>>()?;
                Ok(())
            }
        },
        oid => Err(spki::Error::OidUnknown { oid }),
    }
}
