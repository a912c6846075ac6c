//! Peers (GMP, OpenSSL, Intel's crypto_mb, the RustCrypto crates) and the timing harness for
//! `montvec bench`.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod clock;
#[cfg(montvec_crypto_mb)]
pub mod crypto_mb;
pub mod gmp;
pub mod openssl;
pub mod operands;
pub mod rustcrypto;
pub mod suite;
pub mod timing;

pub use suite::{
    prepare, BenchError, Impl, Job, Label, Measurement, Op, Selection, CRYPTO_BIGINT_POW,
    CRYPTO_MB_EXP, JOBS_PER_THREAD, ONE_THREAD_SUFFIX, PLAIN_SUFFIX, RSA_JOBS,
};
pub use timing::{Clock, Plan, Timing};

/// Whether Intel's crypto_mb is linked (`scripts/ensure-deps` fetched it before the build; see
/// `build.rs`): then the batch rows at 1024, 2048, 3072 and 4096 bits have it as a peer.
pub const CRYPTO_MB_LINKED: bool = cfg!(montvec_crypto_mb);

/// Whether the bench has crypto_mb's rows here: linked, and on a CPU with the AVX-512 subsets
/// it needs, IFMA among them (on another, its rows are left out and it is never called).
pub fn crypto_mb_runs() -> bool {
    #[cfg(montvec_crypto_mb)]
    return crypto_mb::cpu_runs();
    #[cfg(not(montvec_crypto_mb))]
    false
}

/// crypto_mb's version string where it is linked, else `None`.
pub fn crypto_mb_version() -> Option<String> {
    #[cfg(montvec_crypto_mb)]
    return Some(crypto_mb::version());
    #[cfg(not(montvec_crypto_mb))]
    None
}
