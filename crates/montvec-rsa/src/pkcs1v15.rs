//! PKCS#1 v1.5 through typed keys, as in RustCrypto `rsa`: signatures through the `signature`
//! crate's traits ([`SigningKey<D>`] and [`VerifyingKey<D>`] hash the message with `D` and run
//! [`Pkcs1v15Sign`]), and encryption through those of [`crate::traits`] ([`EncryptingKey`] and
//! [`DecryptingKey`] run [`Pkcs1v15Encrypt`], whose decryption rejects bad padding
//! implicitly: see there).
//!
//! ```
//! use montvec_rsa::pkcs1v15::{SigningKey, VerifyingKey};
//! use montvec_rsa::RsaPrivateKey;
//! use signature::{Keypair, Signer, Verifier};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let private_key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
//! let signing_key = SigningKey::<sha2::Sha256>::new(private_key);
//! let signature = signing_key.try_sign(b"hello")?;
//! let verifying_key: VerifyingKey<sha2::Sha256> = signing_key.verifying_key();
//! verifying_key.verify(b"hello", &signature)?;
//! assert!(verifying_key.verify(b"hullo", &signature).is_err());
//! # Ok(()) }
//! ```
//!
//! ```
//! use montvec_rsa::pkcs1v15::{DecryptingKey, EncryptingKey};
//! use montvec_rsa::traits::{Decryptor, EncryptingKeypair, RandomizedEncryptor};
//! use montvec_rsa::RsaPrivateKey;
//! # fn main() -> Result<(), montvec_rsa::Error> {
//! let decrypting_key = DecryptingKey::new(RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?);
//! let encrypting_key: EncryptingKey = decrypting_key.encrypting_key();
//! let ciphertext = encrypting_key.encrypt_with_rng(&mut rand_core::OsRng, b"hello")?;
//! assert_eq!(decrypting_key.decrypt(&ciphertext)?, b"hello");
//! # Ok(()) }
//! ```

use core::marker::PhantomData;

use rand_core::CryptoRngCore;

use crate::encryptor::{
    Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor, RngHandle,
};
use crate::error::Result;
use crate::hash::HashFunction;
use crate::key::{RsaPrivateKey, RsaPublicKey};
use crate::padding::{PaddingScheme, SignatureScheme};
use crate::rsa_signature::signature_traits;

pub use crate::padding::{Pkcs1v15Encrypt, Pkcs1v15Sign};
pub use crate::rsa_signature::Signature;

/// A private key that makes PKCS#1 v1.5 signatures over `D`-digests of messages.
pub struct SigningKey<D> {
    inner: RsaPrivateKey,
    scheme: Pkcs1v15Sign,
    hash: PhantomData<fn() -> D>,
}

/// A public key that checks PKCS#1 v1.5 signatures over `D`-digests of messages.
pub struct VerifyingKey<D> {
    inner: RsaPublicKey,
    scheme: Pkcs1v15Sign,
    hash: PhantomData<fn() -> D>,
}

impl<D: HashFunction> SigningKey<D> {
    /// Signatures with `D`'s DigestInfo (RFC 8017 §9.2).
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        Self::with_scheme(key, Pkcs1v15Sign::new::<D>())
    }

    /// Signatures over the bare `D`-digest, without a DigestInfo
    /// ([`Pkcs1v15Sign::new_unprefixed`]).
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new_unprefixed(key: RsaPrivateKey) -> Self {
        Self::with_scheme(key, Pkcs1v15Sign::new_unprefixed())
    }

    /// A signing key on a fresh key of `bits` bits ([`RsaPrivateKey::new`]).
    ///
    /// ```
    /// use montvec_rsa::{pkcs1v15::SigningKey, sha2::Sha256};
    /// use signature::{Keypair, Signer, Verifier};
    /// let signing_key = SigningKey::<Sha256>::random(&mut rand_core::OsRng, 1024)?;
    /// let signature = signing_key.try_sign(b"hello")?;
    /// signing_key.verifying_key().verify(b"hello", &signature)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Errors and leaks: as [`RsaPrivateKey::new`].
    pub fn random<R: CryptoRngCore + ?Sized>(rng: &mut R, bits: usize) -> Result<Self> {
        Ok(Self::new(RsaPrivateKey::new(rng, bits)?))
    }
}

impl<D: HashFunction> VerifyingKey<D> {
    /// Verification with `D`'s DigestInfo (RFC 8017 §9.2).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new(key: RsaPublicKey) -> Self {
        Self::with_scheme(key, Pkcs1v15Sign::new::<D>())
    }

    /// Verification of signatures over the bare `D`-digest, without a DigestInfo.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_unprefixed(key: RsaPublicKey) -> Self {
        Self::with_scheme(key, Pkcs1v15Sign::new_unprefixed())
    }
}

signature_traits!(SigningKey, VerifyingKey, Pkcs1v15Sign, "pkcs1v15");

/// A public key that encrypts with PKCS#1 v1.5 padding (RSAES-PKCS1-v1_5).
#[derive(Clone, Debug, PartialEq)]
pub struct EncryptingKey {
    inner: RsaPublicKey,
}

/// A private key that decrypts PKCS#1 v1.5 ciphertexts, with implicit rejection: a
/// ciphertext whose padding is bad decrypts to a pseudo-random message derived from the key
/// and the ciphertext, in the same time, instead of an error ([`Pkcs1v15Encrypt`]).
#[derive(Clone, Debug)]
pub struct DecryptingKey {
    inner: RsaPrivateKey,
}

/// The key inside wipes its secrets on drop.
impl zeroize::ZeroizeOnDrop for DecryptingKey {}

impl EncryptingKey {
    /// PKCS#1 v1.5 encryption to `key`.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPublicKey) -> Self {
        EncryptingKey { inner: key }
    }

    /// The public key.
    pub fn key(&self) -> &RsaPublicKey {
        &self.inner
    }
}

impl DecryptingKey {
    /// PKCS#1 v1.5 decryption with `key`.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        DecryptingKey { inner: key }
    }

    /// The private key.
    pub fn key(&self) -> &RsaPrivateKey {
        &self.inner
    }
}

/// Errors and leaks: as [`RsaPublicKey::encrypt`] with [`Pkcs1v15Encrypt`].
impl RandomizedEncryptor for EncryptingKey {
    fn encrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        Pkcs1v15Encrypt.encrypt(&mut RngHandle(rng), &self.inner, msg)
    }
}

/// Errors and leaks: as [`RsaPrivateKey::decrypt`] with [`Pkcs1v15Encrypt`] (never an error
/// for bad padding).
impl Decryptor for DecryptingKey {
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.inner.decrypt(Pkcs1v15Encrypt, ciphertext)
    }
}

/// Errors and leaks: as [`RsaPrivateKey::decrypt_blinded`] with [`Pkcs1v15Encrypt`].
impl RandomizedDecryptor for DecryptingKey {
    fn decrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        Pkcs1v15Encrypt.decrypt(&mut RngHandle(rng), &self.inner, ciphertext)
    }
}

impl EncryptingKeypair for DecryptingKey {
    type EncryptingKey = EncryptingKey;

    fn encrypting_key(&self) -> EncryptingKey {
        EncryptingKey::new(self.inner.to_public_key())
    }
}
