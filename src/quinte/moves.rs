//! A quinte move: one card played to the trick, or a bid of the doubling
//! (docs/reference/game.md "Quinte: Moves"). Text: the card (`Ah`, `10h`, `JK`) or the bid word.

use super::cards::Card;
use crate::pyrepr::is_py_space;
use crate::pyrepr::quoted;
use std::fmt;

/// A bid of the doubling. The order is the order legal bids are listed in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Bid {
    Pass,
    Double,
    Redouble,
}

pub const BIDS: [Bid; 3] = [Bid::Pass, Bid::Double, Bid::Redouble];

impl Bid {
    pub fn word(self) -> &'static str {
        match self {
            Bid::Pass => "pass",
            Bid::Double => "double",
            Bid::Redouble => "redouble",
        }
    }

    /// A bid word in any case (`"PASS"`); nothing else, not even surrounding whitespace.
    pub fn parse(word: &str) -> Option<Bid> {
        BIDS.into_iter()
            .find(|b| word.eq_ignore_ascii_case(b.word()))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Card(Card),
    Bid(Bid),
}

/// The message for quinte move text that cannot be read; `shown` is the text as Python's
/// `repr` shows it.
pub fn bad_move_message_shown(shown: &str) -> String {
    format!("invalid move {shown}: write a card such as 'Ah', or pass, double or redouble")
}

impl Move {
    /// `Move.parse(text, deck="quinte")`: exactly one whitespace-separated token, a bid
    /// word (any case) or a quinte card.
    pub fn parse(text: &str) -> Result<Move, String> {
        let mut tokens = text.split(is_py_space).filter(|t| !t.is_empty());
        let bad = || bad_move_message_shown(&quoted(text));
        let (Some(token), None) = (tokens.next(), tokens.next()) else {
            return Err(bad());
        };
        if let Some(bid) = Bid::parse(token) {
            return Ok(Move::Bid(bid));
        }
        Card::parse(token).map(Move::Card).map_err(|_| bad())
    }

    pub fn card(self) -> Option<Card> {
        match self {
            Move::Card(c) => Some(c),
            Move::Bid(_) => None,
        }
    }

    pub fn bid(self) -> Option<Bid> {
        match self {
            Move::Card(_) => None,
            Move::Bid(b) => Some(b),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Card(c) => write!(f, "{c}"),
            Move::Bid(b) => write!(f, "{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_one_card_or_one_bid_word_in_any_case() {
        assert_eq!(Move::parse(" DOUBLE ").unwrap(), Move::Bid(Bid::Double));
        assert_eq!(Move::parse("Redouble").unwrap().to_string(), "redouble");
        assert_eq!(Move::parse("ah").unwrap().to_string(), "Ah");
        assert_eq!(Move::parse("\t10H\n").unwrap().to_string(), "10h");
        assert_eq!(Move::parse("jk").unwrap(), Move::Card(Card::JOKER));
        for bad in ["Ah x Kh", "Ah Kh", "", " ", "bid", "1o", "pass pass", "7o"] {
            assert_eq!(
                Move::parse(bad).unwrap_err(),
                format!(
                    "invalid move {}: write a card such as 'Ah', or pass, double or redouble",
                    quoted(bad)
                )
            );
        }
    }
}
