//! The exponentiation table. Every lookup reads every limb of every entry and keeps the wanted
//! entry by mask (seed 003 §IV's defence, without the scatter: reading all of the table makes
//! the memory trace independent of the index whatever the layout), so neither the branch trace
//! nor the memory trace depends on the index.
//!
//! Entries are stored one after another, so a lookup is E passes of `out |= entry & mask`
//! over contiguous limbs: loops the compiler vectorises. On x86-64 with AVX-512F (detected at
//! run time, and allowed by the active backend: `MONTVEC_BACKEND=portable` or `adx` keeps the
//! plain loop) the same loop is compiled for 512-bit registers. With AVX2, from four limbs up,
//! a lookup is written with intrinsics instead: one pass over the entries per 32 limbs, each
//! entry's mask from a vector compare (`gather_avx2`). The fused ADX kernels of 2 to 8 limbs
//! run the same compare-and-mask lookup inside their window step, over [`MaskedTable`]'s
//! entries as stored (`MontMul::sqr_times_lookup_mul`).
//!
//! There is deliberately no `Index` implementation: secret indices go through
//! [`MaskedTable::gather`] only; [`MaskedTable::public_entry`] is for the precomputation, whose
//! indices are public.

use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::aligned::AlignedLimbs;
use crate::limb::Limb;

/// E entries of k limbs, from a 64-byte boundary (see `aligned.rs`). Zeroized on drop.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct MaskedTable {
    entries: usize,
    limbs: usize,
    data: AlignedLimbs,
    masks: Vec<Limb>,
}

impl MaskedTable {
    /// An all-zero table of `entries` entries of `limbs` limbs.
    pub fn new(entries: usize, limbs: usize) -> Self {
        MaskedTable {
            entries,
            limbs,
            data: AlignedLimbs::zeroed(entries * limbs),
            masks: vec![0; entries],
        }
    }

    /// Store `value` as entry `index`. Leaks: `index` (only public indices are stored).
    pub fn store(&mut self, index: usize, value: &[Limb]) {
        debug_assert_eq!(value.len(), self.limbs);
        self.data.as_mut_slice()[index * self.limbs..(index + 1) * self.limbs]
            .copy_from_slice(value);
    }

    /// Entry `index`, read directly. Leaks: `index` (for the precomputation's public indices
    /// only; a secret index goes through [`MaskedTable::gather`]).
    pub fn public_entry(&self, index: usize) -> &[Limb] {
        &self.data.as_slice()[index * self.limbs..(index + 1) * self.limbs]
    }

    /// The number of entries.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// All entries, one after another (for a lookup inside a kernel, which reads them all).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn as_limbs(&self) -> &[Limb] {
        self.data.as_slice()
    }

    /// `out = entry[secret_index]`, reading every entry and selecting by mask.
    ///
    /// Leaks: nothing of `secret_index` (the table size is public).
    pub fn gather(&mut self, out: &mut [Limb], secret_index: Limb) {
        assert_eq!(out.len(), self.limbs);
        let data = self.data.as_slice();
        debug_assert_eq!(data.len(), self.entries * self.limbs);
        let masks = &mut self.masks;
        match GatherWidth::of_process() {
            #[cfg(target_arch = "x86_64")]
            GatherWidth::Avx512 => {
                // SAFETY: the CPU has AVX-512F (detected by `of_process`); the function is safe
                // code compiled with that feature enabled.
                unsafe { gather_avx512(data, masks, out, secret_index) }
            }
            #[cfg(target_arch = "x86_64")]
            GatherWidth::Avx2 => {
                // SAFETY: the CPU has AVX2 (detected by `of_process`); the function's own
                // vector loads and stores go through 4-limb arrays borrowed from the table and
                // `out`.
                unsafe { gather_avx2(data, masks, out, secret_index) }
            }
            GatherWidth::Rows => gather_rows(data, masks, out, secret_index),
        }
    }
}

/// AVX2, when the lookups run on vector compares ([`gather_avx2`] or wider): the proof a
/// kernel that looks up its own entry on AVX2 takes. `None` on CPUs without AVX2 and under the
/// `portable` and `adx` backends (whose lookups stay the plain rows).
///
/// Leaks: nothing secret (CPU features and the environment).
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx2_lookups() -> Option<crate::backend::Avx2Token> {
    match GatherWidth::of_process() {
        GatherWidth::Rows => None,
        GatherWidth::Avx2 | GatherWidth::Avx512 => crate::backend::Avx2Token::detect(),
    }
}

/// The registers the lookup runs in.
#[derive(Clone, Copy)]
enum GatherWidth {
    Rows,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl GatherWidth {
    /// The widest the CPU has and the active backend allows (AVX-512 on `ifma`, AVX2 on
    /// `avx2` or `ifma`, plain rows on `portable` and `adx`, so that a forced run exercises
    /// them), decided once per process.
    ///
    /// Leaks: nothing secret (CPU features and the environment).
    fn of_process() -> GatherWidth {
        static WIDTH: std::sync::OnceLock<GatherWidth> = std::sync::OnceLock::new();
        *WIDTH.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            {
                use crate::backend::Backend;
                let active = Backend::active();
                if matches!(active, Ok(Backend::Ifma))
                    && std::arch::is_x86_feature_detected!("avx512f")
                {
                    return GatherWidth::Avx512;
                }
                if matches!(active, Ok(Backend::Ifma | Backend::Avx2))
                    && std::arch::is_x86_feature_detected!("avx2")
                {
                    return GatherWidth::Avx2;
                }
            }
            GatherWidth::Rows
        })
    }
}

/// `out = OR over i of (row i & masks[i])`, rows of `out.len()` limbs, where `masks[i]` is
/// all-ones for `i == secret_index` only, eight output limbs at a time ([`gather_limbs`]).
#[inline(always)]
fn gather_rows(data: &[Limb], masks: &mut [Limb], out: &mut [Limb], secret_index: Limb) {
    for (i, m) in masks.iter_mut().enumerate() {
        // All-ones for exactly one entry, by arithmetic alone: d = i ^ index is zero only
        // there, and d | -d has its top bit set exactly when d != 0 (compiles to vector
        // compares or sete/neg: no branch).
        let d = (i as Limb) ^ secret_index;
        *m = ((d | d.wrapping_neg()) >> 63).wrapping_sub(1);
    }
    let masks = &*masks;
    let k = out.len();
    let full = k & !7;
    for c in (0..full).step_by(8) {
        gather_limbs::<8>(data, masks, out, c);
    }
    // The last k mod 8 limbs with their count known at compile time too: a loop over a
    // run-time count here was not vectorised (at 4 limbs, 256-bit moduli, the lookups took
    // 45% of an exponentiation).
    match k - full {
        1 => gather_limbs::<1>(data, masks, out, full),
        2 => gather_limbs::<2>(data, masks, out, full),
        3 => gather_limbs::<3>(data, masks, out, full),
        4 => gather_limbs::<4>(data, masks, out, full),
        5 => gather_limbs::<5>(data, masks, out, full),
        6 => gather_limbs::<6>(data, masks, out, full),
        7 => gather_limbs::<7>(data, masks, out, full),
        _ => {}
    }
}

/// `out[c..c + W]` = OR over rows of (`row[c..c + W]` & mask): W output limbs stay in
/// registers while every row streams past.
#[inline(always)]
fn gather_limbs<const W: usize>(data: &[Limb], masks: &[Limb], out: &mut [Limb], c: usize) {
    let k = out.len();
    let mut acc = [0 as Limb; W];
    for (row, &m) in data.chunks_exact(k).zip(masks) {
        let part: &[Limb; W] = row[c..c + W].try_into().expect("W limbs");
        for l in 0..W {
            acc[l] |= part[l] & m;
        }
    }
    out[c..c + W].copy_from_slice(&acc);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn gather_avx512(data: &[Limb], masks: &mut [Limb], out: &mut [Limb], secret_index: Limb) {
    gather_rows(data, masks, out, secret_index);
}

/// The AVX2 lookup. From four limbs up, each pass over the table keeps up to eight 4-limb
/// column vectors of the output in registers and takes each entry's mask from a vector compare
/// of the entry's number with the secret index ([`gather_pass`]); below four limbs, the rows.
///
/// Against the rows (masks computed into memory first, then broadcast per row), Zen 3,
/// `taskset -c 0`, ns per lookup, entries x limbs: 16x4 16.1 -> 7.1, 16x8 20.6 -> 12.2, 32x16
/// 41.8 -> 31.3, 64x32 134 -> 102.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gather_avx2(data: &[Limb], masks: &mut [Limb], out: &mut [Limb], secret_index: Limb) {
    let k = out.len();
    if k < 4 {
        gather_rows(data, masks, out, secret_index);
        return;
    }
    // Passes of eight vectors (32 limbs) while more than that is left, then one pass of the
    // vectors the rest needs; its last vector may overlap the one before it (it starts at
    // k - 4): both store the same limbs of the same entry.
    let mut first = 0;
    while k - first > 32 {
        gather_pass::<8>(data, out, first, secret_index);
        first += 32;
    }
    match (k - first).div_ceil(4) {
        1 => gather_pass::<1>(data, out, first, secret_index),
        2 => gather_pass::<2>(data, out, first, secret_index),
        3 => gather_pass::<3>(data, out, first, secret_index),
        4 => gather_pass::<4>(data, out, first, secret_index),
        5 => gather_pass::<5>(data, out, first, secret_index),
        6 => gather_pass::<6>(data, out, first, secret_index),
        7 => gather_pass::<7>(data, out, first, secret_index),
        _ => gather_pass::<8>(data, out, first, secret_index),
    }
}

/// One pass of [`gather_avx2`]: output limbs `c..c + 4` for the V columns c = min(first + 4v,
/// k - 4) (k = `out.len()` >= 4), each the OR over the entries of the entry's limbs AND the
/// entry's mask. The mask is `vpcmpeqq` of a vector counting the entries against the secret
/// index broadcast: all-ones for the wanted entry only, with no branch and no address that
/// depends on the index (a scalar mask, `d | -d` as in [`gather_rows`], was turned back into
/// a compare and a branch around the loads when fused into this loop).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gather_pass<const V: usize>(data: &[Limb], out: &mut [Limb], first: usize, secret_index: Limb) {
    use core::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_cmpeq_epi64, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let k = out.len();
    let columns: [usize; V] = core::array::from_fn(|v| (first + 4 * v).min(k - 4));
    let wanted = _mm256_set1_epi64x(secret_index as i64);
    let step = _mm256_set1_epi64x(1);
    let mut entry = _mm256_setzero_si256();
    let mut acc = [_mm256_setzero_si256(); V];
    for row in data.chunks_exact(k) {
        let mask = _mm256_cmpeq_epi64(entry, wanted);
        for (a, &c) in acc.iter_mut().zip(&columns) {
            let limbs: &[Limb; 4] = row[c..c + 4].try_into().expect("4 limbs");
            // SAFETY: `limbs` is 32 readable bytes; the load is unaligned.
            let x = unsafe { _mm256_loadu_si256(limbs.as_ptr().cast::<__m256i>()) };
            *a = _mm256_or_si256(*a, _mm256_and_si256(x, mask));
        }
        entry = _mm256_add_epi64(entry, step);
    }
    for (a, &c) in acc.iter().zip(&columns) {
        let limbs: &mut [Limb; 4] = (&mut out[c..c + 4]).try_into().expect("4 limbs");
        // SAFETY: `limbs` is 32 writable bytes; the store is unaligned.
        unsafe { _mm256_storeu_si256(limbs.as_mut_ptr().cast::<__m256i>(), *a) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_returns_each_entry() {
        // Every limb count mod 8 (each tail kernel), below and above eight limbs.
        for (entries, limbs) in [
            (1, 1),
            (4, 2),
            (2, 3),
            (16, 4),
            (8, 5),
            (4, 6),
            (4, 7),
            (16, 8),
            (16, 9),
            (4, 14),
            (4, 15),
            (32, 17),
            (64, 32),
        ] {
            let mut t = MaskedTable::new(entries, limbs);
            for i in 0..entries {
                let v: Vec<Limb> = (0..limbs)
                    .map(|j| (i * 1000 + j) as Limb ^ (u64::MAX << 7))
                    .collect();
                t.store(i, &v);
            }
            let mut out = vec![0xdead; limbs];
            for i in 0..entries {
                t.gather(&mut out, i as Limb);
                let want: Vec<Limb> = (0..limbs)
                    .map(|j| (i * 1000 + j) as Limb ^ (u64::MAX << 7))
                    .collect();
                assert_eq!(out, want);
                assert_eq!(t.public_entry(i), &want[..]);
            }
            // gather_rows alone (the portable path) agrees.
            let mut masks = vec![0; entries];
            gather_rows(
                t.data.as_slice(),
                &mut masks,
                &mut out,
                (entries - 1) as Limb,
            );
            assert_eq!(out[0], ((entries - 1) * 1000) as Limb ^ (u64::MAX << 7));
        }
    }

    /// The AVX2 and AVX-512 kernels, called directly: the process picks only one of them
    /// (AVX-512 on an IFMA machine), so the other is otherwise never run on that machine.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_gathers_return_each_entry() {
        // Every pass shape of the AVX2 lookup: below four limbs (the rows), one to eight
        // vectors, a last vector overlapping the one before it, several passes.
        let sizes = (1..=70).map(|limbs| (if limbs & 3 == 1 { 64 } else { 5 }, limbs));
        for (entries, limbs) in sizes.chain([(2, 3), (16, 4), (32, 9), (64, 17)]) {
            let data: Vec<Limb> = (0..entries * limbs)
                .map(|x| (x as Limb).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
                .collect();
            let mut masks = vec![0; entries];
            for i in 0..entries {
                let want = &data[i * limbs..(i + 1) * limbs];
                if std::arch::is_x86_feature_detected!("avx2") {
                    let mut out = vec![0xdead; limbs];
                    // SAFETY: AVX2 was detected just above.
                    unsafe { gather_avx2(&data, &mut masks, &mut out, i as Limb) };
                    assert_eq!(out, want, "avx2, {entries} x {limbs}, entry {i}");
                }
                if std::arch::is_x86_feature_detected!("avx512f") {
                    let mut out = vec![0xdead; limbs];
                    // SAFETY: AVX-512F was detected just above.
                    unsafe { gather_avx512(&data, &mut masks, &mut out, i as Limb) };
                    assert_eq!(out, want, "avx512, {entries} x {limbs}, entry {i}");
                }
            }
        }
    }
}
