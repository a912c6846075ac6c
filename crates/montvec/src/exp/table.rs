//! The exponentiation table, scattered column-wise: limb j of entry i lives at `j * E + i` for
//! E entries, so the E copies of one limb share cache lines (seed 003 §IV, ring's
//! `limbs512/scatter.rs`). Every lookup reads every limb of every entry and keeps the wanted
//! one by mask, so neither the branch trace nor the memory trace depends on the index.
//!
//! There is deliberately no `Index` implementation: the only way to read is [`ScatteredTable::gather`].

use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::limb::Limb;

/// E entries of k limbs, scattered column-wise. Zeroized on drop.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct ScatteredTable {
    entries: usize,
    limbs: usize,
    data: Vec<Limb>,
    masks: Vec<Limb>,
}

impl ScatteredTable {
    /// An all-zero table of `entries` entries of `limbs` limbs.
    pub fn new(entries: usize, limbs: usize) -> Self {
        ScatteredTable {
            entries,
            limbs,
            data: vec![0; entries * limbs],
            masks: vec![0; entries],
        }
    }

    /// Store `value` as entry `index`. Leaks: `index` (only public indices are stored).
    pub fn scatter(&mut self, index: usize, value: &[Limb]) {
        debug_assert_eq!(value.len(), self.limbs);
        for (j, &v) in value.iter().enumerate() {
            self.data[j * self.entries + index] = v;
        }
    }

    /// `out = entry[secret_index]`, reading every entry and selecting by mask.
    ///
    /// Leaks: nothing of `secret_index` (the table size is public).
    pub fn gather(&mut self, out: &mut [Limb], secret_index: Limb) {
        debug_assert_eq!(out.len(), self.limbs);
        for (i, m) in self.masks.iter_mut().enumerate() {
            *m = crate::ct::mask((i as Limb).ct_eq(&secret_index));
        }
        for (o, column) in out.iter_mut().zip(self.data.chunks_exact(self.entries)) {
            // OR of (entry & mask) over all entries; exactly one mask is all-ones.
            *o = column
                .iter()
                .zip(&self.masks)
                .fold(0, |acc, (&v, &m)| acc | (v & m));
        }
    }
}
