//! Limb buffers that start on a 64-byte boundary, for the values the vector kernels load
//! on every product: an exponentiation's working values and table, the IFMA variant's modulus,
//! and the batch engines' word-sliced numbers, constants and tables (`batch/sliced.rs`: one
//! row of digits a load, never straddling two lines).
//!
//! The vector kernels load and store whole registers of an element (the quarters kernel of
//! `mont/ifma` four words at a time, the table gathers eight); from a heap buffer that starts
//! 16 bytes into a cache line, some of those accesses straddle two lines, and whether they do
//! depended on where the allocator put the buffers. Measured on Zen 4 (`montvec bench --ops
//! exp --algorithms ifma`, the same binary): 1024-bit exponentiations took 132 us in one run
//! and 141 us in another that only timed one more size before them. From line boundaries,
//! 132.2 to 132.7 us in four runs over different sets of sizes (2048 bits: 718 to 721 us,
//! where unaligned runs ranged from 719 to 744).

use zeroize::Zeroize;

use crate::limb::Limb;

/// Limbs per 64-byte line (8-byte limbs: the shifts below count on it).
const LINE_LIMBS: usize = 8;
const _: () = assert!(core::mem::size_of::<Limb>() == 8);

/// `len` limbs starting on a 64-byte boundary, zero when made, zeroized on drop.
pub(crate) struct AlignedLimbs {
    buf: Vec<Limb>,
    start: usize,
    len: usize,
}

impl AlignedLimbs {
    /// `len` zero limbs.
    pub(crate) fn zeroed(len: usize) -> Self {
        let buf = vec![0; len + LINE_LIMBS - 1];
        // Limbs from the allocation's start to the next line boundary (the address is public).
        let misaligned = (buf.as_ptr() as usize >> 3) & (LINE_LIMBS - 1);
        let start = (LINE_LIMBS - misaligned) & (LINE_LIMBS - 1);
        AlignedLimbs { buf, start, len }
    }

    pub(crate) fn as_slice(&self) -> &[Limb] {
        &self.buf[self.start..self.start + self.len]
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Limb] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

/// A copy in a buffer of its own, which starts on a line too.
impl Clone for AlignedLimbs {
    fn clone(&self) -> Self {
        let mut copy = AlignedLimbs::zeroed(self.len);
        copy.as_mut_slice().copy_from_slice(self.as_slice());
        copy
    }
}

impl Zeroize for AlignedLimbs {
    /// Zero every limb, keeping the length (a `Vec`'s own `zeroize` would empty it).
    fn zeroize(&mut self) {
        self.buf.as_mut_slice().zeroize();
    }
}

impl Drop for AlignedLimbs {
    fn drop(&mut self) {
        self.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_on_a_line_and_holds_its_length() {
        for len in [0, 1, 7, 8, 9, 20, 64] {
            // Several allocations, so that some start off a line boundary.
            let bufs: Vec<AlignedLimbs> = (0..8).map(|_| AlignedLimbs::zeroed(len)).collect();
            for mut b in bufs {
                assert_eq!(b.as_slice().len(), len);
                assert_eq!(b.as_slice().as_ptr() as usize % 64, 0, "len {len}");
                assert!(b.as_slice().iter().all(|&x| x == 0));
                b.as_mut_slice().iter_mut().for_each(|x| *x = 7);
                assert!(b.as_slice().iter().all(|&x| x == 7));
                b.zeroize();
                assert_eq!(b.as_slice().len(), len);
                assert!(b.as_slice().iter().all(|&x| x == 0));
            }
        }
    }
}
