//! Test support shared by the integration tests: where the vectors are, and parsers for the
//! RSA Labs text format. (Each test file uses a different part of it.)
#![allow(dead_code)]

use std::path::PathBuf;

use montvec_rsa::{Nat, RsaPrivateKey};

/// The repository's `vectors/` folder.
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors")
}

/// The `# Label:` fields of an RSA Labs vector file in order, each with the hex octets on the
/// lines that follow it. Prose lines (`#` lines without a trailing colon) and decorations are
/// skipped.
pub fn rsalabs_fields(file: &str) -> Vec<(String, Vec<u8>)> {
    let path = vectors_dir().join("pkcs1-rsalabs").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let mut current: Option<(String, Vec<u8>)> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(label) = line.strip_prefix('#') {
            if let Some(done) = current.take() {
                out.push(done);
            }
            let label = label.trim();
            if let Some(name) = label.strip_suffix(':') {
                current = Some((name.trim().to_string(), Vec::new()));
            }
            continue;
        }
        let Some((_, bytes)) = current.as_mut() else {
            continue;
        };
        if line.is_empty() {
            if !bytes.is_empty() {
                out.push(current.take().unwrap());
            }
            continue;
        }
        let parsed: Option<Vec<u8>> = line
            .split_whitespace()
            .map(|h| u8::from_str_radix(h, 16).ok())
            .collect();
        match parsed {
            Some(b) => bytes.extend(b),
            // A prose line after a label that looked like one ("# Note: ...").
            None => current = None,
        }
    }
    if let Some(done) = current {
        out.push(done);
    }
    out
}

/// Decode a hex string (even length or not: an odd one gets a leading zero).
pub fn hex(s: &str) -> Vec<u8> {
    let s = s.trim();
    let padded = if s.len() % 2 == 1 {
        format!("0{s}")
    } else {
        s.to_string()
    };
    (0..padded.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&padded[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A private key from the eight RSA Labs fields that follow one another in a file: n, e, d,
/// p, q, dP, dQ, qInv.
pub fn rsalabs_key(parts: &[&[u8]; 8]) -> RsaPrivateKey {
    let nat = |b: &[u8]| Nat::from_be_bytes(b);
    RsaPrivateKey::from_crt_components(
        nat(parts[0]),
        nat(parts[1]),
        nat(parts[2]),
        nat(parts[3]),
        nat(parts[4]),
        nat(parts[5]),
        nat(parts[6]),
        nat(parts[7]),
    )
    .expect("RSA Labs key")
}

/// An encoded message and its ciphertext.
pub type Case = (Vec<u8>, Vec<u8>);

/// (key, [(EM, ciphertext)]) for every key of pkcs1v15crypt-vectors.txt.
pub fn crypt_cases() -> Vec<(RsaPrivateKey, Vec<Case>)> {
    let fields = rsalabs_fields("pkcs1v15crypt-vectors.txt");
    let mut out = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        // The private block: Modulus, Public exponent, Exponent (d), Prime 1, Prime 2,
        // Prime exponent 1, Prime exponent 2, Coefficient.
        if fields[i].0 == "Public exponent" {
            let f = |j: usize| fields[i - 1 + j].1.as_slice();
            let key = rsalabs_key(&[f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7)]);
            let mut cases = Vec::new();
            let mut j = i + 7;
            while j + 2 < fields.len() && fields[j].0 == "Message" {
                let (m, seed, c) = (&fields[j].1, &fields[j + 1].1, &fields[j + 2].1);
                let mut em = vec![0, 2];
                em.extend_from_slice(seed);
                em.push(0);
                em.extend_from_slice(m);
                cases.push((em, c.clone()));
                j += 3;
            }
            out.push((key, cases));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}
