//! `Game`, `FifteenGame` and `QuinteGame`: the match of either family, wrapped. Every rule
//! is in the core; these files convert arguments (with the reference's messages) and build
//! Python values, through `AnyGame` alone. `Game(rules)` is a `FifteenGame` or a
//! `QuinteGame` (subclasses of `Game`, as in the reference); what only quinte has lives on
//! `QuinteGame`, read through `AnyGame::quinte`.
//!
//! By concern: this file holds the classes and how a game object is made; `general.rs`
//! the methods of `Game`, `families.rs` those of the families' classes, `construction.rs`
//! `from_position`, `observation.rs` the observation dict and `serde.rs` JSON and pickling.

mod construction;
mod families;
mod general;
mod observation;
mod serde;

use crate::any::{AnyGame, RuleSet};
use crate::fifteen;
use crate::history::History;
use crate::python::convert::{index_arg, value_error, Given};
use crate::python::events::event_tuple;
use crate::python::random::seed_arg;
use crate::python::rules::rules_arg;
use crate::quinte;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

/// Tables at least this big are worked on with the GIL released.
const BIG_TABLE: u32 = 16;

#[doc = docstring!(Game)]
#[pyclass(module = "quinza._core", name = "Game", subclass)]
pub struct PyGame {
    pub(crate) game: AnyGame,
    /// The events before the first move (`start_events`): a tuple of Event, or None
    /// for none (a game read from JSON or a position).
    start: Option<Py<PyTuple>>,
    /// The start, the seed and every move since (`history`, `undo`, `seed`).
    pub(crate) hist: History,
}

#[doc = docstring!(FifteenGame)]
#[pyclass(module = "quinza._core", name = "FifteenGame", extends = PyGame)]
pub struct PyFifteenGame {}

#[doc = docstring!(QuinteGame)]
#[pyclass(module = "quinza._core", name = "QuinteGame", extends = PyGame)]
pub struct PyQuinteGame {}

/// The Python object of a game with nothing played yet: a `FifteenGame` or a
/// `QuinteGame`; `seed` is what `game.seed` tells.
pub(crate) fn game_object(py: Python<'_>, game: AnyGame, seed: Option<u64>) -> PyResult<Py<PyAny>> {
    let hist = History::new(&game, seed);
    game_with_start(py, game, None, hist)
}

/// `game_object`, with the events that came before its first move and its history.
fn game_with_start(
    py: Python<'_>,
    game: AnyGame,
    start: Option<Py<PyTuple>>,
    hist: History,
) -> PyResult<Py<PyAny>> {
    let family_class = matches!(game, AnyGame::Quinte(_));
    let base = PyClassInitializer::from(PyGame { game, start, hist });
    Ok(if family_class {
        Py::new(py, base.add_subclass(PyQuinteGame {}))?.into_any()
    } else {
        Py::new(py, base.add_subclass(PyFifteenGame {}))?.into_any()
    })
}

impl PyGame {
    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        index_arg(seat, self.game.rules().players(), "seat")
    }

    fn side(&self, side: &Bound<'_, PyAny>) -> PyResult<u8> {
        index_arg(side, self.game.rules().sides(), "side")
    }

    fn big_table(&self) -> bool {
        self.game.table().len() >= BIG_TABLE
    }
}

/// `class(rules, seed)`: a new match of the rule set given (`default` when left out) in
/// its family's class; `Game` takes any rule set, a family's class only its own.
fn new_game<'py>(
    class: &Bound<'py, PyType>,
    rules: &Given<'py>,
    default: &str,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let py = class.py();
    let rules = match rules.value() {
        Some(r) => rules_arg(r)?,
        None => rules_arg(PyString::new(py, default).as_any())?,
    };
    check_family(class, &rules)?;
    let mut events = Vec::new();
    let seed = game_seed(py, seed)?;
    let game = AnyGame::new_recording(rules, seed, &mut events);
    let start = event_tuple(py, &game, &events, None)?.unbind();
    let hist = History::new(&game, Some(seed));
    game_with_start(py, game, Some(start), hist)
}

/// A seed for `Game(rules, seed)`: None draws one.
fn game_seed<'py>(py: Python<'py>, seed: Option<&Bound<'py, PyAny>>) -> PyResult<u64> {
    match seed {
        Some(s) => seed_arg(s),
        None => {
            let secrets = py.import("secrets")?;
            secrets.call_method1("randbits", (64,))?.extract::<u64>()
        }
    }
}

/// The message when a family's class is asked for a game of the other family.
fn family_message(class: &str, rules: &RuleSet) -> String {
    let names: Vec<&str> = match class {
        "QuinteGame" => vec![quinte::rules::ROW.name],
        _ => fifteen::rules::ROWS.iter().map(|r| r.name).collect(),
    };
    format!(
        "{class} plays {}, not {}",
        crate::pyrepr::or_list(&names),
        rules.name()
    )
}

/// `FifteenGame.from_json` / `QuinteGame.from_position` refuse a game of the other family.
fn check_family(cls: &Bound<'_, PyType>, rules: &RuleSet) -> PyResult<()> {
    let py = cls.py();
    let (wanted, class) = if cls.is(py.get_type::<PyQuinteGame>()) {
        (true, "QuinteGame")
    } else if cls.is(py.get_type::<PyFifteenGame>()) {
        (false, "FifteenGame")
    } else {
        return Ok(());
    };
    if matches!(rules, RuleSet::Quinte(_)) != wanted {
        return Err(value_error(family_message(class, rules)));
    }
    Ok(())
}
