//! `montvec rsa sign`: sign a file's digest with PKCS#1 v1.5 or PSS; the signature is written
//! as k raw bytes (k = the modulus length), like `openssl pkeyutl -sign` and
//! `openssl dgst -sign`.

use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::{Error, PublicKeyParts};

use super::failure::Failure;
use super::files::{self, Secrecy};
use super::key_file;
use super::signature_options::SignatureOptions;

/// Options of `montvec rsa sign`.
#[derive(clap::Args)]
pub struct Args {
    /// Private key file: PKCS#1 or PKCS#8, PEM or DER
    #[arg(long, value_name = "FILE")]
    key: PathBuf,
    /// The message to sign, any bytes (`-`: standard input); it is hashed with --hash
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Where to write the signature (`-`: standard output)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    options: SignatureOptions,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    files::one_stdin(&[("--key", &args.key), ("--in", &args.input)])?;
    let key = key_file::private_key("--key", &args.key)?;
    let key_name = format!("--key {}", args.key.display());
    let scheme = args
        .options
        .scheme(key.algorithm(), key.bits(), &key_name)?;
    let hashed = files::digest("--in", &args.input, scheme.hash())?;
    let signature = scheme.sign(&key, &hashed).map_err(|error| match error {
        Error::Rng | Error::FaultDetected => Failure::Operation {
            what: "signing",
            error,
        },
        // A padding the key does not allow (a key too small for the hash and salt was
        // refused with the options).
        error => Failure::Input {
            subject: key_name,
            why: format!("{error} ({}-bit key)", key.bits()),
        },
    })?;
    files::write("--out", &args.out, &signature, Secrecy::Public)?;
    Ok(ExitCode::SUCCESS)
}
