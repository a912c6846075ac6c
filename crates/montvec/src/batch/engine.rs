//! The engines a batch can run on, and the one a batch's options choose.

use crate::backend::Backend;
use crate::error::Error;
#[cfg(doc)]
use crate::modulus::Modulus;

use super::threads::thread_count_allowed;
use super::Options;
#[cfg(doc)]
use super::MAX_SPLIT_BITS;

/// How the jobs of a batch are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// One job at a time with [`Modulus::pow`] (each job's own algorithm and backend).
    Scalar,
    /// Four lanes in 256-bit registers with `vpmuludq` (AVX2).
    Avx2,
    /// Four lanes in 256-bit registers with AVX-512VL IFMA.
    Ifma256,
    /// Eight lanes in 512-bit registers with AVX-512 IFMA.
    Ifma512,
    /// Two jobs in 256-bit registers with AVX-512VL IFMA, each in a pair of lanes that split
    /// its products' digits between them (`ifma/split.rs`): for one or two jobs, which would
    /// leave the other lanes of [`Engine::Ifma256`] idle. Up to [`MAX_SPLIT_BITS`]; larger
    /// moduli are held in pairs too but each lane reduces them whole (correct, at a 4-lane
    /// call's cost). Like every engine, it leaks only the sizes.
    Ifma256Split,
    /// Four jobs in 512-bit registers, each in a pair of lanes, as [`Engine::Ifma256Split`].
    Ifma512Split,
}

impl Engine {
    /// Every engine this build knows.
    pub const ALL: [Engine; 6] = [
        Engine::Scalar,
        Engine::Avx2,
        Engine::Ifma256,
        Engine::Ifma512,
        Engine::Ifma256Split,
        Engine::Ifma512Split,
    ];

    /// The lowercase name used on the command line and in benchmark rows.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Scalar => "scalar",
            Engine::Avx2 => "avx2",
            Engine::Ifma256 => "ifma256",
            Engine::Ifma512 => "ifma512",
            Engine::Ifma256Split => "ifma256-split",
            Engine::Ifma512Split => "ifma512-split",
        }
    }

    /// Jobs computed together.
    pub fn lanes(self) -> usize {
        match self {
            Engine::Scalar => 1,
            Engine::Ifma256Split => 2,
            Engine::Avx2 | Engine::Ifma256 | Engine::Ifma512Split => 4,
            Engine::Ifma512 => 8,
        }
    }

    /// The backend whose instructions the engine needs; `None` for the scalar engine, which
    /// runs on any (each job on its modulus's own backend).
    pub fn backend(self) -> Option<Backend> {
        match self {
            Engine::Scalar => None,
            Engine::Avx2 => Some(Backend::Avx2),
            Engine::Ifma256 | Engine::Ifma512 | Engine::Ifma256Split | Engine::Ifma512Split => {
                Some(Backend::Ifma)
            }
        }
    }

    /// Whether this CPU runs the engine.
    pub fn is_supported(self) -> bool {
        self.backend()
            .is_none_or(|b| b.is_supported() && cfg!(target_arch = "x86_64"))
    }

    /// The engine a backend runs batches on.
    pub fn for_backend(backend: Backend) -> Engine {
        match backend {
            Backend::Ifma => Engine::Ifma512,
            Backend::Avx2 => Engine::Avx2,
            Backend::Portable | Backend::Adx => Engine::Scalar,
        }
    }
}

impl core::fmt::Display for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Engine {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| Error::UnsupportedEngine(s.to_string()))
    }
}

/// The engine to use: the option if it runs here, else the active backend's.
pub(super) fn resolve(options: &Options) -> Result<Engine, Error> {
    resolve_among(options, Engine::is_supported)
}

/// [`resolve`] with the engines this CPU runs given by `supported` (tests refuse every engine
/// with it, on a CPU that runs them all).
pub(super) fn resolve_among(
    options: &Options,
    supported: impl Fn(Engine) -> bool,
) -> Result<Engine, Error> {
    let engine = match options.engine {
        Some(e) => e,
        None => Engine::for_backend(Backend::active()?),
    };
    if !supported(engine) {
        return Err(Error::UnsupportedEngine(engine.name().to_string()));
    }
    // Checked here, for every batch: `on_threads` checks it too, but only batches spread over
    // workers reach it, so that 5000 threads were refused or not by the jobs' count and sizes.
    thread_count_allowed(options.threads)?;
    Ok(engine)
}

#[cfg(test)]
mod tests {
    use super::{resolve, resolve_among, Engine};
    use crate::batch::Options;
    use crate::error::Error;

    /// An engine the CPU lacks is refused by its name, whatever else the options say; on a
    /// CPU that runs every engine, the refusal is checked with a CPU that runs none.
    #[test]
    fn an_engine_the_cpu_lacks_is_refused() {
        for engine in Engine::ALL {
            for threads in [None, Some(1), Some(0)] {
                let options = Options {
                    engine: Some(engine),
                    threads,
                    ..Options::default()
                };
                assert_eq!(
                    resolve_among(&options, |_| false),
                    Err(Error::UnsupportedEngine(engine.name().to_string())),
                    "{engine}, {threads:?} threads"
                );
                let here = resolve(&options);
                match (engine.is_supported(), threads) {
                    (true, Some(0)) => assert!(matches!(here, Err(Error::Threads(_)))),
                    (true, _) => assert_eq!(here, Ok(engine)),
                    (false, _) => assert_eq!(
                        here,
                        Err(Error::UnsupportedEngine(engine.name().to_string()))
                    ),
                }
            }
        }
    }
}
