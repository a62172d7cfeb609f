//! The encodings of docs/reference/encodings.md "Encodings" as numpy arrays: conversion only, the
//! layouts and ids are the core's (`crate::encode`). An `out=` array is written in place
//! (`super::buffers`), so a loop that keeps one array allocates nothing.

use super::buffers::{Item, Writable};
use super::cards::{move_arg, move_object, MoveArg};
use super::convert::{core_error, plain_int, shown, value_error};
use super::rules::rules_arg;
use crate::any::{AnyGame, RuleSet};
use crate::encode;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// `numpy.empty` and the two dtypes, looked up once: a call then parses no dtype text.
struct Numpy {
    empty: Py<PyAny>,
    float32: Py<PyAny>,
    int8: Py<PyAny>,
}

static NUMPY: PyOnceLock<Numpy> = PyOnceLock::new();

/// A new numpy array of `len` items of the dtype `dtype` ("float32" or "int8"), to be
/// written whole.
fn empty<'py>(py: Python<'py>, len: usize, dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let np = NUMPY.get_or_try_init(py, || -> PyResult<Numpy> {
        let np = py.import("numpy")?;
        let dtype = |name: &str| -> PyResult<Py<PyAny>> {
            Ok(np.getattr("dtype")?.call1((name,))?.unbind())
        };
        Ok(Numpy {
            empty: np.getattr("empty")?.unbind(),
            float32: dtype("float32")?,
            int8: dtype("int8")?,
        })
    })?;
    let dtype = if dtype == "int8" {
        &np.int8
    } else {
        &np.float32
    };
    np.empty.bind(py).call1((len, dtype.bind(py)))
}

/// `out` as a writable one-dimensional C-contiguous array of `len` items of `T`, or the
/// ValueError that says what it must be.
fn out_array<T: Item>(
    out: &Bound<'_, PyAny>,
    len: usize,
    dtype: &str,
    what: &str,
) -> PyResult<Writable<T>> {
    match Writable::of(out, Some(len)) {
        Ok(w) if w.dimensions() == 1 => Ok(w),
        _ => Err(value_error(format!(
            "out must be a writable numpy {dtype} array of shape ({len},) for {what}, not {}",
            shown(out)?
        ))),
    }
}

/// `game.encode(seat, out)`: the seat's vector, written straight into `out` or a new
/// float32 array.
pub(crate) fn encode<'py>(
    py: Python<'py>,
    game: &AnyGame,
    seat: u8,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let len = encode::observation_len(&game.rules());
    let array = match out {
        Some(a) => a.clone(),
        None => empty(py, len, "float32")?,
    };
    let mut buffer = out_array::<f32>(&array, len, "float32", "the encoding")?;
    encode::encode_into(&game.observation(seat), buffer.slice());
    Ok(array)
}

/// `game.action_mask(out)`: 1 at every legal move's id, written straight into `out` or a
/// new int8 array. An error leaves `out` untouched.
pub(crate) fn action_mask<'py>(
    py: Python<'py>,
    game: &AnyGame,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let len = encode::action_count(&game.rules());
    let mut ids = Vec::new();
    encode::legal_actions(game, &mut ids).map_err(core_error)?;
    let array = match out {
        Some(a) => a.clone(),
        None => empty(py, len, "int8")?,
    };
    let mut buffer = out_array::<i8>(&array, len, "int8", "the action mask")?;
    let mask = buffer.slice();
    mask.fill(0);
    for a in ids {
        mask[a] = 1;
    }
    Ok(array)
}

/// `game.action_of(move)`.
pub(crate) fn action_of(game: &AnyGame, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
    let m = match move_arg(mv, game.rules().deck())? {
        MoveArg::Move(m) => m,
        MoveArg::BadText(e) => return Err(e),
        MoveArg::NotAMove(message) => return Err(value_error(message)),
    };
    encode::action_of(game, &m).map_err(core_error)
}

/// `game.move_of(action)`.
pub(crate) fn move_of<'py>(
    game: &AnyGame,
    action: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = action.py();
    let a = match plain_int(action) {
        Some(a) => a.unwrap_or(i128::MAX),
        // numpy integers are ints too (an agent's action often is one); bools are not.
        None if !action.is_instance_of::<pyo3::types::PyBool>()
            && action.hasattr("__index__")? =>
        {
            action
                .call_method0("__index__")?
                .extract::<i128>()
                .unwrap_or(i128::MAX)
        }
        None => {
            return Err(value_error(format!(
                "an action is an int, not {}",
                shown(action)?
            )))
        }
    };
    let m = encode::move_of(game, a).map_err(core_error)?;
    Ok(move_object(py, m)?.into_any())
}

#[doc = docstring!(encode_names)]
#[pyfunction]
fn encode_names(rules: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    Ok(encode::observation_names(&rules_arg(rules)?))
}

#[doc = docstring!(action_count)]
#[pyfunction]
fn action_count(rules: &Bound<'_, PyAny>) -> PyResult<usize> {
    let r: RuleSet = rules_arg(rules)?;
    Ok(encode::action_count(&r))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode_names, m)?)?;
    m.add_function(wrap_pyfunction!(action_count, m)?)?;
    m.add("ENCODING_VERSION", encode::ENCODING_VERSION)?;
    Ok(())
}
