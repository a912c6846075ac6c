//! The batch operations against the RSA Labs PKCS#1 v1.5 encryption vectors (15 keys of 1024
//! to 2048 bits, including 1025..1031): batches of 1 to 9 and 17 jobs over mixed keys and
//! sizes, and of one key, under every batch engine this CPU runs. Every result must equal the
//! vector's encoded message, the single operation's result and num-bigint's c^d mod n; inputs
//! out of range fail their own job only.

mod support;

use montvec::batch::{Engine, Options};
use montvec_rsa::batch::{private_ops, public_ops, rsa_decrypt_many, rsa_encrypt_many};
use montvec_rsa::hazmat::rsa_decrypt;
use montvec_rsa::{Error, Nat, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use num_bigint::BigUint;
use rand::SeedableRng;
use support::crypt_cases;

/// One job: a key, a ciphertext c and the encoded message EM = c^d mod n.
struct Case<'a> {
    key: &'a RsaPrivateKey,
    c: Nat,
    em: Nat,
}

fn big(x: &Nat) -> BigUint {
    BigUint::from_bytes_be(&x.to_be_bytes(x.limb_len() * 8))
}

/// Options for every engine this CPU runs, each on one thread and on every core.
fn every_option() -> Vec<Options> {
    let mut out = Vec::new();
    for engine in Engine::ALL.into_iter().filter(|e| e.is_supported()) {
        for threads in [Some(1), None] {
            out.push(Options {
                engine: Some(engine),
                threads,
                ..Options::default()
            });
        }
    }
    out
}

/// `count` cases taking keys in turn (so mixed sizes), the i-th case of each key in turn.
fn mixed<'a>(keys: &'a [(RsaPrivateKey, Vec<support::Case>)], count: usize) -> Vec<Case<'a>> {
    (0..count)
        .map(|i| {
            let (key, cases) = &keys[i % keys.len()];
            let (em, c) = &cases[(i / keys.len() + count) % cases.len()];
            Case {
                key,
                c: Nat::from_be_bytes(c),
                em: Nat::from_be_bytes(em),
            }
        })
        .collect()
}

/// Run `cases` through `private_ops` with `options` and check every result three ways.
fn check_private(cases: &[Case<'_>], options: &Options, rng: &mut rand_chacha::ChaCha8Rng) {
    let jobs: Vec<(&RsaPrivateKey, &Nat)> = cases.iter().map(|c| (c.key, &c.c)).collect();
    let out = private_ops(&jobs, rng, options);
    assert_eq!(out.len(), cases.len());
    for (case, got) in cases.iter().zip(out) {
        let got = got.unwrap_or_else(|e| panic!("{options:?}: {e:?}"));
        assert_eq!(got, case.em.resized(got.limb_len()), "{options:?}");
        let single = montvec_rsa::primitive::private::private_op(case.key, &case.c, rng).unwrap();
        assert_eq!(got, single);
        let oracle = big(&case.c).modpow(&big(case.key.d()), &big(case.key.n()));
        assert_eq!(big(&got), oracle);
    }
}

#[test]
fn mixed_keys_and_sizes_in_batches_of_1_to_9_and_17() {
    let keys = crypt_cases();
    assert_eq!(keys.len(), 15);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut runs = 0;
    for options in every_option() {
        for count in (1..=9).chain([17]) {
            check_private(&mixed(&keys, count), &options, &mut rng);
            runs += 1;
        }
    }
    assert!(
        runs >= 20,
        "at least the scalar engine on two thread settings"
    );
}

/// Batches of one key (the path where its jobs' fresh blinding pairs share one inversion):
/// every result against the vectors and num-bigint; that one inversion served them is not
/// observed here.
#[test]
fn one_key_batches_of_1_to_17_jobs() {
    let keys = crypt_cases();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    // The 2048-bit key (the last) and a 1027-bit one, 1, 2, 8 and 17 jobs each.
    for (key, cases) in [&keys[14], &keys[8]] {
        for count in [1, 2, 8, 17] {
            let batch: Vec<Case<'_>> = (0..count)
                .map(|i| Case {
                    key,
                    c: Nat::from_be_bytes(&cases[i % cases.len()].1),
                    em: Nat::from_be_bytes(&cases[i % cases.len()].0),
                })
                .collect();
            for options in every_option() {
                check_private(&batch, &options, &mut rng);
            }
        }
    }
}

#[test]
fn every_vector_through_the_byte_level_batches() {
    let keys = crypt_cases();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let publics: Vec<RsaPublicKey> = keys.iter().map(|(k, _)| k.to_public_key()).collect();
    let mut decrypt: Vec<(&RsaPrivateKey, &[u8])> = Vec::new();
    let mut encrypt: Vec<(&RsaPublicKey, &[u8])> = Vec::new();
    let mut expect: Vec<(&[u8], &[u8])> = Vec::new();
    for ((key, cases), public) in keys.iter().zip(&publics) {
        for (em, c) in cases {
            decrypt.push((key, c));
            encrypt.push((public, em));
            expect.push((em, c));
        }
    }
    assert_eq!(decrypt.len(), 300);
    let plain = rsa_decrypt_many(&decrypt, &mut rng, &Options::default());
    let cipher = rsa_encrypt_many(&encrypt, &Options::default());
    for ((p, c), (em, ct)) in plain.into_iter().zip(cipher).zip(expect) {
        assert_eq!(p.unwrap(), em);
        assert_eq!(c.unwrap(), ct);
    }
}

#[test]
fn out_of_range_inputs_fail_their_own_job() {
    let keys = crypt_cases();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let (small, small_cases) = &keys[0];
    let (large, large_cases) = &keys[14];
    let n = small.n().clone();
    let all_ones = Nat::from_be_bytes(&vec![0xff; small.size()]);
    let good_small = Nat::from_be_bytes(&small_cases[0].1);
    let em_small = Nat::from_be_bytes(&small_cases[0].0);
    let good_large = Nat::from_be_bytes(&large_cases[0].1);
    // The large key's ciphertext is above the small key's n.
    let jobs: Vec<(&RsaPrivateKey, &Nat)> = vec![
        (small, &n),
        (small, &good_small),
        (small, &all_ones),
        (large, &good_large),
        (small, &good_large),
    ];
    for options in every_option() {
        let out = private_ops(&jobs, &mut rng, &options);
        assert_eq!(out[0], Err(Error::InvalidInputLength));
        assert_eq!(
            out[1].as_ref().unwrap().to_be_bytes(small.size()),
            small_cases[0].0
        );
        assert_eq!(out[2], Err(Error::InvalidInputLength));
        assert_eq!(
            out[3].as_ref().unwrap().to_be_bytes(large.size()),
            large_cases[0].0
        );
        assert_eq!(out[4], Err(Error::InvalidInputLength));
        let public = small.to_public_key();
        let pub_out = public_ops(&[(&public, &n), (&public, &em_small)], &options);
        assert_eq!(pub_out[0], Err(Error::InvalidInputLength));
        assert_eq!(
            pub_out[1].as_ref().unwrap().to_be_bytes(small.size()),
            small_cases[0].1
        );
    }
    // Wrong lengths at the byte level, beside good jobs.
    let k = small.size();
    let short = vec![1u8; k - 1];
    let long = vec![0u8; k + 1];
    let jobs: Vec<(&RsaPrivateKey, &[u8])> = vec![
        (small, &short),
        (small, &small_cases[1].1),
        (small, &long),
        (large, &small_cases[1].1),
    ];
    let out = rsa_decrypt_many(&jobs, &mut rng, &Options::default());
    assert_eq!(out[0], Err(Error::InvalidInputLength));
    assert_eq!(out[1].as_ref().unwrap(), &small_cases[1].0);
    assert_eq!(out[2], Err(Error::InvalidInputLength));
    assert_eq!(out[3], Err(Error::InvalidInputLength));
    let public = small.to_public_key();
    let out = rsa_encrypt_many(
        &[(&public, &short[..]), (&public, &small_cases[1].0)],
        &Options::default(),
    );
    assert_eq!(out[0], Err(Error::InvalidInputLength));
    assert_eq!(out[1].as_ref().unwrap(), &small_cases[1].1);
    // The single operation agrees on the same bad inputs.
    assert_eq!(
        rsa_decrypt(small, &short, &mut rng),
        Err(Error::InvalidInputLength)
    );
}

#[test]
fn refused_options_fail_every_job_without_panicking() {
    let keys = crypt_cases();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let (key, cases) = &keys[3];
    let c = Nat::from_be_bytes(&cases[0].1);
    let zero_threads = Options {
        threads: Some(0),
        ..Options::default()
    };
    let out = private_ops(&[(key, &c), (key, &c)], &mut rng, &zero_threads);
    let zero =
        |r: &Result<_, Error>| matches!(r, Err(Error::Arithmetic(montvec::Error::Threads(_))));
    assert!(out.iter().all(zero));
    let public = key.to_public_key();
    let out = public_ops(&[(&public, &c)], &zero_threads);
    assert!(zero(&out[0]));
    for engine in Engine::ALL.into_iter().filter(|e| !e.is_supported()) {
        let options = Options {
            engine: Some(engine),
            ..Options::default()
        };
        let out = private_ops(&[(key, &c)], &mut rng, &options);
        assert!(matches!(out[0], Err(Error::Arithmetic(_))), "{engine}");
    }
    // An empty batch is empty.
    assert!(private_ops(&[], &mut rng, &Options::default()).is_empty());
}

/// A three-prime key (Wycheproof's 2048-bit one) in batches with two-prime keys of other
/// sizes, alone and mixed: CRT over its three primes, its three exponentiations in the lanes
/// with the others', against num-bigint and the single operation.
#[test]
fn three_prime_key_in_mixed_batches() {
    let data = support::wycheproof("rsa_three_primes_oaep_2048_sha1_mgf1sha1_test.json");
    let three = support::wycheproof_private_key(&data["testGroups"][0]["privateKey"]).unwrap();
    assert_eq!(three.other_primes().len(), 1, "three primes");
    let keys = crypt_cases();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let n = big(three.n());
    let d = big(three.d());
    let three_cases: Vec<(Nat, Nat)> = (0..9u32)
        .map(|i| {
            // c below n: n - 2^i - 1 and small values, near both ends.
            let c = if i % 2 == 0 {
                &n - (BigUint::from(1u8) << i) - 1u8
            } else {
                BigUint::from(i * 1_000_003 + 2)
            };
            let em = c.modpow(&d, &n);
            let nat = |x: &BigUint| Nat::from_be_bytes(&x.to_bytes_be());
            (nat(&c), nat(&em))
        })
        .collect();
    for options in every_option() {
        for count in [1usize, 2, 3, 5, 9] {
            let alone: Vec<Case<'_>> = three_cases[..count]
                .iter()
                .map(|(c, em)| Case {
                    key: &three,
                    c: c.clone(),
                    em: em.clone(),
                })
                .collect();
            check_private(&alone, &options, &mut rng);
            let mut mixed_in = mixed(&keys, count);
            for (i, case) in alone.into_iter().enumerate() {
                mixed_in.insert(2 * i, case);
            }
            check_private(&mixed_in, &options, &mut rng);
        }
    }
}
