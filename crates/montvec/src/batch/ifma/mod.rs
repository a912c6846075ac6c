//! The IFMA batch engine (seed 001): up to 8 (zmm) or 4 (ymm, AVX-512VL) independent
//! modular exponentiations at once, one per 64-bit lane, word-sliced in radix 2^52, each lane
//! with its own modulus and exponent.
//!
//! - [`product`]: column-blocked schoolbook products and squarings over any digit count;
//! - [`reduce`]: almost-Montgomery multiplication with the truncated-product reduction (and
//!   the plain one it is measured against);
//! - [`interleaved`]: the reduction interleaved digit by digit, every column in a register
//!   (up to 24 digits, the default there);
//! - [`unrolled`]: its squaring with every step unrolled and the whole square in registers
//!   (up to 12 digits, where squarings run it);
//! - [`carry`]: carry propagation of column sums into digits, and the masked final subtraction;
//! - [`blocked`]: the same for any size, columns in memory, a group of rows a pass (the
//!   default above 24 digits);
//! - [`pow`]: the fixed-window exponentiation, table entries selected by mask.
//!
//! Each lane takes its modulus's [`LaneConstants`] (N' = -N^-1 mod R, R mod N, R^2 mod N for
//! R = 2^(52 d), d = ceil((64k + 2) / 52) digits for k-limb moduli, so that 4N < R), computed
//! once per [`crate::Modulus`].

/// `$body` for `$t` = each literal of the list, skipping `$t >= $k`: arrays of registers
/// are then only indexed by constants and stay in registers (a `for` loop over them was left
/// rolled by the compiler, with the array on the stack).
macro_rules! unroll_below {
    ($k:expr, |$t:ident| $body:block, $($i:literal)*) => {
        $(
            #[allow(unused_comparisons)]
            if $i < $k {
                let $t: usize = $i;
                $body
            }
        )*
    };
}

/// Calls `$f::<V, C>($args)` for the run-time `$n`: C is `$n` if it is one of the listed
/// literals, else `$last`.
macro_rules! dispatch_const {
    ($n:expr, $f:ident $args:tt, $($c:literal)* ; $last:literal) => {
        match $n {
            $($c => $f::<V, $c> $args,)*
            _ => $f::<V, $last> $args,
        }
    };
}

/// `$body` for `$t` = 0, 1, .. 24, skipping `$t >= $k` (see `unroll_below!`).
macro_rules! each_digit {
    ($k:expr, |$t:ident| $body:block) => {
        unroll_below!($k, |$t| $body,
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24)
    };
}

/// Calls `$f::<V, D>($args)` with D the runtime digit count `$d` in 1..=24.
macro_rules! with_digits {
    ($d:expr, $f:ident ($($arg:expr),*)) => {
        dispatch_const!($d, $f($($arg),*),
            1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 ; 24)
    };
}

pub(crate) mod blocked;
pub(crate) mod carry;
pub(crate) mod interleaved;
pub(crate) mod pow;
pub(crate) mod product;
pub(crate) mod reduce;
pub(crate) mod split;
pub(crate) mod unrolled;

use core::marker::PhantomData;

use self::reduce::{Reduction, SlicedModulus};
use crate::aligned::AlignedLimbs;
use crate::backend::IfmaToken;
use crate::batch::constants::{digits_for_limbs, DigitForms, LaneConstants};
use crate::batch::lanes::Lanes;
use crate::batch::sliced;
use crate::limb::Limb;
use zeroize::Zeroize;

/// Up to `V::LANES` moduli of one limb count, prepared for the IFMA batch kernels.
pub(crate) struct IfmaLanes<V: Lanes> {
    token: IfmaToken,
    limbs: usize,
    digits: usize,
    /// N, word-sliced.
    n: AlignedLimbs,
    /// -N^-1 mod R, word-sliced.
    n_prime: AlignedLimbs,
    /// R mod N, word-sliced: one in Montgomery form.
    one: AlignedLimbs,
    /// R^2 mod N, word-sliced: into Montgomery form.
    r2: AlignedLimbs,
    /// R^2 / R64 mod N, word-sliced: products of elements in the scalar Montgomery form.
    r2_over_r64: AlignedLimbs,
    reduction: Reduction,
    /// Whether each job takes a pair of lanes ([`Self::new_split`]).
    paired: bool,
    /// N split across lane pairs, for the split kernel's sizes.
    n_split: Option<AlignedLimbs>,
    _lanes: PhantomData<V>,
}

impl<V: Lanes> IfmaLanes<V> {
    /// Lanes for `moduli` (1 to `V::LANES` of them, each with its [`LaneConstants`] for this
    /// digit count), each odd, at least 3 and exactly `limbs` limbs. Missing lanes repeat the
    /// first modulus.
    ///
    /// Leaks: `limbs` and the count of moduli.
    pub(crate) fn new(
        token: IfmaToken,
        limbs: usize,
        moduli: &[(&[Limb], &LaneConstants)],
    ) -> Self {
        let lanes = V::LANES;
        assert!(!moduli.is_empty() && moduli.len() <= lanes);
        let digits = digits_for_limbs(limbs);
        let lanes_of: Vec<(&[Limb], &LaneConstants)> = (0..lanes)
            .map(|l| moduli.get(l).copied().unwrap_or(moduli[0]))
            .collect();
        for (n, c) in &lanes_of {
            assert!(n.len() == limbs && n[0] & 1 == 1 && c.digits == digits);
        }
        // Each lane's digits copied from its modulus's cached digit forms: digit i of lane l
        // at word i * lanes + l.
        let rows = |form: fn(&DigitForms) -> &[u64]| {
            let mut out = AlignedLimbs::zeroed(digits * lanes);
            for (l, (_, c)) in lanes_of.iter().enumerate() {
                for (row, &v) in out
                    .as_mut_slice()
                    .chunks_exact_mut(lanes)
                    .zip(form(&c.digit_forms))
                {
                    row[l] = v;
                }
            }
            out
        };
        IfmaLanes {
            token,
            limbs,
            digits,
            n: rows(|f| &f.n),
            n_prime: rows(|f| &f.n_prime),
            one: rows(|f| &f.one),
            r2: rows(|f| &f.r2),
            r2_over_r64: rows(|f| &f.r2_over_r64),
            reduction: Reduction::for_digits(digits),
            paired: false,
            n_split: None,
            _lanes: PhantomData,
        }
    }

    /// Lanes for up to `V::LANES / 2` moduli, each in a pair of lanes, its products split
    /// between them ([`split`]), up to [`split::MAX_DIGITS`] digits
    /// ([`crate::batch::MAX_SPLIT_BITS`]); larger moduli are held in pairs too but reduced
    /// whole in each lane (correct, at the cost of a full call).
    /// [`Self::pow`] and the other operations take one input per modulus, as many as there
    /// are moduli, and give one output each.
    ///
    /// Leaks: `limbs` and the count of moduli.
    pub(crate) fn new_split(
        token: IfmaToken,
        limbs: usize,
        moduli: &[(&[Limb], &LaneConstants)],
    ) -> Self {
        assert!(V::SPLITS && !moduli.is_empty() && 2 * moduli.len() <= V::LANES);
        let pairs: Vec<(&[Limb], &LaneConstants)> = moduli.iter().flat_map(|&m| [m, m]).collect();
        let mut lanes = Self::new(token, limbs, &pairs);
        lanes.paired = true;
        if lanes.digits <= split::MAX_DIGITS {
            let mut n_split = AlignedLimbs::zeroed(split::half_digits(lanes.digits) * V::LANES);
            split::split_modulus(lanes.n.as_slice(), V::LANES, n_split.as_mut_slice());
            lanes.n_split = Some(n_split);
        }
        lanes
    }

    /// The lanes' inputs for one input a job: each twice when the jobs take pairs of lanes.
    fn lane_inputs<'x>(&self, jobs: &[&'x [Limb]]) -> Vec<&'x [Limb]> {
        let copies = if self.paired { 2 } else { 1 };
        jobs.iter()
            .flat_map(|&x| core::iter::repeat_n(x, copies))
            .collect()
    }

    /// One output a job from the lanes' outputs: the even lane's of each pair when the jobs
    /// take pairs of lanes.
    #[allow(clippy::integer_division_remainder_used, reason = "public lane counts")]
    fn job_outputs(&self, lanes: Vec<Vec<Limb>>) -> Vec<Vec<Limb>> {
        if !self.paired {
            return lanes;
        }
        // The odd lanes hold second copies of the results (secrets, as in RSA's CRT halves):
        // wiped, not just dropped.
        let mut out = Vec::with_capacity(lanes.len() / 2);
        for (i, mut lane) in lanes.into_iter().enumerate() {
            if i % 2 == 0 {
                out.push(lane);
            } else {
                lane.zeroize();
            }
        }
        out
    }

    /// Use `reduction` from now on (for benchmarks and tests).
    pub(crate) fn set_reduction(&mut self, reduction: Reduction) {
        self.reduction = reduction;
    }

    fn modulus(&self) -> SlicedModulus<'_> {
        SlicedModulus {
            n: self.n.as_slice(),
            n_prime: self.n_prime.as_slice(),
            reduction: self.reduction,
            split: self.n_split.as_ref().map(AlignedLimbs::as_slice),
        }
    }

    /// Per lane, `bases[l]^exps[l] mod N_l` (`limbs` limbs each, fully reduced), for bases
    /// below their modulus; exponents of any lengths (padded with zero limbs to the longest).
    ///
    /// Leaks: the sizes and the longest exponent's length; nothing of the values.
    pub(crate) fn pow(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let exp_limbs = exps.iter().map(|e| e.len()).max().unwrap_or(0);
        let (bases, exps) = (self.lane_inputs(bases), self.lane_inputs(exps));
        let exps = &exps[..];
        self.run_sliced(&bases, exps, |out, base, m| {
            // SAFETY: the token proves AVX-512 F, IFMA and VL (and DQ) were detected at run time.
            unsafe {
                pow::pow_sliced::<V>(
                    out,
                    base,
                    exps,
                    exp_limbs,
                    m,
                    self.one.as_slice(),
                    self.r2.as_slice(),
                )
            }
        })
    }

    /// Per lane, `bases[l]^exps[l] mod N_l` as [`Self::pow`], for **public** exponents
    /// (square-and-multiply over their bits; see [`pow::pow_sliced_vartime`]).
    ///
    /// Leaks: the sizes and the exponents.
    pub(crate) fn pow_vartime(&self, bases: &[&[Limb]], exps: &[&[Limb]]) -> Vec<Vec<Limb>> {
        let (bases, exps) = (self.lane_inputs(bases), self.lane_inputs(exps));
        let exps = &exps[..];
        self.run_sliced(&bases, exps, |out, base, m| {
            // SAFETY: the token proves AVX-512 F, IFMA and VL (and DQ) were detected at run time.
            unsafe {
                pow::pow_sliced_vartime::<V>(
                    out,
                    base,
                    exps,
                    m,
                    self.one.as_slice(),
                    self.r2.as_slice(),
                )
            }
        })
    }

    /// The bases word-sliced, `kernel(out, bases, modulus)` on them, and the first
    /// `bases.len()` lanes of `out` back as limbs: what both exponentiations share.
    fn run_sliced(
        &self,
        bases: &[&[Limb]],
        exps: &[&[Limb]],
        kernel: impl FnOnce(&mut [u64], &[u64], &SlicedModulus<'_>),
    ) -> Vec<Vec<Limb>> {
        let count = bases.len();
        assert!(count == exps.len() && count <= V::LANES);
        let base = sliced::slice(bases, self.digits, V::LANES);
        let mut out = AlignedLimbs::zeroed(self.digits * V::LANES);
        kernel(out.as_mut_slice(), base.as_slice(), &self.modulus());
        let _ = self.token;
        self.job_outputs(sliced::unslice(out.as_slice(), V::LANES, count, self.limbs))
    }

    /// Per lane, `a[l] b[l] mod N_l` for inputs of at most k limbs (not necessarily below
    /// their modulus): two almost-Montgomery products (`a R^2 / R`, then times `b`) and a
    /// masked subtraction ([`reduce::mul_mod`]).
    ///
    /// Leaks: the sizes only.
    pub(crate) fn mul_mod(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.product(a, b, &self.r2)
    }

    /// Per lane, `a[l] b[l] / R64 mod N_l` (R64 = 2^(64k)): the Montgomery product of elements
    /// in the scalar engines' form, for inputs of at most k limbs; as [`Self::mul_mod`] with
    /// R^2 / R64 in place of R^2.
    ///
    /// Leaks: the sizes only.
    pub(crate) fn mont_mul(&self, a: &[&[Limb]], b: &[&[Limb]]) -> Vec<Vec<Limb>> {
        self.product(a, b, &self.r2_over_r64)
    }

    /// Per lane, `(a c / R) b / R mod N`, fully reduced.
    fn product(&self, a: &[&[Limb]], b: &[&[Limb]], c: &AlignedLimbs) -> Vec<Vec<Limb>> {
        let (a, b) = (&self.lane_inputs(a)[..], &self.lane_inputs(b)[..]);
        let count = a.len();
        assert!(count == b.len() && count <= V::LANES);
        let words = self.digits * V::LANES;
        let (xa, xb) = (
            sliced::slice(a, self.digits, V::LANES),
            sliced::slice(b, self.digits, V::LANES),
        );
        let mut out = AlignedLimbs::zeroed(words);
        let m = self.modulus();
        let mut scratch = AlignedLimbs::zeroed(reduce::scratch_words_for::<V>(&m));
        // SAFETY: the token proves AVX-512 F, IFMA and VL were detected at run time.
        unsafe {
            reduce::mul_mod::<V>(
                out.as_mut_slice(),
                xa.as_slice(),
                xb.as_slice(),
                c.as_slice(),
                &m,
                scratch.as_mut_slice(),
            )
        };
        self.job_outputs(sliced::unslice(out.as_slice(), V::LANES, count, self.limbs))
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::reduce::{mont_mul, mont_sqr, scratch_words, Reduction};
    use super::*;
    use crate::batch::lanes::{Pair, Ymm, Zmm};

    fn big(limbs: &[Limb]) -> BigUint {
        BigUint::from_bytes_le(
            &limbs
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect::<Vec<_>>(),
        )
    }

    fn limbs_of(x: &BigUint, k: usize) -> Vec<Limb> {
        let mut v = x.to_u64_digits();
        v.resize(k, 0);
        v
    }

    /// The reductions `V`'s kernels run: pairs take the interleaved one whatever is set.
    fn reductions_of<V: Lanes>() -> &'static [Reduction] {
        if V::INTERLEAVED_ONLY {
            &[Reduction::Interleaved]
        } else {
            &REDUCTIONS
        }
    }

    /// Inputs in [n, 2n) (the almost-Montgomery range) give outputs below 2n equal to
    /// a b / R mod n, for both reductions; and outputs at or above n do occur (so the bound is
    /// exercised, not assumed away). They need a b / R + q n / R >= n, likeliest when R / n is
    /// smallest: 4 limbs (R = 2^260 against n < 2^256), n just below 2^256, inputs near 2n.
    fn almost_montgomery_bound<V: Lanes>(token: IfmaToken) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut above_n = [0usize; 4];
        // 128 limbs (158 digits) squares by Karatsuba. Pairs, interleaved only, go up to
        // that reduction's largest size (16 limbs, 20 digits).
        for limbs in [4usize, 1, 2, 7, 16, 32, 64, 128] {
            if V::INTERLEAVED_ONLY && digits_for_limbs(limbs) > interleaved::MAX_DIGITS {
                continue;
            }
            let bits = 64 * limbs;
            let d = digits_for_limbs(limbs);
            let r = BigUint::from(1u8) << (52 * d);
            let moduli: Vec<BigUint> = (0..V::LANES)
                .map(|l| {
                    // Half the lanes just below 2^bits, half random full-size.
                    let mut n = BigUint::from(1u8) << (bits - 1);
                    if l % 2 == 0 {
                        n = (BigUint::from(1u8) << bits)
                            - (BigUint::from(rng.gen::<u32>()) * 2u32 + 1u32);
                    } else {
                        n |= BigUint::from_bytes_le(
                            &(0..limbs * 8).map(|_| rng.gen()).collect::<Vec<u8>>(),
                        ) | BigUint::from(1u8);
                        n |= BigUint::from(1u8) << (bits - 1);
                        n &= (BigUint::from(1u8) << bits) - 1u8;
                    }
                    n
                })
                .collect();
            let mods: Vec<crate::Modulus> = moduli
                .iter()
                .map(|n| crate::Modulus::new(&crate::Nat::from_limbs(limbs_of(n, limbs))).unwrap())
                .collect();
            let pairs: Vec<(&[Limb], &LaneConstants)> = mods
                .iter()
                .map(|m| (m.modulus_limbs(), m.lane_constants()))
                .collect();
            for (ri, &reduction) in reductions_of::<V>().iter().enumerate() {
                let mut lanes = IfmaLanes::<V>::new(token, limbs, &pairs);
                lanes.set_reduction(reduction);
                let m = lanes.modulus();
                for _ in 0..20 {
                    // a, b in [n, 2n), in the top eighth of it: 2n - 1 - (random below n / 8).
                    let mut near_2n = |n: &BigUint| {
                        let x = big(&(0..limbs).map(|_| rng.gen()).collect::<Vec<_>>());
                        n * 2u32 - 1u32 - x % (n >> 3u32)
                    };
                    let a: Vec<BigUint> = moduli.iter().map(&mut near_2n).collect();
                    let b: Vec<BigUint> = moduli.iter().map(&mut near_2n).collect();
                    let al: Vec<Vec<Limb>> = a.iter().map(|x| limbs_of(x, limbs + 1)).collect();
                    let bl: Vec<Vec<Limb>> = b.iter().map(|x| limbs_of(x, limbs + 1)).collect();
                    let ar: Vec<&[Limb]> = al.iter().map(|v| &v[..]).collect();
                    let br: Vec<&[Limb]> = bl.iter().map(|v| &v[..]).collect();
                    let (xa, xb) = (
                        sliced::slice(&ar, d, V::LANES),
                        sliced::slice(&br, d, V::LANES),
                    );
                    let mut out = AlignedLimbs::zeroed(d * V::LANES);
                    let mut sq = AlignedLimbs::zeroed(d * V::LANES);
                    let mut scratch = AlignedLimbs::zeroed(scratch_words(d, V::LANES));
                    // SAFETY: the token proves the features.
                    unsafe {
                        mont_mul::<V>(
                            out.as_mut_slice(),
                            xa.as_slice(),
                            xb.as_slice(),
                            &m,
                            scratch.as_mut_slice(),
                        );
                        mont_sqr::<V>(sq.as_mut_slice(), xa.as_slice(), &m, scratch.as_mut_slice());
                    }
                    let got = sliced::unslice(out.as_slice(), V::LANES, V::LANES, limbs + 1);
                    let got_sq = sliced::unslice(sq.as_slice(), V::LANES, V::LANES, limbs + 1);
                    for l in 0..V::LANES {
                        let n = &moduli[l];
                        let rinv = r.modinv(n).unwrap();
                        for (g, want) in [(&got[l], &a[l] * &b[l]), (&got_sq[l], &a[l] * &a[l])] {
                            let g = big(g);
                            assert!(g < n * 2u32, "{reduction:?}: output {g:x} not below 2n");
                            assert_eq!(&g % n, (want * &rinv) % n, "{reduction:?}, {limbs} limbs");
                            if &g >= n {
                                above_n[ri] += 1;
                            }
                        }
                    }
                }
            }
        }
        // Each reduction, not only one of them, saw outputs in [n, 2n).
        for (reduction, count) in reductions_of::<V>().iter().zip(above_n) {
            assert!(
                count > 0,
                "{reduction:?}: no output landed in [n, 2n): the bound is not exercised"
            );
        }
    }

    /// Split lanes (each job in a pair of lanes) against the oracle: exponentiations and
    /// products, 1 to LANES / 2 jobs, limb counts 1 to 20, RSA-3072's and RSA-4096's halves
    /// (24 and 32, the kernel's largest), and 33 above it (held in pairs, reduced whole), edge
    /// bases and exponents, moduli just below a power of two.
    fn split_lanes_match_the_oracle<V: Lanes>(token: IfmaToken) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let random = |rng: &mut rand_chacha::ChaCha8Rng, limbs: usize| {
            big(&(0..limbs).map(|_| rng.gen()).collect::<Vec<Limb>>())
        };
        let mut split_sizes = 0;
        for limbs in (1..=20).chain([24, 32, 33]) {
            let d = digits_for_limbs(limbs);
            split_sizes += usize::from(d <= split::MAX_DIGITS);
            for jobs in 1..=V::LANES / 2 {
                let top = BigUint::from(1u8) << (64 * limbs);
                let moduli: Vec<BigUint> = (0..jobs)
                    .map(|j| match j % 3 {
                        0 => &top - 1u8,
                        1 => (random(&mut rng, limbs) | BigUint::from(1u8)) | (&top >> 1u8),
                        _ => (random(&mut rng, limbs) >> 7u8) | BigUint::from(3u8),
                    })
                    .collect();
                let mods: Vec<crate::Modulus> = moduli
                    .iter()
                    .map(|n| {
                        crate::Modulus::new(&crate::Nat::from_limbs(limbs_of(n, limbs))).unwrap()
                    })
                    .collect();
                let pairs: Vec<(&[Limb], &LaneConstants)> = mods
                    .iter()
                    .map(|m| (m.modulus_limbs(), m.lane_constants()))
                    .collect();
                let lanes = IfmaLanes::<V>::new_split(token, limbs, &pairs);
                assert_eq!(lanes.n_split.is_some(), d <= split::MAX_DIGITS);
                for round in 0..4 {
                    let bases: Vec<BigUint> = moduli
                        .iter()
                        .enumerate()
                        .map(|(j, n)| match (round + j) % 4 {
                            0 => n - 1u8,
                            1 => BigUint::from(u8::from(round == 1)),
                            _ => random(&mut rng, limbs) % n,
                        })
                        .collect();
                    let exps: Vec<BigUint> = (0..jobs)
                        .map(|j| match (round + j) % 5 {
                            0 => BigUint::from(0u8),
                            1 => BigUint::from(1u8),
                            _ => random(&mut rng, limbs + j % 2),
                        })
                        .collect();
                    let others: Vec<BigUint> =
                        moduli.iter().map(|n| random(&mut rng, limbs) % n).collect();
                    let bl: Vec<Vec<Limb>> = bases.iter().map(|x| limbs_of(x, limbs)).collect();
                    let el: Vec<Vec<Limb>> = exps.iter().map(|x| limbs_of(x, limbs + 1)).collect();
                    let ol: Vec<Vec<Limb>> = others.iter().map(|x| limbs_of(x, limbs)).collect();
                    let (br, er, or) = (as_refs(&bl), as_refs(&el), as_refs(&ol));
                    let powers = lanes.pow(&br, &er);
                    let products = lanes.mul_mod(&br, &or);
                    assert_eq!((powers.len(), products.len()), (jobs, jobs));
                    for j in 0..jobs {
                        let n = &moduli[j];
                        let what = format!("{limbs} limbs, job {j} of {jobs}, round {round}");
                        assert_eq!(big(&powers[j]), bases[j].modpow(&exps[j], n), "pow, {what}");
                        assert_eq!(big(&products[j]), &bases[j] * &others[j] % n, "mul, {what}");
                    }
                }
            }
        }
        assert!(split_sizes >= 18, "the split kernel's sizes are covered");
    }

    fn as_refs(v: &[Vec<Limb>]) -> Vec<&[Limb]> {
        v.iter().map(|x| &x[..]).collect()
    }

    #[test]
    fn split_lanes_zmm_and_ymm() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        split_lanes_match_the_oracle::<Ymm>(token);
        split_lanes_match_the_oracle::<Zmm>(token);
    }

    /// Every reduction the kernels offer.
    const REDUCTIONS: [Reduction; 4] = [
        Reduction::Truncated,
        Reduction::Plain,
        Reduction::Interleaved,
        Reduction::Blocked,
    ];

    #[test]
    fn almost_montgomery_bound_zmm_ymm_and_pairs() {
        let Some(token) = IfmaToken::for_kernel_tests() else {
            return;
        };
        almost_montgomery_bound::<Zmm>(token);
        almost_montgomery_bound::<Ymm>(token);
        almost_montgomery_bound::<Pair<Zmm>>(token);
    }
}
