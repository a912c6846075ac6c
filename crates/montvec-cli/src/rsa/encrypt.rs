//! `montvec rsa encrypt`: encrypt a file to a public key with OAEP, PKCS#1 v1.5 or raw RSA;
//! the ciphertext is written as k raw bytes (k = the modulus length), like
//! `openssl pkeyutl -encrypt`.

use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::{Error, PublicKeyParts};

use super::encryption_options::{EncryptionOptions, EncryptionPadding};
use super::failure::Failure;
use super::files::{self, Secrecy};
use super::key_file;

/// Options of `montvec rsa encrypt`.
#[derive(clap::Args)]
pub struct Args {
    /// Public key file: SPKI or PKCS#1, or a private key file (PKCS#1 or PKCS#8), PEM or DER
    #[arg(long, value_name = "FILE")]
    pubkey: PathBuf,
    /// The plaintext (`-`: standard input): at most k − 2·hLen − 2 bytes with OAEP, k − 11
    /// with pkcs1, exactly k with none (k = the modulus length in bytes)
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Where to write the ciphertext (`-`: standard output)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    options: EncryptionOptions,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    args.options.check()?;
    files::one_stdin(&[("--pubkey", &args.pubkey), ("--in", &args.input)])?;
    let key = key_file::public_key("--pubkey", &args.pubkey)?;
    if let Some(why) = args.options.key_too_small(&key) {
        return Err(Failure::input("--pubkey", &args.pubkey, why));
    }
    let plaintext = files::read("--in", &args.input)?;
    let ciphertext = args
        .options
        .encrypt(&key, &plaintext)
        .map_err(|error| match error {
            Error::MessageTooLong | Error::InvalidInputLength => Failure::input(
                "--in",
                &args.input,
                rejected_message(&args.options, &key, plaintext.len()),
            ),
            // The key's fault, not the operation's: an RSA-PSS key.
            Error::KeyRestricted(why) => Failure::input("--pubkey", &args.pubkey, why),
            error => Failure::Operation {
                what: "encryption",
                error,
            },
        })?;
    files::write("--out", &args.out, &ciphertext, Secrecy::Public)?;
    Ok(ExitCode::SUCCESS)
}

/// Why a plaintext of `len` bytes was refused.
fn rejected_message(options: &EncryptionOptions, key: &impl PublicKeyParts, len: usize) -> String {
    let (padding, bits) = (options.padding_name(), key.bits());
    let raw = options.padding() == EncryptionPadding::Raw;
    match options.max_message_len(key) {
        Some(k) if raw && len == k => {
            format!("raw RSA: as a big-endian number the input is not below the {bits}-bit modulus")
        }
        Some(k) if raw => {
            format!("{len} bytes: raw RSA with a {bits}-bit key takes exactly {k} bytes")
        }
        Some(max) => format!(
            "{len} bytes: too long for {padding} with a {bits}-bit key (at most {max} bytes)"
        ),
        // Refused before encrypting (`key_too_small`).
        None => options.key_too_small(key).unwrap_or_default(),
    }
}
