//! Every RSA key parser (PKCS#1, PKCS#8, SPKI; PEM and DER; the autodetecting
//! `*_from_bytes`) on arbitrary bytes: no panic, and what parses re-encodes to a key that
//! parses back equal (in PKCS#1 too, unless the key is bound to RSA-PSS, which refuses it).
#![no_main]

use core::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use montvec_rsa::encoding::{private_key_from_bytes, public_key_from_bytes};
use montvec_rsa::key::KeyAlgorithm;
use montvec_rsa::pkcs1::{
    DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey, EncodeRsaPublicKey,
};
use montvec_rsa::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
use montvec_rsa::{RsaPrivateKey, RsaPublicKey};

/// The PKCS#1 export `der` of a key bound to `algorithm`: refused for `id-RSASSA-PSS`
/// (PKCS#1 names no algorithm, so writing it would drop the restriction), else a key that
/// `parse` reads back equal.
fn check_pkcs1<K: PartialEq + Debug, E: Debug>(
    key: &K,
    algorithm: KeyAlgorithm,
    der: Result<Vec<u8>, E>,
    parse: impl Fn(&[u8]) -> K,
) {
    let refused = algorithm != KeyAlgorithm::RsaEncryption;
    match der {
        Ok(der) => {
            assert!(!refused, "PKCS#1 written for {algorithm:?}");
            assert_eq!(&parse(&der), key);
        }
        Err(e) => assert!(refused, "PKCS#1 export: {e:?}"),
    }
}

fn check_private(key: &RsaPrivateKey) {
    let pkcs8 = key.to_pkcs8_der().expect("PKCS#8 export");
    assert_eq!(
        &RsaPrivateKey::from_pkcs8_der(pkcs8.as_bytes()).unwrap(),
        key
    );
    let pkcs1 = key.to_pkcs1_der().map(|d| d.as_bytes().to_vec());
    check_pkcs1(key, key.algorithm(), pkcs1, |der| {
        RsaPrivateKey::from_pkcs1_der(der).unwrap()
    });
}

fn check_public(key: &RsaPublicKey) {
    let spki = key.to_public_key_der().expect("SPKI export");
    assert_eq!(
        &RsaPublicKey::from_public_key_der(spki.as_bytes()).unwrap(),
        key
    );
    let pkcs1 = key.to_pkcs1_der().map(|d| d.as_bytes().to_vec());
    check_pkcs1(key, key.algorithm(), pkcs1, |der| {
        RsaPublicKey::from_pkcs1_der(der).unwrap()
    });
}

fuzz_target!(|data: &[u8]| {
    let private = [
        private_key_from_bytes(data).ok(),
        RsaPrivateKey::from_pkcs1_der(data).ok(),
        RsaPrivateKey::from_pkcs8_der(data).ok(),
    ];
    let public = [
        public_key_from_bytes(data).ok(),
        RsaPublicKey::from_pkcs1_der(data).ok(),
        RsaPublicKey::from_public_key_der(data).ok(),
    ];
    private.iter().flatten().for_each(check_private);
    public.iter().flatten().for_each(check_public);
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(key) = RsaPrivateKey::from_pkcs1_pem(text) {
            check_private(&key);
        }
        if let Ok(key) = RsaPrivateKey::from_pkcs8_pem(text) {
            check_private(&key);
        }
        if let Ok(key) = RsaPublicKey::from_pkcs1_pem(text) {
            check_public(&key);
        }
        if let Ok(key) = RsaPublicKey::from_public_key_pem(text) {
            check_public(&key);
        }
    }
});
