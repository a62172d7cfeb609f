//! `Game`, `FifteenGame` and `QuinteGame`: the match of either family, wrapped. Every rule
//! is in the core; these files convert arguments (with the reference's messages) and build
//! Python values, through `AnyGame` alone. `Game(rules)` is a `FifteenGame` or a
//! `QuinteGame` (subclasses of `Game`, as in the reference); what only quinte has lives on
//! `QuinteGame`, read through `AnyGame::quinte`.
//!
//! By concern: this file holds the class `Game`; `general.rs` its methods, `families.rs`
//! all that differs by family (the families' classes and their methods, which class a game
//! object is made in, reading a position's arguments, the observation dict: the one file of
//! the bindings that names a family), `construction.rs` the arguments of `from_position`
//! and their readers, and `serde.rs` JSON and pickling.

mod construction;
pub(crate) mod families;
mod general;
mod serde;

use crate::any::AnyGame;
use crate::history::History;
use crate::python::convert::index_arg;
use crate::python::random::seed_arg;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Tables at least this big are worked on with the GIL released.
const BIG_TABLE: u32 = 16;

#[doc = docstring!(Game)]
#[pyclass(module = "quinza._core", name = "Game", subclass)]
pub struct PyGame {
    pub(crate) game: AnyGame,
    /// The events before the first move (`start_events`): a tuple of Event, or None
    /// for none (a game read from JSON or a position).
    pub(super) start: Option<Py<PyTuple>>,
    /// The start, the seed and every move since (`history`, `undo`, `seed`).
    pub(crate) hist: History,
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

/// A seed for `Game(rules, seed)`: None draws one (`quinza._words.fresh_seed`, as every
/// command and function draws them).
pub(super) fn game_seed<'py>(py: Python<'py>, seed: Option<&Bound<'py, PyAny>>) -> PyResult<u64> {
    match seed {
        Some(s) => seed_arg(s),
        None => py
            .import("quinza._words")?
            .call_method0("fresh_seed")?
            .extract::<u64>(),
    }
}
