#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), deny(clippy::integer_division_remainder_used))]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod algorithm;
mod aligned;
pub mod backend;
pub mod batch;
pub mod ct;
pub mod error;
pub mod exp;
pub mod inverse;
pub mod limb;
pub mod modulus;
pub mod mont;
pub mod mul;
pub mod nat;
mod scratch;

pub use algorithm::Algorithm;
pub use backend::Backend;
pub use error::Error;
pub use modulus::{Modulus, MontElem, MAX_MODULUS_BITS};
pub use nat::Nat;
