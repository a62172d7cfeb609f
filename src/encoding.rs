//! What every family's encodings are written with (docs/reference/encodings.md "Encodings"): the
//! `Writer` their vectors are written with and the layouts' version; the `Encoded` hooks each
//! family implements in its own folder (`fifteen/encode.rs`, `quinte/encode.rs`) are the
//! game interface's (`crate::state`). Below the families; `crate::encode` dispatches over them.

pub use crate::state::Encoded;

/// Bumped whenever a layout or an action id changes meaning.
pub const ENCODING_VERSION: u32 = 1;

/// Counts and numerators are capped here: every one is then exact in an f32.
pub const COUNT_CAP: u64 = 1 << 24;

/// The eight entries of every byte of a card set: `BYTE_ENTRIES[b][i]` is bit `i` of `b`.
static BYTE_ENTRIES: [[f32; 8]; 256] = {
    let mut t = [[0.0f32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                t[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Writes the entries of a vector in order (the layout of `names`).
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    /// Every entry of `out` is then written once, by the calls of the layout in order.
    pub fn new(out: &'a mut [f32]) -> Writer<'a> {
        Writer { out, at: 0 }
    }
    /// `size` entries, 1 where bit `i` of `bits` is set. Every entry written, eight at a
    /// time from a table: the same work however many cards a set holds.
    #[inline]
    pub fn cards(&mut self, bits: u64, size: usize) {
        let mut chunks = self.out[self.at..self.at + size].chunks_exact_mut(8);
        let mut b = bits;
        for chunk in &mut chunks {
            chunk.copy_from_slice(&BYTE_ENTRIES[(b & 0xff) as usize]);
            b >>= 8;
        }
        let rest = chunks.into_remainder();
        let n = rest.len();
        rest.copy_from_slice(&BYTE_ENTRIES[(b & 0xff) as usize][..n]);
        self.at += size;
    }
    #[inline]
    pub fn count(&mut self, x: u64) {
        self.out[self.at] = x.min(COUNT_CAP) as f32;
        self.at += 1;
    }
    /// `x / of` as an f32 division of the capped numbers (as numpy.float32 divides).
    #[inline]
    pub fn ratio(&mut self, x: u64, of: u64) {
        self.out[self.at] = x.min(COUNT_CAP) as f32 / of.clamp(1, COUNT_CAP) as f32;
        self.at += 1;
    }
    #[inline]
    pub fn flag(&mut self, b: bool) {
        self.out[self.at] = if b { 1.0 } else { 0.0 };
        self.at += 1;
    }
    /// `size` entries, 1 at `index` (none for None).
    #[inline]
    pub fn one_hot(&mut self, index: Option<u8>, size: u8) {
        self.out[self.at..self.at + size as usize].fill(0.0);
        if let Some(i) = index {
            self.out[self.at + i as usize] = 1.0;
        }
        self.at += size as usize;
    }
    pub fn done(self) {
        debug_assert_eq!(self.at, self.out.len(), "the layout of names");
    }
}
