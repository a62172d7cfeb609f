//! The vector env's core (`crate::encode::vector`) for `quinza.envs.VectorEnv`: it writes
//! into the numpy arrays the Python class owns, with the GIL released.

use super::bots::spec_arg;
use super::game::game_object;
use super::rules::rules_arg;
use super::{core_error, value_error};
use crate::encode::vector::{Outputs, Reward, VectorEnv};
use pyo3::buffer::{Element, PyBuffer};
use pyo3::prelude::*;

/// N matches of one seat against core bots, stepped in Rust (`quinza.envs.VectorEnv`).
#[pyclass(module = "quinza._core", name = "_VectorCore")]
pub struct PyVectorCore {
    env: VectorEnv,
    threads: usize,
    /// Where the mask array of the last call was: the same array again is only updated.
    last_masks: usize,
}

/// A writable C-contiguous buffer of `len` items of `T` as a slice. The caller keeps the
/// array alive and does not touch it during the call (as for any numpy call that
/// releases the GIL).
fn slice_of<'a, T: Element>(
    obj: &Bound<'_, PyAny>,
    len: usize,
    what: &str,
) -> PyResult<&'a mut [T]> {
    let buffer =
        PyBuffer::<T>::get(obj).map_err(|_| value_error(format!("{what}: wrong dtype")))?;
    if buffer.readonly() || !buffer.is_c_contiguous() || buffer.item_count() != len {
        return Err(value_error(format!(
            "{what} must be a writable C-contiguous array of {len} items"
        )));
    }
    let ptr = buffer.buf_ptr() as *mut T;
    // SAFETY: the buffer was checked writable, contiguous and `len` items of `T`; the
    // object that owns the memory is alive for the call (the caller holds it).
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

struct Raw<'a> {
    out: Outputs<'a>,
    masks_at: usize,
}

impl PyVectorCore {
    fn outputs<'a>(&self, buffers: &[Bound<'_, PyAny>; 5]) -> PyResult<Raw<'a>> {
        let n = self.env.num_envs();
        let masks = slice_of::<i8>(&buffers[1], n * self.env.action_count(), "masks")?;
        let masks_at = masks.as_ptr() as usize;
        Ok(Raw {
            out: Outputs {
                observations: slice_of::<f32>(
                    &buffers[0],
                    n * self.env.observation_len(),
                    "observations",
                )?,
                masks,
                rewards: slice_of::<f32>(&buffers[2], n, "rewards")?,
                terminated: slice_of::<u8>(&buffers[3], n, "terminated")?,
                truncated: slice_of::<u8>(&buffers[4], n, "truncated")?,
            },
            masks_at,
        })
    }
}

#[pymethods]
impl PyVectorCore {
    #[new]
    #[pyo3(signature = (rules, num_envs, seat, opponents, reward, max_deals, threads))]
    fn new(
        rules: &Bound<'_, PyAny>,
        num_envs: usize,
        seat: u8,
        opponents: Vec<Bound<'_, PyAny>>,
        reward: &str,
        max_deals: Option<usize>,
        threads: usize,
    ) -> PyResult<PyVectorCore> {
        let rules = rules_arg(rules)?;
        let specs = opponents
            .iter()
            .map(spec_arg)
            .collect::<PyResult<Vec<_>>>()?;
        let reward = match reward {
            "match" => Reward::Match,
            "deal" => Reward::Deal,
            other => {
                return Err(value_error(format!(
                    "unknown reward '{other}': choose 'match' or 'deal'"
                )))
            }
        };
        let env =
            VectorEnv::new(rules, num_envs, seat, specs, reward, max_deals).map_err(core_error)?;
        Ok(PyVectorCore {
            env,
            threads: threads.max(1),
            last_masks: 0,
        })
    }

    /// Start every env from `seed`; write observations and masks into the arrays.
    #[allow(clippy::too_many_arguments)]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        rewards: Bound<'_, PyAny>,
        terminated: Bound<'_, PyAny>,
        truncated: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let raw = self.outputs(&[observations, masks, rewards, terminated, truncated])?;
        self.last_masks = raw.masks_at;
        let (env, threads) = (&mut self.env, self.threads);
        py.detach(|| env.reset(seed, raw.out, threads))
            .map_err(core_error)
    }

    /// One action per env (an int64 array); everything checked before any env moves.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: Bound<'_, PyAny>,
        observations: Bound<'_, PyAny>,
        masks: Bound<'_, PyAny>,
        rewards: Bound<'_, PyAny>,
        terminated: Bound<'_, PyAny>,
        truncated: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let actions: Vec<i64> = PyBuffer::<i64>::get(&actions)
            .map_err(|_| value_error("actions must be an int64 array"))?
            .to_vec(py)?;
        let raw = self.outputs(&[observations, masks, rewards, terminated, truncated])?;
        let kept = raw.masks_at == self.last_masks;
        self.last_masks = raw.masks_at;
        let (env, threads) = (&mut self.env, self.threads);
        py.detach(|| env.step(&actions, raw.out, threads, kept))
            .map_err(core_error)
    }

    /// The legal ids of every env as the last call left them (the ids its mask row has
    /// set, in `legal_moves` order): env `i`'s are `ids[offsets[i]..offsets[i + 1]]`.
    /// Writes the N + 1 offsets, and the ids when they fit in `ids`; returns their count
    /// (more than `ids` holds: call again with a larger array).
    fn legal_actions(&self, offsets: Bound<'_, PyAny>, ids: Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.env.num_envs();
        let offsets = slice_of::<i64>(&offsets, n + 1, "offsets")?;
        let room = PyBuffer::<i64>::get(&ids)
            .map_err(|_| value_error("ids: wrong dtype"))?
            .item_count();
        let ids = slice_of::<i64>(&ids, room, "ids")?;
        Ok(self.env.legal_ids(offsets, ids))
    }

    /// A copy of env `i`'s match.
    fn game(&self, py: Python<'_>, i: usize) -> PyResult<Py<PyAny>> {
        let g = self.env.game(i).ok_or_else(|| {
            value_error(format!(
                "env must be 0..{}, not {i}",
                self.env.num_envs() - 1
            ))
        })?;
        game_object(py, g.clone(), None) // its history starts here, as from_json's
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVectorCore>()
}
