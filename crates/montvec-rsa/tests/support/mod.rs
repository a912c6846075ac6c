//! Test support shared by the integration tests: where the vectors are, and parsers for the
//! RSA Labs text format. (Each test file uses a different part of it.)
#![allow(dead_code)]

use std::path::PathBuf;

use montvec_rsa::{Nat, PublicKeyParts, RsaPrivateKey};

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

/// The sections of an RSA Labs worked-example file (`oaep-int.txt`), each titled by a `#` line
/// framed by `# ---` decoration lines, with the hex octets that follow its title. A section
/// whose dump is elided (`...`) keeps the octets before the elision and is marked `true`.
pub fn rsalabs_sections(file: &str) -> Vec<(String, Vec<u8>, bool)> {
    let path = vectors_dir().join("pkcs1-rsalabs").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let is_decoration = |l: &str| l.starts_with("# ---") || l.starts_with("# ===");
    let mut out: Vec<(String, Vec<u8>, bool)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(title) = line.strip_prefix('#') {
            let framed = i > 0
                && is_decoration(lines[i - 1])
                && lines.get(i + 1).is_some_and(|l| is_decoration(l));
            if framed && !is_decoration(line) {
                out.push((title.trim().to_string(), Vec::new(), false));
            }
            continue;
        }
        let Some((_, bytes, elided)) = out.last_mut() else {
            continue;
        };
        for token in line.split_whitespace() {
            if *elided {
                break;
            }
            if token == "..." {
                *elided = true;
            } else if let Ok(b) = u8::from_str_radix(token, 16) {
                bytes.push(b);
            }
        }
    }
    out
}

/// One test record of a NIST CAVP `.txt`/`.rsp` file: its own `key = value` lines over the
/// values still in force from earlier paragraphs (the section's `[mod = N]`, the key's `n`,
/// `e`, `d`, `p`, `q`). Values are the raw hex strings.
pub struct CavpRecord(std::collections::HashMap<String, String>);

impl CavpRecord {
    /// The value of `key` (panics when the record lacks it: the files always have them).
    pub fn get(&self, key: &str) -> &str {
        self.0
            .get(key)
            .unwrap_or_else(|| panic!("CAVP record without {key}"))
    }

    /// The value of `key` decoded from hex (odd lengths get a leading zero nibble).
    pub fn bytes(&self, key: &str) -> Vec<u8> {
        hex(self.get(key))
    }

    /// The value of `key` as a number, left-padded with zeros to `len` bytes (SOURCE.md: some
    /// values have their leading zero nibbles dropped).
    pub fn padded(&self, key: &str, len: usize) -> Vec<u8> {
        let b = self.bytes(key);
        let first = b.iter().position(|&x| x != 0).unwrap_or(b.len());
        let b = &b[first..];
        let mut out = vec![0u8; len.saturating_sub(b.len())];
        out.extend_from_slice(b);
        out
    }
}

/// Every record (a paragraph with a `Msg`) of the CAVP file `file` in `vectors/cavp/`.
/// Paragraphs are separated by blank lines; CRLF, `#` comments and `[mod = N]` headers are
/// handled (the header sets `mod`).
pub fn cavp_records(file: &str) -> Vec<CavpRecord> {
    let path = vectors_dir().join("cavp").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut env = std::collections::HashMap::new();
    let mut out = Vec::new();
    let mut has_msg = false;
    for line in text.lines().map(str::trim).chain([""]) {
        if line.is_empty() {
            if has_msg {
                out.push(CavpRecord(env.clone()));
                // Per-record optional fields must not leak into the next record.
                env.retain(|k: &String, _| !k.starts_with("EM with"));
            }
            has_msg = false;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let line = line.trim_start_matches('[').trim_end_matches(']');
        if let Some((k, v)) = line.split_once('=') {
            let k = k.trim().to_string();
            has_msg |= k == "Msg";
            env.insert(k, v.trim().to_string());
        }
    }
    out
}

/// A Wycheproof BigInt (big-endian two's complement hex, positive here) as lowercase hex
/// without leading zeros, the form of `Nat::to_hex_vartime`.
pub fn wycheproof_int_hex(s: &str) -> String {
    let trimmed = s.trim_start_matches('0').to_ascii_lowercase();
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed
    }
}

/// The RSA Labs worked example's DER `RSAPublicKey`, `RSAPrivateKey` and the start of its
/// PKCS#8 `PrivateKeyInfo` (the file elides the rest).
pub fn oaep_int_der() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let sections = rsalabs_sections("oaep-int.txt");
    let find = |title: &str| {
        sections
            .iter()
            .find(|(t, _, _)| t == title)
            .unwrap_or_else(|| panic!("section {title:?} in oaep-int.txt"))
            .clone()
    };
    let (_, public, public_elided) = find("RSAPublicKey");
    let (_, private, private_elided) = find("RSAPrivateKey");
    let (_, pkcs8_head, pkcs8_elided) = find("PrivateKeyInfo (PKCS #8)");
    assert!(!public_elided && !private_elided && pkcs8_elided);
    (public, private, pkcs8_head)
}

/// The RSA Labs file `file` split into keys and their cases. A key is the eight fields n, e,
/// d, p, q, dP, dQ, qInv that follow one another, found by the label of its second field
/// (`e_label`, e.g. `RSA public exponent e` or `Public exponent`); its cases are the runs of
/// fields labelled `case_labels` that follow it, each given as the values in that order.
pub fn rsalabs_keys_and_cases(
    file: &str,
    e_label: &str,
    case_labels: &[&str],
) -> Vec<(RsaPrivateKey, Vec<Vec<Vec<u8>>>)> {
    let fields = rsalabs_fields(file);
    let mut out = Vec::new();
    let mut i = 1;
    while i < fields.len() {
        if fields[i].0 != e_label {
            i += 1;
            continue;
        }
        let f = |j: usize| fields[i - 1 + j].1.as_slice();
        let key = rsalabs_key(&[f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7)]);
        let mut cases = Vec::new();
        let mut j = i + 7;
        while !case_labels.is_empty()
            && j + case_labels.len() <= fields.len()
            && case_labels
                .iter()
                .enumerate()
                .all(|(c, label)| fields[j + c].0 == *label)
        {
            cases.push(
                (0..case_labels.len())
                    .map(|c| fields[j + c].1.clone())
                    .collect(),
            );
            j += case_labels.len();
        }
        out.push((key, cases));
        i = j.max(i + 1);
    }
    out
}

/// The Wycheproof file `file` in `vectors/wycheproof/`, parsed.
pub fn wycheproof(file: &str) -> serde_json::Value {
    let path = vectors_dir().join("wycheproof").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The names of the Wycheproof files whose names start with `prefix`, sorted.
pub fn wycheproof_files(prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(vectors_dir().join("wycheproof"))
        .expect("vectors/wycheproof")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.starts_with(prefix) && n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// A JSON string field holding hex, decoded (Wycheproof integers are two's complement with a
/// leading 00 on positive values whose top bit is set; as unsigned big-endian bytes that 00 is
/// harmless).
pub fn json_hex(v: &serde_json::Value) -> Vec<u8> {
    hex(v.as_str().expect("hex string"))
}

/// The value of the first field named `name` at or after `from` (RSA Labs files).
pub fn rsalabs_field<'a>(fields: &'a [(String, Vec<u8>)], from: usize, name: &str) -> &'a [u8] {
    &fields[from..]
        .iter()
        .find(|(label, _)| label == name)
        .unwrap_or_else(|| panic!("no field {name:?} after {from}"))
        .1
}

/// One RSA Labs encryption case: message, seed (OAEP seed or v1.5 padding string),
/// ciphertext.
pub type CryptCase = (Vec<u8>, Vec<u8>, Vec<u8>);

/// The keys of `pkcs1v15crypt-vectors.txt`, each with its 20 cases.
pub fn pkcs1v15_crypt_vectors() -> Vec<(RsaPrivateKey, Vec<CryptCase>)> {
    rsalabs_keys_and_cases(
        "pkcs1v15crypt-vectors.txt",
        "Public exponent",
        &["Message", "Seed", "Encryption"],
    )
    .into_iter()
    .map(|(key, cases)| {
        let cases = cases
            .into_iter()
            .map(|case| match <[Vec<u8>; 3]>::try_from(case) {
                Ok([m, seed, c]) => (m, seed, c),
                Err(_) => unreachable!("three fields a case"),
            })
            .collect();
        (key, cases)
    })
    .collect()
}

/// The keys of `pkcs1v15crypt-vectors.txt` of the sizes `bits`, one of each, in the file's
/// order.
pub fn pkcs1v15_crypt_keys(bits: &[usize]) -> Vec<RsaPrivateKey> {
    let mut out: Vec<RsaPrivateKey> = pkcs1v15_crypt_vectors()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| bits.contains(&k.bits()))
        .collect();
    out.dedup_by_key(|k| k.bits());
    assert_eq!(out.len(), bits.len(), "one key of each size in {bits:?}");
    out
}

/// A generator that hands out fixed bytes, in order, to reproduce a vector's seed or padding
/// string; it fails (`try_fill_bytes` errors, `fill_bytes` panics) once they run out.
pub struct FixedBytes {
    bytes: Vec<u8>,
    used: usize,
}

impl FixedBytes {
    /// A generator for these bytes.
    pub fn new(bytes: &[u8]) -> Self {
        FixedBytes {
            bytes: bytes.to_vec(),
            used: 0,
        }
    }

    /// How many bytes were not handed out.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.used
    }
}

impl rand::RngCore for FixedBytes {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.try_fill_bytes(dest).expect("fixed bytes exhausted")
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        let end = self.used + dest.len();
        if end > self.bytes.len() {
            return Err(rand::Error::new("fixed bytes exhausted"));
        }
        dest.copy_from_slice(&self.bytes[self.used..end]);
        self.used = end;
        Ok(())
    }
}

impl rand::CryptoRng for FixedBytes {}

/// The string field `name` of a JSON object.
pub fn json_str<'a>(v: &'a serde_json::Value, name: &str) -> &'a str {
    v[name]
        .as_str()
        .unwrap_or_else(|| panic!("missing string field {name}"))
}

/// A Wycheproof `privateKey` object (two's-complement hex integers) as a key. With
/// `otherPrimeInfos` (multi-prime keys) every prime goes to `from_components`, which refuses
/// them.
pub fn wycheproof_private_key(v: &serde_json::Value) -> Result<RsaPrivateKey, montvec_rsa::Error> {
    let nat = |name: &str| Nat::from_be_bytes(&hex(json_str(v, name)));
    if let Some(others) = v.get("otherPrimeInfos") {
        let mut primes = vec![nat("prime1"), nat("prime2")];
        for info in others.as_array().expect("otherPrimeInfos array") {
            primes.push(Nat::from_be_bytes(&hex(info[0].as_str().expect("prime"))));
        }
        return RsaPrivateKey::from_components(
            nat("modulus"),
            nat("publicExponent"),
            nat("privateExponent"),
            primes,
        );
    }
    RsaPrivateKey::from_crt_components(
        nat("modulus"),
        nat("publicExponent"),
        nat("privateExponent"),
        nat("prime1"),
        nat("prime2"),
        nat("exponent1"),
        nat("exponent2"),
        nat("coefficient"),
    )
}

/// An encoded message and its ciphertext.
pub type Case = (Vec<u8>, Vec<u8>);

/// (key, [(EM, ciphertext)]) for every key of pkcs1v15crypt-vectors.txt.
pub fn crypt_cases() -> Vec<(RsaPrivateKey, Vec<Case>)> {
    pkcs1v15_crypt_vectors()
        .into_iter()
        .map(|(key, cases)| {
            let cases = cases
                .into_iter()
                .map(|(m, seed, c)| {
                    let mut em = vec![0, 2];
                    em.extend_from_slice(&seed);
                    em.push(0);
                    em.extend_from_slice(&m);
                    (em, c)
                })
                .collect();
            (key, cases)
        })
        .collect()
}
