//! What the `montvec rsa` tests share: temporary directories, running the `montvec` binary
//! and the system `openssl`, and checking their exit status and output.

#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A directory under `std::env::temp_dir()`, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new, empty directory whose name contains `tag`, the process id and a counter.
    pub fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("montvec-rsa-test-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    /// The path of `name` inside the directory, as a string for command lines.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("UTF-8 path").to_string()
    }

    /// Write `bytes` to `name` and return its path.
    pub fn write(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.path(name);
        std::fs::write(&path, bytes).expect("write a test file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The bytes of `path`.
pub fn read(path: impl AsRef<Path>) -> Vec<u8> {
    let path = path.as_ref();
    std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Run `program ARGS` with `input` on standard input.
fn run(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {program}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // The child may exit without reading everything (on an error): a failed write is fine.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for the child");
    feeder.join().expect("feeder thread");
    out
}

/// `montvec rsa ARGS` with empty standard input.
pub fn montvec(args: &[&str]) -> Output {
    montvec_stdin(args, b"")
}

/// `montvec rsa ARGS` with `input` on standard input.
pub fn montvec_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut all = vec!["rsa"];
    all.extend_from_slice(args);
    run(env!("CARGO_BIN_EXE_montvec"), &all, input)
}

/// `openssl ARGS`.
pub fn openssl(args: &[&str]) -> Output {
    run("openssl", args, b"")
}

/// Whether the system `openssl` runs. Without it the caller fails, unless `MONTVEC_SKIP_OPENSSL`
/// is set: then this prints why the caller skips and returns false.
pub fn openssl_present(test: &str) -> bool {
    match Command::new("openssl").arg("version").output() {
        Ok(out) if out.status.success() => true,
        _ if std::env::var_os("MONTVEC_SKIP_OPENSSL").is_some() => {
            println!("SKIPPED {test} (MONTVEC_SKIP_OPENSSL): the `openssl` command is missing");
            false
        }
        _ => panic!(
            "{test}: the `openssl` command is missing: install it (scripts/ensure-deps does) \
             or set MONTVEC_SKIP_OPENSSL=1 to leave the interop tests out"
        ),
    }
}

/// The exit status, or -1 when killed by a signal.
pub fn status(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Check that `out` (of the command described by `what`) succeeded; return it.
#[track_caller]
pub fn ok(what: &str, out: Output) -> Output {
    assert!(
        out.status.success(),
        "{what}: status {}\nstdout: {}\nstderr: {}",
        status(&out),
        stdout(&out),
        stderr(&out)
    );
    out
}

/// Check that `out` exited with `code` and said something containing each of `words` on
/// standard error.
#[track_caller]
pub fn fails(what: &str, out: Output, code: i32, words: &[&str]) {
    let err = stderr(&out);
    assert_eq!(
        status(&out),
        code,
        "{what}: status\nstdout: {}\nstderr: {err}",
        stdout(&out)
    );
    for w in words {
        assert!(err.contains(w), "{what}: {w:?} missing from stderr: {err}");
    }
    assert!(!err.contains("panicked"), "{what}: panicked: {err}");
}

/// Run `montvec rsa ARGS` and check it succeeded.
#[track_caller]
pub fn montvec_ok(args: &[&str]) -> Output {
    ok(&format!("montvec rsa {}", args.join(" ")), montvec(args))
}

/// Run `openssl ARGS` and check it succeeded.
#[track_caller]
pub fn openssl_ok(args: &[&str]) -> Output {
    ok(&format!("openssl {}", args.join(" ")), openssl(args))
}

/// `base` followed by `extra`.
fn joined<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    [base, extra].concat()
}

/// `montvec rsa sign --key KEY --in MSG --out SIG EXTRA...`.
pub fn montvec_sign(key: &str, msg: &str, sig: &str, extra: &[&str]) -> Output {
    montvec(&joined(
        &["sign", "--key", key, "--in", msg, "--out", sig],
        extra,
    ))
}

/// `montvec rsa verify --pubkey PUBLIC --in MSG --sig SIG EXTRA...`.
pub fn montvec_verify(public: &str, msg: &str, sig: &str, extra: &[&str]) -> Output {
    montvec(&joined(
        &["verify", "--pubkey", public, "--in", msg, "--sig", sig],
        extra,
    ))
}

/// `montvec rsa encrypt --pubkey PUBLIC --in PT --out CT EXTRA...`.
pub fn montvec_encrypt(public: &str, pt: &str, ct: &str, extra: &[&str]) -> Output {
    montvec(&joined(
        &["encrypt", "--pubkey", public, "--in", pt, "--out", ct],
        extra,
    ))
}

/// `montvec rsa decrypt --key KEY --in CT --out PT EXTRA...`.
pub fn montvec_decrypt(key: &str, ct: &str, pt: &str, extra: &[&str]) -> Output {
    montvec(&joined(
        &["decrypt", "--key", key, "--in", ct, "--out", pt],
        extra,
    ))
}

/// Check that `out` is a `montvec rsa verify` that accepted the signature.
#[track_caller]
pub fn assert_valid(out: Output, what: &str) {
    let out = ok(what, out);
    assert_eq!(stdout(&out), "Signature Verified Successfully\n", "{what}");
}

/// Check that `out` is a `montvec rsa verify` that rejected the signature (status 1).
#[track_caller]
pub fn assert_invalid(out: Output, what: &str) {
    assert_eq!(status(&out), 1, "{what}: {}", stderr(&out));
    assert_eq!(stdout(&out), "Verification failure\n", "{what}");
}

/// `openssl dgst -HASH -sign KEY -out SIG SIGOPTS... MSG`, checked.
#[track_caller]
pub fn openssl_sign(hash: &str, key: &str, msg: &str, sig: &str, sigopts: &[&str]) {
    let hash = format!("-{hash}");
    let base = ["dgst", &hash, "-sign", key, "-out", sig];
    openssl_ok(&[&joined(&base, sigopts)[..], &[msg]].concat());
}

/// `openssl dgst -HASH -verify PUBLIC -signature SIG SIGOPTS... MSG`, checked to print
/// "Verified OK".
#[track_caller]
pub fn openssl_verifies(hash: &str, public: &str, msg: &str, sig: &str, sigopts: &[&str]) {
    let hash = format!("-{hash}");
    let base = ["dgst", &hash, "-verify", public, "-signature", sig];
    let out = openssl_ok(&[&joined(&base, sigopts)[..], &[msg]].concat());
    assert_eq!(stdout(&out), "Verified OK\n");
}

/// The private key containers `genkey` writes: (`--format`, `--der`).
pub const PRIVATE_FORMATS: [(&str, bool); 4] = [
    ("pkcs8", false),
    ("pkcs1", false),
    ("pkcs8", true),
    ("pkcs1", true),
];

/// The public key containers `pubkey` writes: (`--format`, `--der`).
pub const PUBLIC_FORMATS: [(&str, bool); 4] = [
    ("spki", false),
    ("spki", true),
    ("pkcs1", false),
    ("pkcs1", true),
];

/// `montvec rsa COMMAND --key-ish ARGS --format FORMAT [--der]`: `args` followed by the
/// format options.
#[track_caller]
pub fn montvec_ok_in_format(args: &[&str], format: &str, der: bool) -> Output {
    let der: &[&str] = if der { &["--der"] } else { &[] };
    montvec_ok(&[args, &["--format", format], der].concat())
}

/// `montvec rsa sign`/`verify` options for PSS with `hash`, MGF1 over `mgf` and `salt`.
pub fn pss_options<'a>(hash: &'a str, mgf: &'a str, salt: &'a str) -> [&'a str; 8] {
    [
        "--padding",
        "pss",
        "--hash",
        hash,
        "--mgf1-hash",
        mgf,
        "--saltlen",
        salt,
    ]
}
