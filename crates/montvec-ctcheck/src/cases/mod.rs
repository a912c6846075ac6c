//! The checks, one module per part of the library.

pub mod batch;
pub mod control;
pub mod exp;
pub mod parse;
pub mod rsa;
