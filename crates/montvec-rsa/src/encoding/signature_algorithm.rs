//! The `AlgorithmIdentifier` of a signature, which X.509 certificates and requests carry
//! beside it: `spki::DynSignatureAlgorithmIdentifier` for the signature-trait keys of
//! [`crate::pkcs1v15`] and [`crate::pss`], as certificate builders (the `x509-cert` crate) ask,
//! written as OpenSSL writes them.
//!
//! - PKCS#1 v1.5: `sha1WithRSAEncryption` and the SHA-2 identifiers of RFC 8017 Appendix
//!   A.2.4 (1.2.840.113549.1.1.5, .14, .11, .12, .13, .15, .16), and
//!   `id-rsassa-pkcs1-v1_5-with-sha3-*` (2.16.840.1.101.3.4.3.13 to .16, NIST's registry),
//!   with NULL parameters (RFC 4055 §5: "the parameters MUST be NULL"; OpenSSL 3.0 writes
//!   NULL for the SHA-3 ones too).
//! - PSS: `id-RSASSA-PSS` with `RSASSA-PSS-params` (RFC 4055 §3.1): the hash, MGF1 with its
//!   hash, the salt length, the trailer field 1 (default fields left out, as DER asks).

use pkcs8::der::asn1::{Any, AnyRef};
use spki::{AlgorithmIdentifierOwned, ObjectIdentifier};

use super::algorithm::EncodedAlgorithm;
use crate::hash::HashAlg;
use crate::key::{KeyAlgorithm, PssParameters};
use crate::{Pkcs1v15Sign, Pss};

/// The PKCS#1 v1.5 signature algorithm with `hash`; `None` for SHAKE, which has none.
fn pkcs1v15_oid(hash: HashAlg) -> Option<ObjectIdentifier> {
    let oid = ObjectIdentifier::new_unwrap;
    Some(match hash {
        HashAlg::Sha1 => oid("1.2.840.113549.1.1.5"),
        HashAlg::Sha224 => oid("1.2.840.113549.1.1.14"),
        HashAlg::Sha256 => oid("1.2.840.113549.1.1.11"),
        HashAlg::Sha384 => oid("1.2.840.113549.1.1.12"),
        HashAlg::Sha512 => oid("1.2.840.113549.1.1.13"),
        HashAlg::Sha512_224 => oid("1.2.840.113549.1.1.15"),
        HashAlg::Sha512_256 => oid("1.2.840.113549.1.1.16"),
        HashAlg::Sha3_224 => oid("2.16.840.1.101.3.4.3.13"),
        HashAlg::Sha3_256 => oid("2.16.840.1.101.3.4.3.14"),
        HashAlg::Sha3_384 => oid("2.16.840.1.101.3.4.3.15"),
        HashAlg::Sha3_512 => oid("2.16.840.1.101.3.4.3.16"),
        HashAlg::Shake128 | HashAlg::Shake256 => return None,
    })
}

impl Pkcs1v15Sign {
    /// The signature's `AlgorithmIdentifier` (see the module doc).
    ///
    /// Errors: [`spki::Error::AlgorithmParametersMissing`] for a scheme without a hash (raw
    /// digests name no algorithm); [`spki::Error::OidUnknown`] for SHAKE.
    pub(crate) fn signature_algorithm(&self) -> spki::Result<AlgorithmIdentifierOwned> {
        let hash = self.hash().ok_or(spki::Error::AlgorithmParametersMissing)?;
        let oid = pkcs1v15_oid(hash).ok_or(spki::Error::OidUnknown { oid: hash.oid() })?;
        Ok(AlgorithmIdentifierOwned {
            oid,
            parameters: Some(Any::from(AnyRef::NULL)),
        })
    }
}

impl Pss {
    /// The signature's `AlgorithmIdentifier`, naming the scheme's salt length (see the module
    /// doc).
    ///
    /// Errors: [`spki::Error::OidUnknown`] for SHAKE (RFC 8702's identifiers take no
    /// parameters and are not written here); [`spki::Error::KeyMalformed`] for a salt longer
    /// than 255 bytes, which the `pkcs1` crate's parameters cannot hold.
    pub(crate) fn signature_algorithm(&self) -> spki::Result<AlgorithmIdentifierOwned> {
        let params = PssParameters::new(self.hash(), self.mgf_hash(), self.salt_len()).map_err(
            |e| match e {
                crate::Error::UnsupportedHash(_) => spki::Error::OidUnknown {
                    oid: self.hash().oid(),
                },
                _ => spki::Error::KeyMalformed,
            },
        )?;
        let encoded = EncodedAlgorithm::new(KeyAlgorithm::RsaPss(Some(params)))?;
        let identifier = encoded.identifier()?;
        Ok(AlgorithmIdentifierOwned {
            oid: identifier.oid,
            parameters: identifier.parameters.map(Any::from),
        })
    }
}
