//! A move of the fifteen family: (played card, captured set); the set is empty for a lay.
//! Text: `"6o"` or `"6o x 4c 5e"` (docs/reference/game.md, "Text of a move").

use crate::cards::{Card, CardSet};
use crate::pyrepr::{is_py_space, quoted};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub card: Card,
    pub captures: CardSet,
}

/// The message for move text that cannot be read; `shown` is the text as Python's
/// `repr` shows it.
pub fn bad_move_message_shown(shown: &str) -> String {
    format!(
        "invalid move {shown}: write the card played, then 'x' and the captured cards, e.g. '6o x 4c 5e'"
    )
}

fn bad_move_message(text: &str) -> String {
    bad_move_message_shown(&quoted(text))
}

/// Why move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// Not a card, then `x` and cards: the message quotes the text.
    Malformed,
    /// A card named twice: the full message.
    Twice(String),
}

impl Move {
    pub fn lay(card: Card) -> Move {
        Move {
            card,
            captures: CardSet::EMPTY,
        }
    }

    pub fn capture(card: Card, captures: CardSet) -> Move {
        Move { card, captures }
    }

    #[inline]
    pub fn is_lay(&self) -> bool {
        self.captures.is_empty()
    }

    /// A move from a card and a list of captured cards in any order; a card given twice
    /// (or the played card among the captures) is an error naming the move's text.
    pub fn from_parts(card: Card, captures: &[Card]) -> Result<Move, String> {
        let mut taken = captures.to_vec();
        taken.sort();
        let twice = |c: Card| {
            let mut text = card.to_string();
            if !taken.is_empty() {
                text.push_str(" x ");
                let parts: Vec<String> = taken.iter().map(|c| c.to_string()).collect();
                text.push_str(&parts.join(" "));
            }
            format!("invalid move {}: {c} appears twice", quoted(&text))
        };
        for w in taken.windows(2) {
            if w[0] == w[1] {
                return Err(twice(w[1]));
            }
        }
        if taken.contains(&card) {
            return Err(twice(card));
        }
        Ok(Move::capture(
            card,
            CardSet::from_cards(taken.iter().copied()),
        ))
    }

    /// Parse move text: a card, then optionally `x` and one or more cards; tokens are
    /// separated by any runs of whitespace; case-insensitive; no card twice.
    pub fn parse(text: &str) -> Result<Move, String> {
        Move::parse_detailed(text).map_err(|e| match e {
            MoveTextError::Malformed => bad_move_message(text),
            MoveTextError::Twice(message) => message,
        })
    }

    /// `parse`, telling malformed text (the caller words it with the text's repr) from a
    /// card given twice (already worded).
    pub fn parse_detailed(text: &str) -> Result<Move, MoveTextError> {
        let tokens: Vec<&str> = text.split(is_py_space).filter(|t| !t.is_empty()).collect();
        let captured: &[&str] = match tokens.as_slice() {
            [_] => &[],
            [_, x, rest @ ..] if !rest.is_empty() && x.eq_ignore_ascii_case("x") => rest,
            _ => return Err(MoveTextError::Malformed),
        };
        let card = Card::parse(tokens[0]).map_err(|_| MoveTextError::Malformed)?;
        let mut taken = Vec::with_capacity(captured.len());
        for t in captured {
            taken.push(Card::parse(t).map_err(|_| MoveTextError::Malformed)?);
        }
        Move::from_parts(card, &taken).map_err(MoveTextError::Twice)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.card)?;
        if !self.captures.is_empty() {
            write!(f, " x {}", self.captures)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Card {
        Card::parse(t).unwrap()
    }

    #[test]
    fn move_text_round_trips_with_sorted_captures() {
        let m = Move::parse("6O  X\t5e 4c").unwrap();
        assert_eq!(m.card, c("6o"));
        assert_eq!(m.captures, CardSet::from_cards([c("4c"), c("5e")]));
        assert_eq!(m.to_string(), "6o x 4c 5e");
        assert_eq!(Move::parse(" 7b ").unwrap().to_string(), "7b");
    }

    #[test]
    fn malformed_move_text_is_refused() {
        for t in [
            "",
            "  ",
            "6o x",
            "6o 4c",
            "6o y 4c",
            "6o x 4c x 5e",
            "8o",
            "6o x 9c",
            "x 6o",
        ] {
            assert_eq!(Move::parse(t).unwrap_err(), bad_move_message(t), "{t:?}");
        }
        assert_eq!(
            Move::parse("6o x 4c 4C").unwrap_err(),
            "invalid move '6o x 4c 4c': 4c appears twice"
        );
        assert_eq!(
            Move::parse("6o x 6o 4c 4c").unwrap_err(),
            "invalid move '6o x 6o 4c 4c': 4c appears twice"
        );
        assert_eq!(
            Move::parse("6o x 6o").unwrap_err(),
            "invalid move '6o x 6o': 6o appears twice"
        );
    }
}
