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

/// Uniform over the legal moves: `below(len(legal_moves))` from a generator of its own,
/// one draw a move (even when there is only one), picking in legal-move order.
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

    /// The seed the bot started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator's state now.
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    /// The bot's parameters (all but the seed) by name, in the order of its signature.
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

/// The move worth most right away (its key: docs/engine.md "Bots",
/// `quinza.reference.bots.greedy_key`); of equal moves, the first in legal-move order.
/// It draws nothing: `seed` is only checked.
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

    /// The bot's parameters (all but the seed) by name, in the order of its signature.
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

/// What every search bot shares: its spec, its seed and its generator.
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
    /// The seed the bot started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator's state now.
    #[getter]
    fn state(&self) -> u64 {
        self.rng.state
    }

    /// Seconds a move may take (then as many worlds or iterations as fit, at least one), or None.
    #[getter]
    fn time_limit(&self) -> Option<f64> {
        match &self.spec {
            BotSpec::Pimc(p) => p.time_limit,
            BotSpec::Ismcts(p) => p.time_limit,
            _ => None,
        }
    }

    /// The bot's parameters (all but the seed) by name, in the order of its signature.
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

    /// Every legal move with the bot's estimate of it (this deal's points of the side to
    /// move minus the best of the others', on average), in the order the bot ranks them: pimc
    /// by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
    /// ties in legal-move order. The same search, and the same draws, as choosing a move: a
    /// single legal move is not searched (NaN).
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

/// Perfect-information Monte Carlo: every legal move valued in `worlds` worlds (the
/// hidden cards dealt again from the bot's generator), the move of greatest total
/// played (ties in legal-move order); `analyse` gives each move's mean.
///
/// In a world a move is worth this deal's points of the side to move minus the best of
/// the other sides' (paranoid with three sides): the open-hand solver's exact value
/// when at most `exact` cards are still to be played (the hands, and the stock in the
/// fifteen family), else a minimax `depth` moves deep below the move whose positions
/// are worth a greedy playout (every seat the greedy move to the end of the deal).
/// With `time_limit` seconds, `worlds` is ignored: worlds are taken one after another
/// until the time is up (at least one; the clock is read between worlds). A single
/// legal move is played without searching and draws nothing.
///
/// >>> from quinza.reference import Game
/// >>> g = Game("escoba", seed=4)
/// >>> bot = PimcBot(worlds=2, depth=0, exact=0, seed=1)
/// >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
/// (True, True)
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

    /// How many worlds a move is searched in (without a time limit).
    #[getter]
    fn worlds(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.worlds,
            _ => 0,
        }
    }

    /// Moves searched below each root move before a greedy playout.
    #[getter]
    fn depth(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.depth,
            _ => 0,
        }
    }

    /// At most this many cards left to play: each world is solved exactly.
    #[getter]
    fn exact(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Pimc(p) => p.exact,
            _ => 0,
        }
    }
}

/// Single-observer ISMCTS: `iterations` walks of one tree of moves, each in a world
/// newly sampled from the bot's generator (the hidden cards dealt again); the root's
/// most visited move is played (ties in legal-move order), `analyse` gives each move's
/// mean value.
///
/// A node is chosen by `(sum / n) / scale + c * sqrt(ln(availability) / n)`, `scale`
/// the largest absolute value backed up so far in the search (at least 1); a value is
/// the deal's points of the side of the seat that made the move minus the best of the
/// other sides'. With `time_limit` seconds, `iterations` is ignored: iterations run
/// until the time is up (at least one; the clock is read between iterations). A single
/// legal move is played without searching and draws nothing. With `infer="greedy"` (the
/// default) a world is one in which the other seats' moves this round are greedy moves
/// (of up to 16 drawn, the first that fits; none: the first drawn); `"greedy_first"`
/// asks for the greedy bot's very moves; `"off"` takes any world (docs/engine.md
/// "Worlds fitted to the play"). With `opponents="fitted"` (the default) the tree plays
/// the other sides' greedy moves in the worlds that fit their play this round, as `infer`
/// tests it, and chooses their moves by UCB in the others, as it does the seat's own;
/// `"greedy"` plays their greedy moves in every world, `"search"` chooses by UCB in every
/// world (docs/engine.md "ismcts").
///
/// >>> from quinza.reference import Game
/// >>> g = Game("quinza", seed=2)
/// >>> bot = IsmctsBot(iterations=20, seed=3)
/// >>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
/// (True, True)
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

    /// How many iterations a move is searched with (without a time limit).
    #[getter]
    fn iterations(slf: PyRef<'_, Self>) -> u64 {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.iterations,
            _ => 0,
        }
    }

    /// The weight of the exploration term of UCB.
    #[getter]
    fn c(slf: PyRef<'_, Self>) -> f64 {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.c,
            _ => 0.0,
        }
    }

    /// How an iteration plays on to the end of the deal: 'greedy' (every seat the greedy
    /// move) or 'random' (every seat a uniform legal move from the bot's generator).
    #[getter]
    fn rollout(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.rollout.name(),
            _ => "",
        }
    }

    /// What the worlds assume of the other seats' play: 'greedy' (each world one in
    /// which their moves this round are greedy moves, when one is found in a few tries),
    /// 'greedy_first' (the greedy bot's own moves, its tie-break too) or 'off' (any world
    /// consistent with what the seat saw).
    #[getter]
    fn infer(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.infer.name(),
            _ => "",
        }
    }

    /// How the tree plays the seats of the other sides: 'search' (by UCB, as the seat's
    /// own moves), 'greedy' (their greedy move in each world) or 'fitted' (greedy in the
    /// worlds that fit their play this round, by UCB in the others).
    #[getter]
    fn opponents(slf: PyRef<'_, Self>) -> &'static str {
        match &slf.as_super().spec {
            BotSpec::Ismcts(p) => p.opponents.name(),
            _ => "",
        }
    }
}

/// A new bot by name, with its parameters: `bot("random", seed=7)` is a `RandomBot`,
/// `bot("greedy")` a `GreedyBot`, `bot("pimc", worlds=8)` a `PimcBot`,
/// `bot("ismcts", iterations=200)` an `IsmctsBot`. An unknown name, an unknown
/// parameter (checked in the order given) or a bad value (checked in the order of the
/// bot's signature) raises ValueError.
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
