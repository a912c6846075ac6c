//! `montvec rsa verify`: check a PKCS#1 v1.5 or PSS signature on a file. Status 0 and
//! "Signature Verified Successfully" when it is valid, status 1 and "Verification failure"
//! when it is not (a signature of the wrong length or not below n is not valid either; a
//! wrong length is also named on standard error), status 2 when the check could not be made
//! (unreadable file, bad key, bad options, a key too small for the hash) or its verdict could
//! not be written.
use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::{Error, PublicKeyParts};

use super::failure::Failure;
use super::files;
use super::key_file;
use super::signature_options::SignatureOptions;

/// Options of `montvec rsa verify`.
#[derive(clap::Args)]
pub struct Args {
    /// Public key file: SPKI or PKCS#1, or a private key file (PKCS#1 or PKCS#8), PEM or DER
    #[arg(long, value_name = "FILE")]
    pubkey: PathBuf,
    /// The signed message (`-`: standard input); it is hashed with --hash
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// The signature: k raw bytes, k the modulus length (`-`: standard input)
    #[arg(long, value_name = "FILE")]
    sig: PathBuf,
    #[command(flatten)]
    options: SignatureOptions,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    files::one_stdin(&[
        ("--pubkey", &args.pubkey),
        ("--in", &args.input),
        ("--sig", &args.sig),
    ])?;
    let key = key_file::public_key("--pubkey", &args.pubkey)?;
    let key_name = format!("--pubkey {}", args.pubkey.display());
    let scheme = args
        .options
        .scheme(key.algorithm(), key.bits(), &key_name)?;
    let hashed = files::digest("--in", &args.input, scheme.hash())?;
    let signature = files::read("--sig", &args.sig)?;
    match scheme.verify(&key, &hashed, &signature) {
        Ok(()) => {
            files::report("Signature Verified Successfully\n", false)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(Error::Verification | Error::InvalidInputLength) => {
            files::report("Verification failure\n", false)?;
            // The verdict stays the same; a signature of the wrong length gets a hint, on a
            // best-effort basis: an unwritable standard error does not turn the verdict (1)
            // into a failure to run (2).
            if signature.len() != key.size() {
                let _ = files::report(
                    &format!(
                        "montvec rsa verify: --sig {} has {} bytes; a {}-bit key's signatures \
                         have {}\n",
                        args.sig.display(),
                        signature.len(),
                        key.bits(),
                        key.size()
                    ),
                    true,
                );
            }
            Ok(ExitCode::from(1))
        }
        Err(error) => Err(Failure::Input {
            subject: key_name,
            why: format!("{error} ({}-bit key)", key.bits()),
        }),
    }
}
