//! numpy arrays the core writes into in place: the one place that turns a Python object
//! into a mutable slice, so encode(out=), action_mask(out=) and the vector env share its
//! checks. Two ways to reach the memory, behind the same checks: the buffer protocol where
//! the stable ABI has it (3.11 on: the default wheel), and numpy's array interface
//! (`__array_struct__`) in the wheel for 3.9 and 3.10 (feature abi3-py39), whose stable
//! ABI has no buffers.

use pyo3::prelude::*;

#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
use pyo3::buffer::PyBuffer;

/// An item type of the arrays lent: `KIND` is numpy's letter for its kind.
#[cfg(any(Py_3_11, not(Py_LIMITED_API)))]
pub(crate) trait Item: pyo3::buffer::Element {
    #[allow(dead_code)] // read by the __array_struct__ way only
    const KIND: u8;
}

/// An item type of the arrays lent: `KIND` is numpy's letter for its kind.
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
        if !fits(
            buffer.readonly(),
            buffer.is_c_contiguous(),
            buffer.item_count(),
            len,
        ) {
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
    let items = array.items();
    let mut out = Vec::with_capacity(items);
    let mut index = vec![0usize; array.shape.len()];
    for _ in 0..items {
        let offset: isize = index
            .iter()
            .zip(&array.strides)
            .map(|(&i, &s)| i as isize * s)
            .sum();
        // SAFETY: numpy says the array's items are at these offsets from its data, and
        // `_held` (alive, the GIL held) keeps them there; strided items may be unaligned.
        out.push(unsafe {
            (array.ptr as *const u8)
                .offset(offset)
                .cast::<T>()
                .read_unaligned()
        });
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

/// numpy's `PyArrayInterface` (numpy/ndarraytypes.h), which `__array_struct__` lends in
/// a capsule: the array interface in C, a twentieth of the cost of the
/// `__array_interface__` dict (0.2 against 4 µs).
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
#[repr(C)]
struct ArrayStruct {
    two: std::ffi::c_int,
    nd: std::ffi::c_int,
    typekind: std::ffi::c_char,
    itemsize: std::ffi::c_int,
    flags: std::ffi::c_int,
    shape: *const isize,
    strides: *const isize,
    data: *mut std::ffi::c_void,
    descr: *mut pyo3::ffi::PyObject,
}

/// `ArrayStruct::flags`: the items are in this machine's byte order; the array is writable.
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
const NOTSWAPPED: std::ffi::c_int = 0x200;
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
const WRITEABLE: std::ffi::c_int = 0x400;

/// What numpy says of an array, for the stable ABI without the buffer protocol.
#[cfg(not(any(Py_3_11, not(Py_LIMITED_API))))]
struct Interface {
    ptr: usize,
    readonly: bool,
    shape: Vec<usize>,
    /// In bytes, one per axis.
    strides: Vec<isize>,
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
        let name = pyo3::intern!(py, "__array_struct__");
        let (held, capsule) = match obj.getattr(name) {
            Ok(capsule) => (obj.clone(), capsule),
            Err(_) => {
                let view = pyo3::types::PyMemoryView::from(obj).ok()?;
                let array = py
                    .import("numpy")
                    .ok()?
                    .call_method1("asarray", (view,))
                    .ok()?;
                let capsule = array.getattr(name).ok()?;
                (array, capsule)
            }
        };
        use pyo3::types::PyCapsuleMethods;
        let capsule = capsule.cast::<pyo3::types::PyCapsule>().ok()?;
        let raw = capsule.pointer_checked(None).ok()?.cast::<ArrayStruct>();
        // SAFETY: numpy's capsule holds a PyArrayInterface, alive while the capsule is
        // (everything needed is copied out before it is dropped); `two` vouches for it.
        let s = unsafe { raw.as_ref() };
        // No axis: refused as PyBuffer::get refuses it (numpy lends such an array without
        // a shape).
        if s.two != 2 || s.nd <= 0 || s.shape.is_null() || s.strides.is_null() {
            return None;
        }
        let nd = s.nd as usize;
        // SAFETY: numpy's shape and strides hold `nd` entries each.
        let (shape, strides) = unsafe {
            let shape = std::slice::from_raw_parts(s.shape, nd)
                .iter()
                .map(|&d| d as usize)
                .collect();
            (shape, std::slice::from_raw_parts(s.strides, nd).to_vec())
        };
        let ptr = s.data as usize;
        let fine = s.typekind as u8 == T::KIND
            && s.itemsize as usize == std::mem::size_of::<T>()
            && s.flags & NOTSWAPPED != 0
            && ptr != 0
            && ptr.is_multiple_of(std::mem::align_of::<T>());
        let readonly = s.flags & WRITEABLE == 0;
        fine.then_some((
            held,
            Interface {
                ptr,
                readonly,
                shape,
                strides,
            },
        ))
    }

    fn items(&self) -> usize {
        self.shape.iter().product()
    }

    /// As CPython's PyBuffer_IsContiguous(view, 'C') decides it: axes of one item (and
    /// arrays of none) may have any stride.
    fn c_contiguous<T>(&self) -> bool {
        if self.items() == 0 {
            return true;
        }
        let mut expected = std::mem::size_of::<T>() as isize;
        for (&dim, &stride) in self.shape.iter().zip(&self.strides).rev() {
            if dim > 1 && stride != expected {
                return false;
            }
            expected *= dim as isize;
        }
        true
    }
}
