//! `Card` and `Move`: small frozen values of either deck. Card objects are made once per
//! card (40 of the baraja, 53 of quinte); the moves few enough to share (quinte's 53 cards
//! and 3 bids) likewise.

use super::convert::{shown, str_text, type_name, value_error, Given};
use crate::any::{unknown_deck_message, AnyCard, AnyCardSet, AnyMove, Deck, ALL_CARDS};
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

/// The shared Card object of a core card (one per card, made once).
pub(crate) fn card_object<'py>(py: Python<'py>, card: AnyCard) -> PyResult<Bound<'py, PyCard>> {
    let all = CARDS.get_or_try_init(py, || -> PyResult<Vec<Py<PyCard>>> {
        (0..ALL_CARDS)
            .map(|i| {
                let card = AnyCard::from_index(i).ok_or_else(|| value_error("card id"))?;
                Py::new(py, PyCard { card })
            })
            .collect()
    })?;
    match all.get(card.index()) {
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

/// A deck argument that may be left out (the default deck, the baraja).
fn deck_or_default(deck: &Given<'_>) -> PyResult<Deck> {
    match deck.value() {
        Some(d) => deck_arg(d),
        None => Ok(Deck::DEFAULT),
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
        let deck = deck_or_default(&deck)?;
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
        let deck = deck_or_default(&deck)?;
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
        let deck = deck_or_default(&deck)?;
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
        self.card.suit().map(|s| s.to_string())
    }

    #[doc = docstring!(Card.rank)]
    #[getter]
    fn rank(&self) -> u8 {
        self.card.rank()
    }

    #[doc = docstring!(Card.is_joker)]
    #[getter]
    fn is_joker(&self) -> bool {
        self.card.is_joker()
    }

    fn __str__(&self) -> String {
        self.card.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.card)
    }

    fn __hash__(&self) -> u64 {
        // Distinct from the ids themselves; equal cards hash alike.
        0x5157_0000 + self.card.index() as u64
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
        let (a, b) = (self.card.index(), other.get().card.index());
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
        let args = reduce_args(py, card.to_string(), card.deck())?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }

    #[doc = docstring!(Card.to_svg)]
    fn to_svg(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "card_svg")
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

/// The args of `__reduce__`: the text, and the deck when it is not the default.
fn reduce_args(py: Python<'_>, text: String, deck: Deck) -> PyResult<Bound<'_, PyTuple>> {
    if deck == Deck::DEFAULT {
        PyTuple::new(py, [text])
    } else {
        PyTuple::new(py, [text, deck.name().to_string()])
    }
}

static SHARED_MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

/// The Move object of a core move: one made once for a move that is shared
/// (`AnyMove::shared`), a new one otherwise.
#[inline]
pub(crate) fn move_object<'py>(py: Python<'py>, mv: AnyMove) -> PyResult<Bound<'py, PyMove>> {
    let Some(index) = mv.shared_index() else {
        return Bound::new(py, PyMove::from_core(mv));
    };
    let all = SHARED_MOVES.get_or_try_init(py, || -> PyResult<Vec<Py<PyMove>>> {
        AnyMove::shared()
            .into_iter()
            .map(|m| Py::new(py, PyMove::from_core(m)))
            .collect()
    })?;
    match all.get(index) {
        Some(obj) => Ok(obj.bind(py).clone()),
        None => Err(value_error("move out of range")),
    }
}

impl PyMove {
    pub(crate) fn from_core(mv: AnyMove) -> PyMove {
        PyMove { mv }
    }
}

/// `Move.parse(text, deck)`: the reference's messages, the text quoted by repr.
pub(crate) fn parse_any_move(obj: &Bound<'_, PyAny>, deck: Deck) -> PyResult<AnyMove> {
    if let Some(text) = str_text(obj) {
        match AnyMove::parse(&text, deck) {
            Ok(m) => return Ok(m),
            Err(Some(message)) => return Err(value_error(message)),
            Err(None) => {}
        }
    }
    Err(value_error(AnyMove::bad_move_message(&shown(obj)?, deck)))
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
            (None, Err(_)) => Deck::DEFAULT,
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
        if !AnyMove::captures_in(deck) {
            // A move of such a deck (quinte's) is one card or one bid word.
            if let Some(caps) = captures.value() {
                if caps.try_iter()?.next().transpose()?.is_some() {
                    let shown = shown(card.str()?.as_any())?;
                    return Err(value_error(format!(
                        "invalid move {shown}: {} has no captures",
                        deck.name()
                    )));
                }
            }
            if let Some(bid) = str_text(card).and_then(|t| AnyMove::bid(&t, deck)) {
                if card.is_instance_of::<PyString>() {
                    return Ok(PyMove::from_core(bid));
                }
            }
            let played = to_card(card, deck)?;
            return AnyMove::from_parts(played, &[])
                .map(PyMove::from_core)
                .map_err(value_error);
        }
        let given: Vec<Bound<'py, PyAny>> = match captures.value() {
            Some(caps) => caps.try_iter()?.collect::<PyResult<_>>()?,
            None => vec![],
        };
        if given.is_empty() && card.is_instance_of::<PyString>() {
            // Text alone is a move's text: Move("6o x 4c 5e") is Move.parse("6o x 4c 5e").
            return Ok(PyMove::from_core(parse_any_move(card, deck)?));
        }
        let played = to_card(card, deck)?;
        let mut taken = Vec::new();
        for item in &given {
            taken.push(to_card(item, deck)?);
        }
        AnyMove::from_parts(played, &taken)
            .map(PyMove::from_core)
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
        let deck = deck_or_default(&deck)?;
        move_object(text.py(), parse_any_move(text, deck)?)
    }

    #[doc = docstring!(Move.card)]
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyCard>>> {
        self.mv.card().map(|c| card_object(py, c)).transpose()
    }

    #[doc = docstring!(Move.captures)]
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, card_list(py, self.mv.captures())?)
    }

    #[doc = docstring!(Move.bid)]
    #[getter]
    fn bid(&self) -> Option<&'static str> {
        self.mv.bid_word()
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv)
    }

    fn __hash__(&self) -> u64 {
        self.mv.hash_key()
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
        let args = reduce_args(py, mv.to_string(), mv.deck())?;
        PyTuple::new(py, [parse, args.into_any()])
    }

    #[doc = docstring!(Move.to_svg)]
    fn to_svg(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "move_svg")
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
    // The reference's Move (a bot of that twin, a game played there) reads as its notation.
    let kind = obj.get_type();
    if kind.name()?.to_cow()? == "Move" && kind.module()?.to_cow()? == "quinza.reference.moves" {
        return move_arg(obj.str()?.as_any(), deck);
    }
    Ok(MoveArg::NotAMove(format!(
        "expected a Move or its text, not {}",
        type_name(obj)?
    )))
}
