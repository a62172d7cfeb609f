//! The card bitset, written once for both decks. Each deck's module defines its own
//! `Card(u8)` and invokes `card_set!` beside it, so the two decks' sets stay distinct
//! types (a baraja set can never be mixed with a quinte set) with the same methods.

/// Defines `CardSet` (bit `id` is set when card `id` is in the set) and `CardIter` for
/// the `Card` type of the module it is invoked in.
macro_rules! card_set {
    ($deck:literal) => {
        #[doc = concat!("A set of ", $deck, " cards: bit `id` is set when card `id` is in the set.")]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
        pub struct CardSet(pub u64);

        impl CardSet {
            pub const EMPTY: CardSet = CardSet(0);

            #[inline]
            pub fn len(self) -> u32 {
                self.0.count_ones()
            }
            #[inline]
            pub fn is_empty(self) -> bool {
                self.0 == 0
            }
            #[inline]
            pub fn contains(self, c: Card) -> bool {
                self.0 & c.bit() != 0
            }
            #[inline]
            pub fn insert(&mut self, c: Card) {
                self.0 |= c.bit();
            }
            #[inline]
            pub fn remove(&mut self, c: Card) {
                self.0 &= !c.bit();
            }
            #[inline]
            pub fn union(self, o: CardSet) -> CardSet {
                CardSet(self.0 | o.0)
            }
            #[inline]
            pub fn intersect(self, o: CardSet) -> CardSet {
                CardSet(self.0 & o.0)
            }
            #[inline]
            pub fn minus(self, o: CardSet) -> CardSet {
                CardSet(self.0 & !o.0)
            }
            #[inline]
            pub fn is_subset(self, o: CardSet) -> bool {
                self.0 & !o.0 == 0
            }
            /// The lowest card, if any.
            #[inline]
            pub fn first(self) -> Option<Card> {
                self.iter().next()
            }
            /// The `n`-th card in id order (0-based), if there are that many.
            #[inline]
            pub fn nth(self, n: u32) -> Option<Card> {
                let mut bits = self.0;
                for _ in 0..n {
                    if bits == 0 {
                        return None;
                    }
                    bits &= bits - 1; // drop the lowest set bit
                }
                CardIter(bits).next()
            }
            /// Cards in id order.
            #[inline]
            pub fn iter(self) -> CardIter {
                CardIter(self.0)
            }
            pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
                let mut s = CardSet::EMPTY;
                for c in cards {
                    s.insert(c);
                }
                s
            }
            /// The check of a position's cards: each at most once (the first seen twice is
            /// named), and together every card of `full`.
            pub fn each_once<'a, I: IntoIterator<Item = &'a Card>>(
                cards: I,
                full: CardSet,
            ) -> Result<CardSet, String> {
                let mut seen = CardSet::EMPTY;
                for &c in cards {
                    if seen.contains(c) {
                        return Err(format!("{c} appears more than once"));
                    }
                    seen.insert(c);
                }
                let missing = full.minus(seen);
                if !missing.is_empty() {
                    return Err(format!("cards missing from the position: {missing}"));
                }
                Ok(seen)
            }
        }

        impl std::fmt::Display for CardSet {
            /// Space-separated card texts in id order.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                for (i, c) in self.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
        }

        /// Iterates a CardSet from the lowest id up, clearing the lowest set bit each step.
        pub struct CardIter(u64);

        impl Iterator for CardIter {
            type Item = Card;
            #[inline]
            fn next(&mut self) -> Option<Card> {
                if self.0 == 0 {
                    return None;
                }
                let id = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                Some(Card(id))
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for CardIter {}
    };
}

pub(crate) use card_set;

#[cfg(test)]
mod tests {
    /// .cargo/config.toml builds for POPCNT on x86-64; without it (the file lost, or
    /// replaced by a RUSTFLAGS variable) every count of cards is slower, silently.
    #[test]
    #[cfg(target_arch = "x86_64")]
    #[allow(clippy::assertions_on_constants)] // the constant is the build's configuration
    fn counts_of_cards_are_built_for_the_popcnt_instruction() {
        assert!(
            cfg!(target_feature = "popcnt"),
            "built without POPCNT: is .cargo/config.toml read?"
        );
    }
}
