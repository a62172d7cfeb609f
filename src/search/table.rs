//! The solver's transposition table (docs/explanation/search-and-fairness.md "The open-hand solver"):
//! per position the bounds proved on its value and the best move, in buckets of two
//! slots. One table may be shared by the threads of one solve: each slot is two
//! machine words written and read without locks, the key stored XOR the other, so that
//! a slot read while another thread writes it fails its check and reads as empty (a
//! lost entry costs a search again, never a wrong value).

use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// A table starts with this many slots and doubles while it fills (one thread only).
pub(super) const START: usize = 1 << 10;
/// At most this many slots.
pub(super) const MAX: usize = 1 << 22;

/// The slots of a table shared by the threads of a search with `cards` still to play,
/// made at once (it cannot grow): searches grow about fourfold with every two cards, and
/// a table larger than its search touches memory it never uses.
pub(super) fn shared_slots(cards: u32) -> usize {
    1 << (cards / 2).clamp(16, MAX.trailing_zeros())
}

/// No move remembered.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// What the table knows of a position: its value lies in `lower..=upper` (`i64::MIN`
/// and `i64::MAX` stand for no bound; the table keeps 16 bits of each, and a bound out
/// of that range is kept weaker).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i64,
    pub(super) upper: i64,
    /// The index of the best move found, in `Searchable::search_moves_into` order (kept
    /// below 255, else none).
    pub(super) best: u16,
    /// The nodes its search visited (what it would cost again; kept up to `MAX_WORK`).
    pub(super) work: u32,
}

/// The most work a slot holds (23 bits).
const MAX_WORK: u32 = (1 << 23) - 1;
/// No bound, in a slot: below every lower bound, above every upper one.
const NO_LOWER: i16 = i16::MIN;
const NO_UPPER: i16 = i16::MAX;
/// No move, in a slot.
const NO_BEST: u64 = 0xff;

impl Entry {
    /// The data word: the lower and upper bounds (16 bits each, out of range weaker:
    /// a lower bound lower, an upper one higher), the best move (8 bits), a bit that
    /// marks a used slot, the work (23 bits).
    fn data(&self) -> u64 {
        let lower = if self.lower < -(i16::MAX as i64) {
            NO_LOWER
        } else {
            self.lower.min(i16::MAX as i64) as i16
        };
        let upper = if self.upper >= i16::MAX as i64 {
            NO_UPPER
        } else {
            self.upper.max(i16::MIN as i64) as i16
        };
        let best = (self.best as u64).min(NO_BEST);
        (lower as u16 as u64)
            | (upper as u16 as u64) << 16
            | best << 32
            | 1 << 40
            | (self.work.min(MAX_WORK) as u64) << 41
    }

    fn of(key: u64, data: u64) -> Entry {
        let lower = data as u16 as i16;
        let upper = (data >> 16) as u16 as i16;
        let best = (data >> 32) & 0xff;
        Entry {
            key,
            lower: if lower == NO_LOWER {
                i64::MIN
            } else {
                lower as i64
            },
            upper: if upper == NO_UPPER {
                i64::MAX
            } else {
                upper as i64
            },
            best: if best == NO_BEST {
                NO_MOVE
            } else {
                best as u16
            },
            work: (data >> 41) as u32,
        }
    }
}

/// Two words: the key XOR the data word, the data word (zero: an empty slot).
struct Slot([AtomicU64; 2]);

/// Two slots on one half of a cache line: a probe reads one line, never two.
#[repr(align(32))]
struct Bucket([Slot; 2]);

impl Slot {
    fn read(&self) -> Option<Entry> {
        let (check, data) = (self.0[0].load(Relaxed), self.0[1].load(Relaxed));
        if data == 0 {
            return None;
        }
        Some(Entry::of(check ^ data, data))
    }

    fn write(&self, e: &Entry) {
        let data = e.data();
        self.0[0].store(e.key ^ data, Relaxed);
        self.0[1].store(data, Relaxed);
    }
}

pub(super) struct Table {
    /// The buckets' words, allocated zeroed (every slot empty): the system hands out
    /// zeroed memory a page at a time as it is first touched, so a big table costs
    /// only what a search uses of it (a shared one is made at once, `shared_slots`).
    words: Box<[AtomicU64]>,
    /// The word the first bucket starts at (a multiple of its 32-byte alignment).
    first: usize,
    /// Buckets: a power of two.
    len: usize,
    /// Slots in use (counted while one thread owns the table, for its growth).
    filled: AtomicUsize,
}

/// The words of one bucket.
const BUCKET_WORDS: usize = std::mem::size_of::<Bucket>() / 8;

/// `n` words (at least one, as a table has), zero.
fn zeroed_words(n: usize) -> Box<[AtomicU64]> {
    // At most MAX slots (`Table::new`): the size never overflows.
    let layout = Layout::array::<AtomicU64>(n).expect("a table of at most MAX slots");
    // SAFETY: the layout has a size (n >= 1); an all-zero AtomicU64 is a valid 0; the box
    // frees it with the layout it was allocated with ([AtomicU64] of length n).
    let words = unsafe {
        let p = alloc_zeroed(layout).cast::<AtomicU64>();
        if p.is_null() {
            handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n))
    };
    huge_pages(&words);
    words
}

/// The bytes of one huge page (Linux's transparent huge pages on x86-64 and ARM64).
const HUGE_PAGE: usize = 2 << 20;

/// Ask the system to back the whole huge pages that lie in `words` with huge pages,
/// when it keeps them for those who ask (Linux's transparent huge pages, "madvise"):
/// a probe lands anywhere in a table of megabytes, and with 4 KB pages nearly every
/// probe also misses the address cache (TLB). Whether the system took the advice (it
/// may not: huge pages off, or not on this system).
fn huge_pages(words: &[AtomicU64]) -> bool {
    let start = words.as_ptr() as usize;
    let (from, to) = (
        start.next_multiple_of(HUGE_PAGE),
        (start + 8 * words.len()) & !(HUGE_PAGE - 1),
    );
    if to <= from {
        return false;
    }
    advise_huge(from, to - from)
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn advise_huge(from: usize, len: usize) -> bool {
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    // SAFETY: `from..from + len` lies in a live allocation of this table (whole pages of
    // it, `huge_pages`); the advice changes how the system backs those pages, never
    // their contents (untouched pages still read as zero).
    unsafe { madvise(from as *mut std::ffi::c_void, len, MADV_HUGEPAGE) == 0 }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
fn advise_huge(_from: usize, _len: usize) -> bool {
    false
}

impl Table {
    pub(super) fn new(slots: usize) -> Table {
        let len = (slots.min(MAX) / 2).max(1);
        // Room to start the first bucket on its alignment. Asked for as words, not as
        // buckets: the system hands out lazily zeroed memory only at its own alignment
        // (16 bytes); at a bucket's 32 it would be zeroed by hand, every page touched.
        let align_words = std::mem::align_of::<Bucket>() / 8;
        let words = zeroed_words(len * BUCKET_WORDS + align_words - 1);
        let misaligned = words.as_ptr() as usize % std::mem::align_of::<Bucket>() / 8;
        let first = (align_words - misaligned) % align_words;
        Table {
            words,
            first,
            len,
            filled: AtomicUsize::new(0),
        }
    }

    /// The buckets.
    #[inline]
    fn buckets(&self) -> &[Bucket] {
        let words = &self.words[self.first..self.first + self.len * BUCKET_WORDS];
        // SAFETY: these words lie in the allocation (checked by the slice above), start
        // on a Bucket's alignment (`first`), and a Bucket is exactly BUCKET_WORDS
        // AtomicU64 words with no padding, any value of which is valid; the buckets
        // borrow the table.
        unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<Bucket>(), self.len) }
    }

    fn slots(&self) -> usize {
        2 * self.len
    }

    /// A key's bucket of two slots.
    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; 2] {
        &self.buckets()[(key >> 1) as usize & (self.len - 1)].0
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

    /// Whether a table owned by one thread should double: a quarter full, below `MAX`
    /// (fuller, two-slot buckets already drop entries a search wants again: grown at
    /// three quarters, a solve from quinte's first lead took 1.1 to 1.25 times the nodes).
    pub(super) fn wants_to_grow(&self) -> bool {
        self.filled.load(Relaxed) * 4 > self.slots() && self.slots() < MAX
    }

    /// Twice the slots, every entry placed again.
    pub(super) fn grown(&self) -> Table {
        let bigger = Table::new(self.slots() * 2);
        for e in self
            .buckets()
            .iter()
            .flat_map(|b| &b.0)
            .filter_map(Slot::read)
        {
            bigger.place(e);
        }
        bigger
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
    }

    #[test]
    fn a_new_table_is_empty_and_its_buckets_lie_each_on_one_cache_line() {
        for slots in [2, 8, START, MAX] {
            let t = Table::new(slots);
            assert_eq!(t.slots(), slots);
            let at = t.buckets().as_ptr() as usize;
            assert_eq!(at % std::mem::align_of::<Bucket>(), 0);
            assert_eq!(std::mem::size_of::<Bucket>(), 32);
            assert!((0..64).all(|k| t.probe(k).is_none()));
            // The first bucket and the last: an entry placed is read back.
            let last = 2 * (slots as u64 / 2 - 1);
            t.place(entry(0, 1));
            t.place(entry(last, 1));
            assert!(t.probe(0).is_some() && t.probe(last).is_some());
        }
    }

    #[test]
    fn a_table_of_megabytes_asks_for_huge_pages_where_the_system_has_them() {
        let big = Table::new(MAX);
        let has_them = std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists();
        let linux = cfg!(all(
            target_os = "linux",
            any(target_arch = "x86_64", target_arch = "aarch64")
        ));
        assert_eq!(huge_pages(&big.words), has_them && linux);
        // Less than one whole huge page: nothing to ask.
        assert!(!huge_pages(&Table::new(START).words));
        big.place(entry(7, 1));
        assert!(big.probe(7).is_some() && big.probe(9).is_none());
    }

    #[test]
    fn bounds_out_of_range_are_kept_weaker() {
        let t = Table::new(4);
        let place = |lower, upper| {
            t.place(Entry {
                key: 1,
                lower,
                upper,
                best: 300,
                work: u32::MAX,
            });
            t.probe(1).map(|e| (e.lower, e.upper, e.best, e.work))
        };
        let (most, least) = (i16::MAX as i64, i16::MIN as i64);
        assert_eq!(
            place(40_000, -40_000),
            Some((most, least, NO_MOVE, MAX_WORK))
        );
        assert_eq!(
            place(-40_000, 40_000).map(|e| (e.0, e.1)),
            Some((i64::MIN, i64::MAX))
        );
        assert_eq!(place(-35, 120).map(|e| (e.0, e.1)), Some((-35, 120)));
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let t = Table::new(4);
        t.place(entry(5, 1));
        assert!(t.probe(5).is_some());
        // One word of another entry over it, as a thread writing that entry leaves it
        // for a moment: the check fails, and nothing is read.
        t.buckets()[0].0[0].0[1].store(77, Relaxed);
        assert!(t.probe(5).is_none());
    }
}
