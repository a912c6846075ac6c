//! Links the system GMP (`libgmp`) and OpenSSL (`libcrypto`), the two peers timed beside montvec,
//! and, where `scripts/ensure-deps` fetched it, Intel's crypto_mb (`libcrypto_mb.a`, x86-64
//! Linux), the 8-way IFMA engine of the batch rows: then the `montvec_crypto_mb` cfg is set.
//!
//! crypto_mb is looked for in `MONTVEC_CRYPTO_MB_DIR`, by default
//! `~/.cache/montvec/crypto_mb-<CRYPTO_MB_VERSION>` (`$XDG_CACHE_HOME` for `~/.cache`), the
//! directory ensure-deps fills; when it fetches the library, ensure-deps touches this file,
//! so that cargo runs the script again.

use std::path::PathBuf;

/// The crypto_mb release ensure-deps fetches (its `crypto_mb_version`).
const CRYPTO_MB_VERSION: &str = "2026.2.0";

fn main() {
    println!("cargo:rustc-link-lib=dylib=gmp");
    println!("cargo:rustc-link-lib=dylib=crypto");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(montvec_crypto_mb)");
    for var in ["MONTVEC_CRYPTO_MB_DIR", "XDG_CACHE_HOME", "HOME"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let x86_64_linux = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")
        && std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let Some(dir) = crypto_mb_dir() else { return };
    let lib = dir.join("libcrypto_mb.a");
    if x86_64_linux && lib.is_file() {
        println!("cargo:rerun-if-changed={}", lib.display());
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static=crypto_mb");
        println!("cargo:rustc-cfg=montvec_crypto_mb");
    }
}

/// Where crypto_mb's static library is looked for.
fn crypto_mb_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("MONTVEC_CRYPTO_MB_DIR") {
        return Some(dir.into());
    }
    let cache = match std::env::var_os("XDG_CACHE_HOME") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME")?).join(".cache"),
    };
    Some(
        cache
            .join("montvec")
            .join(format!("crypto_mb-{CRYPTO_MB_VERSION}")),
    )
}
