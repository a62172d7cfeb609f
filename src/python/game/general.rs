//! The methods of `Game`, which both families' classes inherit: the match's state, its
//! moves, JSON, history and records, and the encodings. Each is a thin call into the core
//! (`AnyGame`) or into the file of its concern.

use super::construction::{position_object, PositionArgs};
use super::observation::observation_dict;
use super::serde;
use super::{game_with_start, new_game, PyGame};
use crate::events::EventBuffer;
use crate::fifteen;
use crate::pyrepr::list_text as py_list_text;
use crate::python::cards::{card_list, move_arg, move_object, picture, MoveArg, PyCard, PyMove};
use crate::python::convert::{core_error, Given, IllegalMoveError};
use crate::python::deal::PyDealResult;
use crate::python::encode;
use crate::python::events::event_tuple;
use crate::python::history::history_tuple;
use crate::python::rules::PyRules;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

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

    /// The whole game as compact JSON text, the same text from both backends;
    /// `Game.from_json` gives the game back exactly.
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// A game back from its `to_json` text, of the class of its rules' family;
    /// `FifteenGame.from_json` and `QuinteGame.from_json` refuse a game of the other family.
    #[classmethod]
    fn from_json(cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        serde::game_from_json(cls, text)
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
        history_tuple(py, &self.game, &self.hist, self.start_events(py))
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
        encode::encode(py, &self.game, self.seat(seat)?, out)
    }

    /// A numpy int8 array of `action_count` entries: 1 at the id of every legal move, else
    /// 0 (all 0 once the match is over). Written into `out` when given.
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        encode::action_mask(py, &self.game, out)
    }

    /// The action id of a legal move (a Move or its text); an illegal one is a ValueError.
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        encode::action_of(&self.game, r#move)
    }

    /// The legal Move of an action id; an id out of range or masked off is a ValueError.
    fn move_of<'py>(&self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        encode::move_of(&self.game, action)
    }

    /// The number of action ids of the rule set: the size of `action_mask()`.
    #[getter]
    fn action_count(&self) -> usize {
        crate::encode::action_count(&self.game.rules())
    }
}
