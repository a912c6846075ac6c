//! Modular exponentiation, written once over [`MontMul`] so every Montgomery variant gets it:
//!
//! - [`window`]: constant-time fixed window over a table read whole and selected by mask
//!   (seed 003 §IV);
//! - [`ladder`]: the Montgomery ladder (seed 002), a second constant-time path;
//! - [`vartime`]: sliding window, for public exponents only.
//!
//! All of them take and return Montgomery-form values of k limbs below n.

pub mod ladder;
pub mod table;
pub mod vartime;
pub mod window;

use crate::mont::MontMul;

/// Owned scratch for a variant's `mul`/`sqr`, sized once per exponentiation.
pub(crate) fn scratch_for<M: MontMul>(m: &M) -> Vec<crate::limb::Limb> {
    vec![0; m.scratch_len()]
}
