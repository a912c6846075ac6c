//! `montvec bench`: time montvec's multiplication, squaring and exponentiation for every
//! algorithm, and its batch exponentiation on every engine, beside GMP and OpenSSL measured in
//! the same run, and print a table of ratios (or JSON lines); `--auto-table` prints the
//! size-to-algorithm table for `Algorithm::auto_for_bits`; `--rsa` times RSA private and
//! public operations beside OpenSSL's.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use montvec::{Algorithm, Backend};
use montvec_bench::suite::{
    CRYPTO_MB_PRIVATE, CRYPTO_MB_PUBLIC, OPENSSL_PRIVATE, OPENSSL_PUBLIC, RUSTCRYPTO_PRIVATE,
    RUSTCRYPTO_PUBLIC,
};
use montvec_bench::suite::{LADDER, PRODUCT};
use montvec_bench::{
    gmp, openssl, prepare, rustcrypto, Clock, Impl, Job, Measurement, Op, Plan, Selection,
    CRYPTO_BIGINT_POW, CRYPTO_MB_EXP, JOBS_PER_THREAD, ONE_THREAD_SUFFIX, PLAIN_SUFFIX, RSA_JOBS,
};

/// The sizes of `sqr` and `exp` (and of `mul`, with the NIST sizes added).
const MAIN_SIZES: [usize; 6] = [256, 512, 1024, 2048, 3072, 4096];
/// The NIST prime-field sizes (seed 004): `mul` also runs at these, `product` only at these.
const NIST_SIZES: [usize; 5] = [192, 224, 256, 384, 521];
/// The sizes of `batch`: the RSA moduli and their CRT halves.
const BATCH_SIZES: [usize; 4] = [1024, 2048, 3072, 4096];
/// The sizes of `--rsa`: the RSA moduli.
const RSA_SIZES: [usize; 4] = [1024, 2048, 3072, 4096];

/// The key sizes the RSA rows take: those montvec-rsa generates keys of.
const RSA_BITS: core::ops::RangeInclusive<usize> =
    montvec_rsa::key::MIN_GENERATED_BITS..=montvec_rsa::key::MAX_GENERATED_BITS;
/// Default sizes of `--auto-table`: finer steps, to place the boundaries.
const AUTO_TABLE_SIZES: [usize; 9] = [256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096];

/// The operations on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OpArg {
    /// Montgomery multiplication.
    Mul,
    /// Montgomery squaring.
    Sqr,
    /// Constant-time exponentiation with an exponent of the modulus's size.
    Exp,
    /// Full product without reduction (`mul::product` vs `mpn_mul_n`).
    Product,
    /// Batch exponentiation on every engine (`batch::pow_with`; `batch_exp` in JSON).
    #[value(alias = "batch_exp")]
    Batch,
}

impl OpArg {
    fn op(self) -> Op {
        match self {
            OpArg::Mul => Op::Mul,
            OpArg::Sqr => Op::Sqr,
            OpArg::Exp => Op::Exp,
            OpArg::Product => Op::Product,
            OpArg::Batch => Op::BatchExp,
        }
    }
}

/// The clock samples are read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ClockArg {
    /// The measuring thread's CPU time: time other jobs hold the core is not counted.
    Cpu,
    /// Elapsed real time.
    Wall,
}

/// Options of `montvec bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Modulus sizes in bits, comma-separated [default: 256,512,1024,2048,3072,4096; mul also
    /// at 192,224,384,521; product only at 192,224,256,384,521; batch at 1024,2048,3072,4096]
    #[arg(long, value_delimiter = ',', value_name = "LIST",
          value_parser = clap::value_parser!(u32).range(2..=16384))]
    sizes: Option<Vec<u32>>,

    /// Operations, comma-separated [default: all]
    #[arg(long, value_delimiter = ',', value_name = "LIST", value_enum)]
    ops: Option<Vec<OpArg>>,

    /// Print one JSON object per measurement, one per line, instead of the table
    #[arg(long)]
    json: bool,

    /// Only these montvec algorithms, comma-separated (concrete names, or `ladder`, or
    /// `product`) [default: all]
    #[arg(long, value_delimiter = ',', value_name = "LIST", value_parser = parse_algorithm)]
    algorithms: Option<Vec<AlgorithmArg>>,

    /// montvec backends to time, comma-separated [default: the active one, or for an algorithm
    /// it does not take, the first supported backend that does]
    #[arg(long, value_delimiter = ',', value_name = "LIST", value_parser = parse_backend)]
    backends: Option<Vec<Backend>>,

    /// Leave out the peers: GMP, OpenSSL, crypto_mb and the RustCrypto crates
    #[arg(long)]
    no_peers: bool,

    /// Samples per measurement (the median is reported)
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=1000))]
    samples: u32,

    /// Seconds of timing to spread over all measurements (setup and checking come on top)
    #[arg(long, default_value_t = 100.0, value_name = "SECONDS", value_parser = parse_budget)]
    budget: f64,

    /// Clock to read samples on (the run's length is planned on the wall clock either way)
    #[arg(long, value_enum, default_value = "cpu")]
    clock: ClockArg,

    /// Very short samples (for tests and smoke runs; the numbers are rough)
    #[arg(long)]
    quick: bool,

    /// Worker threads of the batch rows, comma-separated: one set of rows per count, 8
    /// exponentiations per thread and call; with any count above 1, every batch row is read on
    /// the wall clock, and each count above 1 times the default engine's calls (or the first
    /// row's) on one thread too, in turn with its rows (`-1-thread`, and the ratio `vs 1
    /// thread`) [default: 1]
    #[arg(long, value_delimiter = ',', value_name = "LIST",
          value_parser = clap::value_parser!(u32).range(1..=montvec::batch::MAX_THREADS as i64))]
    threads: Option<Vec<u32>>,

    /// Time `exp` for every concrete algorithm and print the winner per size, as the body of
    /// `Algorithm::auto_for_bits`
    #[arg(long, conflicts_with_all = ["ops", "no_peers", "threads", "rsa", "json"])]
    auto_table: bool,

    /// Time RSA private operations (CRT, blinding, re-encryption check) and public operations
    /// at 1024, 2048, 3072 and 4096 bits, one at a time and batched, beside OpenSSL's RSA on the
    /// same key (`rsa_private`, `rsa_public` in JSON); alone, only these rows are run, with
    /// `--ops` these rows and the operations named
    #[arg(long)]
    rsa: bool,
}

/// An `--algorithms` entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlgorithmArg {
    /// A concrete montvec algorithm.
    Concrete(Algorithm),
    /// `Modulus::pow_ladder`.
    Ladder,
    /// `montvec::mul::product`.
    Product,
}

fn valid_algorithm_names() -> String {
    let mut names: Vec<&str> = Algorithm::CONCRETE.iter().map(|a| a.name()).collect();
    names.extend([LADDER, PRODUCT]);
    names.join(", ")
}

fn parse_algorithm(s: &str) -> Result<AlgorithmArg, String> {
    if s.eq_ignore_ascii_case(LADDER) {
        return Ok(AlgorithmArg::Ladder);
    }
    if s.eq_ignore_ascii_case(PRODUCT) {
        return Ok(AlgorithmArg::Product);
    }
    match s.parse::<Algorithm>() {
        Ok(a) if Algorithm::CONCRETE.contains(&a) => Ok(AlgorithmArg::Concrete(a)),
        _ => Err(format!(
            "unknown algorithm '{s}' (expected one of: {})",
            valid_algorithm_names()
        )),
    }
}

fn parse_backend(s: &str) -> Result<Backend, String> {
    let names = || {
        Backend::ALL
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let b: Backend = s
        .parse()
        .map_err(|_| format!("unknown backend '{s}' (expected one of: {})", names()))?;
    if b.is_supported() {
        Ok(b)
    } else {
        Err(format!("backend '{s}' is not supported on this CPU"))
    }
}

fn parse_budget(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 86_400.0 => Ok(x),
        _ => Err(format!("'{s}' is not a number of seconds in (0, 86400]")),
    }
}

/// Run `montvec bench`.
pub fn run(args: Args) -> ExitCode {
    match bench(&args) {
        Ok(()) => ExitCode::SUCCESS,
        // Status 2, as clap's own errors: the command line asks for something that cannot run.
        Err(Failure::Usage(message)) => {
            report!("montvec bench: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Run(message)) => {
            report!("montvec bench: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Why a bench did not run to the end.
enum Failure {
    /// The options cannot run together, or on this machine (status 2).
    Usage(String),
    /// A failure while measuring or writing (status 1).
    Run(String),
}

/// `list` without repeats, in the order given (a repeat would measure the same rows twice).
fn first_occurrences<T: PartialEq + Copy>(list: &[T]) -> Vec<T> {
    let mut kept = Vec::with_capacity(list.len());
    for &x in list {
        if !kept.contains(&x) {
            kept.push(x);
        }
    }
    kept
}

fn sorted(mut sizes: Vec<usize>) -> Vec<usize> {
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// The (op, sizes) pairs to measure.
fn plan_sizes(args: &Args) -> Vec<(Op, Vec<usize>)> {
    let given: Option<Vec<usize>> = args
        .sizes
        .as_ref()
        .map(|s| sorted(s.iter().map(|&b| b as usize).collect()));
    let ops: Vec<Op> = if args.auto_table {
        vec![Op::Exp]
    } else {
        match &args.ops {
            Some(ops) => {
                let mut ops: Vec<Op> = ops.iter().map(|o| o.op()).collect();
                ops.sort_unstable();
                ops.dedup();
                ops
            }
            None if args.rsa => Vec::new(),
            None => Op::DEFAULT.to_vec(),
        }
    };
    let ops: Vec<Op> = if args.rsa {
        ops.into_iter().chain(Op::RSA).collect()
    } else {
        ops
    };
    ops.into_iter()
        .map(|op| {
            let sizes = match (&given, op) {
                (Some(s), _) => s.clone(),
                (None, _) if args.auto_table => AUTO_TABLE_SIZES.to_vec(),
                (None, Op::Mul) => sorted(MAIN_SIZES.iter().chain(&NIST_SIZES).copied().collect()),
                (None, Op::Product) => NIST_SIZES.to_vec(),
                (None, Op::Sqr | Op::Exp) => MAIN_SIZES.to_vec(),
                (None, Op::BatchExp) => BATCH_SIZES.to_vec(),
                (None, Op::RsaPrivate | Op::RsaPublic) => RSA_SIZES.to_vec(),
            };
            (op, sizes)
        })
        .collect()
}

fn selection(args: &Args) -> Result<Selection, String> {
    let backends = match &args.backends {
        Some(b) => first_occurrences(b),
        None => vec![Backend::active().map_err(|e| format!("MONTVEC_BACKEND: {e}"))?],
    };
    if args.auto_table && backends.len() != 1 {
        return Err("--auto-table measures one backend at a time".into());
    }
    // The RSA rows run on one thread: `--rsa` alone has no batch_exp rows to spread.
    let no_batch_rows = match &args.ops {
        Some(o) => !o.contains(&OpArg::Batch),
        None => args.rsa,
    };
    if args.threads.is_some() && no_batch_rows {
        return Err("--threads applies to the batch rows: add batch to --ops".into());
    }
    let threads = match &args.threads {
        Some(t) => first_occurrences(t)
            .into_iter()
            .map(|n| n as usize)
            .collect(),
        None => vec![1],
    };
    let (algorithms, ladder, product) = match &args.algorithms {
        None => (Algorithm::CONCRETE.to_vec(), true, true),
        Some(list) => {
            let mut algorithms = Vec::new();
            for a in list {
                if let AlgorithmArg::Concrete(a) = a {
                    if !algorithms.contains(a) {
                        algorithms.push(*a);
                    }
                }
            }
            (
                algorithms,
                list.contains(&AlgorithmArg::Ladder),
                list.contains(&AlgorithmArg::Product),
            )
        }
    };
    Ok(Selection {
        backend_fallback: args.backends.is_none() && !args.auto_table,
        algorithms,
        ladder: ladder && !args.auto_table,
        product: product && !args.auto_table,
        backends,
        peers: !args.no_peers && !args.auto_table,
        threads,
        seed: 0x006d_6f6e_7476_6563, // "montvec" in ASCII
    })
}

fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} samples, eta {eta} {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The plan of `job`: batch rows are all read on the wall clock when any thread count above one
/// is asked, so that rows of different thread counts compare (the measuring thread's CPU time
/// would count only its own share of a multi-threaded call).
fn job_plan(job: &Job, plan: Plan, sel: &Selection) -> Plan {
    if job.op == Op::BatchExp && sel.threads.iter().any(|&t| t > 1) {
        Plan {
            clock: Clock::Wall,
            ..plan
        }
    } else {
        plan
    }
}

/// A measurement and whether it is the default's pick: the algorithm `Algorithm::Auto`
/// chooses, or for batch rows the engine `batch::pow` chooses.
type Row = (Measurement, bool);

fn bench(args: &Args) -> Result<(), Failure> {
    let started = Instant::now();
    let sel = selection(args).map_err(Failure::Usage)?;
    let plan = plan_sizes(args);
    if let Some((_, sizes)) = plan.iter().find(|(op, _)| matches!(op, Op::RsaPrivate)) {
        if let Some(bits) = sizes.iter().find(|b| !RSA_BITS.contains(b)) {
            return Err(Failure::Usage(format!(
                "--rsa: no {bits}-bit keys: the RSA rows run from {} to {} bits",
                RSA_BITS.start(),
                RSA_BITS.end()
            )));
        }
    }
    let mut jobs: Vec<Job> = Vec::new();
    for (op, sizes) in plan {
        for bits in sizes {
            let prepared = prepare(op, bits, &sel).map_err(|e| Failure::Run(e.to_string()))?;
            jobs.extend(prepared.into_iter().filter(|j| !j.contenders.is_empty()));
        }
    }
    let montvec_rows = jobs
        .iter()
        .flat_map(|j| &j.contenders)
        .any(|c| c.label.imp == Impl::Montvec);
    if !montvec_rows {
        return Err(Failure::Usage(
            "nothing of montvec to measure: the algorithm filter leaves no montvec contender \
             on this CPU's backends"
                .into(),
        ));
    }
    let contenders: usize = jobs.iter().map(|j| j.contenders.len()).sum();
    let samples = if args.quick { 3 } else { args.samples as usize };
    // Calibration costs about a third of a sample; spread the budget over the rest.
    let sample_time = if args.quick {
        Duration::from_millis(1)
    } else {
        Duration::from_secs_f64(args.budget / (contenders as f64 * (samples as f64 + 0.35)))
    };
    let clock = match args.clock {
        ClockArg::Cpu => Clock::ThreadCpu,
        ClockArg::Wall => Clock::Wall,
    };
    let plan = Plan {
        sample_time,
        samples,
        clock,
    };
    let bar = progress_bar((contenders * samples) as u64);
    let mut results: Vec<Vec<Row>> = Vec::new();
    for job in &mut jobs {
        let batch_pick = if job.op == Op::BatchExp {
            // Eight exponentiations a call (one group of the 8-lane engine, two of 4 lanes).
            Some(
                montvec::batch::default_engine(8, job.bits)
                    .map_err(|e| Failure::Run(e.to_string()))?
                    .name(),
            )
        } else {
            None
        };
        bar.set_message(format!("{} {} bits", job.op.name(), job.bits));
        let rows = job.run(job_plan(job, plan, &sel), &mut || bar.inc(1));
        results.push(
            rows.into_iter()
                .map(|m| {
                    let pick = match batch_pick {
                        Some(engine) => engine,
                        // The pick on the row's own backend: `--backends portable` on a CPU
                        // with ADX marks what `MONTVEC_BACKEND=portable` would run.
                        None => match m.label.backend.parse::<Backend>() {
                            Ok(backend) => Algorithm::auto_for_bits(job.bits, backend).name(),
                            Err(_) => job.auto_pick.name(),
                        },
                    };
                    let is_pick = m.label.imp == Impl::Montvec && m.label.algorithm == pick;
                    (m, is_pick)
                })
                .collect(),
        );
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed();

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = if args.json {
        write_json(&mut out, results.iter().flatten())
    } else {
        write_header(&mut out, &sel, plan, &jobs, elapsed).and_then(|()| {
            if args.auto_table {
                write_auto_table(&mut out, &jobs, &results)
            } else {
                write_tables(&mut out, &jobs, &results)
            }
        })
    };
    // A closed pipe (`| head`) is not an error worth a message.
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Failure::Run(format!(
            "cannot write the results to standard output: {e}"
        ))),
        _ => Ok(()),
    }
}

fn write_json<'a>(
    out: &mut impl Write,
    rows: impl Iterator<Item = &'a Row>,
) -> std::io::Result<()> {
    for (m, is_auto) in rows {
        let l = &m.label;
        let t = &m.timing;
        let per_call = l.per_call as f64;
        let row = serde_json::json!({
            "op": l.op.name(),
            "impl": l.imp.name(),
            "algorithm": l.algorithm,
            "backend": l.backend,
            "bits": l.bits,
            "batch": l.batch,
            "threads": l.threads,
            "jobs_per_call": l.per_call,
            "ns_per_op": m.ns_per_op(),
            "min_ns_per_op": t.min_ns / per_call,
            "max_ns_per_op": t.max_ns / per_call,
            "ops_per_s": 1e9 / m.ns_per_op(),
            "samples": t.samples,
            "iterations": t.iterations,
            "auto": is_auto,
            "clock": m.clock.name(),
        });
        writeln!(out, "{row}")?;
    }
    out.flush()
}

fn write_header(
    out: &mut impl Write,
    sel: &Selection,
    plan: Plan,
    jobs: &[Job],
    elapsed: Duration,
) -> std::io::Result<()> {
    let backends: Vec<&str> = sel.backends.iter().map(|b| b.name()).collect();
    // crypto_mb is a peer only where scripts/ensure-deps fetched it before the build.
    let crypto_mb = montvec_bench::crypto_mb_version()
        .unwrap_or_else(|| "crypto_mb not linked (scripts/ensure-deps fetches it)".into());
    writeln!(
        out,
        "montvec {} (backend {}) | GMP {} | {} | {} | {crypto_mb}",
        env!("CARGO_PKG_VERSION"),
        backends.join(","),
        gmp::version(),
        openssl::version(),
        rustcrypto::VERSIONS
    )?;
    let contenders: usize = jobs.iter().map(|j| j.contenders.len()).sum();
    let wall = jobs
        .iter()
        .any(|j| j.clock(job_plan(j, plan, sel).clock) != plan.clock);
    writeln!(
        out,
        "{contenders} measurements, median of {} samples of ~{} (wall) each, read on the {} clock{}; {:.1} s in all",
        plan.samples,
        format_ns(plan.sample_time.as_nanos() as f64),
        plan.clock.name(),
        if wall { " (batch rows, with more than one thread asked: on the wall clock)" } else { "" },
        elapsed.as_secs_f64()
    )?;
    Ok(())
}

fn format_ns(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.1} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.3} ms", ns / 1e6)
    } else {
        format!("{:.3} s", ns / 1e9)
    }
}

/// The peers each op's ratios are taken against: (column title, peer function name).
fn references(op: Op) -> &'static [(&'static str, &'static str)] {
    match op {
        Op::Mul | Op::Sqr => &[("vs OpenSSL", "BN_mod_mul_montgomery")],
        Op::Exp => &[
            ("vs OpenSSL", "BN_mod_exp_mont_consttime"),
            ("vs powm_sec", "mpz_powm_sec"),
            ("vs crypto-bigint", CRYPTO_BIGINT_POW),
        ],
        Op::BatchExp => &[
            ("vs OpenSSL", "BN_mod_exp_mont_consttime"),
            ("vs powm_sec", "mpz_powm_sec"),
            ("vs crypto_mb", CRYPTO_MB_EXP),
        ],
        Op::Product => &[("vs GMP", "mpn_mul_n")],
        Op::RsaPrivate => &[
            ("vs OpenSSL", OPENSSL_PRIVATE),
            ("vs rsa crate", RUSTCRYPTO_PRIVATE),
            ("vs crypto_mb", CRYPTO_MB_PRIVATE),
        ],
        Op::RsaPublic => &[
            ("vs OpenSSL", OPENSSL_PUBLIC),
            ("vs rsa crate", RUSTCRYPTO_PUBLIC),
            ("vs crypto_mb", CRYPTO_MB_PUBLIC),
        ],
    }
}

fn op_title(op: Op) -> String {
    match op {
        Op::Mul => "mul: Montgomery multiplication a*b/R mod n".into(),
        Op::Sqr => "sqr: Montgomery squaring a^2/R mod n".into(),
        Op::Exp => {
            "exp: constant-time modular exponentiation, exponent as long as the modulus".into()
        }
        Op::Product => {
            "product: full k x k limb product, no reduction (seed 004's comparison)".into()
        }
        Op::BatchExp => format!(
            "batch_exp: batch::pow_with, {JOBS_PER_THREAD} exponentiations per thread and call \
             (own modulus each, full-size exponents); median and ops/s per single \
             exponentiation; peers on one thread, OpenSSL and GMP one at a time, crypto_mb \
             (where linked) 8 lanes a call (no ratio to them for rows on more threads); vs \
             plain = the {PLAIN_SUFFIX} row's time / this time; on more threads, the default \
             engine's (or first row's) {ONE_THREAD_SUFFIX} row runs the same calls on one \
             thread, timed in turn with the others, and vs 1 thread = its time / this time"
        ),
        Op::RsaPrivate => format!(
            "rsa_private: c^d mod n by CRT with base blinding and a re-encryption check, one at \
             a time and batched ({RSA_JOBS} per call, one thread); OpenSSL: raw RSA \
             (RSA_NO_PADDING) with its own blinding and check; rsa crate: \
             rsa::hazmat::rsa_decrypt_and_check, which blinds the base, both exponents and \
             both primes and checks; crypto_mb (where linked): raw CRT, no blinding or check, \
             8 per call; same key; per single operation"
        ),
        Op::RsaPublic => format!(
            "rsa_public: m^e mod n, e = 65537, one at a time and batched ({RSA_JOBS} per call, \
             one thread); OpenSSL: raw RSA (RSA_NO_PADDING); rsa crate: \
             rsa::hazmat::rsa_encrypt; crypto_mb (where linked): 8 per call; same key; per \
             single operation"
        ),
    }
}

fn write_tables(out: &mut impl Write, jobs: &[Job], results: &[Vec<Row>]) -> std::io::Result<()> {
    writeln!(
        out,
        "ratio = peer's time / this time (above 1.00x: faster than the peer); spread = (max-min)/median; * = auto's pick on the row's backend (batch: the default engine)"
    )?;
    for op in Op::ALL {
        let op_jobs: Vec<(&Job, &Vec<Row>)> = jobs
            .iter()
            .zip(results)
            .filter(|(j, _)| j.op == op)
            .collect();
        if op_jobs.is_empty() {
            continue;
        }
        let batch = op == Op::BatchExp || Op::RSA.contains(&op);
        let refs = references(op);
        writeln!(out)?;
        writeln!(out, "{}", op_title(op))?;
        let mut head = format!(
            "{:>6}  {:<10} {:<27} {:<9}",
            "bits", "impl", "algorithm", "backend"
        );
        if batch {
            head.push_str(&format!(" {:>5} {:>7}", "lanes", "threads"));
        }
        head.push_str(&format!(" {:>11}", "median"));
        if batch {
            head.push_str(&format!(" {:>9}", "ops/s"));
        }
        head.push_str(&format!(" {:>7}", "spread"));
        for (title, _) in refs {
            head.push_str(&format!(" {title:>w$}", w = ratio_width(title)));
        }
        // The one-thread twins are in the jobs of more threads only.
        let twinned = op == Op::BatchExp && op_jobs.iter().any(|(j, _)| j.threads > 1);
        if op == Op::BatchExp {
            head.push_str(&format!(" {:>9}", "vs plain"));
        }
        if twinned {
            head.push_str(&format!(" {:>11}", "vs 1 thread"));
        }
        writeln!(out, "{head}")?;
        for (_, these) in op_jobs {
            let time_of = |algorithm: &str| {
                these
                    .iter()
                    .find(|(m, _)| m.label.algorithm == algorithm)
                    .map(|(m, _)| m.ns_per_op())
            };
            let reference_ns: Vec<Option<f64>> =
                refs.iter().map(|(_, name)| time_of(name)).collect();
            for (m, is_auto) in these {
                let l = &m.label;
                let ns = m.ns_per_op();
                let algorithm = if *is_auto {
                    format!("{} *", l.algorithm)
                } else {
                    l.algorithm.clone()
                };
                let spread = (m.timing.max_ns - m.timing.min_ns) / m.timing.median_ns * 100.0;
                let mut line = format!(
                    "{:>6}  {:<10} {:<27} {:<9}",
                    l.bits,
                    l.imp.name(),
                    algorithm,
                    l.backend
                );
                if batch {
                    line.push_str(&format!(" {:>5} {:>7}", l.batch, l.threads));
                }
                line.push_str(&format!(" {:>11}", format_ns(ns)));
                if batch {
                    line.push_str(&format!(" {:>9.0}", 1e9 / ns));
                }
                line.push_str(&format!(" {spread:>6.1}%"));
                // The peers run on one thread: a row on more has no ratio to them.
                let one_thread = l.threads <= 1;
                for (r, (title, _)) in reference_ns.iter().zip(refs) {
                    let r = r.filter(|_| one_thread);
                    line.push_str(&ratio_cell(r, ns, ratio_width(title)));
                }
                if op == Op::BatchExp {
                    let plain = time_of(&format!("{}{PLAIN_SUFFIX}", l.algorithm));
                    line.push_str(&ratio_cell(plain, ns, 9));
                }
                if twinned {
                    // The twin of this row: same engine, same backend.
                    let twin = format!("{}{ONE_THREAD_SUFFIX}", l.algorithm);
                    let alone = these
                        .iter()
                        .find(|(t, _)| t.label.algorithm == twin && t.label.backend == l.backend)
                        .filter(|_| l.threads > 1)
                        .map(|(t, _)| t.ns_per_op());
                    line.push_str(&ratio_cell(alone, ns, 11));
                }
                writeln!(out, "{}", line.trim_end())?;
            }
        }
    }
    out.flush()
}

/// The width of a ratio column: 12, or its title's length when longer.
fn ratio_width(title: &str) -> usize {
    title.len().max(12)
}

/// ` {reference / ns}x` right-aligned in `width` columns, or `-` without a reference.
fn ratio_cell(reference: Option<f64>, ns: f64, width: usize) -> String {
    match reference {
        Some(r) => format!(" {:>w$.2}x", r / ns, w = width - 1),
        None => format!(" {:>width$}", "-"),
    }
}

/// The winner of each `exp` size, and the `match` that `auto_for_bits` can take.
fn write_auto_table(
    out: &mut impl Write,
    jobs: &[Job],
    results: &[Vec<Row>],
) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "exp per algorithm (montvec only); margin = runner-up's time / winner's time"
    )?;
    writeln!(
        out,
        "{:>6}  {:<12} {:>11}  {:<12} {:>7}  auto now",
        "bits", "winner", "median", "runner-up", "margin"
    )?;
    let mut winners: Vec<(usize, Algorithm)> = Vec::new();
    for (job, rows) in jobs.iter().zip(results).filter(|(j, _)| j.op == Op::Exp) {
        let mut these: Vec<&Measurement> = rows
            .iter()
            .map(|(m, _)| m)
            .filter(|m| m.label.imp == Impl::Montvec)
            .collect();
        these.sort_by(|a, b| a.ns_per_op().total_cmp(&b.ns_per_op()));
        let Some(best) = these.first() else { continue };
        let Some(winner) = Algorithm::CONCRETE
            .into_iter()
            .find(|a| a.name() == best.label.algorithm)
        else {
            continue;
        };
        let (runner, margin) = match these.get(1) {
            Some(r) => (
                r.label.algorithm.clone(),
                format!("{:.2}x", r.ns_per_op() / best.ns_per_op()),
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        writeln!(
            out,
            "{:>6}  {:<12} {:>11}  {:<12} {:>7}  {}",
            job.bits,
            winner.name(),
            format_ns(best.ns_per_op()),
            runner,
            margin,
            job.auto_pick.name()
        )?;
        winners.push((job.bits, winner));
    }
    writeln!(out)?;
    writeln!(
        out,
        "// Body of Algorithm::auto_for_bits, from `montvec bench --auto-table` (exp):"
    )?;
    write!(out, "{}", auto_match(&winners))?;
    out.flush()
}

/// A `match bits { .. }` giving each measured size its winner: the sizes from just above one
/// measured size up to the next take the winner of the upper one; above the largest, the
/// largest's winner. Neighbouring sizes with the same winner share an arm.
fn auto_match(winners: &[(usize, Algorithm)]) -> String {
    let Some(&(_, last)) = winners.last() else {
        return "// (no measurement)\n".to_string();
    };
    if winners.iter().all(|&(_, w)| w == last) {
        return format!("let _ = bits;\nAlgorithm::{last:?}\n");
    }
    let mut s = String::from("match bits {\n");
    let mut low = 0usize;
    let mut i = 0;
    while i < winners.len() {
        let w = winners[i].1;
        let mut j = i;
        while j + 1 < winners.len() && winners[j + 1].1 == w {
            j += 1;
        }
        if j + 1 == winners.len() {
            s.push_str(&format!("    _ => Algorithm::{w:?},\n"));
        } else {
            let high = winners[j].0;
            s.push_str(&format!("    {low}..={high} => Algorithm::{w:?},\n"));
            low = high + 1;
        }
        i = j + 1;
    }
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_match_groups_neighbours() {
        let c = Algorithm::Cios;
        assert_eq!(
            auto_match(&[(256, c), (512, c)]),
            "let _ = bits;\nAlgorithm::Cios\n"
        );
        assert_eq!(auto_match(&[]), "// (no measurement)\n");
        // `Auto` stands in for a second concrete algorithm.
        let a = Algorithm::Auto;
        assert_eq!(
            auto_match(&[(256, c), (512, a), (1024, a), (2048, c), (4096, c)]),
            "match bits {\n    0..=256 => Algorithm::Cios,\n    257..=1024 => Algorithm::Auto,\n    _ => Algorithm::Cios,\n}\n"
        );
    }

    #[test]
    fn time_units() {
        assert_eq!(format_ns(12.34), "12.3 ns");
        assert_eq!(format_ns(12_345.0), "12.35 µs");
        assert_eq!(format_ns(12_345_678.0), "12.346 ms");
    }

    #[test]
    fn algorithm_names_parse() {
        assert_eq!(parse_algorithm("ladder"), Ok(AlgorithmArg::Ladder));
        assert_eq!(parse_algorithm("product"), Ok(AlgorithmArg::Product));
        for a in Algorithm::CONCRETE {
            assert_eq!(parse_algorithm(a.name()), Ok(AlgorithmArg::Concrete(a)));
        }
        assert!(parse_algorithm("auto").is_err());
        assert!(parse_algorithm("nope")
            .unwrap_err()
            .contains("expected one of"));
    }
}
