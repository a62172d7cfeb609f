//! `Event`: one thing that happened in a match, as `Game.play` and `Game.start_events`
//! give it (docs/reference/events.md "Events"). The core decides what happened (`crate::events`);
//! this is only its Python value, the twin of `quinza.reference.events.Event` (same
//! fields, repr, equality and hash).

use super::cards::card_object;
use super::convert::value_error;
use super::deal::PyDealResult;
use crate::any::{AnyCard, AnyDeal, AnyGame, Deck};
use crate::events::{Event, EventKind};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};

#[doc = docstring!(Event)]
#[pyclass(module = "quinza._core", name = "Event", frozen)]
pub struct PyEvent {
    kind: Py<PyString>,
    seat: Option<u8>,
    side: Option<u8>,
    cards: Py<PyTuple>,
    points: Option<u64>,
    deal: Option<Py<PyAny>>,
    r#move: Option<Py<PyAny>>,
}

impl PyEvent {
    pub(crate) fn from_parts(
        kind: Bound<'_, PyString>,
        seat: Option<u8>,
        side: Option<u8>,
        cards: Bound<'_, PyTuple>,
        points: Option<u64>,
        deal: Option<Bound<'_, PyAny>>,
        r#move: Option<Bound<'_, PyAny>>,
    ) -> PyEvent {
        PyEvent {
            kind: kind.unbind(),
            seat,
            side,
            cards: cards.unbind(),
            points,
            deal: deal.map(Bound::unbind),
            r#move: r#move.map(Bound::unbind),
        }
    }

    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.kind.bind(py).clone().into_any(),
                self.seat.into_pyobject(py)?.into_any(),
                self.side.into_pyobject(py)?.into_any(),
                self.cards.bind(py).clone().into_any(),
                self.points.into_pyobject(py)?.into_any(),
                opt(py, &self.deal),
                opt(py, &self.r#move),
            ],
        )
    }
}

fn opt<'py>(py: Python<'py>, v: &Option<Py<PyAny>>) -> Bound<'py, PyAny> {
    match v {
        Some(x) => x.bind(py).clone(),
        None => py.None().into_bound(py),
    }
}

#[pymethods]
impl PyEvent {
    #[new]
    #[pyo3(signature = (kind, seat = None, side = None, cards = None, points = None, deal = None, r#move = None))]
    fn new<'py>(
        py: Python<'py>,
        kind: Bound<'py, PyString>,
        seat: Option<u8>,
        side: Option<u8>,
        cards: Option<Bound<'py, PyAny>>,
        points: Option<u64>,
        deal: Option<Bound<'py, PyAny>>,
        r#move: Option<Bound<'py, PyAny>>,
    ) -> PyResult<PyEvent> {
        let cards = match cards {
            Some(c) => py
                .get_type::<PyTuple>()
                .call1((c,))?
                .cast_into::<PyTuple>()?,
            None => PyTuple::empty(py),
        };
        let deal = deal.filter(|d| !d.is_none());
        let r#move = r#move.filter(|m| !m.is_none());
        Ok(PyEvent::from_parts(
            kind, seat, side, cards, points, deal, r#move,
        ))
    }

    #[doc = docstring!(Event.kind)]
    #[getter]
    fn kind(&self, py: Python<'_>) -> Py<PyString> {
        self.kind.clone_ref(py)
    }

    #[doc = docstring!(Event.seat)]
    #[getter]
    fn seat(&self) -> Option<u8> {
        self.seat
    }

    #[doc = docstring!(Event.side)]
    #[getter]
    fn side(&self) -> Option<u8> {
        self.side
    }

    #[doc = docstring!(Event.cards)]
    #[getter]
    fn cards(&self, py: Python<'_>) -> Py<PyTuple> {
        self.cards.clone_ref(py)
    }

    #[doc = docstring!(Event.points)]
    #[getter]
    fn points(&self) -> Option<u64> {
        self.points
    }

    #[doc = docstring!(Event.deal)]
    #[getter]
    fn deal(&self, py: Python<'_>) -> Py<PyAny> {
        opt(py, &self.deal).unbind()
    }

    #[doc = docstring!(Event.move)]
    #[getter]
    fn r#move(&self, py: Python<'_>) -> Py<PyAny> {
        opt(py, &self.r#move).unbind()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyEvent>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.values(py)?.eq(other.get().values(py)?)?;
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // A DealResult has no hash; equal events have equal other fields.
        let v = self.values(py)?;
        let key = PyTuple::new(
            py,
            [
                v.get_item(0)?,
                v.get_item(1)?,
                v.get_item(2)?,
                v.get_item(3)?,
                v.get_item(4)?,
                v.get_item(6)?,
            ],
        )?;
        key.hash()
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    // A frozen value: copies of a game share it.
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let class = py.get_type::<PyEvent>().into_any();
        PyTuple::new(py, [class, slf.get().values(py)?.into_any()])
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = vec![self.kind.bind(py).repr()?.to_string()];
        let names = ["seat", "side", "cards", "points", "deal", "move"];
        let v = self.values(py)?;
        for (i, name) in names.iter().enumerate() {
            let value = v.get_item(i + 1)?;
            let empty = value.cast::<PyTuple>().is_ok_and(|t| t.is_empty());
            if !value.is_none() && !empty {
                parts.push(format!("{name}={}", value.repr()?));
            }
        }
        Ok(format!("Event({})", parts.join(", ")))
    }
}

// -- the core's events as Event objects ------------------------------------------------

/// The kinds' names as Python strs, made once.
static KIND_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The core's events as a tuple of Event; `mv` is the Move object played, for
/// the "move" event, and a "deal_scored" event carries the game's newest deal.
pub(crate) fn event_tuple<'py>(
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
    deck: Deck,
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
