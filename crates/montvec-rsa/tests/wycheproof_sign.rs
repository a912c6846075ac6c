//! Every Wycheproof signature file in `vectors/wycheproof/` (SOURCE.md there):
//! `rsa_signature_*` (RsassaPkcs1Verify), `rsa_pkcs1_*_sig_gen_*` (RsassaPkcs1Generate: sign
//! `msg`, compare with `sig` byte for byte, verify), and `rsa_pss_*` including the `_params`
//! and SHAKE files (RsassaPssVerify, RsassaPssWithParametersVerify). The key is taken from
//! each group's `publicKey` / `privateKey` numbers, except in the with-parameters groups,
//! where it is the `publicKeyDer` SPKI with its RSASSA-PSS parameters (checked against the
//! group's fields); the other DER/PEM forms are the key-encoding tests' business.
//!
//! Rule: every `valid` case is accepted, every `invalid` one rejected. `acceptable` cases
//! are decided by their flags, and the decision is asserted:
//! - `SmallModulus` (1024- and 1536-bit keys), `WeakHash` (SHA-1), `SmallPublicKey` (e = 3):
//!   **accepted** (the crate supports these as legacy; signing must give exactly `sig`);
//! - `MissingNull` (a DigestInfo whose AlgorithmIdentifier omits the NULL parameter):
//!   **rejected**, because verification re-encodes the DigestInfo with the NULL that
//!   RFC 8017 §9.2 note 1 gives and compares (no ASN.1 parsing of signatures);
//! - any other flag on an acceptable case fails the test (no policy decided for it).
//!
//! Nothing is skipped: the number of cases run per group type is asserted.

mod support;

use std::collections::BTreeMap;

use montvec_rsa::key::KeyAlgorithm;
use montvec_rsa::pkcs8::DecodePublicKey;
use montvec_rsa::{HashAlg, Nat, Pkcs1v15Sign, Pss, RsaPrivateKey, RsaPublicKey, SignatureScheme};
use rand::SeedableRng;
use serde_json::Value;
use support::{json_hex, wycheproof, wycheproof_files};

/// Cases run, by group type and outcome.
#[derive(Default)]
struct Tally(BTreeMap<String, [usize; 4]>);

const VALID: usize = 0;
const INVALID: usize = 1;
const ACCEPTED: usize = 2;
const REJECTED: usize = 3;

impl Tally {
    fn total(&self, group_type: &str) -> usize {
        self.0.get(group_type).map_or(0, |c| c.iter().sum())
    }

    fn print(&self) {
        for (t, [v, i, a, r]) in &self.0 {
            println!(
                "{t}: {v} valid accepted, {i} invalid rejected, {a} acceptable accepted, \
                 {r} acceptable rejected"
            );
        }
    }
}

/// Whether an `acceptable` case with these flags must verify (see the module doc).
fn acceptable_policy(flags: &[String]) -> bool {
    if flags.iter().any(|f| f == "MissingNull") {
        return false;
    }
    let legacy = ["SmallModulus", "WeakHash", "SmallPublicKey"];
    assert!(
        flags.iter().all(|f| legacy.contains(&f.as_str())),
        "no policy for acceptable flags {flags:?}"
    );
    true
}

/// Check `accepted` against the case's `result`, and count it.
fn judge(tally: &mut Tally, group_type: &str, case: &Value, accepted: bool, context: &str) {
    let flags: Vec<String> = case["flags"]
        .as_array()
        .map(|a| a.iter().map(|f| f.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    let counts = tally.0.entry(group_type.to_string()).or_default();
    let tc_id = &case["tcId"];
    let comment = &case["comment"];
    match case["result"].as_str().unwrap() {
        "valid" => {
            assert!(
                accepted,
                "{context} tcId {tc_id} ({comment}): valid but rejected"
            );
            counts[VALID] += 1;
        }
        "invalid" => {
            assert!(
                !accepted,
                "{context} tcId {tc_id} ({comment}, {flags:?}): invalid but accepted"
            );
            counts[INVALID] += 1;
        }
        "acceptable" => {
            let expected = acceptable_policy(&flags);
            assert_eq!(
                accepted, expected,
                "{context} tcId {tc_id} ({comment}, {flags:?}): acceptable, policy says {expected}"
            );
            counts[if accepted { ACCEPTED } else { REJECTED }] += 1;
        }
        other => panic!("{context} tcId {tc_id}: result {other}"),
    }
}

/// The group's public key from its `publicKey` (or `privateKey`) numbers.
fn public_key(group: &Value) -> RsaPublicKey {
    let numbers = if group["publicKey"].is_object() {
        &group["publicKey"]
    } else {
        &group["privateKey"]
    };
    RsaPublicKey::from_be_bytes(
        &json_hex(&numbers["modulus"]),
        &json_hex(&numbers["publicExponent"]),
    )
    .expect("Wycheproof public key")
}

fn hash(name: &Value) -> HashAlg {
    name.as_str()
        .unwrap()
        .parse()
        .expect("Wycheproof hash name")
}

/// Run `check(group, case, file) -> accepted` over every case of every group of `files`,
/// judging each; each file's count must be its `numberOfTests`. Returns the number of files.
fn run_files(
    files: Vec<String>,
    tally: &mut Tally,
    mut check: impl FnMut(&Value, &Value, &str) -> bool,
) -> usize {
    for file in &files {
        let json = wycheproof(file);
        let mut run = 0;
        for group in json["testGroups"].as_array().unwrap() {
            let group_type = group["type"].as_str().unwrap();
            for case in group["tests"].as_array().unwrap() {
                let accepted = check(group, case, file);
                judge(tally, group_type, case, accepted, file);
                run += 1;
            }
        }
        assert_eq!(Some(run as u64), json["numberOfTests"].as_u64(), "{file}");
    }
    files.len()
}

#[test]
fn pkcs1v15_verify_files() {
    let mut tally = Tally::default();
    let files = run_files(
        wycheproof_files("rsa_signature_"),
        &mut tally,
        |group, case, file| {
            assert_eq!(group["type"], "RsassaPkcs1Verify", "{file}");
            let key = public_key(group);
            let h = hash(&group["sha"]);
            let digest = h.digest(&json_hex(&case["msg"]));
            key.verify(Pkcs1v15Sign::with_hash(h), &digest, &json_hex(&case["sig"]))
                .is_ok()
        },
    );
    tally.print();
    assert_eq!(files, 24);
    assert_eq!(tally.total("RsassaPkcs1Verify"), 6202);
    assert_eq!(tally.0.len(), 1);
    // The 24 MissingNull cases are the acceptable ones rejected; nothing else is.
    assert_eq!(tally.0["RsassaPkcs1Verify"][REJECTED], 24);
}

#[test]
fn pkcs1v15_sig_gen_files() {
    let mut tally = Tally::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let mut keys: BTreeMap<String, RsaPrivateKey> = BTreeMap::new();
    // rsa_pkcs1_<bits>_test.json (no "sig_gen") are v1.5 decryption files, not ours.
    let sig_gen: Vec<String> = wycheproof_files("rsa_pkcs1_")
        .into_iter()
        .filter(|f| f.contains("_sig_gen_"))
        .collect();
    let files = run_files(sig_gen, &mut tally, |group, case, file| {
        assert_eq!(group["type"], "RsassaPkcs1Generate", "{file}");
        let numbers = &group["privateKey"];
        let id = numbers["modulus"].as_str().unwrap().to_string();
        let key = keys.entry(id).or_insert_with(|| {
            let nat = |k: &str| Nat::from_be_bytes(&json_hex(&numbers[k]));
            RsaPrivateKey::from_n_e_d_vartime(
                nat("modulus"),
                nat("publicExponent"),
                nat("privateExponent"),
            )
            .expect("Wycheproof key with recovered primes")
        });
        let h = hash(&group["sha"]);
        let digest = h.digest(&json_hex(&case["msg"]));
        let expected = json_hex(&case["sig"]);
        let scheme = Pkcs1v15Sign::with_hash(h);
        let sig = key.sign_with_rng(&mut rng, scheme, &digest).unwrap();
        let verified = key.as_public_key().verify(scheme, &digest, &expected);
        sig == expected && verified.is_ok()
    });
    tally.print();
    assert_eq!(files, 5);
    assert_eq!(tally.total("RsassaPkcs1Generate"), 158);
    assert_eq!(tally.0["RsassaPkcs1Generate"][REJECTED], 0);
}

#[test]
fn pss_verify_files() {
    let mut tally = Tally::default();
    let mut params_keys = 0;
    let files = run_files(
        wycheproof_files("rsa_pss_"),
        &mut tally,
        |group, case, file| {
            let h = hash(&group["sha"]);
            let s_len = group["sLen"].as_u64().unwrap() as usize;
            // With parameters: the key as its SPKI gives it, bound to RSASSA-PSS with the
            // group's hash, mask and salt length (a scheme with other ones is refused by the
            // key, so the verification below also checks the parsed parameters are used).
            let key = if group["type"] == "RsassaPssWithParametersVerify" {
                let der = json_hex(&group["publicKeyDer"]);
                let key = RsaPublicKey::from_public_key_der(&der)
                    .unwrap_or_else(|e| panic!("{file}: the SPKI does not load: {e}"));
                assert_eq!(
                    key,
                    public_key(group).with_algorithm(key.algorithm()),
                    "{file}"
                );
                match key.algorithm() {
                    KeyAlgorithm::RsaPss(Some(p)) => {
                        assert_eq!(p.hash(), h, "{file}: hash");
                        if group["mgf"] == "MGF1" {
                            assert_eq!(p.mgf_hash(), hash(&group["mgfSha"]), "{file}: mask");
                        }
                        assert_eq!(p.min_salt_len(), s_len, "{file}: salt length");
                    }
                    other => panic!("{file}: parsed as {other:?}, not RSASSA-PSS with parameters"),
                }
                params_keys += 1;
                key
            } else {
                public_key(group)
            };
            let pss = match group["mgf"].as_str().unwrap() {
                "MGF1" => Pss::with_hash(h).with_mgf_hash(hash(&group["mgfSha"])),
                shake => {
                    // RFC 8702: the SHAKE is the hash and the mask function.
                    assert_eq!(hash(&Value::from(shake)), h, "{file}");
                    Pss::with_hash(h)
                }
            }
            .with_salt_len(s_len);
            let digest = h.digest(&json_hex(&case["msg"]));
            pss.verify(&key, &digest, &json_hex(&case["sig"])).is_ok()
        },
    );
    tally.print();
    assert_eq!(files, 26);
    assert_eq!(tally.total("RsassaPssVerify"), 2406);
    assert_eq!(tally.total("RsassaPssWithParametersVerify"), 1091);
    assert_eq!(
        params_keys, 1091,
        "every with-parameters case ran on its parsed key"
    );
    assert_eq!(tally.0.len(), 2);
}
