//! `Card` and `Move`: small frozen values of either deck. Card objects are made once per
//! card (40 of the baraja, 53 of quinte); quinte moves (53 cards, 3 bids) likewise.

use super::convert::{shown, str_text, type_name, value_error, Given};
use crate::any::{unknown_deck_message, AnyCard, AnyCardSet, AnyMove, Deck};
use crate::fifteen::moves::{bad_move_message_shown, Move, MoveTextError};
use crate::quinte;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple, PyType};

#[doc = docstring!(Card)]
#[pyclass(module = "quinza._core", name = "Card", frozen)]
pub struct PyCard {
    pub(crate) card: AnyCard,
}

static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();

/// Index of a card in the table of Card objects: the baraja's 40, then quinte's 53.
fn slot(card: AnyCard) -> usize {
    match card {
        AnyCard::Baraja(c) => c.id() as usize,
        AnyCard::Quinte(c) => crate::cards::DECK_SIZE + c.id() as usize,
    }
}

/// The shared Card object of a core card (one per card, made once).
pub(crate) fn card_object<'py>(py: Python<'py>, card: AnyCard) -> PyResult<Bound<'py, PyCard>> {
    let all = CARDS.get_or_try_init(py, || -> PyResult<Vec<Py<PyCard>>> {
        let mut v = Vec::with_capacity(crate::cards::DECK_SIZE + quinte::cards::DECK_SIZE);
        for deck in [Deck::Baraja, Deck::Quinte] {
            for id in 0..deck.size() {
                let card = AnyCard::from_id(id, deck).ok_or_else(|| value_error("card id"))?;
                v.push(Py::new(py, PyCard { card })?);
            }
        }
        Ok(v)
    })?;
    match all.get(slot(card)) {
        Some(obj) => Ok(obj.bind(py).clone()),
        None => Err(value_error("card id out of range")),
    }
}

/// Card objects for every card of a set, in id order.
pub(crate) fn card_list<'py>(
    py: Python<'py>,
    set: AnyCardSet,
) -> PyResult<Vec<Bound<'py, PyCard>>> {
    set.cards()
        .into_iter()
        .map(|c| card_object(py, c))
        .collect()
}

/// The cards of a set as text, in id order.
pub(crate) fn text_list<'py>(py: Python<'py>, set: AnyCardSet) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, set.cards().iter().map(|c| c.to_string()))
}

/// `_check_deck`: "baraja" or "quinte", else the reference's message.
pub(crate) fn deck_arg(obj: &Bound<'_, PyAny>) -> PyResult<Deck> {
    match str_text(obj).as_deref().and_then(Deck::parse) {
        Some(deck) if obj.is_instance_of::<PyString>() => Ok(deck),
        _ => Err(value_error(unknown_deck_message(&shown(obj)?))),
    }
}

/// A deck argument that may be left out (the baraja).
fn deck_or_baraja(deck: &Given<'_>) -> PyResult<Deck> {
    match deck.value() {
        Some(d) => deck_arg(d),
        None => Ok(Deck::Baraja),
    }
}

/// A card of `deck` from a Card or its text: a Card of the other deck is refused, and
/// text that is no card is an invalid card named by its repr.
pub(crate) fn to_card(obj: &Bound<'_, PyAny>, deck: Deck) -> PyResult<AnyCard> {
    if let Ok(c) = obj.cast::<PyCard>() {
        let card = c.get().card;
        if card.deck() != deck {
            return Err(value_error(card.wrong_deck_message(deck)));
        }
        return Ok(card);
    }
    parse_card(obj, deck)
}

pub(crate) fn to_baraja(obj: &Bound<'_, PyAny>) -> PyResult<crate::cards::Card> {
    match to_card(obj, Deck::Baraja)? {
        AnyCard::Baraja(c) => Ok(c),
        AnyCard::Quinte(_) => Err(value_error("not a baraja card")),
    }
}

pub(crate) fn to_quinte(obj: &Bound<'_, PyAny>) -> PyResult<quinte::Card> {
    match to_card(obj, Deck::Quinte)? {
        AnyCard::Quinte(c) => Ok(c),
        AnyCard::Baraja(_) => Err(value_error("not a quinte card")),
    }
}

/// `Card(text, deck)`: strict notation of the deck.
pub(crate) fn parse_card(obj: &Bound<'_, PyAny>, deck: Deck) -> PyResult<AnyCard> {
    if let Some(text) = str_text(obj) {
        if let Ok(c) = AnyCard::parse(&text, deck) {
            return Ok(c);
        }
    }
    let shown = shown(obj)?;
    Err(value_error(crate::any::bad_card_message(
        &shown,
        str_text(obj).as_deref(),
        deck,
    )))
}

fn py_bool(py: Python<'_>, b: bool) -> PyResult<Py<PyAny>> {
    Ok(b.into_pyobject(py)?.to_owned().into_any().unbind())
}

#[pymethods]
impl PyCard {
    #[new]
    #[pyo3(signature = (text, deck = Given::Missing), text_signature = "(text, deck='baraja')")]
    fn new(text: &Bound<'_, PyAny>, deck: Given<'_>) -> PyResult<Self> {
        let deck = deck_or_baraja(&deck)?;
        // A Card stands for itself, in its own deck.
        Ok(PyCard {
            card: to_card(text, deck)?,
        })
    }

    #[doc = docstring!(Card.parse)]
    #[classmethod]
    #[pyo3(signature = (text, deck = Given::Missing), text_signature = "(text, deck='baraja')")]
    fn parse<'py>(
        _cls: &Bound<'py, PyType>,
        text: &Bound<'py, PyAny>,
        deck: Given<'py>,
    ) -> PyResult<Bound<'py, PyCard>> {
        let deck = deck_or_baraja(&deck)?;
        card_object(text.py(), parse_card(text, deck)?)
    }

    #[doc = docstring!(Card.from_id)]
    #[classmethod]
    #[pyo3(signature = (card_id, deck = Given::Missing), text_signature = "(card_id, deck='baraja')")]
    fn from_id<'py>(
        _cls: &Bound<'py, PyType>,
        card_id: &Bound<'py, PyAny>,
        deck: Given<'py>,
    ) -> PyResult<Bound<'py, PyCard>> {
        let deck = deck_or_baraja(&deck)?;
        let size = deck.size();
        let card = match super::convert::plain_int(card_id) {
            Some(Ok(i)) if (0..size as i128).contains(&i) => AnyCard::from_id(i as u8, deck),
            _ => None,
        };
        match card {
            Some(card) => card_object(card_id.py(), card),
            None => Err(value_error(format!(
                "card id must be 0..{}, not {}",
                size - 1,
                shown(card_id)?
            ))),
        }
    }

    #[doc = docstring!(Card.id)]
    #[getter]
    fn id(&self) -> u8 {
        self.card.id()
    }

    #[doc = docstring!(Card.deck)]
    #[getter]
    fn deck(&self) -> &'static str {
        self.card.deck().name()
    }

    #[doc = docstring!(Card.suit)]
    #[getter]
    fn suit(&self) -> Option<String> {
        match self.card {
            AnyCard::Baraja(c) => Some(c.suit_char().to_string()),
            AnyCard::Quinte(c) => c.suit_char().map(|s| s.to_string()),
        }
    }

    #[doc = docstring!(Card.rank)]
    #[getter]
    fn rank(&self) -> u8 {
        match self.card {
            AnyCard::Baraja(c) => c.printed(),
            AnyCard::Quinte(c) => c.rank(),
        }
    }

    #[doc = docstring!(Card.is_joker)]
    #[getter]
    fn is_joker(&self) -> bool {
        matches!(self.card, AnyCard::Quinte(c) if c.is_joker())
    }

    fn __str__(&self) -> String {
        self.card.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.card)
    }

    fn __hash__(&self) -> u64 {
        // Distinct from the ids themselves; equal cards hash alike.
        0x5157_0000 + slot(self.card) as u64
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyCard>() else {
            return match op {
                CompareOp::Eq => py_bool(py, false),
                CompareOp::Ne => py_bool(py, true),
                _ => Ok(py.NotImplemented()),
            };
        };
        let (a, b) = (slot(self.card), slot(other.get().card));
        py_bool(
            py,
            match op {
                CompareOp::Lt => a < b,
                CompareOp::Le => a <= b,
                CompareOp::Eq => a == b,
                CompareOp::Ne => a != b,
                CompareOp::Gt => a > b,
                CompareOp::Ge => a >= b,
            },
        )
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let card = slf.get().card;
        let args = match card.deck() {
            Deck::Baraja => PyTuple::new(py, [card.to_string()])?,
            Deck::Quinte => PyTuple::new(py, [card.to_string(), "quinte".to_string()])?,
        };
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }

    #[doc = docstring!(Card._repr_svg_)]
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "card_svg")
    }
}

#[doc = docstring!(Move)]
#[pyclass(module = "quinza._core", name = "Move", frozen)]
pub struct PyMove {
    pub(crate) mv: AnyMove,
}

static QUINTE_MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

/// The shared Move object of a quinte move (53 cards, then the 3 bids).
pub(crate) fn quinte_move_object<'py>(
    py: Python<'py>,
    mv: quinte::Move,
) -> PyResult<Bound<'py, PyMove>> {
    let all = QUINTE_MOVES.get_or_try_init(py, || -> PyResult<Vec<Py<PyMove>>> {
        let mut v = Vec::with_capacity(quinte::cards::DECK_SIZE + 3);
        for id in 0..quinte::cards::DECK_SIZE as u8 {
            let card = quinte::Card::from_id(id).ok_or_else(|| value_error("card id"))?;
            v.push(Py::new(
                py,
                PyMove::from_core(AnyMove::Quinte(quinte::Move::Card(card))),
            )?);
        }
        for bid in quinte::moves::BIDS {
            v.push(Py::new(
                py,
                PyMove::from_core(AnyMove::Quinte(quinte::Move::Bid(bid))),
            )?);
        }
        Ok(v)
    })?;
    let index = match mv {
        quinte::Move::Card(c) => c.id() as usize,
        quinte::Move::Bid(b) => quinte::cards::DECK_SIZE + b as usize,
    };
    match all.get(index) {
        Some(obj) => Ok(obj.bind(py).clone()),
        None => Err(value_error("move out of range")),
    }
}

/// The Move object of a core move.
#[inline]
pub(crate) fn move_object<'py>(py: Python<'py>, mv: AnyMove) -> PyResult<Bound<'py, PyMove>> {
    match mv {
        AnyMove::Quinte(m) => quinte_move_object(py, m),
        AnyMove::Fifteen(_) => Bound::new(py, PyMove::from_core(mv)),
    }
}

impl PyMove {
    pub(crate) fn from_core(mv: AnyMove) -> PyMove {
        PyMove { mv }
    }
}

/// `Move.parse(text)` in the baraja: the reference's messages, the text quoted by repr.
pub(crate) fn parse_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Some(text) = str_text(obj) {
        match Move::parse_detailed(&text) {
            Ok(m) => return Ok(m),
            Err(MoveTextError::Twice(message)) => return Err(value_error(message)),
            Err(MoveTextError::Malformed) => {}
        }
    }
    Err(value_error(bad_move_message_shown(&shown(obj)?)))
}

/// `Move.parse(text, deck="quinte")`: one card or one bid word.
pub(crate) fn parse_quinte_move(obj: &Bound<'_, PyAny>) -> PyResult<quinte::Move> {
    if let Some(text) = str_text(obj) {
        if let Ok(m) = quinte::Move::parse(&text) {
            return Ok(m);
        }
    }
    Err(value_error(quinte::moves::bad_move_message_shown(&shown(
        obj,
    )?)))
}

/// Move text read in a deck.
pub(crate) fn parse_any_move(obj: &Bound<'_, PyAny>, deck: Deck) -> PyResult<AnyMove> {
    match deck {
        Deck::Baraja => parse_move(obj).map(AnyMove::Fifteen),
        Deck::Quinte => parse_quinte_move(obj).map(AnyMove::Quinte),
    }
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (card, captures = Given::Missing, deck = None),
           text_signature = "(card, captures=(), deck=None)")]
    fn new<'py>(
        card: &Bound<'py, PyAny>,
        captures: Given<'py>,
        deck: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        let deck = match (deck, card.cast::<PyCard>()) {
            (Some(d), _) => deck_arg(d)?,
            (None, Ok(c)) => c.get().card.deck(),
            (None, Err(_)) => Deck::Baraja,
        };
        if let Some(caps) = captures.value() {
            if caps.is_instance_of::<PyString>() || caps.is_instance_of::<pyo3::types::PyBytes>() {
                // Not read one character at a time.
                return Err(value_error(format!(
                    "captures must be a list of cards, not {}",
                    shown(caps)?
                )));
            }
        }
        if deck == Deck::Quinte {
            // A quinte move is one card or one bid word; there are no captures.
            if let Some(caps) = captures.value() {
                if caps.try_iter()?.next().transpose()?.is_some() {
                    let shown = shown(card.str()?.as_any())?;
                    return Err(value_error(format!(
                        "invalid move {shown}: quinte has no captures"
                    )));
                }
            }
            if let Some(bid) = str_text(card).as_deref().and_then(quinte::Bid::parse) {
                if card.is_instance_of::<PyString>() {
                    return Ok(PyMove::from_core(AnyMove::Quinte(quinte::Move::Bid(bid))));
                }
            }
            let played = to_quinte(card)?;
            return Ok(PyMove::from_core(AnyMove::Quinte(quinte::Move::Card(
                played,
            ))));
        }
        let given: Vec<Bound<'py, PyAny>> = match captures.value() {
            Some(caps) => caps.try_iter()?.collect::<PyResult<_>>()?,
            None => vec![],
        };
        if given.is_empty() && card.is_instance_of::<PyString>() {
            // Text alone is a move's text: Move("6o x 4c 5e") is Move.parse("6o x 4c 5e").
            return Ok(PyMove::from_core(AnyMove::Fifteen(parse_move(card)?)));
        }
        let played = to_baraja(card)?;
        let mut taken = Vec::new();
        for item in &given {
            taken.push(to_baraja(item)?);
        }
        Move::from_parts(played, &taken)
            .map(|m| PyMove::from_core(AnyMove::Fifteen(m)))
            .map_err(value_error)
    }

    #[doc = docstring!(Move.parse)]
    #[classmethod]
    #[pyo3(signature = (text, deck = Given::Missing), text_signature = "(text, deck='baraja')")]
    fn parse<'py>(
        _cls: &Bound<'py, PyType>,
        text: &Bound<'py, PyAny>,
        deck: Given<'py>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let deck = deck_or_baraja(&deck)?;
        move_object(text.py(), parse_any_move(text, deck)?)
    }

    #[doc = docstring!(Move.card)]
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyCard>>> {
        match self.mv {
            AnyMove::Fifteen(m) => card_object(py, AnyCard::Baraja(m.card)).map(Some),
            AnyMove::Quinte(quinte::Move::Card(c)) => card_object(py, AnyCard::Quinte(c)).map(Some),
            AnyMove::Quinte(quinte::Move::Bid(_)) => Ok(None),
        }
    }

    #[doc = docstring!(Move.captures)]
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match self.mv {
            AnyMove::Fifteen(m) => PyTuple::new(py, card_list(py, AnyCardSet::Baraja(m.captures))?),
            AnyMove::Quinte(_) => Ok(PyTuple::empty(py)),
        }
    }

    #[doc = docstring!(Move.bid)]
    #[getter]
    fn bid(&self) -> Option<&'static str> {
        match self.mv {
            AnyMove::Quinte(quinte::Move::Bid(b)) => Some(b.word()),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv)
    }

    fn __hash__(&self) -> u64 {
        match self.mv {
            // played card id in the top byte, the captured bitset below (40 bits)
            AnyMove::Fifteen(m) => ((m.card.id() as u64) << 56) ^ m.captures.0,
            AnyMove::Quinte(quinte::Move::Card(c)) => (1 << 48) | c.id() as u64,
            AnyMove::Quinte(quinte::Move::Bid(b)) => (2 << 48) | b as u64,
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match other.cast::<PyMove>() {
            Ok(o) => o.get().mv == self.mv,
            Err(_) => false,
        };
        match op {
            CompareOp::Eq => py_bool(py, same),
            CompareOp::Ne => py_bool(py, !same),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let parse = slf.get_type().getattr("parse")?;
        let mv = slf.get().mv;
        let args = match mv {
            AnyMove::Fifteen(_) => PyTuple::new(py, [mv.to_string()])?,
            AnyMove::Quinte(_) => PyTuple::new(py, [mv.to_string(), "quinte".to_string()])?,
        };
        PyTuple::new(py, [parse, args.into_any()])
    }

    #[doc = docstring!(Move._repr_svg_)]
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "move_svg")
    }
}

/// `quinza._view.NAME(obj)`: the pictures are drawn once, in Python, for both twins.
pub(crate) fn picture(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let view = obj.py().import("quinza._view")?;
    view.getattr(name)?.call1((obj,))?.extract()
}

/// A move from a Move or its text, as `Game.play` and `Game.is_legal` take it (text is
/// read in the game's deck): text that cannot be read is a ValueError here (play turns it
/// into IllegalMoveError).
pub(crate) enum MoveArg {
    Move(AnyMove),
    BadText(PyErr),
    NotAMove(String),
}

pub(crate) fn move_arg(obj: &Bound<'_, PyAny>, deck: Deck) -> PyResult<MoveArg> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(MoveArg::Move(m.get().mv));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(match parse_any_move(obj, deck) {
            Ok(m) => MoveArg::Move(m),
            Err(e) => MoveArg::BadText(e),
        });
    }
    Ok(MoveArg::NotAMove(format!(
        "expected a Move or its text, not {}",
        type_name(obj)?
    )))
}
