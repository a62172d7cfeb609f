//! `Game.history` and the pickled history, as Python values: the core keeps the moves
//! and their events (`crate::history`); this only converts them.

use super::cards::{move_arg, move_object, MoveArg};
use super::events::PyEvent;
use super::game::event_objects;
use super::random::seed_arg;
use super::{core_error, value_error};
use crate::any::{AnyDeal, AnyGame};
use crate::events::EventBuffer;
use crate::history::History;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// `start` (the start events) and then every move's events, each "move" with its Move
/// and each "deal_scored" with its deal.
pub(crate) fn history_tuple<'py>(
    py: Python<'py>,
    game: &AnyGame,
    hist: &History,
    start: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyTuple>> {
    // The history's deals are the last ones of the game's: those of the start come first.
    let deals: Vec<AnyDeal> = game.deals();
    let mut next_deal = hist.start().deals().len();
    let mut deal = || {
        let d = deals.get(next_deal).copied();
        next_deal += 1;
        d
    };
    let deck = game.rules().deck();
    let mut out: Vec<Bound<'py, PyEvent>> = Vec::new();
    for e in start.iter() {
        out.push(e.cast_into::<PyEvent>()?);
    }
    for (mv, events) in hist.entries() {
        let played = move_object(py, mv)?.into_any();
        out.extend(event_objects(py, deck, events, Some(&played), &mut deal)?);
    }
    PyTuple::new(py, out)
}

/// What a pickle keeps beside the start's JSON: the start events, the seed and the
/// moves as text.
pub(crate) fn pickle_state<'py>(
    py: Python<'py>,
    hist: &History,
    start: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyDict>> {
    let state = PyDict::new(py);
    state.set_item("start_events", start)?;
    state.set_item("seed", hist.seed())?;
    let moves = PyList::new(py, hist.moves().iter().map(|m| m.to_string()))?;
    state.set_item("moves", moves)?;
    Ok(state)
}

/// A pickle's state over the game read from the start's JSON: the start events, the
/// history (its moves played again, each checked) and the game after them.
pub(crate) fn unpickle_state(
    state: &Bound<'_, PyAny>,
    start: &AnyGame,
) -> PyResult<(Py<PyTuple>, History, AnyGame)> {
    let bad = || value_error("a pickled Game holds start_events, seed and moves");
    let state = state.cast::<PyDict>().map_err(|_| bad())?;
    let item = |key: &str| state.get_item(key)?.ok_or_else(bad);
    let events = item("start_events")?
        .cast_into::<PyTuple>()
        .map_err(|_| bad())?;
    let seed = item("seed")?;
    let seed = if seed.is_none() {
        None
    } else {
        Some(seed_arg(&seed)?)
    };
    let mut hist = History::new(start, seed);
    let mut game = start.clone();
    let deck = game.rules().deck();
    for text in item("moves")?.try_iter()? {
        let text = text?;
        if !text.is_instance_of::<PyString>() {
            return Err(bad());
        }
        let MoveArg::Move(mv) = move_arg(&text, deck)? else {
            return Err(bad());
        };
        let mut events = EventBuffer::default();
        game.play_recording(&mv, &mut events).map_err(core_error)?;
        hist.push(mv, events.as_slice());
    }
    Ok((events.unbind(), hist, game))
}
