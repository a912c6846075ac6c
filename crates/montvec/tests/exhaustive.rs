//! Exhaustive small moduli: every odd n in 3..1024, on every (algorithm, backend) and
//! `Modulus::new`, checked against plain `u64`/`u128` arithmetic (an oracle independent of
//! num-bigint). Each exponentiation gets its own test so the harness runs them in parallel;
//! below 64 every pair of residues goes through mul, square, add and sub.

mod common;
use common::*;

use montvec::{Modulus, Nat};
use num_bigint::BigUint;
use rand::Rng;

/// `x mod n` for little-endian limbs, by Horner's rule in u128.
fn reduce_u64(x: &[u64], n: u64) -> u64 {
    x.iter().rev().fold(0u64, |acc, &w| {
        ((((acc as u128) << 64) | w as u128) % n as u128) as u64
    })
}

fn mul_mod(a: u64, b: u64, n: u64) -> u64 {
    ((a as u128 * b as u128) % n as u128) as u64
}

/// `base^exp mod n`, square-and-multiply over the exponent's limbs from the top.
fn pow_mod(base: &[u64], exp: &[u64], n: u64) -> u64 {
    let b = reduce_u64(base, n);
    let mut acc = 1 % n;
    for &w in exp.iter().rev() {
        for i in (0..64).rev() {
            acc = mul_mod(acc, acc, n);
            if (w >> i) & 1 == 1 {
                acc = mul_mod(acc, b, n);
            }
        }
    }
    acc
}

fn modulus_list() -> Vec<u64> {
    (3..1024u64).step_by(2).collect()
}

/// Bases: 0 (no limbs and one), 1, n-1, n, n+1, 2n+3, u64::MAX, a random residue, and a
/// random three-limb value.
fn bases(n: u64, r: &mut impl Rng) -> Vec<Vec<u64>> {
    vec![
        vec![],
        vec![0],
        vec![1],
        vec![n - 1],
        vec![n],
        vec![n + 1],
        vec![2 * n + 3],
        vec![u64::MAX],
        vec![r.gen_range(0..n)],
        vec![r.gen(), 0, r.gen()],
    ]
}

/// Exponents: 0 (no limbs, one), 1, 2, n-1, n, a random one-limb value, 2^64-1, 1 with
/// leading zero limbs, and a random two-limb value.
fn exponents(n: u64, r: &mut impl Rng) -> Vec<Vec<u64>> {
    vec![
        vec![],
        vec![0],
        vec![1],
        vec![2],
        vec![n - 1],
        vec![n],
        vec![r.gen::<u32>() as u64],
        vec![u64::MAX],
        vec![1, 0, 0],
        vec![r.gen(), r.gen()],
    ]
}

/// Check one exponentiation on every odd modulus below 1024.
fn exhaustive_pow(name: &str, f: fn(&Modulus, &Nat, &Nat) -> Nat, seed: u64) {
    let mut r = rng(seed);
    for n in modulus_list() {
        let ms = moduli(&BigUint::from(n));
        let bs = bases(n, &mut r);
        let es = exponents(n, &mut r);
        for b in &bs {
            let bn = Nat::from_limbs(b.clone());
            for e in &es {
                let want = pow_mod(b, e, n);
                let en = Nat::from_limbs(e.clone());
                for (label, m) in &ms {
                    let got = f(m, &bn, &en);
                    assert_eq!(
                        got.as_limbs(),
                        [want],
                        "{label} {name}: n = {n}, base = {b:?}, exp = {e:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn pow_every_odd_modulus_below_1024() {
    exhaustive_pow("pow", Modulus::pow, 51);
}

#[test]
fn pow_ladder_every_odd_modulus_below_1024() {
    exhaustive_pow("pow_ladder", Modulus::pow_ladder, 52);
}

#[test]
fn pow_vartime_every_odd_modulus_below_1024() {
    exhaustive_pow("pow_vartime", Modulus::pow_vartime, 53);
}

/// For odd n < 64, every pair of residues: mul, square, add, sub, and the conversions.
#[test]
fn every_pair_of_residues_below_64() {
    for n in (3..64u64).step_by(2) {
        let r_mod_n = ((1u128 << 64) % n as u128) as u64;
        for (label, m) in moduli(&BigUint::from(n)) {
            assert_eq!(m.one().as_limbs(), [r_mod_n], "{label}: R mod {n}");
            let elems: Vec<_> = (0..n).map(|x| m.to_montgomery(&Nat::from_u64(x))).collect();
            for a in 0..n {
                let ea = &elems[a as usize];
                assert_eq!(
                    ea.as_limbs(),
                    [mul_mod(a, r_mod_n, n)],
                    "{label}: form of {a} mod {n}"
                );
                let sq = m.from_montgomery(&m.square(ea).unwrap()).unwrap();
                assert_eq!(sq.as_limbs(), [mul_mod(a, a, n)], "{label}: {a}^2 mod {n}");
                for b in 0..n {
                    let eb = &elems[b as usize];
                    let ctx = || format!("{label}: a = {a}, b = {b}, n = {n}");
                    let p = m.mul(ea, eb).unwrap();
                    assert_eq!(
                        p.as_limbs(),
                        [mul_mod(a * b % n, r_mod_n, n)],
                        "mul {}",
                        ctx()
                    );
                    let s = m.add(ea, eb).unwrap();
                    assert_eq!(
                        s.as_limbs(),
                        [mul_mod((a + b) % n, r_mod_n, n)],
                        "add {}",
                        ctx()
                    );
                    let d = m.sub(ea, eb).unwrap();
                    assert_eq!(
                        d.as_limbs(),
                        [mul_mod((a + n - b) % n, r_mod_n, n)],
                        "sub {}",
                        ctx()
                    );
                }
            }
        }
    }
}

/// The u64 oracle itself, on values small enough to check by hand.
#[test]
fn oracle_sanity() {
    assert_eq!(pow_mod(&[3], &[100], 197), 188);
    assert_eq!(pow_mod(&[0], &[], 7), 1);
    assert_eq!(pow_mod(&[2], &[10], 1023), 1);
    assert_eq!(reduce_u64(&[0, 1], 1000), 616); // 2^64 = 18446744073709551616
    assert_eq!(reduce_u64(&[5, 1], 7), (((1u128 << 64) + 5) % 7) as u64);
}
