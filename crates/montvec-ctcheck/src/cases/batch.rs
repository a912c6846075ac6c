//! The batch engines this machine runs (valgrind has no AVX-512: the scalar and AVX2 ones):
//! exponentiations and products with secret moduli, bases and exponents, sizes mixed in one
//! call, groups partly filled.

use montvec::batch::{self, Engine, Job, MulJob, Options};
use montvec::{Modulus, Nat};

use crate::cases::exp::{secret_modulus, secret_number};
use crate::memcheck::{checked, public};
use crate::values::Words;

/// `batch::pow_with` and `batch::mul_mod_with` on every supported engine.
pub fn run() {
    let mut words = Words::new(9);
    for engine in Engine::ALL.into_iter().filter(|e| e.is_supported()) {
        let options = Options {
            threads: Some(1),
            engine: Some(engine),
            ..Default::default()
        };
        let sizes = [256usize, 256, 256, 256, 256, 1024, 1024, 2048, 2048, 2048];
        let moduli: Vec<Modulus> = sizes
            .iter()
            .map(|&bits| {
                let n = secret_modulus(&mut words, bits);
                checked(|| Modulus::new(&n)).expect("valid modulus")
            })
            .collect();
        let bases: Vec<Nat> = sizes
            .iter()
            .map(|&b| secret_number(&mut words, b + 3))
            .collect();
        let exps: Vec<Nat> = sizes
            .iter()
            .map(|&b| secret_number(&mut words, b))
            .collect();
        let jobs: Vec<Job> = (0..sizes.len())
            .map(|i| Job::new(&moduli[i], &bases[i], &exps[i]))
            .collect();
        for y in checked(|| batch::pow_with(&jobs, &options)).expect("valid jobs") {
            public(y.as_limbs());
        }
        let products: Vec<MulJob> = (0..sizes.len())
            .map(|i| MulJob::new(&moduli[i], &bases[i], &exps[i]))
            .collect();
        for y in checked(|| batch::mul_mod_with(&products, &options)).expect("valid jobs") {
            public(y.as_limbs());
        }
    }
}
