//! Key files both ways with the system `openssl` command: montvec reads what `openssl genpkey`,
//! `openssl pkey` and `openssl rsa` write (PKCS#8 and traditional PKCS#1, PEM and DER, SPKI and
//! PKCS#1 public keys), and openssl checks and re-encodes, byte for byte, what montvec writes.
//! Without `openssl` on the PATH these tests fail, unless `MONTVEC_SKIP_OPENSSL` is set.

use std::path::PathBuf;
use std::process::Command;

use montvec_rsa::encoding::{private_key_from_bytes, public_key_from_bytes};
use montvec_rsa::pkcs1::{
    DecodeRsaPrivateKey, DecodeRsaPublicKey, EncodeRsaPrivateKey, EncodeRsaPublicKey,
};
use montvec_rsa::pkcs8::{
    DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding,
};
use montvec_rsa::{Error, PublicKeyParts, RsaPrivateKey, RsaPublicKey};

/// Whether to run: true with an `openssl` command on the PATH; without one, false only when
/// `MONTVEC_SKIP_OPENSSL` is set (so a machine that lost the command fails the suite instead of
/// passing it with the interop left out).
fn openssl_available() -> bool {
    match Command::new("openssl").arg("version").output() {
        Ok(out) if out.status.success() => true,
        _ if std::env::var_os("MONTVEC_SKIP_OPENSSL").is_some() => {
            println!("skipped (MONTVEC_SKIP_OPENSSL): no `openssl` command on the PATH");
            false
        }
        _ => panic!(
            "no `openssl` command on the PATH: install it (scripts/ensure-deps does) or set \
             MONTVEC_SKIP_OPENSSL=1 to leave these interop tests out"
        ),
    }
}

/// Runs `openssl ARGS`, panicking with its stderr when it fails; returns its stdout.
fn openssl(args: &[&str]) -> Vec<u8> {
    let out = Command::new("openssl")
        .args(args)
        .output()
        .expect("run openssl");
    assert!(
        out.status.success(),
        "openssl {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("montvec-encoding-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("UTF-8 path").to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read_text(path: &str) -> String {
    String::from_utf8(read(path)).expect("PEM is text")
}

/// The modulus as `openssl rsa -modulus` prints it: upper-case hex.
fn openssl_modulus(args: &[&str]) -> String {
    let out = String::from_utf8(openssl(args)).unwrap();
    out.trim()
        .strip_prefix("Modulus=")
        .expect("Modulus=")
        .trim_start_matches('0')
        .to_ascii_lowercase()
}

/// The private key in `pkcs8_pem` re-encoded by openssl as PKCS#8 DER (`pkcs8 -topk8`) and
/// as PKCS#1 DER (`rsa -traditional`; `openssl pkey -outform DER` would write the traditional
/// form too, so PKCS#8 DER needs `pkcs8`).
fn openssl_private_ders(pkcs8_pem: &str, pkcs8_der: &str, pkcs1_der: &str) {
    openssl(&[
        "pkcs8", "-topk8", "-nocrypt", "-outform", "DER", "-in", pkcs8_pem, "-out", pkcs8_der,
    ]);
    openssl(&[
        "rsa",
        "-in",
        pkcs8_pem,
        "-traditional",
        "-outform",
        "DER",
        "-out",
        pkcs1_der,
    ]);
}

/// openssl writes, montvec reads: every format of one generated key gives the same key.
fn montvec_reads_openssl(dir: &TempDir, bits: usize) -> RsaPrivateKey {
    let pkcs8_pem = dir.file("key.pem");
    let bits_opt = format!("rsa_keygen_bits:{bits}");
    openssl(&[
        "genpkey",
        "-algorithm",
        "RSA",
        "-pkeyopt",
        &bits_opt,
        "-out",
        &pkcs8_pem,
    ]);
    let pkcs8_der = dir.file("key8.der");
    let pkcs1_pem = dir.file("key1.pem");
    let pkcs1_der = dir.file("key1.der");
    let spki_pem = dir.file("pub.pem");
    let spki_der = dir.file("pub.der");
    let rsa_pub_pem = dir.file("pub1.pem");
    let rsa_pub_der = dir.file("pub1.der");
    openssl_private_ders(&pkcs8_pem, &pkcs8_der, &pkcs1_der);
    openssl(&[
        "pkey",
        "-in",
        &pkcs8_pem,
        "-traditional",
        "-out",
        &pkcs1_pem,
    ]);
    openssl(&["pkey", "-in", &pkcs8_pem, "-pubout", "-out", &spki_pem]);
    openssl(&[
        "pkey", "-in", &pkcs8_pem, "-pubout", "-outform", "DER", "-out", &spki_der,
    ]);
    openssl(&[
        "rsa",
        "-in",
        &pkcs8_pem,
        "-RSAPublicKey_out",
        "-out",
        &rsa_pub_pem,
    ]);
    let rsa_pub_der_args = ["-RSAPublicKey_out", "-outform", "DER", "-out", &rsa_pub_der];
    openssl(&[&["rsa", "-in", &pkcs8_pem][..], &rsa_pub_der_args].concat());
    assert!(read_text(&pkcs1_pem).starts_with("-----BEGIN RSA PRIVATE KEY-----"));

    let key = RsaPrivateKey::from_pkcs8_pem(&read_text(&pkcs8_pem)).unwrap();
    assert_eq!(key.bits(), bits);
    let n = openssl_modulus(&["rsa", "-in", &pkcs8_pem, "-noout", "-modulus"]);
    assert_eq!(key.n().to_hex_vartime(), n, "{bits}: modulus");
    assert_eq!(key.e().to_hex_vartime(), "10001");

    assert_eq!(
        RsaPrivateKey::from_pkcs8_der(&read(&pkcs8_der)).unwrap(),
        key
    );
    assert_eq!(
        RsaPrivateKey::from_pkcs1_pem(&read_text(&pkcs1_pem)).unwrap(),
        key
    );
    assert_eq!(
        RsaPrivateKey::from_pkcs1_der(&read(&pkcs1_der)).unwrap(),
        key
    );
    for file in [&pkcs8_pem, &pkcs8_der, &pkcs1_pem, &pkcs1_der] {
        assert_eq!(private_key_from_bytes(&read(file)).unwrap(), key, "{file}");
        assert_eq!(
            public_key_from_bytes(&read(file)).unwrap(),
            key.to_public_key()
        );
    }

    let public = key.to_public_key();
    assert_eq!(
        RsaPublicKey::from_public_key_pem(&read_text(&spki_pem)).unwrap(),
        public
    );
    assert_eq!(
        RsaPublicKey::from_public_key_der(&read(&spki_der)).unwrap(),
        public
    );
    assert_eq!(
        RsaPublicKey::from_pkcs1_pem(&read_text(&rsa_pub_pem)).unwrap(),
        public
    );
    assert_eq!(
        RsaPublicKey::from_pkcs1_der(&read(&rsa_pub_der)).unwrap(),
        public
    );
    for file in [&spki_pem, &spki_der, &rsa_pub_pem, &rsa_pub_der] {
        assert_eq!(
            public_key_from_bytes(&read(file)).unwrap(),
            public,
            "{file}"
        );
    }

    // What montvec writes is what openssl wrote (both are DER: one encoding per key).
    assert_eq!(
        key.to_pkcs8_der().unwrap().as_bytes(),
        &read(&pkcs8_der)[..]
    );
    assert_eq!(
        key.to_pkcs1_der().unwrap().as_bytes(),
        &read(&pkcs1_der)[..]
    );
    assert_eq!(
        public.to_public_key_der().unwrap().as_bytes(),
        &read(&spki_der)[..]
    );
    assert_eq!(
        public.to_pkcs1_der().unwrap().as_bytes(),
        &read(&rsa_pub_der)[..]
    );
    key
}

/// montvec writes, openssl checks the key and re-encodes it to the same bytes.
fn openssl_reads_montvec(dir: &TempDir, key: &RsaPrivateKey) {
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.file(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let pkcs8_der = key.to_pkcs8_der().unwrap();
    let pkcs1_der = key.to_pkcs1_der().unwrap();
    let files = [
        (
            write(
                "m8.pem",
                key.to_pkcs8_pem(LineEnding::LF).unwrap().as_bytes(),
            ),
            "PEM",
        ),
        (
            write(
                "m1.pem",
                key.to_pkcs1_pem(LineEnding::LF).unwrap().as_bytes(),
            ),
            "PEM",
        ),
        (write("m8.der", pkcs8_der.as_bytes()), "DER"),
        (write("m1.der", pkcs1_der.as_bytes()), "DER"),
    ];
    for (file, form) in &files {
        let out = openssl(&["pkey", "-inform", form, "-in", file, "-noout", "-check"]);
        assert!(
            String::from_utf8_lossy(&out).contains("Key is valid"),
            "{file}"
        );
        let out = openssl(&["rsa", "-inform", form, "-in", file, "-noout", "-check"]);
        assert!(
            String::from_utf8_lossy(&out).contains("RSA key ok"),
            "{file}"
        );
        let topk8 = ["pkcs8", "-topk8", "-nocrypt", "-outform", "DER"];
        let again = openssl(&[&topk8[..], &["-inform", form, "-in", file]].concat());
        assert_eq!(again, pkcs8_der.as_bytes(), "{file}");
    }

    let public = key.to_public_key();
    let spki_der = public.to_public_key_der().unwrap();
    let public_files = [
        (
            write(
                "mpub.pem",
                public.to_public_key_pem(LineEnding::LF).unwrap().as_bytes(),
            ),
            "PEM",
        ),
        (write("mpub.der", spki_der.as_bytes()), "DER"),
    ];
    for (file, form) in &public_files {
        let again = openssl(&[
            "pkey", "-pubin", "-inform", form, "-in", file, "-outform", "DER",
        ]);
        assert_eq!(again, spki_der.as_bytes(), "{file}");
    }
    let rsa_public_files = [
        (
            write(
                "mpub1.pem",
                public.to_pkcs1_pem(LineEnding::LF).unwrap().as_bytes(),
            ),
            "PEM",
        ),
        (
            write("mpub1.der", public.to_pkcs1_der().unwrap().as_bytes()),
            "DER",
        ),
    ];
    for (file, form) in &rsa_public_files {
        let args = ["rsa", "-RSAPublicKey_in", "-inform", form, "-in", file];
        let again = openssl(&[&args[..], &["-pubout", "-outform", "DER"]].concat());
        assert_eq!(again, spki_der.as_bytes(), "{file}");
    }
}

/// Encrypted keys from openssl are refused with a message that says so.
fn encrypted_keys_refused(dir: &TempDir) {
    let key = dir.file("key.pem");
    let outputs = [
        (
            "enc8.pem",
            vec!["pkey", "-in", &key, "-aes256", "-passout", "pass:montvec"],
        ),
        (
            "enc8.der",
            vec![
                "pkcs8",
                "-topk8",
                "-in",
                &key,
                "-outform",
                "DER",
                "-passout",
                "pass:montvec",
            ],
        ),
        (
            "enc1.pem",
            vec![
                "rsa",
                "-in",
                &key,
                "-traditional",
                "-aes256",
                "-passout",
                "pass:montvec",
            ],
        ),
    ];
    for (name, args) in outputs {
        let path = dir.file(name);
        openssl(&[&args[..], &["-out", &path]].concat());
        for err in [
            private_key_from_bytes(&read(&path)).unwrap_err(),
            public_key_from_bytes(&read(&path)).unwrap_err(),
        ] {
            assert_eq!(err, Error::EncryptedKey, "{name}");
        }
    }
}

fn interop(bits: usize) {
    if !openssl_available() {
        return;
    }
    let dir = TempDir::new(&bits.to_string());
    let key = montvec_reads_openssl(&dir, bits);
    openssl_reads_montvec(&dir, &key);
    if bits == 1024 {
        encrypted_keys_refused(&dir);
    }
}

#[test]
fn openssl_1024() {
    interop(1024);
}

#[test]
fn openssl_2048() {
    interop(2048);
}

#[test]
fn openssl_3072() {
    interop(3072);
}

#[test]
fn openssl_4096() {
    interop(4096);
}

/// A three-prime key from `openssl genpkey -pkeyopt rsa_keygen_primes:3`: montvec reads it
/// (PKCS#8 and PKCS#1, `otherPrimeInfos`), writes the same DER back, openssl checks what montvec
/// writes, and a block openssl encrypts raw decrypts to itself by montvec's CRT over the three
/// primes.
#[test]
fn openssl_three_primes() {
    if !openssl_available() {
        return;
    }
    let dir = TempDir::new("three-primes");
    let (pkcs8_pem, pkcs8_der, pkcs1_der) = (
        dir.file("key.pem"),
        dir.file("key.p8.der"),
        dir.file("key.p1.der"),
    );
    openssl(&[
        "genpkey",
        "-algorithm",
        "RSA",
        "-pkeyopt",
        "rsa_keygen_bits:2048",
        "-pkeyopt",
        "rsa_keygen_primes:3",
        "-out",
        &pkcs8_pem,
    ]);
    openssl_private_ders(&pkcs8_pem, &pkcs8_der, &pkcs1_der);

    let key = RsaPrivateKey::from_pkcs8_pem(&read_text(&pkcs8_pem)).unwrap();
    assert_eq!(key.other_primes().len(), 1, "three primes");
    assert_eq!(private_key_from_bytes(&read(&pkcs1_der)).unwrap(), key);
    assert_eq!(
        key.to_pkcs8_der().unwrap().as_bytes(),
        &read(&pkcs8_der)[..]
    );
    assert_eq!(
        key.to_pkcs1_der().unwrap().as_bytes(),
        &read(&pkcs1_der)[..]
    );
    let ours = dir.file("ours.pem");
    std::fs::write(&ours, key.to_pkcs8_pem(LineEnding::LF).unwrap().as_bytes()).unwrap();
    let check = String::from_utf8(openssl(&["pkey", "-in", &ours, "-check", "-noout"])).unwrap();
    assert!(check.contains("valid"), "openssl pkey -check: {check}");

    let (block, enc) = (dir.file("block"), dir.file("block.enc"));
    let mut m = vec![0u8; key.size()];
    for (i, b) in m.iter_mut().enumerate().skip(1) {
        *b = (i * 37 + 11) as u8;
    }
    std::fs::write(&block, &m).unwrap();
    openssl(&[
        "pkeyutl",
        "-encrypt",
        "-inkey",
        &pkcs8_pem,
        "-pkeyopt",
        "rsa_padding_mode:none",
        "-in",
        &block,
        "-out",
        &enc,
    ]);
    let mut rng = rand::rngs::OsRng;
    let back = montvec_rsa::hazmat::rsa_decrypt(&key, &read(&enc), &mut rng).unwrap();
    assert_eq!(back, m);
}

/// The signature algorithm identifiers the signature-trait keys give certificate builders are
/// byte for byte those `openssl req -x509` writes into a certificate signed with the same
/// scheme, and a certificate's signature verifies with the matching verifying key.
#[test]
fn signature_algorithms_as_openssl_writes_them() {
    use montvec_rsa::pkcs8::der::asn1::{AnyRef, BitStringRef};
    use montvec_rsa::pkcs8::der::{Decode, Encode, Reader, SliceReader};
    use montvec_rsa::signature::Verifier;
    use montvec_rsa::spki::{AlgorithmIdentifierRef, DynSignatureAlgorithmIdentifier};
    use montvec_rsa::{pkcs1v15, pss};
    if !openssl_available() {
        return;
    }
    let dir = TempDir::new("sigalg");
    let key_path = dir.file("key.pem");
    openssl(&[
        "genpkey",
        "-algorithm",
        "RSA",
        "-pkeyopt",
        "rsa_keygen_bits:1024",
        "-out",
        &key_path,
    ]);
    let key = RsaPrivateKey::from_pkcs8_pem(&read_text(&key_path)).unwrap();
    // A certificate openssl signs with `options`, split into its three fields:
    // tbsCertificate (DER), signatureAlgorithm (DER), signatureValue (bytes).
    let certificate = |options: &[&str]| -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let cert = dir.file("cert.der");
        let base = [
            "req",
            "-x509",
            "-new",
            "-key",
            &key_path,
            "-subj",
            "/CN=montvec",
        ];
        let out = ["-outform", "DER", "-out", &cert];
        openssl(&[&base[..], options, &out[..]].concat());
        let der = read(&cert);
        let mut reader = SliceReader::new(&der).unwrap();
        reader
            .sequence(|body| {
                let tbs = AnyRef::decode(body)?.to_der()?;
                let algorithm = AlgorithmIdentifierRef::decode(body)?.to_der()?;
                let signature = BitStringRef::decode(body)?.raw_bytes().to_vec();
                Ok((tbs, algorithm, signature))
            })
            .unwrap()
    };
    let certificate_algorithm = |options: &[&str]| certificate(options).1;
    let ours = |id: montvec_rsa::spki::Result<montvec_rsa::spki::AlgorithmIdentifierOwned>| {
        id.unwrap().to_der().unwrap()
    };
    macro_rules! pkcs1v15_case {
        ($hash:ty, $flag:literal) => {
            let signer = pkcs1v15::SigningKey::<$hash>::new(key.clone());
            let want = certificate_algorithm(&[$flag]);
            assert_eq!(ours(signer.signature_algorithm_identifier()), want, $flag);
            let verifier = pkcs1v15::VerifyingKey::<$hash>::new(key.to_public_key());
            assert_eq!(ours(verifier.signature_algorithm_identifier()), want, $flag);
        };
    }
    pkcs1v15_case!(sha1::Sha1, "-sha1");
    pkcs1v15_case!(sha2::Sha224, "-sha224");
    pkcs1v15_case!(sha2::Sha256, "-sha256");
    pkcs1v15_case!(sha2::Sha384, "-sha384");
    pkcs1v15_case!(sha2::Sha512, "-sha512");
    pkcs1v15_case!(sha2::Sha512_224, "-sha512-224");
    pkcs1v15_case!(sha2::Sha512_256, "-sha512-256");
    pkcs1v15_case!(sha3::Sha3_256, "-sha3-256");
    pkcs1v15_case!(sha3::Sha3_512, "-sha3-512");
    for (salt, flag) in [(32usize, "32"), (0, "0"), (20, "20")] {
        let signer = pss::SigningKey::<sha2::Sha256>::new_with_salt_len(key.clone(), salt);
        let opts = [
            "-sha256",
            "-sigopt",
            "rsa_padding_mode:pss",
            "-sigopt",
            &format!("rsa_pss_saltlen:{flag}"),
        ];
        let (tbs, want, sig) = certificate(&opts);
        assert_eq!(
            ours(signer.signature_algorithm_identifier()),
            want,
            "salt {salt}"
        );
        // openssl's certificate signature verifies with the matching verifying key.
        let verifier =
            pss::VerifyingKey::<sha2::Sha256>::new_with_salt_len(key.to_public_key(), salt);
        let sig = pss::Signature::try_from(&sig[..]).unwrap();
        assert!(verifier.verify(&tbs, &sig).is_ok(), "salt {salt}");
    }
    let (tbs, _, sig) = certificate(&["-sha256"]);
    let verifier = pkcs1v15::VerifyingKey::<sha2::Sha256>::new(key.to_public_key());
    let sig = pkcs1v15::Signature::try_from(&sig[..]).unwrap();
    assert!(verifier.verify(&tbs, &sig).is_ok());
    // A raw-digest signer names no algorithm.
    let raw = pkcs1v15::SigningKey::<sha2::Sha256>::new_unprefixed(key.clone());
    assert!(raw.signature_algorithm_identifier().is_err());
}
