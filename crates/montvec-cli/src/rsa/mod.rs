//! `montvec rsa`: RSA keys, signatures and encryption on files, like `openssl pkeyutl`.
//!
//! Files are binary in and out, read and written whole; `-` stands for standard input or
//! output. Key options (`--key`, `--pubkey`) accept PKCS#1, PKCS#8 and SPKI, PEM or DER.
//!
//! Exit status: 0 when the command did its job; 1 when it did and the answer is no (`verify`:
//! the signature is not valid; `roundtrip`: blocks came back different); 2 when it could not
//! (usage, unreadable or unwritable file, bad key, unknown hash, message too long, wrong-size
//! ciphertext, ...), with one line on standard error naming the option and file.

use std::process::ExitCode;

mod decrypt;
mod encrypt;
mod encryption_options;
mod failure;
mod files;
mod genkey;
mod key_file;
mod option_values;
mod pubkey;
mod roundtrip;
mod sign;
mod signature_options;
mod verify;

/// Options of `montvec rsa`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Generate a private key (PKCS#8 PEM by default) into a file created with mode 0600
    Genkey(genkey::Args),
    /// Write the public key of a key file (SPKI PEM by default)
    Pubkey(pubkey::Args),
    /// Sign a file (PKCS#1 v1.5 or PSS over its --hash digest)
    Sign(sign::Args),
    /// Verify a signature: status 0 if valid, 1 if not, 2 if it could not be checked
    Verify(verify::Args),
    /// Encrypt a file to a public key (OAEP, PKCS#1 v1.5 or raw RSA)
    Encrypt(encrypt::Args),
    /// Decrypt a file with a private key (OAEP, PKCS#1 v1.5 or raw RSA)
    Decrypt(decrypt::Args),
    /// Seed 002's end-to-end test: encrypt and decrypt a file block by block with a fresh key,
    /// report throughput and the blocks that differ (status 1 if any)
    Roundtrip(roundtrip::Args),
}

pub fn run(args: Args) -> ExitCode {
    // Every command computes on the active backend: a bad MONTVEC_BACKEND is named as such,
    // not as an error of the first key or file that would meet it.
    if let Err(e) = montvec::Backend::active() {
        report!("montvec rsa: MONTVEC_BACKEND: {e}");
        return ExitCode::from(2);
    }
    let (name, result) = match args.command {
        Command::Genkey(a) => ("genkey", genkey::run(a)),
        Command::Pubkey(a) => ("pubkey", pubkey::run(a)),
        Command::Sign(a) => ("sign", sign::run(a)),
        Command::Verify(a) => ("verify", verify::run(a)),
        Command::Encrypt(a) => ("encrypt", encrypt::run(a)),
        Command::Decrypt(a) => ("decrypt", decrypt::run(a)),
        Command::Roundtrip(a) => ("roundtrip", roundtrip::run(a)),
    };
    result.unwrap_or_else(|failure| {
        report!("montvec rsa {name}: {failure}");
        ExitCode::from(2)
    })
}
