//! Keys from a file's bytes, whatever the encoding: PEM or DER, PKCS#1, PKCS#8 or SPKI.
//!
//! PEM is recognised by its `-----BEGIN ` line and dispatched on its label; DER is tried as the
//! outer structure it could be (PKCS#8 then PKCS#1 for a private key, SPKI then PKCS#1 then a
//! private key for a public key). Once a structure has parsed, its key's errors are returned as
//! they are (an inconsistent key is never retried as another format).

use pkcs8::der::{
    asn1::OctetStringRef, pem, Decode, Document, Reader, SecretDocument, SliceReader,
};
use pkcs8::PrivateKeyInfo;
use spki::{AlgorithmIdentifierRef, SubjectPublicKeyInfoRef};

use super::private_key_info::private_key_from_info;
use super::public_key_info::public_key_from_info;
use super::rsa_key::{private_key_from_pkcs1, public_key_from_pkcs1};
use crate::error::{Error, Result};
use crate::key::{RsaPrivateKey, RsaPublicKey};

/// A private key from PEM (`RSA PRIVATE KEY` or `PRIVATE KEY`) or DER (PKCS#8 or PKCS#1),
/// validated as [`RsaPrivateKey::from_multi_prime_crt_components`] does (two primes or more).
///
/// Errors: [`Error::Encoding`] for anything that is not such a key (including a public key,
/// an encrypted PKCS#8 `ENCRYPTED PRIVATE KEY` or an encrypted traditional PEM, which are
/// refused), and the errors of [`RsaPrivateKey::from_multi_prime_crt_components`] for an
/// inconsistent key.
///
/// ```
/// use montvec_rsa::encoding::private_key_from_bytes;
/// use montvec_rsa::PublicKeyParts;
///
/// // A 512-bit key, for this example only.
/// let pem = "-----BEGIN PRIVATE KEY-----
/// MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAw53BzNTSUZ9sRolV
/// AAthgAAIY/QqhKm+RNF9/Pl8wfcQI/h+TRZ7FYk5dVoYvzMadQvgoIhDFunpauVB
/// qZ23ywIDAQABAkAjvwhTLfDhCYj3utDVmT7P7TGbUlsSsxIZ8U5clBrANtukX3me
/// CNZZ1lSJSYnCIFE9FytH37P8HOAvRGGmNGIBAiEA8uUxdyJk3dYBNqgNv6xLG74+
/// dYXcA0Fi70Eo/uAUAqECIQDOK47PIRCZ8Rv33ZXRCyqdzrwjeNW406C1KHDTk4qO
/// 6wIhAMjSeEBgvnavXpd7AMsNv5ezhl6SiyJh6FOaUzPPvpuhAiEAmyz/tPivFR77
/// rQjzzT55WgOTaaN2QUHP8Oo6WZTwMfcCICrgUaVlxWJggu0+MXRvGWwAYUaLqwoT
/// Pd5KZvJ0YKmq
/// -----END PRIVATE KEY-----
/// ";
/// let key = private_key_from_bytes(pem.as_bytes())?;
/// assert_eq!(key.bits(), 512);
/// assert!(private_key_from_bytes(b"not a key").is_err());
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
///
/// Leaks: the input's format and length, the byte lengths of the key's integers, and whether
/// its parts are consistent.
pub fn private_key_from_bytes(bytes: &[u8]) -> Result<RsaPrivateKey> {
    match pem_text(bytes)? {
        Some(text) => private_key_from_pem(text),
        None => private_key_from_der(bytes),
    }
}

/// A public key from PEM (`PUBLIC KEY`, `RSA PUBLIC KEY`, or a private key's labels) or DER
/// (SPKI, PKCS#1 `RSAPublicKey`, or a PKCS#8 / PKCS#1 private key). From a private key the
/// whole key is parsed and validated, and its public half returned.
///
/// Errors: as [`private_key_from_bytes`], and those of [`RsaPublicKey::new`].
///
/// ```
/// use montvec_rsa::encoding::public_key_from_bytes;
/// use montvec_rsa::PublicKeyParts;
///
/// let pem = "-----BEGIN PUBLIC KEY-----
/// MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMOdwczU0lGfbEaJVQALYYAACGP0KoSp
/// vkTRffz5fMH3ECP4fk0WexWJOXVaGL8zGnUL4KCIQxbp6WrlQamdt8sCAwEAAQ==
/// -----END PUBLIC KEY-----
/// ";
/// let key = public_key_from_bytes(pem.as_bytes())?;
/// assert_eq!(key.e().to_hex_vartime(), "10001");
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
///
/// Leaks: everything of a public key; from a private key, as [`private_key_from_bytes`].
pub fn public_key_from_bytes(bytes: &[u8]) -> Result<RsaPublicKey> {
    match pem_text(bytes)? {
        Some(text) => public_key_from_pem(text),
        None => public_key_from_der(bytes),
    }
}

/// What a PEM label announces.
enum PemKind {
    /// `RSA PRIVATE KEY`: PKCS#1 `RSAPrivateKey`.
    Pkcs1Private,
    /// `PRIVATE KEY`: PKCS#8 `PrivateKeyInfo`.
    Pkcs8Private,
    /// `ENCRYPTED PRIVATE KEY`: PKCS#8 `EncryptedPrivateKeyInfo` (refused).
    Pkcs8Encrypted,
    /// `RSA PUBLIC KEY`: PKCS#1 `RSAPublicKey`.
    Pkcs1Public,
    /// `PUBLIC KEY`: `SubjectPublicKeyInfo`.
    Spki,
}

/// The text of a PEM input (leading whitespace skipped), or `None` when the input is not PEM.
fn pem_text(bytes: &[u8]) -> Result<Option<&str>> {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let bytes = &bytes[start..];
    if !bytes.starts_with(b"-----BEGIN ") {
        return Ok(None);
    }
    let text = core::str::from_utf8(bytes)
        .map_err(|_| Error::Encoding("PEM input that is not UTF-8".into()))?;
    // RFC 1421 headers, as OpenSSL writes for `-traditional` keys with a passphrase.
    if text.contains("Proc-Type: 4,ENCRYPTED") {
        return Err(encrypted_key_error());
    }
    Ok(Some(text))
}

/// The kind of key a PEM text's label announces.
fn pem_kind(text: &str) -> Result<PemKind> {
    let label = pem::decode_label(text.as_bytes()).map_err(pkcs8::der::Error::from)?;
    match label {
        "RSA PRIVATE KEY" => Ok(PemKind::Pkcs1Private),
        "PRIVATE KEY" => Ok(PemKind::Pkcs8Private),
        "ENCRYPTED PRIVATE KEY" => Ok(PemKind::Pkcs8Encrypted),
        "RSA PUBLIC KEY" => Ok(PemKind::Pkcs1Public),
        "PUBLIC KEY" => Ok(PemKind::Spki),
        other => Err(Error::Encoding(format!(
            "PEM label {other:?} is not an RSA key"
        ))),
    }
}

fn encrypted_key_error() -> Error {
    Error::Encoding(
        "encrypted private keys are not supported; decrypt first (e.g. `openssl pkey -in KEY`)"
            .into(),
    )
}

fn private_key_from_pem(text: &str) -> Result<RsaPrivateKey> {
    let kind = pem_kind(text)?;
    match kind {
        PemKind::Pkcs8Encrypted => return Err(encrypted_key_error()),
        PemKind::Pkcs1Public | PemKind::Spki => {
            return Err(Error::Encoding(
                "a public key where a private key was expected".into(),
            ))
        }
        PemKind::Pkcs1Private | PemKind::Pkcs8Private => {}
    }
    // The decoded DER lives in a buffer zeroized on drop.
    let (_, der) = SecretDocument::from_pem(text)?;
    match kind {
        PemKind::Pkcs1Private => {
            private_key_from_pkcs1(&pkcs1::RsaPrivateKey::from_der(der.as_bytes())?)
        }
        _ => private_key_from_info(&PrivateKeyInfo::from_der(der.as_bytes())?),
    }
}

fn public_key_from_pem(text: &str) -> Result<RsaPublicKey> {
    match pem_kind(text)? {
        PemKind::Pkcs1Public => {
            let (_, der) = Document::from_pem(text)?;
            public_key_from_pkcs1(&pkcs1::RsaPublicKey::from_der(der.as_bytes())?)
        }
        PemKind::Spki => {
            let (_, der) = Document::from_pem(text)?;
            public_key_from_info(&SubjectPublicKeyInfoRef::from_der(der.as_bytes())?)
        }
        PemKind::Pkcs8Encrypted => Err(encrypted_key_error()),
        PemKind::Pkcs1Private | PemKind::Pkcs8Private => {
            private_key_from_pem(text).map(|key| key.to_public_key())
        }
    }
}

fn private_key_from_der(der: &[u8]) -> Result<RsaPrivateKey> {
    if let Ok(info) = PrivateKeyInfo::from_der(der) {
        return private_key_from_info(&info);
    }
    match pkcs1::RsaPrivateKey::from_der(der) {
        Ok(key) => private_key_from_pkcs1(&key),
        Err(_) if is_encrypted_private_key_info(der) => Err(encrypted_key_error()),
        Err(e) => Err(Error::Encoding(format!(
            "neither a PKCS#8 PrivateKeyInfo nor a PKCS#1 RSAPrivateKey ({e})"
        ))),
    }
}

fn public_key_from_der(der: &[u8]) -> Result<RsaPublicKey> {
    if let Ok(spki) = SubjectPublicKeyInfoRef::from_der(der) {
        return public_key_from_info(&spki);
    }
    if let Ok(key) = pkcs1::RsaPublicKey::from_der(der) {
        return public_key_from_pkcs1(&key);
    }
    match private_key_from_der(der) {
        Ok(key) => Ok(key.to_public_key()),
        Err(Error::Encoding(_)) if !is_encrypted_private_key_info(der) => Err(Error::Encoding(
            "neither an SPKI, a PKCS#1 RSAPublicKey, nor a PKCS#8 or PKCS#1 private key".into(),
        )),
        Err(e) => Err(e),
    }
}

/// Whether the DER is shaped as a PKCS#8 `EncryptedPrivateKeyInfo` (RFC 5958 §3):
/// `SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }`.
fn is_encrypted_private_key_info(der: &[u8]) -> bool {
    let Ok(mut reader) = SliceReader::new(der) else {
        return false;
    };
    let shaped = reader.sequence(|body| {
        AlgorithmIdentifierRef::decode(body)?;
        OctetStringRef::decode(body)?;
        Ok(())
    });
    shaped.is_ok() && reader.is_finished()
}
