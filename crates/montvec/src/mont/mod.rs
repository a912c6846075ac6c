//! Montgomery multiplication: the parameters every variant shares, the one trait they all
//! implement, and the variants themselves.
//!
//! | variant | file | source |
//! |---|---|---|
//! | CIOS, any size | `cios.rs` | seed 000 Alg. 1 |
//! | CIOS + squaring, N = 4..64 limbs | `fixed.rs` | seed 000 Alg. 1, §2.3 |
//! | ADX product + REDC, N = 4..64 limbs | `adx/` | seed 000 §2.1, §2.3 |
//!
//! Every variant keeps elements as k limbs, fully reduced below n, in Montgomery form with
//! R = 2^(64k); so conversion, tables and exponentiation are shared (see [`crate::exp`]).

// The ADX kernels use ELF assembler directives and System V symbol names: Linux only; other
// x86-64 systems run the portable kernels on Backend::Adx.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
pub mod adx;
pub mod cios;
pub mod fixed;
pub mod params;

use crate::limb::Limb;
pub use params::MontParams;

/// One Montgomery multiplication variant: what exponentiation needs from it.
///
/// Inputs and outputs are k-limb values below n in Montgomery form. `out` never aliases an
/// input; `scratch` has at least [`MontMul::scratch_len`] limbs and its contents are garbage on
/// entry and exit. Implementations must run in time independent of the values.
pub trait MontMul {
    /// The modulus parameters.
    fn params(&self) -> &MontParams;
    /// Limbs of scratch space [`MontMul::mul`] and [`MontMul::sqr`] need.
    fn scratch_len(&self) -> usize;
    /// `out = a * b / R mod n`.
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]);
    /// `out = a * a / R mod n`.
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]);
}

/// The variant a `Modulus` runs on, chosen once when it is built; public entry points
/// match on it once and run monomorphised code inside (see [`with_engine`]).
pub enum Engine {
    /// Generic CIOS.
    Cios(cios::Cios),
    /// CIOS, portable, length-specific (N = 4..64 limbs).
    Fixed(fixed::FixedMont),
    /// CIOS on the ADX backend: length-specific `mulx`/`adcx`/`adox` kernels.
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    Adx(adx::AdxMont),
}

/// Run `$body` with `$m` bound to the concrete variant inside `$engine`.
macro_rules! with_engine {
    ($engine:expr, $m:ident => $body:expr) => {
        match $engine {
            $crate::mont::Engine::Cios($m) => $body,
            $crate::mont::Engine::Fixed($m) => $body,
            #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
            $crate::mont::Engine::Adx($m) => $body,
        }
    };
}
pub(crate) use with_engine;

impl Engine {
    /// The parameters of the modulus.
    pub fn params(&self) -> &MontParams {
        with_engine!(self, m => m.params())
    }
}
