//! PKCS#1 v1.5 signatures through the `signature` crate's traits, as in RustCrypto `rsa`:
//! [`SigningKey<D>`] and [`VerifyingKey<D>`] hash the message with `D` and run
//! [`Pkcs1v15Sign`].
//!
//! ```
//! use montvec_rsa::pkcs1v15::{SigningKey, VerifyingKey};
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
use crate::padding::{Pkcs1v15Sign, SignatureScheme};
use crate::rsa_signature::signature_traits;

pub use crate::rsa_signature::Signature;

/// A private key that makes PKCS#1 v1.5 signatures over `D`-digests of messages.
pub struct SigningKey<D> {
    inner: RsaPrivateKey,
    prefixed: bool,
    hash: PhantomData<fn() -> D>,
}

/// A public key that checks PKCS#1 v1.5 signatures over `D`-digests of messages.
pub struct VerifyingKey<D> {
    inner: RsaPublicKey,
    prefixed: bool,
    hash: PhantomData<fn() -> D>,
}

impl<D: HashFunction> SigningKey<D> {
    /// Signatures with `D`'s DigestInfo (RFC 8017 §9.2).
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        SigningKey {
            inner: key,
            prefixed: true,
            hash: PhantomData,
        }
    }

    /// Signatures over the bare `D`-digest, without a DigestInfo
    /// ([`Pkcs1v15Sign::new_unprefixed`]).
    pub fn new_unprefixed(key: RsaPrivateKey) -> Self {
        SigningKey {
            prefixed: false,
            ..Self::new(key)
        }
    }

    fn scheme(&self) -> Pkcs1v15Sign {
        scheme::<D>(self.prefixed)
    }
}

impl<D: HashFunction> VerifyingKey<D> {
    /// Verification with `D`'s DigestInfo (RFC 8017 §9.2).
    pub fn new(key: RsaPublicKey) -> Self {
        VerifyingKey {
            inner: key,
            prefixed: true,
            hash: PhantomData,
        }
    }

    /// Verification of signatures over the bare `D`-digest, without a DigestInfo.
    pub fn new_unprefixed(key: RsaPublicKey) -> Self {
        VerifyingKey {
            prefixed: false,
            ..Self::new(key)
        }
    }

    fn scheme(&self) -> Pkcs1v15Sign {
        scheme::<D>(self.prefixed)
    }
}

fn scheme<D: HashFunction>(prefixed: bool) -> Pkcs1v15Sign {
    if prefixed {
        Pkcs1v15Sign::new::<D>()
    } else {
        Pkcs1v15Sign::new_unprefixed()
    }
}

signature_traits!(SigningKey, VerifyingKey);

impl<D> Keypair for SigningKey<D> {
    type VerifyingKey = VerifyingKey<D>;

    fn verifying_key(&self) -> VerifyingKey<D> {
        VerifyingKey {
            inner: self.inner.to_public_key(),
            prefixed: self.prefixed,
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
            prefixed: self.prefixed,
            hash: PhantomData,
        }
    }
}

impl<D> Clone for VerifyingKey<D> {
    fn clone(&self) -> Self {
        VerifyingKey {
            inner: self.inner.clone(),
            prefixed: self.prefixed,
            hash: PhantomData,
        }
    }
}

impl<D> PartialEq for VerifyingKey<D> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.prefixed == other.prefixed
    }
}

impl<D> fmt::Debug for SigningKey<D> {
    /// The public half only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("pkcs1v15::SigningKey")
            .field("key", &self.inner)
            .field("prefixed", &self.prefixed)
            .finish()
    }
}

impl<D> fmt::Debug for VerifyingKey<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("pkcs1v15::VerifyingKey")
            .field("key", &self.inner)
            .field("prefixed", &self.prefixed)
            .finish()
    }
}
