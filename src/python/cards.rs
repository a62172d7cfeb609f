//! `Card` and `Move`: small frozen values. A Move holds the played card's id and the
//! captured set as a bitset; Card objects are made on demand from a table of 40.

use super::{repr, str_text, type_name, value_error, Given};
use crate::cards::{bad_card_message_shown, Card, CardSet, DECK_SIZE};
use crate::fifteen::moves::{bad_move_message_shown, Move, MoveTextError};
use pyo3::prelude::*;
use pyo3::basic::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};

/// One card of the baraja; immutable, hashable, ordered by id.
#[pyclass(module = "quinza._core", name = "Card", frozen)]
pub struct PyCard {
    pub(crate) card: Card,
}

static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();

/// The shared Card object of a core card (one per id, made once).
pub(crate) fn card_object<'py>(py: Python<'py>, card: Card) -> PyResult<Bound<'py, PyCard>> {
    let all = CARDS.get_or_try_init(py, || -> PyResult<Vec<Py<PyCard>>> {
        (0..DECK_SIZE as u8)
            .map(|id| {
                let card = Card::from_id(id).ok_or_else(|| value_error("card id"))?;
                Py::new(py, PyCard { card })
            })
            .collect()
    })?;
    match all.get(card.id() as usize) {
        Some(obj) => Ok(obj.bind(py).clone()),
        None => Err(value_error("card id out of range")),
    }
}

/// Card objects for every card of a set, in id order.
pub(crate) fn card_list<'py>(py: Python<'py>, set: CardSet) -> PyResult<Vec<Bound<'py, PyCard>>> {
    set.iter().map(|c| card_object(py, c)).collect()
}

/// A card from a Card or its text; anything else is an invalid card named by its repr.
pub(crate) fn to_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(c) = obj.cast::<PyCard>() {
        return Ok(c.get().card);
    }
    parse_card(obj)
}

/// `Card(text)`: strict baraja notation.
pub(crate) fn parse_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Some(text) = str_text(obj) {
        if let Ok(c) = Card::parse(&text) {
            return Ok(c);
        }
    }
    Err(value_error(bad_card_message_shown(&repr(obj)?)))
}

#[pymethods]
impl PyCard {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCard {
            card: parse_card(text)?,
        })
    }

    #[classmethod]
    fn parse<'py>(_cls: &Bound<'py, PyType>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyCard>> {
        card_object(text.py(), parse_card(text)?)
    }

    #[classmethod]
    fn from_id<'py>(_cls: &Bound<'py, PyType>, card_id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyCard>> {
        let id = match super::plain_int(card_id) {
            Some(Ok(i)) if (0..DECK_SIZE as i128).contains(&i) => i as u8,
            _ => {
                return Err(value_error(format!(
                    "card id must be 0..{}, not {}",
                    DECK_SIZE - 1,
                    repr(card_id)?
                )))
            }
        };
        let card = Card::from_id(id).ok_or_else(|| value_error("card id"))?;
        card_object(card_id.py(), card)
    }

    #[getter]
    fn id(&self) -> u8 {
        self.card.id()
    }

    #[getter]
    fn suit(&self) -> String {
        self.card.suit_char().to_string()
    }

    #[getter]
    fn rank(&self) -> u8 {
        self.card.printed()
    }

    fn __str__(&self) -> String {
        self.card.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.card)
    }

    fn __hash__(&self) -> u64 {
        // Distinct from the ids themselves; equal cards hash alike.
        0x5157_0000 + self.card.id() as u64
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyCard>() else {
            return Ok(match op {
                CompareOp::Eq => false.into_pyobject(py)?.to_owned().into_any().unbind(),
                CompareOp::Ne => true.into_pyobject(py)?.to_owned().into_any().unbind(),
                _ => py.NotImplemented(),
            });
        };
        let (a, b) = (self.card.id(), other.get().card.id());
        let r = match op {
            CompareOp::Lt => a < b,
            CompareOp::Le => a <= b,
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Gt => a > b,
            CompareOp::Ge => a >= b,
        };
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let args = PyTuple::new(py, [slf.get().card.to_string()])?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }
}

/// (played card, captured set): a lay when the set is empty. Immutable and hashable.
#[pyclass(module = "quinza._core", name = "Move", frozen)]
pub struct PyMove {
    pub(crate) mv: Move,
}

impl PyMove {
    pub(crate) fn from_core(mv: Move) -> PyMove {
        PyMove { mv }
    }
}

/// `Move.parse(text)`: the reference's messages, the text quoted by Python's repr.
pub(crate) fn parse_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Some(text) = str_text(obj) {
        match Move::parse_detailed(&text) {
            Ok(m) => return Ok(m),
            Err(MoveTextError::Twice(message)) => return Err(value_error(message)),
            Err(MoveTextError::Malformed) => {}
        }
    }
    Err(value_error(bad_move_message_shown(&repr(obj)?)))
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (card, captures = Given::Missing), text_signature = "(card, captures=())")]
    fn new<'py>(card: &Bound<'py, PyAny>, captures: Given<'py>) -> PyResult<Self> {
        let played = to_card(card)?;
        let mut taken = Vec::new();
        if let Some(caps) = captures.value() {
            for item in caps.try_iter()? {
                taken.push(to_card(&item?)?);
            }
        }
        Move::from_parts(played, &taken)
            .map(PyMove::from_core)
            .map_err(value_error)
    }

    #[classmethod]
    fn parse(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        parse_move(text).map(PyMove::from_core)
    }

    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCard>> {
        card_object(py, self.mv.card)
    }

    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, card_list(py, self.mv.captures)?)
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv)
    }

    fn __hash__(&self) -> u64 {
        // played card id in the top byte, the captured bitset below (40 bits)
        ((self.mv.card.id() as u64) << 56) ^ self.mv.captures.0
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match other.cast::<PyMove>() {
            Ok(o) => o.get().mv == self.mv,
            Err(_) => false,
        };
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
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
        let args = PyTuple::new(py, [slf.get().mv.to_string()])?;
        PyTuple::new(py, [parse, args.into_any()])
    }
}

/// A move from a Move or its text, as `Game.play` and `Game.is_legal` take it: text that
/// cannot be read is a ValueError here (play turns it into IllegalMoveError).
pub(crate) enum MoveArg {
    Move(Move),
    BadText(PyErr),
    NotAMove(String),
}

pub(crate) fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<MoveArg> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(MoveArg::Move(m.get().mv));
    }
    if obj.is_instance_of::<pyo3::types::PyString>() {
        return Ok(match parse_move(obj) {
            Ok(m) => MoveArg::Move(m),
            Err(e) => MoveArg::BadText(e),
        });
    }
    Ok(MoveArg::NotAMove(format!(
        "expected a Move or its text, not {}",
        type_name(obj)?
    )))
}
