//! X.509 `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7, RFC 3279 §2.3.1) for [`RsaPublicKey`].
//!
//! These two impls give `DecodePublicKey` and `EncodePublicKey` (through the `spki` crate's
//! blanket impls), and with them `DecodeRsaPublicKey` and `EncodeRsaPublicKey` (through the
//! `pkcs1` crate's, which wrap a PKCS#1 key in a `rsaEncryption` SPKI).

use pkcs8::der::{asn1::BitStringRef, Decode, Document};
use spki::{EncodePublicKey, SubjectPublicKeyInfoRef};

use super::algorithm::{key_algorithm, EncodedAlgorithm};
use super::rsa_key::{public_key_from_pkcs1, public_key_to_pkcs1_der};
use crate::error::Error;
use crate::key::RsaPublicKey;

/// The key inside a `SubjectPublicKeyInfo`: the algorithm is read (the key is bound to it) and
/// the BIT STRING (whole octets only) parsed as an `RSAPublicKey`.
///
/// `E` is the caller's error type, as in
/// [`private_key_from_info`](super::private_key_info::private_key_from_info).
///
/// Leaks: everything; a public key is public.
pub(crate) fn public_key_from_info<E>(spki: &SubjectPublicKeyInfoRef<'_>) -> Result<RsaPublicKey, E>
where
    E: From<spki::Error> + From<pkcs8::der::Error> + From<Error>,
{
    let algorithm = key_algorithm(&spki.algorithm)?;
    let bytes = spki
        .subject_public_key
        .as_bytes()
        .ok_or(spki::Error::KeyMalformed)?;
    let inner = pkcs1::RsaPublicKey::from_der(bytes)?;
    Ok(public_key_from_pkcs1(&inner)?.with_algorithm(algorithm))
}

impl TryFrom<SubjectPublicKeyInfoRef<'_>> for RsaPublicKey {
    type Error = spki::Error;

    /// Leaks: everything; a public key is public.
    fn try_from(spki: SubjectPublicKeyInfoRef<'_>) -> spki::Result<Self> {
        public_key_from_info(&spki)
    }
}

impl EncodePublicKey for RsaPublicKey {
    /// An SPKI with the key's algorithm: `rsaEncryption` and NULL parameters, or
    /// `id-RSASSA-PSS` and the key's parameters.
    ///
    /// Leaks: everything; a public key is public.
    fn to_public_key_der(&self) -> spki::Result<Document> {
        let inner = public_key_to_pkcs1_der(self)?;
        let algorithm = EncodedAlgorithm::new(self.algorithm())?;
        let spki = SubjectPublicKeyInfoRef {
            algorithm: algorithm.identifier()?,
            subject_public_key: BitStringRef::from_bytes(inner.as_bytes())?,
        };
        Ok(Document::encode_msg(&spki)?)
    }
}
