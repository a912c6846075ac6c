//! Key files for `--key` and `--pubkey`: PKCS#1, PKCS#8 or SPKI, PEM or DER, told apart by
//! their content (`montvec_rsa::encoding`).

use std::path::Path;

use montvec_rsa::encoding::{private_key_from_bytes, public_key_from_bytes};
use montvec_rsa::{RsaPrivateKey, RsaPublicKey};

use super::failure::Failure;
use super::files;

/// The private key in `path` (PKCS#1 or PKCS#8, PEM or DER), checked for consistency.
pub fn private_key(option: &'static str, path: &Path) -> Result<RsaPrivateKey, Failure> {
    let bytes = files::read_secret(option, path)?;
    private_key_from_bytes(&bytes).map_err(|error| Failure::Key {
        option,
        path: path.to_path_buf(),
        error,
    })
}

/// The public key in `path`: SPKI or PKCS#1 public key, or the public half of a private key
/// file, PEM or DER.
pub fn public_key(option: &'static str, path: &Path) -> Result<RsaPublicKey, Failure> {
    let bytes = files::read_secret(option, path)?;
    public_key_from_bytes(&bytes).map_err(|error| Failure::Key {
        option,
        path: path.to_path_buf(),
        error,
    })
}
