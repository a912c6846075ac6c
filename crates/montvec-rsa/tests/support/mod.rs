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

/// The Wycheproof `rsa_*.json` files, sorted by name.
pub fn wycheproof_rsa_files() -> Vec<PathBuf> {
    let dir = vectors_dir().join("wycheproof");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("rsa_") && name.ends_with(".json")
        })
        .collect();
    files.sort();
    files
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
