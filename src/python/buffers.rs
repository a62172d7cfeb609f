//! numpy arrays the core writes into in place: the one place that turns a Python object
//! into a mutable slice, so encode(out=), action_mask(out=) and the vector env share its
//! checks. Two ways to reach the memory, behind the same checks: the buffer protocol where
//! the stable ABI has it (3.11 on: the default wheel), and numpy's `__array_interface__`
//! in the wheel for 3.9 and 3.10 (feature abi3-py39), whose stable ABI has no buffers.

use pyo3::prelude::*;

#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
use pyo3::buffer::PyBuffer;

/// An item type of the arrays lent: `KIND` is its letter in numpy's typestr.
#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
pub(crate) trait Item: pyo3::buffer::Element {
    #[allow(dead_code)] // read by the __array_interface__ way only
    const KIND: u8;
}

/// An item type of the arrays lent: `KIND` is its letter in numpy's typestr.
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
pub(crate) trait Item: Copy {
    const KIND: u8;
}

impl Item for u8 {
    const KIND: u8 = b'u';
}
impl Item for i8 {
    const KIND: u8 = b'i';
}
impl Item for i64 {
    const KIND: u8 = b'i';
}
impl Item for f32 {
    const KIND: u8 = b'f';
}

/// A writable C-contiguous run of `T` lent by a Python object, held until this is
/// dropped: the lent buffer (3.11 on) or a reference to the array (3.9), either of which
/// makes numpy refuse to resize the array meanwhile (unless told `refcheck=False`).
pub(crate) struct Writable<T: Item> {
    ptr: *mut T,
    len: usize,
    dims: usize,
    _held: Held<T>,
}

#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
type Held<T> = PyBuffer<T>;
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
type Held<T> = (Py<PyAny>, std::marker::PhantomData<T>);

/// Why an object is not a `Writable` of the asked length.
pub(crate) enum Refused {
    /// No buffer of `T` (another dtype or byte order, or not an array), or one not aligned
    /// for `T`.
    Dtype,
    /// A buffer of `T` that is read-only, not C-contiguous, or of another length.
    Shape,
}

/// The checks both ways share, once the items are known to be `T`s.
fn fits(readonly: bool, c_contiguous: bool, items: usize, len: Option<usize>) -> bool {
    !readonly && c_contiguous && len.is_none_or(|n| items == n)
}

impl<T: Item> Writable<T> {
    /// `obj` as a run of exactly `len` items of `T` (`None`: any length).
    #[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
    pub(crate) fn of(obj: &Bound<'_, PyAny>, len: Option<usize>) -> Result<Self, Refused> {
        // PyBuffer::get checks the item format, size and alignment against T.
        let buffer = PyBuffer::<T>::get(obj).map_err(|_| Refused::Dtype)?;
        if !native_order(buffer.format().to_bytes()) {
            return Err(Refused::Dtype);
        }
        if !fits(buffer.readonly(), buffer.is_c_contiguous(), buffer.item_count(), len) {
            return Err(Refused::Shape);
        }
        Ok(Writable {
            ptr: buffer.buf_ptr() as *mut T,
            len: buffer.item_count(),
            dims: buffer.dimensions(),
            _held: buffer,
        })
    }

    /// `obj` as a run of exactly `len` items of `T` (`None`: any length).
    #[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
    pub(crate) fn of(obj: &Bound<'_, PyAny>, len: Option<usize>) -> Result<Self, Refused> {
        let (held, array) = Interface::of::<T>(obj).ok_or(Refused::Dtype)?;
        let items = array.items();
        if !fits(array.readonly, array.c_contiguous::<T>(), items, len) {
            return Err(Refused::Shape);
        }
        Ok(Writable {
            ptr: array.ptr as *mut T,
            len: items,
            dims: array.shape.len(),
            _held: (held.unbind(), std::marker::PhantomData),
        })
    }

    /// How many axes the array has (a C-contiguous array of any shape is one run).
    pub(crate) fn dimensions(&self) -> usize {
        self.dims
    }

    /// The items, to be written. One slice at a time: the borrow of `self` says so.
    pub(crate) fn slice(&mut self) -> &mut [T] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: the memory is writable, C-contiguous, aligned and of `len` items of T
        // (checked in `of`), and stays lent while `self` lives; the &mut borrow of self
        // keeps this the only slice of it.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// The items of any array of `T`s (any shape, strides or writability), copied in C
/// order; `None` when `obj` is no array of `T`s (the `Refused::Dtype` cases).
#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
pub(crate) fn copied<T: Item>(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<T>>> {
    match PyBuffer::<T>::get(obj) {
        Ok(buffer) if native_order(buffer.format().to_bytes()) => buffer.to_vec(obj.py()).map(Some),
        _ => Ok(None),
    }
}

/// The items of any array of `T`s (any shape, strides or writability), copied in C
/// order; `None` when `obj` is no array of `T`s (the `Refused::Dtype` cases).
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
pub(crate) fn copied<T: Item>(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<T>>> {
    let Some((_held, array)) = Interface::of::<T>(obj) else {
        return Ok(None);
    };
    let size = std::mem::size_of::<T>() as isize;
    let strides = array.strides.clone().unwrap_or_else(|| {
        // C order: the last axis moves by one item.
        let mut s = vec![size; array.shape.len()];
        for axis in (0..s.len().saturating_sub(1)).rev() {
            s[axis] = s[axis + 1] * array.shape[axis + 1] as isize;
        }
        s
    });
    let items = array.items();
    let mut out = Vec::with_capacity(items);
    let mut index = vec![0usize; array.shape.len()];
    for _ in 0..items {
        let offset: isize = index.iter().zip(&strides).map(|(&i, &s)| i as isize * s).sum();
        // SAFETY: numpy says the array's items are at these offsets from its data, and
        // `obj` (alive, the GIL held) keeps them there; strided items may be unaligned.
        out.push(unsafe { (array.ptr as *const u8).offset(offset).cast::<T>().read_unaligned() });
        for axis in (0..index.len()).rev() {
            index[axis] += 1;
            if index[axis] < array.shape[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
    Ok(Some(out))
}

/// Whether a buffer format's byte order (its first character, when one) is this
/// machine's. pyo3 0.30 takes '>' (big-endian) for native on little-endian machines, and
/// numpy marks a non-native array with it: written natively, its numbers would be garbage.
#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
fn native_order(format: &[u8]) -> bool {
    match format.first() {
        Some(b'<') => cfg!(target_endian = "little"),
        Some(b'>' | b'!') => cfg!(target_endian = "big"),
        _ => true,
    }
}

/// numpy's description of an array (`__array_interface__`, version 3), for the stable ABI
/// without the buffer protocol.
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
struct Interface {
    ptr: usize,
    readonly: bool,
    shape: Vec<usize>,
    /// In bytes, one per axis; `None`: C-contiguous.
    strides: Option<Vec<isize>>,
}

#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
impl Interface {
    /// `obj`'s description when it is an array of `T`s in this machine's byte order, at an
    /// address aligned for `T` (the checks PyBuffer::get makes); `None` otherwise. With it
    /// the object to hold while the memory is used: `obj`, or, for another object that
    /// lends a buffer (a memoryview, a bytearray), numpy's view of that buffer, which
    /// numpy (a C extension, not bound to the stable ABI) reads through the protocol.
    fn of<'py, T: Item>(obj: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Interface)> {
        let py = obj.py();
        let name = pyo3::intern!(py, "__array_interface__");
        let (held, d) = match obj.getattr(name) {
            Ok(d) => (obj.clone(), d),
            Err(_) => {
                let view = pyo3::types::PyMemoryView::from(obj).ok()?;
                let array = py.import("numpy").ok()?.call_method1("asarray", (view,)).ok()?;
                let d = array.getattr(name).ok()?;
                (array, d)
            }
        };
        let field = |name: &str| d.get_item(pyo3::types::PyString::intern(py, name)).ok();
        let typestr: String = field("typestr")?.extract().ok()?;
        let (ptr, readonly): (usize, bool) = field("data")?.extract().ok()?;
        let shape: Vec<usize> = field("shape")?.extract().ok()?;
        let strides: Option<Vec<isize>> = field("strides")?.extract().ok()?;
        // No axis: refused as PyBuffer::get refuses it (numpy lends such an array without
        // a shape).
        let fine = is_item::<T>(typestr.as_bytes())
            && !shape.is_empty()
            && ptr != 0
            && ptr % std::mem::align_of::<T>() == 0
            && strides.as_ref().is_none_or(|s| s.len() == shape.len());
        fine.then_some((held, Interface { ptr, readonly, shape, strides }))
    }

    fn items(&self) -> usize {
        self.shape.iter().product()
    }

    /// As CPython's PyBuffer_IsContiguous(view, 'C') decides it: axes of one item (and
    /// arrays of none) may have any stride.
    fn c_contiguous<T>(&self) -> bool {
        let Some(strides) = &self.strides else {
            return true;
        };
        if self.items() == 0 {
            return true;
        }
        let mut expected = std::mem::size_of::<T>() as isize;
        for (&dim, &stride) in self.shape.iter().zip(strides).rev() {
            if dim > 1 && stride != expected {
                return false;
            }
            expected *= dim as isize;
        }
        true
    }
}

/// Whether a numpy typestr ("<f4", "|i1", ...) names `T` in this machine's byte order.
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
fn is_item<T: Item>(typestr: &[u8]) -> bool {
    let size = std::mem::size_of::<T>();
    let order = match typestr.first() {
        Some(b'|') => size == 1,
        Some(b'=') => true,
        Some(b'<') => cfg!(target_endian = "little"),
        Some(b'>') => cfg!(target_endian = "big"),
        _ => false,
    };
    order
        && typestr.get(1) == Some(&T::KIND)
        && std::str::from_utf8(&typestr[2..]).ok().and_then(|s| s.parse::<usize>().ok()) == Some(size)
}
