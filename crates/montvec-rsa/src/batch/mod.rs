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
//! | [`sign_many`], [`verify_many`] | digests, with a [`SignaturePadding`] | [`crate::RsaPrivateKey::sign_with_rng`], [`crate::RsaPublicKey::verify`] |
//! | [`encrypt_many`], [`decrypt_many`] | messages, with an [`EncryptionPadding`] | [`crate::RsaPublicKey::encrypt`], [`crate::RsaPrivateKey::decrypt_blinded`] |
//!
//! The padded functions encode each message (EM, k bytes) and hand the encoded messages to
//! the raw ones (signing is RSASP1 = RSADP on EM), or decode what they return.
//!
//! Time batches in a release build: the lane kernels check their bounds with debug
//! assertions, which cost more than batching saves. A program signing 100 messages with a
//! 2048-bit key on the Zen 4 of the README took 35 ms with [`sign_many`] against 32 ms one at
//! a time in Cargo's dev profile (dependencies at `opt-level = 3`, debug assertions on), and
//! 15 against 30 ms in release.

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
