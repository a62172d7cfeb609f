//! The 40-card Spanish deck (baraja): card ids, notation, values, and a bitset of cards.
//!
//! Ids follow docs/reference/game.md: `id = suit_index * 10 + rank_index`, suits `o c e b`,
//! ranks printed `1 2 3 4 5 6 7 10 11 12`. So `1o` is 0, `12o` is 9, `1c` is 10, `12b` is 39.

use std::fmt;

/// Number of cards in the baraja.
pub const DECK_SIZE: usize = 40;

/// Suit letters in id order: Oros, Copas, Espadas, Bastos.
pub const SUITS: [char; 4] = ['o', 'c', 'e', 'b'];

/// Printed rank for each rank index (no 8, no 9).
pub const PRINTED: [u8; 10] = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];

/// Value for sums in quinza / rb3ine: the printed number.
pub const VALUE_PRINTED: [u8; 10] = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];

/// Value for sums in escoba: Sota 8, Caballo 9, Rey 10.
pub const VALUE_ESCOBA: [u8; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/// The error text for a card that cannot be parsed (docs/reference/errors.md, "Errors").
pub fn bad_card_message(text: &str) -> String {
    bad_card_message_shown(&crate::pyrepr::quoted(text))
}

/// The same, with the caller's value already written as Python's `repr` shows it (a
/// word about the other deck is added where both decks are known: `any::bad_card_message`).
pub fn bad_card_message_shown(shown: &str) -> String {
    format!(
        "invalid card {shown}: write a number 1-7, 10, 11 or 12 and a suit o, c, e or b, e.g. '7o'"
    )
}

/// One baraja card, by id 0..39.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card with this id, if `id < 40`.
    pub fn from_id(id: u8) -> Option<Card> {
        if (id as usize) < DECK_SIZE {
            Some(Card(id))
        } else {
            None
        }
    }

    /// The card of a suit index (0..3) and rank index (0..9).
    pub fn new(suit: u8, rank_index: u8) -> Option<Card> {
        if suit < 4 && rank_index < 10 {
            Some(Card(suit * 10 + rank_index))
        } else {
            None
        }
    }

    #[inline]
    pub fn id(self) -> u8 {
        self.0
    }

    /// Suit index: 0 Oros, 1 Copas, 2 Espadas, 3 Bastos.
    #[inline]
    pub fn suit(self) -> u8 {
        self.0 / 10
    }

    #[inline]
    pub fn suit_char(self) -> char {
        SUITS[self.suit() as usize]
    }

    /// Rank index 0..9 (1..7, Sota, Caballo, Rey).
    #[inline]
    pub fn rank_index(self) -> u8 {
        self.0 % 10
    }

    /// The printed number: 1..7, 10, 11, 12.
    #[inline]
    pub fn printed(self) -> u8 {
        PRINTED[self.rank_index() as usize]
    }

    /// The single-card bitset.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Parse baraja notation: printed number then suit letter, case-insensitive, strict.
    pub fn parse(text: &str) -> Result<Card, String> {
        let b = text.as_bytes();
        let bad = || bad_card_message(text);
        if b.len() < 2 || b.len() > 3 {
            return Err(bad());
        }
        let (num, suit) = b.split_at(b.len() - 1);
        let suit = match suit[0].to_ascii_lowercase() {
            b'o' => 0,
            b'c' => 1,
            b'e' => 2,
            b'b' => 3,
            _ => return Err(bad()),
        };
        let rank_index = match num {
            [d @ b'1'..=b'7'] => d - b'1',
            b"10" => 7,
            b"11" => 8,
            b"12" => 9,
            _ => return Err(bad()),
        };
        Ok(Card(suit * 10 + rank_index))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.printed(), self.suit_char())
    }
}

crate::cardset::card_set!("baraja");

/// Every card of the deck: the low 40 bits.
pub const FULL_DECK: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

/// The ten Oros cards: bits 0..9.
pub const OROS: CardSet = CardSet((1u64 << 10) - 1);

impl CardSet {
    /// Sum of the cards' values under a value table.
    pub fn value_sum(self, values: &[u8; 10]) -> u32 {
        self.iter()
            .map(|c| values[c.rank_index() as usize] as u32)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_contract() {
        assert_eq!(Card::parse("1o").unwrap().id(), 0);
        assert_eq!(Card::parse("12o").unwrap().id(), 9);
        assert_eq!(Card::parse("1c").unwrap().id(), 10);
        assert_eq!(Card::parse("12b").unwrap().id(), 39);
        assert_eq!(Card::parse("10E").unwrap().id(), 27);
    }

    #[test]
    fn every_card_round_trips_through_text() {
        for id in 0..40u8 {
            let c = Card::from_id(id).unwrap();
            assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
            assert_eq!(Card::parse(&c.to_string().to_uppercase()).unwrap(), c);
        }
    }

    #[test]
    fn deck_has_no_8_or_9_and_parsing_is_strict() {
        for bad in [
            "8o", "9c", "0o", "13o", "7x", "", "o", "7", " 7o", "7o ", "07o", "1 0o", "+7o", "7oo",
            "１o",
        ] {
            let e = Card::parse(bad).unwrap_err();
            assert_eq!(e, bad_card_message(bad));
        }
    }

    #[test]
    fn cardset_iterates_in_id_order() {
        let s = CardSet::from_cards(["12b", "1o", "7c"].iter().map(|t| Card::parse(t).unwrap()));
        assert_eq!(s.to_string(), "1o 7c 12b");
        assert_eq!(s.len(), 3);
        assert_eq!(FULL_DECK.len(), 40);
        assert_eq!(OROS.len(), 10);
    }
}
