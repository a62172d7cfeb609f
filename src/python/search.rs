//! `solve` and `Solution` for Python: the arguments checked with the reference's
//! messages, the search run in the core with the GIL released; Ctrl-C is polled while it
//! runs (the GIL taken back every `STOP_EVERY` nodes) and raises KeyboardInterrupt.

use super::cards::move_object;
use super::convert::{choice_arg, core_error, plain_int, repr, shown, type_name, value_error};
use super::game::PyGame;
use crate::any::AnyMove;
use crate::search::{Ask, Limits, Moves};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyTuple};

/// Signals are polled at every this many checks of the core (`search::CHECK_EVERY`
/// nodes each).
const STOP_EVERY: u64 = 16;

#[doc = docstring!(Solution)]
#[pyclass(module = "quinza._core", name = "Solution", frozen)]
pub struct PySolution {
    value: i128,
    moves: Vec<(AnyMove, i128)>,
    nodes: u64,
}

#[pymethods]
impl PySolution {
    #[doc = docstring!(Solution.value)]
    #[getter]
    fn value(&self) -> i128 {
        self.value
    }

    #[doc = docstring!(Solution.moves)]
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for &(mv, v) in &self.moves {
            let pair = PyTuple::new(
                py,
                [
                    move_object(py, mv)?.into_any(),
                    v.into_pyobject(py)?.into_any(),
                ],
            )?;
            list.append(pair)?;
        }
        Ok(list)
    }

    #[doc = docstring!(Solution.nodes)]
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|(m, v)| format!("(Move('{m}'), {v})"))
            .collect();
        format!(
            "Solution(value={}, moves=[{}], nodes={})",
            self.value,
            moves.join(", "),
            self.nodes
        )
    }
}

/// `max_nodes`: None or a whole number from 1 (more than 2**64-1 is no limit).
fn max_nodes_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(v) = v else { return Ok(None) };
    match plain_int(v) {
        Some(Ok(n)) if n >= 1 => Ok(Some(n.min(u64::MAX as i128) as u64)),
        Some(Err(())) if v.gt(0)? => Ok(Some(u64::MAX)),
        _ => Err(value_error(format!(
            "max_nodes must be a positive whole number, not {}",
            shown(v)?
        ))),
    }
}

/// `time_limit`: None or a number of seconds above 0 (an int too large for a float is
/// no limit).
pub(crate) fn time_limit_arg(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(f64, String)>> {
    let Some(v) = v else { return Ok(None) };
    let number = !v.is_instance_of::<PyBool>()
        && (v.is_instance_of::<PyInt>() || v.is_instance_of::<PyFloat>());
    let seconds = if number {
        v.extract::<f64>().or_else(|_| {
            // Only an int can fail: one too large for a float.
            if v.gt(0)? {
                Ok::<f64, PyErr>(f64::INFINITY)
            } else {
                Ok(f64::NEG_INFINITY)
            }
        })?
    } else {
        f64::NAN
    };
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(value_error(format!(
            "time_limit must be a positive number of seconds, not {}",
            shown(v)?
        )));
    }
    Ok(Some((seconds, repr(v)?)))
}

#[doc = docstring!(solve)]
#[pyfunction]
#[pyo3(
    signature = (game, *, max_nodes = None, time_limit = None, moves = None, threads = one_thread()),
    text_signature = "(game, *, max_nodes=None, time_limit=None, moves='all', threads=1)"
)]
pub fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    max_nodes: Option<Bound<'_, PyAny>>,
    time_limit: Option<Bound<'_, PyAny>>,
    moves: Option<Bound<'_, PyAny>>,
    threads: Py<PyAny>,
) -> PyResult<PySolution> {
    let Ok(cell) = game.cast::<PyGame>() else {
        let twin = py
            .import("quinza._words")?
            .call_method1("other_twin_text", ("solve", "quinza", game))?;
        if !twin.is_none() {
            return Err(value_error(twin.extract::<String>()?));
        }
        return Err(value_error(format!(
            "solve needs a Game, not {}",
            type_name(game)?
        )));
    };
    let max_nodes = max_nodes_arg(max_nodes.as_ref())?;
    let time_limit = time_limit_arg(time_limit.as_ref())?;
    let moves = moves.map_or(Ok(Moves::All), |v| choice_arg(&v, "moves"))?;
    let threads = threads_arg(threads.bind(py))?;
    let g = cell
        .try_borrow()
        .map_err(|_| value_error("the game is busy: it cannot be solved while it changes"))?
        .game
        .search_copy();
    let (time_limit, time_limit_text) = time_limit.unzip();
    let limits = Limits {
        max_nodes,
        time_limit,
        time_limit_text,
    };
    let mut ctrl_c = CtrlC::every(STOP_EVERY);
    let result =
        py.detach(|| g.solve_with(&limits, Ask { moves, threads }, &mut || ctrl_c.pressed()));
    ctrl_c.raise()?;
    let s = result.map_err(core_error)?;
    Ok(PySolution {
        value: s.value,
        moves: s.moves,
        nodes: s.nodes,
    })
}

/// `threads`' default: one, the calling thread.
fn one_thread() -> Py<PyAny> {
    Python::attach(|py| 1i64.into_pyobject(py).map(|n| n.into_any().unbind()))
        .unwrap_or_else(|never| match never {})
}

/// `threads`: a whole number from 1, or None for every core (as `simulate` takes it).
fn threads_arg(v: &Bound<'_, PyAny>) -> PyResult<usize> {
    if v.is_none() {
        return Ok(crate::sim::threads_for(0));
    }
    match plain_int(v) {
        Some(Ok(n)) if n >= 1 => Ok(crate::sim::threads_for(n.min(usize::MAX as i128) as usize)),
        Some(Err(())) if v.gt(0)? => Ok(crate::sim::threads_for(usize::MAX)),
        _ => Err(value_error(format!(
            "threads must be a whole number >= 1, or None for every core, not {}",
            shown(v)?
        ))),
    }
}

/// `quinza._ctrl_c`, whose `poll` a search calls before it looks for Ctrl-C.
static CTRL_C: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// Ctrl-C seen from a search that runs with the GIL released: `pressed` takes the GIL
/// back on every `every`-th call, calls `quinza._ctrl_c.poll` (nothing, but a test may
/// make Ctrl-C pending there) and asks Python for signals, and keeps the error
/// (KeyboardInterrupt) that `raise` gives once the search has stopped.
pub(crate) struct CtrlC {
    every: u64,
    calls: u64,
    error: Option<PyErr>,
}

impl CtrlC {
    pub(crate) fn every(every: u64) -> CtrlC {
        CtrlC {
            every,
            calls: 0,
            error: None,
        }
    }

    pub(crate) fn pressed(&mut self) -> bool {
        self.calls += 1;
        if !self.calls.is_multiple_of(self.every) {
            return false;
        }
        let looked = Python::attach(|py| {
            let module =
                CTRL_C.get_or_try_init(py, || py.import("quinza._ctrl_c").map(Bound::unbind))?;
            // Looked up at every call: a test may have put another `poll` there.
            module.bind(py).getattr(intern!(py, "poll"))?.call0()?;
            py.check_signals()
        });
        match looked {
            Ok(()) => false,
            Err(e) => {
                self.error = Some(e);
                true
            }
        }
    }

    pub(crate) fn raise(self) -> PyResult<()> {
        self.error.map_or(Ok(()), Err)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
