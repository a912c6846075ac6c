//! Constant-time fixed-window exponentiation on word-sliced lanes (seed 001, seed 003 §IV):
//! every lane runs the same schedule of squarings and multiplications; each lane's table
//! entry is picked by comparing its window value with every index and blending, so every
//! entry is read in full whatever the exponents.
//!
//! Leaks: the digit count, the window width and the announced exponent length (the same for
//! every lane of the batch); nothing of the bases, exponents or moduli.
//!
//! Measurements and the variants tried, for the window width and the table lookup: the notes
//! below (docs/batch-ifma-pow.md).
#![doc = include_str!("../../../docs/batch-ifma-pow.md")]
use core::mem::MaybeUninit;

use super::carry::final_subtract;
use super::reduce::{mont_mul, mont_sqr, mont_sqr_times, SlicedModulus};
use zeroize::Zeroize;

use crate::aligned::AlignedLimbs;
use crate::batch::lanes::Lanes;
use crate::batch::sliced;

/// The most lanes of a lane vector ([`crate::batch::lanes::Pair`] of zmm).
const MAX_LANES: usize = 16;

/// The most table entries (window width 7).
const MAX_ENTRIES: usize = 128;

/// Bytes of a table that a lookup still reads at about L1 speed (Zen 5's L1D is 48 KiB).
const L1_TABLE_BYTES: usize = 48 << 10;

/// The window width for an exponent of `bits` bits and numbers of `d` digits in `lanes`
/// lanes: the fewest multiplications counting the table, with a lookup costing `2^w / (2d)`
/// of one (it reads `2^w d` digit rows against about `2 d^2` cycles of IFMAs a product), and
/// twice that when the table outgrows L1 and every lookup streams it from L2.
///
/// Measurements: the module notes, under `window_width` (docs/batch-ifma-pow.md).
pub(crate) fn window_width(bits: usize, d: usize, lanes: usize) -> usize {
    let cost = |w: usize| {
        let entries = 1usize << w;
        let from_l2 = entries * d * lanes * 8 > L1_TABLE_BYTES;
        let lookup = entries as f64 / (2 * d) as f64 * if from_l2 { 2.0 } else { 1.0 };
        bits.div_ceil(w) as f64 * (1.0 + lookup) + entries as f64
    };
    (1..=7)
        .min_by(|&a, &b| cost(a).total_cmp(&cost(b)))
        .unwrap_or(4)
}

/// Per lane, `out = base^exp mod N`, fully reduced below N. `base` is word-sliced below N;
/// `exps` has one exponent per lane (missing lanes count as 0), all of `exp_limbs` limbs;
/// `one` is R mod N and `r2` is R^2 mod N, word-sliced.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn pow_sliced<V: Lanes>(
    out: &mut [u64],
    base: &[u64],
    exps: &[&[u64]],
    exp_limbs: usize,
    m: &SlicedModulus<'_>,
    one: &[u64],
    r2: &[u64],
) {
    let l = V::LANES;
    let words = m.n.len();
    let d = V::digits(words);
    let bits = exp_limbs * 64;
    let w = window_width(bits, d, l);
    let entries = 1usize << w;
    let mut scratch = AlignedLimbs::zeroed(super::reduce::scratch_words_for::<V>(m));
    let scratch = scratch.as_mut_slice();
    // The table: entry e holds base^e R mod N (below 2N).
    let mut table_words = AlignedLimbs::zeroed(entries * words);
    let table = table_words.as_mut_slice();
    table[..words].copy_from_slice(one);
    mont_mul::<V>(&mut table[words..2 * words], base, r2, m, scratch);
    for e in 2..entries {
        let (done, rest) = table.split_at_mut(e * words);
        let dst = &mut rest[..words];
        if e & 1 == 0 {
            let half = e >> 1;
            mont_sqr::<V>(dst, &done[half * words..(half + 1) * words], m, scratch);
        } else {
            mont_mul::<V>(
                dst,
                &done[(e - 1) * words..e * words],
                &done[words..2 * words],
                m,
                scratch,
            );
        }
    }
    // A table too large to stay in L1 between lookups is laid out group-major for them (see
    // `select`); the table in entry order is then wiped and freed.
    let layout = if entries * words * 8 > GROUP_MAJOR_FROM_BYTES {
        Layout::GroupMajor
    } else {
        Layout::EntryMajor
    };
    let grouped;
    let table: &[u64] = match layout {
        Layout::EntryMajor => table,
        Layout::GroupMajor => {
            grouped = group_major::<V>(table, entries, words);
            drop(table_words);
            grouped.as_slice()
        }
    };
    // acc and tmp swap roles after each product instead of copying.
    let mut acc = AlignedLimbs::zeroed(words);
    let mut tmp = AlignedLimbs::zeroed(words);
    let mut entry = AlignedLimbs::zeroed(words);
    // The lookups' equality masks, one an entry (see `select`); they spell out each lane's
    // window value, so they are wiped after the last window, as `idx` is after each.
    let mut masks = MaybeUninit::<[V; MAX_ENTRIES]>::uninit();
    let windows = bits.div_ceil(w);
    let exps = LaneExponents::new(exps, exp_limbs, l);
    acc.as_mut_slice().copy_from_slice(one);
    for win in (0..windows).rev() {
        let lo = win * w;
        let width = w.min(bits - lo);
        let mut idx = exps.window_values(lo, width);
        // Group-major, sweeps alternate in direction: each starts on the lines the one before
        // ended on, the likeliest to be still in L1.
        let sweep = match layout {
            Layout::GroupMajor if win & 1 == 1 => Sweep::Backward,
            _ => Sweep::Forward,
        };
        select::<V>(
            entry.as_mut_slice(),
            &mut masks,
            table,
            &idx[..l],
            entries,
            layout,
            sweep,
        );
        idx.zeroize();
        if win + 1 < windows {
            mont_sqr_times::<V>(&mut acc, &mut tmp, width, m, scratch);
            mont_mul::<V>(
                tmp.as_mut_slice(),
                acc.as_slice(),
                entry.as_slice(),
                m,
                scratch,
            );
            core::mem::swap(&mut acc, &mut tmp);
        } else {
            core::mem::swap(&mut acc, &mut entry);
        }
    }
    let masks = masks.as_mut_ptr().cast::<V>();
    for e in 0..entries {
        // SAFETY: e < entries = 2^w <= MAX_ENTRIES (`window_width` picks w <= 7), within the
        // array; a volatile store, so the wipe of memory never read again is kept; the target
        // features cover V's.
        unsafe { core::ptr::write_volatile(masks.add(e), V::splat(0)) };
    }
    leave_form::<V>(out, acc.as_slice(), tmp.as_mut_slice(), m, scratch);
}

/// Per lane, `out = base^exp mod N` for **public** exponents, by square-and-multiply from the
/// longest exponent's top bit: a squaring per bit, and at each bit where some lane's exponent
/// has a 1, a product by the base kept in the lanes whose bit is set (a masked blend). The
/// last bit's product takes the base's value instead of its form, and so also leaves the
/// form. Lanes that share one exponent (RSA's e) pay a product into the form, 16 squarings
/// and that last product for e = 65537 (18 in all, where a product by the base's form and
/// one out of the form made 19: measured in the module notes), where the fixed window of
/// [`pow_sliced`] would run the exponent's announced 64 bits and a table.
/// Arguments as [`pow_sliced`]; exponents of any lengths.
///
/// Leaks: the exponents (their bits choose the operations); nothing of the bases or moduli.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn pow_sliced_vartime<V: Lanes>(
    out: &mut [u64],
    base: &[u64],
    exps: &[&[u64]],
    m: &SlicedModulus<'_>,
    one: &[u64],
    r2: &[u64],
) {
    let l = V::LANES;
    let words = m.n.len();
    // The exponents or-ed together (public): bit i is set where some lane's product is due,
    // and its bit length is the longest exponent's, `top`.
    let limbs = exps.iter().map(|e| e.len()).max().unwrap_or(0);
    let mut any = vec![0u64; limbs];
    for e in exps {
        any.iter_mut().zip(e.iter()).for_each(|(a, &w)| *a |= w);
    }
    let top = any
        .iter()
        .rposition(|&w| w != 0)
        .map_or(0, |i| 64 * i + 64 - any[i].leading_zeros() as usize);
    // Each bit of every lane from the transposed exponents, as the fixed window reads its
    // windows (`LaneExponents`). Read through the per-lane slices instead, a bit of every lane
    // was a gather: with e = 65537 on 8 lanes this form ran 0.903 / 0.951 / 0.988 / 0.985 of
    // that one's time at 512 / 1024 / 2048 / 4096 bits (Ice Lake, the two alternated in one
    // process, median of 15-21 rounds).
    let rows = LaneExponents::new(exps, limbs, l);
    let mut scratch = AlignedLimbs::zeroed(super::reduce::scratch_words_for::<V>(m));
    let scratch = scratch.as_mut_slice();
    let mut acc = AlignedLimbs::zeroed(words);
    let mut tmp = AlignedLimbs::zeroed(words);
    acc.as_mut_slice().copy_from_slice(one);
    // Bits top - 1 down to 1 in the Montgomery form: then acc = base^(e >> 1) R mod N in each
    // lane, below 2N (R mod N itself where e <= 1).
    if top >= 2 {
        // base R mod N, below 2N.
        let mut entry = AlignedLimbs::zeroed(words);
        mont_mul::<V>(entry.as_mut_slice(), base, r2, m, scratch);
        for i in (1..top).rev() {
            if i + 1 < top {
                mont_sqr::<V>(tmp.as_mut_slice(), acc.as_slice(), m, scratch);
                core::mem::swap(&mut acc, &mut tmp);
            }
            if (any[i >> 6] >> (i & 63)) & 1 == 0 {
                continue;
            }
            let mut mask = rows.window_values(i, 1);
            mask.iter_mut().for_each(|x| *x = x.wrapping_neg());
            if i + 1 == top {
                // acc is one: the product by the base is the base itself.
                tmp.as_mut_slice().copy_from_slice(entry.as_slice());
            } else {
                mont_mul::<V>(
                    tmp.as_mut_slice(),
                    acc.as_slice(),
                    entry.as_slice(),
                    m,
                    scratch,
                );
            }
            // SAFETY: mask has LANES words; the target features cover V's.
            let mask = unsafe { V::load(mask.as_ptr()) };
            blend::<V>(acc.as_mut_slice(), tmp.as_slice(), mask);
        }
        mont_sqr::<V>(tmp.as_mut_slice(), acc.as_slice(), m, scratch);
        core::mem::swap(&mut acc, &mut tmp);
    }
    // Bit 0 and the way out of the form in one product: acc times the base itself (not its
    // form) where the bit is set, times 1 elsewhere, over R, is base^e mod N, below 2N (the
    // base is below 2^(64k) <= R / 4, so the product of the two is below N R / 2, as for the
    // first product by R^2). One product fewer than a product by base R, then one by 1.
    let mut factor = AlignedLimbs::zeroed(words);
    factor.as_mut_slice()[..l].fill(1);
    // Every exponent zero (top = 0, perhaps of no limbs at all, with no bit 0 to read): 1.
    if top > 0 {
        let mut mask = rows.window_values(0, 1);
        mask.iter_mut().for_each(|x| *x = x.wrapping_neg());
        // SAFETY: mask has LANES words; the target features cover V's.
        let mask = unsafe { V::load(mask.as_ptr()) };
        blend::<V>(factor.as_mut_slice(), base, mask);
    }
    mont_mul::<V>(
        tmp.as_mut_slice(),
        factor.as_slice(),
        acc.as_slice(),
        m,
        scratch,
    );
    final_subtract::<V>(out, tmp.as_slice(), m.n, scratch);
}

/// `out` = acc / R mod N, fully reduced, for acc below 2N: acc * 1 / R < N + 1, so one masked
/// subtraction finishes. `tmp` has the words of one number.
#[inline(always)]
fn leave_form<V: Lanes>(
    out: &mut [u64],
    acc: &[u64],
    tmp: &mut [u64],
    m: &SlicedModulus<'_>,
    scratch: &mut [u64],
) {
    let mut unit = AlignedLimbs::zeroed(acc.len());
    unit.as_mut_slice()[..V::LANES].fill(1);
    // SAFETY: the callers' target features (IFMA, VL) are mont_mul's.
    unsafe { mont_mul::<V>(tmp, acc, unit.as_slice(), m, scratch) };
    final_subtract::<V>(out, tmp, m.n, scratch);
}

/// `acc` = `val` in the lanes where `mask` is all ones, else unchanged, digit by digit.
#[inline(always)]
fn blend<V: Lanes>(acc: &mut [u64], val: &[u64], mask: V) {
    let l = V::LANES;
    assert!(acc.len() == val.len() && acc.len().is_multiple_of(l));
    for i in (0..acc.len()).step_by(l) {
        // SAFETY: digit i / l of both (asserted lengths); the callers' target features cover
        // V's.
        unsafe {
            let a = V::load(acc.as_ptr().add(i));
            let v = V::load(val.as_ptr().add(i));
            a.select_mask(mask, v).store(acc.as_mut_ptr().add(i));
        }
    }
}

/// The lanes' exponents transposed ([`sliced::limb_rows`]), so that a window of every lane
/// comes from two contiguous rows: no gather. (Read through the per-lane slices, LLVM made the
/// extraction three `vpgatherqq` a window, under about a quarter of `pow_sliced`'s own `perf`
/// samples at 512 bits; without them 512-bit exponentiations ran 1-3% faster, 1024-bit ones
/// even.) Zeroized on drop.
struct LaneExponents {
    rows: AlignedLimbs,
    lanes: usize,
}

impl LaneExponents {
    /// `exps` (one per lane, at most `lanes`, each of at most `limbs` limbs) transposed.
    fn new(exps: &[&[u64]], limbs: usize, lanes: usize) -> Self {
        LaneExponents {
            rows: sliced::limb_rows(exps, limbs, lanes),
            lanes,
        }
    }

    /// Each lane's window value: bits `lo .. lo + width` of its exponent (public positions,
    /// within the exponents' limbs).
    fn window_values(&self, lo: usize, width: usize) -> [u64; MAX_LANES] {
        let mut v = [0u64; MAX_LANES];
        sliced::row_field(
            self.rows.as_slice(),
            self.lanes,
            lo,
            width,
            &mut v[..self.lanes],
        );
        v
    }
}

/// `out` = per lane, table entry `idx[lane]` (the table laid out as `layout` says): one
/// equality mask per entry, then every row of every entry read and or-ed in under its mask
/// (`vpternlogq`), so every entry is read in full. A group-major table is read in one sweep,
/// from its start or from its end.
///
/// Measurements and the variants tried: the module notes, under `select`
/// (docs/batch-ifma-pow.md).
#[inline(always)]
fn select<V: Lanes>(
    out: &mut [u64],
    masks: &mut MaybeUninit<[V; MAX_ENTRIES]>,
    table: &[u64],
    idx: &[u64],
    entries: usize,
    layout: Layout,
    sweep: Sweep,
) {
    let l = V::LANES;
    let words = out.len();
    assert!(table.len() == entries * words && idx.len() == l && entries <= MAX_ENTRIES);
    // SAFETY: idx has LANES words; the callers' target features cover V's.
    let idx = unsafe { V::load(idx.as_ptr()) };
    // Only the first `entries` masks are written and read: initialising all MAX_ENTRIES
    // was an 8 KiB memset a window (3% of a 1024-bit exponentiation).
    let masks = masks.as_mut_ptr().cast::<V>();
    for e in 0..entries {
        // SAFETY: e < entries <= MAX_ENTRIES, within the array; target features as above.
        unsafe { masks.add(e).write(idx.eq_mask(V::splat(e as u64))) };
    }
    // SAFETY: the first `entries` elements were written just above.
    let masks = unsafe { core::slice::from_raw_parts(masks, entries) };
    // Written out for each direction: a closure over the groups would not inherit the
    // target features, and its row loads and masks would be calls.
    let d = V::digits(words);
    match sweep {
        Sweep::Forward => {
            for (i, width) in digit_groups(d) {
                select_group::<V>(out, table, masks, words, (i, width), layout, sweep);
            }
        }
        Sweep::Backward => {
            for (i, width) in digit_groups(d).rev() {
                select_group::<V>(out, table, masks, words, (i, width), layout, sweep);
            }
        }
    }
}

/// [`select_digits`] for the group of `width` digits from digit `i`.
#[inline(always)]
fn select_group<V: Lanes>(
    out: &mut [u64],
    table: &[u64],
    masks: &[V],
    words: usize,
    (i, width): (usize, usize),
    layout: Layout,
    sweep: Sweep,
) {
    match width {
        8 => select_digits::<V, 8>(out, table, masks, words, i, layout, sweep),
        4 => select_digits::<V, 4>(out, table, masks, words, i, layout, sweep),
        2 => select_digits::<V, 2>(out, table, masks, words, i, layout, sweep),
        _ => select_digits::<V, 1>(out, table, masks, words, i, layout, sweep),
    }
}

/// How the table's rows are laid out.
#[derive(Clone, Copy)]
enum Layout {
    /// Entry after entry, each digit after digit.
    EntryMajor,
    /// Digit group after digit group ([`group_major`]).
    GroupMajor,
}

/// Tables above this many bytes are laid out group-major: at 2048 bits (40 KiB on 8 lanes)
/// the layout measured 3-4% faster, while at 512 bits on 16 lanes (20 KiB) it ran 1-2%
/// slower and at 1536 bits (30 KiB) even or 1% slower (Zen 5, 48 KiB L1D).
const GROUP_MAJOR_FROM_BYTES: usize = 32 << 10;

/// The direction of a lookup's sweep over the table.
#[derive(Clone, Copy)]
enum Sweep {
    Forward,
    Backward,
}

/// The digit groups (first digit, width) a lookup reads at once: eights (eight independent
/// or-chains, one mask load for eight rows), then a four, a two and a one for the last
/// d mod 8.
fn digit_groups(d: usize) -> impl DoubleEndedIterator<Item = (usize, usize)> {
    let eights = d >> 3;
    let rest = d & 7;
    (0..eights).map(|g| (8 * g, 8)).chain(
        [4, 2, 1]
            .into_iter()
            .filter(move |w| rest & w != 0)
            // Below this group: the eights and the wider groups of the rest.
            .map(move |w| (8 * eights + (rest & !(2 * w - 1)), w)),
    )
}

/// `table` (entries of `words` words one after another) rearranged digit group by digit
/// group ([`digit_groups`]): group (i, W) holds rows i..i + W of entry 0, then of entry 1,
/// and so on, from word `entries * i * l`, so that a lookup reads it in one sweep.
fn group_major<V: Lanes>(table: &[u64], entries: usize, words: usize) -> AlignedLimbs {
    let l = V::LANES;
    assert_eq!(table.len(), entries * words);
    let mut out = AlignedLimbs::zeroed(table.len());
    let dst = out.as_mut_slice();
    for (i, width) in digit_groups(V::digits(words)) {
        for e in 0..entries {
            let to = entries * i * l + e * width * l;
            let from = e * words + i * l;
            dst[to..to + width * l].copy_from_slice(&table[from..from + width * l]);
        }
    }
    out
}

/// Digits `i..i + W` of [`select`], entries in `sweep` order.
#[inline(always)]
fn select_digits<V: Lanes, const W: usize>(
    out: &mut [u64],
    table: &[u64],
    masks: &[V],
    words: usize,
    i: usize,
    layout: Layout,
    sweep: Sweep,
) {
    let l = V::LANES;
    let entries = masks.len();
    assert!((i + W) * l <= words && table.len() >= entries * words);
    // Row r of entry e at base + e stride + r l.
    let (base, stride) = match layout {
        Layout::EntryMajor => (i * l, words),
        Layout::GroupMajor => (entries * i * l, W * l),
    };
    // SAFETY: the callers' target features cover V's.
    let mut v = [unsafe { V::splat(0) }; W];
    for k in 0..entries {
        let e = match sweep {
            Sweep::Forward => k,
            Sweep::Backward => entries - 1 - k,
        };
        for (r, vr) in v.iter_mut().enumerate() {
            // SAFETY: entry-major, e words + (i + r + 1) l <= entries words; group-major,
            // entries i l + (e W + r + 1) l <= entries (i + W) l <= entries words: within the
            // table (asserted).
            let row = unsafe { V::load(table.as_ptr().add(base + e * stride + r * l)) };
            *vr = vr.or_and(masks[e], row);
        }
    }
    for (r, vr) in v.iter().enumerate() {
        // SAFETY: digit i + r of out.
        unsafe { vr.store(out.as_mut_ptr().add((i + r) * l)) };
    }
}

#[cfg(test)]
mod tests {
    use super::{digit_groups, window_width};

    /// The groups cover digits 0..d once each, in order, eights first.
    #[test]
    fn digit_groups_cover_every_digit_in_order() {
        for d in 0..=200 {
            let mut next = 0;
            for (i, w) in digit_groups(d) {
                assert_eq!(i, next, "d = {d}");
                assert!(matches!(w, 8 | 4 | 2 | 1));
                assert!(w == 8 || i + 8 > d, "d = {d}: a short group before the end");
                next = i + w;
            }
            assert_eq!(next, d, "d = {d}");
            let back: Vec<_> = digit_groups(d).rev().collect();
            let mut fwd: Vec<_> = digit_groups(d).collect();
            fwd.reverse();
            assert_eq!(back, fwd);
        }
    }

    /// The widths the measurements in `window_width`'s doc chose, for 8 lanes and full-size
    /// exponents (d = ceil((bits + 2) / 52) digits).
    #[test]
    fn widths_at_the_measured_sizes() {
        for (bits, d, w) in [(512, 10, 4), (1024, 20, 4), (1536, 30, 4), (2048, 40, 4)] {
            assert_eq!(window_width(bits, d, 8), w, "{bits} bits");
        }
        for (bits, d, w) in [(3072, 60, 5), (4096, 79, 5)] {
            assert_eq!(window_width(bits, d, 8), w, "{bits} bits");
        }
    }
}
