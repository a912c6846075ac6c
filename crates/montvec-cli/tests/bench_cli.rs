//! `montvec bench` end to end: JSON lines with the required fields (batch rows included), the
//! table, and clean rejection of bad flags.

use std::process::Command;

fn montvec(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_montvec"))
        .args(args)
        .output()
        .expect("run montvec")
}

/// The standard output of `montvec ARGS`, after checking the run succeeded.
fn succeed(args: &[&str]) -> String {
    let out = montvec(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn quick_json_lines_have_the_required_fields() {
    let stdout = succeed(&[
        "bench", "--quick", "--sizes", "256", "--ops", "mul", "--json",
    ]);
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect();
    assert!(
        rows.len() >= 2,
        "expected montvec and OpenSSL rows, got {stdout}"
    );
    for row in &rows {
        for field in ["op", "algorithm", "backend", "impl"] {
            assert!(row[field].is_string(), "{field} missing in {row}");
        }
        assert_eq!(row["op"], "mul");
        assert_eq!(row["bits"], 256);
        assert_eq!(row["batch"], 1);
        let ns = row["ns_per_op"].as_f64().expect("ns_per_op");
        assert!(ns > 0.0 && ns < 1e9, "ns_per_op {ns}");
        assert!(["montvec", "gmp", "openssl"].contains(&row["impl"].as_str().unwrap()));
    }
    let imps: Vec<&str> = rows.iter().map(|r| r["impl"].as_str().unwrap()).collect();
    assert!(
        imps.contains(&"montvec") && imps.contains(&"openssl"),
        "{imps:?}"
    );
    // Every concrete algorithm the active backend runs appears (Ifma only on IFMA CPUs).
    let backend = montvec::Backend::active().expect("backend");
    for a in montvec::Algorithm::CONCRETE
        .into_iter()
        .filter(|a| a.runs_on(backend))
    {
        assert!(
            rows.iter().any(|r| r["algorithm"] == a.name()),
            "{} missing",
            a.name()
        );
    }
}

#[test]
fn quick_table_lists_every_op_with_ratios() {
    let stdout = succeed(&["bench", "--quick", "--sizes", "192,256"]);
    for needle in [
        "mul:",
        "sqr:",
        "exp:",
        "product:",
        "BN_mod_mul_montgomery",
        "mpz_powm_sec",
        "mpz_powm ",
        "BN_mod_exp_mont_consttime",
        "BoxedMontyForm::pow",
        "mpn_mul_n",
        "ladder",
        "batch_exp:",
        "scalar",
        "vs OpenSSL",
        "vs powm_sec",
        "vs crypto-bigint",
        "1.00x",
    ] {
        assert!(stdout.contains(needle), "{needle:?} missing from\n{stdout}");
    }
    // The batch rows name the active backend's engine (ifma512 on IFMA CPUs, avx2 on AVX2).
    let backend = montvec::Backend::active().expect("backend");
    let engine = montvec::batch::Engine::for_backend(backend);
    assert!(
        stdout.contains(&format!("  {} ", engine.name())),
        "{engine} missing from\n{stdout}"
    );
}

#[test]
fn auto_table_prints_a_paste_ready_body() {
    let stdout = succeed(&["bench", "--quick", "--auto-table", "--sizes", "256,512"]);
    assert!(stdout.contains("Algorithm::"), "{stdout}");
    assert!(stdout.contains("winner"), "{stdout}");
}

#[test]
fn bad_flags_fail_cleanly() {
    for args in [
        &["bench", "--sizes", "0"][..],
        &["bench", "--sizes", "abc"],
        &["bench", "--sizes", "256,,512"],
        &["bench", "--sizes", "99999"],
        &["bench", "--ops", "div"],
        &["bench", "--algorithms", "nonsense"],
        &["bench", "--backends", "sparc"],
        &["bench", "--budget", "-1"],
        &["bench", "--samples", "0"],
        &["bench", "--auto-table", "--ops", "mul"],
        &["bench", "--frobnicate"],
        &["bench", "--ops", "batch", "--threads", "0"],
        &["bench", "--ops", "batch", "--threads", "x"],
        &["bench", "--auto-table", "--threads", "2"],
    ] {
        let out = montvec(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    }
}

#[test]
fn backend_filter_is_honoured() {
    let stdout = succeed(&[
        "bench",
        "--quick",
        "--sizes",
        "256",
        "--ops",
        "exp",
        "--json",
        "--backends",
        "portable",
        "--no-peers",
    ]);
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert!(!rows.is_empty());
    for row in &rows {
        assert_eq!(row["impl"], "montvec", "{row}");
        assert_eq!(row["backend"], "portable", "{row}");
        assert_eq!(row["op"], "exp", "{row}");
    }
    assert!(rows.iter().any(|r| r["algorithm"] == "ladder"));
}

/// The table's `*` marks, on each row, what `Algorithm::Auto` runs on that row's own backend:
/// at 2048 bits CIOS on the ADX kernels but REDC on the portable backend (it used to mark the
/// active backend's pick on every row).
#[test]
fn table_marks_the_pick_of_each_rows_backend() {
    let backends: Vec<montvec::Backend> = montvec::Backend::supported();
    let names: Vec<&str> = backends.iter().map(|b| b.name()).collect();
    let stdout = succeed(&[
        "bench",
        "--quick",
        "--sizes",
        "2048",
        "--ops",
        "exp",
        "--algorithms",
        "cios,redc",
        "--backends",
        &names.join(","),
        "--no-peers",
    ]);
    for backend in backends {
        let marked: Vec<&str> = stdout
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|t| t.len() > 4 && t[0] == "2048" && t[1] == "montvec")
            .filter(|t| t[3] == "*" && t[4] == backend.name())
            .map(|t| t[2])
            .collect();
        let pick = montvec::Algorithm::auto_for_bits(2048, backend).name();
        let expected: &[&str] = if ["cios", "redc"].contains(&pick) {
            &[pick]
        } else {
            &[]
        };
        assert_eq!(marked, expected, "{backend}:\n{stdout}");
    }
}

/// With MONTVEC_BACKEND unset the library runs on the best backend this CPU has. (scripts/test
/// forces a backend in each of its runs; this child runs without one.)
#[test]
fn without_montvec_backend_the_best_backend_runs() {
    let out = Command::new(env!("CARGO_BIN_EXE_montvec"))
        .args([
            "bench",
            "--quick",
            "--sizes",
            "256",
            "--ops",
            "mul",
            "--json",
            "--no-peers",
        ])
        .env_remove("MONTVEC_BACKEND")
        .output()
        .expect("run montvec");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert!(!rows.is_empty());
    let best = montvec::Backend::best();
    for row in &rows {
        assert_eq!(row["backend"], best.name(), "{row}");
    }
}

#[test]
fn auto_table_needs_one_backend() {
    let out = montvec(&[
        "bench",
        "--quick",
        "--auto-table",
        "--backends",
        "portable,portable,adx",
    ]);
    if montvec::Backend::Adx.is_supported() {
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("one backend"));
    }
}

/// The JSON rows of `montvec bench ARGS --json`, after checking the run succeeded.
fn json_rows(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = args.to_vec();
    all.push("--json");
    succeed(&all)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect()
}

/// The JSON rows of `montvec bench --quick --ops batch ARGS`.
fn quick_batch_rows(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["bench", "--quick", "--ops", "batch"];
    all.extend(args);
    json_rows(&all)
}

#[test]
fn quick_batch_rows_have_the_required_fields() {
    use montvec::batch::Engine;
    let rows = quick_batch_rows(&["--sizes", "256"]);
    for row in &rows {
        for field in ["op", "algorithm", "backend", "impl", "clock"] {
            assert!(row[field].is_string(), "{field} missing in {row}");
        }
        assert_eq!(row["op"], "batch_exp");
        assert_eq!(row["bits"], 256);
        assert_eq!(row["threads"], 1);
        assert_eq!(row["clock"], "cpu");
        let ns = row["ns_per_op"].as_f64().expect("ns_per_op");
        assert!(ns > 0.0 && ns < 1e9, "ns_per_op {ns}");
        let ops = row["ops_per_s"].as_f64().expect("ops_per_s");
        assert!((ops * ns / 1e9 - 1.0).abs() < 1e-9, "{row}");
    }
    let find = |algorithm: &str| rows.iter().find(|r| r["algorithm"] == algorithm);
    // Every engine this CPU runs, with its lane count; 8 exponentiations per call.
    for e in Engine::ALL.into_iter().filter(|e| e.is_supported()) {
        let row = find(e.name()).unwrap_or_else(|| panic!("{e} missing"));
        assert_eq!(row["impl"], "montvec");
        assert_eq!(row["batch"], e.lanes());
        assert_eq!(row["jobs_per_call"], 8);
    }
    if Engine::Ifma512.is_supported() {
        let row = find("ifma512-plain").expect("the plain reduction's row");
        assert_eq!(
            (&row["batch"], &row["backend"]),
            (&8.into(), &"ifma".into())
        );
    }
    // The row marked as the pick is the engine a call of eight jobs gets by default: the
    // library's answer for the backend in effect (the child inherits MONTVEC_BACKEND, so under
    // a forced portable or adx backend that is the scalar engine even where IFMA is there).
    let pick = montvec::batch::default_engine(8, 256).expect("a default engine");
    let picked: Vec<&serde_json::Value> = rows.iter().filter(|r| r["auto"] == true).collect();
    assert_eq!(picked.len(), 1, "one pick in {rows:?}");
    assert_eq!(picked[0]["algorithm"], pick.name(), "the default engine");
    // The peers, one exponentiation per call.
    for (name, imp) in [
        ("BN_mod_exp_mont_consttime", "openssl"),
        ("mpz_powm_sec", "gmp"),
    ] {
        let row = find(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(row["impl"], imp);
        assert_eq!(
            (&row["batch"], &row["jobs_per_call"]),
            (&1.into(), &1.into())
        );
    }
}

/// crypto_mb's rows: eight lanes a call at the sizes it has kernels for, none at others, its
/// ratio column in the table; in the RSA rows, eight operations a call. Where it is not
/// linked (or the CPU lacks IFMA), no row names it.
#[test]
fn crypto_mb_rows_where_it_runs() {
    // The header says which crypto_mb is linked, or that none is.
    let table = succeed(&["bench", "--quick", "--ops", "batch", "--sizes", "1024"]);
    let header = table.lines().next().unwrap_or_default();
    let said = match montvec_bench::CRYPTO_MB_LINKED {
        true => header.contains("| crypto_mb ("),
        false => header.contains("| crypto_mb not linked"),
    };
    assert!(said, "{header}");
    let rows = quick_batch_rows(&["--sizes", "512,1024"]);
    let theirs: Vec<&serde_json::Value> =
        rows.iter().filter(|r| r["impl"] == "crypto_mb").collect();
    if !montvec_bench::crypto_mb_runs() {
        assert!(theirs.is_empty(), "{theirs:?}");
        return;
    }
    assert_eq!(theirs.len(), 1, "only at 1024 bits: {theirs:?}");
    let row = theirs[0];
    assert_eq!(row["algorithm"], montvec_bench::CRYPTO_MB_EXP);
    assert_eq!(row["bits"], 1024);
    assert_eq!(
        (&row["batch"], &row["jobs_per_call"], &row["threads"]),
        (&8.into(), &8.into(), &1.into())
    );
    assert!(
        table.contains("vs crypto_mb") && table.contains("mbx_exp_mb8"),
        "{table}"
    );
    let rows = json_rows(&["bench", "--rsa", "--quick", "--sizes", "2048"]);
    for (op, name) in [
        ("rsa_private", "mbx_rsa_private_crt_mb8"),
        ("rsa_public", "mbx_rsa_public_mb8"),
    ] {
        let row = rows
            .iter()
            .find(|r| r["op"] == op && r["impl"] == "crypto_mb")
            .unwrap_or_else(|| panic!("{op}: no crypto_mb row in {rows:?}"));
        assert_eq!(row["algorithm"], name);
        assert_eq!(
            (&row["batch"], &row["jobs_per_call"]),
            (&8.into(), &8.into())
        );
    }
}

#[test]
fn batch_rows_per_thread_count() {
    let rows = quick_batch_rows(&["--sizes", "512", "--threads", "1,2", "--no-peers"]);
    let suffix = montvec_bench::ONE_THREAD_SUFFIX;
    let is_twin = |r: &serde_json::Value| r["algorithm"].as_str().unwrap().ends_with(suffix);
    for threads in [1, 2] {
        let these: Vec<&serde_json::Value> = rows
            .iter()
            .filter(|r| r["threads"] == threads && !is_twin(r))
            .collect();
        assert!(these.iter().any(|r| r["algorithm"] == "scalar"), "{rows:?}");
        for row in these {
            assert_eq!(row["jobs_per_call"], 8 * threads, "{row}");
            // Rows of both counts on the same clock, so they compare.
            assert_eq!(row["clock"], "wall", "{row}");
        }
    }
    // The two-thread job times the default engine's calls on one thread too: one twin, with
    // the two-thread calls' jobs, on the wall clock.
    let twins: Vec<&serde_json::Value> = rows.iter().filter(|r| is_twin(r)).collect();
    let pick = montvec::batch::default_engine(8, 512).expect("a default engine");
    assert_eq!(twins.len(), 1, "{rows:?}");
    assert_eq!(twins[0]["algorithm"], format!("{}{suffix}", pick.name()));
    assert_eq!(
        (&twins[0]["threads"], &twins[0]["jobs_per_call"]),
        (&1.into(), &16.into())
    );
    assert_eq!(twins[0]["clock"], "wall");
    // One thread alone has no twin.
    let rows = quick_batch_rows(&["--sizes", "512", "--no-peers"]);
    assert!(!rows.iter().any(is_twin), "{rows:?}");
    // A selection without the default engine twins its first row.
    let rows = quick_batch_rows(&[
        "--sizes",
        "512",
        "--threads",
        "2",
        "--backends",
        "portable",
        "--no-peers",
    ]);
    let twins: Vec<&serde_json::Value> = rows.iter().filter(|r| is_twin(r)).collect();
    assert_eq!(twins.len(), 1, "{rows:?}");
    assert_eq!(twins[0]["algorithm"], format!("scalar{suffix}"));
    assert_eq!(twins[0]["backend"], "portable");
    // --backends narrows the engines to its own and runs the scalar rows on it.
    let rows = quick_batch_rows(&["--sizes", "256", "--backends", "portable", "--no-peers"]);
    let names: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["algorithm"].as_str().unwrap(),
                r["backend"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(names, [("scalar", "portable")]);
}

#[test]
fn batch_table_shows_lanes_throughput_and_the_plain_ratio() {
    let stdout = succeed(&["bench", "--quick", "--ops", "batch", "--sizes", "1024"]);
    for needle in [
        "batch_exp:",
        "lanes",
        "threads",
        "ops/s",
        "vs OpenSSL",
        "vs powm_sec",
    ] {
        assert!(stdout.contains(needle), "{needle:?} missing from\n{stdout}");
    }
    if montvec::batch::Engine::Ifma512.is_supported() {
        assert!(
            stdout.contains("vs plain") && stdout.contains("ifma512-plain"),
            "{stdout}"
        );
    }
    // The column (the title explains it either way) only where there are twins.
    let header = |stdout: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with("bits"))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no header in\n{stdout}"))
    };
    assert!(!header(&stdout).contains("vs 1 thread"), "{stdout}");
    // On two threads, the ratio to the default engine's one-thread twin.
    let two_threads = |extra: &[&str]| {
        let base = [
            "bench",
            "--quick",
            "--ops",
            "batch",
            "--sizes",
            "1024",
            "--threads",
            "2",
        ];
        succeed(&[&base[..], extra].concat())
    };
    let stdout = two_threads(&["--no-peers"]);
    let twin = format!(
        "{}{}",
        montvec::batch::default_engine(8, 1024)
            .expect("a default engine")
            .name(),
        montvec_bench::ONE_THREAD_SUFFIX
    );
    assert!(
        header(&stdout).contains("vs 1 thread") && stdout.contains(&twin),
        "{stdout}"
    );
    // The peers run on one thread: the scalar row on two has no ratio to them, its twin (the
    // first row's, the default engine being left out, on one) has.
    let stdout = two_threads(&["--backends", "portable"]);
    let ratios = |line: &str| {
        line.split_whitespace()
            .filter(|t| {
                t.strip_suffix('x')
                    .is_some_and(|r| r.parse::<f64>().is_ok())
            })
            .count()
    };
    let row = |algorithm: &str| {
        stdout
            .lines()
            .find(|l| l.split_whitespace().nth(2) == Some(algorithm))
            .unwrap_or_else(|| panic!("no {algorithm} row in\n{stdout}"))
    };
    let twin = format!("scalar{}", montvec_bench::ONE_THREAD_SUFFIX);
    assert_eq!(ratios(row("scalar")), 1, "vs 1 thread only: {stdout}");
    assert_eq!(
        ratios(row(&twin)),
        2 + usize::from(montvec_bench::crypto_mb_runs()),
        "vs OpenSSL and vs powm_sec (and vs crypto_mb): {stdout}"
    );
}

#[test]
fn threads_need_batch_rows() {
    let out = montvec(&["bench", "--quick", "--ops", "exp", "--threads", "2"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--threads applies to the batch rows"),
        "{stderr}"
    );
}

#[test]
fn rsa_rows_only_when_asked() {
    let stdout = succeed(&["bench", "--rsa", "--quick", "--sizes", "1024", "--json"]);
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect();
    // crypto_mb's row where it is linked and the CPU runs it (it needs AVX-512 IFMA).
    let crypto_mb = usize::from(montvec_bench::crypto_mb_runs());
    for op in ["rsa_private", "rsa_public"] {
        let these: Vec<&serde_json::Value> = rows.iter().filter(|r| r["op"] == op).collect();
        assert_eq!(these.len(), 4 + crypto_mb, "{op}: {stdout}");
        for imp in ["montvec", "openssl", "rustcrypto"] {
            assert!(these.iter().any(|r| r["impl"] == imp), "{op} {imp}");
        }
        // The batched row: 8 operations per call, time per single operation.
        let batched = these
            .iter()
            .find(|r| r["jobs_per_call"] == 8)
            .unwrap_or_else(|| panic!("{op}: no batched row"));
        let ns = batched["ns_per_op"].as_f64().unwrap();
        let per_s = batched["ops_per_s"].as_f64().unwrap();
        assert!((ns * per_s / 1e9 - 1.0).abs() < 1e-9);
    }
    assert_eq!(rows.len(), 8 + 2 * crypto_mb, "only the RSA rows: {stdout}");
    // The RSA rows run on one thread: --threads needs batch rows beside them.
    let out = montvec(&["bench", "--rsa", "--threads", "2", "--quick"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads applies"));
    // With --ops, those operations and the RSA rows.
    let stdout = succeed(&[
        "bench", "--rsa", "--ops", "mul", "--quick", "--sizes", "1024",
    ]);
    for needle in [
        "mul:",
        "rsa_private:",
        "rsa_public:",
        "EVP_PKEY_decrypt",
        "rsa_decrypt_and_check",
        "vs OpenSSL",
        "vs rsa crate",
    ] {
        assert!(stdout.contains(needle), "{needle} missing in {stdout}");
    }
}

/// Options that cannot run (here, or together) exit with status 2, as clap's own errors, and
/// a message that names the cause.
#[test]
fn usage_mistakes_exit_2_with_a_readable_message() {
    // (arguments, environment, what the message says)
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 4] = [
        (
            &["bench", "--quick", "--ops", "mul", "--sizes", "256"],
            &[("MONTVEC_BACKEND", "bogus")],
            "MONTVEC_BACKEND: backend \"bogus\" is not available",
        ),
        (
            &["bench", "--quick", "--rsa", "--sizes", "256"],
            &[],
            "the RSA rows run from 1024 to 8192 bits",
        ),
        (
            &["bench", "--quick", "--ops", "exp", "--threads", "2"],
            &[],
            "--threads applies to the batch rows",
        ),
        (
            // `ladder` has no multiplication rows: only the peers' would be left.
            &[
                "bench",
                "--quick",
                "--ops",
                "mul",
                "--sizes",
                "256",
                "--algorithms",
                "ladder",
            ],
            &[],
            "no montvec contender",
        ),
    ];
    for (args, env, why) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_montvec"))
            .args(args)
            .envs(env.iter().copied())
            .output()
            .expect("run montvec");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    }
    let out = montvec(&["bench", "--auto-table", "--json"]);
    assert_eq!(out.status.code(), Some(2), "--auto-table --json");
}

/// A thread count named twice, apart, is measured once.
#[test]
fn repeated_thread_counts_are_measured_once() {
    let once = quick_batch_rows(&["--sizes", "64", "--threads", "1,2", "--no-peers"]);
    let twice = quick_batch_rows(&["--sizes", "64", "--threads", "1,2,1", "--no-peers"]);
    assert_eq!(once.len(), twice.len(), "{twice:?}");
}

/// `ns_per_op` is per single operation in batched rows too (a batch call runs 8 jobs): the
/// scalar engine's batch row, and the batched RSA private operations, stay within a factor 4
/// of the one-at-a-time rows of the same size in the same run (a figure per call would be 8
/// times theirs). A check of the division by the jobs per call, not of speed.
#[test]
fn batched_rows_are_per_single_operation() {
    let ns = |rows: &[serde_json::Value], op: &str, pick: &dyn Fn(&serde_json::Value) -> bool| {
        let row = rows
            .iter()
            .find(|r| r["op"] == op && pick(r))
            .unwrap_or_else(|| panic!("no {op} row in {rows:?}"));
        row["ns_per_op"].as_f64().unwrap()
    };
    let within_4 = |a: f64, b: f64, what: &str| {
        assert!(
            (0.25..=4.0).contains(&(a / b)),
            "{what}: {a} ns against {b} ns"
        );
    };
    let rows = json_rows(&[
        "bench",
        "--quick",
        "--ops",
        "exp,batch",
        "--sizes",
        "512",
        "--no-peers",
    ]);
    let single = ns(&rows, "exp", &|r| r["auto"] == true);
    let batched = ns(&rows, "batch_exp", &|r| r["algorithm"] == "scalar");
    within_4(batched, single, "scalar batch_exp against exp");
    let rows = json_rows(&["bench", "--quick", "--rsa", "--sizes", "1024", "--no-peers"]);
    let single = ns(&rows, "rsa_private", &|r| r["jobs_per_call"] == 1);
    let batched = ns(&rows, "rsa_private", &|r| r["jobs_per_call"] == 8);
    within_4(batched, single, "batched rsa_private against one at a time");
}
