//! The FFI is wired right: GMP, OpenSSL, crypto-bigint, montvec and num-bigint agree on random
//! inputs.

use montvec::{Algorithm, Backend, Modulus, Nat};
use montvec_bench::gmp::{self, Mpz};
use montvec_bench::openssl::{BigNum, OpensslModulus};
use montvec_bench::operands::{random_exact_bits, Operands};
use montvec_bench::rustcrypto::{self, CtModulus};
use montvec_bench::{prepare, Clock, Op, Plan, Selection};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const SIZES: [usize; 9] = [2, 64, 65, 192, 256, 521, 1024, 1025, 2048];

fn big(limbs: &[u64]) -> BigUint {
    BigUint::from_bytes_le(
        &limbs
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

fn limbs(x: &BigUint, len: usize) -> Vec<u64> {
    let mut v = x.to_u64_digits();
    assert!(v.len() <= len);
    v.resize(len, 0);
    v
}

#[test]
fn round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for bits in [1, 63, 64, 65, 300] {
        let v = random_exact_bits(&mut rng, bits);
        let k = v.len();
        assert_eq!(Mpz::from_limbs(&v).to_limbs(k + 1)[..k], v[..]);
        assert_eq!(Mpz::from_limbs(&v).limb_len(), k);
        assert_eq!(BigNum::from_limbs(&v).unwrap().to_limbs(k).unwrap(), v);
        assert_eq!(BigNum::from_limbs(&v).unwrap().bits(), bits);
    }
    assert_eq!(Mpz::new().limb_len(), 0);
    assert_eq!(Mpz::from_limbs(&[0, 0]).to_limbs(2), vec![0, 0]);
    // Too small an output is an error, not a truncation.
    assert!(BigNum::from_limbs(&[1, 1]).unwrap().to_limbs(1).is_err());
    assert!(OpensslModulus::new(&[10]).is_err(), "even modulus accepted");
    assert!(OpensslModulus::new(&[1]).is_err(), "modulus 1 accepted");
}

fn check_powm(o_mod: &[u64], base: &[u64], exp: &[u64]) {
    let k = o_mod.len();
    let expected = limbs(&big(base).modpow(&big(exp), &big(o_mod)), k);
    let (n, x, e) = (
        Mpz::from_limbs(o_mod),
        Mpz::from_limbs(base),
        Mpz::from_limbs(exp),
    );
    let mut r = Mpz::new();
    r.powm_sec(&x, &e, &n);
    assert_eq!(r.to_limbs(k), expected, "mpz_powm_sec");
    r.powm(&x, &e, &n);
    assert_eq!(r.to_limbs(k), expected, "mpz_powm");

    let mut m = OpensslModulus::new(o_mod).unwrap();
    let mut r = BigNum::new().unwrap();
    let (bx, be) = (
        BigNum::from_limbs(base).unwrap(),
        BigNum::from_limbs(exp).unwrap(),
    );
    m.exp_consttime(&mut r, &bx, &be).unwrap();
    assert_eq!(
        r.to_limbs(k).unwrap(),
        expected,
        "BN_mod_exp_mont_consttime"
    );

    let cm = CtModulus::new(o_mod).unwrap();
    let y = cm.pow(&cm.to_montgomery(base), &rustcrypto::exponent(exp));
    assert_eq!(cm.to_limbs(&y), expected, "BoxedMontyForm::pow");

    let n = Nat::from_limbs(o_mod.to_vec());
    for algorithm in Algorithm::CONCRETE {
        for backend in Backend::supported() {
            // Only pairs that cannot run are skipped; any other refusal fails the test.
            if !algorithm.runs_on(backend) {
                continue;
            }
            let m = Modulus::with_options(&n, algorithm, backend)
                .unwrap_or_else(|e| panic!("{algorithm} on {backend}: {e}"));
            let (x, e) = (
                Nat::from_limbs(base.to_vec()),
                Nat::from_limbs(exp.to_vec()),
            );
            assert_eq!(
                m.pow(&x, &e).as_limbs(),
                &expected[..],
                "montvec {algorithm} {backend}"
            );
            assert_eq!(
                m.pow_ladder(&x, &e).as_limbs(),
                &expected[..],
                "ladder {algorithm}"
            );
        }
    }
}

#[test]
fn powm_agrees() {
    for bits in SIZES {
        let o = Operands::new(bits, 11);
        let n = o.modulus.as_limbs();
        check_powm(n, o.x.as_limbs(), o.exponent.as_limbs());
        // Edges: base 0, base 1, base n-1, exponent 1.
        let mut n_minus_1 = n.to_vec();
        n_minus_1[0] -= 1; // n is odd, so no borrow
        check_powm(n, &vec![0; n.len()], o.exponent.as_limbs());
        check_powm(n, &[1], o.exponent.as_limbs());
        check_powm(n, &n_minus_1, o.exponent.as_limbs());
        check_powm(n, o.y.as_limbs(), &[1]);
    }
}

#[test]
fn montgomery_products_agree() {
    for bits in SIZES {
        let o = Operands::new(bits, 12);
        let k = o.modulus.limb_len();
        let n_big = big(o.modulus.as_limbs());
        let xy = (big(o.x.as_limbs()) * big(o.y.as_limbs())) % &n_big;
        let xx = (big(o.x.as_limbs()) * big(o.x.as_limbs())) % &n_big;

        let mut om = OpensslModulus::new(o.modulus.as_limbs()).unwrap();
        let a = om
            .to_montgomery(&BigNum::from_limbs(o.x.as_limbs()).unwrap())
            .unwrap();
        let b = om
            .to_montgomery(&BigNum::from_limbs(o.y.as_limbs()).unwrap())
            .unwrap();
        let mut r = BigNum::new().unwrap();
        om.mul_montgomery(&mut r, &a, &b).unwrap();
        let ossl_mul = r.to_limbs(k).unwrap();
        om.mul_montgomery(&mut r, &a, &a).unwrap();
        let ossl_sqr = r.to_limbs(k).unwrap();

        for algorithm in Algorithm::CONCRETE {
            for backend in Backend::supported() {
                if !algorithm.runs_on(backend) {
                    continue;
                }
                let m = Modulus::with_options(&o.modulus, algorithm, backend)
                    .unwrap_or_else(|e| panic!("{algorithm} on {backend}: {e}"));
                let (ma, mb) = (m.to_montgomery(&o.x), m.to_montgomery(&o.y));
                // Same R = 2^(64k) in both libraries: the Montgomery forms match limb for limb.
                assert_eq!(
                    m.to_standard_form(&m.to_montgomery(&Nat::from_limbs(limbs(&xy, k))))
                        .unwrap()
                        .as_limbs(),
                    &ossl_mul[..]
                );
                assert_eq!(
                    m.to_standard_form(&m.mul(&ma, &mb).unwrap())
                        .unwrap()
                        .as_limbs(),
                    &ossl_mul[..],
                    "{algorithm} {bits}"
                );
                assert_eq!(
                    m.to_standard_form(&m.to_montgomery(&Nat::from_limbs(limbs(&xx, k))))
                        .unwrap()
                        .as_limbs(),
                    &ossl_sqr[..]
                );
                assert_eq!(
                    m.to_standard_form(&m.square(&ma).unwrap())
                        .unwrap()
                        .as_limbs(),
                    &ossl_sqr[..],
                    "{algorithm} {bits}"
                );
            }
        }
    }
}

#[test]
fn full_products_agree() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for k in [1, 2, 3, 4, 6, 9, 16, 33, 64] {
        let a = random_exact_bits(&mut rng, 64 * k);
        let b = random_exact_bits(&mut rng, 64 * k - 5);
        let expected = limbs(&(big(&a) * big(&b)), 2 * k);
        let mut out = vec![0; 2 * k];
        gmp::mpn_mul_n(&mut out, &a, &b);
        assert_eq!(out, expected, "mpn_mul_n k={k}");
        let mut out = vec![u64::MAX; 2 * k];
        montvec::mul::product(&mut out, &a, &b);
        assert_eq!(out, expected, "mul::product k={k}");
    }
}

#[test]
fn suite_checks_and_times_every_op() {
    let sel = Selection {
        algorithms: Algorithm::CONCRETE.to_vec(),
        ladder: true,
        product: true,
        backends: Backend::supported(),
        backend_fallback: false,
        peers: true,
        threads: vec![1, 2],
        seed: 5,
    };
    let plan = Plan {
        sample_time: std::time::Duration::from_micros(200),
        samples: 3,
        clock: Clock::Wall,
    };
    for op in Op::DEFAULT {
        let jobs = prepare(op, 256, &sel).unwrap();
        let want_jobs = if op == Op::BatchExp { 2 } else { 1 };
        assert_eq!(jobs.len(), want_jobs, "{op:?}");
        for mut job in jobs {
            let mut ticks = 0;
            let rows = job.run(plan, &mut || ticks += 1);
            assert_eq!(rows.len(), job.contenders.len());
            assert_eq!(ticks, 3 * rows.len());
            assert!(rows
                .iter()
                .any(|r| r.label.imp == montvec_bench::Impl::Montvec));
            assert!(rows
                .iter()
                .any(|r| r.label.imp != montvec_bench::Impl::Montvec));
            assert!(rows
                .iter()
                .all(|r| r.ns_per_op() > 0.0 && r.label.bits == 256));
        }
    }
    // The exp job's agreed answer is the true one, and every peer computed it.
    let job = &prepare(Op::Exp, 192, &sel).unwrap()[0];
    for peer in [
        montvec_bench::Impl::Gmp,
        montvec_bench::Impl::Openssl,
        montvec_bench::Impl::Rustcrypto,
    ] {
        assert!(
            job.contenders.iter().any(|c| c.label.imp == peer),
            "{peer:?}"
        );
    }
    let o = Operands::new(192, 5);
    let expected =
        big(o.x.as_limbs()).modpow(&big(o.exponent.as_limbs()), &big(o.modulus.as_limbs()));
    assert_eq!(job.answer(), &limbs(&expected, 3)[..]);
}

#[test]
fn batch_jobs_agree_with_the_oracle_lane_by_lane() {
    let sel = Selection {
        algorithms: Algorithm::CONCRETE.to_vec(),
        ladder: false,
        product: false,
        backends: vec![Backend::Portable],
        backend_fallback: true,
        peers: true,
        threads: vec![2],
        seed: 9,
    };
    let jobs = prepare(Op::BatchExp, 1024, &sel).unwrap();
    let [job] = &jobs[..] else {
        panic!("one job per thread count")
    };
    assert_eq!(job.threads, 2);
    let lanes = 2 * montvec_bench::JOBS_PER_THREAD;
    // The agreed answer holds every lane's true result, lane by lane.
    let mut expected = Vec::new();
    for i in 0..lanes {
        let o = Operands::new(1024, 9 + i as u64);
        let y = big(o.x.as_limbs()).modpow(&big(o.exponent.as_limbs()), &big(o.modulus.as_limbs()));
        expected.extend(limbs(&y, 16));
    }
    assert_eq!(job.answer(), &expected[..]);
    // Every supported engine has a row, the scalar one on the selected backend only, and
    // the peers follow.
    let names: Vec<(&str, &str)> = job
        .contenders
        .iter()
        .map(|c| (c.label.algorithm.as_str(), c.label.backend.as_str()))
        .collect();
    for e in montvec::batch::Engine::ALL
        .into_iter()
        .filter(|e| e.is_supported())
    {
        assert!(
            names.iter().any(|(a, _)| *a == e.name()),
            "{e} in {names:?}"
        );
    }
    assert!(names.contains(&("scalar", "portable")), "{names:?}");
    assert!(
        names.contains(&("BN_mod_exp_mont_consttime", "-")),
        "{names:?}"
    );
    assert!(names.contains(&("mpz_powm_sec", "-")), "{names:?}");
    // crypto_mb, where linked and the CPU runs it, computes 8 lanes a call.
    for c in &job.contenders {
        let want = match c.label.imp {
            montvec_bench::Impl::Montvec => lanes,
            montvec_bench::Impl::CryptoMb => 8,
            _ => 1,
        };
        assert_eq!(c.label.per_call, want, "{:?}", c.label);
    }
    let crypto_mb = job
        .contenders
        .iter()
        .filter(|c| c.label.imp == montvec_bench::Impl::CryptoMb)
        .count();
    assert_eq!(
        crypto_mb,
        usize::from(montvec_bench::crypto_mb_runs()),
        "{names:?}"
    );
}

#[test]
fn versions_are_readable() {
    let g = gmp::version();
    assert!(
        g.chars().next().is_some_and(|c| c.is_ascii_digit()),
        "gmp version {g:?}"
    );
    let o = montvec_bench::openssl::version();
    assert!(o.starts_with("OpenSSL "), "openssl version {o:?}");
}

#[test]
fn rsa_jobs_agree_with_openssl_on_its_own_key() {
    let sel = Selection {
        algorithms: Algorithm::CONCRETE.to_vec(),
        ladder: false,
        product: false,
        backends: vec![Backend::active().unwrap()],
        backend_fallback: false,
        peers: true,
        threads: vec![1],
        seed: 6,
    };
    let plan = Plan {
        sample_time: std::time::Duration::from_micros(200),
        samples: 3,
        clock: Clock::ThreadCpu,
    };
    for op in Op::RSA {
        // `prepare` compares every contender's results (montvec single, batched, OpenSSL)
        // on the same inputs before returning the job.
        let mut jobs = prepare(op, 1024, &sel).unwrap();
        assert_eq!(jobs.len(), 1);
        let job = &mut jobs[0];
        assert_eq!(job.answer().len(), montvec_bench::RSA_JOBS * 16);
        let rows = job.run(plan, &mut || ());
        assert_eq!(
            rows.len(),
            4 + usize::from(montvec_bench::crypto_mb_runs()),
            "{op:?}"
        );
        for peer in [
            montvec_bench::Impl::Openssl,
            montvec_bench::Impl::Rustcrypto,
        ] {
            assert!(rows.iter().any(|r| r.label.imp == peer), "{op:?} {peer:?}");
        }
        let batched = rows
            .iter()
            .find(|r| r.label.per_call > 1 && r.label.imp == montvec_bench::Impl::Montvec)
            .expect("batched row");
        assert_eq!(batched.label.per_call, montvec_bench::RSA_JOBS);
        assert!(rows
            .iter()
            .all(|r| r.ns_per_op() > 0.0 && r.label.bits == 1024));
    }
}
