//! The bots for Python: `RandomBot`, `GreedyBot`, the search bots `PimcBot` and
//! `IsmctsBot` (over one base, `SearchBot`) and `bot(name, seed, **params)`. Their
//! parameters are read into a spec by `bot_spec.rs`, with the reference's messages; the
//! choices are the core's (`crate::bots`, `crate::search`).

use super::bot_game::{choose, with_game, MATCH_OVER};
use super::bot_spec::{
    kind_arg, optional_seed, param_object, params_dict, spec_from, spec_of_params,
};
use super::cards::{move_object, PyMove};
use super::convert::value_error;
use super::search::CtrlC;
use crate::any::AnyGame;
use crate::bots::{BotKind, BotSpec, ParamValue, BOTS, BOT_NAMES};
use crate::rng::SplitMix64;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

#[doc = docstring!(RandomBot)]
#[pyclass(module = "quinza._core", name = "RandomBot")]
pub struct PyRandomBot {
    rng: SplitMix64,
    seed: u64,
}

#[pymethods]
impl PyRandomBot {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = optional_seed(seed)?;
        Ok(PyRandomBot {
            rng: SplitMix64::new(seed),
            seed,
        })
    }

    /// "random": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "random"
    }

    #[doc = docstring!(RandomBot.seed)]
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    #[doc = docstring!(RandomBot.state)]
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    #[doc = docstring!(RandomBot.params)]
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        PyDict::new(py)
    }

    /// The move for the seat to act (one draw from the bot's generator).
    fn __call__<'py>(&mut self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        choose(game.py(), &BotSpec::RANDOM, &mut self.rng, game)
    }

    fn __repr__(&self) -> String {
        format!("RandomBot(seed={})", self.seed)
    }
}

#[doc = docstring!(GreedyBot)]
#[pyclass(module = "quinza._core", name = "GreedyBot")]
pub struct PyGreedyBot {}

#[pymethods]
impl PyGreedyBot {
    /// `seed` is accepted for symmetry with `RandomBot` and checked; greedy draws nothing.
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        optional_seed(seed)?;
        Ok(PyGreedyBot {})
    }

    /// "greedy": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "greedy"
    }

    #[doc = docstring!(GreedyBot.params)]
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        PyDict::new(py)
    }

    fn __call__<'py>(&self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        // greedy draws nothing: a generator of its own, never advanced
        choose(game.py(), &BotSpec::GREEDY, &mut SplitMix64::new(0), game)
    }

    fn __repr__(&self) -> &'static str {
        "GreedyBot()"
    }
}

#[doc = docstring!(SearchBot)]
#[pyclass(module = "quinza._core", name = "SearchBot", subclass)]
pub struct PySearchBot {
    spec: BotSpec,
    seed: u64,
    rng: SplitMix64,
}

impl PySearchBot {
    fn new(spec: BotSpec, seed: u64) -> PySearchBot {
        PySearchBot {
            spec,
            seed,
            rng: SplitMix64::new(seed),
        }
    }

    /// The game copied out, so that the search runs with the GIL released; a bot that
    /// cannot play it (a net that does not fit it) is a ValueError that says why.
    fn game_of(&self, game: &Bound<'_, PyAny>) -> PyResult<AnyGame> {
        let g = with_game(game, |g| g.search_copy())?;
        g.check_bot(&self.spec)
            .map_err(super::convert::core_error)?;
        Ok(g)
    }
}

#[pymethods]
impl PySearchBot {
    #[doc = docstring!(SearchBot.seed)]
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    #[doc = docstring!(SearchBot.state)]
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    #[doc = docstring!(SearchBot.time_limit)]
    #[getter]
    fn time_limit(&self) -> Option<f64> {
        match self.spec.get("time_limit") {
            Some(ParamValue::Seconds(seconds)) => seconds,
            _ => None,
        }
    }

    #[doc = docstring!(SearchBot.params)]
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        params_dict(py, &self.spec)
    }

    /// The bot's move for the seat to act. With a budget of worlds or iterations and a
    /// seed, the same game gives the same move; with a time limit it need not.
    fn __call__<'py>(&mut self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        let py = game.py();
        let g = self.game_of(game)?;
        let (spec, mut rng) = (self.spec.clone(), self.rng);
        let mut ctrl_c = CtrlC::every(1);
        let mv = py.detach(|| g.bot_move(&spec, &mut rng, &mut || ctrl_c.pressed()));
        ctrl_c.raise()?;
        self.rng = rng;
        match mv.unwrap_or(None) {
            Some(m) => move_object(py, m),
            None => Err(value_error(MATCH_OVER)),
        }
    }

    #[doc = docstring!(SearchBot.analyse)]
    fn analyse<'py>(&mut self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = game.py();
        let g = self.game_of(game)?;
        let (spec, mut rng) = (self.spec.clone(), self.rng);
        let mut ctrl_c = CtrlC::every(1);
        let out = py.detach(|| g.bot_analysis(&spec, &mut rng, &mut || ctrl_c.pressed()));
        ctrl_c.raise()?;
        self.rng = rng;
        let Some(moves) = out.unwrap_or(None) else {
            return Err(value_error(MATCH_OVER));
        };
        let items = moves
            .into_iter()
            .map(|(m, v)| {
                Ok(PyTuple::new(
                    py,
                    [
                        move_object(py, m)?.into_any(),
                        v.into_pyobject(py)?.into_any(),
                    ],
                )?)
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    fn __repr__(&self) -> String {
        // The class is the bot's name capitalised: PimcBot, IsmctsBot.
        let name = self.spec.kind().name();
        let mut shown: Vec<String> = self
            .spec
            .params()
            .iter()
            .map(|(k, v)| format!("{k}={}", v.repr()))
            .collect();
        shown.push(format!("seed={}", self.seed));
        format!(
            "{}{}Bot({})",
            name[..1].to_uppercase(),
            &name[1..],
            shown.join(", ")
        )
    }
}

/// A search bot's class over `SearchBot`: its constructor with the parameters of its
/// registry entry (`crate::bots`, in the order of its `Policy::PARAMS`), its name, and a
/// getter for each parameter (`time_limit` is `SearchBot`'s).
macro_rules! search_bot_class {
    ($class:ident, $py_class:ident, $kind:ident, $name:literal, $signature:literal,
     [$($param:ident),*], [$($getter:ident),*]) => {
        #[doc = docstring!($class)]
        #[pyclass(module = "quinza._core", name = $name, extends = PySearchBot)]
        pub struct $py_class {}

        #[pymethods]
        impl $py_class {
            #[new]
            #[pyo3(signature = ($($param = None,)* seed = None), text_signature = $signature)]
            #[allow(clippy::too_many_arguments)]
            fn new(
                $($param: Option<Bound<'_, PyAny>>,)*
                seed: Option<Bound<'_, PyAny>>,
            ) -> PyResult<PyClassInitializer<$py_class>> {
                let args = [$((stringify!($param), $param)),*];
                let spec = spec_from(BotKind::$kind, |name| {
                    args.iter()
                        .find(|(n, _)| *n == name)
                        .and_then(|(_, v)| v.clone())
                })?;
                let seed = optional_seed(seed.as_ref())?;
                Ok(PyClassInitializer::from(PySearchBot::new(spec, seed)).add_subclass($py_class {}))
            }

            /// The bot's name: a class attribute, as in the reference.
            #[classattr]
            fn name() -> &'static str {
                BotKind::$kind.name()
            }

            $(
                #[doc = docstring!($class.$getter)]
                #[getter]
                fn $getter(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    match slf.as_super().spec.get(stringify!($getter)) {
                        Some(value) => param_object(py, value),
                        None => Ok(py.None()),
                    }
                }
            )*
        }
    };
}

search_bot_class!(
    PimcBot,
    PyPimcBot,
    Pimc,
    "PimcBot",
    "(worlds=256, depth=0, exact=0, time_limit=None, seed=0)",
    [worlds, depth, exact, time_limit],
    [worlds, depth, exact]
);

search_bot_class!(IsmctsBot, PyIsmctsBot, Ismcts, "IsmctsBot",
    "(iterations=8000, c=0.7, rollout='greedy', infer='greedy', opponents='fitted', prior='off', weights=None, time_limit=None, seed=0)",
    [iterations, c, rollout, infer, opponents, prior, weights, time_limit], [iterations, c, rollout, infer, opponents, prior, weights]);

#[doc = docstring!(bot)]
#[pyfunction]
#[pyo3(signature = (name, seed = None, **params))]
pub fn bot(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let kind = kind_arg(name)?;
    let spec = spec_of_params(kind, params)?;
    Ok(match kind {
        BotKind::Random => Py::new(py, PyRandomBot::new(seed)?)?.into_any(),
        BotKind::Greedy => Py::new(py, PyGreedyBot::new(seed)?)?.into_any(),
        BotKind::Pimc => {
            let init = PyClassInitializer::from(PySearchBot::new(spec, optional_seed(seed)?));
            Py::new(py, init.add_subclass(PyPimcBot {}))?.into_any()
        }
        BotKind::Ismcts => {
            let init = PyClassInitializer::from(PySearchBot::new(spec, optional_seed(seed)?));
            Py::new(py, init.add_subclass(PyIsmctsBot {}))?.into_any()
        }
        BotKind::Net => {
            optional_seed(seed)?;
            Py::new(py, super::net::PyNetBot::new_spec(spec))?.into_any()
        }
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRandomBot>()?;
    m.add_class::<PyGreedyBot>()?;
    m.add_class::<PySearchBot>()?;
    m.add_class::<PyPimcBot>()?;
    m.add_class::<PyIsmctsBot>()?;
    m.add_function(wrap_pyfunction!(bot, m)?)?;
    m.add("BOT_NAMES", PyTuple::new(m.py(), BOT_NAMES)?)?;
    // The search bots by name, each with the parameter its budget is counted in.
    let search = PyDict::new(m.py());
    for &(name, kind) in BOTS.iter().filter(|(_, kind)| kind.searches()) {
        search.set_item(name, kind.budget())?;
    }
    m.add("SEARCH_BOTS", search)?;
    Ok(())
}
