//! Encodings for learning agents (docs/reference/encodings.md "Encodings"): what one seat may know as a
//! fixed-size vector of f32, and an exact action id for every legal move. Both are built
//! from the seat's `Observation` and the position's legal moves, never the full state, so
//! no vector carries a card its seat cannot see; neither walks the deals of the match.
//! Each family writes its own (`Encoded`, in its folder); here they are dispatched.

pub mod vector;

use crate::any::{AnyGame, AnyMove, AnyObservation, RuleSet};
use crate::encoding::Encoded;
use crate::families::{each_family, same_family};
use crate::Error;

pub use crate::encoding::ENCODING_VERSION;

/// The length of a seat's vector under these rules.
pub fn observation_len(rules: &RuleSet) -> usize {
    each_family!(rules, RuleSet, r, G => G::observation_len(r))
}

/// What every entry of the vector means, in order.
pub fn observation_names(rules: &RuleSet) -> Vec<String> {
    each_family!(rules, RuleSet, r, G => G::observation_names(r))
}

/// Write an observation into `out`, which has `observation_len` entries.
pub fn encode_into(o: &AnyObservation, out: &mut [f32]) {
    each_family!(o, AnyObservation, o, G => G::encode(o, out))
}

/// The number of action ids under these rules.
pub fn action_count(rules: &RuleSet) -> usize {
    each_family!(rules, RuleSet, r, G => G::action_count(r))
}

/// The id of a legal move; an illegal one is a ValueError saying why.
pub fn action_of(g: &AnyGame, mv: &AnyMove) -> Result<usize, Error> {
    if let Some(reason) = g.illegal_reason(mv) {
        return Err(Error::Value(format!(
            "{mv} has no action id here: {reason}"
        )));
    }
    same_family!((g, AnyGame, g), (mv, AnyMove, m) => g.action_of(m),
        // illegal_reason refuses a move of the other family first; never reached.
        else Err(Error::Value(format!("{mv} is not a move of {}", g.rules().name()))))
}

/// The legal move of an action id; an id out of range or masked off is a ValueError.
pub fn move_of(g: &AnyGame, action: i128) -> Result<AnyMove, Error> {
    let count = action_count(&g.rules());
    if action < 0 || action >= count as i128 {
        return Err(Error::Value(format!(
            "action {action} is out of range: {}'s actions are 0 to {}",
            g.rules().name(),
            count - 1
        )));
    }
    let a = action as usize;
    let mv: Option<AnyMove> = each_family!(g, AnyGame, g => g.move_of(a)?.map(Into::into));
    match (mv, g.turn()) {
        (Some(mv), _) => Ok(mv),
        (None, None) => Err(Error::Value(format!(
            "action {action} is not legal: the match is over"
        ))),
        (None, Some(_)) => Err(Error::Value(format!(
            "action {action} is not legal in this position (masked off)"
        ))),
    }
}

/// The ids of the legal moves, in the order of `legal_moves`, appended to `ids`. A
/// position beyond the encoding's bounds is a ValueError and appends nothing.
pub fn legal_actions(g: &AnyGame, ids: &mut Vec<usize>) -> Result<(), Error> {
    let before = ids.len();
    let done = each_family!(g, AnyGame, g => g.legal_actions(ids, &mut Vec::new()));
    if done.is_err() {
        ids.truncate(before);
    }
    done
}

/// The action mask into `out` (`action_count` entries: 1 for a legal move's id, else 0;
/// int8, as Gymnasium's and PettingZoo's masks). An error leaves `out` untouched.
pub fn action_mask_into(g: &AnyGame, out: &mut [i8]) -> Result<(), Error> {
    let mut ids = Vec::new();
    legal_actions(g, &mut ids)?;
    out.fill(0);
    for a in ids {
        out[a] = 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
