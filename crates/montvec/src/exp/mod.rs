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

/// Most scratch limbs [`with_scratch`] keeps on the stack (the CIOS and folding kernels need
/// at most 3k limbs, the ADX kernels 4.5k: up to 4096-bit moduli).
const STACK_SCRATCH_LIMBS: usize = 288;

/// Scratch limbs of the middle stack buffer (3k up to 4096-bit moduli).
const MIDDLE_SCRATCH_LIMBS: usize = 192;

/// Scratch limbs of the smaller stack buffer (up to 1024-bit moduli).
const SMALL_SCRATCH_LIMBS: usize = 48;

/// `f(scratch)` with scratch for one `mul`/`sqr` of `m`, on the stack when it is small (a
/// single product on a small modulus would otherwise spend more on the allocation than on
/// the kernel), zeroized afterwards.
pub(crate) fn with_scratch<M: MontMul, T>(
    m: &M,
    f: impl FnOnce(&mut [crate::limb::Limb]) -> T,
) -> T {
    use zeroize::Zeroize;
    let len = m.scratch_len();
    if len == 0 {
        // The fused kernels take none: no buffer to clear (a product of 4 limbs is ~15 ns).
        f(&mut [])
    } else if len <= SMALL_SCRATCH_LIMBS {
        // A smaller buffer: clearing 192 limbs would cost a small product's time.
        on_stack::<SMALL_SCRATCH_LIMBS, T>(len, f)
    } else if len <= MIDDLE_SCRATCH_LIMBS {
        on_stack::<MIDDLE_SCRATCH_LIMBS, T>(len, f)
    } else if len <= STACK_SCRATCH_LIMBS {
        on_stack::<STACK_SCRATCH_LIMBS, T>(len, f)
    } else {
        let mut buf = scratch_for(m);
        let out = f(&mut buf);
        buf.zeroize();
        out
    }
}

/// `f` on the first `len` limbs (at most L) of a stack buffer of L limbs, zeroized afterwards.
fn on_stack<const L: usize, T>(len: usize, f: impl FnOnce(&mut [crate::limb::Limb]) -> T) -> T {
    use zeroize::Zeroize;
    let mut buf = [0; L];
    let out = f(&mut buf[..len]);
    buf[..len].zeroize();
    out
}
