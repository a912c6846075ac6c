//! The RSA primitives on integers (RFC 8017 §5): the public operation m^e mod n and the
//! private operation by CRT with blinding and a fault check. Paddings and the batch engine
//! build on these; [`crate::hazmat`] exposes them raw. They do not look at the key's
//! [`KeyAlgorithm`](crate::key::KeyAlgorithm): the paddings check it first.

pub mod blinding;
pub mod crt;
pub mod private;
pub mod public;
