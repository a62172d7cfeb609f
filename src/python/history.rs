//! `Game.history` as Python values: the core keeps the moves and their events
//! (`crate::history`); this only converts them.

use super::cards::move_object;
use super::events::{event_objects, PyEvent};
use crate::any::{AnyDeal, AnyGame};
use crate::history::History;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

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
