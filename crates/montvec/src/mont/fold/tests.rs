//! Equivalence tests of the folding variant against `num-bigint`, for every k from 1 to 70 and
//! 96, 128, 256, on moduli at the edges of the final subtraction and the fold carries.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::limb::LIMB_BITS;
use crate::mont::fold::constants::CARRY_TABLE_ENTRIES;
use crate::mul::oracle::{big, to_limbs};

fn sizes() -> Vec<usize> {
    (1..=70).chain([96, 128, 256]).collect()
}

fn random_limbs(rng: &mut ChaCha8Rng, k: usize) -> Vec<Limb> {
    (0..k).map(|_| rng.gen()).collect()
}

/// Moduli of exactly k limbs: all-ones, just above and below powers of two, top limb
/// 0x8000..01, a small top limb, random full-size, and a bit length not a multiple of 64.
fn moduli(rng: &mut ChaCha8Rng, k: usize) -> Vec<BigUint> {
    let w = 64 * k;
    let one = BigUint::one();
    let mut v = vec![
        (&one << w) - 1u32,                                    // 2^(64k) - 1, all ones
        (&one << (w - 1)) + 1u32, // 2^(64k-1) + 1, just above a power of two
        (&one << (w - 1)) - 1u32, // 2^(64k-1) - 1, just below
        big(&random_limbs(rng, k)) | &one | (&one << (w - 1)), // random, full size
    ];
    // R - r for a random odd r of about half the length: n close to R, yet fold multipliers
    // 2^(-64h) mod n that look random (the all-ones modulus makes them powers of two). These
    // drive the carry count s = floor(W*/R) up to 3.
    let r = (big(&random_limbs(rng, k.div_ceil(2))) % (&one << (32 * k))) | &one;
    v.push((&one << w) - r);
    let mut top = random_limbs(rng, k);
    top[k - 1] = 0x8000_0000_0000_0001;
    v.push(big(&top) | &one);
    if k >= 2 {
        v.push((&one << (w - 64)) + 1u32); // top limb 1: 2^(64(k-1)) + 1
        let mut small = random_limbs(rng, k);
        small[k - 1] = 1;
        v.push(big(&small) | &one);
        // A bit length not a multiple of 64.
        let bits = w - 1 - rng.gen_range(1..63);
        let r = big(&random_limbs(rng, k)) % (&one << bits);
        v.push(r | &one | (&one << (bits - 1)));
    } else {
        v.push(BigUint::from(3u32));
        v.push(BigUint::from(0xffff_ffff_u32 | 1));
    }
    v
}

/// Inputs below n: 0, 1, 2, n - 1, n - 2, R mod n, and random values.
fn inputs(rng: &mut ChaCha8Rng, n: &BigUint, k: usize, random: usize) -> Vec<BigUint> {
    let r = BigUint::one() << (64 * k);
    let mut v = vec![
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u32) % n,
        n - 1u32,
        n - 2u32,
        &r % n,
        (&r - 1u32) % n,
    ];
    for _ in 0..random {
        v.push(big(&random_limbs(rng, k)) % n);
    }
    v
}

fn engine(n: &BigUint, k: usize) -> Fold {
    let bits = n.bits() as usize;
    assert_eq!(bits.div_ceil(LIMB_BITS), k);
    Fold::new(MontParams::new(to_limbs(n, k), bits))
}

/// out < n and out * R = a * b (mod n): exactly the Montgomery product.
fn check(out: &[Limb], a: &BigUint, b: &BigUint, n: &BigUint, what: &str) {
    let k = out.len();
    let o = big(out);
    assert!(&o < n, "{what}: not fully reduced, k = {k}, n = {n:x}");
    assert_eq!(
        (o << (64 * k)) % n,
        (a * b) % n,
        "{what}: k = {k}, n = {n:x}, a = {a:x}, b = {b:x}"
    );
}

#[test]
fn mul_and_sqr_match_oracle_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for k in sizes() {
        let random = if k <= 70 { 5 } else { 3 };
        for n in moduli(&mut rng, k) {
            let f = engine(&n, k);
            let mut scratch = vec![0; f.scratch_len()];
            let mut out = vec![0; k];
            let xs = inputs(&mut rng, &n, k, random);
            for (i, a) in xs.iter().enumerate() {
                let al = to_limbs(a, k);
                f.sqr(&mut out, &al, &mut scratch);
                check(&out, a, a, &n, "sqr");
                for b in &xs[i..] {
                    f.mul(&mut out, &al, &to_limbs(b, k), &mut scratch);
                    check(&out, a, b, &n, "mul");
                }
            }
        }
    }
}

#[test]
fn squaring_matches_product() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for k in sizes() {
        for a in [vec![u64::MAX; k], random_limbs(&mut rng, k), vec![0; k]] {
            let mut s = vec![0; 2 * k];
            square::square(&mut s, &a);
            assert_eq!(big(&s), big(&a) * big(&a), "k = {k}");
        }
    }
}

#[test]
fn constants_are_right() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for k in sizes() {
        for n in moduli(&mut rng, k) {
            let f = engine(&n, k);
            let (g, c) = (f.geometry, &f.constants);
            let r = BigUint::one() << (64 * k);
            for (h, fh) in [(g.h1, &c.f1), (g.h2, &c.f2)] {
                if h > 0 {
                    assert!(big(fh) < n);
                    assert_eq!((big(fh) << (64 * h)) % &n, BigUint::one(), "k = {k}");
                }
            }
            let n_lo = (&n % (BigUint::one() << 128u32)).to_u64_digits();
            let n_lo = n_lo[0] as u128 | ((n_lo.get(1).copied().unwrap_or(0) as u128) << 64);
            assert_eq!(n_lo.wrapping_mul(c.n_inv128), u128::MAX);
            for s in 0..CARRY_TABLE_ENTRIES {
                let t = big(&c.carry_table[s * k..(s + 1) * k]);
                assert_eq!(t, (&r * s) % &n);
            }
            assert_eq!(big(&c.two_n), &n * 2u32);
        }
    }
}

/// A value below n^2 of 2k limbs built from runs of all-ones, zero and random limbs: the
/// shapes that drive the fold carries.
fn carry_heavy_below(rng: &mut ChaCha8Rng, n2: &BigUint, k: usize) -> Vec<Limb> {
    loop {
        let x: Vec<Limb> = (0..2 * k)
            .map(|_| match rng.gen_range(0..4) {
                0 => 0,
                1 => u64::MAX,
                2 => u64::MAX - rng.gen_range(0..4u64),
                _ => rng.gen(),
            })
            .collect();
        if &big(&x) < n2 {
            return x;
        }
    }
}

/// n = R - r close to R whose fold multipliers are both above 3n/4: then the four terms of
/// W* (see `reduce.rs`) can all be near n at once, and s = 3 is common.
fn carry_heavy_modulus(rng: &mut ChaCha8Rng, k: usize) -> BigUint {
    let one = BigUint::one();
    loop {
        let r = (big(&random_limbs(rng, k.div_ceil(2))) % (&one << (32 * k))) | &one;
        let n = (&one << (64 * k)) - r;
        let f = engine(&n, k);
        let big_enough = |x: &[Limb]| big(x) * 4u32 > &n * 3u32;
        if big_enough(&f.constants.f1) && (f.geometry.h2 == 0 || big_enough(&f.constants.f2)) {
            return n;
        }
    }
}

/// The carry count s = floor(W*/R) (see `reduce.rs`) reaches 3 when k = 0 mod 4 (the seed's
/// balanced cuts, h1 = h2 + d and h2 = d) and n is close to R; check every entry of the
/// correction table is used there, so a wrong entry fails a test. For other k the cuts are
/// unbalanced and s stays small; check entries 0 and 1 there.
#[test]
fn fold_carries_reach_every_table_entry() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for k in [4, 5, 6, 7, 8, 9, 16, 17, 32] {
        let mut seen = [0usize; CARRY_TABLE_ENTRIES];
        let mut ns = moduli(&mut rng, k);
        ns.push(carry_heavy_modulus(&mut rng, k));
        for n in ns {
            let f = engine(&n, k);
            let mut scratch = vec![0; f.scratch_len()];
            let mut out = vec![0; k];
            let n2 = &n * &n;
            // Products of values just below n (every fold input near its maximum) ...
            let mut xs = inputs(&mut rng, &n, k, 4);
            for _ in 0..8 {
                let delta = big(&random_limbs(&mut rng, 1)) % &n;
                xs.push(&n - 1u32 - delta);
            }
            for a in &xs {
                for b in &xs {
                    crate::mul::product(&mut scratch[..2 * k], &to_limbs(a, k), &to_limbs(b, k));
                    let s = f.reduce_product(&mut out, &mut scratch);
                    seen[s as usize] += 1;
                    check(&out, a, b, &n, "reduce a*b");
                }
            }
            // ... and arbitrary x < n^2 (reduce's contract) with carry-heavy limb patterns.
            for _ in 0..1500 {
                let x = carry_heavy_below(&mut rng, &n2, k);
                scratch[..2 * k].copy_from_slice(&x);
                let s = f.reduce_product(&mut out, &mut scratch);
                seen[s as usize] += 1;
                check(&out, &big(&x), &BigUint::one(), &n, "reduce x");
            }
        }
        let needed = if k % 4 == 0 { CARRY_TABLE_ENTRIES } else { 2 };
        assert!(
            seen[..needed].iter().all(|&c| c > 0),
            "k = {k}: carry counts {seen:?}"
        );
    }
}

#[test]
fn pow_matches_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for k in (1..=20).chain([32, 33, 48, 64]) {
        for n in moduli(&mut rng, k).into_iter().take(4) {
            let f = engine(&n, k);
            let base = big(&random_limbs(&mut rng, k)) % &n;
            let exp_limbs = random_limbs(&mut rng, k.min(8));
            let expo = big(&exp_limbs);
            let b_mont = f.params.to_montgomery(&to_limbs(&base, k));
            let y = crate::exp::window::pow(&f, &b_mont, &exp_limbs);
            let y = f.params.from_montgomery(&y);
            assert_eq!(big(&y), base.modpow(&expo, &n), "k = {k}, n = {n:x}");
        }
    }
}

#[test]
fn modulus_with_fold_algorithm() {
    use crate::{Algorithm, Modulus, Nat};
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for k in [1, 2, 3, 8, 16, 33] {
        for n in moduli(&mut rng, k).into_iter().take(3) {
            let m = Modulus::with_algorithm(&Nat::from_limbs(to_limbs(&n, k)), Algorithm::Fold)
                .expect("valid modulus");
            assert_eq!(m.algorithm(), Algorithm::Fold);
            let base = big(&random_limbs(&mut rng, k)) % &n;
            let expo = big(&random_limbs(&mut rng, 2));
            let y = m.pow(
                &Nat::from_limbs(to_limbs(&base, k)),
                &Nat::from_limbs(to_limbs(&expo, 2)),
            );
            assert_eq!(big(y.as_limbs()), base.modpow(&expo, &n));
        }
    }
}
