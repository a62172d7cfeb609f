//! `DealResult`: what one finished deal gave each side, as `Game.deals` and the
//! "deal_scored" event give it. The core scores the deal (`AnyDeal`); this only shows it.

use super::cards::{card_list, text_list};
use super::convert::opt_int;
use crate::any::AnyDeal;
use crate::pyrepr::list_text as py_list_text;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// What one finished deal gave each side. `piles`: per side, every card the side ended
/// the deal with (leftovers included), sorted; `points`: per side, the deal's points,
/// `details` how they are made up.
#[pyclass(module = "quinza._core", name = "DealResult", frozen)]
pub struct PyDealResult {
    pub(crate) deal: AnyDeal,
}

fn deal_dict<'py>(py: Python<'py>, d: &AnyDeal) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("deal_number", d.deal_number())?;
    out.set_item("dealer", d.dealer())?;
    let piles = PyList::empty(py);
    for p in d.piles() {
        piles.append(text_list(py, p)?)?;
    }
    out.set_item("piles", piles)?;
    out.set_item("points", PyList::new(py, d.points())?)?;
    out.set_item("details", details_list(py, d)?)?;
    out.set_item("escobas", d.escobas().to_vec())?;
    out.set_item("last_capturer", opt_int(py, d.last_capturer())?)?;
    Ok(out)
}

fn details_list<'py>(py: Python<'py>, d: &AnyDeal) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for side in d.details() {
        let dd = PyDict::new(py);
        for (k, v) in side {
            dd.set_item(k, v)?;
        }
        list.append(dd)?;
    }
    Ok(list)
}

#[pymethods]
impl PyDealResult {
    /// The deal's number in the match, 1 for the first.
    #[getter]
    fn deal_number(&self) -> u64 {
        self.deal.deal_number()
    }

    /// The seat that dealt it.
    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer()
    }

    /// Per side, every card the side ended the deal with (leftovers included), sorted.
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in self.deal.piles() {
            list.append(card_list(py, p)?)?;
        }
        Ok(list)
    }

    /// Per side, the points the deal added to the match.
    #[getter]
    fn points(&self) -> Vec<u64> {
        self.deal.points().to_vec()
    }

    /// Per side, a dict of how the points are made up: quinza and rb3ine "gold" and
    /// "other"; escoba "cards", "oros", "seven_of_oros", "setenta" and "escobas"; quinte
    /// "quints" and "tricks".
    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        details_list(py, &self.deal)
    }

    /// Per side, the deal's escobas (always 0 outside escoba).
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.deal.escobas().to_vec()
    }

    /// The seat that made the deal's last capture (quinte: won its last trick), or None.
    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.deal.last_capturer()
    }

    /// The deal as a dict of plain values, the cards as text.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        deal_dict(py, &self.deal)
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
            Ok(o) => o.get().deal == self.deal,
            Err(_) => false,
        };
        Ok(match op {
            CompareOp::Eq => same.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!same).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let details = details_list(py, &self.deal)?;
        Ok(format!(
            "DealResult(deal_number={}, dealer={}, points={}, details={}, last_capturer={})",
            self.deal.deal_number(),
            self.deal.dealer(),
            py_list_text(self.deal.points()),
            details.repr()?,
            self.deal
                .last_capturer()
                .map_or("None".to_string(), |x| x.to_string())
        ))
    }
}
