//! The families' classes: `FifteenGame` and `QuinteGame` are made and read from a
//! position as `Game` is, for their own rule sets only; what only quinte has (its phase,
//! trick, bids and doubling) lives on `QuinteGame`.

use super::{new_game, PyFifteenGame, PyGame, PyQuinteGame};
use crate::any::AnyCard;
use crate::fifteen;
use crate::python::cards::{card_object, PyCard};
use crate::python::convert::{value_error, Given};
use crate::quinte;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

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
