//! Compiles the client-request shim against valgrind's headers (Debian's `valgrind` package).

fn main() {
    println!("cargo:rerun-if-changed=src/memcheck.c");
    cc::Build::new()
        .file("src/memcheck.c")
        .compile("montvec_ctcheck_memcheck");
}
