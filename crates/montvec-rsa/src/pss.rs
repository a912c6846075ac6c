//! PSS signatures through the `signature` crate's traits, as in RustCrypto `rsa`:
//! [`SigningKey<D>`] and [`VerifyingKey<D>`] hash the message with `D` and run [`Pss`] with
//! MGF1 over `D` and a salt of `D`'s output length unless another length is given.
//!
//! Every private operation blinds, so [`BlindedSigningKey`] is another name for
//! [`SigningKey`], kept for code written for RustCrypto `rsa`.
//!
//! ```
//! use montvec_rsa::pss::{SigningKey, VerifyingKey};
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

use rand_core::CryptoRngCore;

use crate::error::Result;
use crate::hash::HashFunction;
use crate::key::{RsaPrivateKey, RsaPublicKey};
use crate::padding::{Pss, SignatureScheme};
use crate::rsa_signature::signature_traits;

pub use crate::rsa_signature::Signature;

/// A private key that makes PSS signatures over `D`-digests of messages.
pub struct SigningKey<D> {
    inner: RsaPrivateKey,
    scheme: Pss,
    hash: PhantomData<fn() -> D>,
}

/// [`SigningKey`] under RustCrypto `rsa`'s name for its blinded signer: here every private
/// operation is blinded.
pub type BlindedSigningKey<D> = SigningKey<D>;

/// A public key that checks PSS signatures over `D`-digests of messages.
pub struct VerifyingKey<D> {
    inner: RsaPublicKey,
    scheme: Pss,
    hash: PhantomData<fn() -> D>,
}

impl<D: HashFunction> SigningKey<D> {
    /// PSS with MGF1 over `D` and a salt of `D`'s output length.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new(key: RsaPrivateKey) -> Self {
        Self::with_scheme(key, Pss::new::<D>())
    }

    /// PSS with MGF1 over `D` and a salt of `salt_len` bytes.
    ///
    /// Leaks: nothing; it stores the key.
    pub fn new_with_salt_len(key: RsaPrivateKey, salt_len: usize) -> Self {
        Self::with_scheme(key, Pss::new::<D>().with_salt_len(salt_len))
    }

    /// A signing key on a fresh key of `bits` bits ([`RsaPrivateKey::new`]).
    ///
    /// Errors and leaks: as [`RsaPrivateKey::new`].
    pub fn random<R: CryptoRngCore + ?Sized>(rng: &mut R, bits: usize) -> Result<Self> {
        Ok(Self::new(RsaPrivateKey::new(rng, bits)?))
    }

    /// A signing key on a fresh key of `bits` bits, with a salt of `salt_len` bytes.
    ///
    /// Errors and leaks: as [`RsaPrivateKey::new`].
    pub fn random_with_salt_len<R: CryptoRngCore + ?Sized>(
        rng: &mut R,
        bits: usize,
        salt_len: usize,
    ) -> Result<Self> {
        Ok(Self::new_with_salt_len(
            RsaPrivateKey::new(rng, bits)?,
            salt_len,
        ))
    }

    /// The salt length in bytes.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn salt_len(&self) -> usize {
        self.scheme.salt_len()
    }
}

impl<D: HashFunction> VerifyingKey<D> {
    /// Verification with MGF1 over `D` and a salt of `D`'s output length.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new(key: RsaPublicKey) -> Self {
        Self::with_scheme(key, Pss::new::<D>())
    }

    /// Verification with MGF1 over `D` and a salt of exactly `salt_len` bytes.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_with_salt_len(key: RsaPublicKey, salt_len: usize) -> Self {
        Self::with_scheme(key, Pss::new::<D>().with_salt_len(salt_len))
    }

    /// Verification with MGF1 over `D` and any salt length, read from each signature
    /// ([`Pss::with_any_salt_len`]): what OpenSSL's default PSS signatures (the longest salt
    /// the key holds) need.
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn new_with_any_salt_len(key: RsaPublicKey) -> Self {
        Self::with_scheme(key, Pss::new::<D>().with_any_salt_len())
    }

    /// The salt length in bytes (the one signatures are checked against unless built with
    /// [`VerifyingKey::new_with_any_salt_len`]).
    ///
    /// Leaks: nothing; no secret is involved.
    pub fn salt_len(&self) -> usize {
        self.scheme.salt_len()
    }
}

signature_traits!(SigningKey, VerifyingKey, Pss, "pss");
