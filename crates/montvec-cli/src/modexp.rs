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
//! modulus (even, 0, 1, or larger than the library accepts). Empty input gives empty output and
//! status 0. A closed standard output (broken pipe, e.g. `| head -1`) ends the run quietly with
//! status 1; other write errors are reported. Command-line mistakes (an unknown
//! `--algorithm`, `--vartime` with `--algorithm ladder`) exit with status 2.
//!
//! Output is buffered and flushed whenever the program is about to wait for more input, so a
//! process feeding it one line at a time gets each answer without waiting for the end.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use montvec::{Algorithm, Error, Modulus, Nat};

/// Options of `montvec modexp`.
#[derive(clap::Args)]
pub struct Args {
    /// auto, a Montgomery multiplication (cios, ...: the fixed-window exponentiation on it),
    /// or ladder (the Montgomery ladder on the automatic choice)
    #[arg(long, default_value = "auto", value_parser = parse_choice, value_name = "NAME")]
    algorithm: Choice,
    /// Sliding-window exponentiation, variable time in the exponent: public exponents only
    #[arg(long)]
    vartime: bool,
}

/// What `--algorithm` names.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// A Montgomery multiplication (or `Auto`).
    Mul(Algorithm),
    /// The Montgomery ladder on the automatic algorithm.
    Ladder,
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
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Line(n, why) => write!(f, "line {n}: {why}"),
            Failure::Read(e) => write!(f, "cannot read standard input: {e}"),
            Failure::Write(e) => write!(f, "cannot write standard output: {e}"),
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let (algorithm, method) = match (args.algorithm, args.vartime) {
        (Choice::Ladder, true) => {
            eprintln!("montvec modexp: --vartime cannot be combined with --algorithm ladder");
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
    // Keep every result written before a failure.
    let flushed = output.flush().map_err(Failure::Write);
    match result.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        Err(failure) => {
            eprintln!("montvec modexp: {failure}");
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
        if input.read_until(b'\n', &mut line).map_err(Failure::Read)? == 0 {
            return Ok(());
        }
        number += 1;
        let fail = |why: String| Failure::Line(number, why);
        let text = std::str::from_utf8(&line).map_err(|_| fail("not valid UTF-8".into()))?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let [base, exp, modulus] = fields(text).map_err(fail)?;
        let base = parse_hex("BASE", base).map_err(fail)?;
        let exp = parse_hex("EXP", exp).map_err(fail)?;
        let n = parse_hex("MODULUS", modulus).map_err(fail)?;
        if cached.as_ref().is_none_or(|(m, _)| *m != n) {
            let m = Modulus::with_algorithm(&n, algorithm).map_err(|e| match e {
                Error::UnsupportedAlgorithm(_) | Error::UnsupportedBackend(_) => {
                    fail(format!("cannot use --algorithm {algorithm}: {e}"))
                }
                _ => fail(format!("invalid modulus: {e}")),
            })?;
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
