//! Raw RSA without padding: the integer primitives on big-endian byte strings.
//!
//! Raw RSA is malleable and deterministic; use it only to build a padding or to interoperate
//! (`openssl pkeyutl -pkeyopt rsa_padding_mode:none`). Inputs must be exactly k bytes
//! (k = the key's size in bytes) and, as integers, below n.
//!
//! These primitives do not look at the key's [`KeyAlgorithm`](crate::key::KeyAlgorithm): a key
//! bound to `id-RSASSA-PSS` runs here as any other. Check
//! [`KeyAlgorithm::check_other`](crate::key::KeyAlgorithm::check_other) first where that matters
//! (the `montvec rsa` commands do).

use montvec::Nat;
use rand_core::CryptoRngCore;

use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use crate::primitive::{private, public};

/// `m^e mod n` on k-byte big-endian strings.
///
/// Errors: [`Error::InvalidInputLength`] when `m` is not k bytes or not below n.
///
/// Leaks: the sizes; e is public.
pub fn rsa_encrypt(key: &RsaPublicKey, m: &[u8]) -> Result<Vec<u8>> {
    let k = key.size();
    if m.len() != k {
        return Err(Error::InvalidInputLength);
    }
    let c = public::public_op(key, &Nat::from_be_bytes(m))?;
    Ok(c.to_be_bytes(k))
}

/// `c^d mod n` on k-byte big-endian strings, by CRT with blinding (randomness from `rng`) and
/// a re-encryption check.
///
/// Errors: [`Error::InvalidInputLength`] when `c` is not k bytes or not below n, and the
/// errors of [`private_op`](crate::primitive::private::private_op) ([`Error::FaultDetected`],
/// [`Error::Rng`], [`Error::Arithmetic`]).
///
/// Leaks: the sizes, and whether this operation draws a fresh blinding factor (as
/// [`private_op`](crate::primitive::private::private_op) states).
pub fn rsa_decrypt(key: &RsaPrivateKey, c: &[u8], rng: &mut dyn CryptoRngCore) -> Result<Vec<u8>> {
    let k = key.size();
    if c.len() != k {
        return Err(Error::InvalidInputLength);
    }
    let m = private::private_op(key, &Nat::from_be_bytes(c), rng)?;
    Ok(m.to_be_bytes(k))
}
