//! `Modulus::invert` and `inverse::gcd_with_odd` against num-bigint: random odd moduli from
//! one limb to 8192 bits, the edges x = 0, 1, n − 1, x ≥ n, and non-invertible x for composite
//! n (x sharing a factor with n).

mod common;
use common::*;

use montvec::inverse::gcd_with_odd;
use montvec::{Modulus, Nat};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_big(rng: &mut impl Rng, bits: usize) -> BigUint {
    let limbs = bits.div_ceil(64);
    let mut v: Vec<u64> = (0..limbs).map(|_| rng.gen()).collect();
    let spare = limbs * 64 - bits;
    v[limbs - 1] >>= spare;
    v[limbs - 1] |= 1 << (63 - spare); // exactly `bits` bits
    limbs_to_big(&v)
}

fn random_odd(rng: &mut impl Rng, bits: usize) -> BigUint {
    random_big(rng, bits) | BigUint::one()
}

/// The oracle's inverse, when it exists.
fn oracle_inverse(x: &BigUint, n: &BigUint) -> Option<BigUint> {
    let x = x % n;
    if !x.gcd(n).is_one() {
        return None;
    }
    // x^(-1) from the extended Euclid of num-integer on signed values.
    let (xs, ns) = (
        num_bigint::BigInt::from(x.clone()),
        num_bigint::BigInt::from(n.clone()),
    );
    let e = xs.extended_gcd(&ns);
    let inv = ((e.x % &ns) + &ns) % &ns;
    Some(inv.to_biguint().expect("non-negative"))
}

fn check(n: &BigUint, x: &BigUint, x_limbs: usize) {
    let k = n.bits().div_ceil(64) as usize;
    let m = Modulus::new(&from_big(n, k)).unwrap();
    let got: Option<Nat> = m.invert(&from_big(x, x_limbs)).into();
    let want = oracle_inverse(x, n);
    match (&got, &want) {
        (Some(g), Some(w)) => {
            assert_eq!(g.limb_len(), k);
            assert_eq!(&to_big(g), w, "inverse of {x:x} mod {n:x}");
        }
        (None, None) => {}
        _ => panic!("invert({x:x}) mod {n:x}: got {got:?}, want {want:?}"),
    }
}

/// Bit sizes of n. 1984 and 3968 bits (31 and 62 limbs) fill their signed 62-bit limbs
/// exactly (64 · 31 = 62 · 32), so the limb `safegcd` adds for the sign is all that holds it.
const SIZES: [usize; 18] = [
    2, 7, 63, 64, 65, 127, 128, 255, 521, 1024, 1536, 1984, 2047, 2048, 3072, 3968, 4096, 8192,
];

#[test]
fn random_inverses_match_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1a7e);
    for bits in SIZES {
        let count = if bits >= 4096 { 3 } else { 20 };
        for _ in 0..count {
            let n = random_odd(&mut rng, bits);
            let k = n.bits().div_ceil(64) as usize;
            let x = random_big(&mut rng, bits) % &n;
            check(&n, &x, k);
            // x of another length than n, and above n.
            let wide = random_big(&mut rng, bits + 70);
            check(&n, &wide, wide.bits().div_ceil(64) as usize);
        }
    }
}

#[test]
fn edge_values() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xed9e);
    for bits in SIZES {
        let n = random_odd(&mut rng, bits);
        let k = n.bits().div_ceil(64) as usize;
        for x in [
            BigUint::zero(),
            BigUint::one(),
            &n - 1u32,
            n.clone(),
            &n + 1u32,
            BigUint::from(2u32),
        ] {
            check(&n, &x, k + 1);
        }
    }
    // n = 3, the smallest modulus; n = 2^64 - 1 and 2^(64k) - 1 (all-ones limbs).
    for n in [
        BigUint::from(3u32),
        BigUint::from(u64::MAX),
        (BigUint::one() << 1024) - 1u32,
    ] {
        for x in [0u32, 1, 2, 3, 4, 5] {
            check(&n, &BigUint::from(x), 1);
        }
    }
}

#[test]
fn non_invertible_for_composite_moduli() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0);
    for bits in [64usize, 200, 1024, 2048] {
        for _ in 0..5 {
            let a = random_odd(&mut rng, bits / 2);
            let b = random_odd(&mut rng, bits / 2);
            let n = &a * &b;
            let k = n.bits().div_ceil(64) as usize;
            // Multiples of a factor have no inverse; the oracle agrees.
            let r = random_big(&mut rng, bits / 2);
            check(&n, &(&a * &r), 2 * k);
            check(&n, &b, k);
            check(&n, &(&a * 3u32), k + 1);
            let m = Modulus::new(&from_big(&n, k)).unwrap();
            assert!(bool::from(m.invert(&from_big(&a, k)).is_none()));
        }
    }
}

#[test]
fn gcd_with_odd_matches_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9cd);
    for bits in [1usize, 30, 64, 100, 512, 1024, 2048, 4096] {
        for _ in 0..8 {
            let common = random_odd(&mut rng, (bits / 3).max(1)) << rng.gen_range(0..3);
            let f = random_odd(&mut rng, bits) * (&common | BigUint::one());
            let g = random_big(&mut rng, bits + 5) * &common;
            let fl = f.bits().div_ceil(64) as usize;
            let gl = g.bits().div_ceil(64) as usize + 1;
            let got = gcd_with_odd(&from_big(&f, fl), &from_big(&g, gl)).unwrap();
            assert_eq!(to_big(&got), f.gcd(&g), "gcd({f:x}, {g:x})");
            assert_eq!(got.limb_len(), fl);
        }
    }
    // gcd(f, 0) = f; gcd(1, g) = 1.
    let f = BigUint::from(0xdead_beefu64 | 1);
    assert_eq!(
        to_big(&gcd_with_odd(&from_big(&f, 1), &Nat::zero(3)).unwrap()),
        f.clone()
    );
    assert!(to_big(&gcd_with_odd(&Nat::from_u64(1), &from_big(&f, 1)).unwrap()).is_one());
    assert_eq!(
        to_big(&gcd_with_odd(&from_big(&f, 1), &Nat::zero(0)).unwrap()),
        f.clone()
    );
    // An even first argument (and zero) is none, not a panic, at every length.
    for even in [
        Nat::zero(0),
        Nat::zero(1),
        Nat::from_u64(2),
        from_big(&(f.clone() << 1), 2),
        Nat::zero(8),
    ] {
        assert!(bool::from(gcd_with_odd(&even, &from_big(&f, 1)).is_none()));
    }
    assert!(bool::from(
        gcd_with_odd(&Nat::zero(0), &Nat::zero(0)).is_none()
    ));
}

/// `invert` says "none" whenever gcd(x, n) != 1, including a gcd whose low limb is 1
/// (g = 1 mod 2^64, as 2^64 + 1): every limb of the gcd must be compared, not the low one
/// (`non_invertible_for_composite_moduli` in inverse.rs uses random odd factors, whose low
/// limb is 1 with probability 2^-63).
#[test]
fn invert_rejects_a_common_factor_that_is_one_mod_2_64() {
    let mut r = rng(0x1_0001);
    let one = BigUint::from(1u32);
    for (fbits, qbits) in [(65usize, 64usize), (65, 1000), (200, 300), (1024, 1024)] {
        // p = 1 mod 2^64 (p = 2^64 + 1 for 65 bits).
        let p = ((random_bits(&mut r, fbits - 64) >> 1u32 << 1u32) << 64u32) | &one;
        let p = if fbits == 65 {
            (&one << 64u32) + &one
        } else {
            p
        };
        assert_eq!(p.to_u64_digits()[0], 1);
        let q = random_odd_modulus(&mut r, qbits);
        assert!(
            p.gcd(&q).is_one(),
            "p and q coprime, so gcd(x, n) is the factor of p"
        );
        let n = &p * &q;
        let k = n.bits().div_ceil(64) as usize;
        let m = Modulus::new(&from_big(&n, k)).unwrap();
        for x in [p.clone(), &p * 5u32, &p * &random_bits(&mut r, 70)] {
            let got = m.invert(&nat(&x));
            assert!(
                bool::from(got.is_none()),
                "{fbits}+{qbits} bits: gcd(x, n) = {:x} != 1, yet invert gave a value",
                x.gcd(&n)
            );
        }
        // And a unit still inverts: the smallest above 2 (n's random factor may be a multiple
        // of 3).
        let x = (3u32..)
            .map(BigUint::from)
            .find(|x| x.gcd(&n).is_one())
            .expect("n has a unit");
        let inv = Option::<Nat>::from(m.invert(&nat(&x))).expect("a unit inverts");
        assert!((to_big(&inv) * &x % &n).is_one(), "{x} is a unit");
    }
}

/// The Bézout coefficient d ends anywhere in (−2n, n), and `safegcd` brings it into [0, n) by
/// adding n when negative, applying f's sign, and adding n again when negative. Random inputs
/// almost always end with d above −n, where one addition would do (all but 3 of 3,000 random
/// 62- to 128-bit pairs, in a model of the divsteps); these two end below it (found by a search
/// over 40,000 such pairs with that model). The first ends with f = +1 and needs both
/// additions; the second ends with f = −1 and needs the first one, before the sign. Without
/// it, no other test fails.
#[test]
fn inverses_whose_last_coefficient_is_below_minus_n() {
    for (n, x) in [
        // d = −1.189n, f = +1.
        (3_017_568_035_394_362_835u64, 2_228_020_794_326_201_491u64),
        // d = −1.159n, f = −1.
        (3_661_018_971_910_335_139, 853_145_813_898_651_397),
    ] {
        check(&BigUint::from(n), &BigUint::from(x), 1);
    }
}
