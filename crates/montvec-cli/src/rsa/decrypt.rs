//! `montvec rsa decrypt`: decrypt a file with a private key (OAEP, PKCS#1 v1.5 or raw RSA),
//! like `openssl pkeyutl -decrypt`. The plaintext is written with mode 0600.
//!
//! PKCS#1 v1.5 decryption uses implicit rejection: a ciphertext whose padding is wrong
//! decrypts to a pseudo-random message derived from it and the key, and the command succeeds
//! (as OpenSSL 3.2 and later do), so its outcome does not tell an attacker whether the padding
//! was right.

use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::{Error, PublicKeyParts};

use super::encryption_options::EncryptionOptions;
use super::failure::Failure;
use super::files::{self, Secrecy};
use super::key_file;

/// Options of `montvec rsa decrypt`.
#[derive(clap::Args)]
pub struct Args {
    /// Private key file: PKCS#1 or PKCS#8, PEM or DER
    #[arg(long, value_name = "FILE")]
    key: PathBuf,
    /// The ciphertext: k raw bytes, k the modulus length (`-`: standard input)
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Where to write the plaintext (`-`: standard output); a file is created with mode 0600
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    options: EncryptionOptions,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    args.options.check()?;
    files::one_stdin(&[("--key", &args.key), ("--in", &args.input)])?;
    let key = key_file::private_key("--key", &args.key)?;
    // Said before decrypting: "decryption error" would blame the ciphertext.
    if let Some(why) = args.options.key_too_small(&key) {
        return Err(Failure::input("--key", &args.key, why));
    }
    let ciphertext = files::read("--in", &args.input)?;
    let plaintext = args
        .options
        .decrypt(&key, &ciphertext)
        .map_err(|error| match error {
            // The length is right, so the value is the problem (a public fact).
            Error::InvalidInputLength if ciphertext.len() == key.size() => Failure::input(
                "--in",
                &args.input,
                format!(
                    "as a {}-byte big-endian number it is not below the {}-bit key's modulus, \
                     so no encryption under this key gave it",
                    ciphertext.len(),
                    key.bits()
                ),
            ),
            Error::InvalidInputLength => Failure::input(
                "--in",
                &args.input,
                format!(
                    "{} bytes: a ciphertext for a {}-bit key is {} bytes, below the modulus",
                    ciphertext.len(),
                    key.bits(),
                    key.size()
                ),
            ),
            Error::Decryption => Failure::input(
                "--in",
                &args.input,
                format!(
                    "{} decryption error (wrong key, hash, MGF1 hash or label, or a damaged \
                     ciphertext)",
                    args.options.padding_name()
                ),
            ),
            // The key's fault, not the operation's: an RSA-PSS key.
            Error::KeyRestricted(why) => Failure::input("--key", &args.key, why),
            error => Failure::Operation {
                what: "decryption",
                error,
            },
        })?;
    files::write("--out", &args.out, &plaintext, Secrecy::Secret)?;
    Ok(ExitCode::SUCCESS)
}
