//! Raw RSA on k-byte strings for many jobs: [`crate::hazmat`]'s functions, batched.
//!
//! Raw RSA is malleable and deterministic; these are the building blocks of paddings (sign
//! many encoded messages, decrypt many ciphertexts before decoding), not a scheme. Like
//! [`crate::hazmat`], they (and [`private_ops`], [`public_ops`]) do not look at the keys'
//! [`KeyAlgorithm`](crate::key::KeyAlgorithm); the padded batch functions check it.

use montvec::batch::Options;
use montvec::Nat;
use rand_core::CryptoRngCore;

use super::{private_ops, public_ops};
use crate::error::{Error, Result};
use crate::key::{PublicKeyParts, RsaPrivateKey, RsaPublicKey};

/// `c^d mod n` on k-byte big-endian strings for every `(key, c)` (k = that key's size), by
/// [`private_ops`]: CRT, blinding and a re-encryption check per job.
///
/// Each job's result is its own: [`Error::InvalidInputLength`] when its c is not k bytes or
/// not below n, and the errors of [`private_ops`].
///
/// Leaks: as [`private_ops`], and the length of each input.
pub fn rsa_decrypt_many(
    jobs: &[(&RsaPrivateKey, &[u8])],
    rng: &mut dyn CryptoRngCore,
    options: &Options,
) -> Vec<Result<Vec<u8>>> {
    let inputs = well_sized(jobs);
    let done = private_ops(&valid(jobs, &inputs), rng, options);
    to_bytes(jobs, &inputs, done)
}

/// `m^e mod n` on k-byte big-endian strings for every `(key, m)`, by [`public_ops`].
///
/// Each job's result is its own: [`Error::InvalidInputLength`] when its m is not k bytes or
/// not below n, and the errors of [`public_ops`] (every job's, when the batch cannot run).
///
/// Leaks: the sizes; e is public.
pub fn rsa_encrypt_many(
    jobs: &[(&RsaPublicKey, &[u8])],
    options: &Options,
) -> Vec<Result<Vec<u8>>> {
    let inputs = well_sized(jobs);
    let done = public_ops(&valid(jobs, &inputs), options);
    to_bytes(jobs, &inputs, done)
}

/// Each job's input as an integer, `None` when it is not k bytes.
fn well_sized<K: PublicKeyParts>(jobs: &[(&K, &[u8])]) -> Vec<Option<Nat>> {
    jobs.iter()
        .map(|(key, x)| (x.len() == key.size()).then(|| Nat::from_be_bytes(x)))
        .collect()
}

/// The jobs whose input is well sized, with that input as an integer.
fn valid<'a, K>(jobs: &[(&'a K, &[u8])], inputs: &'a [Option<Nat>]) -> Vec<(&'a K, &'a Nat)> {
    jobs.iter()
        .zip(inputs)
        .filter_map(|((key, _), x)| x.as_ref().map(|x| (*key, x)))
        .collect()
}

/// The results of the jobs with a well-sized input (`done`, in order) as k-byte strings, and
/// [`Error::InvalidInputLength`] for the others.
fn to_bytes<K: PublicKeyParts>(
    jobs: &[(&K, &[u8])],
    inputs: &[Option<Nat>],
    done: Vec<Result<Nat>>,
) -> Vec<Result<Vec<u8>>> {
    let mut done = done.into_iter();
    jobs.iter()
        .zip(inputs)
        .map(|((key, _), x)| match x {
            Some(_) => done
                .next()
                .unwrap_or(Err(Error::InvalidInputLength))
                .map(|y| y.to_be_bytes(key.size())),
            None => Err(Error::InvalidInputLength),
        })
        .collect()
}
