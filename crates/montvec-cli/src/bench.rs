//! `montvec bench`.
use std::process::ExitCode;

/// Options of `montvec bench`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    ExitCode::FAILURE
}
