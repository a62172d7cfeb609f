//! The solver's transposition table (docs/engine.md "Search: the open-hand solver"):
//! per position the bounds proved on its value and the best move, in buckets of two
//! slots. One table may be shared by the threads of one solve: each slot is four
//! machine words written and read without locks, the key stored XOR the other three,
//! so that a slot read while another thread writes it fails its check and reads as
//! empty (a lost entry costs a search again, never a wrong value).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// A table starts with this many slots and doubles while it fills (one thread only).
pub(super) const START: usize = 1 << 10;
/// At most this many slots; a table shared by threads has them all from the start.
pub(super) const MAX: usize = 1 << 22;

/// No move remembered.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// What the table knows of a position: its value lies in `lower..=upper` (64 bits each
/// to keep entries small: `i64::MIN` and `i64::MAX` stand for no bound, and a bound out
/// of range is stored weaker).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i64,
    pub(super) upper: i64,
    /// The index of the best move found, in `State::search_moves_into` order.
    pub(super) best: u16,
    /// The nodes its search visited (what it would cost again).
    pub(super) work: u32,
}

impl Entry {
    /// The third word: the best move, the work, and a bit that marks a used slot.
    fn meta(&self) -> u64 {
        1 << 63 | (self.work as u64) << 16 | self.best as u64
    }
}

/// Four words: the key XOR the other three, the lower bound, the upper bound, the meta
/// word (zero: an empty slot).
struct Slot([AtomicU64; 4]);

/// Two slots on one cache line: a probe reads one line, never two.
#[repr(align(64))]
struct Bucket([Slot; 2]);

impl Slot {
    fn empty() -> Slot {
        Slot([0, 0, 0, 0].map(AtomicU64::new))
    }

    fn read(&self) -> Option<Entry> {
        let w = [0, 1, 2, 3].map(|i| self.0[i].load(Relaxed));
        if w[3] == 0 {
            return None;
        }
        Some(Entry {
            key: w[0] ^ w[1] ^ w[2] ^ w[3],
            lower: w[1] as i64,
            upper: w[2] as i64,
            best: w[3] as u16,
            work: (w[3] >> 16) as u32,
        })
    }

    fn write(&self, e: &Entry) {
        let (lower, upper, meta) = (e.lower as u64, e.upper as u64, e.meta());
        self.0[0].store(e.key ^ lower ^ upper ^ meta, Relaxed);
        self.0[1].store(lower, Relaxed);
        self.0[2].store(upper, Relaxed);
        self.0[3].store(meta, Relaxed);
    }

    fn clear(&self) {
        for w in &self.0 {
            w.store(0, Relaxed);
        }
    }
}

pub(super) struct Table {
    buckets: Vec<Bucket>,
    /// Slots in use (counted while one thread owns the table, for its growth).
    filled: AtomicUsize,
}

impl Table {
    pub(super) fn new(slots: usize) -> Table {
        Table {
            buckets: (0..slots / 2)
                .map(|_| Bucket([Slot::empty(), Slot::empty()]))
                .collect(),
            filled: AtomicUsize::new(0),
        }
    }

    fn slots(&self) -> usize {
        2 * self.buckets.len()
    }

    /// A key's bucket of two slots.
    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; 2] {
        &self.buckets[(key >> 1) as usize & (self.buckets.len() - 1)].0
    }

    /// What the table holds for `key`, if anything.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .iter()
            .find_map(|s| s.read().filter(|e| e.key == key))
    }

    /// Two slots a bucket: the first keeps the entry that cost the most nodes, the
    /// second the newest other one, so that a full table keeps the costly entries near
    /// the root.
    pub(super) fn place(&self, entry: Entry) {
        let b = self.bucket(entry.key);
        let (first, second) = (b[0].read(), b[1].read());
        let mut grew = 0;
        let i = match (first, second) {
            (Some(f), _) if f.key == entry.key => 0,
            (_, Some(s)) if s.key == entry.key => 1,
            (None, _) => {
                grew = 1;
                0
            }
            (Some(f), _) if entry.work >= f.work => {
                // The first slot's entry moves to the second.
                b[1].write(&f);
                grew = second.is_none() as usize;
                0
            }
            _ => {
                grew = second.is_none() as usize;
                1
            }
        };
        b[i].write(&entry);
        if grew > 0 {
            self.filled.fetch_add(grew, Relaxed);
        }
    }

    /// Whether a table owned by one thread should double: three quarters full, below `MAX`.
    pub(super) fn wants_to_grow(&self) -> bool {
        self.filled.load(Relaxed) * 4 > self.slots() * 3 && self.slots() < MAX
    }

    /// Twice the slots, every entry placed again.
    pub(super) fn grown(&self) -> Table {
        let bigger = Table::new(self.slots() * 2);
        for e in self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .filter_map(Slot::read)
        {
            bigger.place(e);
        }
        bigger
    }

    /// Every slot empty.
    pub(super) fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| &b.0) {
            s.clear();
        }
        self.filled.store(0, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, work: u32) -> Entry {
        Entry {
            key,
            lower: -(key as i64),
            upper: i64::MAX,
            best: 3,
            work,
        }
    }

    #[test]
    fn a_bucket_keeps_the_costliest_entry_and_the_newest() {
        let t = Table::new(8);
        // Keys 0, 8 and 16 share the first bucket.
        t.place(entry(0, 10));
        t.place(entry(8, 5));
        assert_eq!(
            t.probe(0).map(|e| (e.lower, e.best, e.work)),
            Some((0, 3, 10))
        );
        assert!(t.probe(8).is_some());
        t.place(entry(16, 1)); // cheaper than the first: replaces the newest
        assert!(t.probe(8).is_none() && t.probe(16).is_some() && t.probe(0).is_some());
        t.place(entry(24, 50)); // costlier: first slot, the old first moves to the second
        assert!(t.probe(24).is_some() && t.probe(0).is_some() && t.probe(16).is_none());
        assert_eq!(t.filled.load(Relaxed), 2);
        let g = t.grown();
        assert!(g.probe(24).is_some() && g.probe(0).is_some());
        t.clear();
        assert!(t.probe(0).is_none() && t.filled.load(Relaxed) == 0);
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let t = Table::new(4);
        t.place(entry(5, 1));
        assert!(t.probe(5).is_some());
        // One word of another entry over it, as a thread writing that entry leaves it
        // for a moment: the check fails, and nothing is read.
        t.buckets[0].0[0].0[1].store(77, Relaxed);
        assert!(t.probe(5).is_none());
    }
}
