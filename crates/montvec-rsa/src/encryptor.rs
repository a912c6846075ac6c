//! The encryption traits of RustCrypto `rsa` (`rsa::traits::RandomizedEncryptor`,
//! `Decryptor`, `RandomizedDecryptor`, `EncryptingKeypair`), implemented by the typed keys
//! [`crate::oaep::EncryptingKey`] / [`crate::oaep::DecryptingKey`] and
//! [`crate::pkcs1v15::EncryptingKey`] / [`crate::pkcs1v15::DecryptingKey`], so that code written
//! against those traits runs on montvec unchanged.

use rand_core::{CryptoRng, CryptoRngCore, RngCore};

use crate::error::Result;

/// Encrypts messages, drawing the padding's randomness from a generator.
pub trait RandomizedEncryptor {
    /// `msg` encrypted, randomness from `rng`.
    fn encrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Vec<u8>>;
}

/// Decrypts ciphertexts (montvec's private operation always blinds: here with the operating
/// system's generator).
pub trait Decryptor {
    /// The message inside `ciphertext`.
    fn decrypt(&self, ciphertext: &[u8]) -> Result<Vec<u8>>;
}

/// Decrypts ciphertexts, blinding the private operation with a given generator.
pub trait RandomizedDecryptor {
    /// The message inside `ciphertext`, the blinding drawn from `rng`.
    fn decrypt_with_rng<R: CryptoRngCore + ?Sized>(
        &self,
        rng: &mut R,
        ciphertext: &[u8],
    ) -> Result<Vec<u8>>;
}

/// A decrypting key that can hand out its encrypting (public) half.
pub trait EncryptingKeypair {
    /// The encrypting key's type.
    type EncryptingKey: Clone;

    /// The key that encrypts to this one.
    fn encrypting_key(&self) -> Self::EncryptingKey;
}

/// A sized handle on a generator that may be unsized (`dyn CryptoRngCore`), so that the
/// traits' `R: ?Sized` generators reach the paddings, which take `&mut dyn CryptoRngCore`.
pub(crate) struct RngHandle<'a, R: ?Sized>(pub(crate) &'a mut R);

impl<R: RngCore + ?Sized> RngCore for RngHandle<'_, R> {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> core::result::Result<(), rand_core::Error> {
        self.0.try_fill_bytes(dest)
    }
}

impl<R: CryptoRng + ?Sized> CryptoRng for RngHandle<'_, R> {}
