//! A bot's spec from Python values: its name and parameters, checked in the reference's
//! order and with its messages, for `bot(...)`, the bots' classes and `simulate`.

use super::convert::{core_error, plain_int, shown, str_text, type_name, value_error, word_arg};
use super::random::seed_arg;
use super::search::time_limit_arg;
use crate::bots::{unknown_bot_message, BotKind, BotSpec, Param, ParamKind, ParamValue};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};

pub(crate) fn optional_seed(seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match seed {
        Some(s) if !s.is_none() => seed_arg(s),
        _ => Ok(0),
    }
}

/// A whole number from `low` to 2**64-1 for parameter `name`.
fn count_arg(v: &Bound<'_, PyAny>, name: &str, low: u64) -> PyResult<u64> {
    match plain_int(v) {
        Some(Ok(x)) if (low as i128..=u64::MAX as i128).contains(&x) => Ok(x as u64),
        _ => Err(value_error(format!(
            "{name} must be a whole number from {low} to 2**64-1, not {}",
            shown(v)?
        ))),
    }
}

/// A finite number from 0 for parameter `name` (an int is taken as a float).
fn exploration_arg(v: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    let number = !v.is_instance_of::<PyBool>()
        && (v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>());
    let x = if number {
        v.extract::<f64>().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    };
    if x.is_finite() && x >= 0.0 {
        Ok(x)
    } else {
        Err(value_error(format!(
            "{name} must be a finite number from 0, not {}",
            shown(v)?
        )))
    }
}

/// One parameter's value, checked as its kind says (`bots::Param`).
fn param_value(p: &Param, v: &Bound<'_, PyAny>) -> PyResult<ParamValue> {
    Ok(match p.kind {
        ParamKind::Count { low } => ParamValue::Count(count_arg(v, p.name, low)?),
        ParamKind::Exploration => ParamValue::Real(exploration_arg(v, p.name)?),
        ParamKind::Word(names) => ParamValue::Word(word_arg(v, p.name, &names())?),
        ParamKind::TimeLimit => ParamValue::Seconds(time_limit_arg(Some(v))?.map(|(s, _)| s)),
        ParamKind::NetFile => weights_arg(v, p.name)?,
    })
}

/// A path given as `str` or `os.PathLike` (None: not a path).
pub(crate) fn path_text(v: &Bound<'_, PyAny>) -> Option<String> {
    let os = v.py().import("os").ok()?;
    os.call_method1("fspath", (v,))
        .ok()?
        .extract::<String>()
        .ok()
}

/// A bot's `weights`: the path of a `.qzn` file, read now (a file that is not a net is a
/// ValueError here, when the bot is made).
fn weights_arg(v: &Bound<'_, PyAny>, name: &str) -> PyResult<ParamValue> {
    let Some(path) = path_text(v) else {
        return Err(value_error(format!(
            "{name} must be the path of a .qzn file, or None for the shipped net, not {}",
            shown(v)?
        )));
    };
    let (kept, _) = crate::net::shipped::load(&path).map_err(core_error)?;
    Ok(ParamValue::Path(Some(kept)))
}

/// A parameter's value as Python reads it back (the bots' getters and `params`).
pub(crate) fn param_object(py: Python<'_>, value: ParamValue) -> PyResult<Py<PyAny>> {
    Ok(match value {
        ParamValue::Count(n) => n.into_pyobject(py)?.into_any().unbind(),
        ParamValue::Real(x) => x.into_pyobject(py)?.into_any().unbind(),
        ParamValue::Word(w) => w.into_pyobject(py)?.into_any().unbind(),
        ParamValue::Seconds(s) => s.into_pyobject(py)?.into_any().unbind(),
        ParamValue::Path(p) => p.into_pyobject(py)?.into_any().unbind(),
    })
}

/// A bot's parameters (all but the seed) by name, in the order of its signature (`params`).
pub(crate) fn params_dict<'py>(py: Python<'py>, spec: &BotSpec) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, value) in spec.params() {
        d.set_item(name, param_object(py, value)?)?;
    }
    Ok(d)
}

/// A bot's spec from its parameters: `get(name)` is the value given for a parameter, or
/// None for its default. Checked in signature order (the registry's, `BotKind::params`).
pub(crate) fn spec_from<'py>(
    kind: BotKind,
    get: impl Fn(&str) -> Option<Bound<'py, PyAny>>,
) -> PyResult<BotSpec> {
    let mut spec = BotSpec::of(kind);
    for p in kind.params() {
        // None stands for the default, as in the reference.
        if let Some(v) = get(p.name).filter(|v| !v.is_none()) {
            let value = param_value(p, &v)?;
            spec.set(p.name, value);
        }
    }
    Ok(spec)
}

/// A bot by name: "random", "greedy", "pimc" or "ismcts".
pub(crate) fn kind_arg(name: &Bound<'_, PyAny>) -> PyResult<BotKind> {
    let text = str_text(name);
    match text.map(|t| BotKind::parse(&t)) {
        Some(Ok(kind)) => Ok(kind),
        _ => Err(value_error(unknown_bot_message(&shown(name)?))),
    }
}

/// The spec of a bot given by name and keyword parameters: unknown parameter names
/// first (in the order given), then every parameter in signature order.
pub(crate) fn spec_of_params<'py>(
    kind: BotKind,
    params: Option<&Bound<'py, PyDict>>,
) -> PyResult<BotSpec> {
    if let Some(p) = params {
        // `seed` is a parameter of its own, never among these.
        for key in p.keys() {
            let known = str_text(&key)
                .is_some_and(|t| t != "seed" && kind.parameters().contains(&t.as_str()));
            if !known {
                return Err(value_error(kind.unknown_parameter_message(&shown(&key)?)));
            }
        }
    }
    spec_from(kind, |name| {
        params.and_then(|p| p.get_item(name).ok().flatten())
    })
}

/// The spec of a bot for `simulate`: a name, or a bot object of either twin with `name`
/// and `params`.
pub(crate) fn spec_arg(bot: &Bound<'_, PyAny>) -> PyResult<BotSpec> {
    if bot.is_instance_of::<PyString>() {
        return Ok(BotSpec::of(kind_arg(bot)?));
    }
    let name = bot
        .getattr("name")
        .map_err(|_| value_error(unknown_bot_message(&shown(bot).unwrap_or_default())))?;
    let kind = kind_arg(&name)?;
    let params = bot.getattr("params")?;
    let params = params.cast::<PyDict>().map_err(|_| {
        value_error(format!(
            "the params of a bot are a dict, not {}",
            type_name(&params).unwrap_or_default()
        ))
    })?;
    spec_of_params(kind, Some(params))
}
