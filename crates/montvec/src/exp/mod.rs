//! Modular exponentiation, written once over [`MontMul`] so every Montgomery variant gets it:
//!
//! - [`window`]: constant-time fixed window over a table read whole and selected by mask
//!   (seed 003 §IV);
//! - [`ladder`]: the Montgomery ladder (seed 002), a second constant-time path;
//! - [`vartime`]: sliding window, for public exponents only.
//!
//! All of them take and return Montgomery-form values in the variant's own form
//! ([`MontMul::elem_len`] words).
//!
//! These are kernels over limb slices, public for the benchmarks and for `montvec-rsa`: their
//! length preconditions are the caller's, checked in debug builds only, and a wrong length
//! may panic or give a wrong result. [`Modulus`](crate::Modulus) and [`Nat`](crate::Nat) are
//! the checked interface.

pub mod ladder;
pub mod table;
pub mod vartime;
pub mod window;

use crate::mont::MontMul;

/// Owned scratch for a variant's `mul`/`sqr`, sized once per exponentiation.
pub(crate) fn scratch_for<M: MontMul>(m: &M) -> Vec<crate::limb::Limb> {
    vec![0; m.scratch_len()]
}

/// `f(scratch)` with scratch for one `mul`/`sqr` of `m` ([`crate::scratch::with_limbs`]: on
/// the stack when it is small, a single product on a small modulus would otherwise spend
/// more on the allocation than on the kernel), zeroized afterwards.
pub(crate) fn with_scratch<M: MontMul, T>(
    m: &M,
    f: impl FnOnce(&mut [crate::limb::Limb]) -> T,
) -> T {
    crate::scratch::with_limbs(m.scratch_len(), f)
}
