//! CIOS: coarsely integrated operand scanning Montgomery multiplication (seed 000, Alg. 1).
//! The kernel over limb slices is in [`kernel`] (also what [`MontParams`] converts with); the
//! generic variant on top of it is here.

pub mod kernel;

pub use kernel::{final_subtract, mont_mul};

use crate::limb::Limb;
use crate::mont::params::MontParams;
use crate::mont::MontMul;

/// The generic CIOS variant: any limb count, portable code.
#[derive(Clone)]
pub struct Cios {
    params: MontParams,
}

impl Cios {
    /// Wrap the parameters of one modulus.
    pub fn new(params: MontParams) -> Self {
        Cios { params }
    }
}

impl MontMul for Cios {
    fn params(&self) -> &MontParams {
        &self.params
    }
    fn scratch_len(&self) -> usize {
        self.params.limbs()
    }
    fn mul(&self, out: &mut [Limb], a: &[Limb], b: &[Limb], scratch: &mut [Limb]) {
        mont_mul(out, a, b, &self.params.n, self.params.n0, scratch);
    }
    fn sqr(&self, out: &mut [Limb], a: &[Limb], scratch: &mut [Limb]) {
        mont_mul(out, a, a, &self.params.n, self.params.n0, scratch);
    }
}
