//! `montvec rsa genkey`: a new private key, written as PKCS#8 or PKCS#1, PEM or DER, to a
//! file created with mode 0600.

use std::path::PathBuf;
use std::process::ExitCode;

use montvec_rsa::pkcs1::EncodeRsaPrivateKey;
use montvec_rsa::pkcs8::{EncodePrivateKey, LineEnding};
use montvec_rsa::{Error, RsaPrivateKey};
use rand_core::OsRng;
use zeroize::Zeroizing;

use super::failure::Failure;
use super::files::{self, Secrecy};
use super::option_values::{parse_exponent, Exponent};

/// The container a private key is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PrivateKeyFormat {
    /// PKCS#8 PrivateKeyInfo (RFC 5208; `-----BEGIN PRIVATE KEY-----`), what
    /// `openssl genpkey` writes
    Pkcs8,
    /// PKCS#1 RSAPrivateKey (RFC 8017 A.1.2; `-----BEGIN RSA PRIVATE KEY-----`), what
    /// `openssl pkey -traditional` writes
    Pkcs1,
}

/// Options of `montvec rsa genkey`.
#[derive(clap::Args)]
pub struct Args {
    /// Modulus size in bits, 1024 to 8192 (1024 is legacy, for interoperability only)
    #[arg(long, value_name = "N")]
    bits: usize,
    /// Public exponent, decimal or 0x-prefixed hexadecimal: odd, 2^16 < E < 2^256
    /// (FIPS 186-5 A.1.1)
    #[arg(long, default_value = "65537", value_parser = parse_exponent, value_name = "E")]
    exponent: Exponent,
    /// Key container
    #[arg(long, value_enum, default_value = "pkcs8")]
    format: PrivateKeyFormat,
    /// Write DER (binary) instead of PEM
    #[arg(long)]
    der: bool,
    /// Where to write the key (`-`: standard output); a file is created with mode 0600
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    // Generation takes seconds at 4096 bits and minutes at 8192: find an unwritable --out
    // first.
    files::check_writable("--out", &args.out)?;
    let key = RsaPrivateKey::new_with_exp(&mut OsRng, args.bits, &args.exponent.value)
        .map_err(|error| generation_failure(&args, error))?;
    let encoded = encode(&key, args.format, args.der).map_err(|why| Failure::Operation {
        what: "cannot encode the key",
        error: Error::Encoding(why),
    })?;
    files::write("--out", &args.out, &encoded, Secrecy::Secret)?;
    Ok(ExitCode::SUCCESS)
}

/// What a key generation error for `args` tells the user.
fn generation_failure(args: &Args, error: Error) -> Failure {
    match error {
        Error::InvalidKeySize { .. } => Failure::Usage(format!("--bits {}: {error}", args.bits)),
        Error::InvalidExponent => Failure::Usage(format!(
            "--exponent {}: key generation takes an odd e above 2^16 and below 2^256 (FIPS \
             186-5 A.1.1)",
            args.exponent.text
        )),
        error => Failure::Operation {
            what: "key generation",
            error,
        },
    }
}

/// `key` in `format`, DER or PEM (LF line ends), or why it could not be encoded.
fn encode(
    key: &RsaPrivateKey,
    format: PrivateKeyFormat,
    der: bool,
) -> Result<Zeroizing<Vec<u8>>, String> {
    let bytes = match (format, der) {
        (PrivateKeyFormat::Pkcs8, false) => key
            .to_pkcs8_pem(LineEnding::LF)
            .map(|pem| pem.as_bytes().to_vec())
            .map_err(|e| e.to_string())?,
        (PrivateKeyFormat::Pkcs8, true) => key
            .to_pkcs8_der()
            .map(|der| der.as_bytes().to_vec())
            .map_err(|e| e.to_string())?,
        (PrivateKeyFormat::Pkcs1, false) => key
            .to_pkcs1_pem(LineEnding::LF)
            .map(|pem| pem.as_bytes().to_vec())
            .map_err(|e| e.to_string())?,
        (PrivateKeyFormat::Pkcs1, true) => key
            .to_pkcs1_der()
            .map(|der| der.as_bytes().to_vec())
            .map_err(|e| e.to_string())?,
    };
    Ok(Zeroizing::new(bytes))
}
