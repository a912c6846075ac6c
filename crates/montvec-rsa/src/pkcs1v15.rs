//! PKCS#1 v1.5 signatures through the `signature` crate's traits, as in RustCrypto `rsa`:
//! [`SigningKey<D>`] and [`VerifyingKey<D>`] hash the message with `D` and run
//! [`Pkcs1v15Sign`].
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

use core::marker::PhantomData;

use crate::hash::HashFunction;
use crate::key::{RsaPrivateKey, RsaPublicKey};
use crate::padding::{Pkcs1v15Sign, SignatureScheme};
use crate::rsa_signature::signature_traits;

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
