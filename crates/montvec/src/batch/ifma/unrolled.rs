//! The interleaved almost-Montgomery squaring ([`super::interleaved`]) for numbers of at most
//! [`MAX_DIGITS`] digits (RSA-1024's 512-bit halves are 10), every step unrolled and every
//! column of the square a register of its own.
//!
//! The arithmetic is [`super::interleaved::reduce_square`]'s, step for step, and so are the
//! outputs, bit for bit: the same y, the same carry of step 3 taken from acc_0 before y, the
//! same bound (output below 2N). What differs is where the columns live. There, the square's
//! off-diagonal columns go through memory (`off_diagonal_columns`), and a window of d + 1
//! accumulators shifts down one column a step in a loop the compiler keeps rolled: each
//! shift is a register move, about d of them a step beside its 2d IFMAs. Here the 2d columns
//! (off-diagonal products, doubled, plus the diagonal) are formed in registers, column c is
//! `c[c]` throughout, and step i works on `c[i..]`: the shift is a renaming, done at compile
//! time, and the squaring touches memory only to read a and N and to store its result.
//!
//! Registers: the 2d columns, y, the next y, k0 and a digit: 24 + 4 of the 32 zmm registers
//! at 12 digits. Above that the columns no longer fit, and the rolled kernels take over.
//! The product stays rolled (`interleaved::mont_mul`): unrolled the same way, with its next
//! step's first term added a step early so that its y could be formed as here, it ran even
//! with the rolled one.
//!
//! Measurements: the notes below (docs/batch-ifma-unrolled.md).
#![doc = include_str!("../../../docs/batch-ifma-unrolled.md")]
use super::interleaved;
use crate::batch::lanes::{Lanes, DIGIT_MASK};

/// Most digits the unrolled kernels take (the squaring's columns must fit the registers).
pub(crate) const MAX_DIGITS: usize = 12;

/// Column slots: 2d are used; the unrolled bodies for indices up to 11 + 11 + 1 type-check
/// at every D (those beyond D are compiled out).
const COLUMNS: usize = 2 * MAX_DIGITS + 2;

/// `$body` for `$t` = 0, 1, .. 11, skipping `$t >= $k` (see `unroll_below!`).
macro_rules! each_small {
    ($k:expr, |$t:ident| $body:block) => {
        unroll_below!($k, |$t| $body, 0 1 2 3 4 5 6 7 8 9 10 11)
    };
}

/// Calls `$f::<V, D>($args)` with D the runtime digit count `$d` in 1..=12.
macro_rules! with_small_digits {
    ($d:expr, $f:ident ($($arg:expr),*)) => {
        dispatch_const!($d, $f($($arg),*), 1 2 3 4 5 6 7 8 9 10 11 ; 12)
    };
}

/// `out = a^2 / R mod N`, below 2N, for `a < 2N` of `d <= MAX_DIGITS` digits, word-sliced
/// and normalised; `n_prime` is -N^-1 mod R (only its digit 0 is read). The same contract,
/// and the same output, as `off_diagonal_columns` then [`super::interleaved::reduce_square`].
///
/// Leaks: the sizes only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_sqr<V: Lanes>(out: &mut [u64], a: &[u64], n: &[u64], n_prime: &[u64]) {
    let d = V::digits(n.len());
    assert!((1..=MAX_DIGITS).contains(&d));
    with_small_digits!(d, sqr_digits(out, a, n, n_prime));
}

/// `x = x^(2^times) / R^(2^times - 1) mod N` (`times` squarings in a row, each
/// [`mont_sqr`]'s), below 2N, with `tmp` (as long as `x`) for the squarings in between: one
/// call for a fixed window's run of squarings, the digit count dispatched once.
///
/// Leaks: the sizes and `times` only.
#[target_feature(enable = "avx512f,avx512ifma,avx512vl")]
pub(crate) fn mont_sqr_times<V: Lanes>(
    x: &mut [u64],
    tmp: &mut [u64],
    times: usize,
    n: &[u64],
    n_prime: &[u64],
) {
    let d = V::digits(n.len());
    assert!((1..=MAX_DIGITS).contains(&d));
    with_small_digits!(d, sqr_times_digits(x, tmp, times, n, n_prime));
}

/// [`mont_sqr_times`] for `D` digits: the squarings alternate between `x` and `tmp`, one
/// copy of the kernel in the loop (two, the loop unrolled by two, ran 1.1x slower on
/// register pairs); an odd count ends with one copy back.
#[inline(always)]
fn sqr_times_digits<V: Lanes, const D: usize>(
    x: &mut [u64],
    tmp: &mut [u64],
    times: usize,
    n: &[u64],
    n_prime: &[u64],
) {
    {
        let (mut from, mut to) = (&mut *x, &mut *tmp);
        for _ in 0..times {
            sqr_digits::<V, D>(to, from, n, n_prime);
            core::mem::swap(&mut from, &mut to);
        }
    }
    if times & 1 == 1 {
        x.copy_from_slice(tmp);
    }
}

/// Digit `i` of the word-sliced `x`.
#[inline(always)]
fn digit<V: Lanes>(x: &[u64], i: usize) -> V {
    let l = V::LANES;
    assert!((i + 1) * l <= x.len());
    // SAFETY: digit i lies within x (asserted); the callers' target features cover V's.
    unsafe { V::load(x.as_ptr().add(i * l)) }
}

/// `x` again, behind an address the compiler cannot see through: loads from it are not
/// merged with loads of the same digits through `x` or another `fresh(x)`. Unrolled, every
/// row of the square reads the digits of a and every step those of N, and LLVM would
/// otherwise load each once and keep all of them in registers beside the columns: they do
/// not fit, and columns spill. Loaded afresh where they are used, they fold into the IFMAs
/// as memory operands.
#[inline(always)]
#[allow(
    clippy::pointers_in_nomem_asm_block,
    reason = "the block only hands the pointer back: it reads and writes no memory"
)]
fn fresh(x: &[u64]) -> &[u64] {
    let mut p = x.as_ptr();
    // SAFETY: the block is empty: it hands the pointer back unchanged, reading and writing
    // nothing. Not `pure`, so two blocks are not merged into one.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) p, options(nomem, nostack, preserves_flags));
    }
    // SAFETY: p is x's pointer (see above): valid for x.len() reads for x's lifetime.
    unsafe { core::slice::from_raw_parts(p, x.len()) }
}

/// [`mont_sqr`] for `D` digits: the 2D columns of a^2 in registers (the products
/// `a_i a_j`, i < j, row by row, then each column doubled and its diagonal term added: lo of
/// a_(c/2)^2 for even c, hi of a_((c-1)/2)^2 for odd c), then D reduction steps on them.
#[inline(always)]
#[allow(unused_assignments)] // the last step's y is zero and unused
fn sqr_digits<V: Lanes, const D: usize>(out: &mut [u64], a: &[u64], n: &[u64], n_prime: &[u64]) {
    let l = V::LANES;
    assert!(a.len() >= D * l && n.len() >= D * l && n_prime.len() >= l);
    // SAFETY: the callers' target features cover V's.
    let zero = unsafe { V::splat(0) };
    let k0 = digit::<V>(n_prime, 0);
    let mut c = [zero; COLUMNS];
    each_small!(D, |i| {
        let ai = digit::<V>(a, i);
        let a = fresh(a);
        each_small!(D, |j| {
            if j > i {
                let aj = digit::<V>(a, j);
                c[i + j] = c[i + j].madd_lo(ai, aj);
                c[i + j + 1] = c[i + j + 1].madd_hi(ai, aj);
            }
        });
    });
    // An off-diagonal column holds at most D terms below 2^52: doubled and with its diagonal
    // term, below (2D + 1) 2^52 < 2^57 for D <= 12.
    each_small!(D, |i| {
        let ai = digit::<V>(a, i);
        c[2 * i] = c[2 * i].add(c[2 * i]).madd_lo(ai, ai);
        c[2 * i + 1] = c[2 * i + 1].add(c[2 * i + 1]).madd_hi(ai, ai);
    });
    let mut y = zero.madd_lo(c[0], k0);
    each_small!(D, |i| {
        // Every column is complete before the reduction starts, so each step forms the next
        // step's y as soon as column i + 1 is (see `interleaved::reduce_step`).
        y = reduce_step::<V, D>(&mut c, i, n, k0, y, i + 1 < D);
    });
    // Columns D..2D hold the result.
    interleaved::store_normalised::<V, D>(out, &c[D..]);
}

/// Step `i` of the reduction (steps 1-3 of [`super::interleaved`]'s module doc) on the
/// columns `c`, for this step's y = lo52(c_i k0): adds `y N` to columns i..i + D + 1 and the
/// carry of column i, now a multiple of 2^52, to column i + 1 (column i itself is dropped).
/// With `form_next` returns the next step's y, formed as soon as column i + 1 is complete and
/// ahead of the step's other IFMAs (as `interleaved::reduce_step`); else zero.
///
/// Column bound: a column of the square starts below 2^57 (`sqr_digits`) and takes at most
/// two terms below 2^52 and a carry below 2^11 a step, for at most D + 1 steps: below
/// 2^57 + (D + 1) 2^54 < 2^59 for D <= 12 (no wrap, and y reads only the low 52 bits).
#[inline(always)]
fn reduce_step<V: Lanes, const D: usize>(
    c: &mut [V; COLUMNS],
    i: usize,
    n: &[u64],
    k0: V,
    y: V,
    form_next: bool,
) -> V {
    // SAFETY: the callers' target features cover V's.
    let (zero, mask) = unsafe { (V::splat(0), V::splat(DIGIT_MASK)) };
    let n = fresh(n);
    // Step 3's carry without waiting for y: lo(n_0 y) = -c_i mod 2^52, so the carry of
    // c_i + lo(n_0 y) is ceil(c_i / 2^52) (c_i < 2^62: no wrap).
    let carry = c[i].add(mask).carry();
    // The serial chain y -> c_(i+1) -> next y: hi(n_0 y) onto the carry and lo(n_1 y) onto
    // c_(i+1) side by side, then one add.
    let hi0 = carry.madd_hi(digit::<V>(n, 0), y);
    if D > 1 {
        let n1 = digit::<V>(n, 1);
        c[i + 2] = c[i + 2].madd_hi(n1, y);
        c[i + 1] = c[i + 1].madd_lo(n1, y);
    }
    c[i + 1] = c[i + 1].add(hi0);
    let y_next = if form_next {
        zero.madd_lo(c[i + 1], k0).computed_here()
    } else {
        zero
    };
    each_small!(D, |j| {
        if j >= 2 {
            let nj = digit::<V>(n, j);
            c[i + j] = c[i + j].madd_lo(nj, y);
            c[i + j + 1] = c[i + j + 1].madd_hi(nj, y);
        }
    });
    y_next
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::aligned::AlignedLimbs;
    use crate::backend::IfmaToken;
    use crate::batch::ifma::product::off_diagonal_columns;
    use crate::batch::lanes::{Pair, Ymm, Zmm};

    /// `xs` (one per lane) word-sliced in `d` digits of 52 bits.
    fn sliced<V: Lanes>(xs: &[BigUint], d: usize) -> AlignedLimbs {
        let l = V::LANES;
        let mut out = AlignedLimbs::zeroed(d * l);
        for (lane, x) in xs.iter().enumerate() {
            for j in 0..d {
                let digit = (x >> (52 * j)) & BigUint::from(DIGIT_MASK);
                out.as_mut_slice()[j * l + lane] = digit.iter_u64_digits().next().unwrap_or(0);
            }
        }
        out
    }

    fn unsliced<V: Lanes>(x: &[u64], d: usize) -> Vec<BigUint> {
        let l = V::LANES;
        (0..l)
            .map(|lane| {
                (0..d).fold(BigUint::default(), |acc, j| {
                    acc + (BigUint::from(x[j * l + lane]) << (52 * j))
                })
            })
            .collect()
    }

    /// -n^-1 mod 2^52 for odd n.
    fn k0(n: &BigUint) -> u64 {
        let n0 = n.iter_u64_digits().next().unwrap_or(0);
        let mut inv = n0;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n0.wrapping_mul(inv)));
        }
        inv.wrapping_neg() & DIGIT_MASK
    }

    /// The unrolled squaring against the rolled one (`off_diagonal_columns`, then
    /// `interleaved::reduce_square`: the same arithmetic, so bit-identical outputs) and
    /// against num-bigint (a^2 / R mod N, below 2N), at every digit count it takes, with
    /// moduli at the top of their range (4N just below R), random and small, and inputs 0,
    /// 1, N - 1, N, 2N - 1 and random below 2N.
    fn match_rolled_and_oracle<V: Lanes>(_token: IfmaToken) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(52);
        let l = V::LANES;
        let random_below = |rng: &mut rand_chacha::ChaCha8Rng, x: &BigUint| {
            let bytes: Vec<u8> = (0..x.bits() / 8 + 9).map(|_| rng.gen()).collect();
            BigUint::from_bytes_le(&bytes) % x
        };
        let mut top_outputs = 0;
        for d in 1..=MAX_DIGITS {
            let r = BigUint::from(1u8) << (52 * d);
            let top = &r >> 2u8; // N < R / 4
            for round in 0..12 {
                let moduli: Vec<BigUint> = (0..l)
                    .map(|lane| match (lane + round) % 4 {
                        0 => &top - 1u8,
                        1 => &top - 2u8 * random_below(&mut rng, &BigUint::from(1000u32)) - 1u8,
                        2 => random_below(&mut rng, &top) | BigUint::from(1u8),
                        _ => (random_below(&mut rng, &(&top >> 26u8)) | BigUint::from(1u8))
                            .max(BigUint::from(3u8)),
                    })
                    .collect();
                let a: Vec<BigUint> = moduli
                    .iter()
                    .enumerate()
                    .map(|(lane, n)| match (lane + round) % 6 {
                        0 => BigUint::default(),
                        1 => BigUint::from(1u8),
                        2 => n - 1u8,
                        3 => n.clone(),
                        4 => n * 2u8 - 1u8,
                        _ => random_below(&mut rng, &(n * 2u8)),
                    })
                    .collect();
                let (sn, sa) = (sliced::<V>(&moduli, d), sliced::<V>(&a, d));
                let mut np = AlignedLimbs::zeroed(l);
                for (lane, n) in moduli.iter().enumerate() {
                    np.as_mut_slice()[lane] = k0(n);
                }
                let (n, np) = (sn.as_slice(), np.as_slice());
                let mut unrolled = AlignedLimbs::zeroed(d * l);
                let mut rolled = AlignedLimbs::zeroed(d * l);
                let mut t = AlignedLimbs::zeroed(2 * d * l);
                // SAFETY: the token proves the features.
                unsafe {
                    mont_sqr::<V>(unrolled.as_mut_slice(), sa.as_slice(), n, np);
                    off_diagonal_columns::<V>(t.as_mut_slice(), sa.as_slice());
                    interleaved::reduce_square::<V>(
                        rolled.as_mut_slice(),
                        t.as_slice(),
                        sa.as_slice(),
                        n,
                        np,
                    );
                }
                let what = format!("{d} digits, round {round}");
                assert_eq!(unrolled.as_slice(), rolled.as_slice(), "{what}");
                let got = unsliced::<V>(unrolled.as_slice(), d);
                for lane in 0..l {
                    let n = &moduli[lane];
                    assert!(
                        got[lane] < n * 2u8,
                        "output not below 2N, lane {lane}, {what}"
                    );
                    let want = &a[lane] * &a[lane] % n * r.modinv(n).unwrap() % n;
                    assert_eq!(&got[lane] % n, want, "lane {lane}, {what}");
                    top_outputs += usize::from(got[lane] >= *n);
                }
            }
        }
        // Outputs in [N, 2N) occur: the almost-Montgomery range is exercised.
        assert!(top_outputs > 0);
    }

    /// [`mont_sqr_times`] against that many [`mont_sqr`] calls in turn, bit for bit, for 0 to
    /// 5 squarings (even and odd counts: an odd one ends with the copy back) at every digit
    /// count, with inputs up to 2N - 1.
    fn times_match_single<V: Lanes>(_token: IfmaToken) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
        let l = V::LANES;
        for d in 1..=MAX_DIGITS {
            let top = (BigUint::from(1u8) << (52 * d)) >> 2u8;
            let moduli: Vec<BigUint> = (0..l)
                .map(|lane| {
                    let bytes: Vec<u8> = (0..7 * d).map(|_| rng.gen()).collect();
                    let n = (BigUint::from_bytes_le(&bytes) % &top) | BigUint::from(1u8);
                    if lane == 0 {
                        &top - 1u8
                    } else {
                        n.max(BigUint::from(3u8))
                    }
                })
                .collect();
            let a: Vec<BigUint> = moduli
                .iter()
                .enumerate()
                .map(|(lane, n)| if lane == 1 { n * 2u8 - 1u8 } else { n - 1u8 })
                .collect();
            let (sn, sa) = (sliced::<V>(&moduli, d), sliced::<V>(&a, d));
            let mut np = AlignedLimbs::zeroed(l);
            for (lane, n) in moduli.iter().enumerate() {
                np.as_mut_slice()[lane] = k0(n);
            }
            for times in 0..=5 {
                let mut one_by_one = AlignedLimbs::zeroed(d * l);
                one_by_one.as_mut_slice().copy_from_slice(sa.as_slice());
                let mut next = AlignedLimbs::zeroed(d * l);
                let mut x = AlignedLimbs::zeroed(d * l);
                x.as_mut_slice().copy_from_slice(sa.as_slice());
                let mut tmp = AlignedLimbs::zeroed(d * l);
                // SAFETY: the token proves the features.
                unsafe {
                    for _ in 0..times {
                        mont_sqr::<V>(
                            next.as_mut_slice(),
                            one_by_one.as_slice(),
                            sn.as_slice(),
                            np.as_slice(),
                        );
                        core::mem::swap(&mut one_by_one, &mut next);
                    }
                    mont_sqr_times::<V>(
                        x.as_mut_slice(),
                        tmp.as_mut_slice(),
                        times,
                        sn.as_slice(),
                        np.as_slice(),
                    );
                }
                assert_eq!(
                    x.as_slice(),
                    one_by_one.as_slice(),
                    "{d} digits, {times} squarings"
                );
            }
        }
    }

    #[test]
    fn squarings_in_a_row_match_one_at_a_time() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        times_match_single::<Zmm>(token);
        times_match_single::<Ymm>(token);
        times_match_single::<Pair<Zmm>>(token);
    }

    #[test]
    fn unrolled_match_rolled_and_oracle() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        match_rolled_and_oracle::<Zmm>(token);
        match_rolled_and_oracle::<Ymm>(token);
        match_rolled_and_oracle::<Pair<Zmm>>(token);
    }
}
