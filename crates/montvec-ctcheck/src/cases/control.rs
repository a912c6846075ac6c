//! The control: code that does depend on a secret, which memcheck must report. A run whose
//! control reports nothing is not checking anything (valgrind missing its headers, requests
//! compiled out), and `montvec-ctcheck` fails it.

use std::hint::black_box;

use crate::memcheck::{checked, secret};

/// A branch on a secret bit and a table read at a secret index.
pub fn run() {
    let key = [0x5a_u64];
    secret(&key);
    let table = [3u64, 1, 4, 1, 5, 9, 2, 6];
    checked(|| {
        let bit = black_box(key[0]) & 1;
        let mut acc = 0u64;
        if bit == 1 {
            acc = black_box(acc + 1);
        }
        acc += black_box(table)[(black_box(key[0]) & 7) as usize];
        black_box(acc);
    });
}
