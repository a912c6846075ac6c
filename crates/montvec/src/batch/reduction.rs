//! The IFMA engines' choice of Montgomery reduction ([`Reduction`]), a setting of
//! [`Options`](super::Options). It exists on every target so that code setting it builds
//! everywhere; only the x86-64 IFMA engines read it (`ifma/reduce.rs` has the algorithms).

/// How the IFMA engines' reduction finds `(T + Q N) / R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    /// Q from the low half of `T N'`, and only the high half of `Q N` (seed 001).
    Truncated,
    /// Full products for Q and for `Q N`: the baseline seed 001 measures against.
    Plain,
    /// Up to 24 digits (1248-bit moduli): the reduction interleaved digit by digit with the
    /// accumulators in registers (`interleaved.rs`); larger sizes reduce as [`Self::Truncated`].
    Interleaved,
    /// The interleaved reduction for any size, its columns in memory, applied a group of
    /// rows at a time (`blocked.rs`).
    Blocked,
}
