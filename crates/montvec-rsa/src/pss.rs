//! PSS signatures through the `signature` crate's traits, as in RustCrypto `rsa`:
//! [`SigningKey<D>`] and [`VerifyingKey<D>`] hash the message with `D` and run [`Pss`] with
//! MGF1 over `D` and a salt of `D`'s output length unless another length is given.
//!
//! Every private operation blinds, so there is no separate `BlindedSigningKey`.
//!
//! ```
//! use montvec_rsa::pss::{SigningKey, VerifyingKey};
//! use montvec_rsa::{Nat, RsaPrivateKey};
//! use signature::{Keypair, Signer, Verifier};
//! # fn run(private_key: RsaPrivateKey) -> Result<(), signature::Error> {
//! let signing_key = SigningKey::<sha2::Sha256>::new(private_key);
//! let signature = signing_key.try_sign(b"hello")?;
//! let verifying_key: VerifyingKey<sha2::Sha256> = signing_key.verifying_key();
//! verifying_key.verify(b"hello", &signature)?;
//! assert!(verifying_key.verify(b"hullo", &signature).is_err());
//! # Ok(()) }
//! ```

use core::fmt;
use core::marker::PhantomData;

use signature::Keypair;

use crate::hash::HashFunction;
use crate::key::{RsaPrivateKey, RsaPublicKey};
use crate::padding::{Pss, SignatureScheme};
use crate::rsa_signature::signature_traits;

pub use crate::rsa_signature::Signature;

/// A private key that makes PSS signatures over `D`-digests of messages.
pub struct SigningKey<D> {
    inner: RsaPrivateKey,
    salt_len: usize,
    hash: PhantomData<fn() -> D>,
}

/// A public key that checks PSS signatures over `D`-digests of messages.
pub struct VerifyingKey<D> {
    inner: RsaPublicKey,
    salt_len: usize,
    hash: PhantomData<fn() -> D>,
}

impl<D: HashFunction> SigningKey<D> {
    /// PSS with MGF1 over `D` and a salt of `D`'s output length.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        Self::new_with_salt_len(key, D::ALG.output_len())
    }

    /// PSS with MGF1 over `D` and a salt of `salt_len` bytes.
    pub fn new_with_salt_len(key: RsaPrivateKey, salt_len: usize) -> Self {
        SigningKey {
            inner: key,
            salt_len,
            hash: PhantomData,
        }
    }

    /// The salt length in bytes.
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    fn scheme(&self) -> Pss {
        Pss::new::<D>().with_salt_len(self.salt_len)
    }
}

impl<D: HashFunction> VerifyingKey<D> {
    /// Verification with MGF1 over `D` and a salt of `D`'s output length.
    pub fn new(key: RsaPublicKey) -> Self {
        Self::new_with_salt_len(key, D::ALG.output_len())
    }

    /// Verification with MGF1 over `D` and a salt of exactly `salt_len` bytes.
    pub fn new_with_salt_len(key: RsaPublicKey, salt_len: usize) -> Self {
        VerifyingKey {
            inner: key,
            salt_len,
            hash: PhantomData,
        }
    }

    /// The salt length in bytes.
    pub fn salt_len(&self) -> usize {
        self.salt_len
    }

    fn scheme(&self) -> Pss {
        Pss::new::<D>().with_salt_len(self.salt_len)
    }
}

signature_traits!(SigningKey, VerifyingKey);

impl<D> Keypair for SigningKey<D> {
    type VerifyingKey = VerifyingKey<D>;

    fn verifying_key(&self) -> VerifyingKey<D> {
        VerifyingKey {
            inner: self.inner.to_public_key(),
            salt_len: self.salt_len,
            hash: PhantomData,
        }
    }
}

impl<D: HashFunction> From<RsaPrivateKey> for SigningKey<D> {
    fn from(key: RsaPrivateKey) -> Self {
        Self::new(key)
    }
}

impl<D: HashFunction> From<RsaPublicKey> for VerifyingKey<D> {
    fn from(key: RsaPublicKey) -> Self {
        Self::new(key)
    }
}

impl<D> Clone for SigningKey<D> {
    fn clone(&self) -> Self {
        SigningKey {
            inner: self.inner.clone(),
            salt_len: self.salt_len,
            hash: PhantomData,
        }
    }
}

impl<D> Clone for VerifyingKey<D> {
    fn clone(&self) -> Self {
        VerifyingKey {
            inner: self.inner.clone(),
            salt_len: self.salt_len,
            hash: PhantomData,
        }
    }
}

impl<D> PartialEq for VerifyingKey<D> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.salt_len == other.salt_len
    }
}

impl<D> fmt::Debug for SigningKey<D> {
    /// The public half only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("pss::SigningKey")
            .field("key", &self.inner)
            .field("salt_len", &self.salt_len)
            .finish()
    }
}

impl<D> fmt::Debug for VerifyingKey<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("pss::VerifyingKey")
            .field("key", &self.inner)
            .field("salt_len", &self.salt_len)
            .finish()
    }
}
