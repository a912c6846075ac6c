//! Exhaustive small moduli: every odd n in 3..1024, on every (algorithm, backend) and
//! `Modulus::new`, checked against plain `u64`/`u128` arithmetic (an oracle independent of
//! num-bigint). Each exponentiation gets its own test so the harness runs them in parallel;
//! below 64 every pair of residues goes through mul, square, add and sub.

mod common;
use common::*;

use montvec::{Modulus, MontElem, Nat};
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
fn pow_window_every_odd_modulus_below_1024() {
    exhaustive_pow("pow_window", Modulus::pow_window, 54);
}

#[test]
fn pow_ladder_every_odd_modulus_below_1024() {
    exhaustive_pow("pow_ladder", Modulus::pow_ladder, 52);
}

#[test]
fn pow_vartime_every_odd_modulus_below_1024() {
    exhaustive_pow("pow_vartime", Modulus::pow_vartime, 53);
}

/// `e` has value `want` (and, in the shared form, the single word `want * R mod n`).
fn check_elem(m: &Modulus, e: &MontElem, want: u64, n: u64, ctx: &dyn Fn() -> String) {
    let value = m.from_montgomery(e).unwrap();
    assert_eq!(value.as_limbs(), [want], "{}: value", ctx());
    if shared_form(m) {
        let r_mod_n = ((1u128 << 64) % n as u128) as u64;
        assert_eq!(
            e.as_words(),
            [mul_mod(want, r_mod_n, n)],
            "{}: words",
            ctx()
        );
    }
}

/// For odd n < 64, every pair of residues: mul, square, add, sub, and the conversions.
#[test]
fn every_pair_of_residues_below_64() {
    for n in (3..64u64).step_by(2) {
        for (label, m) in moduli(&BigUint::from(n)) {
            let label = label.as_str();
            check_elem(&m, &m.one(), 1, n, &|| format!("{label}: one mod {n}"));
            let elems: Vec<_> = (0..n).map(|x| m.to_montgomery(&Nat::from_u64(x))).collect();
            for a in 0..n {
                let ea = &elems[a as usize];
                check_elem(&m, ea, a, n, &|| format!("{label}: {a} mod {n}"));
                let sq = m.square(ea).unwrap();
                check_elem(&m, &sq, a * a % n, n, &|| format!("{label}: {a}^2 mod {n}"));
                for b in 0..n {
                    let eb = &elems[b as usize];
                    let ctx = |op: &'static str| {
                        move || format!("{label}: {op} a = {a}, b = {b}, n = {n}")
                    };
                    check_elem(&m, &m.mul(ea, eb).unwrap(), a * b % n, n, &ctx("mul"));
                    check_elem(&m, &m.add(ea, eb).unwrap(), (a + b) % n, n, &ctx("add"));
                    check_elem(&m, &m.sub(ea, eb).unwrap(), (a + n - b) % n, n, &ctx("sub"));
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
