//! Peers (GMP, OpenSSL, the RustCrypto crates) and the timing harness for `montvec bench`.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod clock;
pub mod gmp;
pub mod openssl;
pub mod operands;
pub mod rustcrypto;
pub mod suite;
pub mod timing;

pub use suite::{
    prepare, BenchError, Impl, Job, Label, Measurement, Op, Selection, CRYPTO_BIGINT_POW,
    JOBS_PER_THREAD, ONE_THREAD_SUFFIX, PLAIN_SUFFIX, RSA_JOBS,
};
pub use timing::{Clock, Plan, Timing};
