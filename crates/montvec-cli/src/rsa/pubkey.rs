//! `montvec rsa pubkey`: the public key of a key file, written as SPKI (or PKCS#1), PEM (or
//! DER).

use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::key::KeyAlgorithm;
use montvec_rsa::pkcs1::EncodeRsaPublicKey;
use montvec_rsa::pkcs8::LineEnding;
use montvec_rsa::spki::EncodePublicKey;
use montvec_rsa::{Error, RsaPublicKey};

use super::failure::Failure;
use super::files::{self, Secrecy};
use super::key_file;

/// The container a public key is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PublicKeyFormat {
    /// SubjectPublicKeyInfo (RFC 5280; `-----BEGIN PUBLIC KEY-----`), what
    /// `openssl pkey -pubout` writes
    Spki,
    /// PKCS#1 RSAPublicKey (RFC 8017 A.1.1; `-----BEGIN RSA PUBLIC KEY-----`), what
    /// `openssl rsa -RSAPublicKey_out` writes
    Pkcs1,
}

/// Options of `montvec rsa pubkey`.
#[derive(clap::Args)]
pub struct Args {
    /// Key file: private (PKCS#1 or PKCS#8) or public (SPKI or PKCS#1), PEM or DER
    #[arg(long, value_name = "FILE")]
    key: PathBuf,
    /// Where to write the public key (`-`: standard output)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Key container
    #[arg(long, value_enum, default_value = "spki")]
    format: PublicKeyFormat,
    /// Write DER (binary) instead of PEM
    #[arg(long)]
    der: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let key = key_file::public_key("--key", &args.key)?;
    if args.format == PublicKeyFormat::Pkcs1 && key.algorithm() != KeyAlgorithm::RsaEncryption {
        return Err(Failure::Usage(format!(
            "--format pkcs1: --key {} is an RSA-PSS key, and PKCS#1 has no algorithm identifier \
             to keep it so; use --format spki",
            args.key.display()
        )));
    }
    let encoded = encode(&key, args.format, args.der).map_err(|why| Failure::Operation {
        what: "cannot encode the key",
        error: Error::Encoding(why),
    })?;
    files::write("--out", &args.out, &encoded, Secrecy::Public)?;
    Ok(ExitCode::SUCCESS)
}

/// `key` in `format`, DER or PEM (LF line ends), or why it could not be encoded.
fn encode(key: &RsaPublicKey, format: PublicKeyFormat, der: bool) -> Result<Vec<u8>, String> {
    match (format, der) {
        (PublicKeyFormat::Spki, false) => key
            .to_public_key_pem(LineEnding::LF)
            .map(String::into_bytes)
            .map_err(|e| e.to_string()),
        (PublicKeyFormat::Spki, true) => key
            .to_public_key_der()
            .map(|der| der.as_bytes().to_vec())
            .map_err(|e| e.to_string()),
        (PublicKeyFormat::Pkcs1, false) => key
            .to_pkcs1_pem(LineEnding::LF)
            .map(String::into_bytes)
            .map_err(|e| e.to_string()),
        (PublicKeyFormat::Pkcs1, true) => key
            .to_pkcs1_der()
            .map(|der| der.as_bytes().to_vec())
            .map_err(|e| e.to_string()),
    }
}
