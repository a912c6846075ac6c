//! `montvec modexp` end to end: the binary on random lines checked against num-bigint for
//! every `--algorithm`, `--vartime` and `--batch`, the input format (case, leading zeros,
//! whitespace, CRLF), every kind of bad line (the message names the line, the status is 1,
//! earlier results stay written), usage errors (status 2), a closed output pipe, and
//! line-by-line streaming; `--batch` against the line-by-line path on mixed sizes (past the
//! SIMD engines' 8192 bits and past a chunk of 4096 lines) and on the portable backend.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use montvec::{Algorithm, Backend};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn montvec() -> Command {
    Command::new(env!("CARGO_BIN_EXE_montvec"))
}

/// Run `montvec modexp ARGS` with `input` on standard input.
fn modexp(args: &[&str], input: &[u8]) -> Output {
    let mut cmd = montvec();
    cmd.arg("modexp").args(args);
    feed(cmd, input)
}

/// [`modexp`] with `MONTVEC_BACKEND=backend`.
fn modexp_env(args: &[&str], input: &[u8], backend: &str) -> Output {
    let mut cmd = montvec();
    cmd.arg("modexp").args(args).env("MONTVEC_BACKEND", backend);
    feed(cmd, input)
}

/// How long one run may take before it counts as hung. The longest here, 144 MiB of input
/// with `--batch`, takes under a minute on a busy two-core machine.
const HANG: Duration = Duration::from_secs(600);

/// Run `cmd` with `input` on standard input; a run still going after [`HANG`] is killed and
/// fails the test (a reader that stops reading, say, would otherwise hang the suite).
fn feed(mut cmd: Command, input: &[u8]) -> Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn montvec");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Feed from a thread so a large output cannot block the child; the child may stop reading
    // early (on an error), so a failed write here is expected.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).expect("read montvec's output");
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for montvec") {
            break status;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("montvec did not finish within {HANG:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    feeder.join().unwrap();
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("output is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run succeeded and printed exactly `want` lines.
fn assert_ok(o: &Output, want: &[String]) {
    assert!(
        o.status.success(),
        "status {:?}, stderr: {}",
        o.status,
        stderr(o)
    );
    assert!(o.stderr.is_empty(), "unexpected stderr: {}", stderr(o));
    let got: Vec<&str> = stdout(o).lines().collect();
    assert_eq!(got.len(), want.len(), "line count");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g, w, "result line {}", i + 1);
    }
    assert!(o.stdout.is_empty() || o.stdout.ends_with(b"\n"));
}

/// The run failed with status 1 on line `line`, after printing `before` results, with a
/// message containing `why`, and without a panic.
fn assert_line_error(o: &Output, before: &[&str], line: usize, why: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "status; stderr: {err}");
    assert!(!err.contains("panicked"), "panic: {err}");
    assert!(
        err.contains(&format!("line {line}: ")),
        "stderr should name line {line}: {err}"
    );
    assert!(err.contains(why), "stderr should say {why:?}: {err}");
    assert_eq!(err.lines().count(), 1, "one message: {err}");
    let got: Vec<&str> = stdout(o).lines().collect();
    assert_eq!(got, before, "results before the bad line stay written");
}

/// A hex string of `x` in random case with 0..3 random leading zeros.
fn messy_hex(r: &mut impl Rng, x: &BigUint) -> String {
    let mut s = "0".repeat(r.gen_range(0..3));
    for c in format!("{x:x}").chars() {
        s.push(if r.gen() { c.to_ascii_uppercase() } else { c });
    }
    s
}

/// A random value of exactly `bits` bits.
fn random_bits(r: &mut impl Rng, bits: u64) -> BigUint {
    let words = bits.div_ceil(64);
    let mut v = BigUint::from(0u32);
    for _ in 0..words {
        v = (v << 64) + BigUint::from(r.gen::<u64>());
    }
    (v >> (words * 64 - bits)) | (BigUint::from(1u32) << (bits - 1))
}

/// `count` random lines and their answers from num-bigint; moduli of 2..=1100 bits, bases up
/// to twice the modulus length, exponents up to 300 bits, some zero.
fn random_jobs(seed: u64, count: usize) -> (String, Vec<String>) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let mut input = String::new();
    let mut want = Vec::new();
    for i in 0..count {
        let bits = if i % 4 == 0 {
            r.gen_range(2..=1100)
        } else {
            r.gen_range(2..=200)
        };
        let n = random_bits(&mut r, bits) | BigUint::from(1u32);
        let b = if i % 7 == 0 {
            BigUint::from(0u32)
        } else {
            let len = r.gen_range(1..=2 * bits);
            random_bits(&mut r, len)
        };
        let e = if i % 11 == 0 {
            BigUint::from(0u32)
        } else {
            let len = r.gen_range(1..=300);
            random_bits(&mut r, len)
        };
        let line = format!(
            "{} {} {}\n",
            messy_hex(&mut r, &b),
            messy_hex(&mut r, &e),
            messy_hex(&mut r, &n)
        );
        input.push_str(&line);
        // Every few lines repeat the modulus (the CLI reuses a prepared modulus).
        if i % 5 == 0 {
            input.push_str(&format!("{:x} {:x} {:X}\n", e, b, n));
            want.push(format!("{:x}", b.modpow(&e, &n)));
            want.push(format!("{:x}", e.modpow(&b, &n)));
        } else {
            want.push(format!("{:x}", b.modpow(&e, &n)));
        }
    }
    (input, want)
}

/// Every `--algorithm` the library names, `ladder`, and `--vartime`.
fn all_option_sets() -> Vec<Vec<String>> {
    let mut names = vec!["auto".to_string(), "ladder".to_string()];
    names.extend(Algorithm::CONCRETE.iter().map(|a| a.name().to_string()));
    let mut sets = vec![vec![]];
    for name in &names {
        sets.push(vec!["--algorithm".into(), name.clone()]);
        if name != "ladder" {
            sets.push(vec!["--algorithm".into(), name.clone(), "--vartime".into()]);
        }
    }
    sets.push(vec!["--vartime".into()]);
    sets
}

/// Whether `--algorithm name` can run on the backend in effect.
fn runs_here(args: &[String]) -> bool {
    let backend = Backend::active().expect("MONTVEC_BACKEND is valid");
    match args.iter().position(|a| a == "--algorithm") {
        Some(i) => match args[i + 1].parse::<Algorithm>() {
            Ok(a) => a == Algorithm::Auto || a.runs_on(backend),
            Err(_) => true, // ladder
        },
        None => true,
    }
}

#[test]
fn random_lines_match_num_bigint_for_every_option() {
    let (input, want) = random_jobs(1, 60);
    for (i, set) in all_option_sets().into_iter().enumerate() {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        let o = modexp(&args, input.as_bytes());
        if runs_here(&set) {
            assert_ok(&o, &want);
        } else {
            // Refused before any line is read, as a usage error.
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "status; stderr: {err}");
            assert!(err.contains("does not run on the"), "{err}");
            assert!(stdout(&o).is_empty());
        }
        // A second, different batch for the first option set (the default).
        if i == 0 {
            let (input, want) = random_jobs(2, 200);
            assert_ok(&modexp(&args, input.as_bytes()), &want);
        }
    }
}

#[test]
fn documented_example_and_edge_values() {
    let o = modexp(&[], b"3 64 c5\n");
    assert_ok(&o, &["bc".to_string()]);
    let input = "0 0 3\n\
                 0 1 3\n\
                 1 0 3\n\
                 2 2 3\n\
                 5 1 3\n\
                 ffffffffffffffff 2 ffffffffffffffff\n\
                 fffffffffffffffe 2 ffffffffffffffff\n\
                 10000000000000000 1 ffffffffffffffff\n\
                 00000000000000000000000000000000000002 000000000000000000000000000000003 0000000000000000000000000000000000000000b\n\
                 ABCDEF abcdef AbCdEf1\n";
    let abcdef = BigUint::from(0xabcdefu32);
    let want = [
        "1".to_string(),
        "0".to_string(),
        "1".to_string(),
        "1".to_string(),
        "2".to_string(),
        "0".to_string(),
        "1".to_string(),
        "1".to_string(),
        "8".to_string(),
        format!("{:x}", abcdef.modpow(&abcdef, &BigUint::from(0xabcdef1u32))),
    ];
    for set in all_option_sets().iter().filter(|s| runs_here(s)) {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        assert_ok(&modexp(&args, input.as_bytes()), &want);
    }
}

#[test]
fn whitespace_crlf_and_missing_final_newline() {
    let input = "  3 64 c5\n\
                 3\t64\tc5\r\n\
                 \t 3  \t 64   c5 \t\r\n\
                 3 64 c5";
    for args in [&[][..], &["--batch"]] {
        let o = modexp(args, input.as_bytes());
        assert_ok(&o, &vec!["bc".to_string(); 4]);
        assert_eq!(stdout(&o), "bc\nbc\nbc\nbc\n");
    }
}

#[test]
fn empty_input_gives_empty_output() {
    for args in [&[][..], &["--batch"]] {
        let o = modexp(args, b"");
        assert_ok(&o, &[]);
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn malformed_lines_name_the_line() {
    let good = "3 64 c5\n2 10 3e9\n";
    let before = ["bc", "1d7"]; // 2^16 mod 1001 = 471
    let cases: [(&str, &str); 17] = [
        ("\n", "blank line"),
        ("   \t \n", "blank line"),
        ("\r\n", "blank line"),
        ("3 64\n", "expected 3 fields (BASE EXP MODULUS), found 2"),
        ("3\n", "found 1"),
        ("3 64 c5 7\n", "found 4"),
        ("1 2 3 4 5 6 7 8\n", "found 8"),
        (
            "0x3 64 c5\n",
            "BASE: 'x' at character 2 is not a hexadecimal digit",
        ),
        ("3 6g c5\n", "EXP: 'g' at character 2"),
        ("3 64 c5h\n", "MODULUS: 'h' at character 3"),
        ("3 -1 c5\n", "EXP: '-'"),
        ("3 64 c5 # comment\n", "found 5"),
        ("3 é c5\n", "EXP: 'é' at character 1"),
        ("3\u{a0}64 c5\n", "found 2"),
        ("3 64 c\u{a0}5 1\n", "found 4"),
        ("3,64,c5\n", "found 1"),
        ("3 64 c5\r\r\n", "MODULUS: '\\r'"),
    ];
    for args in [&[][..], &["--batch"]] {
        for (bad, why) in cases {
            let input = format!("{good}{bad}3 64 c5\n");
            assert_line_error(&modexp(args, input.as_bytes()), &before, 3, why);
        }
        // Bytes that are not UTF-8.
        let mut input = good.as_bytes().to_vec();
        input.extend_from_slice(b"3 6\xff c5\n3 64 c5\n");
        assert_line_error(&modexp(args, &input), &before, 3, "not valid UTF-8");
        // A NUL byte.
        let input = format!("{good}3 6\0 c5\n");
        assert_line_error(&modexp(args, input.as_bytes()), &before, 3, "EXP: '\\0'");
    }
}

#[test]
fn invalid_moduli_name_the_line() {
    let good = "3 64 c5\n";
    let over = format!("1{}1", "0".repeat(16383)); // 2^65536 + 1: 65537 bits
    let cases = [
        (
            "2 3 0\n".to_string(),
            "invalid modulus: modulus must be at least 3",
        ),
        (
            "2 3 1\n".to_string(),
            "invalid modulus: modulus must be at least 3",
        ),
        (
            "2 3 000\n".to_string(),
            "invalid modulus: modulus must be at least 3",
        ),
        (
            "2 3 4\n".to_string(),
            "invalid modulus: modulus must be odd",
        ),
        (
            "2 3 c4\n".to_string(),
            "invalid modulus: modulus must be odd",
        ),
        (
            "2 3 2\n".to_string(),
            "invalid modulus: modulus must be odd",
        ),
        (
            format!("2 3 {over}\n"),
            "invalid modulus: modulus of 65537 bits exceeds",
        ),
    ];
    let sets = all_option_sets().into_iter().filter(|s| runs_here(s));
    for set in sets.chain(batch_option_sets()) {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        for (bad, why) in &cases {
            let input = format!("{good}{good}{bad}{good}");
            assert_line_error(&modexp(&args, input.as_bytes()), &["bc", "bc"], 3, why);
        }
    }
}

/// The first bad line is the one reported, whether an invalid modulus comes before a line
/// that does not parse or after it (`--batch` checks a chunk's lines in parallel, the
/// moduli after the parsing).
/// A line of exactly 16 MiB (line end included) is answered; one byte more, or an endless line
/// of NUL bytes (`< /dev/zero`), is refused once 16 MiB are read, not after memory runs out.
#[test]
fn lines_longer_than_16_mib_are_refused() {
    const MAX: usize = 1 << 24;
    let good = "3 64 c5\n";
    let at_limit = format!("{}{good}", "0".repeat(MAX - good.len()));
    let over_limit = format!("0{at_limit}");
    let mut endless = good.as_bytes().to_vec();
    endless.resize(good.len() + MAX + 4096, 0);
    for args in [&[][..], &["--batch"][..]] {
        assert_ok(
            &modexp(args, format!("{good}{at_limit}").as_bytes()),
            &["bc".to_string(), "bc".to_string()],
        );
        let why = "longer than 16777216 bytes";
        assert_line_error(
            &modexp(args, format!("{good}{over_limit}{good}").as_bytes()),
            &["bc"],
            2,
            why,
        );
        assert_line_error(&modexp(args, &endless), &["bc"], 2, why);
    }
}

/// `--batch` with lines of 12 MiB, 144 MiB in all: more than a chunk's 64 MiB and more than
/// the 64 MiB read ahead (the reader then waits for lines to be taken), and a bad line after
/// them. Every good line is answered in order (the input was once all held at once: 600 MiB of
/// such lines took 715 MB of memory, 206 MB since).
#[test]
fn batch_lines_past_the_byte_limits() {
    let n = BigUint::from(1_000_003u32);
    let mut input = Vec::new();
    let mut want = Vec::new();
    for i in 0..12u32 {
        let base = if i % 2 == 0 {
            "f".repeat(12 << 20)
        } else {
            format!("1{}", "0".repeat((12 << 20) - 1))
        };
        input.extend_from_slice(format!("{base} {:x} f4243\n", i + 2).as_bytes());
        let b = BigUint::parse_bytes(base.as_bytes(), 16).unwrap();
        want.push(format!("{:x}", b.modpow(&BigUint::from(i + 2), &n)));
    }
    assert_ok(&modexp(&["--batch"], &input), &want);
    input.extend_from_slice(b"3 3 4\n");
    let before: Vec<&str> = want.iter().map(String::as_str).collect();
    assert_line_error(&modexp(&["--batch"], &input), &before, 13, "must be odd");
}

#[test]
fn the_first_of_two_bad_lines_is_reported() {
    let good = "3 64 c5\n";
    let (bad_modulus, bad_line) = ("2 3 c4\n", "3 64\n");
    let sets = all_option_sets().into_iter().filter(|s| runs_here(s));
    for set in sets.chain(batch_option_sets()) {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        let input = format!("{good}{bad_modulus}{good}{bad_line}{good}");
        assert_line_error(
            &modexp(&args, input.as_bytes()),
            &["bc"],
            2,
            "invalid modulus: modulus must be odd",
        );
        let input = format!("{good}{good}{bad_line}{bad_modulus}{good}");
        assert_line_error(
            &modexp(&args, input.as_bytes()),
            &["bc", "bc"],
            3,
            "found 2",
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--algorithm", "fast"][..],
        &["--algorithm"][..],
        &["--algorithm", "ladder", "--vartime"][..],
        &["--frobnicate"][..],
        &["--batch", "--algorithm", "cios"][..],
        &["--batch", "--algorithm", "ladder"][..],
        &["--batch", "--vartime"][..],
        &["--threads", "2"][..],
        &["--batch", "--threads", "0"][..],
        &["--batch", "--threads", "-1"][..],
        &["--batch", "--threads", "two"][..],
        &["--batch", "--threads"][..],
    ] {
        let o = modexp(args, b"3 64 c5\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
    let o = modexp(&["--algorithm", "fast"], b"");
    assert!(
        stderr(&o).contains("ladder"),
        "lists the choices: {}",
        stderr(&o)
    );
    // The default algorithm, spelt out, goes with --batch.
    assert_ok(
        &modexp(&["--batch", "--algorithm", "auto"], b"3 64 c5\n"),
        &["bc".to_string()],
    );
    // Names are case-insensitive, as the library's parser.
    assert_ok(
        &modexp(&["--algorithm", "LADDER"], b"3 64 c5\n"),
        &["bc".to_string()],
    );
    assert_ok(
        &modexp(&["--algorithm", "Auto"], b"3 64 c5\n"),
        &["bc".to_string()],
    );
}

/// Closing the output early (`| head -1`) ends the run with status 1, no panic, no message.
#[test]
fn broken_pipe_is_not_a_panic() {
    for args in [&[][..], &["--batch"]] {
        broken_pipe_with(args);
    }
}

fn broken_pipe_with(args: &[&str]) {
    let mut child = montvec()
        .arg("modexp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let line = b"3 64 c5\n".repeat(10_000);
        for _ in 0..20 {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 3];
    out.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"bc\n");
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?}: quiet on a closed pipe: {err}");
    assert_eq!(status.code(), Some(1), "{args:?}");
}

/// One line in, one answer out, before the input ends: the output is flushed while the
/// program waits for more input (with `--batch`, the pause closes the chunk).
#[test]
fn answers_stream_line_by_line() {
    for args in [&[][..], &["--batch"], &["--batch", "--threads", "2"]] {
        stream_with(args);
    }
}

fn stream_with(args: &[&str]) {
    let mut child = montvec()
        .arg("modexp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for (q, a) in [("3 64 c5", "bc"), ("2 10 3e9", "1d7"), ("0 0 3", "1")] {
        writeln!(stdin, "{q}").unwrap();
        stdin.flush().unwrap();
        match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => assert_eq!(line, a, "{args:?}"),
            Err(_) => {
                let _ = child.kill();
                panic!("{args:?}: no answer to {q:?} while the input stays open");
            }
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// Long operands: a 4096-bit modulus with a 4096-bit exponent and a base far above it.
#[test]
fn large_operands() {
    let mut r = ChaCha8Rng::seed_from_u64(3);
    let n = random_bits(&mut r, 4096) | BigUint::from(1u32);
    let b = random_bits(&mut r, 9000);
    let e = random_bits(&mut r, 4096);
    let input = format!("{b:x} {e:x} {n:x}\n");
    let want = vec![format!("{:x}", b.modpow(&e, &n))];
    assert_ok(&modexp(&[], input.as_bytes()), &want);
    assert_ok(&modexp(&["--algorithm", "ladder"], input.as_bytes()), &want);
    assert_ok(&modexp(&["--vartime"], input.as_bytes()), &want);
}

/// The `--batch` variants: the default thread count, one thread, two.
fn batch_option_sets() -> Vec<Vec<String>> {
    [
        &["--batch"][..],
        &["--batch", "--threads", "1"],
        &["--batch", "--threads", "2"],
    ]
    .iter()
    .map(|set| set.iter().map(|a| a.to_string()).collect())
    .collect()
}

/// Lines of every size class the batch engines group differently, with their answers: full
/// groups and partial ones at 1024 and 2048 bits (one modulus per line, and runs of a shared
/// one), 3072 and 4096 bits, moduli above 8192 bits (the scalar engine), small ones, and the
/// edge values 0, 1, n - 1, n, bases above n and exponent 0, all interleaved.
fn mixed_batch_jobs(seed: u64) -> (String, Vec<String>) {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let mut lines: Vec<(BigUint, BigUint, BigUint)> = Vec::new();
    let sizes = [
        1024u64, 2048, 1024, 3072, 65, 4096, 8192, 8193, 9000, 2, 2048, 1000,
    ];
    for (i, &bits) in sizes.iter().cycle().take(60).enumerate() {
        let n = random_bits(&mut r, bits) | BigUint::from(1u32);
        let n = if bits == 2 { BigUint::from(3u32) } else { n };
        let one = BigUint::from(1u32);
        // Full exponents up to 4096 bits, short ones above (the oracle is slow there).
        let e_bits = if bits <= 4096 { bits } else { 80 };
        let e = random_bits(&mut r, e_bits);
        let base = match i % 9 {
            0 => BigUint::from(0u32),
            1 => one.clone(),
            2 => &n - 1u32,
            3 => n.clone(),
            4 => &n + 5u32,
            5 => random_bits(&mut r, 2 * bits + 3),
            _ => random_bits(&mut r, bits) % &n,
        };
        let e = match i % 7 {
            0 => BigUint::from(0u32),
            1 => one.clone(),
            _ => e,
        };
        lines.push((base.clone(), e.clone(), n.clone()));
        // Runs of one modulus (the CLI shares the prepared modulus).
        if i % 4 == 0 {
            for _ in 0..3 {
                let b = random_bits(&mut r, bits) % &n;
                lines.push((b, e.clone(), n.clone()));
            }
        }
    }
    let mut input = String::new();
    let mut want = Vec::new();
    for (b, e, n) in &lines {
        input.push_str(&format!(
            "{} {} {}\n",
            messy_hex(&mut r, b),
            messy_hex(&mut r, e),
            messy_hex(&mut r, n)
        ));
        want.push(format!("{:x}", b.modpow(e, n)));
    }
    (input, want)
}

#[test]
fn batch_equals_line_by_line_on_mixed_sizes() {
    let (input, want) = mixed_batch_jobs(10);
    let plain = modexp(&[], input.as_bytes());
    assert_ok(&plain, &want);
    for set in batch_option_sets() {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        let o = modexp(&args, input.as_bytes());
        assert_ok(&o, &want);
        assert_eq!(o.stdout, plain.stdout, "{args:?}");
    }
    // The random lines of the other tests (moduli of 2..=1100 bits, mostly distinct).
    let (input, want) = random_jobs(4, 300);
    for set in batch_option_sets() {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        assert_ok(&modexp(&args, input.as_bytes()), &want);
    }
}

#[test]
fn batch_edge_values_match_the_documented_ones() {
    let input = "0 0 3\n0 1 3\n1 0 3\n2 2 3\n5 1 3\nffffffffffffffff 2 ffffffffffffffff\n\
                 fffffffffffffffe 2 ffffffffffffffff\n10000000000000000 1 ffffffffffffffff\n";
    let want: Vec<String> = ["1", "0", "1", "1", "2", "0", "1", "1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for set in batch_option_sets() {
        let args: Vec<&str> = set.iter().map(String::as_str).collect();
        assert_ok(&modexp(&args, input.as_bytes()), &want);
    }
}

/// More lines than a chunk: answers cross the chunk boundary in order (with a modulus shared
/// across it), and a bad line in the second chunk leaves every answer before it written.
#[test]
fn batch_crosses_chunks_and_fails_in_the_second() {
    let mut r = ChaCha8Rng::seed_from_u64(11);
    let n = random_bits(&mut r, 256) | BigUint::from(1u32);
    let mut input = String::new();
    let mut want = Vec::new();
    for i in 0..5000u32 {
        let b = random_bits(&mut r, 200);
        let e = BigUint::from(i);
        // Every line shares n but a few in the middle.
        let m = if i % 1000 == 7 {
            BigUint::from(1_000_003u32)
        } else {
            n.clone()
        };
        input.push_str(&format!("{b:x} {e:x} {m:x}\n"));
        want.push(format!("{:x}", b.modpow(&e, &m)));
    }
    assert_ok(&modexp(&["--batch"], input.as_bytes()), &want);
    let bad = 4500;
    let lines: Vec<&str> = input.lines().collect();
    let broken = format!(
        "{}\n3 64\n{}\n",
        lines[..bad - 1].join("\n"),
        lines[bad..].join("\n")
    );
    let before: Vec<&str> = want[..bad - 1].iter().map(String::as_str).collect();
    assert_line_error(
        &modexp(&["--batch", "--threads", "2"], broken.as_bytes()),
        &before,
        bad,
        "found 2",
    );
}

#[test]
fn batch_on_the_portable_backend() {
    let (input, want) = mixed_batch_jobs(12);
    let o = modexp_env(&["--batch"], input.as_bytes(), "portable");
    assert_ok(&o, &want);
}

/// A backend this build does not know, or an algorithm the backend cannot run, is a usage
/// error (status 2) found before any input is read: also with no input at all, and with
/// --batch.
#[test]
fn backend_problems_are_usage_errors_before_any_line() {
    for input in [&b"3 64 c5\n"[..], b""] {
        for args in [&[][..], &["--batch"], &["--algorithm", "cios"]] {
            let o = modexp_env(args, input, "sparc");
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains("MONTVEC_BACKEND") && err.contains("sparc"),
                "{err}"
            );
            assert!(!err.contains("line 1"), "{err}");
            assert!(stdout(&o).is_empty());
        }
        let o = modexp_env(&["--algorithm", "ifma"], input, "portable");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("--algorithm ifma does not run on the portable backend"),
            "{err}"
        );
    }
}

/// Standard error that cannot be written (`/dev/full`, where the system has it): the failure
/// still ends in its exit status, not in a panic (status 101) while reporting it.
#[test]
fn unwritable_standard_error_is_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("SKIPPED: no /dev/full");
        return;
    };
    let runs: [(&[&str], &[u8], i32); 3] = [
        (&["modexp"], b"3 4 8\n", 1),
        (&["modexp", "--batch"], b"3 4 8\n", 1),
        (
            &[
                "rsa",
                "sign",
                "--key",
                "/nonexistent",
                "--in",
                "-",
                "--out",
                "-",
            ],
            b"",
            2,
        ),
    ];
    for (args, input, status) in runs {
        let mut cmd = montvec();
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(full.try_clone().unwrap());
        let mut child = cmd.spawn().expect("spawn montvec");
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input);
        drop(stdin);
        let out = child.wait().expect("wait for montvec");
        assert_eq!(out.code(), Some(status), "{args:?}");
    }
}

/// `--help` names every value `--algorithm` takes.
#[test]
fn help_lists_every_algorithm() {
    let out = montvec()
        .args(["modexp", "--help"])
        .output()
        .expect("run montvec");
    let help = stdout(&out).to_string();
    let concrete = montvec::Algorithm::CONCRETE.map(|a| a.name());
    for name in ["auto", "ladder"].into_iter().chain(concrete) {
        assert!(help.contains(name), "{name} missing from\n{help}");
    }
}

/// A bad line in the third --batch chunk (9000 lines, more than 2 * CHUNK_LINES, so at least
/// three chunks whatever the timing) is named by its input line number: the count of lines
/// answered adds up over the chunks (a count reset at each chunk still names the right line in
/// the second, as `batch_crosses_chunks_and_fails_in_the_second` sees it).
#[test]
fn batch_fails_in_the_third_chunk_with_the_right_line_number() {
    let n = BigUint::from(0xc5u32);
    let bad = 8500;
    let mut input = String::new();
    let mut want = Vec::new();
    for i in 1..=9000u32 {
        if i as usize == bad {
            input.push_str("3 64\n");
        } else {
            input.push_str(&format!("{i:x} 3 c5\n"));
        }
        if (i as usize) < bad {
            want.push(format!(
                "{:x}",
                BigUint::from(i).modpow(&BigUint::from(3u32), &n)
            ));
        }
    }
    let before: Vec<&str> = want.iter().map(String::as_str).collect();
    for args in [&["--batch"][..], &["--batch", "--threads", "2"]] {
        assert_line_error(&modexp(args, input.as_bytes()), &before, bad, "found 2");
    }
}

/// The modulus --batch keeps for the next chunk is the last run's, number and preparation
/// together: chunk 1 (4096 lines) starts with modulus A and ends with B, chunk 2 starts with A
/// again, which must be prepared anew, not answered with the kept B. (A chunk that closes early
/// on a pause could hide a mismatch, never fail correct code.)
#[test]
fn batch_kept_modulus_is_the_last_runs_across_chunks() {
    let a = BigUint::from(0xc5u32);
    let b = BigUint::from(1_000_003u32);
    let mut input = String::new();
    let mut want = Vec::new();
    for i in 0..4096 + 200u32 {
        let m = if (100..4096).contains(&i) { &b } else { &a };
        let base = BigUint::from(i + 2);
        let e = BigUint::from(65537u32);
        input.push_str(&format!("{base:x} {e:x} {m:x}\n"));
        want.push(format!("{:x}", base.modpow(&e, m)));
    }
    for args in [&["--batch"][..], &["--batch", "--threads", "1"]] {
        assert_ok(&modexp(args, input.as_bytes()), &want);
    }
}

/// Standard input that cannot be read (a directory: EISDIR) is an error with status 1, with
/// and without --batch, not taken for the end of the input.
#[test]
fn unreadable_standard_input_is_reported() {
    for args in [&[][..], &["--batch"]] {
        let o = montvec()
            .arg("modexp")
            .args(args)
            .stdin(std::fs::File::open("/").expect("open / as a file"))
            .output()
            .expect("run montvec");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot read standard input"),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}
