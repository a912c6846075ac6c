//! Keys from a file's bytes, whatever the encoding: PEM or DER, PKCS#1, PKCS#8 or SPKI.
//!
//! PEM is recognised by a `-----BEGIN ` line (text before it and after its block is ignored,
//! as RFC 7468 asks) and dispatched on its label; DER is tried as the outer structure it could
//! be (PKCS#8 then PKCS#1 for a private key, SPKI then PKCS#1 then a private key for a public
//! key). Once a structure has parsed, its key's errors are returned as
//! they are (an inconsistent key is never retried as another format).

use pkcs8::der::{
    asn1::OctetStringRef, pem, Decode, Document, Reader, SecretDocument, SliceReader,
};
use pkcs8::PrivateKeyInfo;
use spki::{AlgorithmIdentifierRef, ObjectIdentifier, SubjectPublicKeyInfoRef};
use zeroize::Zeroizing;

use super::algorithm::ID_RSASSA_PSS;
use super::private_key_info::private_key_from_info;
use super::public_key_info::public_key_from_info;
use super::rsa_key::{private_key_from_pkcs1, public_key_from_pkcs1};
use crate::error::{Error, Result};
use crate::key::{RsaPrivateKey, RsaPublicKey};

/// A private key from PEM (`RSA PRIVATE KEY` or `PRIVATE KEY`) or DER (PKCS#8 or PKCS#1),
/// validated as [`RsaPrivateKey::from_multi_prime_crt_components`] does (two primes or more).
///
/// Errors: [`Error::EncryptedKey`] for a passphrase-encrypted key (PKCS#8
/// `ENCRYPTED PRIVATE KEY`, or a traditional PEM with `Proc-Type: 4,ENCRYPTED`),
/// [`Error::NotAPrivateKey`] for a public key, [`Error::Encoding`] for anything else that is not
/// such a key, and the errors of [`RsaPrivateKey::from_multi_prime_crt_components`] for an
/// inconsistent key.
///
/// ```
/// use montvec_rsa::encoding::private_key_from_bytes;
/// use montvec_rsa::PublicKeyParts;
///
/// // A 512-bit key, for this example only.
/// let pem = "-----BEGIN PRIVATE KEY-----
/// MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAw53BzNTSUZ9sRolV
/// AAthgAAIY/QqhKm+RNF9/Pl8wfcQI/h+TRZ7FYk5dVoYvzMadQvgoIhDFunpauVB
/// qZ23ywIDAQABAkAjvwhTLfDhCYj3utDVmT7P7TGbUlsSsxIZ8U5clBrANtukX3me
/// CNZZ1lSJSYnCIFE9FytH37P8HOAvRGGmNGIBAiEA8uUxdyJk3dYBNqgNv6xLG74+
/// dYXcA0Fi70Eo/uAUAqECIQDOK47PIRCZ8Rv33ZXRCyqdzrwjeNW406C1KHDTk4qO
/// 6wIhAMjSeEBgvnavXpd7AMsNv5ezhl6SiyJh6FOaUzPPvpuhAiEAmyz/tPivFR77
/// rQjzzT55WgOTaaN2QUHP8Oo6WZTwMfcCICrgUaVlxWJggu0+MXRvGWwAYUaLqwoT
/// Pd5KZvJ0YKmq
/// -----END PRIVATE KEY-----
/// ";
/// let key = private_key_from_bytes(pem.as_bytes())?;
/// assert_eq!(key.bits(), 512);
/// assert!(private_key_from_bytes(b"not a key").is_err());
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
///
/// Leaks: the input's format and length, the byte lengths of the key's integers, and whether
/// its parts are consistent.
pub fn private_key_from_bytes(bytes: &[u8]) -> Result<RsaPrivateKey> {
    match pem_text(bytes, &PRIVATE_LABELS)? {
        Some(text) => private_key_from_pem(&text),
        None => private_key_from_der(bytes),
    }
}

/// A public key from PEM (`PUBLIC KEY`, `RSA PUBLIC KEY`, or a private key's labels) or DER
/// (SPKI, PKCS#1 `RSAPublicKey`, or a PKCS#8 / PKCS#1 private key). From a private key the
/// whole key is parsed and validated, and its public half returned.
///
/// Errors: as [`private_key_from_bytes`], and those of [`RsaPublicKey::new`].
///
/// ```
/// use montvec_rsa::encoding::public_key_from_bytes;
/// use montvec_rsa::PublicKeyParts;
///
/// let pem = "-----BEGIN PUBLIC KEY-----
/// MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMOdwczU0lGfbEaJVQALYYAACGP0KoSp
/// vkTRffz5fMH3ECP4fk0WexWJOXVaGL8zGnUL4KCIQxbp6WrlQamdt8sCAwEAAQ==
/// -----END PUBLIC KEY-----
/// ";
/// let key = public_key_from_bytes(pem.as_bytes())?;
/// assert_eq!(key.e().to_hex_vartime(), "10001");
/// # Ok::<(), montvec_rsa::Error>(())
/// ```
///
/// Leaks: everything of a public key; from a private key, as [`private_key_from_bytes`].
pub fn public_key_from_bytes(bytes: &[u8]) -> Result<RsaPublicKey> {
    match pem_text(bytes, &KEY_LABELS)? {
        Some(text) => public_key_from_pem(&text),
        None => public_key_from_der(bytes),
    }
}

/// What a PEM label announces.
enum PemKind {
    /// `RSA PRIVATE KEY`: PKCS#1 `RSAPrivateKey`.
    Pkcs1Private,
    /// `PRIVATE KEY`: PKCS#8 `PrivateKeyInfo`.
    Pkcs8Private,
    /// `ENCRYPTED PRIVATE KEY`: PKCS#8 `EncryptedPrivateKeyInfo` (refused).
    Pkcs8Encrypted,
    /// `RSA PUBLIC KEY`: PKCS#1 `RSAPublicKey`.
    Pkcs1Public,
    /// `PUBLIC KEY`: `SubjectPublicKeyInfo`.
    Spki,
}

/// A byte that ends a PEM line: LF or CR. Splitting at either reads CRLF as a line and an
/// empty line, which the body ignores.
fn is_eol(byte: u8) -> bool {
    byte == b'\n' || byte == b'\r'
}

/// The PEM block of an input, rewritten in the strict form the decoders take, or `None` when
/// the input has no `-----BEGIN ` line (DER). The block is the first whose label is one of
/// `wanted`, or else the first of all (whose label the caller then refuses by name): a file
/// that bundles a certificate with its key, as servers keep them, gives its key.
///
/// As RFC 7468 §2 and §3 ask of parsers, and as OpenSSL reads: text before the block (the
/// dump `openssl rsa -text` writes ahead of it) and after its `-----END` line is ignored,
/// lines end in LF, CRLF or a lone CR (RFC 7468 §3's `eol`), whitespace at line ends (spaces,
/// tabs) is dropped, and the base64 may come in lines of any length, one line included. The
/// body is re-wrapped at 64 characters in a buffer zeroized on drop (it is the key).
#[allow(clippy::integer_division_remainder_used, reason = "public lengths")]
fn pem_text(bytes: &[u8], wanted: &[&str]) -> Result<Option<Zeroizing<String>>> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::Encoding("empty input: no key".into()));
    }
    // The lines that start with the BEGIN boundary.
    let begins: Vec<usize> = bytes
        .windows(BEGIN.len())
        .enumerate()
        .filter(|&(i, w)| w == BEGIN && (i == 0 || is_eol(bytes[i - 1])))
        .map(|(i, _)| i)
        .collect();
    let Some(&first_begin) = begins.first() else {
        return Ok(None);
    };
    let labelled = |i: usize| {
        let line = bytes[i..].split(|&b| is_eol(b)).next();
        line.and_then(|l| core::str::from_utf8(l).ok())
            .and_then(|l| begin_label(l.trim_end_matches([' ', '\t'])))
            .is_some_and(|label| wanted.contains(&label))
    };
    let begin = begins
        .iter()
        .copied()
        .find(|&i| labelled(i))
        .unwrap_or(first_begin);
    // Line by line, so that what follows the block need not be text.
    let mut lines = bytes[begin..].split(|&b| is_eol(b)).map(|line| {
        core::str::from_utf8(line)
            .map(|l| l.trim_end_matches([' ', '\t']))
            .map_err(|_| Error::Encoding("PEM block that is not UTF-8".into()))
    });
    let first = lines.next().transpose()?.unwrap_or_default();
    let label = begin_label(first).ok_or_else(|| {
        Error::Encoding(format!(
            "PEM: malformed BEGIN line {} (were the file's line breaks lost?)",
            boundary_only(first)
        ))
    })?;
    let end = format!("-----END {label}-----");
    // Both buffers are sized once: a reallocation would leave a copy of the key behind.
    let mut body = Zeroizing::new(String::with_capacity(bytes.len() - begin));
    let mut ended = false;
    for line in lines {
        let line = line?;
        if line == end {
            ended = true;
            break;
        }
        // RFC 1421 headers, as OpenSSL writes for `-traditional` keys with a passphrase.
        if line.starts_with("Proc-Type:") && line.contains("ENCRYPTED") {
            return Err(Error::EncryptedKey);
        }
        if let Some((name, _)) = line.split_once(':') {
            // The header's name only: a damaged line of the key's body could land here too.
            return Err(Error::Encoding(format!(
                "PEM: headers are not supported ({name:?})"
            )));
        }
        if line.starts_with("-----") {
            return Err(Error::Encoding(format!(
                "PEM: {} inside a block that began with {first:?}",
                boundary_only(line)
            )));
        }
        body.extend(line.chars().filter(|c| !c.is_ascii_whitespace()));
    }
    if !ended {
        return Err(Error::Encoding(format!("PEM: no {end:?} line")));
    }
    if body.is_empty() {
        return Err(Error::Encoding(format!("PEM: the {label} block is empty")));
    }
    // Base64 is ASCII (which also lets the body be cut into lines at any byte).
    if !body.is_ascii() {
        return Err(Error::Encoding("PEM: the body is not base64".into()));
    }
    let mut strict = Zeroizing::new(String::with_capacity(
        first.len() + end.len() + body.len() + body.len() / 64 + 3,
    ));
    strict.push_str(first);
    strict.push('\n');
    let mut rest = body.as_str();
    while !rest.is_empty() {
        let (line, tail) = rest.split_at(rest.len().min(64));
        strict.push_str(line);
        strict.push('\n');
        rest = tail;
    }
    strict.push_str(&end);
    strict.push('\n');
    Ok(Some(strict))
}

/// A boundary line for an error message, quoted up to the dashes that close its label and no
/// further: what a damaged file joins onto the line (the key's base64, when its line breaks
/// were lost) must not reach a message, which may end up in a log. The label is quoted only
/// when it looks like one (capitals, digits and spaces, as RFC 7468's are in practice); base64
/// has lower-case letters, `+` and `/` in all but the shortest runs.
fn boundary_only(line: &str) -> String {
    let dashes = line.len() - line.trim_start_matches('-').len();
    let rest = &line[dashes..];
    let label_like = |label: &str| {
        label.len() <= 64
            && label
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ')
    };
    let head = match rest.find("-----") {
        Some(at) if label_like(&rest[..at]) => &line[..dashes + at + 5],
        _ => &line[..dashes],
    };
    if head.len() < line.len() {
        format!(
            "{head:?} followed by {} more bytes",
            line.len() - head.len()
        )
    } else {
        format!("{head:?}")
    }
}

/// The label of a `-----BEGIN LABEL-----` line (trailing whitespace already trimmed).
fn begin_label(line: &str) -> Option<&str> {
    line.strip_prefix("-----BEGIN ")
        .and_then(|rest| rest.strip_suffix("-----"))
        .filter(|label| !label.contains("-----"))
}

/// Ok for the algorithms of RSA keys (`rsaEncryption`, `id-RSASSA-PSS`); for any other a
/// message that names it (a key of another kind, not a malformed one).
fn rsa_algorithm(oid: ObjectIdentifier) -> Result<()> {
    if oid == pkcs1::ALGORITHM_OID || oid == ID_RSASSA_PSS {
        return Ok(());
    }
    let name = match oid.to_string().as_str() {
        "1.2.840.10045.2.1" => "EC",
        "1.3.101.110" => "X25519",
        "1.3.101.111" => "X448",
        "1.3.101.112" => "Ed25519",
        "1.3.101.113" => "Ed448",
        "1.2.840.10040.4.1" => "DSA",
        "1.2.840.113549.1.3.1" => "DH",
        _ => "another algorithm",
    };
    Err(Error::Encoding(format!(
        "not an RSA key: {name} (algorithm {oid})"
    )))
}

/// The PEM labels of private keys (PKCS#1, PKCS#8, encrypted PKCS#8, which is refused by name).
const PRIVATE_LABELS: [&str; 3] = ["RSA PRIVATE KEY", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY"];

/// The PEM labels a public key is read from: SPKI, PKCS#1, and the private keys'.
const KEY_LABELS: [&str; 5] = [
    "PUBLIC KEY",
    "RSA PUBLIC KEY",
    "RSA PRIVATE KEY",
    "PRIVATE KEY",
    "ENCRYPTED PRIVATE KEY",
];

/// The start of a PEM block.
const BEGIN: &[u8] = b"-----BEGIN ";

/// The kind of key a PEM text's label announces.
fn pem_kind(text: &str) -> Result<PemKind> {
    let label = pem::decode_label(text.as_bytes()).map_err(pkcs8::der::Error::from)?;
    match label {
        "RSA PRIVATE KEY" => Ok(PemKind::Pkcs1Private),
        "PRIVATE KEY" => Ok(PemKind::Pkcs8Private),
        "ENCRYPTED PRIVATE KEY" => Ok(PemKind::Pkcs8Encrypted),
        "RSA PUBLIC KEY" => Ok(PemKind::Pkcs1Public),
        "PUBLIC KEY" => Ok(PemKind::Spki),
        other => Err(Error::Encoding(format!(
            "PEM label {other:?} is not an RSA key"
        ))),
    }
}

fn private_key_from_pem(text: &str) -> Result<RsaPrivateKey> {
    let kind = pem_kind(text)?;
    match kind {
        PemKind::Pkcs8Encrypted => return Err(Error::EncryptedKey),
        PemKind::Pkcs1Public => return Err(Error::NotAPrivateKey),
        // A public key of another algorithm is named as such first.
        PemKind::Spki => {
            let (_, der) = Document::from_pem(text)?;
            if let Ok(spki) = SubjectPublicKeyInfoRef::from_der(der.as_bytes()) {
                rsa_algorithm(spki.algorithm.oid)?;
            }
            return Err(Error::NotAPrivateKey);
        }
        PemKind::Pkcs1Private | PemKind::Pkcs8Private => {}
    }
    // The decoded DER lives in a buffer zeroized on drop.
    let (_, der) = SecretDocument::from_pem(text)?;
    match kind {
        PemKind::Pkcs1Private => {
            private_key_from_pkcs1(&pkcs1::RsaPrivateKey::from_der(der.as_bytes())?)
        }
        _ => {
            let info = PrivateKeyInfo::from_der(der.as_bytes())?;
            rsa_algorithm(info.algorithm.oid)?;
            private_key_from_info(&info)
        }
    }
}

fn public_key_from_pem(text: &str) -> Result<RsaPublicKey> {
    match pem_kind(text)? {
        PemKind::Pkcs1Public => {
            let (_, der) = Document::from_pem(text)?;
            public_key_from_pkcs1(&pkcs1::RsaPublicKey::from_der(der.as_bytes())?)
        }
        PemKind::Spki => {
            let (_, der) = Document::from_pem(text)?;
            let spki = SubjectPublicKeyInfoRef::from_der(der.as_bytes())?;
            rsa_algorithm(spki.algorithm.oid)?;
            public_key_from_info(&spki)
        }
        PemKind::Pkcs8Encrypted => Err(Error::EncryptedKey),
        PemKind::Pkcs1Private | PemKind::Pkcs8Private => {
            private_key_from_pem(text).map(|key| key.to_public_key())
        }
    }
}

fn private_key_from_der(der: &[u8]) -> Result<RsaPrivateKey> {
    if let Ok(info) = PrivateKeyInfo::from_der(der) {
        rsa_algorithm(info.algorithm.oid)?;
        return private_key_from_info(&info);
    }
    match pkcs1::RsaPrivateKey::from_der(der) {
        Ok(key) => private_key_from_pkcs1(&key),
        Err(_) if is_encrypted_private_key_info(der) => Err(Error::EncryptedKey),
        Err(_) if pkcs1::RsaPublicKey::from_der(der).is_ok() => Err(Error::NotAPrivateKey),
        // A public key of another algorithm is named as such first.
        Err(_) if SubjectPublicKeyInfoRef::from_der(der).is_ok() => {
            let spki = SubjectPublicKeyInfoRef::from_der(der)?;
            rsa_algorithm(spki.algorithm.oid)?;
            Err(Error::NotAPrivateKey)
        }
        Err(e) => Err(Error::Encoding(format!(
            "neither a PKCS#8 PrivateKeyInfo nor a PKCS#1 RSAPrivateKey ({e})"
        ))),
    }
}

fn public_key_from_der(der: &[u8]) -> Result<RsaPublicKey> {
    if let Ok(spki) = SubjectPublicKeyInfoRef::from_der(der) {
        rsa_algorithm(spki.algorithm.oid)?;
        return public_key_from_info(&spki);
    }
    if let Ok(key) = pkcs1::RsaPublicKey::from_der(der) {
        return public_key_from_pkcs1(&key);
    }
    match private_key_from_der(der) {
        Ok(key) => Ok(key.to_public_key()),
        Err(Error::Encoding(_)) => Err(Error::Encoding(
            "neither an SPKI, a PKCS#1 RSAPublicKey, nor a PKCS#8 or PKCS#1 private key".into(),
        )),
        Err(e) => Err(e),
    }
}

/// Whether the DER is shaped as a PKCS#8 `EncryptedPrivateKeyInfo` (RFC 5958 §3):
/// `SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }`.
fn is_encrypted_private_key_info(der: &[u8]) -> bool {
    let Ok(mut reader) = SliceReader::new(der) else {
        return false;
    };
    let shaped = reader.sequence(|body| {
        AlgorithmIdentifierRef::decode(body)?;
        OctetStringRef::decode(body)?;
        Ok(())
    });
    shaped.is_ok() && reader.is_finished()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::PublicKeyParts;
    use pkcs8::{EncodePrivateKey, EncodePublicKey, LineEnding};

    /// A fresh 1024-bit key and its PKCS#8 PEM, as this crate writes it.
    fn key_and_pem() -> (RsaPrivateKey, String) {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let key = RsaPrivateKey::new(&mut rng, 1024).unwrap();
        let pem = key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string();
        (key, pem)
    }

    fn message(e: Error) -> String {
        match e {
            Error::Encoding(m) => m,
            other => panic!("expected an encoding error, got {other:?}"),
        }
    }

    #[test]
    fn pem_as_other_tools_write_it() {
        let (key, pem) = key_and_pem();
        let n = key.n().clone();
        let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
        let variants = [
            // `openssl rsa -text` puts its dump before the block.
            format!("Private-Key: (1024 bit, 2 primes)\nmodulus:\n    00:c3:9d\n{pem}"),
            // Text after the block, and a second block (the first is read).
            format!("{pem}subject=CN = example\n{pem}"),
            // A certificate first, as servers bundle them: the key's block is found.
            format!("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n{pem}"),
            // Spaces and tabs at line ends, CRLF line ends.
            pem.replace('\n', " \t\n"),
            pem.replace('\n', "\r\n"),
            // The base64 on one line, and in lines of 76.
            format!("-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----\n"),
            format!(
                "-----BEGIN PRIVATE KEY-----\n{}\n{}\n-----END PRIVATE KEY-----",
                &body[..76],
                &body[76..]
            ),
        ];
        for text in &variants {
            let read = private_key_from_bytes(text.as_bytes()).unwrap();
            assert_eq!(read.n(), &n, "{text}");
            assert_eq!(public_key_from_bytes(text.as_bytes()).unwrap().n(), &n);
        }
    }

    #[test]
    fn malformed_pem_and_misplaced_keys_say_what_is_wrong() {
        let (key, pem) = key_and_pem();
        let cut: String = pem.lines().take(5).collect::<Vec<_>>().join("\n");
        assert!(message(private_key_from_bytes(cut.as_bytes()).unwrap_err())
            .contains("no \"-----END PRIVATE KEY-----\" line"));
        for empty in ["", " \n\t\n"] {
            assert_eq!(
                message(private_key_from_bytes(empty.as_bytes()).unwrap_err()),
                "empty input: no key"
            );
            assert!(public_key_from_bytes(empty.as_bytes()).is_err());
        }
        let public = key.to_public_key();
        // A public key in DER (SPKI or PKCS#1) where a private key is expected.
        let spki = public.to_public_key_der().unwrap();
        let pkcs1 = pkcs1::EncodeRsaPublicKey::to_pkcs1_der(&public).unwrap();
        for der in [spki.as_bytes(), pkcs1.as_bytes()] {
            assert_eq!(
                private_key_from_bytes(der).unwrap_err(),
                Error::NotAPrivateKey
            );
        }
        // A block with no body is named as such (the decoder would only say it is short).
        let empty = "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n";
        assert_eq!(
            message(private_key_from_bytes(empty.as_bytes()).unwrap_err()),
            "PEM: the PRIVATE KEY block is empty"
        );
        // A boundary starts its line (RFC 7468 §2; OpenSSL reads only those): one after other
        // text on its line is no boundary, and with no other the input is not PEM.
        let joined = format!("x{pem}");
        assert!(matches!(
            private_key_from_bytes(joined.as_bytes()),
            Err(Error::Encoding(_))
        ));
        // Headers inside the block.
        let headers = pem.replace(
            "KEY-----\nMII",
            "KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nMII",
        );
        assert_ne!(headers, pem);
        assert_eq!(
            private_key_from_bytes(headers.as_bytes()).unwrap_err(),
            Error::EncryptedKey
        );
        // Bytes that are not text after the block are ignored, inside it refused.
        let mut binary_tail = pem.clone().into_bytes();
        binary_tail.extend_from_slice(&[0xe9, 0xff, 0x00, b'\n']);
        assert_eq!(private_key_from_bytes(&binary_tail).unwrap().n(), key.n());
        let mut binary_body = pem.clone().into_bytes();
        binary_body[40] = 0xe9;
        assert!(private_key_from_bytes(&binary_body).is_err());
        // Non-base64 text in the body.
        let bad = pem.replacen("MII", "MIé", 1);
        assert_ne!(bad, pem);
        assert!(private_key_from_bytes(bad.as_bytes()).is_err());
        // Round trip of what this crate writes, for good measure.
        let written = key.to_pkcs8_pem(LineEnding::LF).unwrap();
        assert_eq!(
            private_key_from_bytes(written.as_bytes()).unwrap().n(),
            key.n()
        );
    }
}
