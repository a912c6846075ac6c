//! Intel's crypto_mb (the multi-buffer part of the Intel Cryptography Primitives Library,
//! formerly IPP Crypto), reached through the few symbols the benchmark needs: `mbx_exp_mb8`,
//! eight constant-time modular exponentiations at once in AVX-512 IFMA registers, the best
//! existing engine of the kind montvec's batch is, and the raw RSA operations eight at a time
//! (`mbx_rsa_private_crt_mb8`, `mbx_rsa_public_mb8`). Linked statically from the library
//! `scripts/ensure-deps` fetches (see `build.rs`); this module exists only then
//! (`cfg(montvec_crypto_mb)`).
//!
//! Numbers cross as arrays of little-endian 64-bit words (`int64u`, least significant first),
//! one pointer per lane, the same limbs as montvec's; RSA's inputs and outputs as big-endian
//! byte strings of the modulus's length.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};

use montvec::Nat;

/// Lanes of one call.
pub const LANES: usize = 8;

/// The modulus sizes crypto_mb has exponentiation kernels for (`mbx_exp1024_mb8` to
/// `mbx_exp4096_mb8`; `mbx_exp_mb8` dispatches on the size).
pub const SIZES: [usize; 4] = [1024, 2048, 3072, 4096];

/// Whether this CPU has the AVX-512 subsets crypto_mb's eight-lane kernels are built for (F,
/// DQ, BW, VL and IFMA). [`Exp8::new`] and [`Rsa8::new`] ask it first and give `None` on
/// another CPU: crypto_mb's exponentiation refuses such a CPU with a status, but its RSA methods
/// do not check, and die on their first IFMA instruction (`SIGILL`, seen on a Zen 3).
pub fn cpu_runs() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512dq")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512ifma");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// `mbxVersion` from crypto_mb's `version.h`.
#[repr(C)]
struct MbxVersion {
    major: c_int,
    minor: c_int,
    patch: c_int,
    target_cpu: [c_char; 4],
    name: *const c_char,
    build_date: *const c_char,
    str_version: *const c_char,
}

extern "C" {
    fn mbx_getversion() -> *const MbxVersion;
    fn mbx_exp_BufferSize(modulus_bits: c_int) -> c_int;
    fn mbx_exp_mb8(
        out: *const *mut u64,
        base: *const *const u64,
        exp: *const *const u64,
        exp_bits: c_int,
        modulus: *const *const u64,
        modulus_bits: c_int,
        buffer: *mut u8,
        buffer_len: c_int,
    ) -> u32;
    fn mbx_RSA_private_crt_Method(rsa_bits: c_int) -> *const c_void;
    fn mbx_RSA_pub65537_Method(rsa_bits: c_int) -> *const c_void;
    fn mbx_RSA_Method_BufSize(method: *const c_void) -> c_int;
    #[allow(clippy::too_many_arguments)]
    fn mbx_rsa_private_crt_mb8(
        from: *const *const u8,
        to: *const *mut u8,
        p: *const *const u64,
        q: *const *const u64,
        dp: *const *const u64,
        dq: *const *const u64,
        qinv: *const *const u64,
        rsa_bits: c_int,
        method: *const c_void,
        buffer: *mut u8,
    ) -> u32;
    fn mbx_rsa_public_mb8(
        from: *const *const u8,
        to: *const *mut u8,
        n: *const *const u64,
        rsa_bits: c_int,
        method: *const c_void,
        buffer: *mut u8,
    ) -> u32;
}

/// crypto_mb's version string (`mbx_getversion`), e.g. "crypto_mb (k1) (ver: 2.3.0 (13.3)
/// build: Sep  8 2026)".
pub fn version() -> String {
    // SAFETY: mbx_getversion returns a pointer to a static struct of the library, or null; its
    // string field, when not null, points to a static NUL-terminated string.
    unsafe {
        let v = mbx_getversion();
        if v.is_null() || (*v).str_version.is_null() {
            return "crypto_mb (version unknown)".to_string();
        }
        CStr::from_ptr((*v).str_version)
            .to_string_lossy()
            .into_owned()
    }
}

/// A cache line, the alignment of the scratch buffer crypto_mb works in.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// Eight exponentiations of one modulus size at a time, with crypto_mb's scratch buffer.
pub struct Exp8 {
    bits: usize,
    scratch: Vec<Line>,
}

/// A call crypto_mb refused: its status word, four bits per lane (lane i in bits 4i..4i+3:
/// 1 mismatched parameter, 2 null parameter, 10 = 0xA instruction set not supported).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status(pub u32);

impl core::fmt::Display for Status {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "crypto_mb returned status {:#010x}", self.0)
    }
}

impl Exp8 {
    /// The exponentiation of `bits`-bit moduli, or `None` when `bits` is not one of [`SIZES`]
    /// or the CPU cannot run it ([`cpu_runs`]).
    pub fn new(bits: usize) -> Option<Exp8> {
        if !SIZES.contains(&bits) || !cpu_runs() {
            return None;
        }
        // SAFETY: a pure size query; `bits` is one of the sizes it knows (and fits c_int).
        let len = unsafe { mbx_exp_BufferSize(bits as c_int) };
        Some(Exp8 {
            bits,
            scratch: scratch(len)?,
        })
    }

    /// `out[i] = base[i]^exp[i] mod modulus[i]` for the eight lanes: every slice holds
    /// `bits / 64` limbs, each modulus odd with its top bit set, each base below its modulus;
    /// the exponents are taken as `bits` bits long. A refused call gives its status (its header
    /// names 0xA a lane for an instruction set it lacks).
    ///
    /// Panics if a slice has the wrong length.
    pub fn pow(
        &mut self,
        out: [&mut [u64]; LANES],
        base: [&[u64]; LANES],
        exp: [&[u64]; LANES],
        modulus: [&[u64]; LANES],
    ) -> Result<(), Status> {
        let k = self.bits / 64;
        let lengths_ok = out.iter().all(|x| x.len() == k)
            && [base, exp, modulus]
                .iter()
                .all(|lanes| lanes.iter().all(|x| x.len() == k));
        assert!(lengths_ok, "every lane holds {k} limbs");
        let out = out.map(|x| x.as_mut_ptr());
        let [base, exp, modulus] = [base, exp, modulus].map(|lanes| lanes.map(|x| x.as_ptr()));
        let bits = self.bits as c_int;
        let len = (self.scratch.len() * 64) as c_int;
        // SAFETY: each of the 8 pointers of every array points to `bits / 64` limbs (checked
        // above), readable, and for `out` writable; the `out` slices are unique borrows, so
        // they overlap no input; the scratch buffer is ours alone, 64-byte aligned, `len`
        // bytes long (at least what mbx_exp_BufferSize asked for); `bits` is one of SIZES.
        // The call keeps no pointer after it returns.
        let status = unsafe {
            mbx_exp_mb8(
                out.as_ptr(),
                base.as_ptr(),
                exp.as_ptr(),
                bits,
                modulus.as_ptr(),
                bits,
                self.scratch.as_mut_ptr().cast::<u8>(),
                len,
            )
        };
        checked(status)
    }
}

/// Scratch space of `len` bytes (a C `int`), or `None` for a negative length.
fn scratch(len: c_int) -> Option<Vec<Line>> {
    let len = usize::try_from(len).ok()?;
    Some(vec![Line([0; 64]); len.div_ceil(64)])
}

/// `value` (big-endian bytes) as `limbs` little-endian words, or `None` if it does not fit.
fn words(value: &[u8], limbs: usize) -> Option<Vec<u64>> {
    let v = Nat::from_be_bytes(value);
    (v.bit_length_vartime() <= 64 * limbs).then(|| v.resized(limbs).as_limbs().to_vec())
}

/// The status word of a call as a result.
fn checked(status: u32) -> Result<(), Status> {
    match status {
        0 => Ok(()),
        s => Err(Status(s)),
    }
}

/// The parts of an RSA key crypto_mb's CRT private operation takes, big-endian bytes.
pub struct CrtKey<'a> {
    /// The first prime.
    pub p: &'a [u8],
    /// The second prime.
    pub q: &'a [u8],
    /// d mod (p - 1).
    pub dp: &'a [u8],
    /// d mod (q - 1).
    pub dq: &'a [u8],
    /// q^-1 mod p.
    pub qinv: &'a [u8],
}

/// crypto_mb's raw RSA operations, eight inputs at a time, all under one key (the same key
/// in each lane, as the bench's RSA rows use it): the private one by CRT (no blinding and no
/// check: the fastest it offers), the public one with e = 65537.
pub struct Rsa8 {
    bits: usize,
    /// p, q, dp, dq, q^-1 mod p, each `bits / 128` words (empty for a public key).
    crt: Vec<Vec<u64>>,
    /// n, `bits / 64` words.
    n: Vec<u64>,
    scratch: Vec<Line>,
}

impl Rsa8 {
    /// The key of `bits`-bit modulus `n` (big-endian), with `crt` its private parts, or `None`
    /// when crypto_mb has no method for `bits` (it has them for 1024, 2048, 3072 and 4096), a
    /// part does not fit its size, or the CPU cannot run it ([`cpu_runs`]).
    pub fn new(bits: usize, n: &[u8], crt: Option<CrtKey<'_>>) -> Option<Rsa8> {
        if !SIZES.contains(&bits) || !cpu_runs() {
            return None;
        }
        let n = words(n, bits / 64)?;
        let crt = match crt {
            Some(k) => [k.p, k.q, k.dp, k.dq, k.qinv]
                .iter()
                .map(|v| words(v, bits / 128))
                .collect::<Option<Vec<_>>>()?,
            None => Vec::new(),
        };
        let method = Rsa8::method(bits, !crt.is_empty());
        if method.is_null() {
            return None;
        }
        // SAFETY: `method` is a non-null method crypto_mb returned; the query only reads it.
        let len = unsafe { mbx_RSA_Method_BufSize(method) };
        Some(Rsa8 {
            bits,
            crt,
            n,
            scratch: scratch(len)?,
        })
    }

    /// crypto_mb's method for `bits`, private (CRT) or public: a pointer to a constant table of
    /// the library, or null for a size it lacks.
    fn method(bits: usize, private: bool) -> *const c_void {
        let bits = bits as c_int;
        // SAFETY: pure lookups, returning a static table or null.
        unsafe {
            if private {
                mbx_RSA_private_crt_Method(bits)
            } else {
                mbx_RSA_pub65537_Method(bits)
            }
        }
    }

    /// Whether the key has its private parts.
    pub fn is_private(&self) -> bool {
        !self.crt.is_empty()
    }

    /// `out[i] = input[i]^d mod n` (by CRT) for a private key, else `input[i]^65537 mod n`:
    /// every slice `bits / 8` bytes, big-endian, each input below n. A refused call gives its
    /// status.
    ///
    /// Panics if a slice has the wrong length.
    pub fn run(&mut self, out: [&mut [u8]; LANES], input: [&[u8]; LANES]) -> Result<(), Status> {
        let k = self.bits / 8;
        assert!(
            out.iter().all(|x| x.len() == k) && input.iter().all(|x| x.len() == k),
            "every lane holds {k} bytes"
        );
        let to = out.map(|x| x.as_mut_ptr());
        let from = input.map(|x| x.as_ptr());
        let method = Rsa8::method(self.bits, self.is_private());
        let bits = self.bits as c_int;
        let buffer = self.scratch.as_mut_ptr().cast::<u8>();
        let status = if self.is_private() {
            let [p, q, dp, dq, qinv] = [0, 1, 2, 3, 4].map(|i| [self.crt[i].as_ptr(); LANES]);
            // SAFETY: `from` and `to` hold 8 pointers to `bits / 8` bytes each (checked above),
            // `to`'s writable and from unique borrows, so overlapping no input; each key part
            // holds `bits / 128` words (built so in `new`), the same key in every lane; the
            // method is crypto_mb's non-null CRT method for `bits` (checked in `new`) and the
            // scratch buffer ours alone, 64-byte aligned, of at least the size it asked for.
            // The call keeps no pointer after it returns.
            unsafe {
                mbx_rsa_private_crt_mb8(
                    from.as_ptr(),
                    to.as_ptr(),
                    p.as_ptr(),
                    q.as_ptr(),
                    dp.as_ptr(),
                    dq.as_ptr(),
                    qinv.as_ptr(),
                    bits,
                    method,
                    buffer,
                )
            }
        } else {
            let n = [self.n.as_ptr(); LANES];
            // SAFETY: as for the private operation, with n's `bits / 64` words in every lane
            // and crypto_mb's non-null e = 65537 method for `bits`.
            unsafe {
                mbx_rsa_public_mb8(from.as_ptr(), to.as_ptr(), n.as_ptr(), bits, method, buffer)
            }
        };
        checked(status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operands::Operands;
    use num_bigint::BigUint;

    fn big(limbs: &[u64]) -> BigUint {
        BigUint::from_slice(
            &limbs
                .iter()
                .flat_map(|&w| [w as u32, (w >> 32) as u32])
                .collect::<Vec<u32>>(),
        )
    }

    /// Every lane against num-bigint, at every size crypto_mb takes, on a CPU that runs it (on
    /// another, that neither the exponentiation nor the RSA methods are built at all).
    #[test]
    fn eight_lanes_match_num_bigint() {
        for bits in SIZES {
            let lanes: Vec<Operands> = (0..LANES as u64).map(|i| Operands::new(bits, i)).collect();
            let Some(mut exp8) = Exp8::new(bits) else {
                assert!(
                    !cpu_runs(),
                    "{bits} bits: no Exp8 on a CPU that runs crypto_mb"
                );
                let n = lanes[0].modulus.to_be_bytes(bits / 8);
                assert!(
                    Rsa8::new(bits, &n, None).is_none(),
                    "{bits} bits: Rsa8 built"
                );
                continue;
            };
            assert!(
                cpu_runs(),
                "{bits} bits: Exp8 built on a CPU without its AVX-512"
            );
            let k = bits / 64;
            let mut out = vec![vec![0u64; k]; LANES];
            let status = {
                let out: [&mut [u64]; LANES] = out
                    .iter_mut()
                    .map(|x| x.as_mut_slice())
                    .collect::<Vec<_>>()
                    .try_into()
                    .unwrap();
                let pick = |f: fn(&Operands) -> &montvec::Nat| -> [&[u64]; LANES] {
                    core::array::from_fn(|i| f(&lanes[i]).as_limbs())
                };
                exp8.pow(
                    out,
                    pick(|o| &o.x),
                    pick(|o| &o.exponent),
                    pick(|o| &o.modulus),
                )
            };
            status.unwrap();
            for (o, y) in lanes.iter().zip(&out) {
                let want = big(o.x.as_limbs())
                    .modpow(&big(o.exponent.as_limbs()), &big(o.modulus.as_limbs()));
                assert_eq!(big(y), want, "{bits} bits");
            }
        }
        assert!(Exp8::new(512).is_none() && Exp8::new(2047).is_none());
    }

    #[test]
    fn version_names_the_library() {
        let v = version();
        assert!(v.starts_with("crypto_mb"), "{v:?}");
    }
}
