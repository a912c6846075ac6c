//! `montvec`: modular exponentiation from standard input, side-by-side benchmarks, and RSA on
//! files.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `eprintln!` that cannot panic: a message that cannot be written to standard error (closed,
/// or a full device) is dropped, and the exit status still tells the failure.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod bench;
mod modexp;
mod rsa;

/// Fast constant-time arithmetic modulo big odd integers.
#[derive(Parser)]
#[command(name = "montvec", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read `BASE EXP MODULUS` lines (hex) from standard input, write `BASE^EXP mod MODULUS`.
    Modexp(modexp::Args),
    /// Time montvec beside GMP and OpenSSL and print a table of ratios.
    Bench(bench::Args),
    /// RSA keys, signatures and encryption on files, like `openssl pkeyutl`.
    Rsa(rsa::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Modexp(args) => modexp::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Rsa(args) => rsa::run(args),
    }
}
