//! The batch API against the num-bigint oracle, lane by lane, on every engine this machine
//! runs (or, under `MONTVEC_BACKEND`, the forced backend's engine), with both IFMA
//! reductions: mixed moduli in one batch, partial batches, edge values, every size class
//! to 8192 bits; and every SIMD engine against the scalar one on identical inputs.

mod common;

use common::*;
use montvec::batch::{self, Engine, Job, MulJob, Options, Reduction};
use montvec::{Algorithm, Backend, Modulus, Nat};
use num_bigint::BigUint;
use num_traits::Zero;
use rand::Rng;

/// The engines under test.
fn engines() -> Vec<Engine> {
    match std::env::var("MONTVEC_BACKEND") {
        Ok(name) if !name.is_empty() => {
            let b = Backend::active().expect("a usable MONTVEC_BACKEND");
            let mut v = vec![Engine::for_backend(b)];
            if b == Backend::Ifma {
                v.extend([Engine::Ifma256, Engine::Ifma256Split, Engine::Ifma512Split]);
            }
            v
        }
        _ => Engine::ALL
            .into_iter()
            .filter(|e| e.is_supported())
            .collect(),
    }
}

/// Every (engine, reduction) pair under test (the reduction matters to the IFMA engines only),
/// and the default options.
fn settings() -> Vec<Options> {
    let mut v = Vec::new();
    for e in engines() {
        let reductions: &[Reduction] = match e {
            Engine::Ifma256 | Engine::Ifma512 => &[
                Reduction::Truncated,
                Reduction::Plain,
                Reduction::Interleaved,
                Reduction::Blocked,
            ],
            // The split kernel takes up to 40 digits; above, the default reduction's.
            Engine::Ifma256Split | Engine::Ifma512Split => &[Reduction::Interleaved],
            _ => &[Reduction::Truncated],
        };
        for &r in reductions {
            v.push(Options {
                engine: Some(e),
                reduction: Some(r),
                ..Options::default()
            });
        }
        if e == Engine::Ifma512 {
            // One thread: more than 8 jobs of up to 640 bits then always run 16 to a group
            // (pairs of zmm registers), whatever the machine's core count.
            v.push(Options {
                engine: Some(e),
                reduction: Some(Reduction::Interleaved),
                threads: Some(1),
            });
        }
    }
    // No engine asked for: the backend's engine, with the jobs of one size cut into calls of
    // eight lanes, four lanes and single exponentiations (`batch::plan`), on every core and
    // on one.
    v.push(Options::default());
    v.push(Options {
        threads: Some(1),
        ..Options::default()
    });
    v
}

struct Case {
    n: BigUint,
    base: BigUint,
    exp: BigUint,
    m: Modulus,
    base_nat: Nat,
    exp_nat: Nat,
}

impl Case {
    fn new(n: &BigUint, base: &BigUint, exp: &BigUint) -> Case {
        Case {
            m: Modulus::new(&nat(n)).expect("valid modulus"),
            base_nat: nat(base),
            exp_nat: nat(exp),
            n: n.clone(),
            base: base.clone(),
            exp: exp.clone(),
        }
    }
}

/// A batch exponentiation with options.
type Run = fn(&[Job<'_>], &Options) -> Result<Vec<Nat>, montvec::Error>;

/// The two schedules: the constant-time one and the public-exponent one.
const SCHEDULES: [(&str, Run); 2] = [
    ("pow_with", batch::pow_with),
    ("pow_vartime_with", batch::pow_vartime_with),
];

/// The batch jobs of `cases`, in order.
fn jobs(cases: &[Case]) -> Vec<Job<'_>> {
    cases
        .iter()
        .map(|c| Job::new(&c.m, &c.base_nat, &c.exp_nat))
        .collect()
}

/// Run `cases` as one batch with each setting, by the constant-time schedule and by the
/// public-exponent one (`pow_vartime_with`), and check every lane against the oracle. The
/// public-exponent schedule runs once per IFMA engine, with the size's default reduction: its
/// products are those of the other schedule, and the test time stays within CI's budget.
fn check(cases: &[Case], ctx: &str) {
    let jobs = jobs(cases);
    let wants: Vec<BigUint> = cases.iter().map(|c| c.base.modpow(&c.exp, &c.n)).collect();
    for opts in settings() {
        let ifma = matches!(
            opts.engine,
            Some(Engine::Ifma256 | Engine::Ifma512 | Engine::Ifma256Split | Engine::Ifma512Split)
        );
        for (schedule, run) in SCHEDULES {
            // The public-exponent schedule: once per IFMA engine, with the size's default
            // reduction.
            let opts = match (schedule, ifma) {
                ("pow_vartime_with", true) if opts.reduction != Some(Reduction::Interleaved) => {
                    continue
                }
                ("pow_vartime_with", true) => Options {
                    reduction: None,
                    ..opts.clone()
                },
                _ => opts.clone(),
            };
            let out = run(&jobs, &opts).expect("batch runs");
            assert_eq!(out.len(), cases.len());
            for (i, ((c, got), want)) in cases.iter().zip(&out).zip(&wants).enumerate() {
                assert_eq!(
                to_big(got),
                *want,
                "{ctx}: {schedule}, job {i} of {}, {:?} {:?}, n = {:x}, base = {:x}, exp = {:x}",
                cases.len(),
                opts.engine,
                opts.reduction,
                c.n,
                c.base,
                c.exp
            );
                assert_eq!(got.limb_len(), c.m.limbs(), "{ctx}: result length");
            }
        }
    }
}

/// The bit sizes every class of digit count is checked at: limb counts 1..=20, then the
/// length-specific and large sizes up to 8192 bits, each at 64k and 64k - 1 bits.
fn sizes() -> Vec<usize> {
    let mut v: Vec<usize> = (1..=20).chain([24, 32, 48, 64, 65, 96, 127, 128]).collect();
    v = v.into_iter().flat_map(|k| [64 * k, 64 * k - 1]).collect();
    v.retain(|&b| b >= 2);
    v
}

#[test]
fn mixed_moduli_one_batch_per_size() {
    let mut rng = rng(1);
    for bits in sizes() {
        // Short exponents above 2048 bits keep the oracle quick; full ones below.
        let exp_bits = if bits <= 2048 { bits } else { 96 };
        let cases: Vec<Case> = (0..8)
            .map(|i| {
                // Lanes of one batch differ in modulus and bit length (same limb count).
                let b = if i % 2 == 0 {
                    bits
                } else {
                    bits - (bits % 64).min(7)
                };
                let n = random_odd_modulus(&mut rng, b.max(2));
                let base = random_below(&mut rng, &n);
                let exp = random_bits(&mut rng, exp_bits);
                Case::new(&n, &base, &exp)
            })
            .collect();
        check(&cases, &format!("{bits} bits"));
    }
}

#[test]
fn full_exponents_at_large_sizes() {
    let mut rng = rng(2);
    for bits in [3072usize, 4096, 8192] {
        let n = random_odd_modulus(&mut rng, bits);
        let cases: Vec<Case> = (0..3)
            .map(|_| {
                let base = random_below(&mut rng, &n);
                let exp = random_bits(&mut rng, bits);
                Case::new(&n, &base, &exp)
            })
            .collect();
        check(&cases, &format!("full exponent, {bits} bits"));
    }
}

#[test]
fn edge_values() {
    let mut rng = rng(3);
    for bits in [2usize, 3, 64, 65, 520, 1024, 2048, 3072, 4096, 8192] {
        // Above 2048 bits the exponents stay short (the oracle's time); the values are the
        // edges all the same.
        let exp_bits = if bits <= 2048 { bits.max(8) } else { 64 };
        let long_bits = if bits <= 2048 { 2 * bits + 70 } else { 130 };
        for n in boundary_moduli(bits) {
            let n1 = &n - 1u32;
            let big = random_bits(&mut rng, 3 * bits + 5);
            let long_exp = random_bits(&mut rng, long_bits);
            let e = random_bits(&mut rng, exp_bits);
            let zero = BigUint::from(0u8);
            let one = BigUint::from(1u8);
            let pairs = [
                (zero.clone(), e.clone()),
                (zero.clone(), zero.clone()),
                (one.clone(), e.clone()),
                (n1.clone(), e.clone()),
                (n1.clone(), BigUint::from(2u8)),
                (n.clone(), e.clone()),
                (big.clone(), e.clone()),
                (big.clone(), zero.clone()),
                (random_below(&mut rng, &n), long_exp.clone()),
                (random_below(&mut rng, &n), one.clone()),
            ];
            let cases: Vec<Case> = pairs.iter().map(|(b, x)| Case::new(&n, b, x)).collect();
            check(&cases, &format!("edge values, {bits} bits, n = {n:x}"));
        }
    }
}

/// Exponents announced with no limbs at all (zero): 1 in every lane, by both schedules and
/// with every setting. (A batch of only such exponents once made the public-exponent
/// schedule read a bit 0 they do not have: found by fuzzing `batch_differential`.)
#[test]
fn exponents_of_no_limbs() {
    let mut rng = rng(9);
    let empty = Nat::from_limbs(Vec::new());
    for bits in [64usize, 520, 1024, 2048] {
        let n = random_odd_modulus(&mut rng, bits);
        let m = Modulus::new(&nat(&n)).expect("valid modulus");
        let bases: Vec<Nat> = (0..3).map(|_| nat(&random_below(&mut rng, &n))).collect();
        let jobs: Vec<Job<'_>> = bases.iter().map(|b| Job::new(&m, b, &empty)).collect();
        for opts in settings() {
            for (schedule, run) in SCHEDULES {
                let out = run(&jobs, &opts).expect("batch runs");
                assert_eq!(out.len(), jobs.len());
                for got in &out {
                    assert_eq!(
                        to_big(got),
                        BigUint::from(1u8),
                        "{bits} bits, {schedule}, {opts:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn partial_batches() {
    let mut rng = rng(4);
    for count in (1..=9).chain([17, 100]) {
        let cases: Vec<Case> = (0..count)
            .map(|i| {
                // Two sizes interleaved, so groups fill from non-adjacent jobs.
                let bits = if i % 3 == 0 { 1000 } else { 256 };
                let n = random_odd_modulus(&mut rng, bits);
                let base = random_below(&mut rng, &n);
                let exp_bits = 1 + rng.gen_range(0..300);
                let exp = random_bits(&mut rng, exp_bits);
                Case::new(&n, &base, &exp)
            })
            .collect();
        check(&cases, &format!("{count} jobs"));
    }
}

/// Sixteen jobs of one size from 1 to 10 limbs: on one thread, the IFMA engine runs them as
/// one group of 16 lanes in pairs of zmm registers (up to 640 bits), with edge values mixed in.
#[test]
fn sixteen_lane_groups() {
    let mut rng = rng(9);
    for limbs in 1..=10usize {
        let bits = 64 * limbs - 3;
        let cases: Vec<Case> = (0..16)
            .map(|i| {
                let n = random_odd_modulus(&mut rng, bits);
                let base = match i {
                    0 => BigUint::from(0u8),
                    1 => BigUint::from(1u8),
                    2 => &n - 1u32,
                    3 => &n + 5u32,
                    _ => random_below(&mut rng, &n),
                };
                let exp = match i {
                    4 => BigUint::from(0u8),
                    5 => random_bits(&mut rng, bits + 70),
                    _ => random_bits(&mut rng, 64),
                };
                Case::new(&n, &base, &exp)
            })
            .collect();
        check(&cases, &format!("16 jobs of {bits} bits"));
    }
}

/// Every engine under test against the portable path on identical inputs: the reference is
/// CIOS on the portable backend, one exponentiation at a time (whatever backend the process
/// runs), itself checked against the oracle.
#[test]
fn simd_engines_agree_with_portable() {
    let mut rng = rng(5);
    for bits in [64usize, 521, 1024, 2047, 2048, 3072, 4096, 8192] {
        let cases: Vec<Case> = (0..8)
            .map(|_| {
                let n = random_odd_modulus(&mut rng, bits);
                let base = random_below(&mut rng, &n);
                let exp = random_bits(&mut rng, 128);
                Case::new(&n, &base, &exp)
            })
            .collect();
        let portable: Vec<Nat> = cases
            .iter()
            .map(|c| {
                let m = Modulus::with_options(&nat(&c.n), Algorithm::Cios, Backend::Portable)
                    .expect("the portable backend runs everywhere");
                let got = m.pow(&c.base_nat, &c.exp_nat);
                assert_eq!(
                    to_big(&got),
                    c.base.modpow(&c.exp, &c.n),
                    "portable, {bits} bits"
                );
                got
            })
            .collect();
        let jobs = jobs(&cases);
        for opts in settings() {
            let out = batch::pow_with(&jobs, &opts).unwrap();
            assert_eq!(
                out, portable,
                "{bits} bits, {:?} {:?}",
                opts.engine, opts.reduction
            );
        }
    }
}

#[test]
fn mul_and_square_mod() {
    let mut rng = rng(6);
    for bits in [3usize, 64, 130, 1024, 2048, 4095, 8192] {
        let cases: Vec<(BigUint, BigUint, BigUint, Modulus, Nat, Nat)> = (0..11)
            .map(|i| {
                let n = random_odd_modulus(&mut rng, bits);
                // Operands of at most k limbs go into the IFMA lanes unreduced, so some are
                // at or above n: n itself, n + 1, and 2^(64k) - 1 (every limb all ones).
                let k = bits.div_ceil(64);
                let all_ones = (BigUint::from(1u32) << (64 * k)) - 1u32;
                let a = match i {
                    0 => &n - 1u32,
                    2 => all_ones.clone(),
                    3 => n.clone(),
                    4 if n < all_ones => &n + 1u32,
                    _ => random_below(&mut rng, &n),
                };
                let b = match i {
                    1 => random_bits(&mut rng, bits + 100),
                    2 | 3 => all_ones.clone(),
                    4 => n.clone(),
                    5 => random_bits(&mut rng, 64 * k),
                    _ => random_below(&mut rng, &n),
                };
                let m = Modulus::new(&nat(&n)).unwrap();
                let (an, bn) = (nat(&a), nat(&b));
                (n, a, b, m, an, bn)
            })
            .collect();
        let jobs: Vec<MulJob<'_>> = cases
            .iter()
            .map(|c| MulJob::new(&c.3, &c.4, &c.5))
            .collect();
        for opts in settings() {
            let out = batch::mul_mod_with(&jobs, &opts).unwrap();
            assert_eq!(out.len(), cases.len(), "one product a job");
            for (c, got) in cases.iter().zip(&out) {
                assert_eq!(
                    to_big(got),
                    (&c.1 * &c.2) % &c.0,
                    "{bits} bits {:?}",
                    opts.engine
                );
            }
        }
        let sq: Vec<(&Modulus, &Nat)> = cases.iter().map(|c| (&c.3, &c.4)).collect();
        let out = batch::square_mod(&sq).unwrap();
        assert_eq!(out.len(), cases.len(), "one square a job");
        for (c, got) in cases.iter().zip(&out) {
            assert_eq!(to_big(got), (&c.1 * &c.1) % &c.0, "{bits} bits square");
        }
        for opts in settings() {
            let with = batch::square_mod_with(&sq, &opts).unwrap();
            assert_eq!(with, out, "{bits} bits square, {:?}", opts.engine);
        }
    }
}

#[test]
fn thread_counts_give_the_same_answers() {
    let mut rng = rng(7);
    let cases: Vec<Case> = (0..20)
        .map(|_| {
            let n = random_odd_modulus(&mut rng, 768);
            let base = random_below(&mut rng, &n);
            let exp = random_bits(&mut rng, 200);
            Case::new(&n, &base, &exp)
        })
        .collect();
    let jobs = jobs(&cases);
    let one = batch::pow_with(
        &jobs,
        &Options {
            threads: Some(1),
            ..Options::default()
        },
    )
    .unwrap();
    let two = batch::pow_with(
        &jobs,
        &Options {
            threads: Some(2),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(one, two);
    assert_eq!(one.len(), cases.len());
    for (c, got) in cases.iter().zip(&one) {
        assert_eq!(to_big(got), c.base.modpow(&c.exp, &c.n), "one thread");
    }
    let zero = batch::pow_with(
        &jobs,
        &Options {
            threads: Some(0),
            ..Options::default()
        },
    );
    assert!(
        matches!(zero, Err(montvec::Error::Threads(_))),
        "zero threads is an error, not a hang: {zero:?}"
    );
    // Past MAX_THREADS: an error, not a pool of that many threads kept for the process.
    let many = batch::pow_with(
        &jobs,
        &Options {
            threads: Some(batch::MAX_THREADS + 1),
            ..Options::default()
        },
    );
    assert!(matches!(many, Err(montvec::Error::Threads(_))), "{many:?}");
    // More thread counts than pools are kept: each run still right.
    for threads in 2..=7 {
        let got = batch::pow_with(
            &jobs,
            &Options {
                threads: Some(threads),
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(got, one, "{threads} threads");
    }
}

/// A thread count out of range is refused by every batch, whatever its jobs and engine: it
/// was checked only where a batch was spread over workers, so that 5000 threads passed with
/// four small jobs on one engine and failed with two sizes of moduli.
#[test]
fn thread_counts_out_of_range_are_refused_by_every_batch() {
    let small = Modulus::new(&Nat::from_u64(197)).unwrap();
    let large = Modulus::new(&Nat::from_hex(&format!("{}1", "f".repeat(255))).unwrap()).unwrap();
    let (base, exp) = (Nat::from_u64(3), Nat::from_u64(100));
    let four = vec![Job::new(&small, &base, &exp); 4];
    let mixed = [Job::new(&small, &base, &exp), Job::new(&large, &base, &exp)];
    let muls = vec![MulJob::new(&small, &base, &exp); 4];
    let engines = [None, Some(Engine::Scalar)].into_iter().chain(
        Engine::ALL
            .into_iter()
            .filter(|e| e.is_supported())
            .map(Some),
    );
    for engine in engines {
        for threads in [0, batch::MAX_THREADS + 1, 5000] {
            let options = Options {
                threads: Some(threads),
                engine,
                ..Options::default()
            };
            let refused =
                |r: Result<Vec<Nat>, montvec::Error>| matches!(r, Err(montvec::Error::Threads(_)));
            let what = format!("{threads} threads, engine {engine:?}");
            assert!(
                refused(batch::pow_with(&four[..1], &options)),
                "one job, {what}"
            );
            assert!(
                refused(batch::pow_with(&four, &options)),
                "four jobs, {what}"
            );
            assert!(
                refused(batch::pow_with(&mixed, &options)),
                "two sizes, {what}"
            );
            assert!(
                refused(batch::pow_vartime_with(&four, &options)),
                "vartime, {what}"
            );
            assert!(
                refused(batch::mul_mod_with(&muls, &options)),
                "products, {what}"
            );
        }
        // An allowed count runs.
        let options = Options {
            threads: Some(2),
            engine,
            ..Options::default()
        };
        let got = batch::pow_with(&mixed, &options).unwrap();
        assert_eq!(got[0].to_decimal_vartime(), "188", "engine {engine:?}");
    }
}

#[test]
fn montgomery_element_products() {
    let mut rng = rng(8);
    for bits in [5usize, 64, 255, 1024, 2048, 3000] {
        let cases: Vec<(BigUint, Modulus, BigUint, BigUint)> = (0..9)
            .map(|i| {
                let n = random_odd_modulus(&mut rng, bits);
                let a = if i == 0 {
                    &n - 1u32
                } else {
                    random_below(&mut rng, &n)
                };
                let b = random_below(&mut rng, &n);
                let m = Modulus::new(&nat(&n)).unwrap();
                (n, m, a, b)
            })
            .collect();
        let elems: Vec<(montvec::MontElem, montvec::MontElem)> = cases
            .iter()
            .map(|c| (c.1.to_montgomery(&nat(&c.2)), c.1.to_montgomery(&nat(&c.3))))
            .collect();
        let jobs: Vec<(&Modulus, &montvec::MontElem, &montvec::MontElem)> = cases
            .iter()
            .zip(&elems)
            .map(|(c, e)| (&c.1, &e.0, &e.1))
            .collect();
        let squares: Vec<(&Modulus, &montvec::MontElem)> = cases
            .iter()
            .zip(&elems)
            .map(|(c, e)| (&c.1, &e.0))
            .collect();
        for opts in settings() {
            let prod = batch::mul_montgomery(&jobs, &opts).unwrap();
            let sq = batch::square_montgomery(&squares, &opts).unwrap();
            assert_eq!((prod.len(), sq.len()), (cases.len(), cases.len()));
            for ((c, p), s) in cases.iter().zip(&prod).zip(&sq) {
                let m = &c.1;
                assert_eq!(
                    to_big(&m.from_montgomery(p).unwrap()),
                    (&c.2 * &c.3) % &c.0,
                    "{bits} {:?}",
                    opts.engine
                );
                assert_eq!(
                    to_big(&m.from_montgomery(s).unwrap()),
                    (&c.2 * &c.2) % &c.0,
                    "{bits} {:?}",
                    opts.engine
                );
                // The same element as the scalar product (its canonical form).
                let scalar = m
                    .mul(&m.to_montgomery(&nat(&c.2)), &m.to_montgomery(&nat(&c.3)))
                    .unwrap();
                assert_eq!(
                    m.to_standard_form(p).unwrap(),
                    m.to_standard_form(&scalar).unwrap()
                );
            }
        }
    }
    // An element of another modulus is refused, not silently used.
    let n1 = Modulus::new(&Nat::from_u64(1_000_003)).unwrap();
    let n2 = Modulus::new(&Nat::from_u64(1_000_033)).unwrap();
    let e2 = n2.to_montgomery(&Nat::from_u64(5));
    assert!(batch::mul_montgomery(&[(&n1, &e2, &e2)], &Options::default()).is_err());
}

/// The engine a batch takes with none asked for: never a lane engine for one small
/// exponentiation or above the SIMD engines' size, always one this CPU runs, and on the two
/// lane backends the measured choices (`batch::calls::avx2_default_for_group`, `batch::plan`).
#[test]
fn default_engine_follows_the_measured_choices() {
    let backend = Backend::active().expect("backend");
    assert_eq!(batch::default_engine(1, 256).unwrap(), Engine::Scalar);
    assert_eq!(
        batch::default_engine(8, batch::MAX_SIMD_BITS + 64).unwrap(),
        Engine::Scalar
    );
    // Any count and size is answered at once, without a plan the count's length (a count
    // of 2^40 jobs once asked for a list of 2^40 calls; a size near usize::MAX overflowed).
    assert_eq!(
        batch::default_engine(8, usize::MAX).unwrap(),
        Engine::Scalar
    );
    for bits in [64, 256, 512, 1024, 2048, 4096, 8192] {
        let many = batch::default_engine(usize::MAX, bits).unwrap();
        for jobs in [16, 17, 32, 100, 1000] {
            assert_eq!(
                batch::default_engine(jobs, bits).unwrap(),
                many,
                "{jobs} x {bits}"
            );
        }
    }
    for bits in [64, 256, 512, 1024, 1536, 1792, 2048, 3072, 4096, 8192] {
        for jobs in 1..=16 {
            let e = batch::default_engine(jobs, bits).unwrap();
            assert!(e.is_supported(), "{e} at {jobs} x {bits} bits");
            assert!(
                e == Engine::Scalar
                    || e == Engine::for_backend(backend)
                    || e == Engine::Ifma256
                    || e == Engine::Ifma256Split,
                "{e} on {backend}"
            );
        }
    }
    match backend {
        Backend::Avx2 => {
            // The lanes lose to one at a time at 256 bits and win for full groups at 4096.
            assert_eq!(batch::default_engine(4, 4096).unwrap(), Engine::Avx2);
            assert_eq!(batch::default_engine(2, 4096).unwrap(), Engine::Scalar);
            // With ADX, full groups take the lanes above 512 bits (the fused kernels' sizes
            // stay scalar), groups of three do not; without, full groups above 256 bits and
            // groups of three above 448.
            if montvec::backend::AdxToken::detect().is_some() {
                for bits in [576, 1024, 1088, 1280, 1536, 2048, 3072] {
                    assert_eq!(batch::default_engine(8, bits).unwrap(), Engine::Avx2);
                }
                assert_eq!(batch::default_engine(8, 512).unwrap(), Engine::Scalar);
                assert_eq!(batch::default_engine(8, 256).unwrap(), Engine::Scalar);
                assert_eq!(batch::default_engine(3, 1024).unwrap(), Engine::Scalar);
            } else {
                assert_eq!(batch::default_engine(8, 256).unwrap(), Engine::Scalar);
                assert_eq!(batch::default_engine(8, 320).unwrap(), Engine::Avx2);
                assert_eq!(batch::default_engine(4, 257).unwrap(), Engine::Avx2);
                assert_eq!(batch::default_engine(2, 1024).unwrap(), Engine::Scalar);
                assert_eq!(batch::default_engine(3, 512).unwrap(), Engine::Avx2);
                assert_eq!(batch::default_engine(3, 448).unwrap(), Engine::Scalar);
                assert_eq!(batch::default_engine(3, 449).unwrap(), Engine::Avx2);
            }
        }
        Backend::Ifma => {
            assert_eq!(batch::default_engine(8, 2048).unwrap(), Engine::Ifma512);
            assert_eq!(batch::default_engine(4, 2048).unwrap(), Engine::Ifma256);
            assert_eq!(batch::default_engine(1, 1024).unwrap(), Engine::Scalar);
            // Two jobs, a single RSA-2048 operation's halves, share a split call (measured on
            // Zen 4; estimated for Zen 5).
            assert_eq!(
                batch::default_engine(2, 1024).unwrap(),
                Engine::Ifma256Split
            );
        }
        _ => assert_eq!(batch::default_engine(8, 2048).unwrap(), Engine::Scalar),
    }
}

/// Engine names: each parses to itself; an unknown one is an engine error naming the engines.
#[test]
fn engine_names() {
    for e in Engine::ALL {
        assert_eq!(e.name().parse::<Engine>().unwrap(), e);
    }
    let err = "bogus".parse::<Engine>().unwrap_err();
    assert_eq!(err, montvec::Error::UnsupportedEngine("bogus".to_string()));
    let text = err.to_string();
    assert!(
        text.contains("ifma512") && text.contains("scalar"),
        "{text}"
    );
}

/// An engine's way out of the Montgomery form (the AVX2 lanes': Mont(acc, 1)) is at most n, and
/// n exactly when acc = n: an almost-Montgomery accumulator that is a nonzero multiple of n. That needs
/// a zero divisor: n = p^2, base p (or a multiple of p), exponent >= 2, so that p^2 = 0 mod n
/// while no product is 0. The masked subtraction must then turn n into 0. (Random bases and
/// base 0 never reach acc = n: base 0 keeps acc at exactly 0.)
#[test]
fn batch_pow_of_a_zero_divisor_is_zero() {
    let mut r = rng(77);
    for bits in [32usize, 100, 256, 512, 1000, 1024] {
        let ps: Vec<BigUint> = (0..4).map(|_| random_odd_modulus(&mut r, bits)).collect();
        let ns: Vec<BigUint> = ps.iter().map(|p| p * p).collect();
        let ms: Vec<Modulus> = ns.iter().map(|n| Modulus::new(&nat(n)).unwrap()).collect();
        let bases: Vec<Nat> = ps.iter().map(|p| nat(&(p * 3u32))).collect();
        let exps: Vec<Nat> = [2u64, 3, 65537, 0xffff_ffff_ffff_ffff]
            .iter()
            .map(|&e| Nat::from_u64(e))
            .collect();
        let jobs: Vec<Job<'_>> = (0..4)
            .map(|i| Job::new(&ms[i], &bases[i], &exps[i]))
            .collect();
        for opts in settings() {
            let engine = format!("{:?} {:?}", opts.engine, opts.reduction);
            for (name, out) in [
                ("pow_with", batch::pow_with(&jobs, &opts).unwrap()),
                (
                    "pow_vartime_with",
                    batch::pow_vartime_with(&jobs, &opts).unwrap(),
                ),
            ] {
                for (i, got) in out.iter().enumerate() {
                    assert!(
                        to_big(got).is_zero(),
                        "{engine} {name}, {bits}-bit p, lane {i}: (3p)^e mod p^2 = {:x}, want 0",
                        to_big(got)
                    );
                }
            }
        }
    }
}
