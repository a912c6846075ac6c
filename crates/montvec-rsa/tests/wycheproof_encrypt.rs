//! Wycheproof decryption tests: every `rsa_oaep_*` and `rsa_three_primes_oaep_*` file
//! (RsaesOaepDecrypt, 1,208 tests) and `rsa_pkcs1_{2048,3072,4096}_test.json`
//! (RsaesPkcs1Decrypt, 201 tests). Every test is run and counted; the totals are asserted.
//!
//! Policy, per result:
//! - OAEP `valid`: decrypts to `msg`.
//! - OAEP `invalid`: an error, and exactly the one the public shape of the ciphertext predicts:
//!   [`Error::InvalidInputLength`] when it is not k bytes or not below n, otherwise
//!   [`Error::Decryption`] (so every padding failure gives the same error).
//! - OAEP `acceptable` (3 tests, flag `SmallIntegerCiphertext`: c = 0 or 1, which SP 800-56B
//!   forbids): accepted, they decrypt to `msg`; this crate only requires c < n.
//! - Three-prime keys (3 files, 110 tests) import with their `otherPrimeInfos` and decrypt
//!   by CRT over the three primes, under the same policy; their tests are also counted apart.
//! - v1.5 `valid`: decrypts to `msg`.
//! - v1.5 `invalid` with a malformed ciphertext (flag `InvalidCiphertextFormat`: not k bytes,
//!   or ≥ n): [`Error::InvalidInputLength`], a public fact.
//! - v1.5 `invalid` otherwise (bad padding): no error (implicit rejection). Asserted: the output
//!   equals OpenSSL 4.0.0's byte for byte (`vectors/implicit-rejection/wycheproof_pkcs1_openssl.json`);
//!   decrypting again with other blinding gives the same bytes; its length is at most k − 11; it
//!   differs from `msg` and from the bytes after the first zero of the raw EM (what a
//!   non-checking decoder would return); and the raw EM (by `hazmat::rsa_decrypt`) indeed fails
//!   a strict RFC 8017 §7.2.2 format check written here, so the case is truly invalid.
//! - v1.5 `acceptable`: none exist; one would fail the test.

mod support;

use std::collections::BTreeMap;

use montvec_rsa::hazmat::rsa_decrypt;
use montvec_rsa::{Error, HashAlg, Oaep, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey};
use rand::SeedableRng;
use serde_json::Value;
use support::{hex, json_str, vectors_dir, wycheproof, wycheproof_files, wycheproof_private_key};

/// Outcomes counted by kind.
#[derive(Default, Debug, PartialEq, Eq)]
struct Tally {
    valid: usize,
    invalid: usize,
    acceptable: usize,
    malformed: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.valid + self.invalid + self.acceptable + self.malformed
    }

    /// Check one file's tally against its declared test count, print it, add it to `self`.
    fn add_file(&mut self, file: &str, data: &Value, tally: Tally) {
        let declared = data["numberOfTests"].as_u64().unwrap() as usize;
        assert_eq!(tally.total(), declared, "{file}: every test counted");
        eprintln!("{file}: {tally:?}");
        self.valid += tally.valid;
        self.invalid += tally.invalid;
        self.acceptable += tally.acceptable;
        self.malformed += tally.malformed;
    }
}

fn tests(group: &Value) -> &Vec<Value> {
    group["tests"].as_array().expect("tests")
}

/// Whether `ct` has the public shape of a ciphertext for `key`: k bytes and below n.
fn well_formed(key: &RsaPrivateKey, ct: &[u8]) -> bool {
    ct.len() == key.size() && ct < key.n().to_be_bytes(key.size()).as_slice()
}

#[test]
fn wycheproof_oaep_decrypt() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let mut files = wycheproof_files("rsa_oaep_");
    files.extend(wycheproof_files("rsa_three_primes_oaep_"));
    assert_eq!(
        files.len(),
        25,
        "22 two-prime files and 3 three-prime files"
    );
    let mut all = Tally::default();
    let mut three_prime_tests = 0;
    for file in &files {
        let data = wycheproof(file);
        let mut tally = Tally::default();
        for group in data["testGroups"].as_array().unwrap() {
            assert_eq!(json_str(group, "type"), "RsaesOaepDecrypt");
            assert_eq!(json_str(group, "mgf"), "MGF1", "{file}");
            let key = wycheproof_private_key(&group["privateKey"])
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            let three_primes = group["privateKey"].get("otherPrimeInfos").is_some();
            assert_eq!(
                three_primes,
                file.starts_with("rsa_three_primes_"),
                "{file}"
            );
            assert_eq!(
                key.other_primes().len(),
                usize::from(three_primes),
                "{file}"
            );
            if three_primes {
                three_prime_tests += tests(group).len();
            }
            let hash: HashAlg = json_str(group, "sha").parse().unwrap();
            let mgf_hash: HashAlg = json_str(group, "mgfSha").parse().unwrap();
            for t in tests(group) {
                let id = &t["tcId"];
                let oaep = Oaep::with_hash(hash)
                    .with_mgf_hash(mgf_hash)
                    .with_label(hex(json_str(t, "label")));
                let ct = hex(json_str(t, "ct"));
                let got = key.decrypt_blinded(&mut rng, oaep, &ct);
                match json_str(t, "result") {
                    "valid" => {
                        assert_eq!(got, Ok(hex(json_str(t, "msg"))), "{file} #{id}");
                        tally.valid += 1;
                    }
                    "acceptable" => {
                        let flags = t["flags"].as_array().unwrap();
                        assert!(flags.iter().any(|f| f == "SmallIntegerCiphertext"));
                        assert_eq!(got, Ok(hex(json_str(t, "msg"))), "{file} #{id}");
                        tally.acceptable += 1;
                    }
                    "invalid" => {
                        let expected = if well_formed(&key, &ct) {
                            Error::Decryption
                        } else {
                            Error::InvalidInputLength
                        };
                        assert_eq!(got, Err(expected), "{file} #{id}");
                        tally.invalid += 1;
                    }
                    other => panic!("{file} #{id}: result {other}"),
                }
            }
        }
        all.add_file(file, &data, tally);
    }
    eprintln!("OAEP total: {all:?}");
    assert_eq!(
        all,
        Tally {
            valid: 760,
            invalid: 445,
            acceptable: 3,
            malformed: 0,
        }
    );
    assert_eq!(all.total(), 1208);
    assert_eq!(
        three_prime_tests, 110,
        "the three-prime files' tests all ran"
    );
}

/// RFC 8017 §7.2.2 step 3, strictly and in plain (variable-time) code: the message if `em`
/// is 0x00 0x02, at least 8 nonzero bytes, 0x00, message.
fn v15_message_strict(em: &[u8]) -> Option<&[u8]> {
    if em.len() < 11 || em[0] != 0 || em[1] != 2 {
        return None;
    }
    let sep = em[2..].iter().position(|&b| b == 0)? + 2;
    (sep >= 10).then(|| &em[sep + 1..])
}

/// What a decoder that checks nothing would return: the bytes after the first zero after the
/// first two bytes, if any.
fn v15_message_unchecked(em: &[u8]) -> Option<&[u8]> {
    let sep = em.get(2..)?.iter().position(|&b| b == 0)? + 2;
    Some(&em[sep + 1..])
}

/// OpenSSL 4.0.0's outputs for the Wycheproof v1.5 decryption tests: file -> tcId -> bytes.
fn openssl_outputs() -> BTreeMap<String, BTreeMap<String, Vec<u8>>> {
    let path = vectors_dir().join("implicit-rejection/wycheproof_pkcs1_openssl.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    data["files"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(file, cases)| {
            let cases = cases
                .as_object()
                .unwrap()
                .iter()
                .map(|(id, out)| (id.clone(), hex(out.as_str().unwrap())))
                .collect();
            (file.clone(), cases)
        })
        .collect()
}

#[test]
fn wycheproof_pkcs1_decrypt_with_implicit_rejection() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    let mut other_rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let openssl = openssl_outputs();
    let files = wycheproof_files("rsa_pkcs1_");
    let files: Vec<_> = files.iter().filter(|f| !f.contains("sig_gen")).collect();
    assert_eq!(files.len(), 3);
    let mut all = Tally::default();
    for file in files {
        let data = wycheproof(file);
        let expected = &openssl[file.as_str()];
        let mut tally = Tally::default();
        for group in data["testGroups"].as_array().unwrap() {
            assert_eq!(json_str(group, "type"), "RsaesPkcs1Decrypt");
            let key = wycheproof_private_key(&group["privateKey"]).unwrap();
            let k = key.size();
            for t in tests(group) {
                let id = t["tcId"].to_string();
                let ct = hex(json_str(t, "ct"));
                let msg = hex(json_str(t, "msg"));
                let got = key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, &ct);
                let result = json_str(t, "result");
                if !well_formed(&key, &ct) {
                    let flags = t["flags"].as_array().unwrap();
                    assert!(flags.iter().any(|f| f == "InvalidCiphertextFormat"));
                    assert_eq!(result, "invalid");
                    assert_eq!(got, Err(Error::InvalidInputLength), "{file} #{id}");
                    tally.malformed += 1;
                    continue;
                }
                let out = got.unwrap_or_else(|e| panic!("{file} #{id}: {e}"));
                assert_eq!(&out, &expected[&id], "{file} #{id}: OpenSSL's output");
                let em = rsa_decrypt(&key, &ct, &mut rng).unwrap();
                match result {
                    "valid" => {
                        assert_eq!(out, msg, "{file} #{id}");
                        assert_eq!(v15_message_strict(&em), Some(&msg[..]));
                        tally.valid += 1;
                    }
                    "invalid" => {
                        assert_eq!(v15_message_strict(&em), None, "{file} #{id} is invalid");
                        let again = key
                            .decrypt_blinded(&mut other_rng, Pkcs1v15Encrypt, &ct)
                            .unwrap();
                        assert_eq!(again, out, "{file} #{id}: deterministic");
                        assert!(out.len() <= k - 11, "{file} #{id}");
                        assert_ne!(out, msg, "{file} #{id}");
                        assert_ne!(Some(&out[..]), v15_message_unchecked(&em), "{file} #{id}");
                        tally.invalid += 1;
                    }
                    other => panic!("{file} #{id}: result {other}"),
                }
            }
        }
        assert_eq!(
            tally.valid + tally.invalid,
            expected.len(),
            "{file}: every OpenSSL answer used"
        );
        all.add_file(file, &data, tally);
    }
    eprintln!("PKCS#1 v1.5 total: {all:?}");
    assert_eq!(
        all,
        Tally {
            valid: 124,
            invalid: 59,
            acceptable: 0,
            malformed: 18,
        }
    );
}
