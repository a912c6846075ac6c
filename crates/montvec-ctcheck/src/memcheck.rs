//! Memcheck's client requests (through `memcheck.c`, built on valgrind's own header): marking
//! memory secret or public, and counting the errors memcheck has reported.
//!
//! Memcheck tracks, bit by bit, which values derive from undefined memory. Marked undefined,
//! a secret is tracked the same way through every computation: memcheck then reports each
//! conditional branch and each memory address that depends on it. A value computed with masks
//! (selects by `cmov`, `and`/`or` of a mask) stays undefined without a report. Memcheck does
//! not see variable-latency instructions: the libraries avoid division on secrets by
//! construction (`clippy::integer_division_remainder_used` is denied in both, outside their
//! tests; each function that divides public sizes allows it, with the reason).

use std::sync::atomic::{AtomicU32, Ordering};

extern "C" {
    fn montvec_ctcheck_secret(p: *const u8, len: usize);
    fn montvec_ctcheck_public(p: *const u8, len: usize);
    fn montvec_ctcheck_set_vbits(p: *const u8, vbits: *const u8, len: usize);
    fn montvec_ctcheck_under_valgrind() -> i32;
    fn montvec_ctcheck_errors() -> u32;
}

/// Marks the memory of `x` secret (undefined to memcheck). Its values stay as they are.
pub fn secret<T: Copy>(x: &[T]) {
    // SAFETY: the request reads no memory: it only changes memcheck's shadow state of the
    // `size_of_val(x)` bytes at `x`, which `x` borrows. Outside valgrind it does nothing.
    unsafe { montvec_ctcheck_secret(x.as_ptr().cast(), core::mem::size_of_val(x)) }
}

/// Marks the memory of `x` public (defined to memcheck): a result the caller releases.
pub fn public<T: Copy>(x: &[T]) {
    // SAFETY: as for `secret`.
    unsafe { montvec_ctcheck_public(x.as_ptr().cast(), core::mem::size_of_val(x)) }
}

/// Marks the inline bytes of `x` public (not what it points to): a flag the caller releases,
/// such as the `Choice` inside a `CtOption`.
pub fn public_inline<T>(x: &T) {
    // SAFETY: as for `secret`, over the `size_of::<T>()` bytes `x` borrows.
    unsafe { montvec_ctcheck_public((x as *const T).cast(), core::mem::size_of::<T>()) }
}

/// Marks bit 0 of `x` public and the rest of its first byte secret (an odd modulus is public
/// in its oddness only).
pub fn public_low_bit(x: &[u64]) {
    assert!(!x.is_empty());
    let vbits = [0xfe_u8];
    // SAFETY: as for `secret`, over the first byte of `x` (non-empty); `vbits` is one byte.
    unsafe { montvec_ctcheck_set_vbits(x.as_ptr().cast(), vbits.as_ptr(), 1) }
}

/// Whether the program runs under valgrind.
pub fn under_valgrind() -> bool {
    // SAFETY: a client request without arguments; 0 outside valgrind.
    unsafe { montvec_ctcheck_under_valgrind() != 0 }
}

/// The number of errors memcheck has reported so far in this run.
fn errors() -> u32 {
    // SAFETY: a client request without arguments; 0 outside valgrind.
    unsafe { montvec_ctcheck_errors() }
}

/// Memcheck's reports inside [`checked`] calls so far.
static REPORTED: AtomicU32 = AtomicU32::new(0);

/// Runs `f`, a call into the library, counting what memcheck reports while it runs. The checks'
/// own code (making values, releasing results) runs outside, uncounted.
pub fn checked<T>(f: impl FnOnce() -> T) -> T {
    let before = errors();
    let out = f();
    REPORTED.fetch_add(errors() - before, Ordering::Relaxed);
    out
}

/// Memcheck's reports inside [`checked`] calls so far.
pub fn reported() -> u32 {
    REPORTED.load(Ordering::Relaxed)
}
