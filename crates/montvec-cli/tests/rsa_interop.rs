//! `montvec rsa` against the system `openssl` command, both directions, at 1024, 2048, 3072
//! and 4096 bits: key files (openssl reads every format montvec writes, montvec reads every
//! format openssl writes), PKCS#1 v1.5 and PSS signatures, OAEP with SHA-1 and with SHA-256
//! and a label, PKCS#1 v1.5 encryption and raw RSA. Each size's two keys (one made by each
//! tool) are generated once for the whole file. Without a working `openssl` every test fails,
//! unless `MONTVEC_SKIP_OPENSSL` is set: then each prints a SKIPPED line and passes.

mod rsa_harness;

use std::sync::OnceLock;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rsa_harness::*;

const SIZES: [usize; 4] = [1024, 2048, 3072, 4096];

/// A size's two private keys, PKCS#8 PEM: one from `montvec rsa genkey`, one from
/// `openssl genpkey`.
struct Keys {
    montvec: Vec<u8>,
    openssl: Vec<u8>,
}

fn keys(bits: usize) -> &'static Keys {
    static KEYS: [OnceLock<Keys>; 4] = [const { OnceLock::new() }; 4];
    let i = SIZES
        .iter()
        .position(|&b| b == bits)
        .expect("a tested size");
    KEYS[i].get_or_init(|| {
        let dir = TempDir::new("keys");
        let bits = bits.to_string();
        montvec_ok(&["genkey", "--bits", &bits, "--out", &dir.path("m.pem")]);
        let opt = format!("rsa_keygen_bits:{bits}");
        openssl_ok(&[
            "genpkey",
            "-algorithm",
            "RSA",
            "-pkeyopt",
            &opt,
            "-out",
            &dir.path("o.pem"),
        ]);
        Keys {
            montvec: read(dir.path("m.pem")),
            openssl: read(dir.path("o.pem")),
        }
    })
}

/// A key of `bits` made by each tool, written into `dir` as (origin, private key PEM, public
/// key PEM from `openssl pkey -pubout`).
fn key_files(dir: &TempDir, bits: usize) -> Vec<(&'static str, String, String)> {
    let keys = keys(bits);
    [("montvec", &keys.montvec), ("openssl", &keys.openssl)]
        .into_iter()
        .map(|(origin, pem)| {
            let key = dir.write(&format!("{origin}-{bits}.pem"), pem);
            let public = dir.path(&format!("{origin}-{bits}-pub.pem"));
            openssl_ok(&["pkey", "-in", &key, "-pubout", "-out", &public]);
            (origin, key, public)
        })
        .collect()
}

fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut v = vec![0; len];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut v);
    v
}

/// SPKI DER of a key file, by openssl (`pubin`: the file holds a public key).
fn openssl_spki_der(dir: &TempDir, file: &str, inform: &str, pubin: bool) -> Vec<u8> {
    let out = dir.path("openssl-spki.der");
    let mut args = vec![
        "pkey", "-in", file, "-inform", inform, "-pubout", "-outform", "DER", "-out", &out,
    ];
    if pubin {
        args.push("-pubin");
    }
    openssl_ok(&args);
    read(out)
}

/// SPKI DER of a key file, by montvec.
fn montvec_spki_der(dir: &TempDir, file: &str) -> Vec<u8> {
    let out = dir.path("montvec-spki.der");
    montvec_ok(&["pubkey", "--key", file, "--der", "--out", &out]);
    read(out)
}

#[test]
fn key_files_both_ways() {
    if !openssl_present("key_files_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-keys");
    for (size, bits) in SIZES.into_iter().enumerate() {
        let n = bits.to_string();
        // openssl reads every private key format montvec writes, finds it consistent, and
        // derives the public key montvec does: every format at 1024 bits, another one at each
        // larger size (each file is a fresh key; every format at every size, 16 keys with four
        // of 4096 bits, took most of the test's time).
        let formats = if size == 0 {
            &PRIVATE_FORMATS[..]
        } else {
            &PRIVATE_FORMATS[size % PRIVATE_FORMATS.len()..][..1]
        };
        for &(format, der) in formats {
            let what = format!("{bits} {format} der={der}");
            let key = dir.path(&format!("m-{format}-{der}"));
            montvec_ok_in_format(&["genkey", "--bits", &n, "--out", &key], format, der);
            let inform = if der { "DER" } else { "PEM" };
            let check = openssl_ok(&["pkey", "-in", &key, "-inform", inform, "-check", "-noout"]);
            assert!(
                stdout(&check).contains("Key is valid"),
                "{what}: {}",
                stdout(&check)
            );
            let text = openssl_ok(&["pkey", "-in", &key, "-inform", inform, "-noout", "-text"]);
            let header = format!("Private-Key: ({bits} bit, 2 primes)");
            assert!(stdout(&text).contains(&header), "{what}: {}", stdout(&text));
            let spki = openssl_spki_der(&dir, &key, inform, false);
            assert_eq!(montvec_spki_der(&dir, &key), spki, "{what}");
            // ... and every public key format.
            for (pformat, pder) in PUBLIC_FORMATS {
                let public = dir.path("m-pub");
                montvec_ok_in_format(&["pubkey", "--key", &key, "--out", &public], pformat, pder);
                let pinform = if pder { "DER" } else { "PEM" };
                let read_back = dir.path("o-pub.der");
                let mut args = vec![
                    "-in", &public, "-inform", pinform, "-pubout", "-outform", "DER", "-out",
                    &read_back,
                ];
                match pformat {
                    "spki" => args.splice(0..0, ["pkey", "-pubin"]),
                    _ => args.splice(0..0, ["rsa", "-RSAPublicKey_in"]),
                };
                openssl_ok(&args);
                assert_eq!(
                    read(&read_back),
                    spki,
                    "{what}: public {pformat} der={pder}"
                );
            }
        }

        // montvec reads every format openssl writes.
        let key = dir.write("o.pem", &keys(bits).openssl);
        let spki = openssl_spki_der(&dir, &key, "PEM", false);
        let public_pem = dir.path("o-pub-for-verify.pem");
        openssl_ok(&["pkey", "-in", &key, "-pubout", "-out", &public_pem]);
        // (file, openssl command, what the file must start with, whether it is public). In
        // OpenSSL 3.0 `pkey -outform DER` writes PKCS#1 and `rsa -outform DER` PKCS#8.
        let pkcs8_der: &[u8] = &[0x02, 0x01, 0x00, 0x30]; // version 0, then AlgorithmIdentifier
        let pkcs1_der: &[u8] = &[0x02, 0x01, 0x00, 0x02]; // version 0, then INTEGER n
        let converted: [(&str, &[&str], &[u8], bool); 8] = [
            (
                "o-pkcs8.pem",
                &["pkey"],
                b"-----BEGIN PRIVATE KEY-----",
                false,
            ),
            (
                "o-pkcs1.pem",
                &["pkey", "-traditional"],
                b"-----BEGIN RSA PRIVATE KEY-----",
                false,
            ),
            (
                "o-pkcs8.der",
                &["pkcs8", "-topk8", "-nocrypt", "-outform", "DER"],
                pkcs8_der,
                false,
            ),
            (
                "o-pkcs1.der",
                &["pkey", "-outform", "DER"],
                pkcs1_der,
                false,
            ),
            (
                "o-spki.pem",
                &["pkey", "-pubout"],
                b"-----BEGIN PUBLIC KEY-----",
                true,
            ),
            (
                "o-spki.der",
                &["pkey", "-pubout", "-outform", "DER"],
                &[0x30],
                true,
            ),
            (
                "o-rsapub.pem",
                &["rsa", "-RSAPublicKey_out"],
                b"-----BEGIN RSA PUBLIC KEY-----",
                true,
            ),
            (
                "o-rsapub.der",
                &["rsa", "-RSAPublicKey_out", "-outform", "DER"],
                &[0x30],
                true,
            ),
        ];
        let msg = dir.write("msg", b"key files both ways");
        for (name, command, start, public) in converted {
            let what = format!("{bits} {name}");
            let file = dir.path(name);
            let mut args = command.to_vec();
            args.extend_from_slice(&["-in", &key, "-out", &file]);
            openssl_ok(&args);
            let bytes = read(&file);
            let body = if start.len() == 4 {
                &bytes[4..]
            } else {
                &bytes[..]
            };
            assert!(body.starts_with(start), "{what}: {:02x?}", &bytes[..8]);
            assert_eq!(montvec_spki_der(&dir, &file), spki, "{what}");
            if !public {
                // The private parts too: montvec signs with the file, openssl verifies.
                let sig = dir.path("sig");
                montvec_ok(&["sign", "--key", &file, "--in", &msg, "--out", &sig]);
                let out = openssl_ok(&[
                    "dgst",
                    "-sha256",
                    "-verify",
                    &public_pem,
                    "-signature",
                    &sig,
                    &msg,
                ]);
                assert_eq!(stdout(&out), "Verified OK\n", "{what}");
            }
        }
    }
}

#[test]
fn pkcs1_signatures_both_ways() {
    if !openssl_present("pkcs1_signatures_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-pkcs1-sign");
    let msg = dir.write("msg", &random_bytes(1, 3000));
    let hashes = [
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha512-256",
        "sha3-256",
        "sha3-512",
    ];
    for bits in SIZES {
        for (origin, key, public) in key_files(&dir, bits) {
            for hash in hashes {
                let what = format!("{bits} {origin} key, {hash}");
                let (by_openssl, by_montvec) = (dir.path("o.sig"), dir.path("m.sig"));
                openssl_sign(hash, &key, &msg, &by_openssl, &[]);
                ok(
                    &what,
                    montvec_sign(&key, &msg, &by_montvec, &["--hash", hash]),
                );
                // PKCS#1 v1.5 is deterministic: both tools give the same bytes.
                assert_eq!(read(&by_montvec), read(&by_openssl), "{what}");
                let out = montvec_verify(&public, &msg, &by_openssl, &["--hash", hash]);
                assert_valid(out, &what);
                openssl_verifies(hash, &public, &msg, &by_montvec, &[]);
            }
        }
    }
}

#[test]
fn pss_signatures_both_ways() {
    if !openssl_present("pss_signatures_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-pss");
    let msg = dir.write("msg", &random_bytes(2, 777));
    let (by_openssl, by_montvec) = (dir.path("o.sig"), dir.path("m.sig"));
    let pss_mode = ["-sigopt", "rsa_padding_mode:pss"];
    for bits in SIZES {
        for (origin, key, public) in key_files(&dir, bits) {
            for (hash, mgf, salt) in [
                ("sha256", "sha256", "32"),
                ("sha256", "sha1", "0"),
                ("sha1", "sha1", "20"),
                ("sha384", "sha384", "max"),
                ("sha512", "sha256", "62"), // the most a 1024-bit key holds with SHA-512
                ("sha3-256", "sha3-256", "17"),
            ] {
                let what = format!("{bits} {origin} key, {hash} mgf1 {mgf} salt {salt}");
                let salt_opt = format!("rsa_pss_saltlen:{salt}");
                let mgf_opt = format!("rsa_mgf1_md:{mgf}");
                let sigopts =
                    [&pss_mode[..], &["-sigopt", &salt_opt, "-sigopt", &mgf_opt]].concat();
                let ours = pss_options(hash, mgf, salt);
                // openssl signs, montvec verifies; montvec signs, openssl verifies.
                openssl_sign(hash, &key, &msg, &by_openssl, &sigopts);
                assert_valid(montvec_verify(&public, &msg, &by_openssl, &ours), &what);
                ok(&what, montvec_sign(&key, &msg, &by_montvec, &ours));
                openssl_verifies(hash, &public, &msg, &by_montvec, &sigopts);
            }

            // Defaults. openssl 3.0 signs with the longest salt (`max`) when none is given;
            // montvec verifies that with `--saltlen max` or `auto`, and its default (a
            // digest-length salt) rejects it. montvec signs with a digest-length salt, which
            // openssl's default (`auto`) and `digest` verifications accept.
            let what = format!("{bits} {origin} key, defaults");
            openssl_sign("sha256", &key, &msg, &by_openssl, &pss_mode);
            for salt in ["max", "auto", "-2"] {
                let opts = ["--padding", "pss", "--saltlen", salt];
                assert_valid(montvec_verify(&public, &msg, &by_openssl, &opts), &what);
            }
            // `auto` reads any length: openssl's signatures with a 7-byte salt too.
            let seven = [&pss_mode[..], &["-sigopt", "rsa_pss_saltlen:7"]].concat();
            openssl_sign("sha256", &key, &msg, &by_openssl, &seven);
            let auto = ["--padding", "pss", "--saltlen", "auto"];
            assert_valid(montvec_verify(&public, &msg, &by_openssl, &auto), &what);
            // Signing with `auto` uses the longest salt, as openssl does.
            ok(&what, montvec_sign(&key, &msg, &by_montvec, &auto));
            let max = [&pss_mode[..], &["-sigopt", "rsa_pss_saltlen:max"]].concat();
            openssl_verifies("sha256", &public, &msg, &by_montvec, &max);
            openssl_sign("sha256", &key, &msg, &by_openssl, &pss_mode);
            assert_invalid(
                montvec_verify(&public, &msg, &by_openssl, &["--padding", "pss"]),
                &what,
            );
            ok(
                &what,
                montvec_sign(&key, &msg, &by_montvec, &["--padding", "pss"]),
            );
            openssl_verifies("sha256", &public, &msg, &by_montvec, &pss_mode);
            let digest = [&pss_mode[..], &["-sigopt", "rsa_pss_saltlen:digest"]].concat();
            openssl_verifies("sha256", &public, &msg, &by_montvec, &digest);

            // `openssl pkeyutl` over the raw message, as the example does it.
            let pkeyutl = |op: &[&str], sig: &str| {
                let base = ["pkeyutl", "-rawin", "-digest", "sha256", "-in", &msg];
                let opts = [
                    "-pkeyopt",
                    "rsa_padding_mode:pss",
                    "-pkeyopt",
                    "rsa_pss_saltlen:32",
                ];
                openssl_ok(&[&base[..], op, &[sig], &opts].concat())
            };
            let by_pkeyutl = dir.path("pkeyutl.sig");
            pkeyutl(&["-sign", "-inkey", &key, "-out"], &by_pkeyutl);
            let out = montvec_verify(&public, &msg, &by_pkeyutl, &["--padding", "pss"]);
            assert_valid(out, &what);
            let out = pkeyutl(
                &["-verify", "-pubin", "-inkey", &public, "-sigfile"],
                &by_montvec,
            );
            assert_eq!(
                stdout(&out),
                "Signature Verified Successfully\n",
                "{what}: pkeyutl"
            );
        }
    }
}

/// Keys from `openssl genpkey -algorithm RSA-PSS`, with and without `RSASSA-PSS-params`:
/// montvec signs with what the key names when no option is given (PSS, its hash, MGF1 hash and
/// salt length, as openssl does), openssl verifies and the reverse, options that contradict
/// the key and every other padding are refused (status 2), and `pubkey` writes openssl's SPKI
/// back byte for byte, but not as PKCS#1.
#[test]
fn rsa_pss_keys_both_ways() {
    if !openssl_present("rsa_pss_keys_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-rsa-pss");
    let msg = dir.write("msg", &random_bytes(3, 300));
    let (by_openssl, by_montvec) = (dir.path("o.sig"), dir.path("m.sig"));
    // (key options, the hash and salt length its signatures use, openssl's verify options)
    let restricted = [
        "-pkeyopt",
        "rsa_pss_keygen_md:sha256",
        "-pkeyopt",
        "rsa_pss_keygen_mgf1_md:sha384",
        "-pkeyopt",
        "rsa_pss_keygen_saltlen:40",
    ];
    // A key whose own salt length does not fit it with its hash: the message says where the
    // length came from.
    let small = dir.path("small.pem");
    openssl_ok(&[
        "genpkey",
        "-algorithm",
        "RSA-PSS",
        "-pkeyopt",
        "rsa_keygen_bits:512",
        "-pkeyopt",
        "rsa_pss_keygen_md:sha512",
        "-out",
        &small,
    ]);
    let out = montvec_sign(&small, &msg, &dir.path("none"), &[]);
    fails(
        "512-bit RSA-PSS key with SHA-512",
        out,
        2,
        &["the key's RSASSA-PSS-params salt length", "too small"],
    );
    for (keyopts, hash) in [(&restricted[..], "sha256"), (&[][..], "sha256")] {
        let what = format!("RSA-PSS key {keyopts:?}");
        let key = dir.path("pss.pem");
        let public = dir.path("pss-pub.pem");
        let base = [
            "genpkey",
            "-algorithm",
            "RSA-PSS",
            "-pkeyopt",
            "rsa_keygen_bits:2048",
            "-out",
            &key,
        ];
        openssl_ok(&[&base[..], keyopts].concat());
        openssl_ok(&["pkey", "-in", &key, "-pubout", "-out", &public]);
        // Without parameters the key takes any PSS: montvec's defaults (a digest-length salt)
        // and openssl's `auto` verification.
        let salt = if keyopts.is_empty() { "32" } else { "40" };
        let salt_opt = format!("rsa_pss_saltlen:{salt}");
        let sigopts = ["-sigopt", "rsa_padding_mode:pss", "-sigopt", &salt_opt];
        ok(&what, montvec_sign(&key, &msg, &by_montvec, &[]));
        openssl_verifies(hash, &public, &msg, &by_montvec, &sigopts);
        openssl_sign(hash, &key, &msg, &by_openssl, &sigopts);
        assert_valid(montvec_verify(&public, &msg, &by_openssl, &[]), &what);
        assert_valid(montvec_verify(&key, &msg, &by_openssl, &[]), &what);

        // Every other padding is refused, before anything is written.
        let bad = dir.path("refused");
        for (out, words) in [
            (
                montvec_sign(&key, &msg, &bad, &["--padding", "pkcs1"]),
                &["PSS signatures only", "PKCS#1 v1.5"][..],
            ),
            (
                montvec_verify(&public, &msg, &by_openssl, &["--padding", "pkcs1"]),
                &["PSS signatures only"][..],
            ),
            (
                montvec_encrypt(&public, &msg, &bad, &[]),
                &["--pubkey", "PSS signatures only", "OAEP"][..],
            ),
            (
                montvec_encrypt(&public, &msg, &bad, &["--padding", "pkcs1"]),
                &["PSS signatures only", "PKCS#1 v1.5 encryption"][..],
            ),
            (
                montvec_decrypt(&key, &by_openssl, &bad, &[]),
                &["--key", "PSS signatures only"][..],
            ),
            (
                montvec_encrypt(&public, &by_openssl, &bad, &["--padding", "none"]),
                &["PSS signatures only", "raw RSA"][..],
            ),
            (
                montvec_decrypt(&key, &by_openssl, &bad, &["--padding", "none"]),
                &["PSS signatures only", "raw RSA"][..],
            ),
            (
                montvec(&["pubkey", "--key", &key, "--format", "pkcs1", "--out", &bad]),
                &["RSA-PSS key", "--format spki"][..],
            ),
        ] {
            fails(&what, out, 2, words);
            assert!(
                !std::path::Path::new(&bad).exists(),
                "{what}: {bad} written"
            );
        }
        if !keyopts.is_empty() {
            for opts in [
                &["--hash", "sha384"][..],
                &["--mgf1-hash", "sha256"],
                &["--saltlen", "39"],
            ] {
                let out = montvec_sign(&key, &msg, &bad, opts);
                fails(&what, out, 2, &["RSASSA-PSS-params ask for"]);
            }
            // A longer salt than the key's minimum is allowed.
            let longer = [&sigopts[..2], &["-sigopt", "rsa_pss_saltlen:41"]].concat();
            ok(
                &what,
                montvec_sign(&key, &msg, &by_montvec, &["--saltlen", "41"]),
            );
            openssl_verifies(hash, &public, &msg, &by_montvec, &longer);
        }

        // The SPKI montvec writes is openssl's, byte for byte, PEM and DER.
        let ours = dir.path("ours.pem");
        montvec_ok(&["pubkey", "--key", &key, "--out", &ours]);
        assert_eq!(read(&ours), read(&public), "{what}: SPKI PEM");
        assert_eq!(
            montvec_spki_der(&dir, &key),
            openssl_spki_der(&dir, &key, "PEM", false),
            "{what}: SPKI DER"
        );
    }
}

/// OAEP's hash, MGF1 hash and label (hexadecimal), or `None` for another padding.
type OaepParams<'a> = Option<(&'a str, &'a str, Option<&'a str>)>;

/// `openssl pkeyutl` options for an encryption padding: `none`, `pkcs1`, or OAEP with a hash,
/// an MGF1 hash and an optional label.
fn pkeyopts(padding: &str, oaep: OaepParams) -> Vec<String> {
    let mut v = vec![format!("rsa_padding_mode:{padding}")];
    if let Some((hash, mgf, label)) = oaep {
        v.push(format!("rsa_oaep_md:{hash}"));
        v.push(format!("rsa_mgf1_md:{mgf}"));
        if let Some(label) = label {
            v.push(format!("rsa_oaep_label:{label}"));
        }
    }
    v.into_iter()
        .flat_map(|o| ["-pkeyopt".to_string(), o])
        .collect()
}

/// `montvec rsa` options for the same padding.
fn our_options(padding: &str, oaep: OaepParams) -> Vec<String> {
    let mut v = vec!["--padding".to_string(), padding.to_string()];
    if let Some((hash, mgf, label)) = oaep {
        v.extend(["--hash", hash, "--mgf1-hash", mgf].map(str::to_string));
        if let Some(label) = label {
            v.extend(["--label".to_string(), label.to_string()]);
        }
    }
    v
}

/// Encrypt `plain` with each tool and decrypt with the other, with `padding` (`none`, `pkcs1`
/// or `oaep` with (hash, MGF1 hash, label)). Returns the two ciphertexts (openssl's,
/// montvec's).
fn encrypt_both_ways(
    dir: &TempDir,
    what: &str,
    (key, public): (&str, &str),
    plain: &[u8],
    (padding, oaep): (&str, OaepParams),
) -> (Vec<u8>, Vec<u8>) {
    let (theirs, ours) = (pkeyopts(padding, oaep), our_options(padding, oaep));
    let msg = dir.write("plain", plain);
    let theirs: Vec<&str> = theirs.iter().map(String::as_str).collect();
    let ours: Vec<&str> = ours.iter().map(String::as_str).collect();

    let (by_openssl, by_montvec) = (dir.path("o.ct"), dir.path("m.ct"));
    let (decrypted_by_montvec, decrypted_by_openssl) = (dir.path("m.pt"), dir.path("o.pt"));
    let pkeyutl = |op: &[&str]| openssl_ok(&[&["pkeyutl"][..], op, &theirs].concat());

    pkeyutl(&[
        "-encrypt",
        "-pubin",
        "-inkey",
        public,
        "-in",
        &msg,
        "-out",
        &by_openssl,
    ]);
    ok(
        what,
        montvec_decrypt(key, &by_openssl, &decrypted_by_montvec, &ours),
    );
    assert_eq!(
        read(&decrypted_by_montvec),
        plain,
        "{what}: openssl → montvec"
    );

    ok(what, montvec_encrypt(public, &msg, &by_montvec, &ours));
    pkeyutl(&[
        "-decrypt",
        "-inkey",
        key,
        "-in",
        &by_montvec,
        "-out",
        &decrypted_by_openssl,
    ]);
    assert_eq!(
        read(&decrypted_by_openssl),
        plain,
        "{what}: montvec → openssl"
    );
    (read(by_openssl), read(by_montvec))
}

#[test]
fn oaep_and_pkcs1_encryption_both_ways() {
    if !openssl_present("oaep_and_pkcs1_encryption_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-oaep");
    for bits in SIZES {
        let k = bits / 8;
        for (origin, key, public) in key_files(&dir, bits) {
            // (hash, MGF1 hash, label, hLen)
            let oaep_cases = [
                ("sha1", "sha1", None, 20),
                ("sha256", "sha256", Some("0123456789abcdef00ff"), 32),
                ("sha256", "sha1", Some("6c6162656c"), 32),
                ("sha512", "sha512", None, 64),
            ];
            for (hash, mgf, label, h_len) in oaep_cases {
                // RFC 8017 §7.1.1: mLen <= k - 2hLen - 2; SHA-512 does not fit 1024 bits.
                let Some(max) = k.checked_sub(2 * h_len + 2) else {
                    continue;
                };
                let oaep = Some((hash, mgf, label));
                for len in [0, 1, 100.min(max), max] {
                    let what = format!(
                        "{bits} {origin} key, OAEP {hash} mgf1 {mgf} label {label:?}, {len} bytes"
                    );
                    let plain = random_bytes((bits + len) as u64, len);
                    let keys = (&key[..], &public[..]);
                    let (a, b) = encrypt_both_ways(&dir, &what, keys, &plain, ("oaep", oaep));
                    assert_eq!((a.len(), b.len()), (k, k), "{what}");
                }
            }
            for len in [0, 1, k - 11] {
                let what = format!("{bits} {origin} key, PKCS#1 v1.5 encryption, {len} bytes");
                let plain = random_bytes(len as u64, len);
                let keys = (&key[..], &public[..]);
                encrypt_both_ways(&dir, &what, keys, &plain, ("pkcs1", None));
            }
        }
    }
}

#[test]
fn raw_rsa_both_ways() {
    if !openssl_present("raw_rsa_both_ways") {
        return;
    }
    let dir = TempDir::new("interop-raw");
    for bits in SIZES {
        let k = bits / 8;
        for (origin, key, public) in key_files(&dir, bits) {
            for seed in 0..3u64 {
                let what = format!("{bits} {origin} key, raw RSA #{seed}");
                let mut plain = random_bytes(seed + bits as u64, k);
                plain[0] = 0; // below n
                let keys = (&key[..], &public[..]);
                let (a, b) = encrypt_both_ways(&dir, &what, keys, &plain, ("none", None));
                // Raw RSA is deterministic: both tools give the same bytes.
                assert_eq!(a, b, "{what}");
            }
        }
    }
}
