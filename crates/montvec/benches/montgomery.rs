//! criterion benchmarks of montvec alone: Montgomery multiplication, squaring and
//! constant-time exponentiation, one `BenchmarkId` per algorithm and modulus size, on the
//! active backend. Operands come from a seeded RNG, so every run times the same numbers.
//! (`montvec bench` times the same operations beside GMP and OpenSSL.)

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use montvec::{Algorithm, Modulus, Nat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIZES: [usize; 6] = [256, 512, 1024, 2048, 3072, 4096];

/// A value of exactly `bits` bits (top bit set) in `ceil(bits / 64)` limbs.
fn exact_bits(rng: &mut ChaCha8Rng, bits: usize) -> Nat {
    let limbs = bits.div_ceil(64);
    let mut v: Vec<u64> = (0..limbs).map(|_| rng.gen()).collect();
    let top = bits - 64 * (limbs - 1); // 1..=64 bits in the top limb
    if top < 64 {
        v[limbs - 1] &= (1u64 << top) - 1;
    }
    v[limbs - 1] |= 1u64 << (top - 1);
    Nat::from_limbs(v)
}

/// Modulus (odd, top bit set), two operands below it, and a full-size exponent.
fn operands(bits: usize) -> (Nat, Nat, Nat, Nat) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d6f_6e74 ^ bits as u64);
    let mut n = exact_bits(&mut rng, bits).as_limbs().to_vec();
    n[0] |= 1;
    let below = |rng: &mut ChaCha8Rng| exact_bits(rng, bits - 1).resized(bits.div_ceil(64));
    let x = below(&mut rng);
    let y = below(&mut rng);
    let e = exact_bits(&mut rng, bits);
    (Nat::from_limbs(n), x, y, e)
}

/// Every (algorithm, modulus) pair that accepts this size.
fn moduli(n: &Nat) -> Vec<Modulus> {
    Algorithm::CONCRETE
        .into_iter()
        .filter_map(|a| Modulus::with_algorithm(n, a).ok())
        .collect()
}

fn mul_and_sqr(c: &mut Criterion) {
    let mut mul = c.benchmark_group("mul");
    mul.sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for bits in SIZES {
        let (n, x, y, _) = operands(bits);
        for m in moduli(&n) {
            let (a, b) = (m.to_montgomery(&x), m.to_montgomery(&y));
            mul.bench_with_input(
                BenchmarkId::new(m.algorithm().name(), bits),
                &bits,
                |bench, _| bench.iter(|| m.mul(black_box(&a), black_box(&b))),
            );
        }
    }
    mul.finish();

    let mut sqr = c.benchmark_group("sqr");
    sqr.sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for bits in SIZES {
        let (n, x, _, _) = operands(bits);
        for m in moduli(&n) {
            let a = m.to_montgomery(&x);
            sqr.bench_with_input(
                BenchmarkId::new(m.algorithm().name(), bits),
                &bits,
                |bench, _| bench.iter(|| m.square(black_box(&a))),
            );
        }
    }
    sqr.finish();
}

fn exp(c: &mut Criterion) {
    let mut g = c.benchmark_group("exp");
    // The minimum sample count; a 4096-bit exponentiation takes milliseconds.
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for bits in SIZES {
        let (n, x, _, e) = operands(bits);
        for m in moduli(&n) {
            g.bench_with_input(
                BenchmarkId::new(m.algorithm().name(), bits),
                &bits,
                |bench, _| bench.iter(|| m.pow(black_box(&x), black_box(&e))),
            );
        }
        if let Ok(m) = Modulus::new(&n) {
            g.bench_with_input(BenchmarkId::new("ladder", bits), &bits, |bench, _| {
                bench.iter(|| m.pow_ladder(black_box(&x), black_box(&e)))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, mul_and_sqr, exp);
criterion_main!(benches);
