//! PKCS#1 v1.5 decryption against OpenSSL's own implicit-rejection tests
//! (`vectors/implicit-rejection/openssl_kat.json`, from OpenSSL's `evppkey_rsa_common.txt`):
//! 2048- and 2049-bit keys, valid ciphertexts and invalid ones whose synthetic messages have
//! lengths 0, 1, 2, 11, 81 and 245 (the maximum, k − 11), and valid ones for which the
//! synthetic length would have been 0 or 245. Every full-length stanza must give OpenSSL's
//! output byte for byte; the two stanzas with a ciphertext one byte short (OpenSSL pads it)
//! must be refused with `InvalidInputLength`, as this crate requires k bytes.

mod support;

use montvec_rsa::{Error, Nat, Pkcs1v15Encrypt, PublicKeyParts, RsaPrivateKey};
use rand::SeedableRng;
use serde_json::Value;
use support::{hex, json_str, vectors_dir};

fn key(v: &Value) -> RsaPrivateKey {
    let nat = |name: &str| Nat::from_hex(json_str(v, name)).unwrap();
    RsaPrivateKey::from_crt_components(
        nat("n"),
        nat("e"),
        nat("d"),
        nat("p"),
        nat("q"),
        nat("dp"),
        nat("dq"),
        nat("qinv"),
    )
    .unwrap()
}

#[test]
fn openssl_implicit_rejection_known_answers() {
    let path = vectors_dir().join("implicit-rejection/openssl_kat.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let keys: Vec<(String, RsaPrivateKey)> = data["keys"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, v)| (name.clone(), key(v)))
        .collect();
    let find = |name: &str| &keys.iter().find(|(n, _)| n == name).unwrap().1;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let (mut matched, mut short) = (0, 0);
    let mut lengths = std::collections::BTreeSet::new();
    for case in data["cases"].as_array().unwrap() {
        let key = find(json_str(case, "key"));
        let ct = hex(json_str(case, "ct"));
        let comment = json_str(case, "comment");
        let got = key.decrypt_blinded(&mut rng, Pkcs1v15Encrypt, &ct);
        if ct.len() < key.size() {
            assert_eq!(got, Err(Error::InvalidInputLength), "{comment}");
            short += 1;
            continue;
        }
        let msg = hex(json_str(case, "msg"));
        assert_eq!(got.as_ref(), Ok(&msg), "{comment}");
        lengths.insert(msg.len());
        matched += 1;
    }
    assert_eq!((matched, short), (28, 2));
    assert_eq!(keys.iter().map(|(_, k)| k.bits()).max(), Some(2049));
    // Lengths from empty to the maximum k - 11 = 245 were covered.
    assert!(lengths.contains(&0) && lengths.contains(&245) && lengths.contains(&1));
}
