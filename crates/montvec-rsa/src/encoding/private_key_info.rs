//! PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` (RFC 5208, RFC 5958) for [`RsaPrivateKey`].
//!
//! These two impls give `DecodePrivateKey` and `EncodePrivateKey` (through the `pkcs8` crate's
//! blanket impls), and with them `DecodeRsaPrivateKey` and `EncodeRsaPrivateKey` (through the
//! `pkcs1` crate's, which wrap a PKCS#1 key in a `rsaEncryption` `PrivateKeyInfo`).

use pkcs8::der::{Decode, SecretDocument};
use pkcs8::{EncodePrivateKey, PrivateKeyInfo};

use super::algorithm::{key_algorithm, EncodedAlgorithm};
use super::rsa_key::{private_key_from_pkcs1, private_key_to_pkcs1_der};
use crate::error::Error;
use crate::key::RsaPrivateKey;

/// The key inside a `PrivateKeyInfo`: the algorithm is read (the key is bound to it), the
/// `RSAPrivateKey` parsed and validated, and an optional v2 `publicKey` must match it.
///
/// `E` is the error type of the caller: [`Error`] keeps every cause apart; `pkcs8::Error`
/// (for the trait impls) keeps the DER and algorithm errors and reports an inconsistent key
/// as `KeyMalformed`.
///
/// Leaks: the byte lengths of the key's integers, and whether its parts are consistent.
pub(crate) fn private_key_from_info<E>(info: &PrivateKeyInfo<'_>) -> Result<RsaPrivateKey, E>
where
    E: From<spki::Error> + From<pkcs8::der::Error> + From<Error>,
{
    let algorithm = key_algorithm(&info.algorithm)?;
    let inner = pkcs1::RsaPrivateKey::from_der(info.private_key)?;
    if let Some(public_key) = info.public_key {
        // RFC 5958 §2: publicKey, when present, is the key's public half; for RSA the
        // subjectPublicKey contents, an RSAPublicKey.
        let public = pkcs1::RsaPublicKey::from_der(public_key)?;
        if public.modulus != inner.modulus || public.public_exponent != inner.public_exponent {
            return Err(Error::InvalidKey("the PKCS#8 publicKey is not this key's").into());
        }
    }
    Ok(private_key_from_pkcs1(&inner)?.with_algorithm(algorithm))
}

impl TryFrom<PrivateKeyInfo<'_>> for RsaPrivateKey {
    type Error = pkcs8::Error;

    /// Leaks: the byte lengths of the key's integers, and whether its parts are consistent.
    fn try_from(info: PrivateKeyInfo<'_>) -> pkcs8::Result<Self> {
        private_key_from_info(&info)
    }
}

impl EncodePrivateKey for RsaPrivateKey {
    /// A version-1 (RFC 5208) `PrivateKeyInfo` with the key's algorithm (`rsaEncryption` and
    /// NULL parameters, or `id-RSASSA-PSS` and the key's parameters), in a buffer zeroized on
    /// drop.
    ///
    /// Leaks: the byte lengths of the key's integers, which the DER states.
    fn to_pkcs8_der(&self) -> pkcs8::Result<SecretDocument> {
        let inner = private_key_to_pkcs1_der(self)?;
        let algorithm = EncodedAlgorithm::new(self.algorithm())?;
        let info = PrivateKeyInfo::new(algorithm.identifier()?, inner.as_bytes());
        Ok(SecretDocument::encode_msg(&info)?)
    }
}
