//! The measurement (no assertions on time): per-lane exponentiation time of the 4-way engine
//! against the scalar `Modulus::pow` in the same run, and where the engine's time goes.
//!
//! ```text
//! CARGO_TARGET_DIR=target taskset -c 0 cargo test --release -p montvec --lib \
//!     batch::avx2::measure -- --ignored --nocapture --test-threads 1
//! ```
//!
//! Times are the calling thread's CPU time (the machine is shared: time spent descheduled must
//! not count), and the engine and the scalar runs alternate, so that a busy neighbour slows
//! both alike.

// Tests and measurements divide freely: they handle no secrets.
#![allow(clippy::integer_division_remainder_used)]

use core::arch::x86_64::*;
use std::hint::black_box;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::columns::{full_range, Block, Terms};
use super::pow::window_width;
use super::redc::Mont;
use super::table::SlicedTable;
use super::*;
use crate::{Algorithm, Backend, Modulus, Nat};

/// The calling thread's CPU time in microseconds (`CLOCK_THREAD_CPUTIME_ID`, Linux).
fn cpu_us() -> f64 {
    #[repr(C)]
    struct Timespec(i64, i64);
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    let mut ts = Timespec(0, 0);
    // SAFETY: `ts` is a valid, writable `struct timespec` on 64-bit Linux; 3 is
    // CLOCK_THREAD_CPUTIME_ID.
    assert_eq!(unsafe { clock_gettime(3, &mut ts) }, 0);
    ts.0 as f64 * 1e6 + ts.1 as f64 * 1e-3
}

fn time_us(f: impl FnOnce()) -> f64 {
    let s = cpu_us();
    f();
    cpu_us() - s
}

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// Median CPU time of `runs` calls (after one warm-up call), in microseconds.
fn median_us(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    median((0..runs).map(|_| time_us(&mut f)).collect())
}

fn refs(x: &[Vec<u64>]) -> Vec<&[u64]> {
    x.iter().map(Vec::as_slice).collect()
}

/// A random odd value of exactly `limbs` full limbs (top bit set).
fn full_size(r: &mut ChaCha8Rng, limbs: usize) -> Vec<u64> {
    let mut v: Vec<u64> = (0..limbs).map(|_| r.gen()).collect();
    v[limbs - 1] |= 1 << 63;
    v[0] |= 1;
    v
}

#[test]
#[ignore = "measurement: run with --ignored --nocapture under taskset -c 0"]
fn pow_per_lane_against_scalar() {
    let Some(token) = Avx2Token::detect() else {
        return;
    };
    let mut r = ChaCha8Rng::seed_from_u64(2026);
    println!(
        "| bits | avx2, per lane | adx pow | adx / avx2 | Modulus::new pow | setup per batch |"
    );
    println!("|---|---|---|---|---|---|");
    let mut splits = Vec::new();
    for bits in [1024usize, 2048, 3072, 4096] {
        let limbs = bits >> 6;
        let ns: Vec<Vec<u64>> = (0..LANES).map(|_| full_size(&mut r, limbs)).collect();
        let bases: Vec<Vec<u64>> = ns
            .iter()
            .map(|n| {
                let mut b = full_size(&mut r, limbs);
                b[limbs - 1] = n[limbs - 1] >> 1;
                b
            })
            .collect();
        let exps: Vec<Vec<u64>> = (0..LANES).map(|_| full_size(&mut r, limbs)).collect();
        let lanes = Avx2Lanes::new(token, limbs, &refs(&ns));
        // The scalar pow on the same four inputs: ADX (what a CPU with AVX2 but no IFMA runs)
        // and whatever `Modulus::new` picks here.
        let scalar = |backend: Backend| -> Option<Vec<(Modulus, Nat, Nat)>> {
            (0..LANES)
                .map(|l| {
                    let n = Nat::from_limbs(ns[l].clone());
                    let m = Modulus::with_options(&n, Algorithm::Auto, backend).ok()?;
                    let (b, e) = (
                        Nat::from_limbs(bases[l].clone()),
                        Nat::from_limbs(exps[l].clone()),
                    );
                    Some((m, b, e))
                })
                .collect()
        };
        let adx = scalar(Backend::Adx);
        let auto = scalar(Backend::active().unwrap()).unwrap();
        let batch = || drop(black_box(lanes.pow(&refs(&bases), &refs(&exps))));
        batch();
        let runs = if bits <= 2048 { 31 } else { 11 };
        let (mut t_avx2, mut t_adx, mut t_auto) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..runs {
            t_avx2.push(time_us(batch) / LANES as f64);
            let l = i & (LANES - 1);
            if let Some(adx) = &adx {
                let (m, b, e) = &adx[l];
                t_adx.push(time_us(|| drop(black_box(m.pow(b, e)))));
            }
            let (m, b, e) = &auto[l];
            t_auto.push(time_us(|| drop(black_box(m.pow(b, e)))));
        }
        let setup = median_us(runs, || {
            drop(black_box(Avx2Lanes::new(token, limbs, &refs(&ns))))
        });
        let per_lane = median(t_avx2);
        let adx_cell = match &adx {
            Some(adx) => {
                let t = median(t_adx);
                format!(
                    "{t:.1} us ({}) | {:.2}x",
                    adx[0].0.algorithm(),
                    t / per_lane
                )
            }
            None => "n/a | n/a".to_string(),
        };
        println!(
            "| {bits} | {per_lane:.1} us | {adx_cell} | {:.1} us ({}/{}) | {setup:.1} us |",
            median(t_auto),
            auto[0].0.algorithm(),
            auto[0].0.backend(),
        );
        // SAFETY: AVX2 was detected (token).
        splits.push(unsafe { split(&lanes, bits, per_lane * LANES as f64, setup) });
    }
    println!("\nWhere a batch's time goes (medians, four lanes at once):");
    println!("| bits | d | sqr | of it: product | mul | of it: product | select (w) | sqr / mul / select / setup share of pow |");
    println!("|---|---|---|---|---|---|---|---|");
    for s in splits {
        println!("{s}");
    }
}

/// `out` = the column sums of a b (or of the square's lower half), carries propagated: the
/// product without the reduction, to split a Montgomery product's time.
#[target_feature(enable = "avx2")]
fn product_only(out: &mut [__m256i], a: &[__m256i], b: &[__m256i], terms: Terms) {
    let mut carry = _mm256_setzero_si256();
    for (i, block) in out.chunks_exact_mut(BLOCK).enumerate() {
        let c = i * BLOCK;
        let shape = Block::new::<BLOCK>(a.len(), b.len(), c, terms);
        let mut acc = [_mm256_setzero_si256(); BLOCK];
        let (lo, hi) = shape.full::<BLOCK>();
        if lo <= hi {
            full_range(&mut acc, a, b, c, lo as usize, hi as usize);
        }
        shape.edges(&mut acc, a, b);
        for (v, &s) in block.iter_mut().zip(&acc) {
            let s = _mm256_add_epi64(s, carry);
            *v = _mm256_and_si256(s, _mm256_set1_epi64x(DIGIT_MASK as i64));
            carry = _mm256_srli_epi64::<{ DIGIT_BITS as i32 }>(s);
        }
    }
}

/// One row of the time split for the engine at `bits`, given the whole batch pow's median and
/// the setup's.
#[target_feature(enable = "avx2")]
fn split(lanes: &Avx2Lanes, bits: usize, pow_us: f64, setup_us: f64) -> String {
    let c = &lanes.consts;
    let d = c.n.len();
    let mut mont = Mont::new(&c.n, c.n0);
    let (a, b) = (c.r2.clone(), c.one.clone());
    let mut out = vec![_mm256_setzero_si256(); d];
    let mut wide = vec![_mm256_setzero_si256(); (2 * d).next_multiple_of(BLOCK)];
    let reps = 100;
    let per = |t: f64| t / reps as f64;
    let sqr = per(median_us(15, || {
        for _ in 0..reps {
            mont.sqr(&mut out, black_box(&a));
        }
    }));
    let mul = per(median_us(15, || {
        for _ in 0..reps {
            mont.mul(&mut out, black_box(&a), &b);
        }
    }));
    let sqr_prod = per(median_us(15, || {
        for _ in 0..reps {
            product_only(&mut wide, black_box(&a), &a, Terms::BelowDiagonal);
        }
    }));
    let mul_prod = per(median_us(15, || {
        for _ in 0..reps {
            product_only(&mut wide, black_box(&a), &b, Terms::All);
        }
    }));
    let w = window_width(bits);
    let mut table = SlicedTable::new(1 << w, d);
    let sel = per(median_us(15, || {
        for i in 0..reps {
            table.select(&mut out, _mm256_set1_epi64x(black_box(i as i64 & 1)));
        }
    }));
    // Operation counts of one pow with a `bits`-bit exponent: the table (2^(w-1) - 1 squarings
    // and as many multiplications), w squarings and one multiplication per further window,
    // the conversions in and out (two multiplications).
    let windows = bits.div_ceil(w);
    let half = (1usize << (w - 1)) - 1;
    let (n_sqr, n_mul) = (half + w * (windows - 1), half + windows - 1 + 2);
    let share = |t: f64| 100.0 * t / pow_us;
    format!(
        "| {bits} | {d} | {sqr:.2} us | {:.0}% | {mul:.2} us | {:.0}% | {sel:.2} us ({w}) | {:.0}% / {:.0}% / {:.0}% / {:.0}% |",
        100.0 * sqr_prod / sqr,
        100.0 * mul_prod / mul,
        share(n_sqr as f64 * sqr),
        share(n_mul as f64 * mul),
        share(windows as f64 * sel),
        share(setup_us),
    )
}
