//! `Random`: the match generator (SplitMix64) for Python.

use super::convert::{plain_int, shown, value_error};
use crate::rng::SplitMix64;
use pyo3::prelude::*;

#[doc = docstring!(Random)]
#[pyclass(module = "quinza._core", name = "Random")]
pub struct PyRandom {
    rng: SplitMix64,
}

/// A seed `0 <= seed < 2**64`, with the reference's message otherwise.
pub(crate) fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    match plain_int(seed) {
        Some(Ok(s)) if (0..=u64::MAX as i128).contains(&s) => Ok(s as u64),
        _ => Err(value_error(format!(
            "seed must be a whole number from 0 to 2**64-1, not {}",
            shown(seed)?
        ))),
    }
}

#[pymethods]
impl PyRandom {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRandom {
            rng: SplitMix64::new(seed_arg(seed)?),
        })
    }

    #[doc = docstring!(Random.state)]
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    #[doc = docstring!(Random.next_u64)]
    fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    #[doc = docstring!(Random.below)]
    fn below(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        match plain_int(n) {
            Some(Ok(v)) if (1..=u64::MAX as i128).contains(&v) => Ok(self.rng.below(v as u64)),
            _ => Err(value_error(format!(
                "below(n) needs 1 <= n < 2**64, not {}",
                shown(n)?
            ))),
        }
    }

    #[doc = docstring!(Random.shuffle)]
    fn shuffle(&mut self, items: &Bound<'_, PyAny>) -> PyResult<()> {
        let len = items.len()?;
        for i in (1..len).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            // items[i], items[j] = items[j], items[i]: read both, then assign i, then j
            let a = items.get_item(j)?;
            let b = items.get_item(i)?;
            items.set_item(i, a)?;
            items.set_item(j, b)?;
        }
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!("Random(state=0x{:016x})", self.rng.state)
    }
}
