//! Nets for Python (docs/reference/nets.md): `Net` (a net read from a `.qzn` file or
//! bytes, or the one the package ships for some rules, and what it says of a position) and
//! `NetBot` (the `net` bot). The reading and the forward pass are the core's (`crate::net`).

use super::bot_game::{choose, with_game};
use super::bot_spec::{optional_seed, params_dict, path_text, spec_from};
use super::cards::{move_object, PyMove};
use super::convert::{core_error, shown, value_error};
use super::rules::rules_arg;
use crate::any::{AnyGame, RuleSet};
use crate::bots::{BotKind, BotSpec, ParamValue};
use crate::families::each_family;
use crate::net::{evaluate, fits_game, read, shipped, Net};
use crate::rng::SplitMix64;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple, PyType};
use std::sync::Arc;

#[doc = docstring!(Net)]
#[pyclass(module = "quinza._core", name = "Net", frozen)]
pub struct PyNet {
    net: Arc<Net>,
}

#[pymethods]
impl PyNet {
    #[doc = docstring!(Net.load)]
    #[classmethod]
    fn load(_cls: &Bound<'_, PyType>, source: &Bound<'_, PyAny>) -> PyResult<PyNet> {
        let net = if let Ok(bytes) = source.cast::<PyBytes>() {
            read(bytes.as_bytes())
        } else if let Some(path) = path_text(source) {
            shipped::read_file(&path)
        } else {
            return Err(value_error(format!(
                "a net is loaded from a path or bytes, not {}",
                shown(source)?
            )));
        };
        Ok(PyNet {
            net: Arc::new(net.map_err(core_error)?),
        })
    }

    #[doc = docstring!(Net.for_rules)]
    #[classmethod]
    fn for_rules(_cls: &Bound<'_, PyType>, rules: &Bound<'_, PyAny>) -> PyResult<PyNet> {
        let r = rules_arg(rules)?;
        let net = shipped::for_rules(r.name(), r.players()).map_err(core_error)?;
        Ok(PyNet { net })
    }

    #[doc = docstring!(Net.header)]
    #[getter]
    fn header<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.net.header(),))
    }

    #[doc = docstring!(Net.to_bytes)]
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.net.bytes())
    }

    #[doc = docstring!(Net.fits)]
    fn fits(&self, rules: &Bound<'_, PyAny>) -> PyResult<bool> {
        let r: RuleSet = rules_arg(rules)?;
        Ok(each_family!(&r, RuleSet, r, G => fits_game::<G>(&self.net, r)).is_ok())
    }

    #[doc = docstring!(Net.evaluate)]
    fn evaluate<'py>(&self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let py = game.py();
        let scale = self.net.scale();
        let (value, moves) = with_game(game, |g: &AnyGame| {
            each_family!(g, AnyGame, g => evaluate(&self.net, g).map(|e| {
                let moves: Vec<_> = e.moves.into_iter().map(|(m, s)| (m.into(), s)).collect();
                (e.value_raw, moves)
            }))
        })?
        .map_err(core_error)?;
        let items = moves
            .into_iter()
            .map(|(m, s)| {
                let mv: Bound<'py, PyMove> = move_object(py, m)?;
                PyTuple::new(
                    py,
                    [
                        mv.into_any(),
                        (s as f64 / scale).into_pyobject(py)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(
            py,
            [
                (value as f64 / scale).into_pyobject(py)?.into_any(),
                PyList::new(py, items)?.into_any(),
            ],
        )
    }

    fn __repr__(&self) -> String {
        self.net.to_string()
    }
}

#[doc = docstring!(NetBot)]
#[pyclass(module = "quinza._core", name = "NetBot", frozen)]
pub struct PyNetBot {
    spec: BotSpec,
}

impl PyNetBot {
    pub(crate) fn new_spec(spec: BotSpec) -> PyNetBot {
        PyNetBot { spec }
    }
}

#[pymethods]
impl PyNetBot {
    /// `seed` is accepted for symmetry with the other bots and checked; the net draws nothing.
    #[new]
    #[pyo3(signature = (weights = None, seed = None))]
    fn new(weights: Option<Bound<'_, PyAny>>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let spec = spec_from(BotKind::Net, |_| weights.clone())?;
        optional_seed(seed)?;
        Ok(PyNetBot { spec })
    }

    /// "net": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "net"
    }

    #[doc = docstring!(NetBot.weights)]
    #[getter]
    fn weights(&self) -> Option<&'static str> {
        match self.spec.get("weights") {
            Some(ParamValue::Path(p)) => p,
            _ => None,
        }
    }

    #[doc = docstring!(NetBot.params)]
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        params_dict(py, &self.spec)
    }

    /// The net's move for the seat to act.
    fn __call__<'py>(&self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        // the net draws nothing: a generator of its own, never advanced
        choose(game.py(), &self.spec, &mut SplitMix64::new(0), game)
    }

    fn __repr__(&self) -> String {
        let weights = self.spec.get("weights").map_or("None".into(), |v| v.repr());
        format!("NetBot(weights={weights})")
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyNet>()?;
    m.add_class::<PyNetBot>()?;
    Ok(())
}
