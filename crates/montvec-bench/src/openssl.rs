//! The system OpenSSL (`libcrypto`), reached through the few `BN_*` functions the benchmark
//! needs. Every pointer is owned by one wrapper and freed by its `Drop`.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int};
use std::ptr::NonNull;

pub mod rsa;

/// Opaque `BIGNUM`.
#[repr(C)]
struct Bignum {
    _private: [u8; 0],
}

/// Opaque `BN_CTX`.
#[repr(C)]
struct BnCtxRaw {
    _private: [u8; 0],
}

/// Opaque `BN_MONT_CTX`.
#[repr(C)]
struct BnMontCtx {
    _private: [u8; 0],
}

extern "C" {
    fn OpenSSL_version(t: c_int) -> *const c_char;
    fn BN_new() -> *mut Bignum;
    fn BN_clear_free(a: *mut Bignum);
    fn BN_lebin2bn(s: *const u8, len: c_int, ret: *mut Bignum) -> *mut Bignum;
    fn BN_bn2lebinpad(a: *const Bignum, to: *mut u8, tolen: c_int) -> c_int;
    fn BN_num_bits(a: *const Bignum) -> c_int;
    fn BN_is_odd(a: *const Bignum) -> c_int;
    fn BN_CTX_new() -> *mut BnCtxRaw;
    fn BN_CTX_free(c: *mut BnCtxRaw);
    fn BN_MONT_CTX_new() -> *mut BnMontCtx;
    fn BN_MONT_CTX_set(mont: *mut BnMontCtx, m: *const Bignum, ctx: *mut BnCtxRaw) -> c_int;
    fn BN_MONT_CTX_free(mont: *mut BnMontCtx);
    fn BN_to_montgomery(
        r: *mut Bignum,
        a: *const Bignum,
        mont: *mut BnMontCtx,
        ctx: *mut BnCtxRaw,
    ) -> c_int;
    fn BN_mod_mul_montgomery(
        r: *mut Bignum,
        a: *const Bignum,
        b: *const Bignum,
        mont: *mut BnMontCtx,
        ctx: *mut BnCtxRaw,
    ) -> c_int;
    fn BN_mod_exp_mont_consttime(
        rr: *mut Bignum,
        a: *const Bignum,
        p: *const Bignum,
        m: *const Bignum,
        ctx: *mut BnCtxRaw,
        in_mont: *mut BnMontCtx,
    ) -> c_int;
}

/// OpenSSL's version string (`OpenSSL_version(OPENSSL_VERSION)`), e.g. "OpenSSL 3.0.13 ...".
pub fn version() -> String {
    const OPENSSL_VERSION: c_int = 0;
    // SAFETY: OpenSSL_version returns a pointer to a static NUL-terminated string for every
    // argument (an "not available" text for unknown ones).
    unsafe { CStr::from_ptr(OpenSSL_version(OPENSSL_VERSION)) }
        .to_string_lossy()
        .into_owned()
}

/// An OpenSSL call reported failure (allocation, or a precondition such as an odd modulus).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpensslError(pub &'static str);

impl core::fmt::Display for OpensslError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "OpenSSL {} failed", self.0)
    }
}

impl std::error::Error for OpensslError {}

fn check(ret: c_int, what: &'static str) -> Result<(), OpensslError> {
    if ret == 1 {
        Ok(())
    } else {
        Err(OpensslError(what))
    }
}

/// An OpenSSL `BIGNUM`; cleared and freed on drop.
pub struct BigNum {
    raw: NonNull<Bignum>,
}

impl BigNum {
    /// Zero.
    pub fn new() -> Result<BigNum, OpensslError> {
        // SAFETY: BN_new takes no input; a null return (allocation failure) is handled below.
        let raw = unsafe { BN_new() };
        NonNull::new(raw)
            .map(|raw| BigNum { raw })
            .ok_or(OpensslError("BN_new"))
    }

    /// The value of `limbs`, least significant limb first.
    pub fn from_limbs(limbs: &[u64]) -> Result<BigNum, OpensslError> {
        let bytes: Vec<u8> = limbs.iter().flat_map(|w| w.to_le_bytes()).collect();
        let len = c_int::try_from(bytes.len()).map_err(|_| OpensslError("BN_lebin2bn"))?;
        let bn = BigNum::new()?;
        // SAFETY: `bytes` is readable for `len` bytes; `bn.raw` is a live BIGNUM that
        // BN_lebin2bn overwrites and returns (null only on failure).
        let ret = unsafe { BN_lebin2bn(bytes.as_ptr(), len, bn.raw.as_ptr()) };
        if ret.is_null() {
            return Err(OpensslError("BN_lebin2bn"));
        }
        Ok(bn)
    }

    /// The value as exactly `len` limbs, least significant first.
    pub fn to_limbs(&self, len: usize) -> Result<Vec<u64>, OpensslError> {
        let mut bytes = vec![0u8; len * 8];
        let tolen = c_int::try_from(bytes.len()).map_err(|_| OpensslError("BN_bn2lebinpad"))?;
        // SAFETY: `bytes` is writable for `tolen` bytes; BN_bn2lebinpad returns -1 (and writes
        // nothing) when the value does not fit.
        let ret = unsafe { BN_bn2lebinpad(self.raw.as_ptr(), bytes.as_mut_ptr(), tolen) };
        if ret != tolen {
            return Err(OpensslError("BN_bn2lebinpad"));
        }
        Ok(bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("chunks of 8")))
            .collect())
    }

    /// Bit length (0 for zero).
    pub fn bits(&self) -> usize {
        // SAFETY: `self.raw` is a live BIGNUM; BN_num_bits only reads it.
        let bits = unsafe { BN_num_bits(self.raw.as_ptr()) };
        usize::try_from(bits).unwrap_or(0)
    }

    fn is_odd(&self) -> bool {
        // SAFETY: `self.raw` is a live BIGNUM; BN_is_odd only reads it.
        unsafe { BN_is_odd(self.raw.as_ptr()) == 1 }
    }
}

// SAFETY: a BigNum owns its BIGNUM alone; OpenSSL's BIGNUMs carry no thread affinity and may
// be used (one thread at a time) and freed on any thread. Not Sync.
unsafe impl Send for BigNum {}

impl Drop for BigNum {
    fn drop(&mut self) {
        // SAFETY: `self.raw` came from BN_new, is owned by `self` alone and freed once, here.
        unsafe { BN_clear_free(self.raw.as_ptr()) }
    }
}

/// A `BN_CTX`, OpenSSL's pool of temporaries.
struct BnCtx {
    raw: NonNull<BnCtxRaw>,
}

impl BnCtx {
    fn new() -> Result<BnCtx, OpensslError> {
        // SAFETY: BN_CTX_new takes no input; null (allocation failure) is handled below.
        let raw = unsafe { BN_CTX_new() };
        NonNull::new(raw)
            .map(|raw| BnCtx { raw })
            .ok_or(OpensslError("BN_CTX_new"))
    }
}

// SAFETY: as for BigNum: a BN_CTX is owned by one wrapper and used by one thread at a time.
unsafe impl Send for BnCtx {}

impl Drop for BnCtx {
    fn drop(&mut self) {
        // SAFETY: `self.raw` came from BN_CTX_new and is freed once, here.
        unsafe { BN_CTX_free(self.raw.as_ptr()) }
    }
}

/// An odd modulus prepared for OpenSSL's Montgomery arithmetic (`BN_MONT_CTX`), with its own
/// `BN_CTX`. OpenSSL's R is 2^(64k) for a k-limb modulus, the same as montvec's, so
/// Montgomery forms of the two libraries compare limb for limb.
pub struct OpensslModulus {
    n: BigNum,
    mont: NonNull<BnMontCtx>,
    ctx: BnCtx,
    limbs: usize,
}

impl OpensslModulus {
    /// Prepare the odd modulus `limbs` (at least 3).
    pub fn new(limbs: &[u64]) -> Result<OpensslModulus, OpensslError> {
        let n = BigNum::from_limbs(limbs)?;
        if !n.is_odd() || n.bits() < 2 {
            return Err(OpensslError(
                "BN_MONT_CTX_set (modulus must be odd and > 1)",
            ));
        }
        let ctx = BnCtx::new()?;
        // SAFETY: BN_MONT_CTX_new takes no input; null is handled below.
        let mont =
            NonNull::new(unsafe { BN_MONT_CTX_new() }).ok_or(OpensslError("BN_MONT_CTX_new"))?;
        let modulus = OpensslModulus {
            limbs: n.bits().div_ceil(64),
            n,
            mont,
            ctx,
        };
        // SAFETY: `mont`, `n` and `ctx` are live and owned by `modulus`; BN_MONT_CTX_set copies
        // n into mont. On failure `modulus` is dropped, freeing all three once.
        check(
            unsafe {
                BN_MONT_CTX_set(
                    modulus.mont.as_ptr(),
                    modulus.n.raw.as_ptr(),
                    modulus.ctx.raw.as_ptr(),
                )
            },
            "BN_MONT_CTX_set",
        )?;
        Ok(modulus)
    }

    /// Limb count k of the modulus.
    pub fn limbs(&self) -> usize {
        self.limbs
    }

    /// `x * R mod n`.
    pub fn to_montgomery(&mut self, x: &BigNum) -> Result<BigNum, OpensslError> {
        let r = BigNum::new()?;
        // SAFETY: all pointers are live BIGNUM/BN_MONT_CTX/BN_CTX owned by `self`, `x`, `r`;
        // `r` is fresh, so it aliases no input.
        check(
            unsafe {
                BN_to_montgomery(
                    r.raw.as_ptr(),
                    x.raw.as_ptr(),
                    self.mont.as_ptr(),
                    self.ctx.raw.as_ptr(),
                )
            },
            "BN_to_montgomery",
        )?;
        Ok(r)
    }

    /// `out = a * b / R mod n` by `BN_mod_mul_montgomery`; `a`, `b` below n (`a` may be `b`).
    pub fn mul_montgomery(
        &mut self,
        out: &mut BigNum,
        a: &BigNum,
        b: &BigNum,
    ) -> Result<(), OpensslError> {
        // SAFETY: all pointers are live; `out` is a unique borrow, so it is neither input.
        check(
            unsafe {
                BN_mod_mul_montgomery(
                    out.raw.as_ptr(),
                    a.raw.as_ptr(),
                    b.raw.as_ptr(),
                    self.mont.as_ptr(),
                    self.ctx.raw.as_ptr(),
                )
            },
            "BN_mod_mul_montgomery",
        )
    }

    /// `out = base^exp mod n` by `BN_mod_exp_mont_consttime`, with this prepared `BN_MONT_CTX`.
    pub fn exp_consttime(
        &mut self,
        out: &mut BigNum,
        base: &BigNum,
        exp: &BigNum,
    ) -> Result<(), OpensslError> {
        // SAFETY: all pointers are live; `out` is a unique borrow, so it is no input; n is odd
        // (checked in `new`) as BN_mod_exp_mont_consttime requires.
        check(
            unsafe {
                BN_mod_exp_mont_consttime(
                    out.raw.as_ptr(),
                    base.raw.as_ptr(),
                    exp.raw.as_ptr(),
                    self.n.raw.as_ptr(),
                    self.ctx.raw.as_ptr(),
                    self.mont.as_ptr(),
                )
            },
            "BN_mod_exp_mont_consttime",
        )
    }
}

// SAFETY: the BN_MONT_CTX is owned by this wrapper alone, as are `n` and `ctx` (Send above);
// OpenSSL ties none of them to a thread.
unsafe impl Send for OpensslModulus {}

impl Drop for OpensslModulus {
    fn drop(&mut self) {
        // SAFETY: `self.mont` came from BN_MONT_CTX_new and is freed once, here; `n` and `ctx`
        // free themselves afterwards.
        unsafe { BN_MONT_CTX_free(self.mont.as_ptr()) }
    }
}
