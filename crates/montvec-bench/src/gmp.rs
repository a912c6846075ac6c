//! The system GMP, reached through the few symbols the benchmark needs.
//!
//! `mpz_*` and `mpn_*` are macros in `gmp.h`; the exported symbols are `__gmpz_*` and
//! `__gmpn_*`. On x86-64 Linux a limb (`mp_limb_t`) is `unsigned long` = `u64` and
//! `mp_size_t` is `long` = `i64`, the same limbs as montvec's, least significant first.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_long, c_void};

/// `__mpz_struct` from `gmp.h`: allocated limbs, signed used limbs, the limb pointer.
#[repr(C)]
struct MpzStruct {
    alloc: c_int,
    size: c_int,
    d: *mut u64,
}

extern "C" {
    static __gmp_version: *const c_char;
    fn __gmpz_init(x: *mut MpzStruct);
    fn __gmpz_clear(x: *mut MpzStruct);
    fn __gmpz_import(
        rop: *mut MpzStruct,
        count: usize,
        order: c_int,
        size: usize,
        endian: c_int,
        nails: usize,
        op: *const c_void,
    );
    fn __gmpz_size(op: *const MpzStruct) -> usize;
    fn __gmpz_getlimbn(op: *const MpzStruct, n: c_long) -> u64;
    fn __gmpz_powm(
        rop: *mut MpzStruct,
        base: *const MpzStruct,
        exp: *const MpzStruct,
        m: *const MpzStruct,
    );
    fn __gmpz_powm_sec(
        rop: *mut MpzStruct,
        base: *const MpzStruct,
        exp: *const MpzStruct,
        m: *const MpzStruct,
    );
    fn __gmpn_mul_n(rp: *mut u64, s1p: *const u64, s2p: *const u64, n: c_long);
}

/// A GMP integer (`mpz_t`), non-negative in this crate's use; cleared on drop.
pub struct Mpz {
    // Boxed so the struct GMP writes through never moves while a call holds its address.
    raw: Box<MpzStruct>,
}

impl Mpz {
    /// Zero.
    pub fn new() -> Mpz {
        let mut raw = Box::new(MpzStruct {
            alloc: 0,
            size: 0,
            d: std::ptr::null_mut(),
        });
        // SAFETY: `raw` is a valid, writable `__mpz_struct`; mpz_init fills all its fields.
        unsafe { __gmpz_init(&mut *raw) };
        Mpz { raw }
    }

    /// The value of `limbs`, least significant limb first.
    pub fn from_limbs(limbs: &[u64]) -> Mpz {
        let mut z = Mpz::new();
        // SAFETY: `z` is initialised; `limbs` is readable for `limbs.len()` words of 8 bytes;
        // order -1 = least significant word first, endian 0 = native, no nail bits.
        unsafe {
            __gmpz_import(
                &mut *z.raw,
                limbs.len(),
                -1,
                8,
                0,
                0,
                limbs.as_ptr().cast::<c_void>(),
            )
        };
        z
    }

    /// Limbs in use (0 for zero).
    pub fn limb_len(&self) -> usize {
        // SAFETY: `self.raw` is an initialised mpz; mpz_size only reads it.
        unsafe { __gmpz_size(&*self.raw) }
    }

    /// The value as exactly `len` limbs, least significant first.
    ///
    /// Panics if the value does not fit `len` limbs.
    pub fn to_limbs(&self, len: usize) -> Vec<u64> {
        let used = self.limb_len();
        assert!(used <= len, "value of {used} limbs does not fit {len}");
        (0..len)
            .map(|i| {
                // SAFETY: `self.raw` is initialised; mpz_getlimbn returns 0 past the used limbs,
                // and `i < len <= i64::MAX` fits `mp_size_t`.
                unsafe { __gmpz_getlimbn(&*self.raw, i as c_long) }
            })
            .collect()
    }

    fn is_odd(&self) -> bool {
        // SAFETY: `self.raw` is initialised; limb 0 of zero reads as 0.
        unsafe { __gmpz_getlimbn(&*self.raw, 0) & 1 == 1 }
    }

    /// `self = base^exp mod m` by `mpz_powm_sec`, GMP's side-channel silent exponentiation.
    ///
    /// Panics unless `m` is odd and `exp > 0` (GMP's preconditions).
    pub fn powm_sec(&mut self, base: &Mpz, exp: &Mpz, m: &Mpz) {
        assert!(
            m.is_odd() && exp.limb_len() > 0,
            "mpz_powm_sec needs odd m and exp > 0"
        );
        // SAFETY: all four are initialised mpz; `self` is borrowed mutably so it is not one of
        // the inputs (GMP would allow that anyway); the preconditions were checked above.
        unsafe { __gmpz_powm_sec(&mut *self.raw, &*base.raw, &*exp.raw, &*m.raw) }
    }

    /// `self = base^exp mod m` by `mpz_powm` (variable time, GMP's fastest).
    ///
    /// Panics if `m` is zero (GMP would divide by zero).
    pub fn powm(&mut self, base: &Mpz, exp: &Mpz, m: &Mpz) {
        assert!(m.limb_len() > 0, "mpz_powm needs m != 0");
        // SAFETY: all four are initialised mpz; `m != 0` was checked; exp >= 0 always here.
        unsafe { __gmpz_powm(&mut *self.raw, &*base.raw, &*exp.raw, &*m.raw) }
    }
}

// SAFETY: an Mpz owns its struct and limb array alone (no other Mpz points into them); GMP
// allocates them with its allocator functions (malloc by default), which any thread may call
// to grow or free them, and keeps no per-thread state about them. Moving one to another
// thread is therefore sound; sharing is not offered (no Sync).
unsafe impl Send for Mpz {}

impl Default for Mpz {
    fn default() -> Self {
        Mpz::new()
    }
}

impl Drop for Mpz {
    fn drop(&mut self) {
        // SAFETY: `self.raw` was initialised by mpz_init and is cleared exactly once, here.
        unsafe { __gmpz_clear(&mut *self.raw) }
    }
}

/// `out = a * b` by `mpn_mul_n`: the full 2n-limb product of two n-limb numbers.
///
/// Panics unless `a.len() == b.len() >= 1` and `out.len() == 2 * a.len()`.
pub fn mpn_mul_n(out: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    assert!(
        n >= 1 && b.len() == n && out.len() == 2 * n,
        "mpn_mul_n needs n, n, 2n limbs"
    );
    // SAFETY: `out` is writable for 2n limbs and `a`, `b` readable for n; `out` is a unique
    // borrow so it overlaps neither input (mpn_mul_n forbids overlap); n >= 1 fits mp_size_t.
    unsafe { __gmpn_mul_n(out.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n as c_long) }
}

/// GMP's version string (`gmp_version`), e.g. "6.3.0".
pub fn version() -> String {
    // SAFETY: `gmp_version` is a constant pointer to a static NUL-terminated string, set at
    // load time and never written.
    unsafe { CStr::from_ptr(__gmp_version) }
        .to_string_lossy()
        .into_owned()
}
