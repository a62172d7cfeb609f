//! The methods of `Game`, which both families' classes inherit: the match's state, its
//! moves, JSON, history and records, and the encodings. Each is a thin call into the core
//! (`AnyGame`) or into the file of its concern.

use super::construction::PositionArgs;
use super::families::{game_object, game_with_start, new_game, observation_dict, position_object};
use super::game_seed;
use super::serde;
use super::PyGame;
use crate::any::RuleSet;
use crate::events::EventBuffer;
use crate::pyrepr::list_text as py_list_text;
use crate::python::cards::{card_list, move_arg, move_object, picture, MoveArg, PyCard, PyMove};
use crate::python::convert::{core_error, Given, IllegalMoveError};
use crate::python::deal::PyDealResult;
use crate::python::encode;
use crate::python::events::event_tuple;
use crate::python::history::history_tuple;
use crate::python::rules::{PyRules, RulesKeywords};
use crate::rng::SplitMix64;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

#[pymethods]
impl PyGame {
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
            &py.get_type::<PyGame>(),
            &rules,
            RuleSet::default_name(),
            seed,
            &kw,
        )
    }

    #[doc = docstring!(Game.rules)]
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.game.rules(),
        }
    }

    #[doc = docstring!(Game.turn)]
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.game.turn()
    }

    #[doc = docstring!(Game.dealer)]
    #[getter]
    fn dealer(&self) -> u8 {
        self.game.dealer()
    }

    #[doc = docstring!(Game.deal_number)]
    #[getter]
    fn deal_number(&self) -> u64 {
        self.game.deal_number()
    }

    #[doc = docstring!(Game.hand)]
    fn hand<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.hand(self.seat(seat)?))
    }

    #[doc = docstring!(Game.table)]
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.table())
    }

    #[doc = docstring!(Game.stock)]
    #[getter]
    fn stock(&self) -> usize {
        self.game.stock_len()
    }

    #[doc = docstring!(Game.pile)]
    fn pile<'py>(
        &self,
        py: Python<'py>,
        side: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_list(py, self.game.pile(self.side(side)?))
    }

    #[doc = docstring!(Game.side_of)]
    fn side_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.game.side_of(self.seat(seat)?))
    }

    #[doc = docstring!(Game.scores)]
    #[getter]
    fn scores(&self) -> Vec<u64> {
        self.game.scores().to_vec()
    }

    #[doc = docstring!(Game.escobas)]
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.game.escobas()
    }

    #[doc = docstring!(Game.last_capturer)]
    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.game.last_capturer()
    }

    #[doc = docstring!(Game.is_over)]
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    #[doc = docstring!(Game.winner)]
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.game.winner()
    }

    #[doc = docstring!(Game.deals)]
    #[getter]
    fn deals(&self) -> Vec<PyDealResult> {
        self.game
            .deals()
            .into_iter()
            .map(|deal| PyDealResult { deal })
            .collect()
    }

    // -- moves ------------------------------------------------------------------------------

    #[doc = docstring!(Game.legal_moves)]
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

    #[doc = docstring!(Game.count_legal_moves)]
    fn count_legal_moves(&self, py: Python<'_>) -> u64 {
        let game = &self.game;
        if self.big_table() {
            py.detach(|| game.count_legal_moves())
        } else {
            game.count_legal_moves()
        }
    }

    #[doc = docstring!(Game.is_legal)]
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

    #[doc = docstring!(Game.play)]
    #[pyo3(signature = (r#move, seat = None))]
    fn play<'py>(
        &mut self,
        r#move: &Bound<'py, PyAny>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let py = r#move.py();
        // The seat is checked before the move is read: a seat not to act is refused
        // whatever it sent.
        if let Some(seat) = seat.filter(|s| !s.is_none()) {
            let seat = self.seat(seat)?;
            self.game.check_mover(seat).map_err(core_error)?;
        }
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

    #[doc = docstring!(Game.start_events)]
    #[getter]
    fn start_events<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        match &self.start {
            Some(t) => t.bind(py).clone(),
            None => PyTuple::empty(py),
        }
    }

    #[doc = docstring!(Game.copy)]
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
        let state = serde::pickle_state(py, &this.hist, this.start_events(py))?;
        PyTuple::new(py, [from_json, args.into_any(), state.into_any()])
    }

    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(start) = state.cast::<PyTuple>() {
            self.start = Some(start.clone().unbind()); // a pickle made before histories
            return Ok(());
        }
        let (start, hist, game) = serde::unpickle_state(state, &self.game)?;
        self.start = Some(start);
        self.hist = hist;
        self.game = game;
        Ok(())
    }

    #[doc = docstring!(Game.to_json)]
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    #[doc = docstring!(Game.from_json)]
    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        serde::game_from_json(cls, text)
    }

    #[doc = docstring!(Game.from_position)]
    #[classmethod]
    #[pyo3(signature = (rules, hands, table = Given::Missing, stock = Given::Missing,
                        dealer = Given::Missing, turn = None, scores = None, piles = None,
                        escobas = None, last_capturer = None, deal_number = Given::Missing,
                        seed = Given::Missing, *, bids = None, quints = None, played = None),
           text_signature = "(rules, hands, table=(), stock=(), dealer=0, turn=None, scores=None, piles=None, escobas=None, last_capturer=None, deal_number=1, seed=0, *, bids=None, quints=None, played=None)")]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_position<'py>(
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
            escobas,
            bids,
            quints,
            played,
        };
        position_object(cls, rules, &args)
    }

    #[doc = docstring!(Game.observation)]
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

    #[doc = docstring!(Game.view)]
    #[pyo3(signature = (seat = None))]
    fn view<'py>(
        slf: &Bound<'py, Self>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = slf.py().import("quinza._view")?;
        view.getattr("view")?.call1((slf, seat))
    }

    #[doc = docstring!(Game.world)]
    #[pyo3(signature = (seat, seed = None))]
    fn world(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let seat = self.seat(seat)?;
        let mut rng = SplitMix64::new(game_seed(py, seed)?);
        game_object(py, self.game.sample_world(seat, &mut rng), None)
    }

    #[doc = docstring!(Game.to_svg)]
    fn to_svg(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "game_svg")
    }

    #[doc = docstring!(Game._repr_svg_)]
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "game_svg")
    }

    // -- history, undo, records (the work is in src/history.rs and quinza/_record.py) ----

    #[doc = docstring!(Game.seed)]
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.hist.seed()
    }

    #[doc = docstring!(Game.history)]
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        history_tuple(py, &self.game, &self.hist, self.start_events(py))
    }

    #[doc = docstring!(Game.undo)]
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let (mv, game) = self.hist.undo().map_err(core_error)?;
        self.game = game;
        move_object(py, mv)
    }

    #[doc = docstring!(Game.start_json)]
    fn start_json(&self) -> String {
        self.hist.start().to_json()
    }

    #[doc = docstring!(Game.record)]
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

    #[doc = docstring!(Game.from_record)]
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

    #[doc = docstring!(Game.encode)]
    #[pyo3(signature = (seat, out=None))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        encode::encode(py, &self.game, self.seat(seat)?, out)
    }

    #[doc = docstring!(Game.action_mask)]
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        encode::action_mask(py, &self.game, out)
    }

    #[doc = docstring!(Game.action_of)]
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        encode::action_of(&self.game, r#move)
    }

    #[doc = docstring!(Game.move_of)]
    fn move_of<'py>(&self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        encode::move_of(&self.game, action)
    }

    #[doc = docstring!(Game.action_count)]
    #[getter]
    fn action_count(&self) -> usize {
        crate::encode::action_count(&self.game.rules())
    }
}
