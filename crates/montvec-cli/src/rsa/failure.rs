//! Why a `montvec rsa` command could not do its job: each failure names the option and file it
//! concerns, and becomes one line on standard error and exit status 2.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A command that could not run to the end.
#[derive(Debug)]
pub enum Failure {
    /// A file (or standard input, `-`) could not be read.
    Read {
        /// The option that named it (`--in`, `--key`, ...).
        option: &'static str,
        path: PathBuf,
        error: io::Error,
    },
    /// A file (or standard output, `-`) could not be written.
    Write {
        option: &'static str,
        path: PathBuf,
        error: io::Error,
    },
    /// The command's report (a verdict, a summary) could not be written.
    Report(io::Error),
    /// A file was read but does not hold a usable key.
    Key {
        option: &'static str,
        path: PathBuf,
        error: montvec_rsa::Error,
    },
    /// An input that the operation refused (a message too long, a ciphertext of the wrong
    /// size, ...): `subject` names the option and file, `why` says what is wrong.
    Input { subject: String, why: String },
    /// Options that do not go together, or a value the parser could not reject earlier.
    Usage(String),
    /// The library failed for a reason that is not the input's fault (random number
    /// generator, fault check).
    Operation {
        what: &'static str,
        error: montvec_rsa::Error,
    },
}

impl Failure {
    /// A rejected input named by `option` and `path`.
    pub fn input(option: &str, path: &Path, why: impl fmt::Display) -> Failure {
        Failure::Input {
            subject: format!("{option} {}", shown(path, "standard input")),
            why: why.to_string(),
        }
    }
}

/// How a path appears in messages: `-` as `- (standard input)` or `- (standard output)`,
/// the `stream` it stands for.
fn shown(path: &Path, stream: &str) -> String {
    if path == Path::new("-") {
        format!("- ({stream})")
    } else {
        path.display().to_string()
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Read {
                option,
                path,
                error,
            } => write!(
                f,
                "{option} {}: cannot read: {error}",
                shown(path, "standard input")
            ),
            Failure::Write {
                option,
                path,
                error,
            } => write!(
                f,
                "{option} {}: cannot write: {error}",
                shown(path, "standard output")
            ),
            Failure::Report(error) => write!(f, "cannot write the report: {error}"),
            Failure::Key {
                option,
                path,
                error,
            } => write!(f, "{option} {}: {error}", shown(path, "standard input")),
            Failure::Input { subject, why } => write!(f, "{subject}: {why}"),
            Failure::Usage(why) => f.write_str(why),
            Failure::Operation { what, error } => write!(f, "{what}: {error}"),
        }
    }
}
