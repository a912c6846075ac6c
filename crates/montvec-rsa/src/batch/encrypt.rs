//! Many encryptions and decryptions at once: each message is encoded by its padding
//! (RFC 8017 §7.1.1 / §7.2.1 steps 1–2) and every RSAEP runs through [`rsa_encrypt_many`];
//! every RSADP runs through [`rsa_decrypt_many`] (CRT halves in the lanes of the batch engine,
//! blinding and a re-encryption check per job), then each result is decoded.

use montvec::batch::Options;
use rand_core::CryptoRngCore;
use zeroize::Zeroizing;

use super::{on_valid, rsa_decrypt_many, rsa_encrypt_many};
use crate::error::Result;
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::{oaep, pkcs1v15_encrypt, Oaep, Pkcs1v15Encrypt};

/// A job's key and its encoded message EM.
type Encoded<'a> = (&'a RsaPublicKey, Zeroizing<Vec<u8>>);

/// The encryption padding of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncryptionPadding {
    /// OAEP ([`Oaep`]).
    Oaep(Oaep),
    /// PKCS#1 v1.5 ([`Pkcs1v15Encrypt`]); decryption by implicit rejection.
    Pkcs1v15(Pkcs1v15Encrypt),
}

impl EncryptionPadding {
    /// Whether `key` allows this padding ([`crate::key::KeyAlgorithm::check_other`]).
    fn check_key(&self, key: &RsaPublicKey) -> Result<()> {
        key.algorithm().check_other(match self {
            EncryptionPadding::Oaep(_) => Oaep::USE,
            EncryptionPadding::Pkcs1v15(_) => pkcs1v15_encrypt::USE,
        })
    }
}

impl From<Oaep> for EncryptionPadding {
    fn from(p: Oaep) -> Self {
        EncryptionPadding::Oaep(p)
    }
}

impl From<Pkcs1v15Encrypt> for EncryptionPadding {
    fn from(p: Pkcs1v15Encrypt) -> Self {
        EncryptionPadding::Pkcs1v15(p)
    }
}

/// Encrypt every `(key, message)` with `padding`, as [`RsaPublicKey::encrypt`] would one by
/// one. Each job's result is its own, in input order ([`crate::Error::MessageTooLong`], ...).
///
/// Leaks: the lengths; the keys are public.
pub fn encrypt_many(
    jobs: &[(&RsaPublicKey, &[u8])],
    padding: &EncryptionPadding,
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Vec<u8>>> {
    let encoded: Vec<Result<Encoded>> = jobs
        .iter()
        .map(|&(key, msg)| {
            padding.check_key(key)?;
            let em = match padding {
                EncryptionPadding::Oaep(p) => p.encryption_input(rng, key.size(), msg)?,
                EncryptionPadding::Pkcs1v15(_) => {
                    pkcs1v15_encrypt::encryption_input(rng, key.size(), msg)?
                }
            };
            Ok((key, em))
        })
        .collect();
    on_valid(encoded, |valid| {
        let raw: Vec<(&RsaPublicKey, &[u8])> = valid
            .iter()
            .map(|(key, em)| (*key, em.as_slice()))
            .collect();
        rsa_encrypt_many(&raw, options)
    })
}

/// Decrypt every `(key, ciphertext)` with `padding`, as [`RsaPrivateKey::decrypt`] would one by
/// one: OAEP answers [`crate::Error::Decryption`] for every padding failure, PKCS#1 v1.5
/// returns a synthetic message instead (implicit rejection). Each job's result is its own,
/// in input order.
///
/// Leaks: as the single-message decryptions: the lengths, and for OAEP whether each one
/// succeeded.
pub fn decrypt_many(
    jobs: &[(&RsaPrivateKey, &[u8])],
    padding: &EncryptionPadding,
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Vec<u8>>> {
    let checked: Vec<Result<(&RsaPrivateKey, &[u8])>> = jobs
        .iter()
        .map(|&(key, ct)| {
            padding.check_key(key.as_public_key())?;
            if let EncryptionPadding::Oaep(p) = padding {
                p.check_ciphertext_length(key.size(), ct)?;
            }
            Ok((key, ct))
        })
        .collect();
    on_valid(checked, |valid| {
        rsa_decrypt_many(&valid, rng, options)
            .into_iter()
            .zip(&valid)
            .map(|(em, &(key, ct))| {
                let em = Zeroizing::new(em?);
                Ok(match padding {
                    EncryptionPadding::Oaep(p) => oaep::decode(p, &em)?,
                    EncryptionPadding::Pkcs1v15(_) => {
                        let kdk = pkcs1v15_encrypt::derive_kdk(key, ct);
                        pkcs1v15_encrypt::decode_implicit(&kdk, &em)
                    }
                })
            })
            .collect()
    })
}
