//! Every lane against `num-bigint` (`BigUint::modpow`, products mod n), with mixed moduli in
//! one call, 1 to 4 lanes, edge values, moduli just above and below powers of two and with
//! leading zero limbs, at every limb count 1..=20 and 24, 32, 48, 55, 56, 64, 65, 96, 128, each
//! in every digit width it allows (2^27, 2^28) besides the one the engine picks; the
//! almost-Montgomery bound (outputs in [n, 2n) occur and stay below 2n) in each width, and its
//! largest columns (all-ones moduli, inputs 2n - 1, at the most limbs each width takes). Every
//! test returns at once without AVX2. (Speed is measured by `montvec bench --ops batch`, the
//! `avx2` rows.)

use core::arch::x86_64::*;

use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::redc::Mont;
use super::*;
use crate::mul::oracle::{big, to_limbs};

/// The limb counts every test covers: 55 | 56 is where the engine's digit width changes (28 |
/// 27 bits), 55 the largest count 2^28 takes (d = 126, where the column bound allows 127); 16 |
/// 17, where it changed from 26 to 28 bits until 2026-12-03, stays covered.
const LIMB_COUNTS: [usize; 29] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 32, 48, 55, 56, 64,
    65, 96, 128,
];

/// Every digit width the engine is compiled for.
const WIDTHS: [i32; 2] = [27, 28];

/// The digit widths whose column bound allows moduli of `limbs` limbs.
fn widths_for(limbs: usize) -> impl Iterator<Item = i32> {
    WIDTHS
        .into_iter()
        .filter(move |&b| digits_for(limbs, b) <= max_digits(b))
}

#[test]
fn digit_width_choice_keeps_the_column_bound() {
    assert_eq!(max_digits(27), 511);
    assert_eq!(max_digits(28), 127);
    for limbs in 1..=MAX_LIMBS {
        let b = digit_bits_for(limbs);
        let d = digits_for(limbs, b);
        assert!(d <= max_digits(b), "{limbs} limbs: {d} digits of {b} bits");
        // The column bound itself: (2d + 1) products below 2^(2B) fit 64 bits.
        assert!(((2 * d + 1) as u128) << (2 * b) <= 1u128 << 64);
        // R = 2^(B d) > 4n for every n below 2^(64 limbs).
        assert!(b as usize * d >= 64 * limbs + 2);
    }
    assert_eq!(
        (
            digit_bits_for(16),
            digit_bits_for(17),
            digit_bits_for(55),
            digit_bits_for(56)
        ),
        (28, 28, 28, 27)
    );
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random value of at most `bits` bits.
fn random_bits(r: &mut ChaCha8Rng, bits: usize) -> BigUint {
    let words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| r.gen()).collect();
    big(&words) & ((BigUint::one() << bits) - 1u32)
}

fn random_below(r: &mut ChaCha8Rng, n: &BigUint) -> BigUint {
    random_bits(r, n.bits() as usize + 64) % n
}

/// Odd moduli of `limbs` limbs of every shape: random full-size, 2^(64k) - 1 and
/// 2^(64k) - 2^(64k-33) - 1 (just below a power of two), 2^(64k-1) + 1 (just above one),
/// 2^(64k-70) +- 1 and a random value (leading zero limbs where k > 1 or 2), and 3.
fn moduli_for(limbs: usize, r: &mut ChaCha8Rng) -> Vec<BigUint> {
    let bits = 64 * limbs;
    let p = |e: usize| BigUint::one() << e;
    let short = bits.saturating_sub(70).max(3);
    vec![
        random_bits(r, bits) | p(bits - 1) | BigUint::one(),
        p(bits) - 1u32,
        p(bits - 1) + 1u32,
        p(short) + 1u32,
        random_bits(r, short) | p(short - 1) | BigUint::one(),
        p(bits) - p(bits - 33) - 1u32,
        p(short) - 1u32,
        BigUint::from(3u32),
    ]
}

fn limbs_of(x: &[BigUint], limbs: usize) -> Vec<Vec<u64>> {
    x.iter().map(|v| to_limbs(v, limbs)).collect()
}

fn refs(x: &[Vec<u64>]) -> Vec<&[u64]> {
    x.iter().map(Vec::as_slice).collect()
}

/// `Avx2Lanes` for the moduli `ns` (each below 2^(64 limbs)) in the engine's digit width, with
/// the constants computed in the lanes (moduli with leading zero limbs have no `Modulus` of
/// `limbs` limbs; `cached_constants_match_oracle` covers the constants a `Modulus` keeps).
fn lanes_for(token: Avx2Token, ns: &[BigUint], limbs: usize) -> Avx2Lanes {
    lanes_in(token, ns, limbs, digit_bits_for(limbs))
}

/// `Avx2Lanes` for the moduli `ns` in digits of `b` bits.
fn lanes_in(token: Avx2Token, ns: &[BigUint], limbs: usize, b: i32) -> Avx2Lanes {
    Avx2Lanes::with_digit_bits(token, limbs, &refs(&limbs_of(ns, limbs)), b)
}

/// `pow` on every lane equals `BigUint::modpow`.
fn check_pow(lanes: &Avx2Lanes, ns: &[BigUint], bases: &[BigUint], exps: &[Vec<u64>]) {
    let limbs = lanes.limbs;
    let got = lanes.pow(&refs(&limbs_of(bases, limbs)), &refs(exps));
    assert_eq!(got.len(), ns.len());
    for (l, n) in ns.iter().enumerate() {
        let want = bases[l].modpow(&big(&exps[l]), n);
        assert_eq!(got[l].len(), limbs, "result length");
        assert!(
            big(&got[l]) == want,
            "lane {l} of {}, {limbs} limbs, exponent of {} limbs\n n = {n:x}\n base = {:x}\n exp = {:x}\n got  {:x}\n want {want:x}",
            ns.len(),
            exps[l].len(),
            bases[l],
            big(&exps[l]),
            big(&got[l]),
        );
    }
}

/// `mul_mod` on every lane equals the product mod n.
fn check_mul(lanes: &Avx2Lanes, ns: &[BigUint], a: &[BigUint], b: &[BigUint]) {
    let limbs = lanes.limbs;
    let got = lanes.mul_mod(&refs(&limbs_of(a, limbs)), &refs(&limbs_of(b, limbs)));
    for (l, n) in ns.iter().enumerate() {
        assert_eq!(got[l].len(), limbs);
        assert!(
            big(&got[l]) == &a[l] * &b[l] % n,
            "lane {l}, {limbs} limbs, n = {n:x}, a = {:x}, b = {:x}",
            a[l],
            b[l]
        );
    }
}

/// Edge values below n, one per lane in turn: 0, 1, n - 1, a random one, n - 2 (2 for n = 3).
fn edge_value(n: &BigUint, which: usize, r: &mut ChaCha8Rng) -> BigUint {
    match which % 5 {
        0 => BigUint::ZERO,
        1 => BigUint::one(),
        2 => n - 1u32,
        3 => random_below(r, n),
        _ => (n - 2u32).max(BigUint::from(2u32)) % n,
    }
}

/// Exponents of `len` limbs for each lane: random, 0, 1, n - 1 (when it fits), all ones.
fn edge_exponents(ns: &[BigUint], len: usize, shift: usize, r: &mut ChaCha8Rng) -> Vec<Vec<u64>> {
    if len == 0 {
        return vec![Vec::new(); ns.len()];
    }
    ns.iter()
        .enumerate()
        .map(|(l, n)| {
            let e = match (l + shift) % 5 {
                0 => random_bits(r, 64 * len),
                1 => BigUint::ZERO,
                2 => BigUint::one(),
                3 if n.bits() as usize <= 64 * len => n - 1u32,
                _ => (BigUint::one() << (64 * len)) - 1u32,
            };
            to_limbs(&e, len)
        })
        .collect()
}

#[test]
fn pow_and_mul_mod_match_oracle_at_every_size() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    let mut r = rng(1);
    for (limbs, b) in LIMB_COUNTS
        .into_iter()
        .flat_map(|k| widths_for(k).map(move |b| (k, b)))
    {
        let shapes = moduli_for(limbs, &mut r);
        for used in 1..=LANES {
            // Mixed moduli in one call, a different choice for each lane count.
            let ns: Vec<BigUint> = (0..used)
                .map(|l| shapes[(limbs + 3 * used + l + b as usize) % shapes.len()].clone())
                .collect();
            let lanes = lanes_in(token, &ns, limbs, b);
            let edge = |shift: usize, r: &mut ChaCha8Rng| -> Vec<BigUint> {
                (0..used)
                    .map(|l| edge_value(&ns[l], l + shift, r))
                    .collect()
            };
            for shift in 0..5 {
                check_mul(&lanes, &ns, &edge(shift, &mut r), &edge(shift + 2, &mut r));
            }
            // Exponent lengths: none (x^0 = 1), one limb, the modulus length (two limbs from
            // 24 limbs up, to keep the oracle fast), and longer than the modulus.
            let full = if limbs <= 20 { limbs } else { 2 };
            let mut lens = vec![0, 1, full];
            if limbs <= 8 {
                lens.push(limbs + 2);
            }
            for (i, len) in lens.into_iter().enumerate() {
                let exps = edge_exponents(&ns, len, i + used, &mut r);
                check_pow(&lanes, &ns, &edge(i, &mut r), &exps);
            }
        }
    }
}

/// A full-size exponent at 2048 and 3072 bits (the sizes the engine is for), in every digit
/// width.
#[test]
fn full_exponent_at_rsa_sizes() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    let mut r = rng(2);
    for (limbs, b) in [32, 48].into_iter().flat_map(|k| WIDTHS.map(|b| (k, b))) {
        let ns: Vec<BigUint> = moduli_for(limbs, &mut r).into_iter().take(4).collect();
        let lanes = lanes_in(token, &ns, limbs, b);
        let bases: Vec<BigUint> = ns.iter().map(|n| random_below(&mut r, n)).collect();
        let exps: Vec<Vec<u64>> = (0..4)
            .map(|_| to_limbs(&random_bits(&mut r, 64 * limbs), limbs))
            .collect();
        check_pow(&lanes, &ns, &bases, &exps);
    }
}

/// The constants: R mod n and R^2 mod n per lane, R = 2^(B d), in every digit width.
#[test]
fn lane_constants_match_oracle() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    let mut r = rng(3);
    for limbs in LIMB_COUNTS {
        let ns: Vec<BigUint> = moduli_for(limbs, &mut r).into_iter().skip(4).collect();
        let moduli = limbs_of(&ns, limbs);
        let moduli: [&[u64]; LANES] = core::array::from_fn(|l| moduli[l].as_slice());
        for b in widths_for(limbs) {
            match b {
                27 => check_constants(
                    &params::LaneConstants::<27>::new(token, &moduli, limbs),
                    &ns,
                ),
                _ => check_constants(
                    &params::LaneConstants::<28>::new(token, &moduli, limbs),
                    &ns,
                ),
            }
        }
    }
}

/// The constants a `Modulus` keeps for the lanes (computed in scalar code), sliced into the
/// lanes: the same checks as `lane_constants_match_oracle`, then an exponentiation (exponents
/// of up to 8 limbs) on lanes built from them, at every limb count, moduli of exactly that
/// many limbs.
#[test]
fn cached_constants_match_oracle() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    let mut r = rng(11);
    for limbs in LIMB_COUNTS {
        let shapes = moduli_for(limbs, &mut r);
        let ns: Vec<BigUint> = [0, 1, 2, 5].map(|i| shapes[i].clone()).to_vec();
        let moduli: Vec<crate::Modulus> = ns
            .iter()
            .map(|n| crate::Modulus::new(&crate::Nat::from_limbs(to_limbs(n, limbs))))
            .collect::<Result<_, _>>()
            .expect("odd moduli of exactly `limbs` limbs");
        for m in &moduli {
            assert_eq!(m.limbs(), limbs);
        }
        for used in [1, 2, 3, 4] {
            let cached: Vec<(&[u64], &ModulusConstants)> = moduli[..used]
                .iter()
                .map(|m| (m.modulus_limbs(), m.avx2_constants()))
                .collect();
            let lanes = Avx2Lanes::from_cached(token, limbs, &cached);
            match &lanes.consts {
                Radix::Bits27(c) => check_constants(c, &ns[..used]),
                Radix::Bits28(c) => check_constants(c, &ns[..used]),
            }
            let bases: Vec<BigUint> = ns[..used].iter().map(|n| random_below(&mut r, n)).collect();
            let exps: Vec<Vec<u64>> = (0..used)
                .map(|_| to_limbs(&random_bits(&mut r, 64 * limbs.min(8)), limbs.min(8)))
                .collect();
            check_pow(&lanes, &ns[..used], &bases, &exps);
        }
    }
}

/// R mod n, R^2 mod n and n0' of every lane of `c` against the oracle.
fn check_constants<const B: i32>(c: &params::LaneConstants<B>, ns: &[BigUint]) {
    let rr = BigUint::one() << (B as usize * c.n.len());
    for (l, n) in ns.iter().enumerate() {
        assert_eq!(
            lane_value(&c.one, l, B),
            &rr % n,
            "R mod n, lane {l}, {B}-bit digits"
        );
        assert_eq!(
            lane_value(&c.r2, l, B),
            &rr * &rr % n,
            "R^2 mod n, lane {l}, {B}-bit digits"
        );
        // n0' n = -1 mod 2^B.
        let n0 = lane_words(c.n0)[l];
        assert_eq!(
            n0.wrapping_mul(n.to_u64_digits()[0]) & digit_mask(B),
            digit_mask(B)
        );
    }
}

/// Almost Montgomery: with n just below 2^(64k) and R = 2^(B d) no more than 16 * 2^(64k)
/// (64k + 2 = 27d for k = 16, 43; 28d = 64k + 4 for k = 3, 10, 17, 52), n is at least R/16,
/// so products of inputs below 2n land in [n, 2n) often. Every output must stay below 2n with
/// digits below 2^B and equal a b / R mod n; chains of such outputs, fed back unreduced, must
/// still give the right power.
#[test]
fn almost_montgomery_outputs_in_n_to_2n_are_handled() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    let mut r = rng(4);
    for limbs in [16, 43] {
        almost_montgomery_at::<27>(token, limbs, &mut r);
    }
    for limbs in [3, 10, 17, 52] {
        almost_montgomery_at::<28>(token, limbs, &mut r);
    }
}

/// The largest columns each digit width meets: at the most limbs the engine gives it (2^28 at
/// 55, d = 126 of the 127 its bound allows, 2^27 at 128), moduli whose digits are all ones up
/// to the top (2^(64k) - 1, and 2^(64k) - 2^(64k - 33) - 1) and inputs 2n - 1, the largest an
/// almost-Montgomery value can be: every product and square stays below 2n and equals
/// x y / R mod n.
#[test]
fn largest_columns_of_each_width() {
    let Some(token) = Avx2Token::for_kernel_tests() else {
        return;
    };
    largest_columns_at::<28>(token, 55);
    largest_columns_at::<27>(token, 128);
}

fn largest_columns_at<const B: i32>(token: Avx2Token, limbs: usize) {
    assert_eq!(
        digit_bits_for(limbs),
        B,
        "the width the engine gives {limbs} limbs"
    );
    let d = digits_for(limbs, B);
    let top = BigUint::one() << (64 * limbs);
    let ns: Vec<BigUint> = vec![
        &top - 1u32,
        &top - 1u32,
        &top - (BigUint::one() << (64 * limbs - 33)) - 1u32,
        &top - 3u32,
    ];
    let moduli = limbs_of(&ns, limbs);
    let moduli: [&[u64]; LANES] = core::array::from_fn(|l| moduli[l].as_slice());
    let consts = params::LaneConstants::<B>::new(token, &moduli, limbs);
    let rr = BigUint::one() << (B as usize * d);
    let x: Vec<BigUint> = ns.iter().map(|n| (n << 1) - 1u32).collect();
    let xs = sliced(&x, d, B);
    // SAFETY: AVX2 was detected (token); the helpers are safe code compiled for AVX2.
    unsafe {
        let mut mont = Mont::<B>::new(&consts.n, consts.n0);
        let mut out = vec![_mm256_setzero_si256(); d];
        for square in [false, true] {
            if square {
                mont.sqr(&mut out, &xs);
            } else {
                mont.mul(&mut out, &xs, &xs);
            }
            for (l, n) in ns.iter().enumerate() {
                let got = lane_value(&out, l, B);
                let rinv = (&rr % n).modinv(n).unwrap();
                assert!(got < n << 1, "{B}-bit digits, {limbs} limbs: below 2n");
                assert_eq!(
                    &got % n,
                    &x[l] * &x[l] * rinv % n,
                    "{B}-bit digits, lane {l}"
                );
            }
        }
    }
}

fn almost_montgomery_at<const B: i32>(token: Avx2Token, limbs: usize, r: &mut ChaCha8Rng) {
    let d = digits_for(limbs, B);
    assert!(
        B as usize * d <= 64 * limbs + 4,
        "R at most 16 * 2^(64 limbs)"
    );
    let top = BigUint::one() << (64 * limbs);
    let ns: Vec<BigUint> = [1u32, 3, 0x1_0001, 0xff_ffff]
        .iter()
        .map(|&c| &top - c)
        .collect();
    let moduli = limbs_of(&ns, limbs);
    let moduli: [&[u64]; LANES] = core::array::from_fn(|l| moduli[l].as_slice());
    let consts = params::LaneConstants::<B>::new(token, &moduli, limbs);
    let rr = BigUint::one() << (B as usize * d);
    let mut above = 0;
    // SAFETY: AVX2 was detected (token); the helpers are safe code compiled for AVX2.
    unsafe {
        let mut mont = Mont::<B>::new(&consts.n, consts.n0);
        let mut out = vec![_mm256_setzero_si256(); d];
        // Start from random values below 2n and keep multiplying by outputs.
        let mut x: Vec<BigUint> = ns.iter().map(|n| random_below(r, &(n << 1))).collect();
        // With R = 16 * 2^(64k) outputs reach [n, 2n) about a quarter as often as with 4: more
        // steps for the same count.
        let steps = if B as usize * d == 64 * limbs + 2 {
            200
        } else {
            800
        };
        for step in 0..steps {
            let y: Vec<BigUint> = ns.iter().map(|n| random_below(r, &(n << 1))).collect();
            let (xs, ys) = (sliced(&x, d, B), sliced(&y, d, B));
            if step % 2 == 0 {
                mont.mul(&mut out, &xs, &ys);
            } else {
                mont.sqr(&mut out, &xs);
            }
            for (l, n) in ns.iter().enumerate() {
                let got = lane_value(&out, l, B);
                let other = if step % 2 == 0 { &y[l] } else { &x[l] };
                let rinv = (&rr % n).modinv(n).unwrap();
                assert!(got < n << 1, "below 2n");
                assert_eq!(&got % n, &x[l] * other * rinv % n);
                above += usize::from(&got >= n);
                x[l] = got;
            }
            assert!(out
                .iter()
                .all(|&v| lane_words(v).iter().all(|&w| w <= digit_mask(B))));
        }
    }
    assert!(
        above > 20,
        "{B}-bit digits, {limbs} limbs: outputs in [n, 2n) occurred only {above} times"
    );
    // And whole exponentiations with those moduli.
    let bases: Vec<BigUint> = ns.iter().map(|n| n - 1u32 - random_bits(r, 8)).collect();
    let exps: Vec<Vec<u64>> = (0..4)
        .map(|_| to_limbs(&random_bits(r, 64 * limbs), limbs))
        .collect();
    check_pow(&lanes_in(token, &ns, limbs, B), &ns, &bases, &exps);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random moduli of random bit lengths within the limb count (so random leading zero
    /// limbs), random bases and exponents of random announced length.
    #[test]
    fn pow_matches_modpow(limbs in 1usize..=12, used in 1usize..=4, exp_limbs in 0usize..=14,
                          seed in any::<u64>()) {
        let Some(token) = Avx2Token::for_kernel_tests() else {
            return Ok(());
        };
        let mut r = rng(seed);
        let ns: Vec<BigUint> = (0..used)
            .map(|_| {
                let bits = r.gen_range(2..=64 * limbs);
                (random_bits(&mut r, bits) | (BigUint::one() << (bits - 1)) | BigUint::one())
                    .max(BigUint::from(3u32))
            })
            .collect();
        let lanes = lanes_for(token, &ns, limbs);
        let bases: Vec<BigUint> = ns.iter().map(|n| random_below(&mut r, n)).collect();
        let exps: Vec<Vec<u64>> = (0..used)
            .map(|_| to_limbs(&random_bits(&mut r, 64 * exp_limbs), exp_limbs))
            .collect();
        check_pow(&lanes, &ns, &bases, &exps);
        let other: Vec<BigUint> = ns.iter().map(|n| random_below(&mut r, n)).collect();
        check_mul(&lanes, &ns, &bases, &other);
    }
}

/// Lane `l` of sliced `b`-bit digits as an integer (digits may be unnormalised).
fn lane_value(x: &[__m256i], l: usize, b: i32) -> BigUint {
    x.iter()
        .rev()
        .fold(BigUint::ZERO, |acc, &v| (acc << b) + lane_words(v)[l])
}

fn lane_words(v: __m256i) -> [u64; 4] {
    let mut w = [0u64; 4];
    // SAFETY: `w` is 32 writable bytes; the store is unaligned. `v` exists, so the CPU has AVX.
    unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), v) };
    w
}

/// Four values (each below 2^(b d)) as d sliced `b`-bit digits.
fn sliced(x: &[BigUint], d: usize, b: i32) -> Vec<__m256i> {
    let words: Vec<Vec<u64>> = x
        .iter()
        .map(|v| {
            (0..d)
                .map(|i| {
                    let digit = (v >> (b as usize * i)) & BigUint::from(digit_mask(b));
                    digit.to_u64_digits().first().copied().unwrap_or(0)
                })
                .collect()
        })
        .collect();
    (0..d)
        .map(|i| {
            let mut lane = [0u64; 4];
            for (l, w) in words.iter().enumerate() {
                lane[l] = w[i];
            }
            // SAFETY: `lane` is 32 readable bytes; the load is unaligned.
            unsafe { _mm256_loadu_si256(lane.as_ptr().cast()) }
        })
        .collect()
}
