//! `montvec modexp`.
use std::process::ExitCode;

/// Options of `montvec modexp`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    ExitCode::FAILURE
}
