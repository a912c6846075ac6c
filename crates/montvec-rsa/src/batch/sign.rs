//! Many signatures at once: each digest is encoded by its padding (RFC 8017 §8.1.1 / §8.2.1
//! step 1), then every RSASP1 runs through [`rsa_decrypt_many`] (CRT halves in the lanes of
//! the batch engine, blinding and a re-encryption check per job); verification runs every
//! RSAVP1 through [`rsa_encrypt_many`] and checks each encoding.

use montvec::batch::Options;
use rand_core::CryptoRngCore;

use super::{on_valid, rsa_decrypt_many, rsa_encrypt_many};
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::padding::{Pkcs1v15Sign, Pss};

/// The signature padding of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignaturePadding {
    /// PKCS#1 v1.5 ([`Pkcs1v15Sign`]).
    Pkcs1v15(Pkcs1v15Sign),
    /// PSS ([`Pss`]); every signature draws its own salt.
    Pss(Pss),
}

impl From<Pkcs1v15Sign> for SignaturePadding {
    fn from(p: Pkcs1v15Sign) -> Self {
        SignaturePadding::Pkcs1v15(p)
    }
}

impl From<Pss> for SignaturePadding {
    fn from(p: Pss) -> Self {
        SignaturePadding::Pss(p)
    }
}

/// Sign every `(key, digest)` with `padding`: the same signatures as
/// [`RsaPrivateKey::sign_with_rng`] one by one, with the private operations batched (one key
/// or many, of one size or several).
///
/// Each job's result is its own, in input order: the padding's errors
/// ([`Error::KeyRestricted`], [`Error::InvalidDigestLength`], [`Error::InvalidSaltLength`],
/// ...) and the private operation's ([`Error::FaultDetected`], [`Error::Rng`]).
///
/// Leaks: the sizes and the number of jobs; nothing of the keys or digests beyond their
/// lengths.
///
/// ```
/// use montvec_rsa::batch::{sign_many, verify_many, Options};
/// use montvec_rsa::{HashAlg, Pss, RsaPrivateKey};
/// # fn main() -> montvec_rsa::Result<()> {
/// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
/// let digests: Vec<Vec<u8>> = (0..20u8).map(|i| HashAlg::Sha256.digest(&[i])).collect();
/// let jobs: Vec<_> = digests.iter().map(|d| (&key, d.as_slice())).collect();
/// let pss = Pss::with_hash(HashAlg::Sha256);
/// let sigs = sign_many(&jobs, pss.clone(), &mut rand_core::OsRng, &Options::default())
///     .into_iter()
///     .collect::<montvec_rsa::Result<Vec<Vec<u8>>>>()?;
/// let public = key.as_public_key();
/// let checks: Vec<_> = digests
///     .iter()
///     .zip(&sigs)
///     .map(|(d, sig)| (public, d.as_slice(), sig.as_slice()))
///     .collect();
/// assert!(verify_many(&checks, pss, &Options::default()).iter().all(|r| r.is_ok()));
/// # Ok(()) }
/// ```
pub fn sign_many(
    jobs: &[(&RsaPrivateKey, &[u8])],
    padding: impl Into<SignaturePadding>,
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Vec<u8>>> {
    let padding = padding.into();
    let encoded: Vec<Result<(&RsaPrivateKey, Vec<u8>)>> = jobs
        .iter()
        .map(|&(key, hashed)| {
            let em = match padding {
                SignaturePadding::Pkcs1v15(p) => {
                    key.algorithm().check_other(Pkcs1v15Sign::USE)?;
                    p.encode(hashed, key.size())?
                }
                SignaturePadding::Pss(p) => {
                    let salt = p.draw_salt(key.as_public_key(), rng)?;
                    p.signing_input(key.as_public_key(), hashed, &salt)?
                }
            };
            Ok((key, em))
        })
        .collect();
    on_valid(encoded, |valid| {
        let raw: Vec<(&RsaPrivateKey, &[u8])> = valid
            .iter()
            .map(|(key, em)| (*key, em.as_slice()))
            .collect();
        rsa_decrypt_many(&raw, rng, options)
    })
}

/// Verify every `(key, digest, signature)` with `padding`, in input order, as
/// [`RsaPublicKey::verify`] would answer: `Ok(())` or [`Error::Verification`] per job, or
/// [`Error::KeyRestricted`] / [`Error::UnsupportedHash`] for a padding the job's key does not
/// allow (the public operations run first for the whole batch; their results are then not
/// looked at). [`Error::Arithmetic`] for every job when `options` are refused (a thread count
/// of 0, an engine this CPU lacks), as the other batch functions answer.
///
/// Leaks: everything (the inputs are public).
pub fn verify_many(
    jobs: &[(&RsaPublicKey, &[u8], &[u8])],
    padding: impl Into<SignaturePadding>,
    options: &Options,
) -> Vec<Result<()>> {
    let padding = padding.into();
    let raw: Vec<(&RsaPublicKey, &[u8])> = jobs.iter().map(|&(key, _, sig)| (key, sig)).collect();
    rsa_encrypt_many(&raw, options)
        .into_iter()
        .zip(jobs)
        .map(|(m, &(key, hashed, _))| {
            // The key's algorithm first, as the single verifications check it.
            match padding {
                SignaturePadding::Pkcs1v15(_) => key.algorithm().check_other(Pkcs1v15Sign::USE)?,
                SignaturePadding::Pss(p) => p.check_use(key)?,
            }
            // A signature of the wrong length or not below n is no valid signature; an error
            // of the batch itself (options the engine refuses) is passed on as it is.
            let m = m.map_err(|error| match error {
                Error::InvalidInputLength => Error::Verification,
                error => error,
            })?;
            match padding {
                SignaturePadding::Pkcs1v15(p) => p.verify_encoded(hashed, &m),
                SignaturePadding::Pss(p) => p.verify_recovered(key, hashed, &m),
            }
        })
        .collect()
}
