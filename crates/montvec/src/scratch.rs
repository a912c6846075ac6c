//! Scratch limbs for one operation: zeroed, on the stack when few (an allocation would cost
//! more than a small product), wiped afterwards, and no buffer at all when none are needed.

use zeroize::Zeroize;

use crate::limb::Limb;

/// Most limbs [`with_limbs`] keeps on the stack (the CIOS and folding kernels need at most
/// 3k limbs, the ADX kernels 4.5k: up to 4096-bit moduli).
const STACK_LIMBS: usize = 288;

/// Limbs of the middle stack buffer (3k up to 4096-bit moduli).
const MIDDLE_LIMBS: usize = 192;

/// Limbs of the smaller stack buffer (up to 1024-bit moduli).
const SMALL_LIMBS: usize = 48;

/// `f(scratch)` on `len` zeroed limbs, zeroized afterwards.
///
/// Leaks: `len`.
pub(crate) fn with_limbs<T>(len: usize, f: impl FnOnce(&mut [Limb]) -> T) -> T {
    if len == 0 {
        // No buffer to clear (a product of 4 limbs is ~15 ns; and wiping an empty `Vec` is a
        // zero-length memset at its dangling address, a masked store that glibc issues with
        // an empty mask: about 80 ns on Zen 5).
        f(&mut [])
    } else if len <= SMALL_LIMBS {
        // A smaller buffer: clearing 192 limbs would cost a small product's time.
        on_stack::<SMALL_LIMBS, T>(len, f)
    } else if len <= MIDDLE_LIMBS {
        on_stack::<MIDDLE_LIMBS, T>(len, f)
    } else if len <= STACK_LIMBS {
        on_stack::<STACK_LIMBS, T>(len, f)
    } else {
        let mut buf = vec![0; len];
        let out = f(&mut buf);
        buf.zeroize();
        out
    }
}

/// Zeroizes `v`, unless nothing was ever allocated for it (capacity 0: nothing to wipe, and
/// zeroize's zero-length memset at the dangling address, which glibc issues as a store under
/// an empty mask, costs about 80 ns on Zen 5, 1.6% of a 256-bit exponentiation).
pub(crate) fn wipe(v: &mut Vec<Limb>) {
    if v.capacity() > 0 {
        v.zeroize();
    }
}

/// `f` on the first `len` limbs (at most L) of a stack buffer of L limbs, zeroized afterwards.
fn on_stack<const L: usize, T>(len: usize, f: impl FnOnce(&mut [Limb]) -> T) -> T {
    let mut buf = [0; L];
    let out = f(&mut buf[..len]);
    buf[..len].zeroize();
    out
}

#[cfg(test)]
mod tests {
    use super::with_limbs;

    /// Every size class hands out exactly `len` zeroed limbs.
    #[test]
    fn hands_out_len_zeroed_limbs() {
        for len in [0, 1, 47, 48, 49, 191, 192, 193, 287, 288, 289, 1000] {
            let got = with_limbs(len, |s| {
                assert!(s.iter().all(|&x| x == 0), "len {len}");
                s.fill(7);
                s.len()
            });
            assert_eq!(got, len);
        }
    }
}
