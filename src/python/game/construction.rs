//! `from_position`: a game from explicit cards, the one parser of the three classes
//! (`Game`, `FifteenGame` and `QuinteGame` differ only in the parameters they take). The
//! arguments are converted in the reference's order, so the first bad one is the one
//! named; the core checks the position itself.

use super::{check_family, game_object};
use crate::any::{AnyGame, AnyMove, RuleSet};
use crate::fifteen;
use crate::fifteen::game::Position;
use crate::python::cards::{to_baraja, to_quinte, PyMove};
use crate::python::convert::{core_error, index_arg, plain_int, shown, str_text, value_error};
use crate::python::random::seed_arg;
use crate::python::rules::rules_arg;
use crate::quinte;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyType};

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
    /// The fifteen family's alone.
    pub(super) escobas: Option<&'a Bound<'py, PyAny>>,
    /// Quinte's alone.
    pub(super) bids: Option<&'a Bound<'py, PyAny>>,
    pub(super) quints: Option<&'a Bound<'py, PyAny>>,
    pub(super) played: Option<&'a Bound<'py, PyAny>>,
}

/// `from_position` of any of the three classes.
pub(super) fn position_object<'py>(
    cls: &Bound<'py, PyType>,
    rules: &Bound<'py, PyAny>,
    args: &PositionArgs<'_, 'py>,
) -> PyResult<Py<PyAny>> {
    let rules = rules_arg(rules)?;
    check_family(cls, &rules)?;
    let game = match rules {
        RuleSet::Quinte(r) => AnyGame::Quinte(quinte_position(r, args)?),
        RuleSet::Fifteen(r) => {
            let quinte_only = [
                ("bids", args.bids),
                ("quints", args.quints),
                ("played", args.played),
            ];
            for (key, value) in quinte_only {
                if value.is_some() {
                    return Err(value_error(format!(
                        "{key} belong to quinte, not to {}",
                        r.name()
                    )));
                }
            }
            AnyGame::Fifteen(fifteen_position(r, args)?)
        }
    };
    // A position's generator starts at its seed (0 when left out): `game.seed`.
    let seed = args.seed.map(seed_arg).transpose()?.unwrap_or(0);
    game_object(cls.py(), game, Some(seed))
}

/// The cards and counts both families' positions have (the first arguments, read first).
struct Cards<C> {
    hands: Vec<Vec<C>>,
    table: Option<Vec<C>>,
    stock: Option<Vec<C>>,
    piles: Option<Vec<Vec<C>>>,
    scores: Option<Vec<u64>>,
}

/// The seats and numbers both families' positions have (read after the family's counts).
struct Numbers {
    dealer: Option<u8>,
    last_capturer: Option<u8>,
    deal_number: Option<u64>,
    seed: Option<u64>,
}

/// `hands`, `table`, `stock`, `piles` and `scores`, each card read by `card` and each
/// score by `score`.
fn read_cards<C>(
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
fn read_numbers(a: &PositionArgs<'_, '_>, players: u8) -> PyResult<Numbers> {
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
fn counts_of(
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

/// A fifteen-family position: the conversions in the reference's order, then the core.
fn fifteen_position(rules: fifteen::Rules, a: &PositionArgs<'_, '_>) -> PyResult<fifteen::Game> {
    let (n, sides) = (rules.players, rules.sides());
    let mut p = Position::new(rules);
    let cards = read_cards(a, n, sides, to_baraja, count_arg)?;
    let escobas = a
        .escobas
        .map(|es| counts_of(es, sides, "escobas", count_arg))
        .transpose()?;
    let numbers = read_numbers(a, n)?;
    p.hands = cards.hands;
    p.table = cards.table.unwrap_or(p.table);
    p.stock = cards.stock.unwrap_or(p.stock);
    p.piles = cards.piles.unwrap_or(p.piles);
    p.scores = cards.scores.unwrap_or(p.scores);
    p.escobas = escobas.unwrap_or(p.escobas);
    p.dealer = numbers.dealer.unwrap_or(p.dealer);
    p.last_capturer = numbers.last_capturer.or(p.last_capturer);
    p.deal_number = numbers.deal_number.unwrap_or(p.deal_number);
    p.seed = numbers.seed.unwrap_or(p.seed);
    p.turn = turn_arg(a.turn, n);
    fifteen::Game::from_position(p).map_err(core_error)
}

/// A quinte position: check 1 of docs/engine.md (shapes and conversions, in parameter
/// order), then the core's checks.
fn quinte_position(rules: quinte::Rules, a: &PositionArgs<'_, '_>) -> PyResult<quinte::Game> {
    let mut p = quinte::Position::new(rules);
    let cards = read_cards(a, 4, 2, to_quinte, |v| points_arg(v, "scores"))?;
    if a.escobas.is_some() {
        return Err(value_error("quinte has no escobas"));
    }
    let numbers = read_numbers(a, 4)?;
    if let Some(b) = a.bids {
        p.bids = Some(
            iterable(b, "bids")?
                .iter()
                .map(bid_word)
                .collect::<PyResult<_>>()?,
        );
    }
    if let Some(qs) = a.quints {
        let v = counts_of(qs, 2, "quints", |v| points_arg(v, "quints"))?;
        p.quints = [v[0], v[1]];
    }
    if let Some(pl) = a.played {
        p.played = Some(
            iterable(pl, "played")?
                .iter()
                .map(to_quinte)
                .collect::<PyResult<_>>()?,
        );
    }
    p.hands = cards.hands;
    p.table = cards.table.unwrap_or(p.table);
    p.stock = cards.stock.unwrap_or(p.stock);
    p.piles = cards.piles.unwrap_or(p.piles);
    if let Some(v) = cards.scores {
        p.scores = [v[0], v[1]];
    }
    p.dealer = numbers.dealer.unwrap_or(p.dealer);
    p.last_capturer = numbers.last_capturer.or(p.last_capturer);
    p.deal_number = numbers.deal_number.unwrap_or(p.deal_number);
    p.seed = numbers.seed.unwrap_or(p.seed);
    p.turn = turn_arg(a.turn, 4);
    quinte::Game::from_position(p).map_err(core_error)
}

// -- one argument each ------------------------------------------------------------------

/// `_iterable`: anything iterable but a str or bytes, listed.
fn iterable<'py>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
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
fn per<'py>(
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
fn count_arg(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    match plain_int(value) {
        Some(Ok(v)) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "a score or escoba count must be a whole number from 0 to 2**64-1, not {}",
            shown(value)?
        ))),
    }
}

/// Quinte's `_points`: a score or quint total.
fn points_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    match plain_int(value) {
        Some(Ok(v)) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "{name} must be whole numbers from 0 to 2**64-1, not {}",
            shown(value)?
        ))),
    }
}

/// Quinte's `_bid_word`: a bid Move, or a bid word in any case.
fn bid_word(value: &Bound<'_, PyAny>) -> PyResult<quinte::Bid> {
    if let Ok(m) = value.cast::<PyMove>() {
        if let AnyMove::Quinte(quinte::Move::Bid(b)) = m.get().mv {
            return Ok(b);
        }
    } else if let Some(b) = str_text(value).as_deref().and_then(quinte::Bid::parse) {
        return Ok(b);
    }
    Err(value_error(format!(
        "bids: {} is not pass, double or redouble",
        shown(value)?
    )))
}

fn deal_number_arg(dn: &Bound<'_, PyAny>) -> PyResult<u64> {
    match plain_int(dn) {
        Some(Ok(v)) if (1..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        _ => Err(value_error(format!(
            "deal_number must be a whole number from 1 to 2**64-1, not {}",
            shown(dn)?
        ))),
    }
}

fn turn_arg(turn: Option<&Bound<'_, PyAny>>, players: u8) -> Result<Option<u8>, String> {
    match turn {
        None => Ok(None),
        Some(t) => match index_arg(t, players, "turn") {
            Ok(seat) => Ok(Some(seat)),
            Err(e) => Err(e.value(t.py()).to_string()),
        },
    }
}
