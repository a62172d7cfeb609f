//! The vector env's core (`crate::encode::vector`) for `quinza.envs.VectorEnv`: it writes
//! into the numpy arrays the Python class owns, with the GIL released.

use super::bot_spec::spec_arg;
use super::buffers::{copied, Item, Refused, Writable};
use super::convert::{core_error, value_error};
use super::game::families::game_object;
use super::rules::rules_arg;
use crate::encode::vector::{Outputs, Reward, VectorEnv};
use pyo3::prelude::*;

#[doc = docstring!(_VectorCore)]
#[pyclass(module = "quinza._core", name = "_VectorCore")]
pub struct PyVectorCore {
    env: VectorEnv,
    threads: usize,
    /// Where the mask array of the last call was: the same array again is only updated.
    last_masks: usize,
}

/// A writable C-contiguous array of `len` items of `T` (`None`: any length), or the
/// ValueError that says what it must be.
fn array_of<T: Item>(
    obj: &Bound<'_, PyAny>,
    len: Option<usize>,
    what: &str,
) -> PyResult<Writable<T>> {
    Writable::of(obj, len).map_err(|refused| match refused {
        Refused::Dtype => value_error(format!("{what}: wrong dtype")),
        Refused::Shape => value_error(format!(
            "{what} must be a writable C-contiguous array of {} items",
            len.map_or("any number of".to_string(), |n| n.to_string())
        )),
    })
}

/// The five arrays a call writes, held lent for the call.
struct Arrays {
    observations: Writable<f32>,
    masks: Writable<i8>,
    rewards: Writable<f32>,
    terminated: Writable<u8>,
    truncated: Writable<u8>,
}

impl Arrays {
    /// Where the masks are: the same array as the last call's is only updated.
    fn masks_at(&mut self) -> usize {
        self.masks.slice().as_ptr() as usize
    }

    fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            observations: self.observations.slice(),
            masks: self.masks.slice(),
            rewards: self.rewards.slice(),
            terminated: self.terminated.slice(),
            truncated: self.truncated.slice(),
        }
    }
}

impl PyVectorCore {
    fn arrays(&self, buffers: &[Bound<'_, PyAny>; 5]) -> PyResult<Arrays> {
        let n = self.env.num_envs();
        Ok(Arrays {
            observations: array_of(
                &buffers[0],
                Some(n * self.env.observation_len()),
                "observations",
            )?,
            masks: array_of(&buffers[1], Some(n * self.env.action_count()), "masks")?,
            rewards: array_of(&buffers[2], Some(n), "rewards")?,
            terminated: array_of(&buffers[3], Some(n), "terminated")?,
            truncated: array_of(&buffers[4], Some(n), "truncated")?,
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
            threads: crate::sim::threads_for(threads),
            last_masks: 0,
        })
    }

    #[doc = docstring!(_VectorCore.reset)]
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
        let mut arrays = self.arrays(&[observations, masks, rewards, terminated, truncated])?;
        self.last_masks = arrays.masks_at();
        let (env, threads) = (&mut self.env, self.threads);
        let out = arrays.outputs();
        py.detach(|| env.reset(seed, out, threads))
            .map_err(core_error)
    }

    #[doc = docstring!(_VectorCore.step)]
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
        let actions: Vec<i64> =
            copied(&actions)?.ok_or_else(|| value_error("actions must be an int64 array"))?;
        let mut arrays = self.arrays(&[observations, masks, rewards, terminated, truncated])?;
        let masks_at = arrays.masks_at();
        let kept = masks_at == self.last_masks;
        self.last_masks = masks_at;
        let (env, threads) = (&mut self.env, self.threads);
        let out = arrays.outputs();
        py.detach(|| env.step(&actions, out, threads, kept))
            .map_err(core_error)
    }

    #[doc = docstring!(_VectorCore.legal_actions)]
    fn legal_actions(&self, offsets: Bound<'_, PyAny>, ids: Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.env.num_envs();
        let mut offsets = array_of::<i64>(&offsets, Some(n + 1), "offsets")?;
        let mut ids = array_of::<i64>(&ids, None, "ids")?;
        Ok(self.env.legal_ids(offsets.slice(), ids.slice()))
    }

    #[doc = docstring!(_VectorCore._pin_blocks)]
    fn _pin_blocks(&mut self, envs: Option<usize>) {
        self.env.pin_blocks(envs);
    }

    #[doc = docstring!(_VectorCore._blocks)]
    fn _blocks(&self) -> usize {
        self.env.blocks()
    }

    #[doc = docstring!(_VectorCore.game)]
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
