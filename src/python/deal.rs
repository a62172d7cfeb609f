//! `DealResult`: what one finished deal gave each side, as `Game.deals` and the
//! "deal_scored" event give it. The core scores the deal (`AnyDeal`); this only shows it.

use super::cards::{card_list, text_list};
use super::convert::opt_int;
use crate::any::AnyDeal;
use crate::pyrepr::list_text as py_list_text;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

#[doc = docstring!(DealResult)]
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
    #[doc = docstring!(DealResult.deal_number)]
    #[getter]
    fn deal_number(&self) -> u64 {
        self.deal.deal_number()
    }

    #[doc = docstring!(DealResult.dealer)]
    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer()
    }

    #[doc = docstring!(DealResult.piles)]
    #[getter]
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for p in self.deal.piles() {
            list.append(card_list(py, p)?)?;
        }
        Ok(list)
    }

    #[doc = docstring!(DealResult.points)]
    #[getter]
    fn points(&self) -> Vec<u64> {
        self.deal.points().to_vec()
    }

    #[doc = docstring!(DealResult.details)]
    #[getter]
    fn details<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        details_list(py, &self.deal)
    }

    #[doc = docstring!(DealResult.escobas)]
    #[getter]
    fn escobas(&self) -> Vec<u64> {
        self.deal.escobas().to_vec()
    }

    #[doc = docstring!(DealResult.last_capturer)]
    #[getter]
    fn last_capturer(&self) -> Option<u8> {
        self.deal.last_capturer()
    }

    #[doc = docstring!(DealResult.to_dict)]
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
