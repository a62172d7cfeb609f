//! Bots and batch simulation for Python: `RandomBot`, `GreedyBot`, the seeding helpers and
//! `_simulate_chunk`, which plays a range of matches on all cores with the GIL released.
//! The summary, the arrays and the command live in `quinza/_sim.py`.

use super::cards::{move_object, PyMove};
use super::game::PyGame;
use super::random::seed_arg;
use super::rules::rules_arg;
use super::{plain_int, repr, type_name, value_error};
use crate::any::AnyGame;
use crate::bots::{unknown_bot_message, BotKind, BOT_NAMES};
use crate::rng::SplitMix64;
use crate::sim;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};

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
        let g = AnyGame::from_json(&text).map_err(super::core_error)?;
        return Ok(f(&g));
    }
    Err(value_error(format!(
        "a bot plays a quinza Game, not {}",
        type_name(game)?
    )))
}

fn choose<'py>(
    py: Python<'py>,
    kind: BotKind,
    rng: &mut SplitMix64,
    game: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyMove>> {
    let mv = with_game(game, |g| g.bot_move(kind, rng))?;
    match mv {
        Some(m) => move_object(py, m),
        None => Err(value_error("the match is over: there is no move to choose")),
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
        let seed = match seed {
            Some(s) => seed_arg(s)?,
            None => 0,
        };
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

    /// The move for the seat to act (one draw from the bot's generator).
    fn __call__<'py>(&mut self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        choose(game.py(), BotKind::Random, &mut self.rng, game)
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
        if let Some(s) = seed {
            seed_arg(s)?;
        }
        Ok(PyGreedyBot {})
    }

    /// "greedy": a class attribute, as in the reference.
    #[classattr]
    fn name() -> &'static str {
        "greedy"
    }

    fn __call__<'py>(&self, game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        // greedy draws nothing: a generator of its own, never advanced
        choose(game.py(), BotKind::Greedy, &mut SplitMix64::new(0), game)
    }

    fn __repr__(&self) -> &'static str {
        "GreedyBot()"
    }
}

/// A bot by name: "random" or "greedy".
fn kind_arg(name: &Bound<'_, PyAny>) -> PyResult<BotKind> {
    let text = name
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_str().ok().map(|t| t.to_string()));
    match text.map(|t| BotKind::parse(&t)) {
        Some(Ok(kind)) => Ok(kind),
        _ => Err(value_error(unknown_bot_message(&repr(name)?))),
    }
}

/// An index or count `0 <= v < 2**64`.
fn u64_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    match plain_int(v) {
        Some(Ok(x)) if (0..=u64::MAX as i128).contains(&x) => Ok(x as u64),
        _ => Err(value_error(format!(
            "{what} must be a whole number from 0 to 2**64-1, not {}",
            repr(v)?
        ))),
    }
}

/// A new bot by name: `bot("random", seed=7)` is a `RandomBot`, `bot("greedy")` a
/// `GreedyBot`; any other name raises ValueError.
#[pyfunction]
#[pyo3(signature = (name, seed = None))]
pub fn bot(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    Ok(match kind_arg(name)? {
        BotKind::Random => Py::new(py, PyRandomBot::new(seed)?)?.into_any(),
        BotKind::Greedy => Py::new(py, PyGreedyBot::new(seed)?)?.into_any(),
    })
}

/// The seed of match `index` of a simulation seeded `seed`: output number `index` (from
/// 0) of `Random(seed)`, reached in one step (the state after `index` draws is
/// `seed + index * GAMMA` modulo 2**64, where GAMMA = 0x9E3779B97F4A7C15 is the
/// generator's increment; docs/engine.md "Seeding").
#[pyfunction]
pub fn match_seed(seed: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(sim::match_seed(seed_arg(seed)?, u64_arg(index, "index")?))
}

/// The seed of the bot at `seat` (0..3) in the match seeded `match_seed`: output number
/// `seat` of `Random(match_seed XOR BOT_STREAM)`, where BOT_STREAM = 0x6A09E667F3BCC909;
/// a stream apart from the match's own draws.
#[pyfunction]
pub fn seat_seed(match_seed: &Bound<'_, PyAny>, seat: &Bound<'_, PyAny>) -> PyResult<u64> {
    let seat = match plain_int(seat) {
        Some(Ok(s)) if (0..4).contains(&s) => s as u8,
        _ => {
            return Err(value_error(format!(
                "seat must be 0..3, not {}",
                repr(seat)?
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

/// Play matches `start .. start + count` with core bots (one name per seat) on `threads`
/// threads (0: every core), the GIL released. Returns the records as little-endian bytes:
/// (winner i8, scores i64, deals u32, moves u32, first_dealer u8, deal_points i32,
/// deal_dealer u8).
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
    let kinds = bots
        .iter()
        .map(kind_arg)
        .collect::<PyResult<Vec<BotKind>>>()?;
    let seed = seed_arg(seed)?;
    let start = u64_arg(start, "start")?;
    let count = u64_arg(count, "count")?;
    let records = py
        .detach(|| sim::run_any(rules, &kinds, seed, start, count, threads))
        .map_err(super::core_error)?;
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
    m.add_class::<PyRandomBot>()?;
    m.add_class::<PyGreedyBot>()?;
    m.add_function(wrap_pyfunction!(bot, m)?)?;
    m.add_function(wrap_pyfunction!(match_seed, m)?)?;
    m.add_function(wrap_pyfunction!(seat_seed, m)?)?;
    m.add_function(wrap_pyfunction!(_simulate_chunk, m)?)?;
    m.add("BOT_NAMES", PyTuple::new(m.py(), BOT_NAMES)?)?;
    Ok(())
}
