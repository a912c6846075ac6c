//! The NIST CAVP RSA signature vectors in `vectors/cavp/` (1,200 cases; see its SOURCE.md):
//! SigGen15 and SigGenPSS (sign `Msg` → must equal `S`, PSS with the given `SaltVal`; then
//! verify `S`), SigVer15 and SigVerPSS (our verdict must equal `Result`).
//!
//! The SigGen keys come as (n, e, d) only, so they also exercise the recovery of p and q in
//! `RsaPrivateKey::from_components` with empty `primes`.

mod support;

use std::collections::HashMap;

use montvec_rsa::{
    HashAlg, Nat, Pkcs1v15Sign, Pss, PublicKeyParts, RsaPrivateKey, RsaPublicKey, SignatureScheme,
};
use rand::SeedableRng;
use support::{cavp_records, CavpRecord};

fn hash_of(r: &CavpRecord) -> HashAlg {
    r.get("SHAAlg").parse().expect("CAVP hash name")
}

/// The SigGen key of a record (n, e, d; primes recovered), built once per key.
fn private_key<'a>(
    r: &CavpRecord,
    keys: &'a mut HashMap<String, RsaPrivateKey>,
) -> &'a RsaPrivateKey {
    let id = format!("{}/{}/{}", r.get("n"), r.get("e"), r.get("d"));
    keys.entry(id).or_insert_with(|| {
        let nat = |k: &str| Nat::from_be_bytes(&r.bytes(k));
        RsaPrivateKey::from_n_e_d_vartime(nat("n"), nat("e"), nat("d"))
            .expect("CAVP SigGen key with recovered primes")
    })
}

/// `SaltVal = 00` stands for an empty salt (SOURCE.md).
fn salt_of(r: &CavpRecord) -> Vec<u8> {
    match r.get("SaltVal") {
        "00" => Vec::new(),
        _ => r.bytes("SaltVal"),
    }
}

/// Sign every record of a SigGen file with `scheme(record, key, digest)` and compare with
/// `S`; then verify `S` with `verifier(record)`. Returns the number of records.
fn run_siggen(
    file: &str,
    mut sign: impl FnMut(&CavpRecord, &RsaPrivateKey, &[u8]) -> Vec<u8>,
    verify: impl Fn(&CavpRecord, &RsaPublicKey, &[u8], &[u8]) -> montvec_rsa::Result<()>,
) -> usize {
    let mut keys = HashMap::new();
    let records = cavp_records(file);
    for (i, r) in records.iter().enumerate() {
        let key = private_key(r, &mut keys);
        assert_eq!(key.bits().to_string(), r.get("mod"), "{file} #{i}");
        let digest = hash_of(r).digest(&r.bytes("Msg"));
        let expected = r.bytes("S");
        assert_eq!(expected.len(), key.size(), "{file} #{i}");
        assert_eq!(sign(r, key, &digest), expected, "{file} #{i}: signature");
        assert_eq!(
            verify(r, key.as_public_key(), &digest, &expected),
            Ok(()),
            "{file} #{i}: verify"
        );
    }
    records.len()
}

#[test]
fn siggen15_signatures_match() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let mut total = 0;
    for (file, count) in [("SigGen15_186-2.txt", 250), ("SigGen15_186-3.txt", 80)] {
        let n = run_siggen(
            file,
            |r, key, digest| {
                key.sign_with_rng(&mut rng, Pkcs1v15Sign::with_hash(hash_of(r)), digest)
                    .expect("sign")
            },
            |r, key, digest, sig| key.verify(Pkcs1v15Sign::with_hash(hash_of(r)), digest, sig),
        );
        assert_eq!(n, count, "{file}");
        total += n;
    }
    assert_eq!(total, 330);
}

#[test]
fn siggen_pss_signatures_with_the_given_salt_match() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
    let scheme = |r: &CavpRecord| Pss::with_hash(hash_of(r)).with_salt_len(salt_of(r).len());
    let mut total = 0;
    for (file, count) in [("SigGenPSS_186-2.txt", 250), ("SigGenPSS_186-3.txt", 80)] {
        let n = run_siggen(
            file,
            |r, key, digest| {
                scheme(r)
                    .sign_with_salt(&mut rng, key, digest, &salt_of(r))
                    .expect("sign")
            },
            |r, key, digest, sig| key.verify(scheme(r), digest, sig),
        );
        assert_eq!(n, count, "{file}");
        total += n;
    }
    assert_eq!(total, 330);
}

/// Run a SigVer file: the verdict of `verify` (false also when the record's (n, e) is not a
/// valid public key) must equal `Result`. Returns (records, passes).
fn run_sigver(
    file: &str,
    verify: impl Fn(&CavpRecord, &RsaPublicKey, &[u8], &[u8]) -> montvec_rsa::Result<()>,
) -> (usize, usize) {
    let records = cavp_records(file);
    let mut passes = 0;
    for (i, r) in records.iter().enumerate() {
        let expected = match r.get("Result").chars().next() {
            Some('P') => true,
            Some('F') => false,
            other => panic!("{file} #{i}: Result {other:?}"),
        };
        passes += usize::from(expected);
        let digest = hash_of(r).digest(&r.padded("Msg", 128));
        let verdict = match RsaPublicKey::from_be_bytes(&r.bytes("n"), &r.bytes("e")) {
            Ok(key) => verify(r, &key, &digest, &r.padded("S", key.size())).is_ok(),
            Err(_) => false,
        };
        assert_eq!(
            verdict,
            expected,
            "{file} #{i} ({}, mod {}): {}",
            r.get("SHAAlg"),
            r.get("mod"),
            r.get("Result")
        );
    }
    (records.len(), passes)
}

#[test]
fn sigver15_verdicts_match() {
    let (count, passes) = run_sigver("SigVer15_186-3.rsp", |r, key, digest, sig| {
        key.verify(Pkcs1v15Sign::with_hash(hash_of(r)), digest, sig)
    });
    assert_eq!((count, passes), (270, 45));
}

#[test]
fn sigver_pss_verdicts_match() {
    let (count, passes) = run_sigver("SigVerPSS_186-3.rsp", |r, key, digest, sig| {
        let pss = Pss::with_hash(hash_of(r)).with_salt_len(salt_of(r).len());
        pss.verify(key, digest, sig)
    });
    assert_eq!((count, passes), (270, 45));
}
