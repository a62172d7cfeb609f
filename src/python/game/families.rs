//! All that differs by family in the bindings, the one file of them that names a family:
//! the families' classes (`FifteenGame` and `QuinteGame` are made and read from a position
//! as `Game` is, for their own rule sets only; what only quinte has, its phase, trick, bids
//! and doubling, lives on `QuinteGame`), which class a game object is made in, each
//! family's reading of a position, and the observation dict of each.

use super::construction::{
    count_arg, counts_of, iterable, points_arg, read_cards, read_numbers, turn_arg, PositionArgs,
};
use super::{game_seed, PyGame};
use crate::any::{AnyCard, AnyCardSet, AnyGame, AnyMove, AnyObservation, Deck, RuleSet};
use crate::fifteen;
use crate::fifteen::game::Position;
use crate::history::History;
use crate::python::cards::{card_object, text_list, to_card, PyCard, PyMove};
use crate::python::convert::{core_error, opt_int, shown, str_text, value_error, Given};
use crate::python::events::event_tuple;
use crate::python::random::seed_arg;
use crate::python::rules::{game_rules_arg, rules_arg, PyRules, RulesKeywords};
use crate::quinte;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

#[doc = docstring!(FifteenGame)]
#[pyclass(module = "quinza._core", name = "FifteenGame", extends = PyGame)]
pub struct PyFifteenGame {}

#[doc = docstring!(QuinteGame)]
#[pyclass(module = "quinza._core", name = "QuinteGame", extends = PyGame)]
pub struct PyQuinteGame {}

/// Adds the families' classes to the module.
pub(crate) fn add_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFifteenGame>()?;
    m.add_class::<PyQuinteGame>()
}

/// The Python object of a game with nothing played yet: a `FifteenGame` or a
/// `QuinteGame`; `seed` is what `game.seed` tells.
pub(crate) fn game_object(py: Python<'_>, game: AnyGame, seed: Option<u64>) -> PyResult<Py<PyAny>> {
    let hist = History::new(&game, seed);
    game_with_start(py, game, None, hist)
}

/// `game_object`, with the events that came before its first move and its history.
pub(super) fn game_with_start(
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

/// `class(rules, seed)`: a new match of the rule set given (`default` when left out) in
/// its family's class; `Game` takes any rule set, a family's class only its own.
pub(super) fn new_game<'py>(
    class: &Bound<'py, PyType>,
    rules: &Given<'py>,
    default: &str,
    seed: Option<&Bound<'py, PyAny>>,
    kw: &RulesKeywords<'_, 'py>,
) -> PyResult<Py<PyAny>> {
    let py = class.py();
    let rules = game_rules_arg(py, rules.value(), default, kw)?;
    check_family(class, &rules)?;
    let mut events = Vec::new();
    let seed = game_seed(py, seed)?;
    let game = AnyGame::new_recording(rules, seed, &mut events);
    let start = event_tuple(py, &game, &events, None)?.unbind();
    let hist = History::new(&game, Some(seed));
    game_with_start(py, game, Some(start), hist)
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
pub(super) fn check_family(cls: &Bound<'_, PyType>, rules: &RuleSet) -> PyResult<()> {
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

/// A quinte position: check 1 of docs/reference/game.md (shapes and conversions, in parameter
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

/// A card of the baraja, from a Card or its text.
fn to_baraja(obj: &Bound<'_, PyAny>) -> PyResult<crate::cards::Card> {
    match to_card(obj, Deck::Baraja)? {
        AnyCard::Baraja(c) => Ok(c),
        AnyCard::Quinte(_) => Err(value_error("not a baraja card")),
    }
}

/// A card of the quinte deck, from a Card or its text.
fn to_quinte(obj: &Bound<'_, PyAny>) -> PyResult<quinte::Card> {
    match to_card(obj, Deck::Quinte)? {
        AnyCard::Quinte(c) => Ok(c),
        AnyCard::Baraja(_) => Err(value_error("not a quinte card")),
    }
}

/// The observation dict of docs/reference/game.md "Observation", key for key as the reference.
pub(super) fn observation_dict<'py>(
    py: Python<'py>,
    o: &AnyObservation,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match o {
        AnyObservation::Fifteen(o) => {
            let rules = RuleSet::Fifteen(o.rules);
            set_head(&d, o.seat, rules, o.deal_number, o.dealer, o.turn)?;
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
            set_tail(&d, o.last_capturer, o.scores(), o.winner)?;
        }
        AnyObservation::Quinte(o) => {
            let rules = RuleSet::Quinte(o.rules);
            set_head(&d, o.seat, rules, o.deal_number, o.dealer, o.turn)?;
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
            set_tail(&d, o.last_capturer, &o.scores, o.winner)?;
        }
    }
    Ok(d)
}

/// The keys every family's observation starts with.
fn set_head(
    d: &Bound<'_, PyDict>,
    seat: u8,
    rules: RuleSet,
    deal_number: u64,
    dealer: u8,
    turn: Option<u8>,
) -> PyResult<()> {
    let py = d.py();
    d.set_item("seat", seat)?;
    d.set_item("rules", PyRules { rules }.dict(py)?)?;
    d.set_item("deal_number", deal_number)?;
    d.set_item("dealer", dealer)?;
    d.set_item("turn", opt_int(py, turn)?)
}

/// The keys every family's observation ends with.
fn set_tail(
    d: &Bound<'_, PyDict>,
    last_capturer: Option<u8>,
    scores: &[u64],
    winner: Option<u8>,
) -> PyResult<()> {
    let py = d.py();
    d.set_item("last_capturer", opt_int(py, last_capturer)?)?;
    d.set_item("scores", scores)?;
    d.set_item("winner", opt_int(py, winner)?)
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

#[pymethods]
impl PyFifteenGame {
    #[new]
    #[allow(clippy::new_ret_no_self)] // a family's class: a FifteenGame or a QuinteGame
    #[pyo3(signature = (rules = Given::Missing, seed = None, *, players = None, target = None, **options),
           text_signature = "(rules='quinza', seed=None, *, players=None, target=None, **options)")]
    fn new<'py>(
        py: Python<'py>,
        rules: Given<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        players: Option<&Bound<'py, PyAny>>,
        target: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let kw = RulesKeywords {
            players,
            target,
            options,
        };
        new_game(
            &py.get_type::<PyFifteenGame>(),
            &rules,
            fifteen::rules::Variant::DEFAULT.name(),
            seed,
            &kw,
        )
    }

    #[doc = docstring!(FifteenGame.from_position)]
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
        // Game's parser; this signature only leaves out the other family's parameters.
        PyGame::from_position(
            cls,
            rules,
            hands,
            table,
            stock,
            dealer,
            turn,
            scores,
            piles,
            escobas,
            last_capturer,
            deal_number,
            seed,
            None,
            None,
            None,
        )
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
    #[pyo3(signature = (rules = Given::Missing, seed = None, *, players = None, target = None, **options),
           text_signature = "(rules='quinte', seed=None, *, players=None, target=None, **options)")]
    fn new<'py>(
        py: Python<'py>,
        rules: Given<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        players: Option<&Bound<'py, PyAny>>,
        target: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let kw = RulesKeywords {
            players,
            target,
            options,
        };
        new_game(
            &py.get_type::<PyQuinteGame>(),
            &rules,
            quinte::rules::NAME,
            seed,
            &kw,
        )
    }

    #[doc = docstring!(QuinteGame.from_position)]
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
        // Game's parser; this signature only leaves out the other family's parameters.
        PyGame::from_position(
            cls,
            rules,
            hands,
            table,
            stock,
            dealer,
            turn,
            scores,
            piles,
            None,
            last_capturer,
            deal_number,
            seed,
            bids,
            quints,
            played,
        )
    }

    #[doc = docstring!(QuinteGame.phase)]
    #[getter]
    fn phase(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(quinte_of(&slf)?.phase().name())
    }

    #[doc = docstring!(QuinteGame.trick)]
    #[getter]
    fn trick<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let list = PyList::empty(py);
        for (seat, card) in quinte_of(&slf)?.trick() {
            list.append((seat, card_object(py, AnyCard::Quinte(card))?))?;
        }
        Ok(list)
    }

    #[doc = docstring!(QuinteGame.leader)]
    #[getter]
    fn leader(slf: PyRef<'_, Self>) -> PyResult<Option<u8>> {
        Ok(quinte_of(&slf)?.leader())
    }

    #[doc = docstring!(QuinteGame.trick_number)]
    #[getter]
    fn trick_number(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(quinte_of(&slf)?.trick_number())
    }

    #[doc = docstring!(QuinteGame.tricks_won)]
    #[getter]
    fn tricks_won(slf: PyRef<'_, Self>) -> PyResult<Vec<u32>> {
        Ok(quinte_of(&slf)?.tricks_won().map(u32::from).to_vec())
    }

    #[doc = docstring!(QuinteGame.quints)]
    #[getter]
    fn quints(slf: PyRef<'_, Self>) -> PyResult<Vec<u64>> {
        Ok(quinte_of(&slf)?.quints().to_vec())
    }

    #[doc = docstring!(QuinteGame.bids)]
    #[getter]
    fn bids<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(slf.py());
        for (seat, bid) in quinte_of(&slf)?.bids_by_seat() {
            list.append((seat, bid.word()))?;
        }
        Ok(list)
    }

    #[doc = docstring!(QuinteGame.multiplier)]
    #[getter]
    fn multiplier(slf: PyRef<'_, Self>) -> PyResult<u64> {
        Ok(quinte_of(&slf)?.multiplier())
    }

    #[doc = docstring!(QuinteGame.doubled_by)]
    #[getter]
    fn doubled_by(slf: PyRef<'_, Self>) -> PyResult<Option<u8>> {
        Ok(quinte_of(&slf)?.doubling().doubled_by)
    }

    #[doc = docstring!(QuinteGame.redoubled)]
    #[getter]
    fn redoubled(slf: PyRef<'_, Self>) -> PyResult<bool> {
        Ok(quinte_of(&slf)?.doubling().redoubled)
    }

    #[doc = docstring!(QuinteGame.played)]
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
