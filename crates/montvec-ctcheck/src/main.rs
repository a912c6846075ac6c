//! `montvec-ctcheck`: runs montvec's secret-handling operations under valgrind's memcheck with
//! their secrets marked undefined, and fails when memcheck reports that a branch or a memory
//! address depended on one.
//!
//! ```text
//! scripts/ctcheck [CASE ...]      # builds it (release, --cfg montvec_ctcheck), runs it
//! montvec-ctcheck --list          # the cases' names, one a line (no valgrind needed)
//! ```
//!
//! It checks a release build, as shipped: the test profile's overflow checks and debug
//! assertions branch on secret values by design. Built with `--cfg montvec_ctcheck`, montvec
//! takes the ADX kernels without asking the CPU (valgrind runs them but hides ADX) and its
//! `ct::declassify` marks the values it releases by design public (verdicts, message lengths).
//! Valgrind has no AVX-512, so the IFMA code is not covered. Memcheck does not see
//! variable-latency instructions: both libraries deny division by lint instead.

mod cases;
mod memcheck;
mod values;

use std::process::ExitCode;

use montvec::batch::Engine;
use montvec::Backend;

/// The checks, by name; `control` must be reported, every other must not.
const CASES: &[(&str, fn())] = &[
    ("control", cases::control::run),
    ("parse", cases::parse::run),
    ("modulus", cases::exp::modulus),
    ("pow", cases::exp::pow),
    ("montgomery", cases::exp::montgomery),
    ("invert", cases::exp::invert),
    ("batch", cases::batch::run),
    ("rsa-private", cases::rsa::private),
    ("rsa-decrypt", cases::rsa::decrypt),
    ("rsa-sign", cases::rsa::sign),
    ("rsa-generate", cases::rsa::generate),
];

fn main() -> ExitCode {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    if asked.iter().any(|a| a == "--list") {
        for (name, _) in CASES {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    if let Some(unknown) = asked
        .iter()
        .find(|a| !CASES.iter().any(|(name, _)| name == a))
    {
        let names: Vec<&str> = CASES.iter().map(|(name, _)| *name).collect();
        eprintln!(
            "montvec-ctcheck: no case {unknown:?}; the cases: {}",
            names.join(" ")
        );
        return ExitCode::from(2);
    }
    if !memcheck::under_valgrind() {
        eprintln!("montvec-ctcheck: run it under valgrind (scripts/ctcheck does)");
        return ExitCode::from(2);
    }
    let backends: Vec<&str> = Backend::supported()
        .into_iter()
        .map(Backend::name)
        .collect();
    let engines: Vec<&str> = Engine::ALL
        .into_iter()
        .filter(|e| e.is_supported())
        .map(Engine::name)
        .collect();
    println!(
        "backends: {}; batch engines: {}",
        backends.join(" "),
        engines.join(" ")
    );
    let mut failed = vec![];
    for (name, run) in CASES
        .iter()
        .filter(|(name, _)| asked.is_empty() || asked.iter().any(|a| a == name))
    {
        let before = memcheck::reported();
        run();
        let reported = memcheck::reported() - before;
        let ok = if *name == "control" {
            reported > 0
        } else {
            reported == 0
        };
        let verdict = if ok { "ok" } else { "FAILED" };
        println!("{name:<12} {reported:>8} reports  {verdict}");
        if !ok {
            failed.push(*name);
        }
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!("montvec-ctcheck: failed: {}", failed.join(" "));
        ExitCode::FAILURE
    }
}
