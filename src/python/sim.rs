//! Batch simulation for Python: the seeding helpers and `_simulate_chunk`, which plays a range of matches on all cores with the GIL released.
//! The summary, the arrays and the command live in `quinza/sim/` and `quinza/cli/`.

use super::convert::{plain_int, shown, value_error};
use super::random::seed_arg;
use super::rules::rules_arg;
use crate::bots::BotSpec;
use crate::sim;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

/// An index or count `0 <= v < 2**64`.
fn u64_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    match plain_int(v) {
        Some(Ok(x)) if (0..=u64::MAX as i128).contains(&x) => Ok(x as u64),
        _ => Err(value_error(format!(
            "{what} must be a whole number from 0 to 2**64-1, not {}",
            shown(v)?
        ))),
    }
}

#[doc = docstring!(match_seed)]
#[pyfunction]
pub fn match_seed(seed: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(sim::match_seed(seed_arg(seed)?, u64_arg(index, "index")?))
}

#[doc = docstring!(seat_seed)]
#[pyfunction]
pub fn seat_seed(match_seed: &Bound<'_, PyAny>, seat: &Bound<'_, PyAny>) -> PyResult<u64> {
    let seat = match plain_int(seat) {
        Some(Ok(s)) if (0..4).contains(&s) => s as u8,
        _ => {
            return Err(value_error(format!(
                "seat must be 0..3, not {}",
                shown(seat)?
            )))
        }
    };
    Ok(sim::seat_seed(seed_arg(match_seed)?, seat))
}

fn le_bytes<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    v: &[T],
    to: fn(T) -> [u8; N],
) -> Bound<'py, PyBytes> {
    let mut out = Vec::with_capacity(v.len() * N);
    for &x in v {
        out.extend_from_slice(&to(x));
    }
    PyBytes::new(py, &out)
}

#[doc = docstring!(_simulate_chunk)]
#[pyfunction]
#[pyo3(signature = (rules, bots, seed, start, count, threads))]
pub fn _simulate_chunk<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    bots: Vec<Bound<'py, PyAny>>,
    seed: &Bound<'py, PyAny>,
    start: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    threads: usize,
) -> PyResult<Bound<'py, PyTuple>> {
    let rules = rules_arg(rules)?;
    let specs = bots
        .iter()
        .map(super::bot_spec::spec_arg)
        .collect::<PyResult<Vec<BotSpec>>>()?;
    let seed = seed_arg(seed)?;
    let start = u64_arg(start, "start")?;
    let count = u64_arg(count, "count")?;
    let records = py
        .detach(|| sim::run_any(rules, &specs, seed, start, count, threads))
        .map_err(super::convert::core_error)?;
    PyTuple::new(
        py,
        [
            le_bytes(py, &records.winner, i8::to_le_bytes),
            le_bytes(py, &records.scores, i64::to_le_bytes),
            le_bytes(py, &records.deals, u32::to_le_bytes),
            le_bytes(py, &records.moves, u32::to_le_bytes),
            PyBytes::new(py, &records.first_dealer),
            le_bytes(py, &records.deal_points, i32::to_le_bytes),
            PyBytes::new(py, &records.deal_dealer),
        ],
    )
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(match_seed, m)?)?;
    m.add_function(wrap_pyfunction!(seat_seed, m)?)?;
    m.add_function(wrap_pyfunction!(_simulate_chunk, m)?)?;
    Ok(())
}
