//! `Game` and `DealResult`: the match, wrapped. Every rule is in the core; this file
//! converts arguments (with the reference's messages) and builds Python values.

use super::cards::{card_list, move_arg, to_card, MoveArg, PyMove};
use super::random::seed_arg;
use super::rules::{rules_arg, PyRules};
use super::{core_error, plain_int, repr, type_name, value_error, Given, IllegalMoveError};
use crate::cards::{Card, CardSet};
use crate::fifteen::game::{Game, Position};
use crate::fifteen::json;
use crate::fifteen::moves::Move;
use crate::fifteen::rules::Rules;
use crate::fifteen::scoring::DealResult;
use pyo3::prelude::*;
use pyo3::basic::CompareOp;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple, PyType};

/// Tables at least this big are worked on with the GIL released.
const BIG_TABLE: u32 = 16;

#[pyclass(module = "quinza._core", name = "Game")]
pub struct PyGame {
    pub(crate) game: Game,
}

#[pyclass(module = "quinza._core", name = "DealResult", frozen)]
pub struct PyDealResult {
    deal: DealResult,
    rules: Rules,
}

// -- conversions ---------------------------------------------------------------------

fn opt_int<'py>(py: Python<'py>, v: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Some(x) => x.into_pyobject(py)?.into_any(),
        None => py.None().into_bound(py),
    })
}

fn text_list<'py>(py: Python<'py>, set: CardSet) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, set.iter().map(|c| c.to_string()))
}

/// `_iterable`: anything iterable but a str or bytes, listed.
fn iterable<'py>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let text_like = value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>();
    if text_like || !value.hasattr("__iter__")? {
        return Err(value_error(format!(
            "{name} must be a list of cards, not {}",
            repr(value)?
        )));
    }
    value.try_iter()?.collect()
}

fn cards_of(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Card>> {
    iterable(value, name)?.iter().map(to_card).collect()
}

/// `_per`: one entry per seat or side.
fn per<'py>(value: &Bound<'py, PyAny>, count: usize, name: &str, unit: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
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
            "a score or escoba count must be a whole number >= 0, not {}",
            repr(value)?
        ))),
    }
}

/// `_index`: a seat (or dealer, turn, last capturer) `0..size`.
fn index_arg(value: &Bound<'_, PyAny>, size: u8, name: &str) -> PyResult<u8> {
    match plain_int(value) {
        Some(Ok(v)) if (0..size as i128).contains(&v) => Ok(v as u8),
        _ => Err(value_error(format!(
            "{name} must be 0..{}, not {}",
            size - 1,
            repr(value)?
        ))),
    }
}

impl PyGame {
    fn seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        index_arg(seat, self.game.rules().players, "seat")
    }

    fn side(&self, side: &Bound<'_, PyAny>) -> PyResult<u8> {
        index_arg(side, self.game.rules().sides(), "side")
    }

    fn big_table(&self) -> bool {
        self.game.table().len() >= BIG_TABLE
    }
}

fn deal_dict<'py>(py: Python<'py>, d: &DealResult, rules: &Rules) -> PyResult<Bound<'py, PyDict>> {
    let sides = rules.sides() as usize;
    let out = PyDict::new(py);
    out.set_item("deal_number", d.deal_number)?;
    out.set_item("dealer", d.dealer)?;
    let piles = PyList::empty(py);
    for p in &d.piles[..sides] {
        piles.append(text_list(py, *p)?)?;
    }
    out.set_item("piles", piles)?;
    out.set_item("points", PyList::new(py, &d.points[..sides])?)?;
    out.set_item("details", details_list(py, d, sides)?)?;
    out.set_item("escobas", PyList::new(py, &d.escobas[..sides])?)?;
    out.set_item("last_capturer", opt_int(py, d.last_capturer)?)?;
    Ok(out)
}

fn details_list<'py>(py: Python<'py>, d: &DealResult, sides: usize) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for det in &d.details[..sides] {
        let dd = PyDict::new(py);
        for (k, v) in det.items() {
            dd.set_item(k, v)?;
        }
        list.append(dd)?;
    }
    Ok(list)
}

fn py_list_text<T: std::fmt::Display>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

// -- Game ------------------------------------------------------------------------------

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = Given::Missing, seed = None),
           text_signature = "(rules='quinza', seed=None)")]
    fn new<'py>(py: Python<'py>, rules: Given<'py>, seed: Option<&Bound<'py, PyAny>>) -> PyResult<Self> {
        let rules = match rules.value() {
            Some(r) => rules_arg(r)?,
            None => rules_arg(PyString::new(py, "quinza").as_any())?,
        };
        let seed = match seed {
            Some(s) if !s.is_none() => seed_arg(s)?,
            _ => {
                let secrets = py.import("secrets")?;
                secrets.call_method1("randbits", (64,))?.extract::<u64>()?
            }
        };
        Ok(PyGame {
            game: Game::new(rules, seed),
        })
    }

    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: *self.game.rules(),
        }
    }

    /// The seat to play, or None when the match is over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.game.turn()
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.game.dealer()
    }

    #[getter]
    fn deal_number(&self) -> u64 {
        self.game.deal_number()
    }

    fn hand<'py>(&self, py: Python<'py>, seat: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, super::PyCard>>> {
        let s = self.seat(seat)?;
        card_list(py, self.game.hand(s))
    }

    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, super::PyCard>>> {
        card_list(py, self.game.table())
    }

    /// How many cards are still to be dealt.
    #[getter]
    fn stock(&self) -> usize {
        self.game.stock_len()
    }

    /// The cards this side has captured in this deal.
    fn pile<'py>(&self, py: Python<'py>, side: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, super::PyCard>>> {
        let s = self.side(side)?;
        card_list(py, self.game.pile(s))
    }

    fn side_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        let s = self.seat(seat)?;
        Ok(self.game.side_of(s))
    }

    #[getter]
    fn scores(&self) -> Vec<u64> {
        self.game.scores().to_vec()
    }

    /// Escobas per side in this deal (always 0 outside escoba).
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.game.escobas().to_vec()
    }

    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.game.last_capturer()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The side that won, or None (the match goes on, or ended in a draw).
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.game.winner()
    }

    #[getter]
    fn deals(&self) -> Vec<PyDealResult> {
        let rules = *self.game.rules();
        self.game
            .deals()
            .iter()
            .map(|d| PyDealResult { deal: *d, rules })
            .collect()
    }

    /// Every legal move once, in the documented order.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let game = &self.game;
        let moves: Vec<Move> = if self.big_table() {
            py.detach(|| game.legal_moves())
        } else {
            game.legal_moves()
        };
        let list = PyList::empty(py);
        for m in moves {
            list.append(Bound::new(py, PyMove::from_core(m))?)?;
        }
        Ok(list)
    }

    /// The number of legal moves, counted without listing them.
    fn count_legal_moves(&self, py: Python<'_>) -> u64 {
        let game = &self.game;
        if self.big_table() {
            py.detach(|| game.count_legal_moves())
        } else {
            game.count_legal_moves()
        }
    }

    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match move_arg(r#move)? {
            MoveArg::Move(m) => {
                let game = &self.game;
                Ok(if self.big_table() {
                    py.detach(|| game.is_legal(&m))
                } else {
                    game.is_legal(&m)
                })
            }
            MoveArg::BadText(e) => Err(e),
            MoveArg::NotAMove(message) => Err(IllegalMoveError::new_err(message)),
        }
    }

    /// Play one move for the seat whose turn it is; an illegal move raises
    /// IllegalMoveError and changes nothing.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = match move_arg(r#move)? {
            MoveArg::Move(m) => m,
            MoveArg::BadText(e) => {
                return Err(IllegalMoveError::new_err(e.value(r#move.py()).to_string()))
            }
            MoveArg::NotAMove(message) => return Err(IllegalMoveError::new_err(message)),
        };
        self.game.play(&m).map_err(core_error)
    }

    fn copy(&self) -> PyGame {
        PyGame {
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> PyGame {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.copy()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_json = slf.get_type().getattr("from_json")?;
        let args = PyTuple::new(py, [json::to_json(&slf.borrow().game)])?;
        PyTuple::new(py, [from_json, args.into_any()])
    }

    fn to_json(&self) -> String {
        json::to_json(&self.game)
    }

    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let py = cls.py();
        let bad = |m: String| value_error(format!("invalid game JSON: {m}"));
        let text: String = if let Ok(s) = text.cast::<PyString>() {
            match s.to_str() {
                Ok(t) => t.to_string(),
                Err(_) => return Err(python_json_error(py, text.as_any())?.unwrap_or_else(|| bad("not JSON (text is not valid Unicode)".into()))),
            }
        } else if text.is_instance_of::<PyBytes>() || text.is_instance_of::<PyByteArray>() {
            // Decode as json.loads does: detect UTF-8/16/32 from the first bytes.
            let jsonmod = py.import("json")?;
            let encoding = jsonmod.call_method1("detect_encoding", (text,))?;
            let raw = py.import("builtins")?.getattr("bytes")?.call1((text,))?;
            match raw.call_method1("decode", (encoding, "surrogatepass")) {
                Ok(s) => match s.cast::<PyString>().ok().and_then(|s| s.to_str().ok()) {
                    Some(t) => t.to_string(),
                    None => return Err(bad("not JSON (text is not valid Unicode)".into())),
                },
                Err(e) => return Err(bad(format!("not JSON ({})", e.value(py)))),
            }
        } else {
            return Err(bad(format!("expected a str, not {}", type_name(text)?)));
        };
        let game = py.detach(|| json::from_json(&text));
        match game {
            Ok(game) => Ok(PyGame { game }),
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
    ) -> PyResult<PyGame> {
        let (table, stock, dealer) = (table.value(), stock.value(), dealer.value());
        let (deal_number, seed) = (deal_number.value(), seed.value());
        let _ = cls;
        let rules = rules_arg(rules)?;
        for (key, value) in [("bids", bids), ("quints", quints), ("played", played)] {
            if value.is_some_and(|v| !v.is_none()) {
                return Err(value_error(format!(
                    "{key} belong to quinte, not to {}",
                    rules.name()
                )));
            }
        }
        let n = rules.players;
        let sides = rules.sides() as usize;
        let mut p = Position::new(rules);
        p.hands = per(hands, n as usize, "hands", "seat")?
            .iter()
            .map(|h| cards_of(h, "hands"))
            .collect::<PyResult<_>>()?;
        if let Some(t) = table {
            p.table = cards_of(t, "table")?;
        }
        if let Some(s) = stock {
            p.stock = cards_of(s, "stock")?;
        }
        if let Some(pl) = piles.filter(|v| !v.is_none()) {
            p.piles = per(pl, sides, "piles", "side")?
                .iter()
                .map(|x| cards_of(x, "piles"))
                .collect::<PyResult<_>>()?;
        }
        if let Some(sc) = scores.filter(|v| !v.is_none()) {
            p.scores = per(sc, sides, "scores", "side")?
                .iter()
                .map(count_arg)
                .collect::<PyResult<_>>()?;
        }
        if let Some(es) = escobas.filter(|v| !v.is_none()) {
            p.escobas = per(es, sides, "escobas", "side")?
                .iter()
                .map(count_arg)
                .collect::<PyResult<_>>()?;
        }
        if let Some(d) = dealer {
            p.dealer = index_arg(d, n, "dealer")?;
        }
        if let Some(lc) = last_capturer.filter(|v| !v.is_none()) {
            p.last_capturer = Some(index_arg(lc, n, "last_capturer")?);
        }
        if let Some(dn) = deal_number {
            p.deal_number = match plain_int(dn) {
                Some(Ok(v)) if (1..=u64::MAX as i128).contains(&v) => v as u64,
                _ => {
                    return Err(value_error(format!(
                        "deal_number must be a positive whole number, not {}",
                        repr(dn)?
                    )))
                }
            };
        }
        if let Some(s) = seed {
            p.seed = seed_arg(s)?;
        }
        p.turn = match turn.filter(|v| !v.is_none()) {
            None => Ok(None),
            Some(t) => match index_arg(t, n, "turn") {
                Ok(seat) => Ok(Some(seat)),
                Err(e) => Err(e.value(t.py()).to_string()),
            },
        };
        Game::from_position(p)
            .map(|game| PyGame { game })
            .map_err(value_error)
    }

    /// What `seat` may know: its own hand, the sizes of the others, never the stock order.
    fn observation<'py>(&self, py: Python<'py>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat(seat)?;
        let g = &self.game;
        let rules = *g.rules();
        let d = PyDict::new(py);
        d.set_item("seat", seat)?;
        d.set_item("rules", PyRules { rules }.dict(py)?)?;
        d.set_item("deal_number", g.deal_number())?;
        d.set_item("dealer", g.dealer())?;
        d.set_item("turn", opt_int(py, g.turn())?)?;
        d.set_item("hand", text_list(py, g.hand(seat))?)?;
        let sizes: Vec<u32> = (0..rules.players).map(|s| g.hand(s).len()).collect();
        d.set_item("hand_sizes", sizes)?;
        d.set_item("table", text_list(py, g.table())?)?;
        d.set_item("stock", g.stock_len())?;
        let piles = PyList::empty(py);
        for s in 0..rules.sides() {
            piles.append(text_list(py, g.pile(s))?)?;
        }
        d.set_item("piles", piles)?;
        d.set_item("escobas", g.escobas().to_vec())?;
        d.set_item("last_capturer", opt_int(py, g.last_capturer())?)?;
        d.set_item("scores", g.scores().to_vec())?;
        d.set_item("winner", opt_int(py, g.winner())?)?;
        let deals = PyList::empty(py);
        for deal in g.deals() {
            deals.append(deal_dict(py, deal, &rules)?)?;
        }
        d.set_item("deals", deals)?;
        Ok(d)
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
            PyRules {
                rules: *self.game.rules()
            }
            .repr_text(),
            self.game.deal_number(),
            turn,
            py_list_text(self.game.scores())
        )
    }
}

/// Python's own wording of a JSON syntax error, or None when Python reads the text.
fn python_json_error(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Option<PyErr>> {
    let loads = py.import("json")?.getattr("loads")?;
    match loads.call1((text,)) {
        Ok(_) => Ok(None),
        Err(e) => {
            let is_value = e.is_instance_of::<pyo3::exceptions::PyValueError>(py);
            let is_rec = e.is_instance_of::<pyo3::exceptions::PyRecursionError>(py);
            if is_value || is_rec {
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
    #[getter]
    fn deal_number(&self) -> u64 {
        self.deal.deal_number
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer
    }

    /// Per side: every card the side ended the deal with (leftovers included), sorted.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in &self.deal.piles[..self.rules.sides() as usize] {
            list.append(card_list(py, *p)?)?;
        }
        Ok(list)
    }

    #[getter]
    fn points(&self) -> Vec<u64> {
        self.deal.points[..self.rules.sides() as usize].to_vec()
    }

    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        details_list(py, &self.deal, self.rules.sides() as usize)
    }

    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.deal.escobas[..self.rules.sides() as usize].to_vec()
    }

    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.deal.last_capturer
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        deal_dict(py, &self.deal, &self.rules)
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
            Ok(o) => {
                let o = o.get();
                let sides = self.rules.sides() as usize;
                o.rules.sides() == self.rules.sides()
                    && o.deal.deal_number == self.deal.deal_number
                    && o.deal.dealer == self.deal.dealer
                    && o.deal.piles[..sides] == self.deal.piles[..sides]
                    && o.deal.points[..sides] == self.deal.points[..sides]
                    && o.deal.details[..sides] == self.deal.details[..sides]
                    && o.deal.escobas[..sides] == self.deal.escobas[..sides]
                    && o.deal.last_capturer == self.deal.last_capturer
            }
            Err(_) => false,
        };
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let sides = self.rules.sides() as usize;
        let details = details_list(py, &self.deal, sides)?;
        Ok(format!(
            "DealResult(deal_number={}, dealer={}, points={}, details={}, last_capturer={})",
            self.deal.deal_number,
            self.deal.dealer,
            py_list_text(&self.deal.points[..sides]),
            details.repr()?,
            self.deal
                .last_capturer
                .map_or("None".to_string(), |x| x.to_string())
        ))
    }
}
