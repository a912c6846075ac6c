//! The raw primitives against the RSA Labs PKCS#1 v1.5 encryption vectors (15 keys, 1024 to
//! 2048 bits including 1025..1031, 300 cases): EM = 00 02 || PS || 00 || M must encrypt to the
//! given ciphertext, and the CRT private operation must give EM back. Plus the checks on the
//! private operation's inputs.

mod support;

use montvec_rsa::hazmat::{rsa_decrypt, rsa_encrypt};
use montvec_rsa::{Error, Nat, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use num_bigint::BigUint;
use rand::SeedableRng;
use support::crypt_cases;

/// A `Nat` as num-bigint's number, the oracle's side.
fn big(x: &Nat) -> num_bigint::BigUint {
    num_bigint::BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
}

/// num-bigint's number as a `Nat`.
fn nat(x: &num_bigint::BigUint) -> Nat {
    Nat::from_be_bytes(&x.to_bytes_be())
}

#[test]
fn rsalabs_v15_crypt_vectors_through_the_raw_primitives() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let keys = crypt_cases();
    assert_eq!(keys.len(), 15, "15 keys in the file");
    let mut count = 0;
    for (key, cases) in &keys {
        assert_eq!(cases.len(), 20);
        let public = key.to_public_key();
        for (em, c) in cases {
            assert_eq!(em.len(), key.size());
            assert_eq!(&rsa_encrypt(&public, em).unwrap(), c);
            assert_eq!(&rsa_decrypt(key, c, &mut rng).unwrap(), em);
            count += 1;
        }
    }
    assert_eq!(count, 300);
}

/// A key keeps its blinding pair for 32 operations, then draws a fresh factor: 70 single
/// operations, then batches of 40 and 33 jobs, on one key (each crossing at least one fresh
/// draw), every result equal to the vector's encoded message; clones of the key (which start
/// without a pair) in the same batch too.
#[test]
fn results_stay_right_across_the_kept_pairs_and_fresh_draws() {
    use montvec_rsa::batch::{private_ops, Options};
    use montvec_rsa::primitive::private::private_op;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let (key, cases) = crypt_cases().swap_remove(3);
    let ems: Vec<Nat> = cases.iter().map(|(em, _)| Nat::from_be_bytes(em)).collect();
    let cs: Vec<Nat> = cases.iter().map(|(_, c)| Nat::from_be_bytes(c)).collect();
    for i in 0..70 {
        let got = private_op(&key, &cs[i % cs.len()], &mut rng).unwrap();
        assert_eq!(
            got,
            ems[i % ems.len()].resized(got.limb_len()),
            "operation {i}"
        );
    }
    let clone = key.clone();
    for count in [40, 33] {
        let jobs: Vec<(&RsaPrivateKey, &Nat)> = (0..count)
            .map(|i| (if i % 5 == 4 { &clone } else { &key }, &cs[i % cs.len()]))
            .collect();
        for (i, got) in private_ops(&jobs, &mut rng, &Options::default())
            .into_iter()
            .enumerate()
        {
            let got = got.unwrap();
            assert_eq!(
                got,
                ems[i % ems.len()].resized(got.limb_len()),
                "job {i} of {count}"
            );
        }
    }
}

/// One key shared by two threads, 50 operations each, at once: the kept pair passes between
/// them (or one draws a fresh factor while the other holds it), and every result is right.
#[test]
fn one_key_on_two_threads_at_once() {
    use montvec_rsa::primitive::private::private_op;
    let (key, cases) = crypt_cases().swap_remove(5);
    let (key, cases) = (&key, &cases);
    std::thread::scope(|scope| {
        for seed in 0..2u64 {
            scope.spawn(move || {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(100 + seed);
                for i in 0..50 {
                    let (em, c) = &cases[(i + 7 * seed as usize) % cases.len()];
                    let got = private_op(key, &Nat::from_be_bytes(c), &mut rng).unwrap();
                    assert_eq!(
                        got.to_be_bytes(key.size()),
                        *em,
                        "thread {seed}, operation {i}"
                    );
                }
            });
        }
    });
}

#[test]
fn raw_inputs_out_of_range_are_typed_errors() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let (key, _) = crypt_cases().swap_remove(0);
    let k = key.size();
    let n = key.n().to_be_bytes(k);
    let public = key.to_public_key();
    for bad in [vec![0u8; k - 1], vec![0u8; k + 1], n.clone(), vec![0xff; k]] {
        assert_eq!(rsa_encrypt(&public, &bad), Err(Error::InvalidInputLength));
        assert_eq!(
            rsa_decrypt(&key, &bad, &mut rng),
            Err(Error::InvalidInputLength)
        );
    }
    // 0, 1 and n - 1 are fixed points or sign flips of the permutation.
    let mut n_minus_1 = n.clone();
    *n_minus_1.last_mut().unwrap() -= 1;
    for x in [
        vec![0u8; k],
        {
            let mut v = vec![0u8; k];
            v[k - 1] = 1;
            v
        },
        n_minus_1,
    ] {
        assert_eq!(rsa_decrypt(&key, &x, &mut rng).unwrap(), x);
        assert_eq!(rsa_encrypt(&public, &x).unwrap(), x);
    }
}

#[test]
fn inconsistent_keys_are_refused() {
    let (key, _) = crypt_cases().swap_remove(0);
    let [p, q] = key.primes();
    let n = key.n().clone();
    let e = key.e().clone();
    let d = key.d().clone();
    let good =
        RsaPrivateKey::from_components(n.clone(), e.clone(), d.clone(), vec![p.clone(), q.clone()]);
    assert!(good.is_ok());
    let wrong_d = montvec_rsa::Nat::from_u64(12345);
    assert!(matches!(
        RsaPrivateKey::from_components(n.clone(), e.clone(), wrong_d, vec![p.clone(), q.clone()]),
        Err(Error::InvalidKey(_))
    ));
    assert!(matches!(
        RsaPrivateKey::from_components(n.clone(), e.clone(), d.clone(), vec![p.clone(), p.clone()]),
        Err(Error::InvalidKey(_))
    ));
    // A square n = p·p with a d that fits p − 1: the primes are not coprime, so there is no
    // CRT coefficient (refused, not left to fail every private operation).
    let p_big = big(p);
    let d_square = big(&e)
        .modinv(&(&p_big - 1u8))
        .expect("e is prime to p - 1");
    assert!(matches!(
        RsaPrivateKey::from_components(
            nat(&(&p_big * &p_big)),
            e.clone(),
            nat(&d_square),
            vec![p.clone(), p.clone()]
        ),
        Err(Error::InvalidKey(_))
    ));
    // A third prime whose product with p and q is not n.
    assert!(matches!(
        RsaPrivateKey::from_components(
            n.clone(),
            e.clone(),
            d.clone(),
            vec![p.clone(), q.clone(), Nat::from_u64(3)]
        ),
        Err(Error::InvalidKey(_))
    ));
    // One prime is not a key, nor are none: recovering them is the variable-time
    // constructor's work, which finds these two.
    assert!(matches!(
        RsaPrivateKey::from_components(n.clone(), e.clone(), d.clone(), vec![p.clone()]),
        Err(Error::InvalidKey(_))
    ));
    assert!(matches!(
        RsaPrivateKey::from_components(n.clone(), e.clone(), d.clone(), vec![]),
        Err(Error::InvalidKey(_))
    ));
    let recovered = RsaPrivateKey::from_n_e_d_vartime(n.clone(), e.clone(), d.clone())
        .expect("p and q recovered");
    let mut found: Vec<num_bigint::BigUint> = recovered.primes().iter().map(|x| big(x)).collect();
    found.sort();
    let mut want = vec![big(p), big(q)];
    want.sort();
    assert_eq!(found, want);
    // A wrong CRT coefficient.
    let bad = RsaPrivateKey::from_crt_components(
        n,
        e,
        d,
        p.clone(),
        q.clone(),
        key.dp().clone(),
        key.dq().clone(),
        Nat::from_u64(1),
    );
    assert!(matches!(bad, Err(Error::InvalidKey(_))));
}

/// A composite "prime" is refused when the key is built, whichever constructor builds it:
/// `from_p_q` makes a d that agrees with every other check, and so does a PKCS#1 key whose
/// CRT values were computed from the composite. Such keys once failed only at their first
/// private operation (the fault check).
#[test]
fn composite_primes_are_refused() {
    let (key, _) = crypt_cases().swap_remove(0);
    let [p, q] = key.primes();
    let e = key.e().clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    // The first odd composite above q that e is coprime to: q + 2, q + 4, ...
    let composite = (1u32..)
        .map(|i| big(q) + 2u32 * i)
        .find(|c| {
            !montvec_rsa::prime::is_probable_prime_vartime(&nat(c), 20, &mut rng).unwrap()
                && num_integer::Integer::gcd(c, &(big(&e))) == 1u32.into()
        })
        .unwrap();
    // The key from_p_q builds with p prime and q composite: refused.
    assert_eq!(
        RsaPrivateKey::from_p_q(p.clone(), nat(&composite), e.clone()).err(),
        Some(Error::InvalidKey("a prime factor is not prime"))
    );
    // The same with the composite first, through from_crt_components with consistent values.
    let (c, r) = (composite.clone(), big(p));
    let lambda = num_integer::Integer::lcm(&(&c - 1u8), &(&r - 1u8));
    let Some(d) = big(&e).modinv(&lambda) else {
        panic!("e is prime to lcm(c - 1, p - 1)")
    };
    let qinv = r.modinv(&c).expect("p is prime to c");
    let built = RsaPrivateKey::from_crt_components(
        nat(&(&c * &r)),
        e.clone(),
        nat(&d),
        nat(&c),
        nat(&r),
        nat(&(&d % (&c - 1u8))),
        nat(&(&d % (&r - 1u8))),
        nat(&qinv),
    );
    assert_eq!(
        built.err(),
        Some(Error::InvalidKey("a prime factor is not prime"))
    );
    // The genuine primes still make the key.
    assert!(RsaPrivateKey::from_p_q(p.clone(), q.clone(), e).is_ok());
}

/// A Carmichael number as a "prime": it passes Fermat's test to every base prime to it, and
/// with it signing and the fault check work (λ(C) divides C − 1), so the key used to be
/// accepted with factors of 55 to 57 bits. The strong test to base 2 refuses it.
#[test]
fn a_carmichael_prime_is_refused() {
    // C = (6k + 1)(12k + 1)(18k + 1), k = 4373395847846616: three primes (Chernick's form).
    let k = BigUint::from(4_373_395_847_846_616u64);
    let factors = [6u32, 12, 18].map(|m| &k * m + 1u32);
    let c: BigUint = factors.iter().product();
    assert_eq!(c.bits(), 167);
    // Fermat to base 2 holds: the old check's verdict.
    assert_eq!(
        BigUint::from(2u8).modpow(&(&c - 1u8), &c),
        BigUint::from(1u8)
    );
    // 2^521 - 1, a Mersenne prime, as the other factor; 65537 is prime to both λs.
    let q = (BigUint::from(1u8) << 521u32) - 1u8;
    let e = Nat::from_u64(65537);
    assert_eq!(
        RsaPrivateKey::from_p_q(nat(&c), nat(&q), e.clone()).err(),
        Some(Error::InvalidKey("a prime factor is not prime"))
    );
    assert_eq!(
        RsaPrivateKey::from_p_q(nat(&q), nat(&c), e).err(),
        Some(Error::InvalidKey("a prime factor is not prime"))
    );
}

/// Key parts longer than n are refused by their sizes, before any arithmetic on them (whose
/// cost grows with the announced length: a million-bit d once took seconds to refuse); a d
/// that is congruent to the right one but not below n is refused too; a d announced with
/// zero limbs beyond n's is still the same key.
#[test]
fn oversized_key_parts_are_refused() {
    let (key, _) = crypt_cases().swap_remove(0);
    let [p, q] = key.primes();
    let (n, e, d) = (key.n().clone(), key.e().clone(), key.d().clone());
    let import =
        |d: Nat, primes: Vec<Nat>| RsaPrivateKey::from_components(n.clone(), e.clone(), d, primes);
    let primes = vec![p.clone(), q.clone()];
    let invalid = |r: Result<RsaPrivateKey, Error>, what: &str| {
        assert!(
            matches!(r, Err(Error::InvalidKey(_))),
            "{what}: {:?}",
            r.err()
        );
    };

    // d with zero limbs above n's: the same key.
    let mut limbs = d.as_limbs().to_vec();
    limbs.resize(n.limb_len() + 4, 0);
    let padded = import(Nat::from_limbs(limbs.clone()), primes.clone()).expect("padded d");
    assert_eq!(padded.d().as_limbs(), key.d().as_limbs());
    // A limb set above n's, close to and far from n's length.
    for extra in [n.limb_len(), n.limb_len() + 3, 16_000] {
        let mut long = limbs.clone();
        long.resize(extra + 1, 0);
        long[extra] = 1;
        invalid(import(Nat::from_limbs(long), primes.clone()), "long d");
    }
    // Two equal nonzero limbs above n's: refused like one.
    let mut twice = limbs.clone();
    let len = twice.len();
    twice[len - 2] = 5;
    twice[len - 1] = 5;
    invalid(
        import(Nat::from_limbs(twice), primes.clone()),
        "d with two equal high limbs",
    );
    // d + k φ(n) ≥ n: the right exponent modulo p − 1 and q − 1, but not below n.
    let phi = (big(p) - 1u8) * (big(q) - 1u8);
    let k = (big(&n) - big(&d) + &phi - 1u8) / &phi;
    let above = big(&d) + k * &phi;
    assert!(above >= big(&n));
    invalid(import(nat(&above), primes.clone()), "d above n");
    // A prime longer than n, and more primes than n has room for.
    let long_prime = nat(&(big(&n) * big(&n) + 2u8));
    invalid(import(d.clone(), vec![p.clone(), long_prime]), "long prime");
    let mut crowded = primes.clone();
    crowded.extend(std::iter::repeat_n(Nat::from_u64(3), 3));
    invalid(import(d.clone(), crowded), "too many primes");
    // A CRT value longer than n.
    let mut long_dp = key.dp().as_limbs().to_vec();
    long_dp.resize(n.limb_len() + 2, 0);
    long_dp[n.limb_len() + 1] = 1;
    let crt = RsaPrivateKey::from_crt_components(
        n.clone(),
        e.clone(),
        d.clone(),
        p.clone(),
        q.clone(),
        Nat::from_limbs(long_dp),
        key.dq().clone(),
        key.qinv().clone(),
    );
    invalid(crt, "long dP");
}

/// A key whose n has small prime factors is refused at import (`MIN_PRIME_BITS`): blinding
/// would draw factors sharing them with n more often than not. Here n = 3 5 7 p with d right
/// for that n, so only the primes' sizes are at fault.
#[test]
fn small_prime_factors_are_refused() {
    let (key, _) = crypt_cases().swap_remove(0);
    let [p, _] = key.primes();
    let e = num_bigint::BigUint::from(65537u32);
    let small = [3u32, 5, 7].map(num_bigint::BigUint::from);
    let n = small.iter().product::<num_bigint::BigUint>() * big(p);
    let lambda = [2u32, 4, 6]
        .map(num_bigint::BigUint::from)
        .into_iter()
        .chain([big(p) - 1u8])
        .fold(num_bigint::BigUint::from(1u8), |l, x| {
            num_integer::Integer::lcm(&l, &x)
        });
    let d = e.modinv(&lambda).expect("65537 is prime to lambda");
    let mut primes: Vec<Nat> = small.iter().map(nat).collect();
    primes.push(p.clone());
    match RsaPrivateKey::from_components(nat(&n), nat(&e), nat(&d), primes) {
        Err(Error::InvalidKey(why)) => assert!(why.contains("shorter than 128 bits"), "{why}"),
        other => panic!(
            "a key with primes 3, 5, 7 was not refused: {:?}",
            other.err()
        ),
    }
}

/// The primes' sizes are checked before any arithmetic on them, each refusal with its own
/// reason: a prime longer than n, and primes that each fit n but whose product would be longer
/// than n (a product of primes of b₁, b₂, … bits has at least 1 + Σ(bᵢ − 1) bits).
#[test]
fn prime_sizes_are_refused_before_any_arithmetic() {
    let (key, _) = crypt_cases().swap_remove(0);
    let [p, q] = key.primes();
    let (n, e, d) = (key.n().clone(), key.e().clone(), key.d().clone());
    let reason = |primes: Vec<Nat>| match RsaPrivateKey::from_components(
        n.clone(),
        e.clone(),
        d.clone(),
        primes,
    ) {
        Err(Error::InvalidKey(why)) => why,
        other => panic!("accepted: {:?}", other.map(|_| ())),
    };
    let longer = nat(&(big(&n) * 2u8 + 1u8));
    assert_eq!(
        reason(vec![p.clone(), longer]),
        "a prime factor is longer than n"
    );
    // n itself has n's length: not longer than n, but p·n would be.
    assert_eq!(
        reason(vec![p.clone(), n.clone()]),
        "the prime factors are too long for n"
    );
    // Three primes of the right sizes for two: 1 + Σ(bᵢ − 1) exceeds bits(n).
    assert_eq!(
        reason(vec![p.clone(), q.clone(), p.clone()]),
        "the prime factors are too long for n"
    );
}

/// A prime of exactly `MIN_PRIME_BITS` = 128 bits is allowed: here p = 2^128 − 159 and q the
/// P-384 field prime 2^384 − 2^128 − 2^96 + 2^32 − 1, n = p q of 512 bits, d = e⁻¹ mod
/// lcm(p − 1, q − 1), computed by num-bigint; the private operation gives c^d mod n.
#[test]
fn a_prime_of_exactly_128_bits_is_allowed() {
    use num_bigint::BigUint;
    let one = BigUint::from(1u8);
    let p: BigUint = (&one << 128u32) - 159u32;
    let q: BigUint = (&one << 384u32) - (&one << 128u32) - (&one << 96u32) + (&one << 32u32) - 1u32;
    let n = &p * &q;
    assert_eq!((p.bits(), n.bits()), (128, 512));
    let e = BigUint::from(65537u32);
    let lambda = num_integer::Integer::lcm(&(&p - 1u8), &(&q - 1u8));
    let d = e.modinv(&lambda).expect("65537 is prime to lambda");
    let key = RsaPrivateKey::from_components(nat(&n), nat(&e), nat(&d), vec![nat(&p), nat(&q)])
        .expect("a 128-bit prime is allowed");
    let m = BigUint::from(0x5eed_u32);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut c = vec![0u8; key.size()];
    let m_bytes = m.to_bytes_be();
    c[key.size() - m_bytes.len()..].copy_from_slice(&m_bytes);
    let s = rsa_decrypt(&key, &c, &mut rng).unwrap();
    assert_eq!(BigUint::from_bytes_be(&s), m.modpow(&d, &n));
}

/// Public exponents: odd, at least 3, below n, and at most 256 bits (FIPS 186-5's bound), so
/// that a crafted key cannot make each operation cost a squaring per bit of n.
#[test]
fn public_exponent_bounds() {
    let (key, _) = crypt_cases().swap_remove(0);
    let n = key.n().clone();
    let odd_of_bits = |bits: usize| {
        let mut limbs = vec![u64::MAX; bits.div_ceil(64)];
        if !bits.is_multiple_of(64) {
            *limbs.last_mut().unwrap() >>= 64 - bits % 64;
        }
        Nat::from_limbs(limbs)
    };
    assert!(RsaPublicKey::new(n.clone(), odd_of_bits(256)).is_ok());
    assert!(RsaPublicKey::new(n.clone(), Nat::from_u64(3)).is_ok());
    for e in [
        odd_of_bits(257),
        odd_of_bits(1000),
        Nat::from_u64(1),
        Nat::from_u64(65536),
    ] {
        assert_eq!(
            RsaPublicKey::new(n.clone(), e).unwrap_err(),
            Error::InvalidExponent
        );
    }
}

/// A private key wipes d, the primes and the CRT values on drop, and so does every typed key
/// that holds one: checked at compile time.
#[test]
fn private_keys_zeroize_on_drop() {
    fn zeroized_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    zeroized_on_drop::<montvec_rsa::RsaPrivateKey>();
    zeroized_on_drop::<montvec_rsa::pkcs1v15::SigningKey<montvec_rsa::sha2::Sha256>>();
    zeroized_on_drop::<montvec_rsa::pss::SigningKey<montvec_rsa::sha2::Sha256>>();
    zeroized_on_drop::<montvec_rsa::oaep::DecryptingKey<montvec_rsa::sha2::Sha256>>();
    zeroized_on_drop::<montvec_rsa::pkcs1v15::DecryptingKey>();
}
