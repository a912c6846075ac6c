//! Paddings (RFC 8017 §7–9): the two traits every scheme implements, and the key methods
//! that run them.

mod hmac_sha256;
mod pkcs1v15_sign;
mod pss;

pub use pkcs1v15_sign::Pkcs1v15Sign;
pub use pss::Pss;
pub mod oaep;
pub mod pkcs1v15_encrypt;

pub use oaep::Oaep;
pub use pkcs1v15_encrypt::Pkcs1v15Encrypt;

use rand_core::CryptoRngCore;

use crate::encryptor::RngHandle;
use crate::error::Result;
use crate::key::{RsaPrivateKey, RsaPublicKey};

/// An encryption padding: OAEP or PKCS#1 v1.5.
pub trait PaddingScheme {
    /// Encrypt `msg` to `key` (randomness from `rng`).
    fn encrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPublicKey,
        msg: &[u8],
    ) -> Result<Vec<u8>>;
    /// Decrypt `ciphertext` with `key` (the private operation blinds with `rng`).
    fn decrypt(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>>;
}

/// A signature padding: PKCS#1 v1.5 or PSS. `hashed` is the message's digest.
pub trait SignatureScheme {
    /// Sign the digest `hashed` (randomness from `rng`: PSS salt and blinding).
    fn sign(
        self,
        rng: &mut dyn CryptoRngCore,
        key: &RsaPrivateKey,
        hashed: &[u8],
    ) -> Result<Vec<u8>>;
    /// Verify `sig` over the digest `hashed`.
    fn verify(self, key: &RsaPublicKey, hashed: &[u8], sig: &[u8]) -> Result<()>;
}

impl RsaPublicKey {
    /// Encrypt `msg` with `padding`, randomness from `rng`.
    ///
    /// ```
    /// use montvec_rsa::{Oaep, RsaPrivateKey, HashAlg};
    /// # fn main() -> montvec_rsa::Result<()> {
    /// let key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
    /// let public = key.to_public_key();
    /// let ct = public.encrypt(&mut rand_core::OsRng, Oaep::with_hash(HashAlg::Sha256), b"hi")?;
    /// assert_eq!(key.decrypt(Oaep::with_hash(HashAlg::Sha256), &ct)?, b"hi");
    /// # Ok(()) }
    /// ```
    ///
    /// Errors: [`Error::MessageTooLong`](crate::Error::MessageTooLong) when `msg` does not fit
    /// the key with this padding, [`Error::KeyRestricted`](crate::Error::KeyRestricted) for
    /// an RSASSA-PSS key, [`Error::UnsupportedHash`](crate::Error::UnsupportedHash) for a hash
    /// the padding cannot use (OAEP with SHAKE), [`Error::Rng`](crate::Error::Rng).
    ///
    /// Leaks: the key's size and the message's length.
    pub fn encrypt<R: CryptoRngCore + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        padding.encrypt(&mut RngHandle(rng), self, msg)
    }

    /// Verify `sig` over the digest `hashed` with `scheme`.
    ///
    /// Errors: [`Error::Verification`](crate::Error::Verification) for every signature that
    /// does not verify, including one that is not the key's length or not below n (one error
    /// for every failure, as RFC 8017 §8.1.2 and §8.2.2 answer "invalid signature"); the
    /// scheme's errors for a hash or padding the key does not allow, before the signature is
    /// looked at.
    ///
    /// Leaks: everything (signature, digest and key are public).
    pub fn verify<S: SignatureScheme>(&self, scheme: S, hashed: &[u8], sig: &[u8]) -> Result<()> {
        scheme.verify(self, hashed, sig)
    }
}

impl RsaPrivateKey {
    /// Decrypt `ciphertext` with `padding`; blinding draws from the operating system's
    /// generator.
    ///
    /// Errors: [`Error::InvalidInputLength`](crate::Error::InvalidInputLength) when the
    /// ciphertext is not the key's length or not below n,
    /// [`Error::Decryption`](crate::Error::Decryption) for an OAEP ciphertext that does not
    /// decode, [`Error::KeyRestricted`](crate::Error::KeyRestricted) for an RSASSA-PSS key,
    /// and the errors of the private operation
    /// ([`private_op`](crate::primitive::private::private_op)).
    ///
    /// Leaks: the key's size, the ciphertext's length, whether this operation draws a fresh
    /// blinding factor (as [`private_op`](crate::primitive::private::private_op) states), and
    /// the outcome only as each padding states it: PKCS#1 v1.5 decryption never fails on bad
    /// padding (implicit rejection: a pseudo-random message instead), OAEP gives one error for
    /// every padding failure, after the same work.
    pub fn decrypt<P: PaddingScheme>(&self, padding: P, ciphertext: &[u8]) -> Result<Vec<u8>> {
        padding.decrypt(&mut rand_core::OsRng, self, ciphertext)
    }

    /// Decrypt `ciphertext` with `padding`, blinding with `rng`.
    ///
    /// Errors: as [`RsaPrivateKey::decrypt`].
    ///
    /// Leaks: as [`RsaPrivateKey::decrypt`].
    pub fn decrypt_blinded<R: CryptoRngCore + ?Sized, P: PaddingScheme>(
        &self,
        rng: &mut R,
        padding: P,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        padding.decrypt(&mut RngHandle(rng), self, ciphertext)
    }

    /// Sign the digest `hashed` with `scheme`; salt and blinding come from the operating
    /// system's generator.
    ///
    /// Errors: the scheme's ([`Error::InvalidDigestLength`](crate::Error::InvalidDigestLength),
    /// [`Error::InvalidSaltLength`](crate::Error::InvalidSaltLength),
    /// [`Error::KeyRestricted`](crate::Error::KeyRestricted), ...) and those of the private
    /// operation ([`private_op`](crate::primitive::private::private_op)).
    ///
    /// Leaks: the key's size, the digest's length, and whether this operation draws a fresh
    /// blinding factor (as [`private_op`](crate::primitive::private::private_op) states).
    pub fn sign<S: SignatureScheme>(&self, scheme: S, hashed: &[u8]) -> Result<Vec<u8>> {
        scheme.sign(&mut rand_core::OsRng, self, hashed)
    }

    /// Sign the digest `hashed` with `scheme`, drawing salt and blinding from `rng`.
    ///
    /// Errors: as [`RsaPrivateKey::sign`].
    ///
    /// Leaks: as [`RsaPrivateKey::sign`].
    pub fn sign_with_rng<R: CryptoRngCore + ?Sized, S: SignatureScheme>(
        &self,
        rng: &mut R,
        scheme: S,
        hashed: &[u8],
    ) -> Result<Vec<u8>> {
        scheme.sign(&mut RngHandle(rng), self, hashed)
    }
}
