//! Writing a game's JSON text: the pieces every family's layout is written with (lists of
//! cards of either deck, numbers, seats).

use std::fmt::Write;

/// A JSON list of card texts (either deck).
pub fn push_cards<C: std::fmt::Display>(out: &mut String, cards: impl Iterator<Item = C>) {
    out.push('[');
    for (i, c) in cards.enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{c}\"");
    }
    out.push(']');
}

/// A JSON list of lists of card texts: one per seat or side.
pub fn push_card_lists<C: std::fmt::Display, L: Iterator<Item = C>>(
    out: &mut String,
    lists: impl Iterator<Item = L>,
) {
    out.push('[');
    for (i, cards) in lists.enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_cards(out, cards);
    }
    out.push(']');
}

/// A JSON list whose items `write` writes (the deals of a game, of either family).
pub fn push_list<T>(out: &mut String, items: &[T], write: impl Fn(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

pub fn push_nums(out: &mut String, nums: &[u64]) {
    out.push('[');
    for (i, n) in nums.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{n}");
    }
    out.push(']');
}

pub fn push_opt(out: &mut String, v: Option<u8>) {
    match v {
        Some(x) => {
            let _ = write!(out, "{x}");
        }
        None => out.push_str("null"),
    }
}

pub fn repr_opt(v: Option<u8>) -> String {
    v.map_or("None".to_string(), |x| x.to_string())
}
