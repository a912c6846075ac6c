//! Differential fuzzing of the batch API: a handful of jobs of mixed sizes (so groups form,
//! lanes are partly empty and jobs with a shared modulus meet), run on every engine this CPU
//! supports with every IFMA reduction, constant-time and public-exponent schedules, against
//! num-bigint's modpow. Input: length-prefixed byte strings, three a job (modulus, base,
//! exponent); jobs with a modulus `Modulus::new` refuses are left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
use montvec::batch::{self, Engine, Job, Options, Reduction};
use montvec::{Modulus, Nat};
use num_bigint::BigUint;

mod length_prefixed;
use length_prefixed::take;

fuzz_target!(|data: &[u8]| {
    let mut data = data;
    let mut parts = Vec::new();
    while !data.is_empty() && parts.len() < 20 {
        let (n, b, e) = (take(&mut data), take(&mut data), take(&mut data));
        let Ok(m) = Modulus::new(&Nat::from_be_bytes(n)) else {
            continue;
        };
        let want = BigUint::from_bytes_be(b)
            .modpow(&BigUint::from_bytes_be(e), &BigUint::from_bytes_be(n));
        parts.push((m, Nat::from_be_bytes(b), Nat::from_be_bytes(e), want));
    }
    let jobs: Vec<Job<'_>> = parts.iter().map(|(m, b, e, _)| Job::new(m, b, e)).collect();
    let reductions = [
        None,
        Some(Reduction::Truncated),
        Some(Reduction::Plain),
        Some(Reduction::Interleaved),
        Some(Reduction::Blocked),
    ];
    for engine in Engine::ALL.into_iter().filter(|e| e.is_supported()) {
        for reduction in reductions {
            if reduction.is_some() && !matches!(engine, Engine::Ifma256 | Engine::Ifma512) {
                continue;
            }
            let options = Options {
                threads: Some(1),
                engine: Some(engine),
                reduction,
            };
            let secret = batch::pow_with(&jobs, &options).expect("supported engine");
            let public = batch::pow_vartime_with(&jobs, &options).expect("supported engine");
            for (got, (m, _, _, want)) in secret.iter().chain(&public).zip(parts.iter().cycle()) {
                let bytes = got.to_be_bytes(m.modulus().limb_len() * 8);
                assert_eq!(
                    &BigUint::from_bytes_be(&bytes),
                    want,
                    "{engine} {reduction:?}"
                );
            }
        }
    }
});
