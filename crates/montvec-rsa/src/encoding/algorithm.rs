//! The `AlgorithmIdentifier` of an RSA key inside SPKI and PKCS#8, read into and written from
//! the key's [`KeyAlgorithm`].
//!
//! Import accepts two identifiers:
//! - `rsaEncryption` (1.2.840.113549.1.1.1) whose parameters MUST be NULL (RFC 8017 Appendix
//!   A.1, RFC 3279 §2.3.1): [`KeyAlgorithm::RsaEncryption`];
//! - `id-RSASSA-PSS` (1.2.840.113549.1.1.10) whose parameters are absent or an
//!   `RSASSA-PSS-params` (RFC 4055 §3.1: "the parameters may be either absent or present when
//!   used as subject public key information"): [`KeyAlgorithm::RsaPss`], which the paddings
//!   enforce. The parameters' hashes must be ones this crate has (SHA-1, SHA-2, SHA-3; NULL or
//!   absent parameters), the mask MGF1, and the trailer field 1.
//!
//! Export writes the key's algorithm back the same way.

use pkcs8::der::asn1::AnyRef;
use pkcs8::der::{Decode, Encode, Reader, SliceReader, Tag, Tagged};
use spki::{AlgorithmIdentifier, AlgorithmIdentifierRef, ObjectIdentifier};

use crate::hash::HashAlg;
use crate::key::{KeyAlgorithm, PssParameters};

/// `id-RSASSA-PSS`, 1.2.840.113549.1.1.10 (RFC 8017 Appendix A.2.3).
pub const ID_RSASSA_PSS: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");

/// `id-mgf1`, 1.2.840.113549.1.1.8 (RFC 8017 Appendix A.2.1).
const ID_MGF1: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.8");

/// The [`KeyAlgorithm`] an RSA key's `AlgorithmIdentifier` names.
///
/// Errors: [`spki::Error::OidUnknown`] for any other algorithm, and for a hash or mask
/// function in `RSASSA-PSS-params` this crate does not have; [`spki::Error::KeyMalformed`] for
/// `rsaEncryption` without NULL parameters and for hash parameters other than NULL; the DER
/// error of malformed `RSASSA-PSS-params` (including a trailer field other than 1, or a salt
/// length above 255).
///
/// Leaks: nothing secret (the identifier is public).
pub(crate) fn key_algorithm(algorithm: &AlgorithmIdentifierRef<'_>) -> spki::Result<KeyAlgorithm> {
    match algorithm.oid {
        pkcs1::ALGORITHM_OID => match algorithm.parameters {
            Some(parameters) if parameters == AnyRef::NULL => Ok(KeyAlgorithm::RsaEncryption),
            _ => Err(spki::Error::KeyMalformed),
        },
        ID_RSASSA_PSS => match algorithm.parameters {
            None => Ok(KeyAlgorithm::RsaPss(None)),
            Some(parameters) => {
                check_field_order(&parameters)?;
                let params = parameters.decode_as::<pkcs1::RsaPssParams<'_>>()?;
                if params.mask_gen.oid != ID_MGF1 {
                    return Err(spki::Error::OidUnknown {
                        oid: params.mask_gen.oid,
                    });
                }
                let mgf_hash = params
                    .mask_gen
                    .parameters
                    .ok_or(spki::Error::AlgorithmParametersMissing)?;
                let hash = hash_of(&params.hash)?;
                let mgf_hash = hash_of(&mgf_hash)?;
                PssParameters::new(hash, mgf_hash, params.salt_len.into())
                    .map(|p| KeyAlgorithm::RsaPss(Some(p)))
                    .map_err(|_| spki::Error::KeyMalformed)
            }
        },
        oid => Err(spki::Error::OidUnknown { oid }),
    }
}

/// `RSASSA-PSS-params`' fields `[0]`..`[3]` come in order, each at most once, and nothing else
/// is there. The `pkcs1` decoder skips a field whose tag number is below the one it looks for,
/// so `[1] mgf1SHA256, [0] sha512` would read as SHA-1 with MGF1-SHA-256, a key of another
/// meaning (OpenSSL refuses such parameters).
///
/// Errors: [`spki::Error::KeyMalformed`], and DER errors of the fields' framing.
fn check_field_order(parameters: &AnyRef<'_>) -> spki::Result<()> {
    if parameters.tag() != Tag::Sequence {
        return Err(spki::Error::KeyMalformed);
    }
    let mut fields = SliceReader::new(parameters.value())?;
    let mut next = 0u8;
    while !fields.is_finished() {
        match AnyRef::decode(&mut fields)?.tag() {
            Tag::ContextSpecific {
                constructed: true,
                number,
            } if (next..=3).contains(&number.value()) => next = number.value() + 1,
            _ => return Err(spki::Error::KeyMalformed),
        }
    }
    Ok(())
}

/// The hash an `AlgorithmIdentifier` inside `RSASSA-PSS-params` names (parameters NULL or
/// absent, RFC 4055 §2.1); SHAKE is not allowed there.
fn hash_of(id: &AlgorithmIdentifierRef<'_>) -> spki::Result<HashAlg> {
    if id.parameters.is_some_and(|p| p != AnyRef::NULL) {
        return Err(spki::Error::KeyMalformed);
    }
    HashAlg::ALL
        .into_iter()
        .find(|h| !h.is_xof() && h.oid() == id.oid)
        .ok_or(spki::Error::OidUnknown { oid: id.oid })
}

/// A key's `AlgorithmIdentifier`, encoded: its OID and the DER of its parameters, which
/// [`EncodedAlgorithm::identifier`] borrows.
pub(crate) struct EncodedAlgorithm {
    oid: ObjectIdentifier,
    parameters: Option<Vec<u8>>,
}

impl EncodedAlgorithm {
    /// `rsaEncryption` with NULL parameters, or `id-RSASSA-PSS` with the key's
    /// `RSASSA-PSS-params` (absent when it has none). The hashes' parameters are written as
    /// NULL, as OpenSSL writes them; default fields are left out, as DER asks.
    pub(crate) fn new(algorithm: KeyAlgorithm) -> pkcs8::der::Result<Self> {
        let parameters = match algorithm {
            KeyAlgorithm::RsaEncryption => {
                return Ok(EncodedAlgorithm {
                    oid: pkcs1::ALGORITHM_OID,
                    parameters: Some(AnyRef::NULL.to_der()?),
                })
            }
            KeyAlgorithm::RsaPss(None) => None,
            KeyAlgorithm::RsaPss(Some(p)) => {
                let id = |h: HashAlg| AlgorithmIdentifierRef {
                    oid: h.oid(),
                    parameters: Some(AnyRef::NULL),
                };
                let params = pkcs1::RsaPssParams {
                    hash: id(p.hash()),
                    mask_gen: AlgorithmIdentifier {
                        oid: ID_MGF1,
                        parameters: Some(id(p.mgf_hash())),
                    },
                    // PssParameters holds at most 255.
                    salt_len: u8::try_from(p.min_salt_len()).unwrap_or(u8::MAX),
                    trailer_field: pkcs1::TrailerField::BC,
                };
                Some(params.to_der()?)
            }
        };
        Ok(EncodedAlgorithm {
            oid: ID_RSASSA_PSS,
            parameters,
        })
    }

    /// The `AlgorithmIdentifier`, borrowing the encoded parameters.
    pub(crate) fn identifier(&self) -> pkcs8::der::Result<AlgorithmIdentifierRef<'_>> {
        Ok(AlgorithmIdentifierRef {
            oid: self.oid,
            parameters: self
                .parameters
                .as_deref()
                .map(AnyRef::from_der)
                .transpose()?,
        })
    }
}
