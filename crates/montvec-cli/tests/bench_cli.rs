//! `montvec bench` end to end: JSON lines with the required fields, the table, and clean
//! rejection of bad flags.

use std::process::Command;

fn montvec(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_montvec"))
        .args(args)
        .output()
        .expect("run montvec")
}

#[test]
fn quick_json_lines_have_the_required_fields() {
    let out = montvec(&[
        "bench", "--quick", "--sizes", "256", "--ops", "mul", "--json",
    ]);
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
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
    // Every concrete algorithm appears (on the active backend).
    for a in montvec::Algorithm::CONCRETE {
        assert!(
            rows.iter().any(|r| r["algorithm"] == a.name()),
            "{} missing",
            a.name()
        );
    }
}

#[test]
fn quick_table_lists_every_op_with_ratios() {
    let out = montvec(&["bench", "--quick", "--sizes", "192,256"]);
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "mul:",
        "sqr:",
        "exp:",
        "product:",
        "BN_mod_mul_montgomery",
        "mpz_powm_sec",
        "mpz_powm ",
        "BN_mod_exp_mont_consttime",
        "mpn_mul_n",
        "ladder",
        "vs OpenSSL",
        "vs powm_sec",
        "1.00x",
    ] {
        assert!(stdout.contains(needle), "{needle:?} missing from\n{stdout}");
    }
}

#[test]
fn auto_table_prints_a_paste_ready_body() {
    let out = montvec(&["bench", "--quick", "--auto-table", "--sizes", "256,512"]);
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
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
    let out = montvec(&[
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
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
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
