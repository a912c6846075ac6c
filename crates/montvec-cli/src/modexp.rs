//! `montvec modexp`: `BASE^EXP mod MODULUS` for each line of standard input.
//!
//! Input: lines `BASE EXP MODULUS`, hexadecimal without prefix, either case, leading zeros
//! allowed; fields separated by any run of spaces or tabs, with leading and trailing spaces or
//! tabs allowed, and lines ending in LF or CRLF (the last line may lack its end). Output: one
//! line per input line, in order, lowercase hexadecimal without leading zeros (`0` for zero).
//!
//! Errors end the run at the offending line with a message on standard error that names the
//! line (numbered from 1) and a non-zero status (1); results of the lines before it are already
//! written. Errors are: a blank line (empty or only spaces/tabs; rejected rather than skipped so
//! output line i always answers input line i), a line without exactly three fields, a field
//! with a character that is not a hexadecimal digit, bytes that are not UTF-8, and an invalid
//! modulus (even, 0, 1, or larger than the library accepts), and a line longer than
//! [`MAX_LINE_BYTES`] (reported once that much is read, so an endless line cannot exhaust
//! memory). Empty input gives empty output and status 0. A closed standard output (broken pipe,
//! e.g. `| head -1`) ends the run quietly with status 1; other write errors are reported (a
//! standard output closed before the start, `>&-`, cannot be: the Rust runtime reopens it on
//! /dev/null). Command-line mistakes (an unknown `--algorithm`, `--vartime` with `--algorithm
//! ladder`) exit with status 2.
//!
//! Output is buffered and flushed whenever the program is about to wait for more input, so a
//! process feeding it one line at a time gets each answer without waiting for the end.
//!
//! `--batch` computes the lines with `montvec::batch::pow_with` (the engine of the active backend:
//! 8 lanes with IFMA; on `--threads N` worker threads, by default one per core), under the same
//! input and output contract, errors included. Lines are read on their own thread and gathered in
//! chunks: a chunk closes at [`CHUNK_LINES`] lines or [`CHUNK_BYTES`] bytes, at the end of the
//! input, at a read error, or when no new line has arrived for [`PAUSE`]. Its lines are then
//! checked (parsed, and each new modulus prepared) on the same worker threads, before any is
//! computed; the chunk's good lines (those before the first bad one) are computed together, written
//! and flushed, and a bad line ends the run as above. So at most a chunk and as much read ahead are
//! held in memory (under 200 MiB, see [`CHUNK_BYTES`]), and a process feeding lines one at
//! a time still gets each answer. `--batch` cannot be combined with `--algorithm` other than
//! `auto`, or with `--vartime` (status 2): the batch engines have their own multiplication, and no
//! variable-time path.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use montvec::{batch, Algorithm, Backend, Error, Modulus, Nat};
use rayon::prelude::*;

/// Most lines computed in one `batch::pow_with` call.
pub const CHUNK_LINES: usize = 4096;

/// Most bytes of lines in one `--batch` chunk (the line that crosses it closes the chunk),
/// and most bytes of lines read ahead of it: 64 MiB each, so `--batch` holds under 200 MiB of
/// input at most (the chunk, the read-ahead, one line more and the parsed numbers of the
/// chunk), however long its lines. 4096 lines of a 4096-bit modulus take about 12 MiB.
pub const CHUNK_BYTES: usize = 64 << 20;

/// The longest input line accepted, its line end included: 16 MiB, room for fields of 64
/// million bits (the largest modulus has 65536).
pub const MAX_LINE_BYTES: usize = 1 << 24;

/// One line of `input` with its line end, appended to `line`, but no more than one byte past
/// [`MAX_LINE_BYTES`] (which [`parse_line`] then refuses). Returns the bytes read: 0 at the end
/// of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<usize> {
    io::Read::take(&mut *input, MAX_LINE_BYTES as u64 + 1).read_until(b'\n', line)
}

/// How long `--batch` waits for another line before computing the lines it holds.
pub const PAUSE: Duration = Duration::from_millis(2);

/// Options of `montvec modexp`.
#[derive(clap::Args)]
pub struct Args {
    /// auto; a Montgomery multiplication, cios, redc, fold, ifma (AVX-512 IFMA only) or simd2,
    /// for the fixed-window exponentiation on it; or ladder (the Montgomery ladder on the
    /// automatic choice)
    #[arg(long, default_value = "auto", value_parser = parse_choice, value_name = "NAME")]
    algorithm: Choice,
    /// Sliding-window exponentiation, variable time in the exponent: public exponents only
    #[arg(long)]
    vartime: bool,
    /// Compute many lines at once on the batch engine (8 per group with AVX-512 IFMA), in
    /// chunks of up to 4096 lines
    #[arg(long, conflicts_with = "vartime")]
    batch: bool,
    /// Worker threads of --batch [default: one per core]
    #[arg(long, requires = "batch", value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=montvec::batch::MAX_THREADS as i64))]
    threads: Option<u32>,
}

/// What `--algorithm` names.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// A Montgomery multiplication (or `Auto`).
    Mul(Algorithm),
    /// The Montgomery ladder on the automatic algorithm.
    Ladder,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Mul(a) => f.write_str(a.name()),
            Choice::Ladder => f.write_str("ladder"),
        }
    }
}

fn parse_choice(s: &str) -> Result<Choice, String> {
    if s.eq_ignore_ascii_case("ladder") {
        return Ok(Choice::Ladder);
    }
    s.parse::<Algorithm>().map(Choice::Mul).map_err(|_| {
        let mut names = vec![Algorithm::Auto.name()];
        names.extend(Algorithm::CONCRETE.iter().map(|a| a.name()));
        names.push("ladder");
        format!("expected one of: {}", names.join(", "))
    })
}

/// Which exponentiation each line runs.
#[derive(Clone, Copy)]
enum Method {
    Window,
    Ladder,
    Vartime,
}

/// Why a run stopped early.
enum Failure {
    /// Bad input on a line (1-based).
    Line(u64, String),
    /// Standard input could not be read.
    Read(io::Error),
    /// Standard output could not be written.
    Write(io::Error),
    /// The batch engine refused to run (a thread pool that cannot start).
    Batch(Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Line(n, why) => write!(f, "line {n}: {why}"),
            Failure::Read(e) => write!(f, "cannot read standard input: {e}"),
            Failure::Write(e) => write!(f, "cannot write standard output: {e}"),
            Failure::Batch(e) => write!(f, "cannot run the batch: {e}"),
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    // What does not depend on the input is checked before any line is read: a bad
    // MONTVEC_BACKEND, or an algorithm that cannot run on the backend, is a usage error
    // (status 2), whether or not input follows.
    let backend = match Backend::active() {
        Ok(backend) => backend,
        Err(e) => {
            report!("montvec modexp: MONTVEC_BACKEND: {e}");
            return ExitCode::from(2);
        }
    };
    if let Choice::Mul(a) = args.algorithm {
        if !a.runs_on(backend) {
            report!(
                "montvec modexp: --algorithm {a} does not run on the {backend} backend \
                 (MONTVEC_BACKEND or this CPU)"
            );
            return ExitCode::from(2);
        }
    }
    if args.batch {
        // `--algorithm auto` (the default, spelt out) is the batch engine's choice too.
        if !matches!(args.algorithm, Choice::Mul(Algorithm::Auto)) {
            report!(
                "montvec modexp: --batch runs the batch engine's own multiplication: \
                 --algorithm {} cannot be combined with it (only auto)",
                args.algorithm
            );
            return ExitCode::from(2);
        }
        let options = batch::Options {
            threads: args.threads.map(|t| t as usize),
            ..batch::Options::default()
        };
        let mut output = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
        let result = match read_lines(io::stdin()) {
            Ok(lines) => process_batch(&lines, &mut output, &options),
            Err(e) => Err(Failure::Batch(Error::Threads(format!(
                "the thread that reads standard input did not start: {e}"
            )))),
        };
        return finish(result, output);
    }
    let (algorithm, method) = match (args.algorithm, args.vartime) {
        (Choice::Ladder, true) => {
            report!("montvec modexp: --vartime cannot be combined with --algorithm ladder");
            return ExitCode::from(2);
        }
        (Choice::Ladder, false) => (Algorithm::Auto, Method::Ladder),
        (Choice::Mul(a), true) => (a, Method::Vartime),
        (Choice::Mul(a), false) => (a, Method::Window),
    };
    // Read past Stdin's own small buffer so `buffer()` below tells whether input is waiting.
    let mut input = BufReader::with_capacity(1 << 16, io::stdin());
    let mut output = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = process(&mut input, &mut output, algorithm, method);
    finish(result, output)
}

/// The exit status of a run that ended with `result`, after flushing `output`.
fn finish(result: Result<(), Failure>, mut output: impl Write) -> ExitCode {
    // Keep every result written before a failure.
    let flushed = output.flush().map_err(Failure::Write);
    match result.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        Err(failure) => {
            report!("montvec modexp: {failure}");
            ExitCode::FAILURE
        }
    }
}

/// Answer every line of `input` on `output`, stopping at the first failure.
fn process<R: io::Read>(
    input: &mut BufReader<R>,
    output: &mut impl Write,
    algorithm: Algorithm,
    method: Method,
) -> Result<(), Failure> {
    let mut line = Vec::new();
    let mut number = 0u64;
    // The last modulus, reused while consecutive lines share it.
    let mut cached: Option<(Nat, Modulus)> = None;
    loop {
        if input.buffer().is_empty() {
            output.flush().map_err(Failure::Write)?;
        }
        line.clear();
        if read_line(input, &mut line).map_err(Failure::Read)? == 0 {
            return Ok(());
        }
        number += 1;
        let [base, exp, n] = parse_line(&line).map_err(|why| Failure::Line(number, why))?;
        if cached.as_ref().is_none_or(|(m, _)| *m != n) {
            let m = prepare_modulus(&n, algorithm).map_err(|why| Failure::Line(number, why))?;
            cached = Some((n, m));
        }
        let (_, m) = cached.as_ref().expect("set above");
        let y = match method {
            Method::Window => m.pow(&base, &exp),
            Method::Ladder => m.pow_ladder(&base, &exp),
            Method::Vartime => m.pow_vartime(&base, &exp),
        };
        writeln!(output, "{}", y.to_hex_vartime()).map_err(Failure::Write)?;
    }
}

/// `BASE`, `EXP` and `MODULUS` of one input line (with its line end, if any).
fn parse_line(line: &[u8]) -> Result<[Nat; 3], String> {
    if line.len() > MAX_LINE_BYTES {
        return Err(format!(
            "longer than {MAX_LINE_BYTES} bytes (16 MiB), the longest line accepted"
        ));
    }
    let text = std::str::from_utf8(line).map_err(|_| "not valid UTF-8".to_string())?;
    let text = text.strip_suffix('\n').unwrap_or(text);
    let text = text.strip_suffix('\r').unwrap_or(text);
    let [base, exp, modulus] = fields(text).map_err(|why| {
        // A character that is no digit and no separator (a stray `\r`, a vertical tab) may be
        // why the count is off: name it.
        let stray = text
            .chars()
            .enumerate()
            .find(|&(_, c)| !(c.is_ascii_hexdigit() || c == ' ' || c == '\t'));
        match stray {
            Some((i, c)) => format!(
                "{why} ({c:?} at character {} is neither a hexadecimal digit nor a space or tab)",
                i + 1
            ),
            None => why,
        }
    })?;
    Ok([
        parse_hex("BASE", base)?,
        parse_hex("EXP", exp)?,
        parse_hex("MODULUS", modulus)?,
    ])
}

/// The modulus `n` for `algorithm`, or why it cannot be one.
fn prepare_modulus(n: &Nat, algorithm: Algorithm) -> Result<Modulus, String> {
    Modulus::with_algorithm(n, algorithm).map_err(|e| match e {
        Error::UnsupportedAlgorithm(_) | Error::UnsupportedBackend(_) => {
            format!("cannot use --algorithm {algorithm}: {e}")
        }
        _ => format!("invalid modulus: {e}"),
    })
}

/// The lines of `input`, each with its line end, read on a thread of their own: at most
/// [`CHUNK_LINES`] lines, and at most [`CHUNK_BYTES`] bytes of them (or one longer line), wait
/// to be received. A read error is the last item. Errors: the thread cannot start (a process
/// limit).
fn read_lines(input: impl io::Read + Send + 'static) -> io::Result<Lines> {
    let (tx, rx) = mpsc::sync_channel(CHUNK_LINES);
    let waiting = Arc::new((Mutex::new(0usize), Condvar::new()));
    let budget = Arc::clone(&waiting);
    std::thread::Builder::new().spawn(move || {
        let mut input = BufReader::with_capacity(1 << 16, input);
        let (bytes, received) = &*budget;
        loop {
            let mut line = Vec::new();
            let read = read_line(&mut input, &mut line);
            if let Ok(0) = read {
                return;
            }
            // Wait until the line fits beside those not yet received (or none is waiting).
            // A read error carries no line: it counts nothing.
            let len = if read.is_ok() { line.len() } else { 0 };
            {
                let Ok(mut held) = bytes.lock() else { return };
                while *held > 0 && *held + len > CHUNK_BYTES {
                    let Ok(h) = received.wait(held) else { return };
                    held = h;
                }
                *held += len;
            }
            let sent = match read {
                // The line too long ends the run: read no further.
                Ok(_) if line.len() > MAX_LINE_BYTES => {
                    let _ = tx.send(Ok(line));
                    return;
                }
                Ok(_) => tx.send(Ok(line)),
                Err(e) => tx.send(Err(e)),
            };
            if sent.is_err() {
                return;
            }
        }
    })?;
    Ok(Lines { rx, waiting })
}

/// The receiving end of [`read_lines`]: each line received gives its bytes back to the
/// reader's budget.
struct Lines {
    rx: Receiver<io::Result<Vec<u8>>>,
    /// Bytes sent and not yet received, and the reader's wait for them to shrink.
    waiting: Arc<(Mutex<usize>, Condvar)>,
}

impl Lines {
    /// The next line, waiting as long as it takes; `None` at the end of the input.
    fn recv(&self) -> Option<io::Result<Vec<u8>>> {
        self.rx.recv().ok().inspect(|line| self.received(line))
    }

    /// The next line if one arrives within `wait`.
    fn recv_timeout(&self, wait: Duration) -> Option<io::Result<Vec<u8>>> {
        self.rx
            .recv_timeout(wait)
            .ok()
            .inspect(|line| self.received(line))
    }

    /// Give the bytes of `line` back to the reader, and wake it if it waits for them.
    fn received(&self, line: &io::Result<Vec<u8>>) {
        let (bytes, received) = &*self.waiting;
        if let (Ok(line), Ok(mut held)) = (line, bytes.lock()) {
            *held -= line.len();
            received.notify_one();
        }
    }
}

/// `--batch`: answer every line from `lines` on `output`, a chunk at a time (see the module
/// documentation), stopping at the first failure.
fn process_batch(
    lines: &Lines,
    output: &mut impl Write,
    options: &batch::Options,
) -> Result<(), Failure> {
    let mut chunk = Chunk::default();
    // Wait as long as it takes for the first line of a chunk; the end of input ends the run.
    while let Some(first) = lines.recv() {
        let mut next = Some(first);
        let mut unread = None;
        let mut bytes = 0;
        while let Some(line) = next.take() {
            match line {
                Ok(line) => {
                    bytes += line.len();
                    chunk.lines.push(line);
                }
                Err(e) => unread = Some(Failure::Read(e)),
            }
            if unread.is_none() && chunk.lines.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
                next = lines.recv_timeout(PAUSE);
            }
        }
        // The good lines before a bad one or a read error are answered, as without --batch.
        chunk.answer(output, options)?;
        output.flush().map_err(Failure::Write)?;
        if let Some(f) = unread {
            return Err(f);
        }
    }
    Ok(())
}

/// The lines of one `--batch` chunk, and the modulus of the last line answered.
#[derive(Default)]
struct Chunk {
    /// The chunk's lines, each with its line end, in input order.
    lines: Vec<Vec<u8>>,
    /// Lines answered in earlier chunks.
    answered: u64,
    /// The modulus of the last line answered, kept for the next chunk: a run of lines with
    /// one modulus prepares it once, across chunks too.
    last: Option<(Nat, Modulus)>,
}

impl Chunk {
    /// Check every line (on the worker threads), compute the good lines before the first bad
    /// one together, write their results in order and empty the chunk; the bad line, if any,
    /// is the failure returned.
    fn answer(&mut self, output: &mut impl Write, options: &batch::Options) -> Result<(), Failure> {
        let lines = std::mem::take(&mut self.lines);
        let mut parsed = on_workers(options, &lines, |line| parse_line(line))?;
        // Line i (from 0) of the chunk is line `first + i` of the input.
        let first = self.answered + 1;
        let mut failure = None;
        if let Some(i) = parsed.iter().position(Result::is_err) {
            if let Some(Err(why)) = parsed.drain(i..).next() {
                failure = Some(Failure::Line(first + i as u64, why));
            }
        }
        let parsed: Vec<[Nat; 3]> = parsed.into_iter().flatten().collect();
        let mut good = parsed.len();
        // Where a run of lines with one modulus starts, that modulus not being the one kept.
        let mut starts = Vec::new();
        let mut previous = self.last.as_ref().map(|(n, _)| n);
        for (i, [_, _, n]) in parsed.iter().enumerate() {
            if previous != Some(n) {
                starts.push(i);
            }
            previous = Some(n);
        }
        let prepared = on_workers(options, &starts, |&i| {
            prepare_modulus(&parsed[i][2], Algorithm::Auto)
        })?;
        let mut moduli = Vec::with_capacity(prepared.len());
        for (&start, m) in starts.iter().zip(prepared) {
            match m {
                Ok(m) => moduli.push(m),
                Err(why) => {
                    // An invalid modulus comes before any line that failed to parse.
                    good = start;
                    failure = Some(Failure::Line(first + start as u64, why));
                    break;
                }
            }
        }
        // Each good line's modulus: the kept one before the first start, else its run's.
        let runs = starts.partition_point(|&s| s < good);
        let mut jobs = Vec::with_capacity(good);
        for (i, [base, exp, _]) in parsed.iter().enumerate().take(good) {
            let run = starts.partition_point(|&s| s <= i);
            let m = match run.checked_sub(1) {
                Some(r) => &moduli[r],
                None => &self.last.as_ref().expect("a kept modulus before any run").1,
            };
            jobs.push(batch::Job::new(m, base, exp));
        }
        if !jobs.is_empty() {
            let results = batch::pow_with(&jobs, options).map_err(Failure::Batch)?;
            for y in results {
                writeln!(output, "{}", y.to_hex_vartime()).map_err(Failure::Write)?;
            }
        }
        drop(jobs);
        if runs > 0 {
            let n = parsed[starts[runs - 1]][2].clone();
            moduli.truncate(runs);
            let m = moduli.pop().expect("runs > 0 moduli");
            self.last = Some((n, m));
        }
        self.answered += good as u64;
        failure.map_or(Ok(()), Err)
    }
}

/// `f` on every item, on the worker threads `options` asks for when there is more than one
/// item (one item, or none, on the calling thread: no pool is started for it).
fn on_workers<I: Sync, T: Send>(
    options: &batch::Options,
    items: &[I],
    f: impl Fn(&I) -> T + Sync,
) -> Result<Vec<T>, Failure> {
    // One worker (one thread asked for, or a pool of one: one processor, or rayon's pool
    // unable to start) runs here: a parallel iterator would still go to rayon's global pool.
    let workers = options.threads.unwrap_or_else(batch::current_workers);
    if items.len() < 2 || workers == 1 {
        return Ok(items.iter().map(f).collect());
    }
    batch::on_threads(options.threads, || items.par_iter().map(&f).collect())
        .map_err(Failure::Batch)
}

/// The three fields of a line, split on runs of spaces and tabs.
fn fields(text: &str) -> Result<[&str; 3], String> {
    let mut it = text.split([' ', '\t']).filter(|f| !f.is_empty());
    let found: Vec<&str> = it.by_ref().take(4).collect();
    match found[..] {
        [] => Err("blank line (expected BASE EXP MODULUS)".into()),
        [a, b, c] => Ok([a, b, c]),
        _ => {
            let count = found.len() + it.count();
            Err(format!(
                "expected 3 fields (BASE EXP MODULUS), found {count}"
            ))
        }
    }
}

/// A hexadecimal field: digits in either case, leading zeros allowed, no prefix.
fn parse_hex(name: &str, field: &str) -> Result<Nat, String> {
    if let Some((i, c)) = field
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        return Err(format!(
            "{name}: {c:?} at character {} is not a hexadecimal digit",
            i + 1
        ));
    }
    Nat::from_hex(field).map_err(|e| format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stray_character_is_named_when_the_field_count_is_off() {
        let why = parse_line(b"3\r5 7\n").expect_err("two fields");
        assert!(why.contains("found 2"), "{why}");
        assert!(why.contains("'\\r' at character 2"), "{why}");
        let why = parse_line(b"3 5\n").expect_err("two fields");
        assert!(why.ends_with("found 2"), "{why}");
    }

    #[test]
    fn splits_fields() {
        assert_eq!(fields("a b c"), Ok(["a", "b", "c"]));
        assert_eq!(fields(" \ta  b\t\tc \t"), Ok(["a", "b", "c"]));
        assert!(fields("").unwrap_err().starts_with("blank line"));
        assert!(fields(" \t ").unwrap_err().starts_with("blank line"));
        assert!(fields("a b").unwrap_err().ends_with("found 2"));
        assert!(fields("a b c d e f").unwrap_err().ends_with("found 6"));
        // Other whitespace is not a separator: it ends up in a field and fails as a digit.
        assert_eq!(fields("a\u{a0}b c d"), Ok(["a\u{a0}b", "c", "d"]));
    }

    #[test]
    fn parses_hex_fields() {
        assert_eq!(parse_hex("X", "00fF").unwrap(), Nat::from_u64(255));
        assert!(parse_hex("X", "0x1")
            .unwrap_err()
            .contains("'x' at character 2"));
        assert!(parse_hex("X", "1é")
            .unwrap_err()
            .contains("'é' at character 2"));
        assert!(parse_hex("X", "").is_err());
    }

    #[test]
    fn choices() {
        assert!(matches!(parse_choice("ladder"), Ok(Choice::Ladder)));
        assert!(matches!(
            parse_choice("auto"),
            Ok(Choice::Mul(Algorithm::Auto))
        ));
        for a in Algorithm::CONCRETE {
            assert!(matches!(parse_choice(a.name()), Ok(Choice::Mul(b)) if a == b));
        }
        assert!(parse_choice("fast").unwrap_err().contains("ladder"));
    }
}
