//! The window table of the batch exponentiation: E entries of d sliced digits, one after
//! another. A lookup takes a *vector* of four secret indices, one per lane, reads every digit of
//! every entry, and keeps in each lane the entry its own index names, by mask (`vpcmpeqq`
//! against each entry number, then and/or). So the memory and branch traces are those of a
//! scan of the whole table whatever the indices (seed 003 §IV's requirement, met by reading
//! everything rather than by scattering).
//!
//! There is no `Index` implementation: secret indices go through [`SlicedTable::select`] only;
//! [`SlicedTable::public_entry`] is for the precomputation, whose indices are public.

use core::arch::x86_64::*;

use zeroize::Zeroize;

/// Digits gathered at once: eight accumulators in registers while every entry streams past.
const GROUP: usize = 8;

/// E entries of d sliced digits. Zeroized on drop.
pub(super) struct SlicedTable {
    digits: usize,
    data: Vec<__m256i>,
    /// One all-ones/zero mask per entry, rebuilt by each lookup.
    masks: Vec<__m256i>,
}

impl SlicedTable {
    /// `entries` zero entries of `digits` digits.
    #[target_feature(enable = "avx2")]
    pub(super) fn new(entries: usize, digits: usize) -> Self {
        SlicedTable {
            digits,
            data: vec![_mm256_setzero_si256(); entries * digits],
            masks: vec![_mm256_setzero_si256(); entries],
        }
    }

    /// Store entry `index`. Leaks: `index`.
    pub(super) fn store(&mut self, index: usize, value: &[__m256i]) {
        let d = self.digits;
        self.data[index * d..(index + 1) * d].copy_from_slice(value);
    }

    /// Entry `index`, read directly. Leaks: `index` (precomputation only).
    pub(super) fn public_entry(&self, index: usize) -> &[__m256i] {
        let d = self.digits;
        &self.data[index * d..(index + 1) * d]
    }

    /// `out` = in each lane l, entry `index[l]` (lane l of `index`, below E), reading every
    /// entry.
    ///
    /// Leaks: nothing of `index` (E and d are public).
    #[target_feature(enable = "avx2")]
    pub(super) fn select(&mut self, out: &mut [__m256i], index: __m256i) {
        let d = self.digits;
        assert_eq!(out.len(), d);
        for (e, m) in self.masks.iter_mut().enumerate() {
            *m = _mm256_cmpeq_epi64(index, _mm256_set1_epi64x(e as i64));
        }
        let masks = &self.masks;
        let full = d & !(GROUP - 1);
        for g in (0..full).step_by(GROUP) {
            let mut acc = [_mm256_setzero_si256(); GROUP];
            for (row, &m) in self.data.chunks_exact(d).zip(masks) {
                let part: &[__m256i; GROUP] = row[g..g + GROUP].try_into().expect("a group");
                for (a, &v) in acc.iter_mut().zip(part) {
                    *a = _mm256_or_si256(*a, _mm256_and_si256(v, m));
                }
            }
            out[g..g + GROUP].copy_from_slice(&acc);
        }
        if full < d {
            let mut acc = [_mm256_setzero_si256(); GROUP];
            for (row, &m) in self.data.chunks_exact(d).zip(masks) {
                for (a, &v) in acc.iter_mut().zip(&row[full..]) {
                    *a = _mm256_or_si256(*a, _mm256_and_si256(v, m));
                }
            }
            out[full..].copy_from_slice(&acc[..d - full]);
        }
    }
}

impl Drop for SlicedTable {
    fn drop(&mut self) {
        self.data.zeroize();
        self.masks.zeroize();
    }
}
