//! What every binding file shares: Python values to core values (`Given`, `plain_int`,
//! `str_text`, `choice_arg`) and core errors to Python exceptions, worded as the reference
//! words them (`shown`, `value_error`, `core_error`).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

pyo3::import_exception!(quinza._errors, IllegalMoveError);

/// An argument that may be left out, told apart from an explicit None (which the
/// reference treats as a value: `Rules(None)` is no rule set).
pub(crate) enum Given<'py> {
    Missing,
    Value(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Given<'py> {
    type Error = PyErr;
    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Given::Value(obj.to_owned()))
    }
}

impl<'py> Given<'py> {
    pub(crate) fn value(&self) -> Option<&Bound<'py, PyAny>> {
        match self {
            Given::Missing => None,
            Given::Value(v) => Some(v),
        }
    }
}

/// `repr(obj)` as Python writes it.
pub(crate) fn repr(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(obj.repr()?.to_string())
}

/// A Python value as an error message quotes it (the reference's `quoted`): its repr,
/// cut short past `QUOTE_LIMIT` characters by the core's rule (`crate::pyrepr`). A str is
/// cut by its characters and its head put through Python's own repr, lone surrogates too.
pub(crate) fn shown(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    use crate::pyrepr::{cut_note, quoted_repr, QUOTE_LIMIT};
    if let Ok(s) = obj.cast::<PyString>() {
        let n = s.len()?;
        if n <= QUOTE_LIMIT {
            return repr(obj);
        }
        let head = obj.get_item(pyo3::types::PySlice::new(
            obj.py(),
            0,
            QUOTE_LIMIT as isize,
            1,
        ))?;
        return Ok(repr(&head)? + &cut_note(n));
    }
    Ok(quoted_repr(&repr(obj)?))
}

/// The text of a Python str, or None for a non-str (or a str that is not valid UTF-8,
/// such as one holding lone surrogates: no card or move text can be one).
pub(crate) fn str_text(obj: &Bound<'_, PyAny>) -> Option<String> {
    let s = obj.cast::<PyString>().ok()?;
    // to_cow, not to_str: the stable ABI of 3.9 (abi3-py39) lends no UTF-8 view of a str.
    s.to_cow().ok().map(|t| t.into_owned())
}

/// A parameter that is one of a few names (ismcts's `rollout`, `infer`, `opponents`;
/// solve's `moves`).
pub(crate) fn choice_arg<T: crate::search::Choice>(
    v: &Bound<'_, PyAny>,
    param: &str,
) -> PyResult<T> {
    let names = crate::bots::params::choice_names::<T>();
    let word = word_arg(v, param, &names)?;
    // `word` is one of the choice's names, so it parses; were it not, a ValueError.
    T::parse(word).ok_or_else(|| {
        value_error(format!(
            "{param} cannot be {}",
            crate::pyrepr::py_repr_str(word)
        ))
    })
}

/// A parameter that is one of `names`, refused with the list of them.
pub(crate) fn word_arg(
    v: &Bound<'_, PyAny>,
    param: &str,
    names: &[&'static str],
) -> PyResult<&'static str> {
    if let Some(word) = str_text(v).and_then(|t| names.iter().find(|n| **n == t)) {
        return Ok(word);
    }
    let quoted: Vec<String> = names
        .iter()
        .map(|n| crate::pyrepr::py_repr_str(n))
        .collect();
    let quoted: Vec<&str> = quoted.iter().map(String::as_str).collect();
    Err(value_error(format!(
        "{param} must be {}, not {}",
        crate::pyrepr::or_list(&quoted),
        shown(v)?
    )))
}

/// A Python int that is not a bool, as i128 (None when not such an int or too large).
pub(crate) fn plain_int(obj: &Bound<'_, PyAny>) -> Option<Result<i128, ()>> {
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return None;
    }
    Some(obj.extract::<i128>().map_err(|_| ()))
}

/// The name of a Python object's type, as `type(x).__name__`.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(obj.get_type().name()?.to_string())
}

pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.into())
}

pub(crate) fn core_error(e: crate::Error) -> PyErr {
    match e {
        crate::Error::Value(m) => value_error(m),
        crate::Error::Illegal(m) => IllegalMoveError::new_err(m),
    }
}

/// `chr(c).isprintable()` as this Python answers it (its Unicode database knows the
/// unassigned code points); asked only for non-ASCII characters of error messages, so
/// the answers are kept.
pub(crate) fn python_printable(c: char) -> bool {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static KNOWN: OnceLock<Mutex<HashMap<char, bool>>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(&p) = known.lock().ok().as_ref().and_then(|k| k.get(&c)) {
        return p;
    }
    let answer = Python::attach(|py| {
        PyString::new(py, c.encode_utf8(&mut [0; 4]))
            .call_method0("isprintable")
            .and_then(|r| r.extract::<bool>())
    });
    match answer {
        Ok(p) => {
            if let Ok(mut k) = known.lock() {
                k.insert(c, p);
            }
            p
        }
        Err(_) => crate::pyrepr::approximately_printable(c),
    }
}

/// A seat that may be absent, as an int or None.
pub(crate) fn opt_int<'py>(py: Python<'py>, v: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Some(x) => x.into_pyobject(py)?.into_any(),
        None => py.None().into_bound(py),
    })
}

/// `_index`: a seat (or dealer, turn, last capturer) `0..size`.
pub(crate) fn index_arg(value: &Bound<'_, PyAny>, size: u8, name: &str) -> PyResult<u8> {
    match plain_int(value) {
        Some(Ok(v)) if (0..size as i128).contains(&v) => Ok(v as u8),
        _ => Err(value_error(format!(
            "{name} must be 0..{}, not {}",
            size - 1,
            shown(value)?
        ))),
    }
}
