//! OAEP encryption through typed keys, as in RustCrypto `rsa`: [`EncryptingKey<D, MGD>`] and
//! [`DecryptingKey<D, MGD>`] run [`Oaep`] with the label hash `D`, MGF1 over `MGD` (`D`
//! unless given) and a label fixed when the key is made, through the traits of
//! [`crate::traits`].
//!
//! ```
//! use montvec_rsa::oaep::{DecryptingKey, EncryptingKey};
//! use montvec_rsa::traits::{Decryptor, EncryptingKeypair, RandomizedEncryptor};
//! use montvec_rsa::RsaPrivateKey;
//! # fn main() -> Result<(), montvec_rsa::Error> {
//! let private_key = RsaPrivateKey::new(&mut rand_core::OsRng, 1024)?;
//! let decrypting_key = DecryptingKey::<sha2::Sha256>::new_with_label(private_key, "invoices");
//! let encrypting_key: EncryptingKey<sha2::Sha256> = decrypting_key.encrypting_key();
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
use crate::padding::PaddingScheme;

pub use crate::padding::Oaep;

/// A public key that encrypts with OAEP: label hash `D`, MGF1 over `MGD`, a fixed label.
pub struct EncryptingKey<D, MGD = D> {
    inner: RsaPublicKey,
    scheme: Oaep,
    hashes: PhantomData<fn() -> (D, MGD)>,
}

/// A private key that decrypts OAEP ciphertexts made by its [`EncryptingKey`] (the same
/// hashes and label).
pub struct DecryptingKey<D, MGD = D> {
    inner: RsaPrivateKey,
    scheme: Oaep,
    hashes: PhantomData<fn() -> (D, MGD)>,
}

/// The padding of both halves.
fn scheme<D: HashFunction, MGD: HashFunction>(label: &[u8]) -> Oaep {
    Oaep::new::<D>().with_mgf_hash(MGD::ALG).with_label(label)
}

impl<D: HashFunction, MGD: HashFunction> EncryptingKey<D, MGD> {
    /// OAEP to `key` with an empty label.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPublicKey) -> Self {
        Self::new_with_label(key, [])
    }

    /// OAEP to `key` with the label `label` (RFC 8017's L; a `&str` is taken as its bytes).
    ///
    /// Leaks: nothing; it stores the key and the label.
    pub fn new_with_label(key: RsaPublicKey, label: impl AsRef<[u8]>) -> Self {
        EncryptingKey {
            inner: key,
            scheme: scheme::<D, MGD>(label.as_ref()),
            hashes: PhantomData,
        }
    }

    /// The public key.
    pub fn key(&self) -> &RsaPublicKey {
        &self.inner
    }
}

impl<D: HashFunction, MGD: HashFunction> DecryptingKey<D, MGD> {
    /// OAEP decryption with `key` and an empty label.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        Self::new_with_label(key, [])
    }

    /// OAEP decryption with `key` and the label `label` (a `&str` is taken as its bytes).
    ///
    /// Leaks: nothing; it stores the key and the label.
    pub fn new_with_label(key: RsaPrivateKey, label: impl AsRef<[u8]>) -> Self {
        DecryptingKey {
            inner: key,
            scheme: scheme::<D, MGD>(label.as_ref()),
            hashes: PhantomData,
        }
    }

    /// The private key.
    pub fn key(&self) -> &RsaPrivateKey {
        &self.inner
    }
}

/// The key inside wipes its secrets on drop (the label is public).
impl<D, MGD> zeroize::ZeroizeOnDrop for DecryptingKey<D, MGD> {}

/// Errors and leaks: as [`RsaPublicKey::encrypt`] with [`Oaep`].
impl<D: HashFunction, MGD: HashFunction> RandomizedEncryptor for EncryptingKey<D, MGD> {
    fn encrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>> {
        self.scheme
            .clone()
            .encrypt(&mut RngHandle(rng), &self.inner, msg)
    }
}

/// Errors and leaks: as [`RsaPrivateKey::decrypt`] with [`Oaep`] (one error for every
/// padding failure, after the same work).
impl<D: HashFunction, MGD: HashFunction> Decryptor for DecryptingKey<D, MGD> {
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.inner.decrypt(self.scheme.clone(), ciphertext)
    }
}

/// Errors and leaks: as [`RsaPrivateKey::decrypt_blinded`] with [`Oaep`].
impl<D: HashFunction, MGD: HashFunction> RandomizedDecryptor for DecryptingKey<D, MGD> {
    fn decrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        self.scheme
            .clone()
            .decrypt(&mut RngHandle(rng), &self.inner, ciphertext)
    }
}

impl<D: HashFunction, MGD: HashFunction> EncryptingKeypair for DecryptingKey<D, MGD> {
    type EncryptingKey = EncryptingKey<D, MGD>;

    fn encrypting_key(&self) -> EncryptingKey<D, MGD> {
        EncryptingKey {
            inner: self.inner.to_public_key(),
            scheme: self.scheme.clone(),
            hashes: PhantomData,
        }
    }
}

impl<D, MGD> Clone for EncryptingKey<D, MGD> {
    fn clone(&self) -> Self {
        EncryptingKey {
            inner: self.inner.clone(),
            scheme: self.scheme.clone(),
            hashes: PhantomData,
        }
    }
}

impl<D, MGD> Clone for DecryptingKey<D, MGD> {
    fn clone(&self) -> Self {
        DecryptingKey {
            inner: self.inner.clone(),
            scheme: self.scheme.clone(),
            hashes: PhantomData,
        }
    }
}

impl<D, MGD> PartialEq for EncryptingKey<D, MGD> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.scheme == other.scheme
    }
}

impl<D, MGD> core::fmt::Debug for EncryptingKey<D, MGD> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("oaep::EncryptingKey")
            .field("key", &self.inner)
            .field("scheme", &self.scheme)
            .finish()
    }
}

impl<D, MGD> core::fmt::Debug for DecryptingKey<D, MGD> {
    /// The public half and the scheme.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("oaep::DecryptingKey")
            .field("key", &self.inner)
            .field("scheme", &self.scheme)
            .finish()
    }
}
