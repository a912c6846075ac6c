//! `Modulus` construction: rejected moduli, every bit length 2..=130 and the specialised sizes
//! up to 8192, the accessors, and R mod n / R^2 mod n checked through the Montgomery round trip
//! and `reduce`.

mod common;
use common::*;

use montvec::{Algorithm, Backend, Error, Modulus, Nat, MAX_MODULUS_BITS};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

/// Every way to build a modulus: each (algorithm, backend), `with_algorithm` and `new`.
fn build_all(n: &Nat) -> Vec<Result<Modulus, Error>> {
    let mut out = Vec::new();
    for (a, b) in configs() {
        out.push(Modulus::with_options(n, a, b));
        out.push(Modulus::with_algorithm(n, a));
    }
    out.push(Modulus::with_algorithm(n, Algorithm::Auto));
    out.push(Modulus::new(n));
    out
}

fn assert_rejected(n: &Nat, want: Error) {
    for r in build_all(n) {
        match r {
            Ok(m) => panic!(
                "{n:?} accepted ({}/{}), want {want:?}",
                m.algorithm(),
                m.backend()
            ),
            Err(e) => assert_eq!(e, want, "{n:?}"),
        }
    }
}

#[test]
fn rejects_zero_and_one() {
    assert_rejected(&Nat::zero(0), Error::ModulusTooSmall);
    assert_rejected(&Nat::zero(1), Error::ModulusTooSmall);
    assert_rejected(&Nat::zero(5), Error::ModulusTooSmall);
    assert_rejected(&Nat::from_u64(1), Error::ModulusTooSmall);
    assert_rejected(&from_big(&BigUint::one(), 4), Error::ModulusTooSmall);
}

#[test]
fn rejects_even() {
    for x in [2u64, 4, 6, 1 << 63, u64::MAX - 1] {
        assert_rejected(&Nat::from_u64(x), Error::EvenModulus);
    }
    let mut r = rng(11);
    for bits in [65usize, 128, 129, 1024, 4097] {
        let n = random_bits(&mut r, bits);
        let n = &n - (&n & BigUint::one());
        assert_rejected(&from_big(&n, limbs_for(bits) + 1), Error::EvenModulus);
    }
    assert_rejected(
        &Nat::from_hex(&format!("2{}", "0".repeat(100))).unwrap(),
        Error::EvenModulus,
    );
}

/// Moduli above `MAX_MODULUS_BITS` are refused, naming both sizes (the largest itself is
/// accepted: `auto_accepts_every_size_up_to_the_maximum`).
#[test]
fn rejects_above_the_largest() {
    let over = (BigUint::one() << MAX_MODULUS_BITS) + 1u32;
    assert_rejected(
        &nat(&over),
        Error::ModulusTooLarge {
            bits: MAX_MODULUS_BITS + 1,
            max_bits: MAX_MODULUS_BITS,
        },
    );
    let far_over = (BigUint::one() << (4 * MAX_MODULUS_BITS)) - 1u32;
    assert_rejected(
        &nat(&far_over),
        Error::ModulusTooLarge {
            bits: 4 * MAX_MODULUS_BITS,
            max_bits: MAX_MODULUS_BITS,
        },
    );
}

/// `Algorithm::Auto` (and so `Modulus::new`) accepts every odd modulus up to
/// `MAX_MODULUS_BITS` on every backend: for 2^b - 1, 2^b = 1 so 2^(b+5) = 32.
///
/// Regression: `auto_for_bits` once picked the IFMA variant whatever the size, and that variant
/// rejects moduli above 26622 bits.
#[test]
fn auto_accepts_every_size_up_to_the_maximum() {
    for bits in [26622usize, 26623, 30001, MAX_MODULUS_BITS] {
        let n = (BigUint::one() << bits) - 1u32;
        let e = Nat::from_u64(bits as u64 + 5);
        let mut ms = Vec::new();
        for b in backends() {
            ms.push((
                b.name(),
                Modulus::with_options(&nat(&n), Algorithm::Auto, b),
            ));
        }
        ms.push(("new", Modulus::new(&nat(&n))));
        for (label, m) in ms {
            let m = m.unwrap_or_else(|e| panic!("{bits} bits, {label}: {e}"));
            assert_eq!(m.bits(), bits);
            assert_eq!(m.limbs(), bits.div_ceil(64));
            let got = to_big(&m.pow_vartime(&Nat::from_u64(2), &e));
            assert_eq!(got, BigUint::from(32u32), "{bits} bits, {label}");
        }
    }
}

#[test]
fn unsupported_backend_is_an_error() {
    let n = Nat::from_u64(101);
    for b in Backend::ALL {
        let r = Modulus::with_options(&n, Algorithm::Cios, b);
        if b.is_supported() {
            assert_eq!(r.unwrap().backend(), b);
        } else {
            assert_eq!(
                r.err(),
                Some(Error::UnsupportedBackend(b.name().to_string()))
            );
        }
    }
    assert!(Backend::supported().contains(&Backend::Portable));
    assert_eq!(Backend::supported()[0], Backend::Portable);
}

#[test]
fn backend_and_algorithm_names_round_trip() {
    for b in Backend::ALL {
        assert_eq!(b.name().parse::<Backend>().unwrap(), b);
        assert_eq!(b.name().to_uppercase().parse::<Backend>().unwrap(), b);
        assert_eq!(b.to_string(), b.name());
    }
    assert!("nonsense".parse::<Backend>().is_err());
    assert_eq!("auto".parse::<Algorithm>().unwrap(), Algorithm::Auto);
    for a in Algorithm::CONCRETE {
        assert_ne!(a, Algorithm::Auto);
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        assert_eq!(a.name().to_uppercase().parse::<Algorithm>().unwrap(), a);
    }
    assert!("ladder".parse::<Algorithm>().is_err());
    assert!("".parse::<Algorithm>().is_err());
    // The error names what was given and what is known.
    let error = "foo".parse::<Algorithm>().unwrap_err();
    assert_eq!(error, Error::UnknownAlgorithm("foo".into()));
    let message = error.to_string();
    assert!(
        message.contains("\"foo\"") && message.contains("auto, cios"),
        "{message}"
    );
    // Auto picks a concrete algorithm that runs on the backend, for every size.
    for b in Backend::supported() {
        for bits in [
            2usize,
            64,
            65,
            512,
            1024,
            2048,
            4096,
            8192,
            30000,
            MAX_MODULUS_BITS,
        ] {
            let a = Algorithm::auto_for_bits(bits, b);
            assert!(Algorithm::CONCRETE.contains(&a), "{bits} on {b}: {a}");
            assert!(a.runs_on(b), "{bits} on {b}: {a}");
        }
    }
}

/// Every concrete algorithm runs on some supported backend, and asking for one on a backend
/// that cannot run it is an error.
#[test]
fn algorithm_backend_pairs() {
    let n = Nat::from_u64(0xffff_fffb);
    for a in Algorithm::CONCRETE {
        for b in Backend::supported() {
            let r = Modulus::with_options(&n, a, b);
            if a.runs_on(b) {
                let m = r.unwrap_or_else(|e| panic!("{a} on {b}: {e}"));
                assert_eq!((m.algorithm(), m.backend()), (a, b));
            } else {
                assert!(
                    matches!(r, Err(Error::UnsupportedAlgorithm(_))),
                    "{a} on {b}"
                );
            }
        }
    }
    assert!(Algorithm::CONCRETE
        .iter()
        .any(|a| a.runs_on(Backend::Portable)));
}

/// `MONTVEC_BACKEND` is honoured by `Modulus::new` (scripts/test runs this under each value).
#[test]
fn active_backend_follows_the_environment() {
    let active = Backend::active().expect("MONTVEC_BACKEND names a supported backend");
    match std::env::var("MONTVEC_BACKEND") {
        Ok(name) if !name.is_empty() => assert_eq!(active, name.parse::<Backend>().unwrap()),
        _ => assert_eq!(active, Backend::best()),
    }
    assert!(active.is_supported());
    let m = Modulus::new(&Nat::from_u64(0xffff_fffb)).unwrap();
    assert_eq!(m.backend(), active);
    assert_eq!(m.algorithm(), Algorithm::auto_for_bits(32, active));
    let m = Modulus::with_algorithm(&Nat::from_u64(97), Algorithm::Cios).unwrap();
    assert_eq!(m.backend(), active);
    assert_eq!(m.algorithm(), Algorithm::Cios);
}

/// Accessors, R mod n and the round trip x -> x*R mod n -> x, for one modulus value.
fn check_modulus(n: &BigUint, r: &mut impl rand::Rng) {
    let bits = n.bits() as usize;
    let k = limbs_for(bits);
    let xs = [
        BigUint::zero(),
        BigUint::one(),
        n - 1u32,
        n.clone(),
        n + 1u32,
        random_below(r, n),
        random_bits(r, bits + 200),
        // The largest one-chunk value, R - 1 >= n: the conversion kernels take a first
        // operand of k limbs up to R - 1, not only below n.
        (BigUint::one() << (64 * k)) - 1u32,
        // Three chunks of all ones: for a modulus filling its k limbs, every chunk is at or
        // above n and is reduced by one subtraction before Horner's step.
        (BigUint::one() << (3 * 64 * k)) - 1u32,
    ];
    for (label, m) in moduli(n) {
        assert_eq!(m.bits(), bits, "{label}");
        assert_eq!(m.limbs(), k, "{label}");
        assert_eq!(m.modulus().limb_len(), k, "{label}");
        assert_eq!(&to_big(&m.modulus()), n, "{label}");
        let one = m.one();
        assert_elem(
            &m,
            &one,
            &BigUint::one(),
            n,
            &format!("{label}: one = R mod n"),
        );
        for (i, x) in xs.iter().enumerate() {
            let xr = m.to_montgomery(&nat(x));
            assert_elem(&m, &xr, x, n, &format!("{label}: to_montgomery({x:x})"));
            let back = m.from_montgomery(&xr).unwrap();
            assert_eq!(back.limb_len(), k, "{label}");
            assert_eq!(to_big(&back), x % n, "{label}: x = {x:x}, n = {n:x}");
            let red = m.reduce(&nat(x));
            assert_eq!(red.limb_len(), k, "{label}");
            assert_eq!(to_big(&red), x % n, "{label}: reduce x = {x:x}, n = {n:x}");
            // x times y's form, for y = n - 1 and y = x mod n (its square).
            for y in [n - 1u32, x % n] {
                let got = m.mul_value(&nat(x), &m.to_montgomery(&nat(&y))).unwrap();
                assert_eq!(got.limb_len(), k, "{label}");
                assert_eq!(
                    to_big(&got),
                    x * &y % n,
                    "{label}: mul_value x = {x:x}, y = {y:x}"
                );
            }
            // Both plain values, each reduced first when at or above n: x with the values 3
            // and 5 places on in the list, so that each value meets four others, as x or y
            // (all 81 pairs at every size and algorithm took 21 s more per run).
            for y in [&xs[(i + 3) % xs.len()], &xs[(i + 5) % xs.len()]] {
                let (xv, yv) = (nat(x), nat(y));
                let got = [
                    m.mul_mod(&xv, &yv),
                    m.add_mod(&xv, &yv),
                    m.sub_mod(&xv, &yv),
                ];
                let want = [x * y % n, (x + y) % n, (x % n + n - y % n) % n];
                for (op, (got, want)) in ["mul_mod", "add_mod", "sub_mod"]
                    .iter()
                    .zip(got.iter().zip(want))
                {
                    assert_eq!(got.limb_len(), k, "{label}: {op}");
                    assert_eq!(to_big(got), want, "{label}: {op} x = {x:x}, y = {y:x}");
                }
            }
        }
    }
}

#[test]
fn every_bit_length_2_to_130() {
    let mut r = rng(12);
    for bits in 2..=130usize {
        let mut ns = boundary_moduli(bits);
        ns.push(random_odd_modulus(&mut r, bits));
        for n in &ns {
            check_modulus(n, &mut r);
        }
    }
}

#[test]
fn specialised_sizes_up_to_8192() {
    let mut r = rng(13);
    for bits in specialised_sizes() {
        let mut ns = vec![random_odd_modulus(&mut r, bits)];
        ns.extend(boundary_ends(bits));
        for n in &ns {
            check_modulus(n, &mut r);
        }
    }
}

/// A modulus given with leading zero limbs is the same modulus.
#[test]
fn leading_zero_limbs_in_the_modulus() {
    let mut r = rng(14);
    for bits in [2usize, 63, 64, 65, 200, 1024] {
        let n = random_odd_modulus(&mut r, bits);
        let k = limbs_for(bits);
        let padded = from_big(&n, k + 3);
        let m = Modulus::new(&padded).unwrap();
        assert_eq!(m.limbs(), k);
        assert_eq!(m.modulus().limb_len(), k);
        let b = random_below(&mut r, &n);
        let e = random_bits(&mut r, 70);
        assert_eq!(to_big(&m.pow(&nat(&b), &nat(&e))), b.modpow(&e, &n));
        let hex = format!("000000{n:x}");
        let m = Modulus::new(&Nat::from_hex(&hex).unwrap()).unwrap();
        assert_eq!(m.limbs(), k);
        assert_eq!(to_big(&m.modulus()), n);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random moduli of random size: the round trip and R mod n.
    #[test]
    fn random_moduli(bits in 2usize..=600, seed in any::<u64>()) {
        let mut r = rng(seed);
        let n = random_odd_modulus(&mut r, bits);
        check_modulus(&n, &mut r);
    }
}

/// The types that hold secrets (values, elements, a modulus's constants, the exponentiation
/// table, the ADX kernels' constants) wipe themselves on drop: checked at compile time, so that
/// dropping the derive from any of them fails the build of this test.
#[test]
fn secret_holders_zeroize_on_drop() {
    fn zeroized_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    zeroized_on_drop::<montvec::Nat>();
    zeroized_on_drop::<montvec::MontElem>();
    zeroized_on_drop::<montvec::mont::MontParams>();
    zeroized_on_drop::<montvec::exp::table::MaskedTable>();
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    zeroized_on_drop::<montvec::mont::adx::AdxMont>();
}
