//! `Game.observation(seat)`: what a seat may know, as the dict of docs/engine.md
//! "Observation", key for key as the reference. The core decides what is seen
//! (`AnyObservation`); this only builds the dict.

use crate::any::{AnyCardSet, AnyObservation, RuleSet};
use crate::python::cards::text_list;
use crate::python::convert::opt_int;
use crate::python::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The observation dict of docs/engine.md "Observation", key for key as the reference.
pub(super) fn observation_dict<'py>(
    py: Python<'py>,
    o: &AnyObservation,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match o {
        AnyObservation::Fifteen(o) => {
            let rules = PyRules {
                rules: RuleSet::Fifteen(o.rules),
            };
            d.set_item("seat", o.seat)?;
            d.set_item("rules", rules.dict(py)?)?;
            d.set_item("deal_number", o.deal_number)?;
            d.set_item("dealer", o.dealer)?;
            d.set_item("turn", opt_int(py, o.turn)?)?;
            d.set_item("hand", text_list(py, AnyCardSet::Baraja(o.hand))?)?;
            d.set_item("hand_sizes", counts(o.hand_sizes()))?;
            d.set_item("table", text_list(py, AnyCardSet::Baraja(o.table))?)?;
            d.set_item("stock", o.stock)?;
            let piles = PyList::empty(py);
            for p in o.piles() {
                piles.append(text_list(py, AnyCardSet::Baraja(*p))?)?;
            }
            d.set_item("piles", piles)?;
            d.set_item("escobas", o.escobas())?;
            d.set_item("last_capturer", opt_int(py, o.last_capturer)?)?;
            d.set_item("scores", o.scores())?;
            d.set_item("winner", opt_int(py, o.winner)?)?;
        }
        AnyObservation::Quinte(o) => {
            let rules = PyRules {
                rules: RuleSet::Quinte(o.rules),
            };
            d.set_item("seat", o.seat)?;
            d.set_item("rules", rules.dict(py)?)?;
            d.set_item("deal_number", o.deal_number)?;
            d.set_item("dealer", o.dealer)?;
            d.set_item("turn", opt_int(py, o.turn)?)?;
            d.set_item("phase", o.phase.name())?;
            d.set_item(
                "bids",
                seat_pairs(py, o.bids().map(|(s, b)| (s, b.word())))?,
            )?;
            d.set_item("multiplier", o.multiplier)?;
            d.set_item("hand", text_list(py, AnyCardSet::Quinte(o.hand))?)?;
            d.set_item("hand_sizes", counts(&o.hand_sizes))?;
            d.set_item("trick", seat_pairs(py, o.trick())?)?;
            d.set_item(
                "played",
                PyList::new(py, o.played().iter().map(|c| c.to_string()))?,
            )?;
            d.set_item("stock", o.stock)?;
            let piles = PyList::empty(py);
            for p in o.piles {
                piles.append(text_list(py, AnyCardSet::Quinte(p))?)?;
            }
            d.set_item("piles", piles)?;
            d.set_item("tricks_won", counts(&o.tricks_won))?;
            d.set_item("quints", o.quints)?;
            d.set_item("last_capturer", opt_int(py, o.last_capturer)?)?;
            d.set_item("scores", o.scores)?;
            d.set_item("winner", opt_int(py, o.winner)?)?;
        }
    }
    Ok(d)
}

/// `[seat, text]` pairs, as the observation lists the bids and the trick.
fn seat_pairs<'py, T: std::fmt::Display>(
    py: Python<'py>,
    pairs: impl Iterator<Item = (u8, T)>,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for (seat, x) in pairs {
        list.append(PyList::new(
            py,
            [
                seat.into_pyobject(py)?.into_any(),
                PyString::new(py, &x.to_string()).into_any(),
            ],
        )?)?;
    }
    Ok(list)
}

/// Small counts as a list of ints (a `&[u8]` would become bytes).
fn counts(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&x| u32::from(x)).collect()
}
