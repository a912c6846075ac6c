//! [`KeyAlgorithm`]: what a key may be used for, as the algorithm identifier of its SPKI or
//! PKCS#8 encoding says (RFC 4055 §1.2, §3.1, §3.3).
//!
//! A key read as `id-RSASSA-PSS` (as `openssl genpkey -algorithm RSA-PSS` writes) may only
//! make and check PSS signatures; when its identifier carries `RSASSA-PSS-params`, only with
//! their message hash and MGF1 hash and a salt at least as long as theirs. Every padding, one
//! at a time or batched, checks this before any private operation; the raw operations of
//! [`crate::hazmat`], [`crate::primitive`] and `batch::{rsa_decrypt_many, rsa_encrypt_many,
//! private_ops, public_ops}` do not.
//!
//! Parameters this crate cannot hold are refused on import: a salt length above 255 (the
//! `pkcs1` crate keeps it in a byte; OpenSSL accepts longer), a trailer field other than 1,
//! and hashes other than SHA-1, SHA-2 and SHA-3.

use crate::error::{Error, Result};
use crate::hash::HashAlg;
use crate::padding::Pss;

/// The algorithm a key is bound to.
///
/// ```
/// use montvec_rsa::key::{KeyAlgorithm, PssParameters};
/// use montvec_rsa::{HashAlg, Pss};
///
/// let params = PssParameters::new(HashAlg::Sha256, HashAlg::Sha256, 32)?;
/// let restricted = KeyAlgorithm::RsaPss(Some(params));
/// assert!(restricted.check_pss(&Pss::with_hash(HashAlg::Sha256)).is_ok());
/// assert!(restricted.check_pss(&Pss::with_hash(HashAlg::Sha384)).is_err());
/// assert!(restricted.check_pss(&Pss::with_hash(HashAlg::Sha256).with_salt_len(20)).is_err());
/// assert!(restricted.check_other("PKCS#1 v1.5 signatures").is_err());
/// assert!(KeyAlgorithm::RsaEncryption.check_other("OAEP").is_ok());
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KeyAlgorithm {
    /// `rsaEncryption` (1.2.840.113549.1.1.1): every padding. Generated keys, keys built from
    /// their parts and keys read from PKCS#1 are of this kind.
    #[default]
    RsaEncryption,
    /// `id-RSASSA-PSS` (1.2.840.113549.1.1.10): PSS signatures only; with parameters, only
    /// with their hashes and a salt at least as long as theirs (RFC 4055 §3.3).
    RsaPss(Option<PssParameters>),
}

/// The `RSASSA-PSS-params` of a PSS key (RFC 4055 §3.1): the message hash, the hash under
/// MGF1, and the shortest salt the key's signatures may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PssParameters {
    hash: HashAlg,
    mgf_hash: HashAlg,
    min_salt_len: u8,
}

impl PssParameters {
    /// Parameters for `hash`, MGF1 over `mgf_hash`, and salts of at least `min_salt_len` bytes.
    ///
    /// Errors: [`Error::UnsupportedHash`] for SHAKE128 or SHAKE256 (RFC 8702 names SHAKE keys
    /// by their own identifiers, without parameters), [`Error::InvalidSaltLength`] above 255
    /// bytes (the most the RustCrypto `pkcs1` encoding of the parameters holds).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new(hash: HashAlg, mgf_hash: HashAlg, min_salt_len: usize) -> Result<Self> {
        for h in [hash, mgf_hash] {
            if h.is_xof() {
                return Err(Error::UnsupportedHash(format!("{h} in RSASSA-PSS-params")));
            }
        }
        let min_salt_len = u8::try_from(min_salt_len).map_err(|_| Error::InvalidSaltLength)?;
        Ok(PssParameters {
            hash,
            mgf_hash,
            min_salt_len,
        })
    }

    /// The message hash.
    pub fn hash(&self) -> HashAlg {
        self.hash
    }

    /// The hash under MGF1.
    pub fn mgf_hash(&self) -> HashAlg {
        self.mgf_hash
    }

    /// The shortest salt allowed, in bytes.
    pub fn min_salt_len(&self) -> usize {
        usize::from(self.min_salt_len)
    }

    /// The PSS scheme these parameters describe: their hashes, and a salt of exactly the
    /// minimum length (what OpenSSL signs with for such a key).
    pub fn scheme(&self) -> Pss {
        Pss::with_hash(self.hash)
            .with_mgf_hash(self.mgf_hash)
            .with_salt_len(self.min_salt_len())
    }
}

impl KeyAlgorithm {
    /// Whether a padding other than PSS (`what`: "PKCS#1 v1.5 signatures", "OAEP", ...) may
    /// use the key.
    ///
    /// Errors: [`Error::KeyRestricted`] for a PSS key.
    ///
    /// Leaks: nothing secret (the algorithm is public).
    pub fn check_other(self, what: &str) -> Result<()> {
        match self {
            KeyAlgorithm::RsaEncryption => Ok(()),
            KeyAlgorithm::RsaPss(_) => Err(Error::KeyRestricted(format!(
                "an id-RSASSA-PSS key makes PSS signatures only, not {what}"
            ))),
        }
    }

    /// Whether PSS signatures with `pss` may use the key.
    ///
    /// Errors: [`Error::KeyRestricted`] when the key's parameters name another message hash or
    /// MGF1 hash, or a longer salt (a scheme that reads the salt length from the signature,
    /// [`Pss::with_any_salt_len`], is held to the minimum when it verifies instead).
    ///
    /// Leaks: nothing secret (the algorithm and the scheme are public).
    pub fn check_pss(self, pss: &Pss) -> Result<()> {
        let KeyAlgorithm::RsaPss(Some(p)) = self else {
            return Ok(());
        };
        if pss.hash() != p.hash || pss.mgf_hash() != p.mgf_hash {
            return Err(Error::KeyRestricted(format!(
                "the key's RSASSA-PSS-params ask for {} with MGF1-{}, not {} with MGF1-{}",
                p.hash,
                p.mgf_hash,
                pss.hash(),
                pss.mgf_hash()
            )));
        }
        if !pss.accepts_any_salt_len() && pss.salt_len() < p.min_salt_len() {
            return Err(Error::KeyRestricted(format!(
                "the key's RSASSA-PSS-params ask for a salt of at least {} bytes, not {}",
                p.min_salt_len,
                pss.salt_len()
            )));
        }
        Ok(())
    }
}
