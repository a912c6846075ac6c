//! The engine: moduli, Montgomery arithmetic, exponentiation and inversion, with every value
//! secret except the modulus's lowest bit (`Modulus::new` refuses an even n, as its `Leaks:`
//! line states). Its size is secret too until `Modulus::new` finds it in constant time and
//! releases it by design.

use montvec::{Algorithm, Backend, Modulus, Nat};

use crate::memcheck::{checked, public, public_inline, public_low_bit, secret};
use crate::values::Words;

/// The length-specific kernels' sizes, a limb either side of two of them, and generic sizes.
pub const BITS: [usize; 12] = [
    130, 256, 320, 512, 1000, 1024, 1536, 2048, 2112, 3072, 4096, 4160,
];

/// An odd modulus of `bits` bits whose value is secret but for its lowest bit (its oddness is
/// public).
pub fn secret_modulus(words: &mut Words, bits: usize) -> Nat {
    let n = words.odd(bits);
    hide_modulus(&n);
    n
}

/// Marks an odd modulus secret but for its lowest bit.
pub fn hide_modulus(n: &Nat) {
    let limbs = n.as_limbs();
    secret(limbs);
    public_low_bit(limbs);
}

/// A secret number of `bits` bits (every limb).
pub fn secret_number(words: &mut Words, bits: usize) -> Nat {
    let x = words.number(bits);
    secret(x.as_limbs());
    x
}

/// Every (algorithm, backend) pair this machine runs, for a modulus of `bits` bits (`simd2`,
/// for study only and slow under valgrind, up to 2048 bits).
fn variants(bits: usize) -> Vec<(Algorithm, Backend)> {
    let mut out = vec![];
    for backend in Backend::supported() {
        for algorithm in Algorithm::CONCRETE {
            if algorithm.runs_on(backend) && !(algorithm == Algorithm::Simd2 && bits > 2048) {
                out.push((algorithm, backend));
            }
        }
    }
    out
}

/// `Modulus::with_options` on a secret modulus, every variant and size.
pub fn modulus() {
    each_secret_modulus(1, |_, _, _| {});
}

/// Runs `check` on a modulus of every size and variant, its value secret.
fn each_secret_modulus(seed: u64, mut check: impl FnMut(&mut Words, usize, &Modulus)) {
    let mut words = Words::new(seed);
    for bits in BITS {
        for (algorithm, backend) in variants(bits) {
            let n = secret_modulus(&mut words, bits);
            let m =
                checked(|| Modulus::with_options(&n, algorithm, backend)).expect("valid modulus");
            check(&mut words, bits, &m);
        }
    }
}

/// The fixed window (`pow`) and the ladder (`pow_ladder`): secret modulus, base and exponent
/// (full length, and twice the modulus's length), every variant and size. Above 1024 bits the
/// exponent has 1024 bits: its window is as wide as a longer one's (6 bits, montvec's
/// `exp::window::window_width`), so every instruction a full one runs is run, fewer times
/// (with full exponents the case took 50 s under valgrind, half of the whole check's time).
pub fn pow() {
    each_secret_modulus(2, |words, bits, m| {
        let base = secret_number(words, bits + 5);
        let exp = secret_number(words, bits.min(1024));
        public(checked(|| m.pow(&base, &exp)).as_limbs());
        if bits <= 1024 {
            let long = secret_number(words, 2 * bits);
            public(checked(|| m.pow(&base, &long)).as_limbs());
            public(checked(|| m.pow_ladder(&base, &exp)).as_limbs());
        }
    });
}

/// Montgomery elements: conversion in and out, multiplication, squaring, addition and
/// subtraction, on a secret modulus.
pub fn montgomery() {
    each_secret_modulus(3, |words, bits, m| {
        let (x, y) = (secret_number(words, bits), secret_number(words, bits - 1));
        let wide = secret_number(words, 3 * bits);
        let value = checked(|| {
            let a = m.to_montgomery(&x);
            let b = m.to_montgomery(&y);
            let product = m.mul(&a, &b)?;
            let square = m.square(&product)?;
            let sum = m.add(&square, &a)?;
            let difference = m.sub(&b, &sum)?;
            m.from_montgomery(&difference)
        });
        public(value.expect("one modulus").as_limbs());
        public(checked(|| m.reduce(&wide)).as_limbs());
    });
}

/// `Modulus::invert`: a secret value modulo a secret modulus (the RSA primes' case).
pub fn invert() {
    let mut words = Words::new(4);
    for bits in BITS {
        let n = secret_modulus(&mut words, bits);
        let m = checked(|| Modulus::new(&n)).expect("valid modulus");
        let x = secret_number(&mut words, bits - 3);
        let inverse = checked(|| m.invert(&x));
        // Released: whether it exists, and the value.
        public_inline(&inverse);
        let _ = Option::<Nat>::from(inverse).map(|v| public(v.as_limbs()));
    }
}
