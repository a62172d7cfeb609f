//! numpy arrays the core writes into in place: the one place that turns a Python object
//! into a mutable slice, so encode(out=), action_mask(out=) and the vector env share its
//! checks (and a build without the buffer protocol has one place to change).

use pyo3::buffer::{Element, PyBuffer};
use pyo3::prelude::*;

/// A writable C-contiguous run of `T` lent by a Python object. The lent
/// buffer is held until this is dropped, so numpy refuses to resize the array meanwhile.
pub(crate) struct Writable<T: Element> {
    buffer: PyBuffer<T>,
}

/// Why an object is not a `Writable` of the asked length.
pub(crate) enum Refused {
    /// No buffer of `T` (another dtype, or not an array), or one not aligned for `T`.
    Dtype,
    /// A buffer of `T` that is read-only, not C-contiguous, or of another length.
    Shape,
}

impl<T: Element> Writable<T> {
    /// `obj` as a run of exactly `len` items of `T` (`None`: any length).
    pub(crate) fn of(obj: &Bound<'_, PyAny>, len: Option<usize>) -> Result<Self, Refused> {
        // PyBuffer::get checks the item format, size and alignment against T.
        let buffer = PyBuffer::<T>::get(obj).map_err(|_| Refused::Dtype)?;
        let fits = !buffer.readonly()
            && buffer.is_c_contiguous()
            && len.is_none_or(|n| buffer.item_count() == n);
        if !fits {
            return Err(Refused::Shape);
        }
        Ok(Writable { buffer })
    }

    /// How many axes the array has (a C-contiguous array of any shape is one run).
    pub(crate) fn dimensions(&self) -> usize {
        self.buffer.dimensions()
    }

    pub(crate) fn len(&self) -> usize {
        self.buffer.item_count()
    }

    /// The items, to be written. One slice at a time: the borrow of `self` says so.
    pub(crate) fn slice(&mut self) -> &mut [T] {
        let ptr = self.buffer.buf_ptr() as *mut T;
        // SAFETY: the buffer is writable, C-contiguous, aligned and of
        // `len` items of T (checked in `of`), and stays lent while `self` lives; the
        // &mut borrow of self keeps this the only slice of it.
        unsafe { std::slice::from_raw_parts_mut(ptr, self.len()) }
    }
}
