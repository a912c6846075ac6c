//! `montvec rsa` end to end, without openssl: every command's success path (formats, modes,
//! paddings, hashes, salt lengths, labels, standard streams) and its error paths (exit status
//! 1 for a negative answer, 2 for a command that could not run, a message naming the option
//! and file, never a panic).

mod rsa_harness;

use std::os::unix::fs::PermissionsExt;
use std::process::Output;
use std::sync::OnceLock;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rsa_harness::*;

/// One 1024-bit PKCS#8 PEM key for the whole file (generated once by `montvec rsa genkey`).
fn key_pem() -> &'static [u8] {
    static KEY: OnceLock<Vec<u8>> = OnceLock::new();
    KEY.get_or_init(|| {
        let dir = TempDir::new("key");
        montvec_ok(&["genkey", "--bits", "1024", "--out", &dir.path("k.pem")]);
        read(dir.path("k.pem"))
    })
}

/// A directory holding the shared key as `k.pem` and its public key as `pub.pem`.
fn dir_with_key(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    let key = dir.write("k.pem", key_pem());
    montvec_ok(&["pubkey", "--key", &key, "--out", &dir.path("pub.pem")]);
    dir
}

fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut v = vec![0; len];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut v);
    v
}

fn mode(path: &str) -> u32 {
    std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn genkey_writes_each_format_with_mode_0600() {
    let dir = TempDir::new("genkey");
    for (format, der) in PRIVATE_FORMATS {
        let path = dir.path(&format!("{format}-{der}"));
        // An existing, world-readable file is narrowed to 0600 too.
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        montvec_ok_in_format(&["genkey", "--bits", "1024", "--out", &path], format, der);
        let start: &[u8] = match (format, der) {
            ("pkcs8", false) => b"-----BEGIN PRIVATE KEY-----\n",
            ("pkcs1", false) => b"-----BEGIN RSA PRIVATE KEY-----\n",
            // SEQUENCE, two length bytes, INTEGER 0 (version), then AlgorithmIdentifier
            // (PKCS#8) or INTEGER n (PKCS#1).
            ("pkcs8", true) => &[0x30, 0x82],
            _ => &[0x30, 0x82],
        };
        let bytes = read(&path);
        assert!(bytes.starts_with(start), "{format} der={der}");
        if der {
            let next = if format == "pkcs8" { 0x30 } else { 0x02 };
            assert_eq!(bytes[4..8], [0x02, 0x01, 0x00, next], "{format} der={der}");
        }
        assert_eq!(mode(&path), 0o600, "{format} der={der}");
        // The key reads back, and its public key has a 1024-bit modulus: SPKI DER of a
        // 1024-bit key is 162 bytes (30 81 9f ... 02 81 81 00 n ... 02 03 01 00 01).
        let public = dir.path("pub.der");
        montvec_ok(&["pubkey", "--key", &path, "--der", "--out", &public]);
        let spki = read(&public);
        assert_eq!(spki.len(), 162, "{format} der={der}");
        assert!(spki.ends_with(&[0x02, 0x03, 0x01, 0x00, 0x01]));
    }
}

#[test]
fn genkey_exponents() {
    let dir = TempDir::new("exponent");
    // The PKCS#1 RSAPublicKey DER ends with the INTEGER e.
    for (given, tail) in [
        ("0x10001", &[0x02, 0x03, 0x01, 0x00, 0x01][..]),
        ("65539", &[0x02, 0x03, 0x01, 0x00, 0x03][..]),
        ("65537", &[0x02, 0x03, 0x01, 0x00, 0x01][..]),
        (
            "0x100000001",
            &[0x02, 0x05, 0x01, 0x00, 0x00, 0x00, 0x01][..],
        ),
    ] {
        let key = dir.path("k.pem");
        montvec_ok(&[
            "genkey",
            "--bits",
            "1024",
            "--exponent",
            given,
            "--out",
            &key,
        ]);
        let public = dir.path("pub.der");
        montvec_ok(&[
            "pubkey", "--key", &key, "--format", "pkcs1", "--der", "--out", &public,
        ]);
        assert!(read(&public).ends_with(tail), "--exponent {given}");
    }
    // FIPS 186-5 A.1.1: odd, 2^16 < e < 2^256.
    let two_to_256_plus_1 = format!("0x1{}1", "0".repeat(63));
    for bad in ["65536", "65538", "3", "1", "0", &two_to_256_plus_1] {
        let out = montvec(&[
            "genkey",
            "--bits",
            "1024",
            "--exponent",
            bad,
            "--out",
            &dir.path("x"),
        ]);
        fails(
            &format!("--exponent {bad}"),
            out,
            2,
            &["--exponent", "above 2^16 and below 2^256"],
        );
    }
    for bad in ["0x", "-3", "1e5", "0xg"] {
        let exponent = format!("--exponent={bad}");
        let out = montvec(&[
            "genkey",
            "--bits",
            "1024",
            &exponent,
            "--out",
            &dir.path("x"),
        ]);
        fails(&format!("--exponent {bad}"), out, 2, &["--exponent"]);
    }
}

#[test]
fn genkey_errors() {
    let dir = TempDir::new("genkey-errors");
    let out = montvec(&["genkey", "--bits", "100", "--out", &dir.path("k")]);
    fails("--bits 100", out, 2, &["--bits 100"]);
    let nowhere = dir.path("no/such/dir/k.pem");
    let out = montvec(&["genkey", "--bits", "1024", "--out", &nowhere]);
    fails(
        "unwritable --out",
        out,
        2,
        &["--out", &nowhere, "cannot write"],
    );
    // --out is checked before the key is generated: with a size that generation refuses, the
    // error is still --out's; so is a directory.
    let out = montvec(&["genkey", "--bits", "100", "--out", &nowhere]);
    fails("--out first", out, 2, &["--out", &nowhere, "no directory"]);
    let out = montvec(&["genkey", "--bits", "100", "--out", &dir.path("")]);
    fails("--out a directory", out, 2, &["--out", "directory"]);
    assert!(!std::path::Path::new(&dir.path("no")).exists());
    let out = montvec(&["genkey", "--out", &dir.path("k")]);
    fails("no --bits", out, 2, &["--bits"]);
    let out = montvec(&[
        "genkey",
        "--bits",
        "1024",
        "--format",
        "pkcs12",
        "--out",
        &dir.path("k"),
    ]);
    fails("--format pkcs12", out, 2, &["--format"]);
}

#[test]
fn pubkey_formats_read_back() {
    let dir = dir_with_key("pubkey");
    let spki_pem = read(dir.path("pub.pem"));
    assert!(spki_pem.starts_with(b"-----BEGIN PUBLIC KEY-----\n"));
    let pkcs1_pem = dir.path("rsapub.pem");
    montvec_ok(&[
        "pubkey",
        "--key",
        &dir.path("k.pem"),
        "--format",
        "pkcs1",
        "--out",
        &pkcs1_pem,
    ]);
    assert!(read(&pkcs1_pem).starts_with(b"-----BEGIN RSA PUBLIC KEY-----\n"));
    // Each public form, and the private key, gives back the same SPKI PEM.
    for (format, der) in PUBLIC_FORMATS {
        let public = dir.path(&format!("pub-{format}-{der}"));
        let key = dir.path("k.pem");
        montvec_ok_in_format(&["pubkey", "--key", &key, "--out", &public], format, der);
        let again = dir.path("again.pem");
        montvec_ok(&["pubkey", "--key", &public, "--out", &again]);
        assert_eq!(read(&again), spki_pem, "{format} der={der}");
        assert_ne!(mode(&public) & 0o044, 0, "a public key is not made private");
    }
}

#[test]
fn key_file_errors() {
    let dir = dir_with_key("key-errors");
    let missing = dir.path("missing.pem");
    let out = montvec(&["pubkey", "--key", &missing, "--out", &dir.path("o")]);
    fails("missing key", out, 2, &["--key", &missing, "cannot read"]);
    for (name, bytes) in [
        ("garbage", b"not a key at all".to_vec()),
        ("empty", Vec::new()),
        (
            "bad-pem",
            b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".to_vec(),
        ),
        ("truncated", key_pem()[..key_pem().len() / 2].to_vec()),
        ("random-der", random_bytes(1, 600)),
    ] {
        let path = dir.write(name, &bytes);
        let out = montvec(&["pubkey", "--key", &path, "--out", &dir.path("o")]);
        fails(name, out, 2, &["--key", &path]);
        let msg = dir.write("msg", b"hello");
        let out = montvec_sign(&path, &msg, &dir.path("s"), &[]);
        fails(name, out, 2, &["--key", &path]);
    }
    // A public key is not a private key.
    let msg = dir.write("msg", b"hello");
    let public = dir.path("pub.pem");
    let out = montvec_sign(&public, &msg, &dir.path("s"), &[]);
    fails("sign with a public key", out, 2, &["--key", &public]);
    let out = montvec_decrypt(&public, &msg, &dir.path("p"), &[]);
    fails("decrypt with a public key", out, 2, &["--key", &public]);
}

/// Sign `msg` with `extra` options; return the signature.
fn sign(dir: &TempDir, msg: &str, extra: &[&str]) -> Vec<u8> {
    let sig = dir.path("sig");
    ok("sign", montvec_sign(&dir.path("k.pem"), msg, &sig, extra));
    read(sig)
}

/// `montvec rsa verify` of `sig` over `msg` with `extra` options.
fn verify(dir: &TempDir, msg: &str, sig: &[u8], extra: &[&str]) -> std::process::Output {
    let sig = dir.write("to-verify", sig);
    montvec_verify(&dir.path("pub.pem"), msg, &sig, extra)
}

#[test]
fn pkcs1_signatures() {
    let dir = dir_with_key("pkcs1-sign");
    let msg = dir.write("msg", &random_bytes(2, 1000));
    let other = dir.write("other", &random_bytes(3, 1000));
    for hash in [
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha512-224",
        "sha512-256",
        "sha3-256",
        "sha3-512",
    ] {
        let opts = ["--hash", hash];
        let sig = sign(&dir, &msg, &opts);
        assert_eq!(sig.len(), 128, "{hash}");
        // PKCS#1 v1.5 is deterministic.
        assert_eq!(sign(&dir, &msg, &opts), sig, "{hash}");
        assert_valid(verify(&dir, &msg, &sig, &opts), hash);
        assert_invalid(verify(&dir, &other, &sig, &opts), hash);
        let mut bad = sig.clone();
        bad[77] ^= 0x10;
        assert_invalid(verify(&dir, &msg, &bad, &opts), hash);
        // Wrong length, too long or too short, and a value above n. A wrong length is named.
        let short = verify(&dir, &msg, &sig[1..], &opts);
        assert!(
            stderr(&short).contains("has 127 bytes; a 1024-bit key's signatures have 128"),
            "{hash}: {}",
            stderr(&short)
        );
        assert_invalid(short, hash);
        assert_invalid(verify(&dir, &msg, &[&sig[..], &[0]].concat(), &opts), hash);
        assert_invalid(verify(&dir, &msg, &[0xff; 128], &opts), hash);
        assert_invalid(
            verify(
                &dir,
                &msg,
                &sig,
                &["--padding", "pss", "--hash", hash, "--saltlen", "0"],
            ),
            hash,
        );
    }
    let sha256 = sign(&dir, &msg, &[]);
    assert_eq!(
        sha256,
        sign(&dir, &msg, &["--hash", "SHA-256"]),
        "sha256 is the default"
    );
    assert_invalid(
        verify(&dir, &msg, &sha256, &["--hash", "sha384"]),
        "other hash",
    );
    // Another key's verification fails.
    let other_key = TempDir::new("other-key");
    montvec_ok(&[
        "genkey",
        "--bits",
        "1024",
        "--out",
        &other_key.path("k.pem"),
    ]);
    let out = montvec_verify(
        &other_key.path("k.pem"),
        &msg,
        &dir.write("s", &sha256),
        &[],
    );
    assert_invalid(out, "another key");
}

#[test]
fn pss_signatures() {
    let dir = dir_with_key("pss-sign");
    let msg = dir.write("msg", &random_bytes(4, 333));
    for (hash, mgf, salt) in [
        ("sha256", "sha256", "digest"),
        ("sha256", "sha1", "20"),
        ("sha1", "sha1", "0"),
        ("sha384", "sha256", "max"),
        ("sha512", "sha512", "0"),
        ("sha3-256", "sha3-256", "32"),
    ] {
        let what = format!("{hash} {mgf} {salt}");
        let opts = pss_options(hash, mgf, salt);
        let sig = sign(&dir, &msg, &opts);
        assert_eq!(sig.len(), 128, "{what}");
        // Salted signatures differ each time; an empty salt gives the same one.
        assert_eq!(sign(&dir, &msg, &opts) == sig, salt == "0", "{what}");
        assert_valid(verify(&dir, &msg, &sig, &opts), &what);
        let mut bad = sig.clone();
        bad[5] ^= 1;
        assert_invalid(verify(&dir, &msg, &bad, &opts), &what);
        let other_mgf = if mgf == "sha1" { "sha256" } else { "sha1" };
        let wrong_mgf = pss_options(hash, other_mgf, salt);
        assert_invalid(verify(&dir, &msg, &sig, &wrong_mgf), &what);
        let other_salt = if salt == "0" { "1" } else { "0" };
        let wrong_salt = pss_options(hash, mgf, other_salt);
        assert_invalid(verify(&dir, &msg, &sig, &wrong_salt), &what);
        assert_invalid(verify(&dir, &msg, &sig, &["--hash", hash]), &what);
    }
    // Defaults: --mgf1-hash is the --hash, --saltlen is the digest length.
    let sig = sign(&dir, &msg, &["--padding", "pss", "--hash", "sha384"]);
    let explicit = [
        "--padding",
        "pss",
        "--hash",
        "sha384",
        "--mgf1-hash",
        "sha384",
        "--saltlen",
        "48",
    ];
    assert_valid(verify(&dir, &msg, &sig, &explicit), "defaults");
    assert_valid(
        verify(
            &dir,
            &msg,
            &sig,
            &[
                "--padding",
                "pss",
                "--hash",
                "sha384",
                "--saltlen",
                "digest",
            ],
        ),
        "digest",
    );
    // openssl's codes for digest, as a separate argument (not taken for an option).
    let opts = ["--padding", "pss", "--hash", "sha384", "--saltlen", "-1"];
    assert_valid(verify(&dir, &msg, &sig, &opts), "saltlen -1");
}

#[test]
fn signature_option_errors() {
    let dir = dir_with_key("sign-errors");
    let msg = dir.write("msg", b"message");
    let key = dir.path("k.pem");
    let sig_out = dir.path("sig");
    let sign_with = |extra: &[&str]| montvec_sign(&key, &msg, &sig_out, extra);
    let cases: [(&str, &[&str], &[&str]); 9] = [
        (
            "unknown hash",
            &["--hash", "md5"],
            &["--hash", "md5", "sha256"],
        ),
        ("unknown padding", &["--padding", "oaep"], &["--padding"]),
        (
            "saltlen with pkcs1",
            &["--saltlen", "10"],
            &["--saltlen", "pss"],
        ),
        (
            "mgf1 with pkcs1",
            &["--mgf1-hash", "sha1"],
            &["--mgf1-hash", "pss"],
        ),
        (
            "unknown saltlen",
            &["--padding", "pss", "--saltlen", "-4"],
            &["--saltlen", "auto"],
        ),
        (
            "saltlen too long",
            &["--padding", "pss", "--saltlen", "95"],
            &["--saltlen", "at most 94"],
        ),
        (
            "shake with pkcs1",
            &["--hash", "shake128"],
            &["--hash shake128", "pss"],
        ),
        // RFC 8702: SHAKE is both hash and mask or neither; an option error, not the key's.
        (
            "shake hash, sha256 mask",
            &[
                "--padding",
                "pss",
                "--hash",
                "shake256",
                "--mgf1-hash",
                "sha256",
            ],
            &["--hash shake256", "--mgf1-hash sha256", "RFC 8702"],
        ),
        (
            "sha256 hash, shake mask",
            &[
                "--padding",
                "pss",
                "--hash",
                "sha256",
                "--mgf1-hash",
                "shake128",
            ],
            &["--mgf1-hash shake128", "RFC 8702"],
        ),
    ];
    for (what, extra, words) in cases {
        fails(what, sign_with(extra), 2, words);
    }
    // A 512-bit key (accepted for old vectors) holds no SHA-512 DigestInfo: 64 < 19 + 64 + 11.
    let small = dir.write(
        "small.pem",
        b"-----BEGIN PRIVATE KEY-----
MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAw53BzNTSUZ9sRolV
AAthgAAIY/QqhKm+RNF9/Pl8wfcQI/h+TRZ7FYk5dVoYvzMadQvgoIhDFunpauVB
qZ23ywIDAQABAkAjvwhTLfDhCYj3utDVmT7P7TGbUlsSsxIZ8U5clBrANtukX3me
CNZZ1lSJSYnCIFE9FytH37P8HOAvRGGmNGIBAiEA8uUxdyJk3dYBNqgNv6xLG74+
dYXcA0Fi70Eo/uAUAqECIQDOK47PIRCZ8Rv33ZXRCyqdzrwjeNW406C1KHDTk4qO
6wIhAMjSeEBgvnavXpd7AMsNv5ezhl6SiyJh6FOaUzPPvpuhAiEAmyz/tPivFR77
rQjzzT55WgOTaaN2QUHP8Oo6WZTwMfcCICrgUaVlxWJggu0+MXRvGWwAYUaLqwoT
Pd5KZvJ0YKmq
-----END PRIVATE KEY-----
",
    );
    let out = montvec_sign(&small, &msg, &sig_out, &["--hash", "sha512"]);
    fails(
        "sha512 on 512 bits",
        out,
        2,
        &[
            "--key",
            "a 512-bit key is too small for a sha512 PKCS#1 v1.5 signature",
            "at least 745 bits",
        ],
    );
    ok(
        "sha256 on 512 bits",
        montvec_sign(&small, &msg, &sig_out, &[]),
    );
    // `verify` says the same, as a failure to check (2), not as an invalid signature (1).
    let out = montvec_verify(&small, &msg, &sig_out, &["--hash", "sha512"]);
    fails(
        "verify sha512 on 512 bits",
        out,
        2,
        &[
            "--pubkey",
            "a 512-bit key is too small for a sha512 PKCS#1 v1.5",
        ],
    );
    let missing = dir.path("missing");
    let out = montvec_sign(&key, &missing, &sig_out, &[]);
    fails(
        "missing message",
        out,
        2,
        &["--in", &missing, "cannot read"],
    );
    // verify: errors that are not an invalid signature exit 2.
    let sig = sign(&dir, &msg, &[]);
    let sig_path = dir.write("s", &sig);
    let public = dir.path("pub.pem");
    let out = montvec_verify(&public, &msg, &missing, &[]);
    fails("missing signature", out, 2, &["--sig", &missing]);
    let garbage = dir.write("garbage", b"garbage");
    let out = montvec_verify(&garbage, &msg, &sig_path, &[]);
    fails("bad public key", out, 2, &["--pubkey", &garbage]);
    let out = montvec_verify(&public, &msg, &sig_path, &["--hash", "sha999"]);
    fails("unknown hash", out, 2, &["--hash"]);
    // Verifying against a private key file uses its public half.
    let out = montvec_verify(&key, &msg, &sig_path, &[]);
    assert_valid(out, "private key file as --pubkey");
}

/// Encrypt `msg` (a file) with `extra`; return the ciphertext.
fn encrypt(dir: &TempDir, msg: &str, extra: &[&str]) -> Vec<u8> {
    let ct = dir.path("ct");
    ok(
        "encrypt",
        montvec_encrypt(&dir.path("pub.pem"), msg, &ct, extra),
    );
    read(ct)
}

/// `montvec rsa decrypt` of `ct` with `extra`; the output and the plaintext file's path.
fn decrypt(dir: &TempDir, ct: &[u8], extra: &[&str]) -> (std::process::Output, String) {
    let ct = dir.write("ct-in", ct);
    let pt = dir.path("pt");
    let _ = std::fs::remove_file(&pt);
    (montvec_decrypt(&dir.path("k.pem"), &ct, &pt, extra), pt)
}

#[test]
fn encryption_round_trips() {
    let dir = dir_with_key("encrypt");
    let oaep_sha256_max = 128 - 2 * 32 - 2;
    let label = ["--label", "00112233445566778899aabbccddeeff"];
    let cases: Vec<(Vec<&str>, usize)> = vec![
        (vec![], oaep_sha256_max),
        (
            vec!["--padding", "oaep", "--hash", "sha1"],
            128 - 2 * 20 - 2,
        ),
        (
            [&["--hash", "sha256"][..], &label].concat(),
            oaep_sha256_max,
        ),
        (
            [&["--hash", "sha256", "--mgf1-hash", "sha1"][..], &label].concat(),
            oaep_sha256_max,
        ),
        (vec!["--hash", "sha384", "--label", ""], 128 - 2 * 48 - 2),
        (vec!["--padding", "pkcs1"], 128 - 11),
    ];
    for (opts, max) in &cases {
        for len in [0, 1, *max] {
            let what = format!("{opts:?} {len} bytes");
            let plain = random_bytes(len as u64, len);
            let msg = dir.write("msg", &plain);
            let ct = encrypt(&dir, &msg, opts);
            assert_eq!(ct.len(), 128, "{what}");
            assert_ne!(encrypt(&dir, &msg, opts), ct, "{what}: randomized");
            let (out, pt) = decrypt(&dir, &ct, opts);
            ok(&what, out);
            assert_eq!(read(&pt), plain, "{what}");
            assert_eq!(mode(&pt), 0o600, "{what}: plaintext is private");
        }
        let msg = dir.write("msg", &random_bytes(9, max + 1));
        let public = dir.path("pub.pem");
        let mut args = vec![
            "encrypt",
            "--pubkey",
            &public,
            "--in",
            &msg,
            "--out",
            "/dev/null",
        ];
        args.extend_from_slice(opts);
        let expected = format!("at most {max} bytes");
        fails(
            &format!("{opts:?} too long"),
            montvec(&args),
            2,
            &["--in", &msg, &expected],
        );
    }
    // OAEP: a wrong label, hash or MGF1 hash, or a damaged ciphertext, is a decryption error.
    let msg = dir.write("msg", b"attack at dawn");
    let opts = [&["--hash", "sha256"][..], &label].concat();
    let ct = encrypt(&dir, &msg, &opts);
    for wrong in [
        vec!["--label", "00"],
        vec!["--hash", "sha1"],
        [&["--mgf1-hash", "sha1"][..], &label].concat(),
    ] {
        let (out, _) = decrypt(&dir, &ct, &wrong);
        fails(&format!("{wrong:?}"), out, 2, &["--in", "decryption error"]);
    }
    let mut damaged = ct.clone();
    damaged[100] ^= 4;
    let (out, _) = decrypt(&dir, &damaged, &opts);
    fails("damaged", out, 2, &["decryption error"]);
    // PKCS#1 v1.5: a damaged ciphertext decrypts, by implicit rejection, to a message that
    // depends only on the key and the ciphertext.
    let ct = encrypt(&dir, &msg, &["--padding", "pkcs1"]);
    // A middle byte: a change in the first could lift the ciphertext above n (as it did in
    // CI for one random key), which is refused as out of range, not implicitly rejected.
    let mut damaged = ct.clone();
    damaged[ct.len() / 2] ^= 1;
    let (out, pt) = decrypt(&dir, &damaged, &["--padding", "pkcs1"]);
    ok("implicit rejection", out);
    let first = read(&pt);
    assert_ne!(first, b"attack at dawn");
    let (out, pt) = decrypt(&dir, &damaged, &["--padding", "pkcs1"]);
    ok("implicit rejection again", out);
    assert_eq!(read(&pt), first);
}

#[test]
fn raw_rsa() {
    let dir = dir_with_key("raw");
    let mut plain = random_bytes(5, 128);
    plain[0] = 0; // below n
    let msg = dir.write("msg", &plain);
    let raw = ["--padding", "none"];
    let ct = encrypt(&dir, &msg, &raw);
    assert_eq!(ct.len(), 128);
    assert_eq!(encrypt(&dir, &msg, &raw), ct, "raw RSA is deterministic");
    assert_ne!(ct, plain);
    let (out, pt) = decrypt(&dir, &ct, &raw);
    ok("raw decrypt", out);
    assert_eq!(read(&pt), plain);
    // 0 and 1 are their own e-th powers.
    for fixed in [[0u8; 128], {
        let mut one = [0u8; 128];
        one[127] = 1;
        one
    }] {
        let msg = dir.write("fixed", &fixed);
        assert_eq!(encrypt(&dir, &msg, &raw), fixed);
    }
    let public = dir.path("pub.pem");
    for (len, words) in [
        (127, "exactly 128 bytes"),
        (129, "exactly 128 bytes"),
        (0, "exactly 128 bytes"),
    ] {
        let msg = dir.write("short", &vec![0; len]);
        let out = montvec_encrypt(&public, &msg, "/dev/null", &["--padding", "none"]);
        fails(&format!("raw {len} bytes"), out, 2, &["--in", &msg, words]);
    }
    let msg = dir.write("big", &[0xff; 128]);
    let out = montvec_encrypt(&public, &msg, "/dev/null", &["--padding", "none"]);
    fails(
        "raw above n",
        out,
        2,
        &["--in", "not below the 1024-bit modulus"],
    );
}

#[test]
fn ciphertext_and_option_errors() {
    let dir = dir_with_key("decrypt-errors");
    for padding in ["oaep", "pkcs1", "none"] {
        for (what, ct) in [
            ("short", vec![1; 127]),
            ("long", vec![1; 129]),
            ("empty", vec![]),
        ] {
            let (out, _) = decrypt(&dir, &ct, &["--padding", padding]);
            fails(
                &format!("{padding} {what}"),
                out,
                2,
                &["--in", "a ciphertext for a 1024-bit key is 128 bytes"],
            );
        }
        // The right length: the message names the value as the cause.
        let (out, _) = decrypt(&dir, &[0xff; 128], &["--padding", padding]);
        fails(
            &format!("{padding} above n"),
            out,
            2,
            &["--in", "128-byte", "not below the 1024-bit key's modulus"],
        );
    }
    let msg = dir.write("msg", b"x");
    let public = dir.path("pub.pem");
    for (opts, words) in [
        (
            &["--padding", "pkcs1", "--label", "00"][..],
            &["--label", "oaep"][..],
        ),
        (
            &["--padding", "none", "--hash", "sha1"][..],
            &["--hash", "oaep"][..],
        ),
        (&["--label", "0"][..], &["--label", "two per byte"][..]),
        (
            &["--label", "zz"][..],
            &["--label", "not a hexadecimal digit"][..],
        ),
        (&["--hash", "md4"][..], &["--hash", "md4"][..]),
        (&["--padding", "pss"][..], &["--padding"][..]),
        // OAEP has no SHAKE variant: a usage error before any file is read.
        (
            &["--hash", "shake128"][..],
            &["--hash shake128", "no SHAKE"][..],
        ),
        (
            &["--mgf1-hash", "shake256"][..],
            &["--mgf1-hash shake256", "no SHAKE"][..],
        ),
    ] {
        let out = montvec_encrypt(&public, &msg, "/dev/null", opts);
        fails(&format!("{opts:?}"), out, 2, words);
    }
    // A key too small for OAEP with SHA-512 (128 < 2·64 + 2): the key's fault, not the input's.
    let out = montvec_encrypt(&public, &msg, "/dev/null", &["--hash", "sha512"]);
    fails(
        "sha512 on 1024 bits",
        out,
        2,
        &[
            "--pubkey",
            "too small for OAEP with sha512",
            "at least 1033 bits",
        ],
    );
    // Decryption says so too, rather than blaming the ciphertext with a decryption error.
    let (out, _) = decrypt(&dir, &[1; 128], &["--hash", "sha512"]);
    fails(
        "decrypt sha512 on 1024 bits",
        out,
        2,
        &["--key", "too small for OAEP with sha512"],
    );
}

#[test]
fn standard_streams() {
    let dir = dir_with_key("streams");
    let key = dir.path("k.pem");
    let public = dir.path("pub.pem");
    let message = random_bytes(6, 5000);
    let out = ok(
        "sign stdin",
        montvec_stdin(
            &["sign", "--key", &key, "--in", "-", "--out", "-"],
            &message,
        ),
    );
    let sig = out.stdout;
    assert_eq!(sig.len(), 128);
    let msg = dir.write("msg", &message);
    let sig_path = dir.write("sig", &sig);
    let out = montvec_stdin(
        &[
            "verify", "--pubkey", &public, "--in", "-", "--sig", &sig_path,
        ],
        &message,
    );
    assert_valid(out, "message on stdin");
    let out = montvec_stdin(
        &["verify", "--pubkey", &public, "--in", &msg, "--sig", "-"],
        &sig,
    );
    assert_valid(out, "signature on stdin");
    let out = montvec_stdin(
        &["verify", "--pubkey", &public, "--in", "-", "--sig", "-"],
        &message,
    );
    fails("two stdins", out, 2, &["--in and --sig"]);
    let out = ok(
        "encrypt stdin",
        montvec_stdin(
            &["encrypt", "--pubkey", &public, "--in", "-", "--out", "-"],
            b"hi",
        ),
    );
    let out = ok(
        "decrypt stdin",
        montvec_stdin(
            &["decrypt", "--key", &key, "--in", "-", "--out", "-"],
            &out.stdout,
        ),
    );
    assert_eq!(out.stdout, b"hi");
    let out = ok(
        "key on stdin",
        montvec_stdin(&["pubkey", "--key", "-", "--out", "-"], key_pem()),
    );
    assert_eq!(out.stdout, read(&public));
    let out = ok(
        "genkey to stdout",
        montvec(&["genkey", "--bits", "1024", "--out", "-"]),
    );
    assert!(out.stdout.starts_with(b"-----BEGIN PRIVATE KEY-----\n"));
}

/// Endless inputs (`/dev/zero`) as keys, signatures, ciphertexts, plaintexts and roundtrip
/// files are refused with exit status 2 once past the command's limit (they were read into
/// memory until it ran out); a message to sign or verify is hashed as it is read, so one of
/// 3 MiB signs and verifies, and a change in its last byte is caught.
#[test]
fn endless_inputs_are_refused_and_long_messages_are_streamed() {
    let dir = dir_with_key("endless");
    let (key, public) = (dir.path("k.pem"), dir.path("pub.pem"));
    let msg = dir.write("msg", b"m");
    let sig = dir.path("sig");
    montvec_ok(&["sign", "--key", &key, "--in", &msg, "--out", &sig]);
    let zero = "/dev/zero";
    let over = "more than 1048576 bytes";
    let runs: [(&str, Output, &str); 6] = [
        ("--key", montvec_sign(zero, &msg, &sig, &[]), over),
        ("--pubkey", montvec_verify(zero, &msg, &sig, &[]), over),
        ("--sig", montvec_verify(&public, &msg, zero, &[]), over),
        (
            "--in",
            montvec_encrypt(&public, zero, &dir.path("ct"), &[]),
            over,
        ),
        (
            "--in",
            montvec_decrypt(&key, zero, &dir.path("pt"), &[]),
            over,
        ),
        (
            "FILE",
            montvec(&["roundtrip", "--bits", "1024", zero]),
            "more than 67108864 bytes",
        ),
    ];
    for (option, out, words) in runs {
        fails(option, out, 2, &[option, "/dev/zero", words]);
    }

    let mut long = random_bytes(3, 3 << 20);
    let msg = dir.write("long", &long);
    for padding in ["pkcs1", "pss"] {
        ok(
            padding,
            montvec_sign(&key, &msg, &sig, &["--padding", padding]),
        );
        assert_valid(
            montvec_verify(&public, &msg, &sig, &["--padding", padding]),
            padding,
        );
    }
    *long.last_mut().unwrap() ^= 1;
    let changed = dir.write("changed", &long);
    assert_invalid(
        montvec_verify(&public, &changed, &sig, &["--padding", "pss"]),
        "changed",
    );
}

/// A secret output over a longer, world-readable file: the file holds the new bytes only,
/// with mode 0600 (it is narrowed, then emptied, then written: not truncated on opening, so
/// that a file whose mode cannot be narrowed keeps its content).
#[test]
fn secret_output_replaces_a_longer_file() {
    let dir = dir_with_key("replace");
    let msg = dir.write("msg", b"short");
    let ct = dir.write("ct-in", &encrypt(&dir, &msg, &[]));
    let pt = dir.write("pt", &[0x55; 4096]);
    std::fs::set_permissions(&pt, std::fs::Permissions::from_mode(0o644)).unwrap();
    ok(
        "decrypt over a longer file",
        montvec_decrypt(&dir.path("k.pem"), &ct, &pt, &[]),
    );
    assert_eq!(read(&pt), b"short");
    assert_eq!(mode(&pt), 0o600);
}

/// Secret output (a private key, a plaintext) to something that is not a regular file: a pipe
/// behind `/dev/stdout`, and `/dev/null`, whose mode must stay as it was (the command once
/// narrowed every secret output to 0600 and synced it, so it failed on a pipe after writing
/// and, run as root, made `/dev/null` unusable for other users). And the verdict or report to
/// a full device: exit status 2 and a message, not a panic.
#[test]
fn secret_output_to_pipes_and_devices() {
    let dir = dir_with_key("devices");
    let (key, public) = (dir.path("k.pem"), dir.path("pub.pem"));
    let pt = dir.write("pt", b"to a pipe");
    let ct = dir.path("ct");
    montvec_ok(&["encrypt", "--pubkey", &public, "--in", &pt, "--out", &ct]);
    // The harness gives the child a pipe as standard output.
    let out = montvec_ok(&[
        "decrypt",
        "--key",
        &key,
        "--in",
        &ct,
        "--out",
        "/dev/stdout",
    ]);
    assert_eq!(out.stdout, b"to a pipe");
    let out = montvec_ok(&["genkey", "--bits", "1024", "--out", "/dev/stdout"]);
    assert!(out.stdout.starts_with(b"-----BEGIN PRIVATE KEY-----\n"));
    let null_mode = mode("/dev/null");
    montvec_ok(&["decrypt", "--key", &key, "--in", &ct, "--out", "/dev/null"]);
    assert_eq!(mode("/dev/null"), null_mode, "/dev/null's mode changed");

    // stdout on /dev/full (where the system has it): every write fails with ENOSPC.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("SKIPPED the /dev/full part: no /dev/full");
        return;
    };
    let msg = dir.write("msg", b"signed");
    let sig = dir.path("sig");
    montvec_ok(&["sign", "--key", &key, "--in", &msg, "--out", &sig]);
    let bad = dir.write("bad-sig", &[0u8; 128]);
    let file = dir.write("text", b"a short file");
    let runs: [(&str, Vec<&str>); 3] = [
        (
            "verify, valid",
            vec!["verify", "--pubkey", &public, "--in", &msg, "--sig", &sig],
        ),
        (
            "verify, invalid",
            vec!["verify", "--pubkey", &public, "--in", &msg, "--sig", &bad],
        ),
        ("roundtrip", vec!["roundtrip", "--bits", "1024", &file]),
    ];
    for (what, args) in runs {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_montvec"))
            .arg("rsa")
            .args(&args)
            .stdout(full.try_clone().expect("clone /dev/full"))
            .output()
            .expect("run montvec");
        fails(what, out, 2, &["cannot write the report"]);
    }
    // The hint on a wrong-length signature goes to standard error on a best-effort basis: with
    // standard error on /dev/full the verdict (exit status 1) stands.
    let short = dir.write("short-sig", &[0u8; 5]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_montvec"))
        .args([
            "rsa", "verify", "--pubkey", &public, "--in", &msg, "--sig", &short,
        ])
        .stderr(full.try_clone().expect("clone /dev/full"))
        .output()
        .expect("run montvec");
    assert_eq!(status(&out), 1);
    assert_eq!(stdout(&out), "Verification failure\n");
}

/// `roundtrip --out -`: the decrypted file alone on standard output, the report on standard
/// error.
#[test]
fn roundtrip_to_standard_output_reports_on_standard_error() {
    let dir = TempDir::new("roundtrip-stdout");
    let text = random_bytes(9, 700);
    let file = dir.write("text", &text);
    let out = montvec_ok(&["roundtrip", "--bits", "1024", "--out", "-", &file]);
    assert_eq!(out.stdout, text);
    assert_eq!(
        report_line(&stderr(&out), "blocks that differ"),
        "blocks that differ after the round trip: 0"
    );
}

/// The `key: value` numbers of a roundtrip report line starting with `label`.
fn report_line<'a>(report: &'a str, label: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label:?} line in {report}"))
}

#[test]
fn roundtrip_recovers_every_block() {
    let dir = TempDir::new("roundtrip");
    // Text with a run of zero bytes at a block start (they must survive), 50 full raw blocks
    // of 127 bytes and a partial one.
    let mut text = b"Everyone has the right to life, liberty and security of person. ".repeat(100);
    text.truncate(50 * 127 + 31);
    text[127..131].fill(0);
    let file = dir.write("corpus.txt", &text);
    for (padding, block, blocks) in [("none", 127, 51), ("oaep", 62, text.len().div_ceil(62))] {
        let recovered = dir.path("recovered");
        let out = montvec_ok(&[
            "roundtrip",
            "--bits",
            "1024",
            "--padding",
            padding,
            "--out",
            &recovered,
            &file,
        ]);
        let report = stdout(&out);
        assert!(
            report_line(&report, "key:").contains("1024 bits, e = 65537"),
            "{report}"
        );
        let expected = format!(
            "{} bytes in {blocks} blocks of up to {block} bytes",
            text.len()
        );
        assert!(
            report_line(&report, "file:").contains(&expected),
            "{report}"
        );
        for direction in ["encrypt:", "decrypt:"] {
            let line = report_line(&report, direction);
            assert!(
                line.contains(" MB/s, ") && line.ends_with(" blocks/s"),
                "{report}"
            );
        }
        assert_eq!(
            report_line(&report, "blocks that differ"),
            "blocks that differ after the round trip: 0"
        );
        assert_eq!(read(&recovered), text, "{padding}");
    }
    let empty = dir.write("empty", b"");
    let out = montvec_ok(&["roundtrip", "--bits", "1024", &empty]);
    assert!(
        stdout(&out).contains("0 bytes in 0 blocks"),
        "{}",
        stdout(&out)
    );
    let missing = dir.path("missing");
    fails(
        "missing file",
        montvec(&["roundtrip", "--bits", "1024", &missing]),
        2,
        &[&missing],
    );
    fails(
        "bad bits",
        montvec(&["roundtrip", "--bits", "12", &file]),
        2,
        &["--bits 12"],
    );
    // --out is checked before the key is generated, as genkey's: with a size that generation
    // refuses, the error is still --out's.
    let nowhere = dir.path("no/such/dir/recovered");
    fails(
        "unwritable --out",
        montvec(&["roundtrip", "--bits", "12", "--out", &nowhere, &file]),
        2,
        &["--out", &nowhere, "no directory"],
    );
}

/// A MONTVEC_BACKEND the CPU lacks is named as the cause, not the first key or file to meet it.
#[test]
fn a_bad_backend_is_named() {
    let dir = dir_with_key("bad-backend");
    let msg = dir.write("msg", b"hello");
    for args in [
        &["genkey", "--bits", "1024", "--out", &dir.path("k2")][..],
        &[
            "sign",
            "--key",
            &dir.path("k.pem"),
            "--in",
            &msg,
            "--out",
            &dir.path("sig"),
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_montvec"))
            .arg("rsa")
            .args(args)
            .env("MONTVEC_BACKEND", "bogus")
            .output()
            .expect("run montvec");
        fails(args[0], out, 2, &["MONTVEC_BACKEND", "bogus"]);
    }
}

#[test]
fn help_describes_the_options() {
    let out = montvec_ok(&["sign", "--help"]);
    let help = stdout(&out);
    for word in [
        "--saltlen",
        "rsa_pss_saltlen:digest",
        "rsa_pss_saltlen:max",
        "auto",
        "--mgf1-hash",
        "sha256",
    ] {
        assert!(
            help.contains(word),
            "{word} missing from sign --help:\n{help}"
        );
    }
    let help = stdout(&montvec_ok(&["encrypt", "--help"]));
    for word in [
        "--label",
        "rsa_oaep_label",
        "oaep",
        "pkcs1",
        "none",
        "rsa_oaep_md",
    ] {
        assert!(
            help.contains(word),
            "{word} missing from encrypt --help:\n{help}"
        );
    }
    let help = stdout(&montvec_ok(&["--help"]));
    for cmd in [
        "genkey",
        "pubkey",
        "sign",
        "verify",
        "encrypt",
        "decrypt",
        "roundtrip",
    ] {
        assert!(help.contains(cmd), "{cmd} missing from rsa --help");
    }
}
