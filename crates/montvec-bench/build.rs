//! Links the system GMP (`libgmp`) and OpenSSL (`libcrypto`), the two peers timed beside montvec.

fn main() {
    println!("cargo:rustc-link-lib=dylib=gmp");
    println!("cargo:rustc-link-lib=dylib=crypto");
    println!("cargo:rerun-if-changed=build.rs");
}
