//! The bots for Python: `RandomBot`, `GreedyBot`, the search bots `PimcBot` and
//! `IsmctsBot` (over one base, `SearchBot`) and `bot(name, seed, **params)`. Their
//! parameters are read into a spec by `bot_spec.rs`, with the reference's messages; the
//! choices are the core's (`crate::bots`, `crate::search`).

use super::bot_spec::{kind_arg, optional_seed, spec_from, spec_of_params};
use super::cards::{move_object, PyMove};
use super::convert::{type_name, value_error};
use super::game::PyGame;
use super::search::CtrlC;
use crate::any::AnyGame;
use crate::bots::{BotKind, BotSpec, BOT_NAMES};
use crate::rng::SplitMix64;
use crate::search::Choice;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

const MATCH_OVER: &str = "the match is over: there is no move to choose";

/// The game a bot is asked to play: a `quinza.Game`, or any game with `to_json()` (a
/// game of the reference), read through its JSON.
fn with_game<R>(game: &Bound<'_, PyAny>, f: impl FnOnce(&AnyGame) -> R) -> PyResult<R> {
    if let Ok(g) = game.cast::<PyGame>() {
        let g = g
            .try_borrow()
            .map_err(|_| value_error("the game is busy: a bot cannot play it while it changes"))?;
        return Ok(f(&g.game));
    }
    if game.hasattr("to_json")? {
        let text: String = game.call_method0("to_json")?.extract()?;
        let g = match replayed(game, &text) {
            Some(g) => g,
            None => AnyGame::from_json(&text).map_err(super::convert::core_error)?,
        };
        return Ok(f(&g));
    }
    Err(value_error(format!(
        "a bot plays a quinza Game, not {}",
        type_name(game)?
    )))
}

/// Another backend's game (the reference's) as its start read from JSON and its moves
/// played again, so that the round in play, which worlds fitted to the play read, comes
/// too; None when that is not the game (then its JSON alone is read).
fn replayed(game: &Bound<'_, PyAny>, json: &str) -> Option<AnyGame> {
    let start: String = game.call_method0("start_json").ok()?.extract().ok()?;
    let mut g = AnyGame::from_json(&start).ok()?;
    for event in game.getattr("history").ok()?.try_iter().ok()? {
        let event = event.ok()?;
        let kind: String = event.getattr("kind").ok()?.extract().ok()?;
        if kind != "move" {
            continue;
        }
        let text = event.getattr("move").ok()?.str().ok()?;
        let super::cards::MoveArg::Move(mv) =
            super::cards::move_arg(text.as_any(), g.rules().deck()).ok()?
        else {
            return None;
        };
        g.play(&mv).ok()?;
    }
    (g.to_json() == json).then_some(g)
}

fn choose<'py>(
    py: Python<'py>,
    spec: &BotSpec,
    rng: &mut SplitMix64,
    game: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyMove>> {
    // Random and greedy bots do not search: nothing asks to stop them.
    let mv = with_game(game, |g| g.bot_move(spec, rng, &mut || false))?.unwrap_or(None);
    match mv {
        Some(m) => move_object(py, m),
        None => Err(value_error(MATCH_OVER)),
    }
}

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
        choose(game.py(), &BotSpec::Random, &mut self.rng, game)
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
        choose(game.py(), &BotSpec::Greedy, &mut SplitMix64::new(0), game)
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

    /// The game copied out, so that the search runs with the GIL released.
    fn game_of(game: &Bound<'_, PyAny>) -> PyResult<AnyGame> {
        with_game(game, |g| g.search_copy())
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
        match &self.spec {
            BotSpec::Pimc(p) => p.time_limit,
            BotSpec::Ismcts(p) => p.time_limit,
            _ => None,
        }
    }

    #[doc = docstring!(SearchBot.params)]
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match &self.spec {
            BotSpec::Pimc(p) => {
                d.set_item("worlds", p.worlds)?;
                d.set_item("depth", p.depth)?;
                d.set_item("exact", p.exact)?;
                d.set_item("time_limit", p.time_limit)?;
            }
            BotSpec::Ismcts(p) => {
                d.set_item("iterations", p.iterations)?;
                d.set_item("c", p.c)?;
                d.set_item("rollout", p.rollout.name())?;
                d.set_item("infer", p.infer.name())?;
                d.set_item("opponents", p.opponents.name())?;
                d.set_item("time_limit", p.time_limit)?;
            }
            _ => {}
        }
        Ok(d)
    }

    /// The bot's move for the seat to act. With a budget of worlds or iterations and a
    /// seed, the same game gives the same move; with a time limit it need not.
    fn __call__<'py>(&mut self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        let py = game.py();
        let g = Self::game_of(game)?;
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
        let g = Self::game_of(game)?;
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
        let shown = self
            .time_limit()
            .map_or("None".to_string(), crate::pyrepr::py_repr_float);
        match &self.spec {
            BotSpec::Pimc(p) => format!(
                "PimcBot(worlds={}, depth={}, exact={}, time_limit={shown}, seed={})",
                p.worlds, p.depth, p.exact, self.seed
            ),
            BotSpec::Ismcts(p) => format!(
                "IsmctsBot(iterations={}, c={}, rollout='{}', infer='{}', opponents='{}', time_limit={shown}, seed={})",
                p.iterations,
                crate::pyrepr::py_repr_float(p.c),
                p.rollout.name(),
                p.infer.name(),
                p.opponents.name(),
                self.seed
            ),
            _ => String::new(),
        }
    }
}

#[doc = docstring!(PimcBot)]
#[pyclass(module = "quinza._core", name = "PimcBot", extends = PySearchBot)]
pub struct PyPimcBot {}

#[pymethods]
impl PyPimcBot {
    #[new]
    #[pyo3(signature = (worlds = None, depth = None, exact = None, time_limit = None, seed = None),
           text_signature = "(worlds=256, depth=0, exact=0, time_limit=None, seed=0)")]
    fn new(
        worlds: Option<Bound<'_, PyAny>>,
        depth: Option<Bound<'_, PyAny>>,
        exact: Option<Bound<'_, PyAny>>,
        time_limit: Option<Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyPimcBot>> {
        let args = [
            ("worlds", worlds),
            ("depth", depth),
            ("exact", exact),
            ("time_limit", time_limit),
        ];
        let spec = spec_from(BotKind::Pimc, |name| {
            args.iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, v)| v.clone())
        })?;
        let seed = optional_seed(seed.as_ref())?;
        Ok(PyClassInitializer::from(PySearchBot::new(spec, seed)).add_subclass(PyPimcBot {}))
    }

    /// "pimc": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "pimc"
    }

    #[doc = docstring!(PimcBot.worlds)]
    #[getter]
    fn worlds(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.worlds,
            _ => 0,
        }
    }

    #[doc = docstring!(PimcBot.depth)]
    #[getter]
    fn depth(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.depth,
            _ => 0,
        }
    }

    #[doc = docstring!(PimcBot.exact)]
    #[getter]
    fn exact(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.exact,
            _ => 0,
        }
    }
}

#[doc = docstring!(IsmctsBot)]
#[pyclass(module = "quinza._core", name = "IsmctsBot", extends = PySearchBot)]
pub struct PyIsmctsBot {}

#[pymethods]
impl PyIsmctsBot {
    #[new]
    #[pyo3(signature = (iterations = None, c = None, rollout = None, infer = None, opponents = None, time_limit = None, seed = None),
           text_signature = "(iterations=8000, c=0.7, rollout='greedy', infer='greedy', opponents='fitted', time_limit=None, seed=0)")]
    #[allow(clippy::too_many_arguments)]
    fn new(
        iterations: Option<Bound<'_, PyAny>>,
        c: Option<Bound<'_, PyAny>>,
        rollout: Option<Bound<'_, PyAny>>,
        infer: Option<Bound<'_, PyAny>>,
        opponents: Option<Bound<'_, PyAny>>,
        time_limit: Option<Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyIsmctsBot>> {
        let args = [
            ("iterations", iterations),
            ("c", c),
            ("rollout", rollout),
            ("infer", infer),
            ("opponents", opponents),
            ("time_limit", time_limit),
        ];
        let spec = spec_from(BotKind::Ismcts, |name| {
            args.iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, v)| v.clone())
        })?;
        let seed = optional_seed(seed.as_ref())?;
        Ok(PyClassInitializer::from(PySearchBot::new(spec, seed)).add_subclass(PyIsmctsBot {}))
    }

    /// "ismcts": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "ismcts"
    }

    #[doc = docstring!(IsmctsBot.iterations)]
    #[getter]
    fn iterations(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.iterations,
            _ => 0,
        }
    }

    #[doc = docstring!(IsmctsBot.c)]
    #[getter]
    fn c(slf: PyRef<'_, Self>) -> f64 {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.c,
            _ => 0.0,
        }
    }

    #[doc = docstring!(IsmctsBot.rollout)]
    #[getter]
    fn rollout(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.rollout.name(),
            _ => "",
        }
    }

    #[doc = docstring!(IsmctsBot.infer)]
    #[getter]
    fn infer(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.infer.name(),
            _ => "",
        }
    }

    #[doc = docstring!(IsmctsBot.opponents)]
    #[getter]
    fn opponents(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.opponents.name(),
            _ => "",
        }
    }
}

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
    Ok(())
}
