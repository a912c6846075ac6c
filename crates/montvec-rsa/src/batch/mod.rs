//! Many RSA operations at once on montvec's batch engine ([`montvec::batch`]): the private
//! operation's half-size CRT exponentiations of every job go through one
//! [`montvec::batch::pow_with`] call (eight lanes per group on AVX-512 IFMA, groups spread over
//! cores), with the same blinding and re-encryption check as [`crate::primitive::private`].
//!
//! Jobs may mix keys and key sizes; each job gets its own result, in input order, so one bad
//! input (c ≥ n, a wrong length) fails that job alone.
//!
//! | function | on | one job is |
//! |---|---|---|
//! | [`private_ops`] | integers | [`crate::primitive::private::private_op`] |
//! | [`public_ops`] | integers | [`crate::primitive::public::public_op`] |
//! | [`rsa_decrypt_many`] | k-byte strings | [`crate::hazmat::rsa_decrypt`] |
//! | [`rsa_encrypt_many`] | k-byte strings | [`crate::hazmat::rsa_encrypt`] |
//!
//! | [`sign_many`], [`verify_many`] | digests, with a [`SignaturePadding`] | [`crate::RsaPrivateKey::sign_with_rng`], [`crate::RsaPublicKey::verify`] |
//! | [`encrypt_many`], [`decrypt_many`] | messages, with an [`EncryptionPadding`] | [`crate::RsaPublicKey::encrypt`], [`crate::RsaPrivateKey::decrypt_blinded`] |
//!
//! The padded functions encode each message (EM, k bytes) and hand the encoded messages to
//! the raw ones (signing is RSASP1 = RSADP on EM), or decode what they return.

mod encrypt;
mod private;
mod public;
mod raw;
mod sign;

pub use encrypt::{decrypt_many, encrypt_many, EncryptionPadding};
pub use montvec::batch::{Engine, Options};
pub use private::private_ops;
pub use public::public_ops;
pub use raw::{rsa_decrypt_many, rsa_encrypt_many};
pub use sign::{sign_many, verify_many, SignaturePadding};

/// Run `f` on the values of the jobs that are `Ok`, and put its results back in place: each
/// failed job keeps its error, each other job gets the next result of `f`.
fn on_valid<T, U>(
    prepared: Vec<crate::Result<T>>,
    f: impl FnOnce(Vec<T>) -> Vec<crate::Result<U>>,
) -> Vec<crate::Result<U>> {
    let mut errors = Vec::with_capacity(prepared.len());
    let mut valid = Vec::new();
    for p in prepared {
        match p {
            Ok(v) => {
                valid.push(v);
                errors.push(None);
            }
            Err(e) => errors.push(Some(e)),
        }
    }
    let mut done = f(valid).into_iter();
    errors
        .into_iter()
        .map(|e| match e {
            Some(e) => Err(e),
            None => done.next().expect("one result per valid job"),
        })
        .collect()
}

/// Run `f` on a pool of `options.threads` workers (the current pool for `None`), with options
/// whose `threads` is `None` so the batch engine runs on that same pool.
///
/// Errors: the pool could not be started.
fn on_pool<T: Send>(
    options: &Options,
    f: impl FnOnce(&Options) -> T + Send,
) -> core::result::Result<T, crate::Error> {
    let inner = Options {
        threads: None,
        ..options.clone()
    };
    Ok(montvec::batch::on_threads(options.threads, || f(&inner))?)
}

/// `items.map(f)`, over the current pool's workers when there are more than one
/// ([`montvec::batch::current_workers`]), else on the calling thread: a rayon call from
/// outside the pool hands the work to a worker and waits for it (a sleep and a wake-up,
/// several microseconds), which a pool of one worker repays with nothing. Measured with
/// [`private_ops`], 8 jobs of one key a call, default options, under `taskset -c 0` (a pool
/// of one; four calls of 300 against the parallel form, alternating): 37.9-38.9 -> 32.3-33.6
/// us an operation at 1024 bits, 148-153 -> 142-146 at 2048.
fn map_jobs<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync + Send) -> Vec<U> {
    use rayon::prelude::*;
    // One item runs here without asking for workers (asking may start rayon's global pool).
    if items.len() > 1 && montvec::batch::current_workers() > 1 {
        items.par_iter().map(f).collect()
    } else {
        items.iter().map(f).collect()
    }
}

/// The most exponentiations run one at a time on the calling thread (see [`narrowed`]).
pub(crate) const SCALAR_UP_TO: usize = 2;

/// The largest prime (in bits) whose two CRT exponentiations run faster in the 4-lane IFMA
/// engine, two lanes used, than one after the other on the scalar engine. Measured on Zen 5
/// (`montvec bench --ops batch --sizes 512,1024,1536 --no-peers`, one run, a call of 4 lanes
/// against two scalar exponentiations): 75.6 against 85.7 µs at 512 bits, 410 against 472 µs
/// at 1024, but 1253 against 961 µs at 1536. Since the single-operand IFMA kernel's quotient
/// chain moved to general registers (two jobs of `batch::pow_with`, three alternating runs on
/// a loaded host): 353-363 against 364-366 µs at 1024 bits, 1211-1278 against 752-777 at
/// 1536; 1024 stays with the lanes.
pub(crate) const HALVES_IN_LANES_UP_TO_BITS: usize = 1024;

/// `options`, with the engine fixed when no engine is asked for and `count` exponentiations
/// would leave most of the default 8-lane engine's lanes empty: one at a time for two (a
/// single operation's), which [`private_ops`] then runs on the calling thread. Other counts
/// keep no engine, and `montvec::batch` narrows groups of a few jobs itself (one at a time, or
/// four lanes, by their size).
pub(crate) fn narrowed(options: &Options, count: usize) -> crate::Result<Options> {
    narrowed_for_bits(options, count, usize::MAX)
}

/// [`narrowed`] for exponentiations modulo numbers of at most `bits` bits, where up to four of
/// them (a single operation's two halves, or those of two operations) go to the 4-lane engine
/// up to [`HALVES_IN_LANES_UP_TO_BITS`].
pub(crate) fn narrowed_for_bits(
    options: &Options,
    count: usize,
    bits: usize,
) -> crate::Result<Options> {
    let default = Engine::for_backend(montvec::Backend::active()?);
    let in_lanes = bits <= HALVES_IN_LANES_UP_TO_BITS;
    let engine = match options.engine {
        None if default == Engine::Ifma512 && in_lanes && count <= Engine::Ifma256.lanes() => {
            Some(Engine::Ifma256)
        }
        None if default == Engine::Ifma512 && !in_lanes && count <= SCALAR_UP_TO => {
            Some(Engine::Scalar)
        }
        asked => asked,
    };
    Ok(Options {
        engine,
        ..options.clone()
    })
}
