//! The almost-Montgomery product with one number held across the four lanes of ymm
//! registers, each lane a quarter of its digits: with h = ceil(d / 4), register j holds
//! digits j, j + h, j + 2h and j + 3h in lanes 0 to 3 (zero beyond d). This is the lane
//! split of the batch engines' `batch/ifma/split.rs` (there one number in a pair of lanes,
//! here in all four), for one operation at a time. The IFMA variant takes it on CPUs that run
//! zmm instructions as two halves (Zen 4), where it was measured; see `Ifma::new`.
//!
//! Against the layout of `amm.rs` (digit 8j + l in lane l of zmm register j), no register
//! shifts: the running sum's window of columns moves down by renaming registers, since each
//! lane's window is its own column range. Step i, for digit b_i (broadcast from memory):
//! 1. every lane adds its quarter of a times b_i, lo halves into slot j and hi halves into
//!    slot j + 1;
//! 2. the quotient digit y = lo52(column_i n') from lane 0's slot 0, broadcast to all lanes
//!    (up to 16 digits, column i is formed in every lane ahead of time instead: see `amm`);
//! 3. every lane adds its quarter of n times y; lane 0's column i drops out with its carry
//!    ceil(column_i / 2^52) into column i + 1;
//! 4. lane k's lowest column, i + kh, takes no more terms in lane k (its later columns start
//!    at i + 1 + kh): it moves into lane k - 1's slot h, the same column (one `valignq`);
//! 5. the window shifts down one column.
//!
//! After d steps slot s of lane k holds column d + kh + s of (A B + Y n), whose digits
//! kh + s are the result's, carried into 52 bits (`carry_into_digits`: one pass over the
//! slots, then each lane's carry into the next lane with one level of carry lookahead for
//! the carries that ripple through a whole lane).
//!
//! Column bound: a column spends at most h + 1 steps in each of the four lanes, taking at
//! most four terms below 2^52 a step, and a carry below 2^12 from below: under
//! 16 (h + 1) 2^52 + 2^12 < 2^61 for h <= 20, so the arithmetic shift of the carry is exact.
//!
//! Measurements and the variants tried: the notes below (docs/mont-ifma-quarters.md).
#![doc = include_str!("../../../docs/mont-ifma-quarters.md")]
use crate::backend::IfmaToken;
use crate::batch::lanes::{Lanes, Ymm, DIGIT_MASK};

/// Fewest digits the kernel takes: 9 (415 to 466 bits). Smaller moduli keep `amm.rs`, where
/// the variant is not the automatic choice (the ADX CIOS kernels win up to 448 bits, see
/// [`crate::Algorithm::auto_for_bits`]).
pub(crate) const MIN_DIGITS: usize = 9;
/// Most digits the kernel takes: 80 (4158 bits); h = 20 digits a lane.
pub(crate) const MAX_DIGITS: usize = 80;

/// Accumulator slots: h + 1 are used, h <= 20; more so that the unrolled bodies, whose
/// indices reach 22, type-check (those beyond h + 1 are compiled out).
const WINDOW: usize = 23;

/// Up to this many digits a lane (16 digits, 830 bits), four windows of accumulators (see
/// `amm`).
const FOUR_WINDOWS_UP_TO: usize = 4;
/// Up to this many digits a lane, two windows of accumulators (as in `split.rs`); above, one.
const TWO_WINDOWS_UP_TO: usize = 12;

/// Digits a lane: ceil(d / 4).
pub(crate) const fn quarter(d: usize) -> usize {
    (d + 3) >> 2
}

/// Words of an element of `d` digits: four a slot.
pub(crate) const fn words(d: usize) -> usize {
    4 * quarter(d)
}

/// Word of digit `r` of a `d`-digit number (digit j + kh at word 4j + k), for laying numbers
/// out; every digit r < d has its own word below [`words`]`(d)`.
///
/// Leaks: nothing secret (positions only).
pub(crate) fn word_of(r: usize, d: usize) -> usize {
    let h = quarter(d);
    let mut k = 0;
    while (k + 1) * h <= r {
        k += 1;
    }
    4 * (r - k * h) + k
}

/// `$body` for `$t` = 0, 1, .., 21, skipping `$t >= $k`: unrolled, with constant indices.
macro_rules! each_slot {
    ($k:expr, |$t:ident| $body:block) => {
        each_slot!(@ $k, |$t| $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21)
    };
    (@ $k:expr, |$t:ident| $body:block, $($i:literal)*) => {
        $(
            #[allow(unused_comparisons)]
            if $i < $k {
                let $t: usize = $i;
                $body
            }
        )*
    };
}

/// `out = a b / 2^(52 d) mod n`, below 2n, for a and b below 2n, all [`words`]`(d)` words in
/// the quarters layout with normalised digits; `k0` = -n^-1 mod 2^52, or `None` when n is
/// -1 mod 2^52 (the Montgomery-friendly multiple of `Ifma`), so that each quotient digit is
/// its column's low digit and takes no product.
///
/// Leaks: d (the size of n) and whether `k0` is `None`, nothing of the values.
pub(crate) fn almost_mont_mul(
    token: IfmaToken,
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: Option<u64>,
    d: usize,
) {
    let w = words(d);
    assert!(out.len() == w && a.len() == w && b.len() == w && n.len() == w);
    assert!((MIN_DIGITS..=MAX_DIGITS).contains(&d));
    let _ = token;
    macro_rules! dispatch {
        ($($c:literal)*) => {
            match quarter(d) {
                $( $c => {
                    // SAFETY: `token` proves AVX-512 F, IFMA and VL were detected at run
                    // time; the slices have the kernel's words (asserted above).
                    unsafe {
                        match k0 {
                            Some(k0) => amm::<$c, false>(out, a, b, n, k0, d),
                            None => amm::<$c, true>(out, a, b, n, 1, d),
                        }
                    }
                } )*
                _ => unreachable!("digits checked above"),
            }
        };
    }
    // One kernel a lane's digit count h (3 to 20), not one a digit count: the four digit
    // counts of an h differ only in where the steps stop (72 kernels were a fifth of the
    // crate's code to compile).
    dispatch!(3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20);
}

/// [`almost_mont_mul`] for `d` digits, `H` = ceil(d / 4) a lane.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
fn amm<const H: usize, const FRIENDLY: bool>(
    out: &mut [u64],
    a: &[u64],
    b: &[u64],
    n: &[u64],
    k0: u64,
    d: usize,
) {
    let h = H;
    assert!(quarter(d) == H);
    let w = words(d);
    assert!(out.len() >= w && a.len() >= w && b.len() >= w && n.len() >= w);
    // A macro, not a closure: a closure is a function of its own, outside the target features.
    macro_rules! slot {
        ($p:expr, $j:expr) => {
            // SAFETY: $j < h, so words 4 $j .. 4 $j + 4 lie within the w = 4h asserted above.
            unsafe { Ymm::load($p.as_ptr().add(4 * $j)) }
        };
    }
    // SAFETY: the target features cover Ymm's.
    let (zero, k0, round_up) = unsafe { (Ymm::splat(0), Ymm::splat(k0), Ymm::splat(DIGIT_MASK)) };
    let (mut av, mut nv) = ([zero; WINDOW], [zero; WINDOW]);
    each_slot!(h, |j| {
        av[j] = slot!(a, j);
        nv[j] = slot!(n, j);
    });
    // The running sum is split over windows of accumulators so that few IFMAs chain on one
    // register a step: a column waits on its register's chain in each of the h steps it
    // spends in the window. Window a_lo takes the lo halves of a b_i, a_hi the hi halves,
    // n_lo and n_hi those of n y, and n_lo the moved columns. Up to FOUR_WINDOWS_UP_TO digits
    // a lane (830 bits) all four are distinct (one IFMA a register a step) and the quotient
    // digits are formed ahead (see `run`); up to TWO_WINDOWS_UP_TO, two (a b and n y, as
    // `split.rs`); above, one (the registers run out). Measured on Zen 4 (`montvec bench --ops
    // exp --algorithms ifma`, three alternating runs, medians): four windows against two,
    // 512 bits 33.6 -> 32.6 us, 768 bits 69.3 -> 66.3 us. The windows are four named arrays,
    // bound by the macro below (distinct, or one array under several names): one array of
    // four windows indexed by constants computed from h was left in memory, and 512-bit
    // products took twice as long.
    let (mut w0, mut w1, mut w2, mut w3) = (
        [zero; WINDOW],
        [zero; WINDOW],
        [zero; WINDOW],
        [zero; WINDOW],
    );
    // Lane 0's digits 0 and 1 of a and n, in every lane: the column whose quotient digit is
    // next, kept in every lane (see `ahead` in `run`).
    // SAFETY: words 0 and 4 lie within a and n (w = 4h >= 12).
    let (a0, n0, n1) = unsafe { (Ymm::splat(a[0]), Ymm::splat(n[0]), Ymm::splat(n[4])) };
    // The quotient digit of the column in lane 0 of `$c`, in every lane: the column's low
    // digit modulo the Montgomery-friendly multiple, else lo52(column k0).
    macro_rules! quotient_digit {
        ($c:expr) => {
            if FRIENDLY {
                $c.lane0_to_all()
            } else {
                zero.madd_lo($c, k0).lane0_to_all()
            }
        };
    }
    macro_rules! run {
        ($a_lo:ident, $a_hi:ident, $n_lo:ident, $n_hi:ident; [$($a:ident)+] [$($n:ident)*];
            ahead: $ahead:literal, next_y: $next_y:literal) => {{
            // With `$ahead`: column i in every lane (`column_all`) and its quotient digit y,
            // from the column's sum before step i - 1's quotient (`early`, broadcast while
            // that quotient is formed) and the four terms that come after it. Without, y is
            // lane 0's column broadcast: the broadcast and the sum of the windows' slot 0 lie
            // on the chain from one y to the next. Measured on Zen 4 (`montvec bench --ops exp
            // --algorithms ifma`, alternating runs, together with the moved columns into n_lo
            // and one sum for slot 1): 512 bits 32.1 -> 30.4 us; with two windows (1024 to
            // 2048 bits) it lost, 128 -> 136 us at 1024 bits.
            let (mut column_all, mut y_prev, mut early) = (zero, zero, zero);
            let mut y_next = zero;
            // Digit i = kh + j of b is word 4j + k: lane k's quarter, in order.
            for k in 0..4 {
                for j in 0..h {
                    if k * h + j >= d {
                        break;
                    }
                    // SAFETY: 4j + k < 4h = w, within b (asserted).
                    let bi = unsafe { Ymm::splat(b[4 * j + k]) };
                    // Step 1.
                    each_slot!(h, |s| {
                        $a_lo[s] = $a_lo[s].madd_lo(av[s], bi);
                        $a_hi[s + 1] = $a_hi[s + 1].madd_hi(av[s], bi);
                    });
                    let (column, y) = if $ahead {
                        // Step 2, column i in every lane: the sum of its terms up to step
                        // i - 1 before y_(i-1) (`early`), lo(a_0 b_i), lo(n_1 y_(i-1)),
                        // hi(n_0 y_(i-1)) and the carry out of column i - 1, ceil(c / 2^52)
                        // for that column's c. Friendly, n_0 = 2^52 - 1: hi(n_0 y) = y - 1
                        // for y = c mod 2^52 > 0, so that hi term and the carry are
                        // (c >> 52) + (c mod 2^52), with no IFMA. The chain from one y to
                        // the next is one IFMA and an add (friendly); the broadcast is off it.
                        let tail = if FRIENDLY {
                            column_all.carry().add(column_all.digit()).add(early)
                        } else {
                            column_all.add(round_up).carry().add(early).madd_hi(n0, y_prev)
                        };
                        column_all = zero.madd_lo(a0, bi).madd_lo(n1, y_prev).add(tail);
                        // y and `early` computed here, ahead of the step's other IFMAs in
                        // program order (see `Lanes::computed_here`): LLVM sank them below,
                        // and the next step's chain waited for those IFMAs (512 bits 29.5 ->
                        // 28.85 us, 768 bits 63.1 -> 62.6, three alternating runs).
                        let y = if FRIENDLY { column_all } else { zero.madd_lo(column_all, k0) };
                        let y = y.computed_here();
                        y_prev = y;
                        // Column i + 1 (slot 1, lane 0) so far, for the next step. Slot 1's
                        // sum then stands for the windows' slot 1 (the sum of slot 0 takes
                        // two adds fewer a step).
                        let next = plus_sum!(sum_of!($($a[1]),+); $($n[1])*);
                        early = next.lane0_to_all().computed_here();
                        $( $a[1] = zero; )+
                        $( $n[1] = zero; )*
                        $n_lo[1] = next;
                        // Lane 0 of the windows' slot 0 is not read again: its column is
                        // `column_all`. Lanes 1 to 3 need no carry.
                        (sum_of!($($a[0]),+$(, $n[0])*), y)
                    } else {
                        // Step 2: slot 0 of every distinct window (the last column's carry
                        // came in as the accumulator of hi(n_0 y) in step 3).
                        let column = plus_sum!(sum_of!($($a[0]),+); $($n[0])*);
                        // With n = -1 mod 2^52, -n^-1 = 1: y is the column's low digit, and
                        // IFMA reads only the low 52 bits of y, so the column itself serves
                        // (one IFMA, 4 cycles, off the chain from one y to the next).
                        // Ahead of the step's other IFMAs (as above: 1024 bits 127.9 ->
                        // 127.1 us, 2048 even).
                        // (With `$next_y`, the last step formed y but for step 0's.)
                        let y = if $next_y && k * h + j > 0 {
                            y_next
                        } else {
                            quotient_digit!(column)
                        };
                        let y = y.computed_here();
                        (column, y)
                    };
                    // Step 3. In lane 0 column + lo(n_0 y) = 0 mod 2^52, so its carry is the
                    // column rounded up (below 2^61: no wrap); the other lanes carry nothing
                    // (step 4 moves their whole column).
                    let finished = column.madd_lo(nv[0], y);
                    let hi0 = if $ahead {
                        zero.madd_hi(nv[0], y)
                    } else {
                        column.add(round_up).carry().lane0_only().madd_hi(nv[0], y)
                    };
                    if h > 1 {
                        $n_hi[2] = $n_hi[2].madd_hi(nv[1], y);
                        $n_lo[1] = $n_lo[1].madd_lo(nv[1], y);
                    }
                    // After slot 1's IFMA: hi0 comes 4 cycles after y too, and added first
                    // it would put both on one chain.
                    $n_hi[1] = $n_hi[1].add(hi0);
                    // With `$next_y` (one window), the next step's y here, where its column
                    // (lane 0's slot 1) lacks only lo(a_0 b_(i+1)), which is added to a copy
                    // (the window takes it again in step 1): ahead in program order of this
                    // step's other IFMAs, as `split.rs` does. Measured on Zen 4 (`montvec
                    // bench --ops exp --algorithms ifma`, three alternating runs): 2560 bits
                    // 1.371 -> 1.325 ms, 3072 bits 2.339 -> 2.233, 4096 bits 4.90 -> 4.84;
                    // with two windows it lost (1024 bits 127 -> 148 us, 2048 702 -> 710).
                    if $next_y {
                        let (k2, j2) = if j + 1 < h { (k, j + 1) } else { (k + 1, 0) };
                        if k2 < 4 && k2 * h + j2 < d {
                            // SAFETY: 4 j2 + k2 < 4h = w, within b (asserted).
                            let b_next = unsafe { Ymm::splat(b[4 * j2 + k2]) };
                            let next = plus_sum!(sum_of!($($a[1]),+); $($n[1])*)
                                .madd_lo(a0, b_next);
                            y_next = quotient_digit!(next).computed_here();
                        }
                    }
                    each_slot!(h, |s| {
                        if s >= 2 {
                            $n_lo[s] = $n_lo[s].madd_lo(nv[s], y);
                            $n_hi[s + 1] = $n_hi[s + 1].madd_hi(nv[s], y);
                        }
                    });
                    // Step 4: lane k's finished column into lane k - 1's slot h (lane 0's,
                    // whose value went into the carry, drops out), in window n_lo: slot h of
                    // a_lo takes an IFMA a step from the next step on, which put the moved
                    // column on a chain of IFMAs into the sum for y (512 bits 30.9 -> 30.4 us).
                    $n_lo[h] = $n_lo[h].add(finished.shifted_down());
                    // Step 5 (slot h + 1 is never written: slot h becomes zero).
                    each_slot!(h + 1, |s| {
                        $( $a[s] = $a[s + 1]; )+
                        $( $n[s] = $n[s + 1]; )*
                    });
                }
            }
            // The carry out of the last column, lane 0 only (without `$ahead`, it is in the
            // windows already).
            let pending = if $ahead {
                column_all.add(round_up).carry().lane0_only()
            } else {
                zero
            };
            let mut acc = [zero; WINDOW];
            each_slot!(h, |s| {
                acc[s] = plus_sum!(sum_of!($($a[s]),+); $($n[s])*);
            });
            acc[0] = acc[0].add(pending);
            acc
        }};
    }
    macro_rules! sum_of {
        ($x:expr) => { $x };
        ($x:expr, $($rest:expr),+) => { $x.add(sum_of!($($rest),+)) };
    }
    // `$c` plus the sum of the rest, if any: (a-side) + (n-side) as a tree of two halves.
    macro_rules! plus_sum {
        ($c:expr;) => { $c };
        ($c:expr; $($x:expr)+) => { $c.add(sum_of!($($x),+)) };
    }
    let mut acc = if h <= FOUR_WINDOWS_UP_TO {
        run!(w0, w1, w2, w3; [w0 w1] [w2 w3]; ahead: true, next_y: false)
    } else if h <= TWO_WINDOWS_UP_TO {
        run!(w0, w0, w2, w2; [w0] [w2]; ahead: false, next_y: false)
    } else {
        run!(w0, w0, w0, w0; [w0] []; ahead: false, next_y: true)
    };
    // Slot s of lane k is the result's digit kh + s. The result is below 2n < 2^(52 d).
    carry_into_digits(&mut acc, h);
    each_slot!(h, |s| {
        // SAFETY: s < h: words 4s .. 4s + 4 lie within out (asserted).
        unsafe { acc[s].store(out.as_mut_ptr().add(4 * s)) };
    });
}

/// Carries `acc[..h]` into 52-bit digits in place: slot s of lane k holds column kh + s of a
/// number below 2^(52 * 4h) (so that no carry leaves lane 3's top), each column below 2^61.
///
/// Leaks: h, nothing of the values.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
#[inline]
fn carry_into_digits(acc: &mut [Ymm; WINDOW], h: usize) {
    // SAFETY: the target features cover Ymm's.
    let (zero, round_up) = unsafe { (Ymm::splat(0), Ymm::splat(DIGIT_MASK)) };
    // Two stages.
    // 1. A pass over the slots in every lane at once. Columns are below 2^61, so this leaves
    //    digits below 2^52 and each lane's carry out of its top slot below 2^9.
    let mut carry = zero;
    each_slot!(h, |s| {
        let v = acc[s].add(carry);
        carry = v.carry();
        acc[s] = v.digit();
    });
    // 2. Lane k takes lane k - 1's carry at its slot 0: x0 = digit + carry, below 2^52 + 2^9.
    //    A lane passes a carry on beyond that only if its slots 1..h-1 are all 2^52 - 1
    //    (`full`): it generates one if x0 >= 2^52, and propagates one from below if
    //    x0 = 2^52 - 1. Lane 0 takes no carry, so it generates none, and lane 3's would leave
    //    the number: the extra carries out of lanes 1 and 2 are g_1 and g_2 | p_2 g_1, one
    //    level of carry lookahead (one lane shift). Each lane's extra carry of 0 or 1 then
    //    ripples through the slots of its lane at once: slot s takes it where slots 1..s-1
    //    are all 2^52 - 1 (`through[s]`). This stands in for three more passes over the slots
    //    (2h + 2 cycles each, on the chain from one product to the next).
    // SAFETY: the target features cover Ymm's.
    let all_ones = unsafe { Ymm::splat(u64::MAX) };
    let mut full = all_ones;
    let mut through = [all_ones; WINDOW];
    each_slot!(h, |s| {
        if s >= 1 {
            through[s] = full;
            full = full.and(acc[s].eq_mask(round_up));
        }
    });
    let x0 = acc[0].add(carry.shifted_up());
    let generate = x0.carry().and(full);
    let propagate = x0.eq_mask(round_up).and(full);
    let carry_out = generate.or_and(propagate, generate.shifted_up());
    let x = x0.add(carry_out.shifted_up());
    let carry = x.carry();
    acc[0] = x.digit();
    each_slot!(h, |s| {
        if s >= 1 {
            acc[s] = acc[s].add(carry.and(through[s])).digit();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The number whose column r is `columns[r]`, in num-bigint.
    fn column_sum(columns: &[u64]) -> BigUint {
        columns
            .iter()
            .enumerate()
            .map(|(r, &c)| BigUint::from(c) << (52 * r))
            .sum()
    }

    /// `carry_into_digits` on `columns` (column kh + s at slot s, lane k), against the sum
    /// of the columns in num-bigint.
    fn check_carries(columns: &[u64], h: usize) {
        let mut acc = [[0u64; 4]; WINDOW];
        for (r, &c) in columns.iter().enumerate() {
            acc[r % h][r / h] = c;
        }
        let expected = column_sum(columns);
        assert!(
            expected.bits() <= 52 * 4 * h as u64,
            "the case breaks the bound"
        );
        let mut out = [[0u64; 4]; WINDOW];
        // SAFETY: the caller detected AVX-512 F, IFMA and VL; every pointer is to four words.
        unsafe {
            let mut v = [Ymm::splat(0); WINDOW];
            for s in 0..h {
                v[s] = Ymm::load(acc[s].as_ptr());
            }
            carry_into_digits(&mut v, h);
            for s in 0..h {
                v[s].store(out[s].as_mut_ptr());
            }
        }
        let got: BigUint = (0..4 * h)
            .map(|r| {
                let digit = out[r % h][r / h];
                assert!(digit < 1 << 52, "digit {r} not carried: {digit:#x}");
                BigUint::from(digit) << (52 * r)
            })
            .sum();
        assert_eq!(got, expected, "h = {h}, columns {columns:x?}");
    }

    #[test]
    fn carries_ripple_through_full_lanes() {
        if IfmaToken::detect().is_none() {
            return;
        }
        const M: u64 = DIGIT_MASK;
        let mut rng = ChaCha8Rng::seed_from_u64(52);
        let mut cases = 0;
        for h in [3, 4, 5, 10, 20] {
            for _ in 0..4000 {
                // Choose what the first stage leaves (digits, and each slot's carry out, the
                // top slot's being its lane's), and build the columns that give it: every
                // lane full (all 2^52 - 1 above slot 0) or not, slot 0 at the generate and
                // propagate boundaries, carries from 0 to 2^9 - 1.
                let mut digits = vec![0u64; 4 * h];
                let mut carries = vec![0u64; 4 * h];
                for k in 0..4 {
                    let full = rng.gen_bool(0.6);
                    for s in 0..h {
                        digits[k * h + s] = match (s, full, rng.gen_range(0..4)) {
                            (0, _, 0) => M,
                            (0, _, 1) => M - rng.gen_range(0..512),
                            (_, true, _) if s > 0 => M,
                            (_, _, 2) => 0,
                            _ => rng.gen::<u64>() & M,
                        };
                        carries[k * h + s] = match rng.gen_range(0..4) {
                            0 => 0,
                            1 => 1,
                            2 => 511,
                            _ => rng.gen_range(0..512),
                        };
                    }
                }
                // No carry out of lane 3's top (the bound).
                carries[4 * h - 1] = 0;
                let mut columns = vec![0u64; 4 * h];
                for r in 0..4 * h {
                    let carry_in = if r % h == 0 { 0 } else { carries[r - 1] };
                    if digits[r] < carry_in && carries[r] == 0 {
                        carries[r] = 1;
                    }
                    columns[r] = digits[r] + (carries[r] << 52) - carry_in;
                }
                if column_sum(&columns).bits() > 52 * 4 * h as u64 {
                    continue;
                }
                check_carries(&columns, h);
                cases += 1;
            }
        }
        assert!(cases > 5000, "only {cases} cases within the bound");
        // An extra carry generated in lane 1 (lane 0's carry of 5 lifts its slot 0 past
        // 2^52 - 1) and propagated through full lane 2 (slot 0 at exactly 2^52 - 1) into
        // lane 3; and the largest columns, with a top lane that takes them.
        for h in [3, 4, 20] {
            let mut columns = vec![M; 4 * h];
            columns[h - 1] = M + (5 << 52);
            columns[h] = M - 4;
            columns[3 * h..].fill(0);
            check_carries(&columns, h);
            let mut columns = vec![(1 << 61) - 1; 4 * h];
            columns[3 * h..].fill(0);
            check_carries(&columns, h);
        }
    }

    #[test]
    fn word_of_lays_digits_out_by_quarters() {
        // 10 digits, h = 3: digits 0..3 in lane 0, 3..6 in lane 1, 6..9 in lane 2, 9 in lane 3.
        let placed: Vec<usize> = (0..10).map(|r| word_of(r, 10)).collect();
        assert_eq!(placed, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3]);
        for d in MIN_DIGITS..=MAX_DIGITS {
            let mut seen = vec![false; words(d)];
            for r in 0..d {
                let w = word_of(r, d);
                assert!(!seen[w], "{d} digits: word {w} twice");
                seen[w] = true;
            }
        }
    }
}
