//! `from_position`'s arguments and their readers, for the one parser of the three classes
//! (`Game`, `FifteenGame` and `QuinteGame` differ only in the parameters they take; each
//! family's position is read in `families.rs`). The arguments are converted in the
//! reference's order, so the first bad one is the one named; the core checks the position
//! itself.

use crate::python::convert::{index_arg, plain_int, shown, value_error};
use crate::python::random::seed_arg;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The arguments of `from_position` as given: None for one left out (or one the class
/// does not take), where the reference treats None as left out.
pub(super) struct PositionArgs<'a, 'py> {
    pub(super) hands: &'a Bound<'py, PyAny>,
    pub(super) table: Option<&'a Bound<'py, PyAny>>,
    pub(super) stock: Option<&'a Bound<'py, PyAny>>,
    pub(super) dealer: Option<&'a Bound<'py, PyAny>>,
    pub(super) turn: Option<&'a Bound<'py, PyAny>>,
    pub(super) scores: Option<&'a Bound<'py, PyAny>>,
    pub(super) piles: Option<&'a Bound<'py, PyAny>>,
    pub(super) last_capturer: Option<&'a Bound<'py, PyAny>>,
    pub(super) deal_number: Option<&'a Bound<'py, PyAny>>,
    pub(super) seed: Option<&'a Bound<'py, PyAny>>,
    /// One family's alone: the fifteen family's, then quinte's.
    pub(super) escobas: Option<&'a Bound<'py, PyAny>>,
    pub(super) bids: Option<&'a Bound<'py, PyAny>>,
    pub(super) quints: Option<&'a Bound<'py, PyAny>>,
    pub(super) played: Option<&'a Bound<'py, PyAny>>,
}

/// The cards and counts both families' positions have (the first arguments, read first).
pub(super) struct Cards<C> {
    pub(super) hands: Vec<Vec<C>>,
    pub(super) table: Option<Vec<C>>,
    pub(super) stock: Option<Vec<C>>,
    pub(super) piles: Option<Vec<Vec<C>>>,
    pub(super) scores: Option<Vec<u64>>,
}

/// The seats and numbers both families' positions have (read after the family's counts).
pub(super) struct Numbers {
    pub(super) dealer: Option<u8>,
    pub(super) last_capturer: Option<u8>,
    pub(super) deal_number: Option<u64>,
    pub(super) seed: Option<u64>,
}

/// `hands`, `table`, `stock`, `piles` and `scores`, each card read by `card` and each
/// score by `score`.
pub(super) fn read_cards<C>(
    a: &PositionArgs<'_, '_>,
    players: u8,
    sides: u8,
    card: fn(&Bound<'_, PyAny>) -> PyResult<C>,
    score: fn(&Bound<'_, PyAny>) -> PyResult<u64>,
) -> PyResult<Cards<C>> {
    let cards_of = |value: &Bound<'_, PyAny>, name: &str| -> PyResult<Vec<C>> {
        iterable(value, name)?.iter().map(card).collect()
    };
    // One list of cards per seat (hands) or side (piles).
    let lists_of = |value: &Bound<'_, PyAny>, count: u8, name: &str, unit: &str| {
        per(value, count as usize, name, unit)?
            .iter()
            .map(|x| cards_of(x, name))
            .collect::<PyResult<Vec<_>>>()
    };
    Ok(Cards {
        hands: lists_of(a.hands, players, "hands", "seat")?,
        table: a.table.map(|t| cards_of(t, "table")).transpose()?,
        stock: a.stock.map(|s| cards_of(s, "stock")).transpose()?,
        piles: a
            .piles
            .map(|p| lists_of(p, sides, "piles", "side"))
            .transpose()?,
        scores: a
            .scores
            .map(|s| counts_of(s, sides, "scores", score))
            .transpose()?,
    })
}

/// `dealer`, `last_capturer`, `deal_number` and `seed`.
pub(super) fn read_numbers(a: &PositionArgs<'_, '_>, players: u8) -> PyResult<Numbers> {
    Ok(Numbers {
        dealer: a
            .dealer
            .map(|d| index_arg(d, players, "dealer"))
            .transpose()?,
        last_capturer: a
            .last_capturer
            .map(|lc| index_arg(lc, players, "last_capturer"))
            .transpose()?,
        deal_number: a.deal_number.map(deal_number_arg).transpose()?,
        seed: a.seed.map(seed_arg).transpose()?,
    })
}

/// One count per side, each read by `count`.
pub(super) fn counts_of(
    value: &Bound<'_, PyAny>,
    sides: u8,
    name: &str,
    count: fn(&Bound<'_, PyAny>) -> PyResult<u64>,
) -> PyResult<Vec<u64>> {
    per(value, sides as usize, name, "side")?
        .iter()
        .map(count)
        .collect()
}

// -- one argument each ------------------------------------------------------------------

/// `_iterable`: anything iterable but a str or bytes, listed.
pub(super) fn iterable<'py>(
    value: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let text_like = value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>();
    if text_like || !value.hasattr("__iter__")? {
        return Err(value_error(format!(
            "{name} must be a list of cards, not {}",
            shown(value)?
        )));
    }
    value.try_iter()?.collect()
}

/// `_per`: one entry per seat or side.
pub(super) fn per<'py>(
    value: &Bound<'py, PyAny>,
    count: usize,
    name: &str,
    unit: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items = iterable(value, name)?;
    if items.len() != count {
        return Err(value_error(format!(
            "{name} needs {count} entries, one per {unit}, not {}",
            items.len()
        )));
    }
    Ok(items)
}

/// `_count`: a score or escoba count.
pub(super) fn count_arg(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    match plain_int(value) {
        Some(Ok(v)) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "a score or escoba count must be a whole number from 0 to 2**64-1, not {}",
            shown(value)?
        ))),
    }
}

/// `_points`: a score or quint total.
pub(super) fn points_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    match plain_int(value) {
        Some(Ok(v)) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "{name} must be whole numbers from 0 to 2**64-1, not {}",
            shown(value)?
        ))),
    }
}

pub(super) fn deal_number_arg(dn: &Bound<'_, PyAny>) -> PyResult<u64> {
    match plain_int(dn) {
        Some(Ok(v)) if (1..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "deal_number must be a whole number from 1 to 2**64-1, not {}",
            shown(dn)?
        ))),
    }
}

pub(super) fn turn_arg(turn: Option<&Bound<'_, PyAny>>, players: u8) -> Result<Option<u8>, String> {
    match turn {
        None => Ok(None),
        Some(t) => match index_arg(t, players, "turn") {
            Ok(seat) => Ok(Some(seat)),
            Err(e) => Err(e.value(t.py()).to_string()),
        },
    }
}
