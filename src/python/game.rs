//! `Game` and `DealResult`: the match of either family, wrapped. Every rule is in the
//! core; this file converts arguments (with the reference's messages) and builds Python
//! values, through `AnyGame` alone. `Game(rules)` is a `FifteenGame` or a `QuinteGame`
//! (subclasses of `Game`, as in the reference); what only quinte has lives on
//! `QuinteGame`, read through `AnyGame::quinte`.

use super::cards::{
    card_list, card_object, move_arg, move_object, picture, to_baraja, to_quinte, MoveArg, PyCard,
    PyMove,
};
use super::events::PyEvent;
use super::random::seed_arg;
use super::rules::{rules_arg, PyRules};
use super::{
    core_error, plain_int, shown, str_text, type_name, value_error, Given, IllegalMoveError,
};
use crate::any::{AnyCard, AnyCardSet, AnyDeal, AnyGame, AnyMove, AnyObservation, RuleSet};
use crate::cards::Card;
use crate::events::{Event, EventBuffer, EventKind};
use crate::fifteen;
use crate::fifteen::game::Position;
use crate::history::History;
use crate::pyrepr::list_text as py_list_text;
use crate::quinte;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple, PyType};

/// Tables at least this big are worked on with the GIL released.
const BIG_TABLE: u32 = 16;

/// One whole match of any rule set: `Game(rules, seed)` is a `FifteenGame` for
/// quinza, rb3ine and escoba and a `QuinteGame` for quinte.
///
/// >>> type(Game("escoba", seed=1)).__name__, type(Game("quinte", seed=1)).__name__
/// ('FifteenGame', 'QuinteGame')
#[pyclass(module = "quinza._core", name = "Game", subclass)]
pub struct PyGame {
    pub(crate) game: AnyGame,
    /// The events before the first move (`start_events`): a tuple of Event, or None
    /// for none (a game read from JSON or a position).
    start: Option<Py<PyTuple>>,
    /// The start, the seed and every move since (`history`, `undo`, `seed`).
    pub(crate) hist: History,
}

/// One whole match of quinza, rb3ine or escoba: what `Game(rules, seed)` builds for them.
///
/// >>> g = Game("quinza", seed=7)
/// >>> type(g).__name__, g.turn == (g.dealer + 1) % 2, len(g.hand(g.turn)), len(g.table), g.stock
/// ('FifteenGame', True, 3, 4, 30)
#[pyclass(module = "quinza._core", name = "FifteenGame", extends = PyGame)]
pub struct PyFifteenGame {}

/// One whole match of quinte: what `Game("quinte", seed)` builds.
///
/// >>> g = Game("quinte", seed=1)
/// >>> g.phase, g.turn == (g.dealer + 1) % 4, [len(g.hand(s)) for s in range(4)], g.stock
/// ('doubling', True, [12, 12, 12, 12], 5)
/// >>> [str(m) for m in g.legal_moves()]
/// ['pass', 'double']
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

/// What one finished deal gave each side. `piles`: per side, every card the side ended
/// the deal with (leftovers included), sorted; `points`: per side, the deal's points,
/// `details` how they are made up.
#[pyclass(module = "quinza._core", name = "DealResult", frozen)]
pub struct PyDealResult {
    deal: AnyDeal,
}

// -- conversions ---------------------------------------------------------------------

/// The kinds' names as Python strs, made once.
static KIND_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The core's events as a tuple of Event; `mv` is the Move object played, for
/// the "move" event, and a "deal_scored" event carries the game's newest deal.
fn event_tuple<'py>(
    py: Python<'py>,
    game: &AnyGame,
    events: &[Event],
    mv: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let out = event_objects(py, game.rules().deck(), events, mv, &mut || {
        game.last_deal()
    })?;
    PyTuple::new(py, out)
}

/// The core's events as Event objects; `deal` gives the DealResult of each
/// "deal_scored" in turn.
pub(crate) fn event_objects<'py>(
    py: Python<'py>,
    deck: crate::any::Deck,
    events: &[Event],
    mv: Option<&Bound<'py, PyAny>>,
    deal: &mut dyn FnMut() -> Option<AnyDeal>,
) -> PyResult<Vec<Bound<'py, PyEvent>>> {
    let names = KIND_NAMES.get_or_init(py, || {
        EventKind::ALL
            .iter()
            .map(|k| PyString::intern(py, k.name()).unbind())
            .collect()
    });
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        let mut cards = Vec::with_capacity(e.cards.len());
        for id in e.cards.ids() {
            let card = AnyCard::from_id(id, deck).ok_or_else(|| value_error("card id"))?;
            cards.push(card_object(py, card)?);
        }
        let deal = match e.kind {
            EventKind::DealScored => match deal() {
                Some(deal) => Some(Bound::new(py, PyDealResult { deal })?.into_any()),
                None => None,
            },
            _ => None,
        };
        let played = match (e.kind, mv) {
            (EventKind::Move, Some(m)) => Some(m.clone()),
            _ => None,
        };
        let event = PyEvent::from_parts(
            names[e.kind as usize].bind(py).clone(),
            e.seat,
            e.side,
            PyTuple::new(py, cards)?,
            e.points,
            deal,
            played,
        );
        out.push(Bound::new(py, event)?);
    }
    Ok(out)
}

fn opt_int<'py>(py: Python<'py>, v: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Some(x) => x.into_pyobject(py)?.into_any(),
        None => py.None().into_bound(py),
    })
}

/// The cards of a set as text, in id order.
fn text_list<'py>(py: Python<'py>, set: AnyCardSet) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, set.cards().iter().map(|c| c.to_string()))
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

fn cards_of(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Card>> {
    iterable(value, name)?.iter().map(to_baraja).collect()
}

fn quinte_cards_of(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<quinte::Card>> {
    iterable(value, name)?.iter().map(to_quinte).collect()
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

/// `_index`: a seat (or dealer, turn, last capturer) `0..size`.
fn index_arg(value: &Bound<'_, PyAny>, size: u8, name: &str) -> PyResult<u8> {
    match plain_int(value) {
        Some(Ok(v)) if (0..size as i128).contains(&v) => Ok(v as u8),
        _ => Err(value_error(format!(
            "{name} must be 0..{}, not {}",
            size - 1,
            shown(value)?
        ))),
    }
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

fn deal_dict<'py>(py: Python<'py>, d: &AnyDeal) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("deal_number", d.deal_number())?;
    out.set_item("dealer", d.dealer())?;
    let piles = PyList::empty(py);
    for p in d.piles() {
        piles.append(text_list(py, p)?)?;
    }
    out.set_item("piles", piles)?;
    out.set_item("points", PyList::new(py, d.points())?)?;
    out.set_item("details", details_list(py, d)?)?;
    out.set_item("escobas", d.escobas().to_vec())?;
    out.set_item("last_capturer", opt_int(py, d.last_capturer())?)?;
    Ok(out)
}

fn details_list<'py>(py: Python<'py>, d: &AnyDeal) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for side in d.details() {
        let dd = PyDict::new(py);
        for (k, v) in side {
            dd.set_item(k, v)?;
        }
        list.append(dd)?;
    }
    Ok(list)
}

/// Small counts as a list of ints (a `&[u8]` would become bytes).
fn counts(v: &[u8]) -> Vec<u32> {
    v.iter().map(|&x| u32::from(x)).collect()
}

/// The observation dict of docs/engine.md "Observation", key for key as the reference.
fn observation_dict<'py>(py: Python<'py>, o: &AnyObservation) -> PyResult<Bound<'py, PyDict>> {
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

// -- Game ------------------------------------------------------------------------------

#[pymethods]
impl PyGame {
    #[new]
    #[allow(clippy::new_ret_no_self)] // a family's class: a FifteenGame or a QuinteGame
    #[pyo3(signature = (rules = Given::Missing, seed = None),
           text_signature = "(rules='quinza', seed=None)")]
    fn new<'py>(
        py: Python<'py>,
        rules: Given<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        new_game(
            &py.get_type::<PyGame>(),
            &rules,
            fifteen::rules::Variant::DEFAULT.name(),
            seed,
        )
    }

    /// The Rules of the match.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.game.rules(),
        }
    }

    /// The seat to play, or None when the match is over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.game.turn()
    }

    /// The seat that dealt the deal in progress (once the match is over, the last deal).
    #[getter]
    fn dealer(&self) -> u8 {
        self.game.dealer()
    }

    /// The number of the deal in progress, 1 for the first deal of the match.
    #[getter]
    fn deal_number(&self) -> u64 {
        self.game.deal_number()
    }

    /// The cards in the hand of `seat`, sorted; a seat outside 0..players-1 raises
    /// ValueError.
    fn hand<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.hand(self.seat(seat)?))
    }

    /// The cards face up on the table, sorted (quinte: the cards of the trick in progress,
    /// sorted; `trick` has them in play order).
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.table())
    }

    /// How many cards are still to be dealt (quinte: the cards of the cachette not yet
    /// taken: 5, or 0 once the winner of trick 12 has it).
    #[getter]
    fn stock(&self) -> usize {
        self.game.stock_len()
    }

    /// The cards this side has captured in this deal, sorted (quinte: the cards of the
    /// tricks it won, and the cachette once it has taken it).
    fn pile<'py>(
        &self,
        py: Python<'py>,
        side: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.pile(self.side(side)?))
    }

    /// The side `seat` plays for: partners at 4 players (seat % 2), every player alone at
    /// 2 or 3; a seat outside 0..players-1 raises ValueError.
    fn side_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.game.side_of(self.seat(seat)?))
    }

    /// The match totals per side.
    #[getter]
    fn scores(&self) -> Vec<u64> {
        self.game.scores().to_vec()
    }

    /// Escobas per side in this deal (always 0 outside escoba).
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.game.escobas()
    }

    /// The seat that made the last capture in this deal, or None while no one has
    /// (quinte: the seat that won the last trick, which leads the next).
    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.game.last_capturer()
    }

    /// Whether the match is over (then `turn` is None).
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The side that won, or None (the match goes on, or ended in a draw).
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.game.winner()
    }

    /// The finished deals of the match as DealResult, oldest first.
    #[getter]
    fn deals(&self) -> Vec<PyDealResult> {
        self.game
            .deals()
            .into_iter()
            .map(|deal| PyDealResult { deal })
            .collect()
    }

    // -- moves ------------------------------------------------------------------------------

    /// Every legal move once, in the documented order (docs/engine.md); none once the match
    /// is over. Fifteen family: per hand card in id order, its capture groups ordered by the
    /// number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
    /// bids in the order pass, double, redouble; cards in id order (the joker last).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = &self.game;
        let list = PyList::empty(py);
        if self.big_table() {
            for m in py.detach(|| game.legal_moves()) {
                list.append(move_object(py, m)?)?;
            }
        } else {
            game.with_legal_moves(|moves| -> PyResult<()> {
                for m in moves {
                    list.append(move_object(py, m)?)?;
                }
                Ok(())
            })?;
        }
        Ok(list)
    }

    /// The number of legal moves, `len(legal_moves())`; the fifteen family counts its
    /// capture groups without listing them.
    fn count_legal_moves(&self, py: Python<'_>) -> u64 {
        let game = &self.game;
        if self.big_table() {
            py.detach(|| game.count_legal_moves())
        } else {
            game.count_legal_moves()
        }
    }

    /// Whether `move` (a Move or its text) is legal now: False for anything that is no move.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match move_arg(r#move, self.game.rules().deck())? {
            MoveArg::Move(m) => {
                let game = &self.game;
                Ok(if self.big_table() {
                    py.detach(|| game.is_legal(&m))
                } else {
                    game.is_legal(&m)
                })
            }
            // What is no move at all is no legal move either.
            MoveArg::BadText(_) | MoveArg::NotAMove(_) => Ok(false),
        }
    }

    /// Play one move (in quinte a bid or a card) for the seat whose turn it is; an illegal
    /// move raises IllegalMoveError and changes nothing. A finished deal is scored and the
    /// next one dealt inside this call. Returns what happened, in order: a tuple of Event
    /// (docs/engine.md "Events"), the "move" first.
    fn play<'py>(&mut self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let py = r#move.py();
        let m = match move_arg(r#move, self.game.rules().deck())? {
            MoveArg::Move(m) => m,
            MoveArg::BadText(e) => return Err(IllegalMoveError::new_err(e.value(py).to_string())),
            MoveArg::NotAMove(message) => return Err(IllegalMoveError::new_err(message)),
        };
        let mut events = EventBuffer::default();
        self.game
            .play_recording(&m, &mut events)
            .map_err(core_error)?;
        self.hist.push(m, events.as_slice());
        // The Move given is the Move played (as in the reference); text becomes one.
        let played = match r#move.cast::<PyMove>() {
            Ok(given) => given.clone().into_any(),
            Err(_) => move_object(py, m)?.into_any(),
        };
        event_tuple(py, &self.game, events.as_slice(), Some(&played))
    }

    /// What happened before the first move, as a tuple of Event: the first deal dealt,
    /// and escoba's opening capture if there was one. Empty for a game from
    /// `from_json` or `from_position`; kept by `copy` and pickling.
    #[getter]
    fn start_events<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        match &self.start {
            Some(t) => t.bind(py).clone(),
            None => PyTuple::empty(py),
        }
    }

    /// An independent copy of the game: playing on one leaves the other as it was.
    fn copy(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let start = self.start.as_ref().map(|t| t.clone_ref(py));
        game_with_start(py, self.game.clone(), start, self.hist.clone())
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.copy(py)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_json = py.get_type::<PyGame>().getattr("from_json")?;
        let this = slf.borrow();
        // The game the history starts from; the start events, the seed and the moves
        // (replayed) are no part of the JSON: they come back as the state.
        let args = PyTuple::new(py, [this.hist.start().to_json()])?;
        let state = super::history::pickle_state(py, &this.hist, this.start_events(py))?;
        PyTuple::new(py, [from_json, args.into_any(), state.into_any()])
    }

    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(start) = state.cast::<PyTuple>() {
            self.start = Some(start.clone().unbind()); // a pickle made before histories
            return Ok(());
        }
        let (start, hist, game) = super::history::unpickle_state(state, &self.game)?;
        self.start = Some(start);
        self.hist = hist;
        self.game = game;
        Ok(())
    }

    /// The whole game as compact JSON text, the same text from both backends;
    /// `Game.from_json` gives the game back exactly.
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// A game back from its `to_json` text, of the class of its rules' family;
    /// `FifteenGame.from_json` and `QuinteGame.from_json` refuse a game of the other family.
    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = cls.py();
        let bad = |m: String| value_error(format!("invalid game JSON: {m}"));
        // A text with surrogates: the reference's words (a syntax error, or half a pair).
        let not_unicode = || -> PyResult<PyErr> {
            Ok(python_json_error(py, text.as_any())?
                .unwrap_or_else(|| bad("not JSON (text is not valid Unicode)".into())))
        };
        let text: String = if let Ok(s) = text.cast::<PyString>() {
            match s.to_cow() {
                Ok(t) => t.into_owned(),
                Err(_) => return Err(not_unicode()?),
            }
        } else if text.is_instance_of::<PyBytes>() || text.is_instance_of::<PyByteArray>() {
            // Decode as json.loads does: detect UTF-8/16/32 from the first bytes.
            let jsonmod = py.import("json")?;
            let encoding = jsonmod.call_method1("detect_encoding", (text,))?;
            let raw = py.import("builtins")?.getattr("bytes")?.call1((text,))?;
            match raw.call_method1("decode", (encoding, "surrogatepass")) {
                Ok(s) => match super::str_text(&s) {
                    Some(t) => t,
                    None => return Err(not_unicode()?),
                },
                Err(e) => return Err(bad(format!("not JSON ({})", e.value(py)))),
            }
        } else {
            return Err(bad(format!("expected a str, not {}", type_name(text)?)));
        };
        let game = py.detach(|| AnyGame::from_json(&text).map_err(|e| e.to_string()));
        match game {
            Ok(game) => {
                check_family(cls, &game.rules())
                    .map_err(|e| value_error(format!("invalid game JSON: {}", e.value(py))))?;
                game_object(py, game, None)
            }
            Err(message) => {
                if message.starts_with("invalid game JSON: not JSON (") {
                    // Word a syntax error as Python's json module does, when it agrees.
                    let as_str = PyString::new(py, &text);
                    if let Some(err) = python_json_error(py, as_str.as_any())? {
                        return Err(err);
                    }
                }
                Err(value_error(message))
            }
        }
    }

    /// A position from explicit cards, of any rule set, read as its family's class reads it
    /// (`FifteenGame.from_position`, `QuinteGame.from_position`); a parameter of the other
    /// family is refused. In quinte `table` is the trick in progress, `stock` the cachette,
    /// and `bids`, `quints` and `played` belong to it alone.
    #[classmethod]
    #[pyo3(signature = (rules, hands, table = Given::Missing, stock = Given::Missing,
                        dealer = Given::Missing, turn = None, scores = None, piles = None,
                        escobas = None, last_capturer = None, deal_number = Given::Missing,
                        seed = Given::Missing, *, bids = None, quints = None, played = None),
           text_signature = "(rules, hands, table=(), stock=(), dealer=0, turn=None, scores=None, piles=None, escobas=None, last_capturer=None, deal_number=1, seed=0, *, bids=None, quints=None, played=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_position<'py>(
        cls: &Bound<'py, PyType>,
        rules: &Bound<'py, PyAny>,
        hands: &Bound<'py, PyAny>,
        table: Given<'py>,
        stock: Given<'py>,
        dealer: Given<'py>,
        turn: Option<&Bound<'py, PyAny>>,
        scores: Option<&Bound<'py, PyAny>>,
        piles: Option<&Bound<'py, PyAny>>,
        escobas: Option<&Bound<'py, PyAny>>,
        last_capturer: Option<&Bound<'py, PyAny>>,
        deal_number: Given<'py>,
        seed: Given<'py>,
        bids: Option<&Bound<'py, PyAny>>,
        quints: Option<&Bound<'py, PyAny>>,
        played: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let args = PositionArgs {
            hands,
            table: table.value(),
            stock: stock.value(),
            dealer: dealer.value(),
            turn,
            scores,
            piles,
            last_capturer,
            deal_number: deal_number.value(),
            seed: seed.value(),
        };
        let family = FamilyArgs {
            escobas,
            bids,
            quints,
            played,
        };
        position_object(cls, rules, &args, &family)
    }

    /// What `seat` may know (docs/engine.md "observation(seat)"): its own hand, the sizes
    /// of the others, never the stock order; in quinte also everything played, never the
    /// cachette before it is taken (then it is in a pile). Its cost does not grow with the
    /// match: the deal history is `deals`.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        observation_dict(py, &self.game.observation(self.seat(seat)?))
    }

    fn __str__(&self) -> String {
        self.game.describe()
    }

    fn __repr__(&self) -> String {
        let turn = self
            .game
            .turn()
            .map_or("None".to_string(), |t| t.to_string());
        format!(
            "<Game {} deal {} turn {} scores {}>",
            self.game.rules().repr(),
            self.game.deal_number(),
            turn,
            py_list_text(self.game.scores())
        )
    }

    /// A picture of the game for one seat, or the open view (every hand) when `seat` is
    /// None: a `View`, whose str is text and whose `_repr_svg_` draws it. A seat's view
    /// reads only `observation(seat)`; a seat that does not exist raises ValueError.
    #[pyo3(signature = (seat = None))]
    fn view<'py>(
        slf: &Bound<'py, Self>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = slf.py().import("quinza._view")?;
        view.getattr("view")?.call1((slf, seat))
    }

    /// The open view drawn as SVG text, for a notebook (`quinza._view.game_svg`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "game_svg")
    }

    // -- history, undo, records (the work is in src/history.rs and quinza/_record.py) ----

    /// The seed the match was dealt from: `Game(rules, seed)`'s, or the one drawn when it
    /// was left out; for `from_position` its `seed` argument (where its generator starts);
    /// None for a game from `from_json` (the JSON keeps the generator's state, not the
    /// seed). Kept by `copy`, pickling and `undo`.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.hist.seed()
    }

    /// Every Event since the match began, as a tuple: `start_events` first (what happened
    /// before the first move), then each move's events in order (what `play` returned). A
    /// game from `from_json` or `from_position` begins there: its history holds what was
    /// played since. `undo` takes the last move's events off; `copy` and pickling keep it.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        super::history::history_tuple(py, &self.game, &self.hist, self.start_events(py))
    }

    /// Take back the last move exactly, across the end of a deal or of the match too: the
    /// game, its `history` and `to_json()` are as they were before it. Returns the Move
    /// taken back. With no move to take back (a new match, a game just read from JSON or a
    /// position) raises ValueError and changes nothing.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let (mv, game) = self.hist.undo().map_err(core_error)?;
        self.game = game;
        move_object(py, mv)
    }

    /// The game before the first move of its `history`, as JSON: what `to_json()` gave when
    /// the game was made, and what `undo` goes back to in the end.
    fn start_json(&self) -> String {
        self.hist.start().to_json()
    }

    /// The match as a record (docs/engine.md "Match records"): headers (format version,
    /// rules and every option, the seed or the start position, players, result, scores),
    /// then every move, deal by deal; the same text from both backends. `players`: None,
    /// or one name per seat (such as the bots' text); `date`: None, a text or a
    /// `datetime.date`. `Game.from_record` replays it.
    #[pyo3(signature = (players = None, date = None))]
    fn record<'py>(
        slf: &Bound<'py, Self>,
        players: Option<&Bound<'py, PyAny>>,
        date: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        py.import("quinza._record")?
            .getattr("record")?
            .call1((slf, players, date))
    }

    /// The game a match record describes (docs/engine.md "Match records"), replayed move
    /// by move: the same `to_json()` and `history` as the game that wrote it. A bad record
    /// raises ValueError naming its line ("line N: ...").
    #[classmethod]
    fn from_record<'py>(
        cls: &Bound<'py, PyType>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let rules = py.get_type::<PyRules>();
        py.import("quinza._record")?
            .getattr("from_record")?
            .call1((cls, rules, text))
    }

    /// What `seat` may know as a numpy float32 vector (docs/engine.md "Encodings"): its
    /// shape is fixed by the rule set and player count, each entry named by
    /// `encode_names(rules)`. Written into `out` (a float32 array of that shape) when given.
    #[pyo3(signature = (seat, out=None))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        super::encode::encode(py, &self.game, self.seat(seat)?, out)
    }

    /// A numpy int8 array of `action_count` entries: 1 at the id of every legal move, else
    /// 0 (all 0 once the match is over). Written into `out` when given.
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        super::encode::action_mask(py, &self.game, out)
    }

    /// The action id of a legal move (a Move or its text); an illegal one is a ValueError.
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        super::encode::action_of(&self.game, r#move)
    }

    /// The legal Move of an action id; an id out of range or masked off is a ValueError.
    fn move_of<'py>(&self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        super::encode::move_of(&self.game, action)
    }

    /// The number of action ids of the rule set: the size of `action_mask()`.
    #[getter]
    fn action_count(&self) -> usize {
        crate::encode::action_count(&self.game.rules())
    }
}

/// `from_position` of any of the three classes (the arguments a class lacks are None).
fn position_object<'py>(
    cls: &Bound<'py, PyType>,
    rules: &Bound<'py, PyAny>,
    args: &PositionArgs<'_, 'py>,
    family: &FamilyArgs<'_, 'py>,
) -> PyResult<Py<PyAny>> {
    let rules = rules_arg(rules)?;
    check_family(cls, &rules)?;
    let game = match rules {
        RuleSet::Quinte(r) => AnyGame::Quinte(quinte_position(r, args, family)?),
        RuleSet::Fifteen(r) => {
            let quinte_only = [
                ("bids", family.bids),
                ("quints", family.quints),
                ("played", family.played),
            ];
            for (key, value) in quinte_only {
                if value.is_some() {
                    return Err(value_error(format!(
                        "{key} belong to quinte, not to {}",
                        r.name()
                    )));
                }
            }
            AnyGame::Fifteen(fifteen_position(r, args, family.escobas)?)
        }
    };
    // A position's generator starts at its seed (0 when left out): `game.seed`.
    let seed = args.seed.map(seed_arg).transpose()?.unwrap_or(0);
    game_object(cls.py(), game, Some(seed))
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

#[pymethods]
impl PyFifteenGame {
    #[new]
    #[allow(clippy::new_ret_no_self)] // a family's class: a FifteenGame or a QuinteGame
    #[pyo3(signature = (rules = Given::Missing, seed = None),
           text_signature = "(rules='quinza', seed=None)")]
    fn new<'py>(
        py: Python<'py>,
        rules: Given<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        new_game(
            &py.get_type::<PyFifteenGame>(),
            &rules,
            fifteen::rules::Variant::DEFAULT.name(),
            seed,
        )
    }

    /// A position from explicit cards; the stock is dealt in the order given and later
    /// deals are shuffled by the generator started at `seed`.
    #[classmethod]
    #[pyo3(signature = (rules, hands, table = Given::Missing, stock = Given::Missing,
                        dealer = Given::Missing, turn = None, scores = None, piles = None,
                        escobas = None, last_capturer = None, deal_number = Given::Missing,
                        seed = Given::Missing),
           text_signature = "(rules, hands, table=(), stock=(), dealer=0, turn=None, scores=None, piles=None, escobas=None, last_capturer=None, deal_number=1, seed=0)")]
    #[allow(clippy::too_many_arguments)]
    fn from_position<'py>(
        cls: &Bound<'py, PyType>,
        rules: &Bound<'py, PyAny>,
        hands: &Bound<'py, PyAny>,
        table: Given<'py>,
        stock: Given<'py>,
        dealer: Given<'py>,
        turn: Option<&Bound<'py, PyAny>>,
        scores: Option<&Bound<'py, PyAny>>,
        piles: Option<&Bound<'py, PyAny>>,
        escobas: Option<&Bound<'py, PyAny>>,
        last_capturer: Option<&Bound<'py, PyAny>>,
        deal_number: Given<'py>,
        seed: Given<'py>,
    ) -> PyResult<Py<PyAny>> {
        let args = PositionArgs {
            hands,
            table: table.value(),
            stock: stock.value(),
            dealer: dealer.value(),
            turn,
            scores,
            piles,
            last_capturer,
            deal_number: deal_number.value(),
            seed: seed.value(),
        };
        let family = FamilyArgs {
            escobas,
            bids: None,
            quints: None,
            played: None,
        };
        position_object(cls, rules, &args, &family)
    }
}

/// The quinte game of a `QuinteGame` object (always there: the class is made for it).
fn quinte_of<'a>(slf: &'a PyRef<'_, PyQuinteGame>) -> PyResult<&'a quinte::Game> {
    slf.as_super()
        .game
        .quinte()
        .ok_or_else(|| value_error("a QuinteGame holds a quinte match"))
}

#[pymethods]
impl PyQuinteGame {
    #[new]
    #[allow(clippy::new_ret_no_self)] // a family's class: a FifteenGame or a QuinteGame
    #[pyo3(signature = (rules = Given::Missing, seed = None),
           text_signature = "(rules='quinte', seed=None)")]
    fn new<'py>(
        py: Python<'py>,
        rules: Given<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        new_game(
            &py.get_type::<PyQuinteGame>(),
            &rules,
            quinte::rules::NAME,
            seed,
        )
    }

    /// A quinte position from explicit cards (docs/engine.md "Quinte: from_position").
    ///
    /// `table` is the trick in progress in play order, `stock` the cachette, `piles` the cards
    /// each side has won, `last_capturer` the seat that won the last trick (it leads the
    /// current one), `bids` the bid words from the seat after the dealer, `quints` the quint
    /// points each side scored this deal (already part of `scores`), `played` every card
    /// played this deal in play order.
    #[classmethod]
    #[pyo3(signature = (rules, hands, table = Given::Missing, stock = Given::Missing,
                        dealer = Given::Missing, turn = None, scores = None, piles = None,
                        last_capturer = None, deal_number = Given::Missing,
                        seed = Given::Missing, *, bids = None, quints = None, played = None),
           text_signature = "(rules, hands, table=(), stock=(), dealer=0, turn=None, scores=None, piles=None, last_capturer=None, deal_number=1, seed=0, *, bids=None, quints=None, played=None)")]
    #[allow(clippy::too_many_arguments)]
    fn from_position<'py>(
        cls: &Bound<'py, PyType>,
        rules: &Bound<'py, PyAny>,
        hands: &Bound<'py, PyAny>,
        table: Given<'py>,
        stock: Given<'py>,
        dealer: Given<'py>,
        turn: Option<&Bound<'py, PyAny>>,
        scores: Option<&Bound<'py, PyAny>>,
        piles: Option<&Bound<'py, PyAny>>,
        last_capturer: Option<&Bound<'py, PyAny>>,
        deal_number: Given<'py>,
        seed: Given<'py>,
        bids: Option<&Bound<'py, PyAny>>,
        quints: Option<&Bound<'py, PyAny>>,
        played: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let args = PositionArgs {
            hands,
            table: table.value(),
            stock: stock.value(),
            dealer: dealer.value(),
            turn,
            scores,
            piles,
            last_capturer,
            deal_number: deal_number.value(),
            seed: seed.value(),
        };
        let family = FamilyArgs {
            escobas: None,
            bids,
            quints,
            played,
        };
        position_object(cls, rules, &args, &family)
    }

    /// "doubling", "play", or "over" when the match is over.
    #[getter]
    fn phase(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(quinte_of(&slf)?.phase().name())
    }

    /// The trick in progress as (seat, card) in play order.
    #[getter]
    fn trick<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let list = PyList::empty(py);
        for (seat, card) in quinte_of(&slf)?.trick() {
            list.append((seat, card_object(py, AnyCard::Quinte(card))?))?;
        }
        Ok(list)
    }

    /// The seat that leads (or led) the current trick; None when the match is over.
    #[getter]
    fn leader(slf: PyRef<'_, Self>) -> PyResult<Option<u8>> {
        Ok(quinte_of(&slf)?.leader())
    }

    /// The trick in progress or about to start, 1..12.
    #[getter]
    fn trick_number(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(quinte_of(&slf)?.trick_number())
    }

    /// Tricks each side has won in this deal; the cachette counts as a thirteenth trick
    /// once taken.
    #[getter]
    fn tricks_won(slf: PyRef<'_, Self>) -> PyResult<Vec<u32>> {
        Ok(quinte_of(&slf)?.tricks_won().map(u32::from).to_vec())
    }

    /// Quint points each side scored in this deal (already in `scores`).
    #[getter]
    fn quints(slf: PyRef<'_, Self>) -> PyResult<Vec<u64>> {
        Ok(quinte_of(&slf)?.quints().to_vec())
    }

    /// The bids so far as (seat, word), the first by the seat after the dealer.
    #[getter]
    fn bids<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(slf.py());
        for (seat, bid) in quinte_of(&slf)?.bids_by_seat() {
            list.append((seat, bid.word()))?;
        }
        Ok(list)
    }

    /// What a trick is worth in fives: 1, 2 when doubled, 4 when redoubled.
    #[getter]
    fn multiplier(slf: PyRef<'_, Self>) -> PyResult<u64> {
        Ok(quinte_of(&slf)?.multiplier())
    }

    /// The side that doubled in this deal, or None.
    #[getter]
    fn doubled_by(slf: PyRef<'_, Self>) -> PyResult<Option<u8>> {
        Ok(quinte_of(&slf)?.doubling().doubled_by)
    }

    /// Whether the double was redoubled in this deal.
    #[getter]
    fn redoubled(slf: PyRef<'_, Self>) -> PyResult<bool> {
        Ok(quinte_of(&slf)?.doubling().redoubled)
    }

    /// Every card played this deal, in play order.
    #[getter]
    fn played<'py>(slf: PyRef<'py, Self>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        let py = slf.py();
        quinte_of(&slf)?
            .played()
            .iter()
            .map(|c| card_object(py, AnyCard::Quinte(*c)))
            .collect()
    }
}

/// The arguments of `from_position` both families share, `None` values already dropped
/// where the reference treats None as left out.
struct PositionArgs<'a, 'py> {
    hands: &'a Bound<'py, PyAny>,
    table: Option<&'a Bound<'py, PyAny>>,
    stock: Option<&'a Bound<'py, PyAny>>,
    dealer: Option<&'a Bound<'py, PyAny>>,
    turn: Option<&'a Bound<'py, PyAny>>,
    scores: Option<&'a Bound<'py, PyAny>>,
    piles: Option<&'a Bound<'py, PyAny>>,
    last_capturer: Option<&'a Bound<'py, PyAny>>,
    deal_number: Option<&'a Bound<'py, PyAny>>,
    seed: Option<&'a Bound<'py, PyAny>>,
}

/// The arguments of one family: `escobas` (the fifteen family), `bids`, `quints` and
/// `played` (quinte); the other family refuses them.
struct FamilyArgs<'a, 'py> {
    escobas: Option<&'a Bound<'py, PyAny>>,
    bids: Option<&'a Bound<'py, PyAny>>,
    quints: Option<&'a Bound<'py, PyAny>>,
    played: Option<&'a Bound<'py, PyAny>>,
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

/// A fifteen-family position: the conversions in the reference's order, then the core.
fn fifteen_position(
    rules: fifteen::Rules,
    a: &PositionArgs<'_, '_>,
    escobas: Option<&Bound<'_, PyAny>>,
) -> PyResult<fifteen::Game> {
    let n = rules.players;
    let sides = rules.sides() as usize;
    let mut p = Position::new(rules);
    p.hands = per(a.hands, n as usize, "hands", "seat")?
        .iter()
        .map(|h| cards_of(h, "hands"))
        .collect::<PyResult<_>>()?;
    if let Some(t) = a.table {
        p.table = cards_of(t, "table")?;
    }
    if let Some(s) = a.stock {
        p.stock = cards_of(s, "stock")?;
    }
    if let Some(pl) = a.piles {
        p.piles = per(pl, sides, "piles", "side")?
            .iter()
            .map(|x| cards_of(x, "piles"))
            .collect::<PyResult<_>>()?;
    }
    if let Some(sc) = a.scores {
        p.scores = per(sc, sides, "scores", "side")?
            .iter()
            .map(count_arg)
            .collect::<PyResult<_>>()?;
    }
    if let Some(es) = escobas {
        p.escobas = per(es, sides, "escobas", "side")?
            .iter()
            .map(count_arg)
            .collect::<PyResult<_>>()?;
    }
    if let Some(d) = a.dealer {
        p.dealer = index_arg(d, n, "dealer")?;
    }
    if let Some(lc) = a.last_capturer {
        p.last_capturer = Some(index_arg(lc, n, "last_capturer")?);
    }
    if let Some(dn) = a.deal_number {
        p.deal_number = deal_number_arg(dn)?;
    }
    if let Some(s) = a.seed {
        p.seed = seed_arg(s)?;
    }
    p.turn = turn_arg(a.turn, n);
    fifteen::Game::from_position(p).map_err(core_error)
}

/// A quinte position: check 1 of docs/engine.md (shapes and conversions, in parameter
/// order), then the core's checks.
fn quinte_position(
    rules: quinte::Rules,
    a: &PositionArgs<'_, '_>,
    q: &FamilyArgs<'_, '_>,
) -> PyResult<quinte::Game> {
    let mut p = quinte::Position::new(rules);
    p.hands = per(a.hands, 4, "hands", "seat")?
        .iter()
        .map(|h| quinte_cards_of(h, "hands"))
        .collect::<PyResult<_>>()?;
    if let Some(t) = a.table {
        p.table = quinte_cards_of(t, "table")?;
    }
    if let Some(s) = a.stock {
        p.stock = quinte_cards_of(s, "stock")?;
    }
    if let Some(pl) = a.piles {
        p.piles = per(pl, 2, "piles", "side")?
            .iter()
            .map(|x| quinte_cards_of(x, "piles"))
            .collect::<PyResult<_>>()?;
    }
    if let Some(sc) = a.scores {
        let v = per(sc, 2, "scores", "side")?;
        p.scores = [points_arg(&v[0], "scores")?, points_arg(&v[1], "scores")?];
    }
    if q.escobas.is_some() {
        return Err(value_error("quinte has no escobas"));
    }
    if let Some(d) = a.dealer {
        p.dealer = index_arg(d, 4, "dealer")?;
    }
    if let Some(lc) = a.last_capturer {
        p.last_capturer = Some(index_arg(lc, 4, "last_capturer")?);
    }
    if let Some(dn) = a.deal_number {
        p.deal_number = deal_number_arg(dn)?;
    }
    if let Some(s) = a.seed {
        p.seed = seed_arg(s)?;
    }
    if let Some(b) = q.bids {
        p.bids = Some(
            iterable(b, "bids")?
                .iter()
                .map(bid_word)
                .collect::<PyResult<_>>()?,
        );
    }
    if let Some(qs) = q.quints {
        let v = per(qs, 2, "quints", "side")?;
        p.quints = [points_arg(&v[0], "quints")?, points_arg(&v[1], "quints")?];
    }
    if let Some(pl) = q.played {
        p.played = Some(quinte_cards_of(pl, "played")?);
    }
    p.turn = turn_arg(a.turn, 4);
    quinte::Game::from_position(p).map_err(core_error)
}

/// Why a text is not JSON, in the words the reference uses (`quinza._jsontext`: Python's
/// json module for a syntax error), or None when it reads the text.
fn python_json_error(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Option<PyErr>> {
    let loads = py.import("quinza._jsontext")?.getattr("loads")?;
    match loads.call1((text,)) {
        Ok(_) => Ok(None),
        Err(e) => {
            if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) {
                Ok(Some(value_error(format!(
                    "invalid game JSON: not JSON ({})",
                    e.value(py)
                ))))
            } else {
                Err(e)
            }
        }
    }
}

// -- DealResult ----------------------------------------------------------------------------

#[pymethods]
impl PyDealResult {
    /// The deal's number in the match, 1 for the first.
    #[getter]
    fn deal_number(&self) -> u64 {
        self.deal.deal_number()
    }

    /// The seat that dealt it.
    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer()
    }

    /// Per side, every card the side ended the deal with (leftovers included), sorted.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in self.deal.piles() {
            list.append(card_list(py, p)?)?;
        }
        Ok(list)
    }

    /// Per side, the points the deal added to the match.
    #[getter]
    fn points(&self) -> Vec<u64> {
        self.deal.points().to_vec()
    }

    /// Per side, a dict of how the points are made up: quinza and rb3ine "gold" and
    /// "other"; escoba "cards", "oros", "seven_of_oros", "setenta" and "escobas"; quinte
    /// "quints" and "tricks".
    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        details_list(py, &self.deal)
    }

    /// Per side, the deal's escobas (always 0 outside escoba).
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.deal.escobas().to_vec()
    }

    /// The seat that made the deal's last capture (quinte: won its last trick), or None.
    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.deal.last_capturer()
    }

    /// The deal as a dict of plain values, the cards as text.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        deal_dict(py, &self.deal)
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match other.cast::<PyDealResult>() {
            Ok(o) => o.get().deal == self.deal,
            Err(_) => false,
        };
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let details = details_list(py, &self.deal)?;
        Ok(format!(
            "DealResult(deal_number={}, dealer={}, points={}, details={}, last_capturer={})",
            self.deal.deal_number(),
            self.deal.dealer(),
            py_list_text(self.deal.points()),
            details.repr()?,
            self.deal
                .last_capturer()
                .map_or("None".to_string(), |x| x.to_string())
        ))
    }
}
