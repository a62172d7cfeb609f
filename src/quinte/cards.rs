//! The quinte deck: 52 cards and a joker (docs/reference/game.md "Quinte: Cards").
//!
//! `id = suit_index * 13 + (rank - 2)`, suits `s c d h` (the suit ranking, low to high),
//! ranks 2..10, J=11, Q=12, K=13, A=14; the joker `JK` is id 52. Because ids follow the
//! ranking, the winner of a trick is the highest id among its non-joker cards.

use crate::pyrepr::quoted;
use std::fmt;

/// Cards in the deck: 52 suited cards and the joker.
pub const DECK_SIZE: usize = 53;

/// The joker's id.
pub const JOKER_ID: u8 = 52;

/// Suit letters in id order, which is also their ranking, low to high.
pub const SUITS: [char; 4] = ['s', 'c', 'd', 'h'];

/// Suit names in id order, as the "does not follow suit" message writes them.
pub const SUIT_NAMES: [&str; 4] = ["spades", "clubs", "diamonds", "hearts"];

/// The error text for quinte card text that cannot be read, the text quoted as Python's
/// `repr` shows it.
pub fn bad_card_message_shown(shown: &str) -> String {
    format!(
        "invalid card {shown}: write 2-10, J, Q, K or A and a suit s, c, d or h, or JK for the joker, e.g. 'Ah'"
    )
}

pub fn bad_card_message(text: &str) -> String {
    bad_card_message_shown(&quoted(text))
}

/// One quinte card, by id 0..52.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Card(u8);

impl Card {
    pub const JOKER: Card = Card(JOKER_ID);

    /// The card with this id, if `id < 53`.
    pub fn from_id(id: u8) -> Option<Card> {
        if (id as usize) < DECK_SIZE {
            Some(Card(id))
        } else {
            None
        }
    }

    #[inline]
    pub fn id(self) -> u8 {
        self.0
    }

    #[inline]
    pub fn is_joker(self) -> bool {
        self.0 == JOKER_ID
    }

    /// Suit index 0..3 (spades, clubs, diamonds, hearts); None for the joker.
    #[inline]
    pub fn suit(self) -> Option<u8> {
        if self.is_joker() {
            None
        } else {
            Some(self.0 / 13)
        }
    }

    pub fn suit_char(self) -> Option<char> {
        self.suit().map(|s| SUITS[s as usize])
    }

    /// 2..14 (J 11, Q 12, K 13, A 14); 0 for the joker.
    #[inline]
    pub fn rank(self) -> u8 {
        if self.is_joker() {
            0
        } else {
            self.0 % 13 + 2
        }
    }

    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Quinte notation: `2s` .. `10s`, `Js` `Qs` `Ks` `As` (any case), or `JK`; ASCII only,
    /// no whitespace, no leading zero.
    pub fn parse(text: &str) -> Result<Card, String> {
        Card::parse_bytes(text.as_bytes()).ok_or_else(|| bad_card_message(text))
    }

    fn parse_bytes(b: &[u8]) -> Option<Card> {
        if !b.is_ascii() || b.is_empty() {
            return None;
        }
        if b.eq_ignore_ascii_case(b"jk") {
            return Some(Card::JOKER);
        }
        let (rank, suit) = b.split_at(b.len() - 1);
        let suit = match suit[0].to_ascii_lowercase() {
            b's' => 0,
            b'c' => 1,
            b'd' => 2,
            b'h' => 3,
            _ => return None,
        };
        let rank = match rank {
            [d @ b'2'..=b'9'] => d - b'0',
            b"10" => 10,
            [l] => match l.to_ascii_uppercase() {
                b'J' => 11,
                b'Q' => 12,
                b'K' => 13,
                b'A' => 14,
                _ => return None,
            },
            _ => return None,
        };
        Some(Card(suit * 13 + rank - 2))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            return f.write_str("JK");
        }
        let suit = SUITS[(self.0 / 13) as usize];
        match self.rank() {
            11 => write!(f, "J{suit}"),
            12 => write!(f, "Q{suit}"),
            13 => write!(f, "K{suit}"),
            14 => write!(f, "A{suit}"),
            r => write!(f, "{r}{suit}"),
        }
    }
}

crate::cardset::card_set!("quinte");

/// Every card of the deck.
pub const FULL_DECK: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

/// The joker alone.
pub const JOKER_SET: CardSet = CardSet(1u64 << JOKER_ID);

/// The 13 cards of each suit.
pub const SUIT_MASKS: [CardSet; 4] = [
    CardSet(0x1FFF),
    CardSet(0x1FFF << 13),
    CardSet(0x1FFF << 26),
    CardSet(0x1FFF << 39),
];

impl CardSet {
    #[inline]
    pub fn has_joker(self) -> bool {
        self.0 & JOKER_SET.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Card {
        Card::parse(t).unwrap()
    }

    #[test]
    fn ids_follow_the_suit_ranking_spades_clubs_diamonds_hearts() {
        // "Suits rank hearts > diamonds > clubs > spades; within a suit A K Q J 10 .. 2."
        assert_eq!(c("2s").id(), 0);
        assert_eq!(c("As").id(), 12);
        assert_eq!(c("2c").id(), 13);
        assert_eq!(c("2d").id(), 26);
        assert_eq!(c("Ah").id(), 51);
        assert_eq!(c("JK").id(), 52);
        assert!(c("2h") > c("Ad") && c("Ks") > c("Qs") && c("10s") > c("9s"));
    }

    #[test]
    fn fifty_two_cards_plus_one_joker_round_trip_through_text() {
        // "52 cards ... plus one joker, 53 in all."
        for id in 0..53u8 {
            let card = Card::from_id(id).unwrap();
            assert_eq!(Card::parse(&card.to_string()).unwrap(), card);
            assert_eq!(Card::parse(&card.to_string().to_lowercase()).unwrap(), card);
            assert_eq!(Card::parse(&card.to_string().to_uppercase()).unwrap(), card);
        }
        assert!(Card::from_id(53).is_none());
        assert_eq!(FULL_DECK.len(), 53);
        let j = Card::JOKER;
        assert_eq!(
            (j.to_string(), j.suit(), j.rank(), j.is_joker()),
            ("JK".into(), None, 0, true)
        );
        assert_eq!(
            (c("10h").rank(), c("Qd").rank(), c("As").rank()),
            (10, 12, 14)
        );
        assert_eq!(c("7c").suit_char(), Some('c'));
    }

    #[test]
    fn notation_is_strict() {
        for bad in [
            "1h", "11h", "14s", "0h", "Jx", "J", "", "JKs", " Ah", "Ah ", "10", "7o", "A h",
            "010h", "jkk", "Äh", "１h", "+2s",
        ] {
            assert_eq!(
                Card::parse(bad).unwrap_err(),
                bad_card_message(bad),
                "{bad:?}"
            );
        }
        assert_eq!(
            bad_card_message("1h"),
            "invalid card '1h': write 2-10, J, Q, K or A and a suit s, c, d or h, or JK for the joker, e.g. 'Ah'"
        );
    }

    #[test]
    fn sets_iterate_in_id_order_and_select_by_rank() {
        let s = CardSet::from_cards([c("JK"), c("Ah"), c("2s"), c("10c")]);
        assert_eq!(s.to_string(), "2s 10c Ah JK");
        assert_eq!(s.nth(0), Some(c("2s")));
        assert_eq!(s.nth(3), Some(Card::JOKER));
        assert_eq!(s.nth(4), None);
        assert!(s.has_joker());
        assert_eq!(SUIT_MASKS.iter().map(|m| m.len()).sum::<u32>(), 52);
    }
}
