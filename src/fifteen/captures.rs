//! Capture groups on a table: enumeration in ascending mask order, counting by
//! subset-sum dynamic programming, and reachability checks, all without allocation.

use crate::cards::CardSet;

/// Largest capture total in the family (rb3ine).
pub const MAX_TOTAL: usize = 40;

/// The table prepared for capture questions, for tables of fewer than `N` cards.
///
/// `reach[k]` is a bitset of sums: bit `s` is set when some subset of the `k` lowest
/// table cards (by id) has values summing to `s` (sums above 63 fall off; only sums up
/// to the capture total are ever asked).
pub struct TableIndexN<const N: usize> {
    n: usize,
    ids: [u8; N],
    vals: [u8; N],
    reach: [u64; N],
}

/// Any table (up to all 40 cards).
pub type TableIndex = TableIndexN<41>;

/// A table prepared for listing capture groups: `SubsetSums`, `SplitTable` and
/// `TableIndexN`, from the smallest tables to any.
pub trait Groups {
    /// The index of a table, from card values by card id.
    fn index(table: CardSet, values: &[u8; 40]) -> Self;
    /// Calls `emit(mask)` for every group of table cards summing to `need` (`need >= 1`),
    /// masks (bit = card id) in ascending numeric order.
    fn for_each_group<F: FnMut(u64)>(&self, need: u8, emit: F);
}

/// The cards a `SubsetSums` holds: its 2^6 sums fill 8 words.
pub const SUBSET_CARDS: u32 = 6;

/// The largest table a `SplitTable` holds: two `SubsetSums`.
pub const SPLIT_TABLE: u32 = 2 * SUBSET_CARDS;

/// A one in every byte lane of a word.
const LANES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte lane.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Every subset sum of up to `SUBSET_CARDS` cards, one byte per subset, built and
/// searched without branches (the tables of real play are small and a search
/// mispredicts). Subset `s` (bit `j`: the `j`-th lowest card by id) sums to byte `s % 8`
/// of `words[s / 8]`. Ascending `s` is ascending mask order (both are decided by the
/// highest card where two groups differ), so the subsets found, taken in order, are the
/// groups in the documented order. Sums stay below 256 (6 cards of value at most 12).
/// The lanes of subsets with a missing card hold 0, which no `need` matches.
pub struct SubsetSums {
    words: [u64; 8],
    /// The cards by position (`0` where there are fewer cards).
    bits: [u64; SUBSET_CARDS as usize],
    /// The words that hold subsets of the cards there are.
    used: usize,
    /// Whether every card fitted (no more than `SUBSET_CARDS`).
    fits: bool,
}

impl SubsetSums {
    /// The sums of the subsets of `cards` (past `SUBSET_CARDS` cards, the lowest).
    #[inline(always)]
    pub fn new(cards: CardSet, values: &[u8; 40]) -> SubsetSums {
        let mut rest = cards.0;
        let mut bits = [0u64; SUBSET_CARDS as usize];
        let mut add = [0u64; SUBSET_CARDS as usize]; // value in every lane
        let mut keep = [0u64; SUBSET_CARDS as usize]; // all ones when the card is there
        for j in 0..SUBSET_CARDS as usize {
            let bit = rest & rest.wrapping_neg(); // the next card, or 0 past the last
            rest &= rest.wrapping_sub(1);
            let v = values[(bit.trailing_zeros() as usize).min(39)] as u64;
            bits[j] = bit;
            keep[j] = 0u64.wrapping_sub((bit != 0) as u64);
            add[j] = v * LANES;
        }
        // Each card doubles the subsets: the ones so far, then the same with the card.
        let mut w = [0u64; 8];
        w[0] |= ((w[0] + add[0]) & 0xFF & keep[0]) << 8;
        w[0] |= ((w[0] + add[1]) & 0xFFFF & keep[1]) << 16;
        w[0] |= ((w[0] + add[2]) & 0xFFFF_FFFF & keep[2]) << 32;
        w[1] = (w[0] + add[3]) & keep[3];
        w[2] = (w[0] + add[4]) & keep[4];
        w[3] = (w[1] + add[4]) & keep[4];
        for i in 0..4 {
            w[4 + i] = (w[i] + add[5]) & keep[5];
        }
        // 1, 2, 4 or 8 words for up to 3, 4, 5 or 6 cards (a card is there only if the
        // ones before it are; counted without a popcount, which is slow on baseline x86).
        let used = 1 + (keep[3] & 1) + (keep[4] & 2) + (keep[5] & 4);
        SubsetSums {
            words: w,
            bits,
            used: used as usize,
            fits: rest == 0,
        }
    }

    /// Whether every card fitted (no more than `SUBSET_CARDS`).
    #[inline]
    pub fn fits(&self) -> bool {
        self.fits
    }

    /// Bit `s` is set when subset `s` sums to `need` (`need >= 1`).
    #[inline]
    pub fn hits(&self, need: u8) -> u64 {
        let pattern = need as u64 * LANES;
        let mut hits = 0;
        for (w, &word) in self.words[..self.used].iter().enumerate() {
            let x = word ^ pattern;
            // The high bit of each lane where x is zero: a lane's high bit of
            // `(x & !HIGH) + !HIGH` is set when its low 7 bits are not all zero, and
            // lanes never carry into each other.
            let zero = !(((x & !HIGH) + !HIGH) | x) & HIGH;
            // Gather the eight lane bits into one byte, lane k to bit k.
            hits |= ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * w);
        }
        hits
    }

    /// The card mask of subset `s`.
    #[inline]
    pub fn mask(&self, s: u64) -> u64 {
        let mut mask = 0;
        for (j, bit) in self.bits.iter().enumerate() {
            mask |= bit & 0u64.wrapping_sub(s >> j & 1);
        }
        mask
    }

    /// Calls `emit(extra | mask)` for every non-empty subset summing to `need`.
    #[inline]
    fn emit_groups<F: FnMut(u64)>(&self, need: u8, extra: u64, emit: &mut F) {
        let mut hits = self.hits(need);
        while hits != 0 {
            emit(extra | self.mask(hits.trailing_zeros() as u64));
            hits &= hits - 1;
        }
    }
}

impl Groups for SubsetSums {
    #[inline]
    fn index(table: CardSet, values: &[u8; 40]) -> SubsetSums {
        SubsetSums::new(table, values)
    }

    #[inline]
    fn for_each_group<F: FnMut(u64)>(&self, need: u8, mut emit: F) {
        self.emit_groups(need, 0, &mut emit);
    }
}

/// A table of up to `SPLIT_TABLE` cards as two `SubsetSums`: its `SUBSET_CARDS` lowest
/// cards and the rest. A group is a subset of the high cards (decided first: they
/// decide the mask order) completed by subsets of the low cards.
pub struct SplitTable {
    low: SubsetSums,
    high: SubsetSums,
    high_subsets: u64,
    /// Bit `t` is set when some subset of the low cards sums to `t`: a high subset is
    /// completed only when the rest can be made.
    low_reach: u64,
}

impl Groups for SplitTable {
    #[inline]
    fn index(table: CardSet, values: &[u8; 40]) -> SplitTable {
        let low_cards = table.0
            & !match table.nth(SUBSET_CARDS) {
                Some(c) => u64::MAX << c.id(),
                None => 0,
            };
        let high_cards = CardSet(table.0 & !low_cards);
        let low_reach = CardSet(low_cards)
            .iter()
            .fold(1u64, |reach, c| reach | reach << values[c.id() as usize]);
        SplitTable {
            low: SubsetSums::new(CardSet(low_cards), values),
            high: SubsetSums::new(high_cards, values),
            high_subsets: 1 << high_cards.len().min(SUBSET_CARDS),
            low_reach,
        }
    }

    fn for_each_group<F: FnMut(u64)>(&self, need: u8, mut emit: F) {
        for h in 0..self.high_subsets {
            let sum = (self.high.words[(h / 8) as usize] >> (8 * (h % 8))) as u8;
            let Some(rest) = need.checked_sub(sum) else {
                continue;
            };
            if rest == 0 {
                // The high cards alone (never the empty group: need >= 1).
                emit(self.high.mask(h));
            } else if rest < 64 && self.low_reach >> rest & 1 == 1 {
                self.low.emit_groups(rest, self.high.mask(h), &mut emit);
            }
        }
    }
}

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

impl<const N: usize> Groups for TableIndexN<N> {
    #[inline]
    fn index(table: CardSet, values: &[u8; 40]) -> Self {
        Self::by_id(table, values)
    }

    #[inline]
    fn for_each_group<F: FnMut(u64)>(&self, need: u8, emit: F) {
        TableIndexN::for_each_group(self, need, emit)
    }
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

    /// `Groups::for_each_group`: every branch explored yields at least one group, so the
    /// cost is the number of groups times the table size.
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
    use crate::cards::{Card, VALUE_ESCOBA, VALUE_PRINTED};

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
    fn small_tables_list_the_same_groups_as_the_search() {
        // Random tables of 0 to 13 cards, every need, printed and escoba values: the
        // subset sums (up to 6 cards) and the split table (up to 12) against the search.
        let mut rng = crate::rng::SplitMix64::new(5);
        for round in 0..4000 {
            let size = round % (SPLIT_TABLE as usize + 2);
            let mut deck: Vec<u8> = (0..40).collect();
            rng.shuffle(&mut deck);
            let table = CardSet(deck[..size].iter().fold(0, |m, &id| m | 1u64 << id));
            let values = if round % 2 == 0 {
                &VALUE_PRINTED
            } else {
                &VALUE_ESCOBA
            };
            let by_id = values_by_id(values);
            fn groups<G: Groups>(index: &G, need: u8) -> Vec<u64> {
                let mut out = vec![];
                index.for_each_group(need, |m| out.push(m));
                out
            }
            let search = TableIndex::by_id(table, &by_id);
            let sums = SubsetSums::index(table, &by_id);
            let split = SplitTable::index(table, &by_id);
            for need in 1..=40u8 {
                let want = groups(&search, need);
                if size <= SUBSET_CARDS as usize {
                    assert_eq!(groups(&sums, need), want, "{table}, {need}");
                }
                if size <= SPLIT_TABLE as usize {
                    assert_eq!(groups(&split, need), want, "{table}, {need}");
                }
            }
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
