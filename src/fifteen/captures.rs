//! Capture groups on a table: enumeration in ascending mask order, counting by
//! subset-sum dynamic programming, and reachability checks, all without allocation.

use crate::cards::CardSet;

/// Largest capture total in the family (rb3ine).
pub const MAX_TOTAL: usize = 40;

/// The table prepared for capture questions, for tables of fewer than `N` cards.
///
/// `reach[k]` is a bitset of sums: bit `s` is set when some subset of the `k` lowest
/// table cards (by id) has values summing to `s` (sums above 63 fall off; only sums up
/// to the capture total are ever asked). `TableIndex` holds any table; `SmallTableIndex`
/// only tables of at most 16 cards, and is cheaper to set up (no large arrays to clear).
pub struct TableIndexN<const N: usize> {
    n: usize,
    ids: [u8; N],
    vals: [u8; N],
    reach: [u64; N],
}

/// Any table (up to all 40 cards).
pub type TableIndex = TableIndexN<41>;

/// Tables of at most `SMALL_TABLE` cards.
pub type SmallTableIndex = TableIndexN<17>;

/// The largest table a `SmallTableIndex` holds.
pub const SMALL_TABLE: u32 = 16;

/// Card values by card id, from values by rank index (`id % 10`).
pub const fn values_by_id(values: &[u8; 10]) -> [u8; 40] {
    let mut out = [0u8; 40];
    let mut id = 0;
    while id < 40 {
        out[id] = values[id % 10];
        id += 1;
    }
    out
}

impl<const N: usize> TableIndexN<N> {
    /// The index of a table of fewer than `N` cards (a larger table is cut to its `N - 1`
    /// lowest cards: callers pick `N` by the table's size).
    #[inline]
    pub fn new(table: CardSet, values: &[u8; 10]) -> Self {
        Self::by_id(table, &values_by_id(values))
    }

    /// The same from card values by card id.
    #[inline]
    pub fn by_id(table: CardSet, values: &[u8; 40]) -> Self {
        let mut t = TableIndexN {
            n: 0,
            ids: [0; N],
            vals: [0; N],
            reach: [0; N],
        };
        t.reach[0] = 1; // the empty subset sums to 0
        for c in table.iter().take(N - 1) {
            let v = values[c.id() as usize];
            let k = t.n;
            t.ids[k] = c.id();
            t.vals[k] = v;
            t.reach[k + 1] = t.reach[k] | (t.reach[k] << v);
            t.n += 1;
        }
        t
    }

    /// Can some non-empty group of table cards sum to `need` (`need >= 1`)?
    #[inline]
    pub fn can_make(&self, need: u8) -> bool {
        need >= 1 && (need as usize) < 64 && self.reach[self.n] >> need & 1 == 1
    }

    /// Calls `emit(mask)` for every group of table cards summing to `need` (`need >= 1`),
    /// masks (bit = card id) in ascending numeric order. Every branch explored yields at
    /// least one group, so the cost is the number of groups times the table size.
    #[inline]
    pub fn for_each_group<F: FnMut(u64)>(&self, need: u8, mut emit: F) {
        if !self.can_make(need) {
            return;
        }
        self.walk(self.n, need, 0, &mut emit);
    }

    /// Decide the highest undecided card `k - 1` first, leaving it out before taking it:
    /// every mask without that bit is smaller than every mask with it. The "leave" branch
    /// recurses; the "take" branch, last, loops.
    fn walk<F: FnMut(u64)>(&self, mut k: usize, mut need: u8, mut mask: u64, emit: &mut F) {
        loop {
            if need == 0 {
                emit(mask);
                return;
            }
            // Precondition: the k lowest cards can make `need`, so k >= 1.
            let i = k - 1;
            let v = self.vals[i];
            let reach = self.reach[i];
            if reach >> need & 1 == 1 {
                self.walk(i, need, mask, emit);
            }
            if v <= need && reach >> (need - v) & 1 == 1 {
                k = i;
                need -= v;
                mask |= 1u64 << self.ids[i];
            } else {
                return;
            }
        }
    }

    /// Number of groups summing to each total `0..=limit` (index 0 is the empty group;
    /// entries above `limit`, at most MAX_TOTAL, stay 0).
    pub fn group_counts(&self, limit: usize) -> [u64; MAX_TOTAL + 1] {
        let limit = limit.min(MAX_TOTAL);
        let mut cnt = [0u64; MAX_TOTAL + 1];
        cnt[0] = 1;
        for i in 0..self.n {
            let v = self.vals[i] as usize;
            for s in (v..=limit).rev() {
                cnt[s] += cnt[s - v];
            }
        }
        cnt
    }

    /// The `index`-th group (0-based, ascending mask order) summing to `need`, if any.
    pub fn nth_group(&self, need: u8, index: u64) -> Option<u64> {
        let mut seen = 0u64;
        let mut found = None;
        // Groups are few in play; a bounded walk is enough here.
        self.for_each_group(need, |m| {
            if seen == index && found.is_none() {
                found = Some(m);
            }
            seen += 1;
        });
        found
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, VALUE_PRINTED};

    fn set(cards: &[&str]) -> CardSet {
        CardSet::from_cards(cards.iter().map(|t| Card::parse(t).unwrap()))
    }

    /// Brute force over every subset, for comparison.
    fn brute(table: CardSet, need: u32) -> Vec<u64> {
        let ids: Vec<Card> = table.iter().collect();
        let mut out = vec![];
        for sub in 1u64..(1 << ids.len()) {
            let mut mask = 0;
            let mut sum = 0;
            for (j, c) in ids.iter().enumerate() {
                if sub >> j & 1 == 1 {
                    mask |= c.bit();
                    sum += VALUE_PRINTED[c.rank_index() as usize] as u32;
                }
            }
            if sum == need {
                out.push(mask);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn groups_come_in_ascending_mask_order_and_match_brute_force() {
        // "A turn": when several groups work, each is its own move.
        let table = set(&[
            "1o", "2o", "3c", "4c", "5e", "6e", "7b", "10b", "4o", "5b", "1e", "2b",
        ]);
        let t = TableIndex::new(table, &VALUE_PRINTED);
        let counts = t.group_counts(MAX_TOTAL);
        for need in 1..=40u8 {
            let mut got = vec![];
            t.for_each_group(need, |m| got.push(m));
            assert_eq!(got, brute(table, need as u32), "need {need}");
            assert_eq!(counts[need as usize], got.len() as u64);
            assert_eq!(t.can_make(need), !got.is_empty());
            for (i, m) in got.iter().enumerate() {
                assert_eq!(t.nth_group(need, i as u64), Some(*m));
            }
            assert_eq!(t.nth_group(need, got.len() as u64), None);
        }
    }

    #[test]
    fn sums_only_a_five_does_not_take_a_five() {
        // "Sums only: a 5 does not take a 5 in quinza (5+5=10)."
        let t = TableIndex::new(set(&["5c"]), &VALUE_PRINTED);
        assert!(!t.can_make(15 - 5));
    }

    #[test]
    fn empty_table_has_no_groups() {
        let t = TableIndex::new(CardSet::EMPTY, &VALUE_PRINTED);
        assert!(!t.can_make(10));
        assert_eq!(t.group_counts(MAX_TOTAL)[10], 0);
    }
}
