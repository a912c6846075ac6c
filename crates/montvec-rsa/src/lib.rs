#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), deny(clippy::integer_division_remainder_used))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arith;
pub mod batch;
pub mod encoding;
mod encryptor;
pub mod error;
pub mod hash;
pub mod hazmat;
pub mod key;
pub mod oaep;
pub mod padding;
pub mod pkcs1v15;
pub mod prime;
pub mod primitive;
pub mod pss;
mod rsa_signature;

/// [`error`] under the path RustCrypto `rsa` uses (`rsa::errors::Error`).
pub use error as errors;
pub use error::{Error, Result};
pub use hash::{HashAlg, HashFunction};
pub use key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
pub use montvec::Nat;

pub use padding::{Oaep, PaddingScheme, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, SignatureScheme};
/// The crates this one's API takes types and traits from, at the versions it is built with
/// (`rand_core` 0.6, `digest` 0.10, `sha1`/`sha2`/`sha3` 0.10, `signature` 2, `pkcs1` 0.7,
/// `pkcs8` 0.10, `spki` 0.7): a program that names them through these paths cannot pick a
/// newer, incompatible release by accident (`rand` 0.9's generators, for example, implement
/// `rand_core` 0.9, not the 0.6 `CryptoRngCore` the keys take).
pub use {digest, pkcs1, pkcs8, rand_core, sha1, sha2, sha3, signature, spki};

/// The key traits under the path RustCrypto's `rsa` uses (`rsa::traits::PublicKeyParts`,
/// `rsa::traits::RandomizedEncryptor`, ...).
pub mod traits {
    pub use crate::encryptor::{
        Decryptor, EncryptingKeypair, RandomizedDecryptor, RandomizedEncryptor,
    };
    pub use crate::hash::HashFunction;
    pub use crate::key::PublicKeyParts;
    pub use crate::padding::{PaddingScheme, SignatureScheme};
}
