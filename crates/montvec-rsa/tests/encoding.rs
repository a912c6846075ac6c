//! Key encodings: every key in the Wycheproof files, the RSA Labs DER keys, round trips through
//! every format, and malformed or inconsistent keys.

mod support;

use montvec_rsa::encoding::{private_key_from_bytes, public_key_from_bytes, ID_RSASSA_PSS};
use montvec_rsa::key::{KeyAlgorithm, PssParameters};
use montvec_rsa::pkcs1::{
    DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey, EncodeRsaPublicKey,
};
use montvec_rsa::pkcs8::der::{self, Decode, Encode};
use montvec_rsa::pkcs8::{
    DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding,
};
use montvec_rsa::spki::SubjectPublicKeyInfoRef;
use montvec_rsa::{Error, HashAlg, PublicKeyParts, RsaPrivateKey, RsaPublicKey};
use serde_json::Value;
use std::collections::HashSet;

fn hex_field<'a>(group: &'a Value, name: &str) -> Option<&'a str> {
    group.get(name).and_then(Value::as_str)
}

/// n and e of a key agree with a Wycheproof `publicKey`/`privateKey` object.
fn assert_public_parts(key: &impl PublicKeyParts, expect: &Value, what: &str) {
    let field = |name: &str| support::wycheproof_int_hex(expect[name].as_str().expect(name));
    assert_eq!(key.n().to_hex_vartime(), field("modulus"), "{what}: n");
    assert_eq!(
        key.e().to_hex_vartime(),
        field("publicExponent"),
        "{what}: e"
    );
}

/// Every private part agrees with a Wycheproof `privateKey` object (those it has).
fn assert_private_parts(key: &RsaPrivateKey, expect: &Value, what: &str) {
    assert_public_parts(key, expect, what);
    let [p, q] = key.primes();
    let parts = [
        ("privateExponent", key.d()),
        ("prime1", p),
        ("prime2", q),
        ("exponent1", key.dp()),
        ("exponent2", key.dq()),
        ("coefficient", key.qinv()),
    ];
    for (name, value) in parts {
        if let Some(hex) = expect.get(name).and_then(Value::as_str) {
            let want = support::wycheproof_int_hex(hex);
            assert_eq!(value.to_hex_vartime(), want, "{what}: {name}");
        }
    }
    // otherPrimeInfos: [[prime, exponent, coefficient], ...].
    let others = expect.get("otherPrimeInfos").and_then(Value::as_array);
    assert_eq!(
        key.other_primes().len(),
        others.map_or(0, Vec::len),
        "{what}: other primes"
    );
    for (other, info) in key.other_primes().iter().zip(others.into_iter().flatten()) {
        let parts = [other.prime(), other.exponent(), other.coefficient()];
        for (j, value) in parts.into_iter().enumerate() {
            let want = support::wycheproof_int_hex(info[j].as_str().unwrap());
            assert_eq!(
                value.to_hex_vartime(),
                want,
                "{what}: otherPrimeInfo part {j}"
            );
        }
    }
}

#[derive(Default, Debug)]
struct Counts {
    spki_der: usize,
    spki_der_pss: usize,
    pkcs1_public_der: usize,
    spki_pem: usize,
    pkcs8_der: usize,
    pkcs1_private_pem: usize,
    pkcs8_pem: usize,
    multi_prime: usize,
}

fn check_public_group(group: &Value, pss_oid: bool, what: &str, counts: &mut Counts) {
    let expect = group
        .get("publicKey")
        .or_else(|| group.get("privateKey"))
        .expect("publicKey or privateKey");
    // RsassaPkcs1Generate groups name their public encodings key{Der,Asn,Pem}.
    let names = if group.get("publicKeyDer").is_some() {
        ["publicKeyDer", "publicKeyAsn", "publicKeyPem"]
    } else {
        ["keyDer", "keyAsn", "keyPem"]
    };
    let [der_name, asn_name, pem_name] = names;
    let Some(der_hex) = hex_field(group, der_name) else {
        return;
    };

    let der = support::hex(der_hex);
    let spki = SubjectPublicKeyInfoRef::from_der(&der).expect("SPKI parses");
    let key = RsaPublicKey::from_public_key_der(&der).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_public_parts(&key, expect, what);
    assert_eq!(public_key_from_bytes(&der).unwrap(), key, "{what}");
    // The key as rsaEncryption: what PKCS#1, which names no algorithm, holds.
    let bare = key.clone().with_algorithm(KeyAlgorithm::RsaEncryption);
    if pss_oid {
        assert_eq!(spki.algorithm.oid, ID_RSASSA_PSS, "{what}: PSS OID");
        assert!(
            matches!(key.algorithm(), KeyAlgorithm::RsaPss(Some(_))),
            "{what}: {:?}",
            key.algorithm()
        );
        assert_ne!(key, bare, "{what}: the algorithm is part of the key");
        // Export writes the identifier and its parameters back, byte for byte.
        assert_eq!(
            key.to_public_key_der().unwrap().as_bytes(),
            &der[..],
            "{what}"
        );
        assert!(key.to_pkcs1_der().is_err(), "{what}: PKCS#1 of a PSS key");
        counts.spki_der_pss += 1;
    } else {
        // Export writes rsaEncryption: byte-identical to Wycheproof's own SPKI.
        assert_eq!(
            key.to_public_key_der().unwrap().as_bytes(),
            &der[..],
            "{what}"
        );
        counts.spki_der += 1;
    }

    let asn = support::hex(hex_field(group, asn_name).expect(asn_name));
    let from_asn = RsaPublicKey::from_pkcs1_der(&asn).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(from_asn, bare, "{what}: PKCS#1");
    assert_eq!(public_key_from_bytes(&asn).unwrap(), bare, "{what}");
    assert_eq!(bare.to_pkcs1_der().unwrap().as_bytes(), &asn[..], "{what}");
    counts.pkcs1_public_der += 1;

    let pem = hex_field(group, pem_name).expect(pem_name);
    let from_pem = RsaPublicKey::from_public_key_pem(pem).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(from_pem, key, "{what}: PEM");
    assert_eq!(
        public_key_from_bytes(pem.as_bytes()).unwrap(),
        key,
        "{what}"
    );
    counts.spki_pem += 1;
}

/// The checks of a group's private key encodings, once for each distinct pair of encodings
/// (`seen`): 276 groups hold 152 distinct keys, and each import tests the primes (the
/// test's 42 s on the portable backend, most of its time). Every group is counted.
fn check_private_group(
    group: &Value,
    what: &str,
    counts: &mut Counts,
    seen: &mut HashSet<(Vec<u8>, String)>,
) {
    let Some(pkcs8_hex) = hex_field(group, "privateKeyPkcs8") else {
        return;
    };
    let expect = &group["privateKey"];
    let pkcs8 = support::hex(pkcs8_hex);
    let pem = hex_field(group, "privateKeyPem").expect("privateKeyPem");
    let multi_prime = expect.get("otherPrimeInfos");
    counts.multi_prime += usize::from(multi_prime.is_some());
    counts.pkcs8_der += 1;
    let pkcs1_pem = pem.starts_with("-----BEGIN RSA PRIVATE KEY-----");
    if pkcs1_pem {
        counts.pkcs1_private_pem += 1;
    } else {
        counts.pkcs8_pem += 1;
    }
    if !seen.insert((pkcs8.clone(), pem.to_owned())) {
        return;
    }

    if let Some(others) = multi_prime {
        // Three-prime keys: the PKCS#1 RSAPrivateKey inside is version 1 with otherPrimeInfos;
        // it imports on its own and re-exports byte for byte (then the PKCS#8 checks below).
        let info = montvec_rsa::pkcs8::PrivateKeyInfo::from_der(&pkcs8).unwrap();
        let inner = montvec_rsa::pkcs1::RsaPrivateKey::from_der(info.private_key).unwrap();
        assert_eq!(
            inner.version(),
            montvec_rsa::pkcs1::Version::Multi,
            "{what}"
        );
        let key =
            private_key_from_bytes(info.private_key).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(
            key.other_primes().len(),
            others.as_array().unwrap().len(),
            "{what}"
        );
        assert_eq!(
            key.to_pkcs1_der().unwrap().as_bytes(),
            info.private_key,
            "{what}: PKCS#1 round trip"
        );
    }

    let key = RsaPrivateKey::from_pkcs8_der(&pkcs8).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_private_parts(&key, expect, what);
    assert_eq!(private_key_from_bytes(&pkcs8).unwrap(), key, "{what}");
    assert_eq!(public_key_from_bytes(&pkcs8).unwrap(), key.to_public_key());
    assert_eq!(key.to_pkcs8_der().unwrap().as_bytes(), &pkcs8[..], "{what}");

    let from_pem = if pkcs1_pem {
        RsaPrivateKey::from_pkcs1_pem(pem).map_err(|e| e.to_string())
    } else {
        RsaPrivateKey::from_pkcs8_pem(pem).map_err(|e| e.to_string())
    };
    let from_pem = from_pem.unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(from_pem, key, "{what}: PEM");
    assert_eq!(
        private_key_from_bytes(pem.as_bytes()).unwrap(),
        key,
        "{what}"
    );
}

/// Every key encoding in the Wycheproof files imports and agrees with the JSON's integers.
#[test]
fn wycheproof_keys() {
    let mut counts = Counts::default();
    let mut seen = HashSet::new();
    for name in support::wycheproof_files("rsa_") {
        let json = support::wycheproof(&name);
        let pss_oid = name.ends_with("_params_test.json");
        for (i, group) in json["testGroups"].as_array().unwrap().iter().enumerate() {
            let what = format!("{name} group {i}");
            check_public_group(group, pss_oid, &what, &mut counts);
            check_private_group(group, &what, &mut counts, &mut seen);
        }
    }
    println!("{counts:?}");
    // Counted from the JSON files (see vectors/wycheproof/SOURCE.md): every encoding is seen.
    assert_eq!(counts.spki_der, 196 + 25);
    assert_eq!(counts.spki_der_pss, 157);
    assert_eq!(counts.pkcs1_public_der, 196 + 25 + 157);
    assert_eq!(counts.spki_pem, 196 + 25 + 157);
    // 273 two-prime keys and the 3 three-prime ones.
    assert_eq!(counts.pkcs8_der, 273 + 3);
    assert_eq!(counts.pkcs1_private_pem, 25);
    assert_eq!(counts.pkcs8_pem, 248 + 3);
    assert_eq!(counts.multi_prime, 3);
}

/// The RSA Labs DER keys import, agree with the listed components, and re-export
/// byte-identically; the PKCS#8 export starts as the file's (elided) `PrivateKeyInfo` does.
#[test]
fn rsalabs_der_keys() {
    let (public_der, private_der, pkcs8_head) = support::oaep_int_der();
    let fields = support::rsalabs_fields("oaep-int.txt");
    let field = |name: &str| {
        let (_, bytes) = fields.iter().find(|(n, _)| n == name).expect(name);
        montvec_rsa::Nat::from_be_bytes(bytes).to_hex_vartime()
    };

    let public = RsaPublicKey::from_pkcs1_der(&public_der).unwrap();
    assert_eq!(public.n().to_hex_vartime(), field("RSA modulus n"));
    assert_eq!(public.e().to_hex_vartime(), "11");
    assert_eq!(public.to_pkcs1_der().unwrap().as_bytes(), &public_der[..]);
    assert_eq!(public_key_from_bytes(&public_der).unwrap(), public);

    let private = RsaPrivateKey::from_pkcs1_der(&private_der).unwrap();
    let [p, q] = private.primes();
    assert_eq!(p.to_hex_vartime(), field("Prime p"));
    assert_eq!(q.to_hex_vartime(), field("Prime q"));
    assert_eq!(private.dp().to_hex_vartime(), field("p's CRT exponent dP"));
    assert_eq!(private.dq().to_hex_vartime(), field("q's CRT exponent dQ"));
    assert_eq!(
        private.qinv().to_hex_vartime(),
        field("CRT coefficient qInv")
    );
    assert_eq!(private.to_public_key(), public);
    assert_eq!(private.to_pkcs1_der().unwrap().as_bytes(), &private_der[..]);
    assert_eq!(private_key_from_bytes(&private_der).unwrap(), private);

    // The listed PKCS#8 head ends with the first four octets of the RSAPrivateKey it wraps.
    let pkcs8 = private.to_pkcs8_der().unwrap();
    let head = &pkcs8_head[..pkcs8_head.len() - 4];
    assert_eq!(&pkcs8.as_bytes()[..head.len()], head);
    assert_eq!(&pkcs8.as_bytes()[head.len()..], &private_der[..]);
}

/// Keys from the vectors: the RSA Labs 1024-bit key and Wycheproof keys of 2048 to 4096 bits.
fn sample_keys() -> Vec<RsaPrivateKey> {
    let (_, private_der, _) = support::oaep_int_der();
    let mut keys = vec![RsaPrivateKey::from_pkcs1_der(&private_der).unwrap()];
    for file in [
        "rsa_oaep_2048_sha256_mgf1sha256_test.json",
        "rsa_oaep_3072_sha256_mgf1sha256_test.json",
        "rsa_oaep_4096_sha256_mgf1sha256_test.json",
        "rsa_pkcs1_1536_sig_gen_test.json",
    ] {
        let json = support::wycheproof(file);
        let group = &json["testGroups"][0];
        let der = support::hex(hex_field(group, "privateKeyPkcs8").unwrap());
        keys.push(RsaPrivateKey::from_pkcs8_der(&der).unwrap());
    }
    keys
}

/// PKCS#1 / PKCS#8 / SPKI × PEM (LF, CRLF and CR line endings) / DER, through the traits and the
/// `*_from_bytes` functions; every re-encoding is byte-identical.
#[test]
fn round_trips() {
    for key in sample_keys() {
        let public = key.to_public_key();
        let bits = key.bits();

        let pkcs1 = key.to_pkcs1_der().unwrap();
        let pkcs8 = key.to_pkcs8_der().unwrap();
        for der in [pkcs1.as_bytes(), pkcs8.as_bytes()] {
            let back = private_key_from_bytes(der).unwrap();
            assert_eq!(back, key, "{bits}");
            assert_eq!(public_key_from_bytes(der).unwrap(), public, "{bits}");
        }
        assert_eq!(
            RsaPrivateKey::from_pkcs1_der(pkcs1.as_bytes()).unwrap(),
            key
        );
        assert_eq!(
            RsaPrivateKey::from_pkcs8_der(pkcs8.as_bytes()).unwrap(),
            key
        );

        for ending in [LineEnding::LF, LineEnding::CRLF, LineEnding::CR] {
            let pem1 = key.to_pkcs1_pem(ending).unwrap();
            let pem8 = key.to_pkcs8_pem(ending).unwrap();
            assert!(pem1.starts_with("-----BEGIN RSA PRIVATE KEY-----"));
            assert!(pem8.starts_with("-----BEGIN PRIVATE KEY-----"));
            let back1 = RsaPrivateKey::from_pkcs1_pem(&pem1).unwrap();
            let back8 = RsaPrivateKey::from_pkcs8_pem(&pem8).unwrap();
            assert_eq!(back1, key);
            assert_eq!(back8, key);
            assert_eq!(*back1.to_pkcs1_pem(ending).unwrap(), *pem1);
            assert_eq!(*back8.to_pkcs8_pem(ending).unwrap(), *pem8);
            for pem in [pem1.as_bytes(), pem8.as_bytes()] {
                assert_eq!(private_key_from_bytes(pem).unwrap(), key);
                assert_eq!(public_key_from_bytes(pem).unwrap(), public);
            }

            let spki_pem = public.to_public_key_pem(ending).unwrap();
            let pkcs1_pem = public.to_pkcs1_pem(ending).unwrap();
            assert!(spki_pem.starts_with("-----BEGIN PUBLIC KEY-----"));
            assert!(pkcs1_pem.starts_with("-----BEGIN RSA PUBLIC KEY-----"));
            assert_eq!(
                RsaPublicKey::from_public_key_pem(&spki_pem).unwrap(),
                public
            );
            assert_eq!(RsaPublicKey::from_pkcs1_pem(&pkcs1_pem).unwrap(), public);
            for pem in [spki_pem.as_bytes(), pkcs1_pem.as_bytes()] {
                assert_eq!(public_key_from_bytes(pem).unwrap(), public);
                assert_eq!(private_key_from_bytes(pem), Err(Error::NotAPrivateKey));
            }
        }

        let spki = public.to_public_key_der().unwrap();
        let pkcs1_public = public.to_pkcs1_der().unwrap();
        assert_eq!(
            RsaPublicKey::from_public_key_der(spki.as_bytes()).unwrap(),
            public
        );
        assert_eq!(
            RsaPublicKey::from_pkcs1_der(pkcs1_public.as_bytes()).unwrap(),
            public
        );
        for der in [spki.as_bytes(), pkcs1_public.as_bytes()] {
            assert_eq!(public_key_from_bytes(der).unwrap(), public);
            assert_eq!(private_key_from_bytes(der), Err(Error::NotAPrivateKey));
        }

        // The pkcs1 traits and the pkcs8 traits agree on what PKCS#1 is.
        let info = montvec_rsa::pkcs8::PrivateKeyInfo::from_der(pkcs8.as_bytes()).unwrap();
        assert_eq!(info.private_key, pkcs1.as_bytes());
    }
}

/// A DER TLV with a short or long length.
fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = content.len();
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|&b| b == 0)
            .collect();
        out.push(0x80 | bytes.len() as u8);
        out.extend(bytes);
    }
    out.extend_from_slice(content);
    out
}

/// The offsets of the nine INTEGERs of a DER `RSAPrivateKey` (version, n, e, d, p, q, dP, dQ,
/// qInv): the start of each value's magnitude (after any 0x00 sign octet) and its length.
fn private_key_integers(der: &[u8]) -> Vec<(usize, usize)> {
    let key = montvec_rsa::pkcs1::RsaPrivateKey::from_der(der).unwrap();
    let base = der.as_ptr() as usize;
    [
        key.modulus,
        key.public_exponent,
        key.private_exponent,
        key.prime1,
        key.prime2,
        key.exponent1,
        key.exponent2,
        key.coefficient,
    ]
    .iter()
    .map(|x| (x.as_bytes().as_ptr() as usize - base, x.as_bytes().len()))
    .collect()
}

/// A key whose DER is valid but whose parts disagree (one integer changed, oddness and length
/// kept) is refused with `InvalidKey`, by every entry point, in every integer.
#[test]
fn inconsistent_keys() {
    let names = ["n", "e", "d", "p", "q", "dP", "dQ", "qInv"];
    for key in sample_keys() {
        let der = key.to_pkcs1_der().unwrap();
        let der = der.as_bytes();
        for (name, (start, len)) in names.iter().zip(private_key_integers(der)) {
            // Change bit 1 of the least significant octet: n, e, p and q stay odd.
            let mut bad = der.to_vec();
            bad[start + len - 1] ^= 0x02;
            let err = private_key_from_bytes(&bad).unwrap_err();
            assert!(matches!(err, Error::InvalidKey(_)), "{name}: {err:?}");
            assert!(RsaPrivateKey::from_pkcs1_der(&bad).is_err(), "{name}");
            assert!(public_key_from_bytes(&bad).is_err(), "{name}");

            // The same key inside PKCS#8.
            let info =
                montvec_rsa::pkcs8::PrivateKeyInfo::new(montvec_rsa::pkcs1::ALGORITHM_ID, &bad);
            let wrapped = info.to_der().unwrap();
            let err = private_key_from_bytes(&wrapped).unwrap_err();
            assert!(matches!(err, Error::InvalidKey(_)), "{name}: {err:?}");
            assert_eq!(
                RsaPrivateKey::from_pkcs8_der(&wrapped).unwrap_err(),
                montvec_rsa::pkcs8::Error::KeyMalformed,
                "{name}"
            );
        }
        // An even modulus or exponent has its own errors.
        let (n_start, n_len) = private_key_integers(der)[0];
        let mut bad = der.to_vec();
        bad[n_start + n_len - 1] ^= 0x01;
        assert!(matches!(
            private_key_from_bytes(&bad),
            Err(Error::InvalidModulus(_))
        ));
        let (e_start, e_len) = private_key_integers(der)[1];
        let mut bad = der.to_vec();
        bad[e_start + e_len - 1] ^= 0x01;
        assert_eq!(
            private_key_from_bytes(&bad).unwrap_err(),
            Error::InvalidExponent
        );
    }
}

/// RFC 8017 A.1.2: a version 1 (multi-prime) key lists at least one more prime; one whose
/// `otherPrimeInfos` is an empty SEQUENCE is malformed (OpenSSL refuses it too), not read as a
/// two-prime key.
#[test]
fn empty_other_prime_infos_are_refused() {
    let key = &sample_keys()[0];
    let der = key.to_pkcs1_der().unwrap();
    let der = der.as_bytes();
    // SEQUENCE (long form, two length octets) { INTEGER 0, ... }.
    assert_eq!(der[..2], [0x30, 0x82]);
    assert_eq!(der[4..7], [0x02, 0x01, 0x00]);
    let len = u16::from_be_bytes([der[2], der[3]]) + 2;
    let mut multi = der.to_vec();
    multi[2..4].copy_from_slice(&len.to_be_bytes());
    multi[6] = 1;
    multi.extend_from_slice(&[0x30, 0x00]);
    let parsed = montvec_rsa::pkcs1::RsaPrivateKey::from_der(&multi).expect("valid DER");
    assert_eq!(parsed.other_prime_infos.map(|o| o.len()), Some(0));
    let err = private_key_from_bytes(&multi).unwrap_err();
    assert!(
        matches!(&err, Error::Encoding(why) if why.contains("otherPrimeInfos")),
        "{err:?}"
    );
    assert!(RsaPrivateKey::from_pkcs1_der(&multi).is_err());
}

/// INTEGERs must be positive and minimal; the SPKI/PKCS#8 algorithm must be rsaEncryption with
/// NULL parameters or id-RSASSA-PSS; encrypted keys are refused clearly.
#[test]
fn malformed_structures() {
    let (public_der, private_der, _) = support::oaep_int_der();
    let public = RsaPublicKey::from_pkcs1_der(&public_der).unwrap();
    let n = public.n().to_be_bytes(public.size());
    let int = |magnitude: &[u8]| tlv(0x02, magnitude);
    let seq = |parts: &[Vec<u8>]| tlv(0x30, &parts.concat());
    let with_sign = |m: &[u8]| [&[0u8][..], m].concat();

    // The canonical form parses; the public exponent with a needless 0x00, or n without its
    // sign octet (a negative number), does not.
    let good = seq(&[int(&with_sign(&n)), int(&[0x11])]);
    assert_eq!(good, public_der);
    let non_minimal = seq(&[int(&with_sign(&n)), int(&[0x00, 0x11])]);
    let negative = seq(&[int(&n), int(&[0x11])]);
    for bad in [&non_minimal, &negative] {
        assert!(matches!(
            public_key_from_bytes(bad),
            Err(Error::Encoding(_))
        ));
        assert!(RsaPublicKey::from_pkcs1_der(bad).is_err());
    }

    // Algorithm identifiers around the valid RSAPublicKey.
    let oid = |dotted_der: &[u8]| tlv(0x06, dotted_der);
    let rsa_encryption = oid(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]);
    let rsassa_pss = oid(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a]);
    let ec_public_key = oid(&[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]);
    let null = vec![0x05, 0x00];
    let bit_string = tlv(0x03, &[&[0u8][..], &public_der].concat());
    let spki = |algorithm: Vec<u8>| seq(&[algorithm, bit_string.clone()]);

    // RSASSA-PSS-params pieces: hash algorithm identifiers, MGF1 over one, and the fields'
    // explicit tags [0] to [3].
    let sha256 = oid(&[0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]);
    let md5 = oid(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05]);
    let mgf1 = oid(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08]);
    let hash_id = |h: &Vec<u8>| seq(&[h.clone(), null.clone()]);
    let mask = |m: &Vec<u8>, h: &Vec<u8>| seq(&[m.clone(), hash_id(h)]);
    let pss_params = |fields: &[Vec<u8>]| spki(seq(&[rsassa_pss.clone(), seq(fields)]));
    let params = |hash, mgf_hash, salt| {
        KeyAlgorithm::RsaPss(Some(PssParameters::new(hash, mgf_hash, salt).unwrap()))
    };
    let accepted = [
        (
            spki(seq(&[rsa_encryption.clone(), null.clone()])),
            KeyAlgorithm::RsaEncryption,
        ),
        (
            spki(seq(std::slice::from_ref(&rsassa_pss))),
            KeyAlgorithm::RsaPss(None),
        ),
        // Every field at its default: SHA-1, MGF1-SHA-1, 20 bytes of salt.
        (pss_params(&[]), params(HashAlg::Sha1, HashAlg::Sha1, 20)),
        (
            pss_params(&[tlv(0xa2, &int(&[32]))]),
            params(HashAlg::Sha1, HashAlg::Sha1, 32),
        ),
        // What `openssl genpkey -algorithm RSA-PSS -pkeyopt rsa_pss_keygen_md:sha256` writes.
        (
            pss_params(&[tlv(0xa0, &hash_id(&sha256)), tlv(0xa2, &int(&[32]))]),
            params(HashAlg::Sha256, HashAlg::Sha1, 32),
        ),
        (
            pss_params(&[
                tlv(0xa0, &hash_id(&sha256)),
                tlv(0xa1, &mask(&mgf1, &sha256)),
                tlv(0xa2, &int(&[0])),
                tlv(0xa3, &int(&[1])),
            ]),
            params(HashAlg::Sha256, HashAlg::Sha256, 0),
        ),
        // Hash parameters may be absent as well as NULL (RFC 4055 §2.1).
        (
            pss_params(&[tlv(0xa0, &seq(std::slice::from_ref(&sha256)))]),
            params(HashAlg::Sha256, HashAlg::Sha1, 20),
        ),
    ];
    for (der, algorithm) in &accepted {
        let expect = public.clone().with_algorithm(*algorithm);
        assert_eq!(public_key_from_bytes(der).unwrap(), expect);
        let key = RsaPublicKey::from_public_key_der(der).unwrap();
        assert_eq!(key, expect);
        assert_eq!(key.algorithm(), *algorithm);
        // Written back and read again, the key keeps its algorithm.
        let again = key.to_public_key_der().unwrap();
        assert_eq!(
            RsaPublicKey::from_public_key_der(again.as_bytes()).unwrap(),
            expect
        );
    }
    let refused = [
        spki(seq(&[ec_public_key.clone(), null.clone()])),
        spki(seq(std::slice::from_ref(&rsa_encryption))),
        spki(seq(&[rsa_encryption.clone(), int(&[0])])),
        spki(seq(&[rsassa_pss.clone(), null.clone()])),
        spki(seq(&[rsassa_pss.clone(), seq(&[tlv(0xa2, &null)])])),
        // A hash this crate does not have, as the message hash or under MGF1.
        pss_params(&[tlv(0xa0, &hash_id(&md5))]),
        pss_params(&[tlv(0xa1, &mask(&mgf1, &md5))]),
        // A mask function other than MGF1.
        pss_params(&[tlv(0xa1, &mask(&sha256, &sha256))]),
        // MGF1 without its hash.
        pss_params(&[tlv(0xa1, &seq(std::slice::from_ref(&mgf1)))]),
        // Hash parameters other than NULL.
        pss_params(&[tlv(0xa0, &seq(&[sha256.clone(), int(&[0])]))]),
        // Trailer field 2, and a salt length beyond one octet.
        pss_params(&[tlv(0xa3, &int(&[2]))]),
        pss_params(&[tlv(0xa2, &int(&[0x01, 0x00]))]),
        // Fields out of order or repeated: read in order they would change meaning (the
        // decoder skips a lower tag it is not looking for), so they are refused, as by
        // OpenSSL.
        pss_params(&[
            tlv(0xa1, &mask(&mgf1, &sha256)),
            tlv(0xa0, &hash_id(&sha256)),
        ]),
        pss_params(&[tlv(0xa2, &int(&[32])), tlv(0xa0, &hash_id(&sha256))]),
        pss_params(&[tlv(0xa0, &hash_id(&sha256)), tlv(0xa0, &hash_id(&sha256))]),
        // A field [4], a primitive [0], and a stray INTEGER.
        pss_params(&[tlv(0xa4, &int(&[1]))]),
        pss_params(&[tlv(0x80, &[1])]),
        pss_params(&[int(&[1])]),
    ];
    for der in &refused {
        assert!(matches!(
            public_key_from_bytes(der),
            Err(Error::Encoding(_))
        ));
        assert!(RsaPublicKey::from_public_key_der(der).is_err());
    }
    assert!(matches!(
        RsaPublicKey::from_public_key_der(&refused[0]),
        Err(montvec_rsa::spki::Error::OidUnknown { .. })
    ));
    // An EC public key where a private key is expected: named as not RSA, before being named as
    // not private (DER and PEM).
    let pem =
        montvec_rsa::pkcs8::der::pem::encode_string("PUBLIC KEY", LineEnding::LF, &refused[0])
            .unwrap();
    for input in [&refused[0][..], pem.as_bytes()] {
        let err = private_key_from_bytes(input).unwrap_err();
        assert!(
            matches!(&err, Error::Encoding(why) if why.contains("not an RSA key: EC")),
            "{err:?}"
        );
    }

    // The same for private keys inside PKCS#8.
    let octets = tlv(0x04, &private_der);
    let pkcs8 = |algorithm: Vec<u8>| seq(&[int(&[0]), algorithm, octets.clone()]);
    let pss_key = pkcs8(seq(std::slice::from_ref(&rsassa_pss)));
    for key in [
        private_key_from_bytes(&pss_key).unwrap(),
        RsaPrivateKey::from_pkcs8_der(&pss_key).unwrap(),
    ] {
        assert_eq!(key.algorithm(), KeyAlgorithm::RsaPss(None));
        assert_eq!(key.to_pkcs8_der().unwrap().as_bytes(), &pss_key[..]);
        assert!(key.to_pkcs1_der().is_err());
    }
    let ec_key = pkcs8(seq(&[ec_public_key, null.clone()]));
    assert!(matches!(
        private_key_from_bytes(&ec_key),
        Err(Error::Encoding(_))
    ));
    assert!(RsaPrivateKey::from_pkcs8_der(&ec_key).is_err());

    // A PKCS#8 v2 publicKey [1] must be this key's public half.
    let v2 = |public_key: &[u8]| {
        let field = tlv(0x81, &[&[0u8][..], public_key].concat());
        seq(&[
            int(&[1]),
            seq(&[rsa_encryption.clone(), null.clone()]),
            octets.clone(),
            field,
        ])
    };
    assert!(private_key_from_bytes(&v2(&public_der)).is_ok());
    let other = seq(&[int(&with_sign(&n)), int(&[0x03])]);
    assert!(matches!(
        private_key_from_bytes(&v2(&other)),
        Err(Error::InvalidKey(_))
    ));

    // Encrypted PKCS#8 (PBES2), in DER and PEM, and an encrypted traditional PEM.
    let pbes2 = oid(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d]);
    let encrypted = seq(&[seq(&[pbes2, seq(&[])]), tlv(0x04, &[0xaa; 48])]);
    let encrypted_pem =
        der::pem::encode_string("ENCRYPTED PRIVATE KEY", LineEnding::LF, &encrypted).unwrap();
    let traditional = "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\
                       DEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\nAAAA\n\
                       -----END RSA PRIVATE KEY-----\n";
    for input in [
        &encrypted[..],
        encrypted_pem.as_bytes(),
        traditional.as_bytes(),
    ] {
        for err in [
            private_key_from_bytes(input).unwrap_err(),
            public_key_from_bytes(input).unwrap_err(),
        ] {
            assert_eq!(err, Error::EncryptedKey);
        }
    }

    // PEM with a label that is not a key, and labels the traits do not expect.
    let certificate = "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n";
    assert!(matches!(
        public_key_from_bytes(certificate.as_bytes()),
        Err(Error::Encoding(_))
    ));
    let key = RsaPrivateKey::from_pkcs1_der(&private_der).unwrap();
    let pem8 = key.to_pkcs8_pem(LineEnding::LF).unwrap();
    assert!(RsaPrivateKey::from_pkcs1_pem(&pem8).is_err());
    let pem1 = key.to_pkcs1_pem(LineEnding::LF).unwrap();
    assert!(RsaPrivateKey::from_pkcs8_pem(&pem1).is_err());

    // Trailing data after the DER is refused.
    let mut trailing = private_der.clone();
    trailing.push(0);
    assert!(matches!(
        private_key_from_bytes(&trailing),
        Err(Error::Encoding(_))
    ));
    assert!(RsaPrivateKey::from_pkcs1_der(&trailing).is_err());
}

/// The signature-trait keys read and write PKCS#8 and SPKI themselves, as RustCrypto's do:
/// what they read signs and verifies, and what they write is the inner key's encoding.
#[test]
fn signature_keys_through_pkcs8_and_spki() {
    use montvec_rsa::signature::{Keypair, RandomizedSigner, Verifier};
    use montvec_rsa::{pkcs1v15, pss};
    let key = sample_keys().remove(0);
    let pem = key.to_pkcs8_pem(LineEnding::LF).unwrap();
    let public_pem = key
        .to_public_key()
        .to_public_key_pem(LineEnding::LF)
        .unwrap();
    let mut rng = montvec_rsa::rand_core::OsRng;

    let v15 = pkcs1v15::SigningKey::<sha2::Sha256>::from_pkcs8_pem(&pem).unwrap();
    assert_eq!(v15.to_pkcs8_pem(LineEnding::LF).unwrap(), pem);
    let v15_public =
        pkcs1v15::VerifyingKey::<sha2::Sha256>::from_public_key_pem(&public_pem).unwrap();
    assert_eq!(
        v15_public.to_public_key_pem(LineEnding::LF).unwrap(),
        public_pem
    );
    assert!(v15.verifying_key() == v15_public);
    let sig = v15.sign_with_rng(&mut rng, b"message");
    assert!(v15_public.verify(b"message", &sig).is_ok());
    assert!(v15_public.verify(b"other", &sig).is_err());

    let pss_key =
        pss::SigningKey::<sha2::Sha256>::from_pkcs8_der(key.to_pkcs8_der().unwrap().as_bytes())
            .unwrap();
    let pss_public = pss::VerifyingKey::<sha2::Sha256>::from_public_key_der(
        key.to_public_key().to_public_key_der().unwrap().as_bytes(),
    )
    .unwrap();
    let sig = pss_key.sign_with_rng(&mut rng, b"message");
    assert!(pss_public.verify(b"message", &sig).is_ok());

    // Errors are the pkcs8 / spki crates' own: a public key is no private key.
    assert!(pkcs1v15::SigningKey::<sha2::Sha256>::from_pkcs8_pem(&public_pem).is_err());
    assert!(pss::VerifyingKey::<sha2::Sha256>::from_public_key_pem(&pem).is_err());
}

/// A damaged PEM file is refused without its key data in the message (messages end up in logs):
/// the line breaks lost, the BEGIN line joined to the first line of the body, a boundary line
/// inside the block with data after it.
#[test]
fn pem_errors_do_not_quote_key_data() {
    let key = &sample_keys()[0];
    let pem = key.to_pkcs8_pem(LineEnding::LF).unwrap();
    let lines: Vec<&str> = pem.lines().collect();
    let body_lines = &lines[1..lines.len() - 1];
    let damaged = [
        pem.replace('\n', ""),
        format!("{}{}\n{}\n", lines[0], body_lines[0], lines[1..].join("\n")),
        format!(
            "{}\n{}\n",
            lines[0],
            lines[1..].join("\n").replacen('\n', "-----\n", 1)
        ),
        format!(
            "{}\n-----END PRIVATE KEY-----{}\n{}\n",
            lines[0],
            body_lines[0],
            lines[2..].join("\n")
        ),
        pem.replacen("KEY-----", "KEY", 1).replace('\n', ""),
    ];
    for file in damaged {
        let message = match private_key_from_bytes(file.as_bytes()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("a damaged PEM file parsed: {file}"),
        };
        for line in body_lines {
            for chunk in line.as_bytes().chunks(12) {
                let chunk = std::str::from_utf8(chunk).unwrap();
                assert!(
                    !message.contains(chunk),
                    "{message:?} quotes the key's {chunk:?}"
                );
            }
        }
    }
}
