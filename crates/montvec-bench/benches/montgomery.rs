//! criterion benchmarks of montvec alone: Montgomery multiplication, squaring and
//! constant-time exponentiation, one `BenchmarkId` per algorithm and modulus size, on the
//! active backend, on `montvec bench`'s seeded operands, so every run times the same numbers.
//! (`montvec bench` times the same operations beside GMP and OpenSSL.) Run with
//! `cargo bench -p montvec-bench --features criterion`.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use montvec::{Algorithm, Modulus, Nat};
use montvec_bench::operands::Operands;

const SIZES: [usize; 6] = [256, 512, 1024, 2048, 3072, 4096];

/// The seed of every size's operands (`Operands::new`).
const SEED: u64 = 0x6d6f_6e74;

/// Every (algorithm, modulus) pair that accepts this size.
fn moduli(n: &Nat) -> Vec<Modulus> {
    Algorithm::CONCRETE
        .into_iter()
        .filter_map(|a| Modulus::with_algorithm(n, a).ok())
        .collect()
}

/// The sampling of multiplication and squaring (a few microseconds at most).
fn short_samples(group: &mut BenchmarkGroup<'_, WallTime>) {
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
}

fn mul_and_sqr(c: &mut Criterion) {
    let mut mul = c.benchmark_group("mul");
    short_samples(&mut mul);
    for bits in SIZES {
        let o = Operands::new(bits, SEED);
        for m in moduli(&o.modulus) {
            let (a, b) = (m.to_montgomery(&o.x), m.to_montgomery(&o.y));
            mul.bench_with_input(
                BenchmarkId::new(m.algorithm().name(), bits),
                &bits,
                |bench, _| bench.iter(|| m.mul(black_box(&a), black_box(&b))),
            );
        }
    }
    mul.finish();

    let mut sqr = c.benchmark_group("sqr");
    short_samples(&mut sqr);
    for bits in SIZES {
        let o = Operands::new(bits, SEED);
        for m in moduli(&o.modulus) {
            let a = m.to_montgomery(&o.x);
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
        let Operands {
            modulus: n,
            x,
            exponent: e,
            ..
        } = Operands::new(bits, SEED);
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
