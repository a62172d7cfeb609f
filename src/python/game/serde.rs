//! A game as text and back: `from_json` (the text read as the reference reads it) and
//! pickling (the start's JSON, then the start events, the seed and the moves, replayed).

use super::families::{check_family, game_object};
use crate::any::AnyGame;
use crate::events::EventBuffer;
use crate::history::History;
use crate::python::cards::{move_arg, MoveArg};
use crate::python::convert::{core_error, str_text, type_name, value_error};
use crate::python::random::seed_arg;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyString, PyTuple, PyType};

/// `Game.from_json` of any of the three classes: the text read as the reference reads
/// it (a str, or bytes in any of json's encodings), in the reference's words when it is
/// not JSON.
pub(super) fn game_from_json(
    cls: &Bound<'_, PyType>,
    text: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let py = cls.py();
    let bad = |m: String| value_error(format!("invalid game JSON: {m}"));
    // A str holding surrogates, which no Rust text can: the reference's words, a syntax
    // error or the first half of a surrogate pair in its strings (`quinza._jsontext`
    // refuses every such str, so the words after them are only a guard).
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
            Ok(s) => match str_text(&s) {
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

/// What a pickle keeps beside the start's JSON: the start events, the seed and the
/// moves as text.
pub(super) fn pickle_state<'py>(
    py: Python<'py>,
    hist: &History,
    start: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyDict>> {
    let state = PyDict::new(py);
    state.set_item("start_events", start)?;
    state.set_item("seed", hist.seed())?;
    let moves = PyList::new(py, hist.moves().iter().map(|m| m.to_string()))?;
    state.set_item("moves", moves)?;
    Ok(state)
}

/// A pickle's state over the game read from the start's JSON: the start events, the
/// history (its moves played again, each checked) and the game after them.
pub(super) fn unpickle_state(
    state: &Bound<'_, PyAny>,
    start: &AnyGame,
) -> PyResult<(Py<PyTuple>, History, AnyGame)> {
    let bad = || value_error("a pickled Game holds start_events, seed and moves");
    let state = state.cast::<PyDict>().map_err(|_| bad())?;
    let item = |key: &str| state.get_item(key)?.ok_or_else(bad);
    let events = item("start_events")?
        .cast_into::<PyTuple>()
        .map_err(|_| bad())?;
    let seed = item("seed")?;
    let seed = if seed.is_none() {
        None
    } else {
        Some(seed_arg(&seed)?)
    };
    let mut hist = History::new(start, seed);
    let mut game = start.clone();
    let deck = game.rules().deck();
    for text in item("moves")?.try_iter()? {
        let text = text?;
        if !text.is_instance_of::<PyString>() {
            return Err(bad());
        }
        let MoveArg::Move(mv) = move_arg(&text, deck)? else {
            return Err(bad());
        };
        let mut events = EventBuffer::default();
        game.play_recording(&mv, &mut events).map_err(core_error)?;
        hist.push(mv, events.as_slice());
    }
    Ok((events.unbind(), hist, game))
}
