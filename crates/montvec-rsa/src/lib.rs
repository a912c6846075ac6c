#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arith;
pub mod batch;
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
