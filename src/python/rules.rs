//! `Rules`: one validated rule set, immutable, comparable, hashable.

use super::convert::{plain_int, shown, str_text, Given};
use crate::any::RuleSet;
use crate::ruleargs::{Arg, ArgKind, OptionValue};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple, PyType};

fn set_option(d: &Bound<'_, PyDict>, key: &str, value: OptionValue) -> PyResult<()> {
    match value {
        OptionValue::Bool(b) => d.set_item(key, b),
        OptionValue::Word(w) => d.set_item(key, w),
    }
}

#[doc = docstring!(rule_sets)]
#[pyfunction]
pub fn rule_sets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for row in crate::any::rule_sets() {
        let d = PyDict::new(py);
        d.set_item("name", row.name)?;
        d.set_item("family", row.family)?;
        d.set_item("deck", row.deck.name())?;
        d.set_item("players", PyList::new(py, row.players)?)?;
        d.set_item("default_target", row.default_target)?;
        d.set_item("deal_points", row.deal_points)?;
        d.set_item("capture_total", row.capture_total)?;
        match row.values {
            Some(v) => d.set_item("values", PyList::new(py, v)?)?,
            None => d.set_item("values", py.None())?,
        }
        d.set_item("scoring", row.scoring)?;
        d.set_item("win", row.win)?;
        d.set_item("sweeps", row.sweeps)?;
        d.set_item("has_opening_capture", row.has_opening_capture)?;
        let options = PyDict::new(py);
        for (key, value) in row.options {
            set_option(&options, key, value)?;
        }
        d.set_item("options", options)?;
        out.append(d)?;
    }
    Ok(out)
}

#[doc = docstring!(Rules)]
#[pyclass(module = "quinza._core", name = "Rules", frozen)]
pub struct PyRules {
    pub(crate) rules: RuleSet,
}

/// Stands in a message for a value whose `repr` raised (a Python int of more than 4300
/// digits): the reference raises that error when it words the message, so the bindings
/// raise it if the core's message quotes the value.
const REPR_FAILED: &str = "\u{1}repr failed\u{1}";

/// How the reference sees a Python value given for a rules argument; a `repr` that raises
/// is kept in `failed`.
fn arg_or_failed(obj: &Bound<'_, PyAny>, failed: &mut Option<PyErr>) -> Arg {
    match arg_of(obj) {
        Ok(arg) => arg,
        Err(e) => {
            failed.get_or_insert(e);
            Arg::new(kind_of(obj), REPR_FAILED)
        }
    }
}

/// How the reference sees a Python value given for a rules argument.
pub(crate) fn arg_of(obj: &Bound<'_, PyAny>) -> PyResult<Arg> {
    Ok(Arg::new(kind_of(obj), shown(obj)?))
}

fn kind_of(obj: &Bound<'_, PyAny>) -> ArgKind {
    if obj.is_none() {
        ArgKind::Missing
    } else if let Ok(b) = obj.cast::<PyBool>() {
        ArgKind::Bool(b.is_true())
    } else if let Some(i) = plain_int(obj) {
        ArgKind::Int(i.ok())
    } else if obj.is_instance_of::<PyString>() {
        match str_text(obj) {
            Some(s) => ArgKind::Str(s),
            None => ArgKind::Other,
        }
    } else {
        ArgKind::Other
    }
}

/// `Rules(name, players, target, **options)` from Python values.
pub(crate) fn rules_from_py(
    name: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
    target: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<RuleSet> {
    let mut failed = None;
    let name = arg_or_failed(name, &mut failed);
    let players = match players {
        Some(p) => arg_or_failed(p, &mut failed),
        None => Arg::missing(),
    };
    let target = match target {
        Some(t) => arg_or_failed(t, &mut failed),
        None => Arg::missing(),
    };
    let mut opts = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let key = arg_or_failed(&k, &mut failed);
            opts.push((key, arg_or_failed(&v, &mut failed)));
        }
    }
    RuleSet::from_args(Some(&name), &players, &target, &opts).map_err(|e| match failed {
        Some(err) if e.to_string().contains(REPR_FAILED) => err,
        _ => super::convert::core_error(e),
    })
}

/// The keywords `Game(rules, seed, players=..., target=..., **options)` reads as `Rules`
/// reads them (each None when left out).
pub(crate) struct RulesKeywords<'a, 'py> {
    pub(crate) players: Option<&'a Bound<'py, PyAny>>,
    pub(crate) target: Option<&'a Bound<'py, PyAny>>,
    pub(crate) options: Option<&'a Bound<'py, PyDict>>,
}

/// The rules of a new game (the reference's `game._rules`): the keywords go with a
/// rule-set name (`default` when none is given); a Rules object comes whole, and beside
/// it they are refused with `quinza._words.rules_beside_text`.
pub(crate) fn game_rules_arg<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
    default: &str,
    kw: &RulesKeywords<'_, 'py>,
) -> PyResult<RuleSet> {
    let Some(obj) = rules else {
        let name = PyString::new(py, default);
        return rules_from_py(name.as_any(), kw.players, kw.target, kw.options);
    };
    let Ok(r) = obj.cast::<PyRules>() else {
        return rules_from_py(obj, kw.players, kw.target, kw.options);
    };
    let given = PyList::empty(py);
    for (key, value) in [("players", kw.players), ("target", kw.target)] {
        if let Some(v) = value {
            given.append((key, v))?;
        }
    }
    if let Some(d) = kw.options {
        for item in d.items() {
            given.append(item)?;
        }
    }
    if given.is_empty() {
        return Ok(r.get().rules);
    }
    let text = py
        .import("quinza._words")?
        .call_method1("rules_beside_text", (r.get().rules.name(), given))?;
    Err(super::convert::value_error(text.extract::<String>()?))
}

/// A Rules object, or a rule-set name (anything else is refused as a name).
pub(crate) fn rules_arg(obj: &Bound<'_, PyAny>) -> PyResult<RuleSet> {
    if let Ok(r) = obj.cast::<PyRules>() {
        return Ok(r.get().rules);
    }
    rules_from_py(obj, None, None, None)
}

impl PyRules {
    pub(crate) fn repr_text(&self) -> String {
        self.rules.repr()
    }

    /// The option's value, or the reference's AttributeError for an option the rule set lacks.
    fn option(&self, key: &str) -> PyResult<OptionValue> {
        let found = self.rules.options().into_iter().find(|(k, _)| *k == key);
        found.map(|(_, value)| value).ok_or_else(|| {
            PyAttributeError::new_err(format!("{} has no option '{key}'", self.rules.name()))
        })
    }

    /// An option that is on or off.
    fn flag(&self, key: &str) -> PyResult<bool> {
        match self.option(key)? {
            OptionValue::Bool(b) => Ok(b),
            OptionValue::Word(_) => Err(PyAttributeError::new_err(format!("{key} is no flag"))),
        }
    }

    pub(crate) fn options_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (key, value) in self.rules.options() {
            set_option(&d, key, value)?;
        }
        Ok(d)
    }

    pub(crate) fn dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("name", self.rules.name())?;
        d.set_item("players", self.rules.players())?;
        d.set_item("target", self.rules.target())?;
        for (k, v) in self.options_dict(py)?.iter() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (name = Given::Missing, players = None, target = None, **options),
           text_signature = "(name='quinza', players=None, target=None, **options)")]
    fn new<'py>(
        py: Python<'py>,
        name: Given<'py>,
        players: Option<&Bound<'py, PyAny>>,
        target: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Self> {
        let default = PyString::new(py, "quinza").into_any();
        let name = name.value().unwrap_or(&default);
        Ok(PyRules {
            rules: rules_from_py(name, players, target, options)?,
        })
    }

    #[doc = docstring!(Rules.from_dict)]
    #[classmethod]
    fn from_dict<'py>(
        cls: &Bound<'py, PyType>,
        data: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyAny>> {
        cls.call((), Some(data))
    }

    #[doc = docstring!(Rules.name)]
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.name()
    }

    #[doc = docstring!(Rules.players)]
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players()
    }

    #[doc = docstring!(Rules.target)]
    #[getter]
    fn target(&self) -> u64 {
        self.rules.target()
    }

    #[doc = docstring!(Rules.sides)]
    #[getter]
    fn sides(&self) -> u8 {
        self.rules.sides()
    }

    #[doc = docstring!(Rules.deck)]
    #[getter]
    fn deck(&self) -> &'static str {
        self.rules.deck().name()
    }

    #[doc = docstring!(Rules.capture_total)]
    #[getter]
    fn capture_total(&self) -> Option<u8> {
        self.rules.capture_total()
    }

    #[doc = docstring!(Rules.values)]
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.rules
            .values()
            .map(|v| PyTuple::new(py, v.iter().copied()))
            .transpose()
    }

    #[doc = docstring!(Rules.options)]
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.options_dict(py)
    }

    #[doc = docstring!(Rules.escoba_on_last_card)]
    #[getter]
    fn escoba_on_last_card(&self) -> PyResult<bool> {
        self.flag("escoba_on_last_card")
    }

    #[doc = docstring!(Rules.opening_capture)]
    #[getter]
    fn opening_capture(&self) -> PyResult<bool> {
        self.flag("opening_capture")
    }

    #[doc = docstring!(Rules.setenta)]
    #[getter]
    fn setenta(&self) -> PyResult<&'static str> {
        match self.option("setenta")? {
            OptionValue::Word(w) => Ok(w),
            OptionValue::Bool(_) => Err(PyAttributeError::new_err("setenta is a word")),
        }
    }

    #[doc = docstring!(Rules.side_of)]
    fn side_of<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if self.rules.players() == 4 {
            seat.rem(2)
        } else {
            Ok(seat.clone())
        }
    }

    #[doc = docstring!(Rules.to_dict)]
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.dict(py)
    }

    fn __repr__(&self) -> String {
        self.repr_text()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = match other.cast::<PyRules>() {
            Ok(o) => o.get().rules == self.rules,
            Err(_) => false,
        };
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.rules.hash(&mut h);
        h.finish()
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_dict = slf.get_type().getattr("from_dict")?;
        let args = PyTuple::new(py, [slf.get().dict(py)?])?;
        PyTuple::new(py, [from_dict, args.into_any()])
    }
}
