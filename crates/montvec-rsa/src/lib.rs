//! RSA on montvec's constant-time arithmetic.
//!
//! Shaped like the RustCrypto `rsa` crate: [`RsaPrivateKey`], [`RsaPublicKey`], paddings that
//! implement [`PaddingScheme`] and [`SignatureScheme`], and raw RSA in [`hazmat`]. Every
//! private operation runs by CRT with base blinding and a re-encryption check
//! ([`primitive::private`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arith;
pub mod encoding;
pub mod error;
pub mod hash;
pub mod hazmat;
pub mod key;
pub mod padding;
pub mod pkcs1v15;
pub mod prime;
pub mod primitive;
pub mod pss;
mod rsa_signature;

pub use error::{Error, Result};
pub use hash::{HashAlg, HashFunction};
pub use key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};
pub use montvec::Nat;

pub use padding::{Oaep, PaddingScheme, Pkcs1v15Encrypt, Pkcs1v15Sign, Pss, SignatureScheme};
pub use {pkcs1, pkcs8, spki};
