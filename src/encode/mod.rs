//! Encodings for learning agents (docs/engine.md "Encodings"): what one seat may know as a
//! fixed-size vector of f32, and an exact action id for every legal move. Both are built
//! from the seat's `Observation` and the position's legal moves, never the full state, so
//! no vector carries a card its seat cannot see; neither walks the deals of the match.

pub mod fifteen;
pub mod quinte;
pub mod vector;

use crate::any::{AnyGame, AnyMove, AnyObservation, RuleSet};
use crate::Error;

/// Bumped whenever a layout or an action id changes meaning.
pub const ENCODING_VERSION: u32 = 1;

/// Counts and numerators are capped here: every one is then exact in an f32.
pub const COUNT_CAP: u64 = 1 << 24;

/// The eight entries of every byte of a card set: `BYTE_ENTRIES[b][i]` is bit `i` of `b`.
static BYTE_ENTRIES: [[f32; 8]; 256] = {
    let mut t = [[0.0f32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                t[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Writes the entries of a vector in order (the layout of `names`).
pub(crate) struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    /// Every entry of `out` is then written once, by the calls of the layout in order.
    fn new(out: &'a mut [f32]) -> Writer<'a> {
        Writer { out, at: 0 }
    }
    /// `size` entries, 1 where bit `i` of `bits` is set. Every entry written, eight at a
    /// time from a table: the same work however many cards a set holds.
    #[inline]
    fn cards(&mut self, bits: u64, size: usize) {
        let mut chunks = self.out[self.at..self.at + size].chunks_exact_mut(8);
        let mut b = bits;
        for chunk in &mut chunks {
            chunk.copy_from_slice(&BYTE_ENTRIES[(b & 0xff) as usize]);
            b >>= 8;
        }
        let rest = chunks.into_remainder();
        let n = rest.len();
        rest.copy_from_slice(&BYTE_ENTRIES[(b & 0xff) as usize][..n]);
        self.at += size;
    }
    #[inline]
    fn count(&mut self, x: u64) {
        self.out[self.at] = x.min(COUNT_CAP) as f32;
        self.at += 1;
    }
    /// `x / of` as an f32 division of the capped numbers (as numpy.float32 divides).
    #[inline]
    fn ratio(&mut self, x: u64, of: u64) {
        self.out[self.at] = x.min(COUNT_CAP) as f32 / of.clamp(1, COUNT_CAP) as f32;
        self.at += 1;
    }
    #[inline]
    fn flag(&mut self, b: bool) {
        self.out[self.at] = if b { 1.0 } else { 0.0 };
        self.at += 1;
    }
    /// `size` entries, 1 at `index` (none for None).
    #[inline]
    fn one_hot(&mut self, index: Option<u8>, size: u8) {
        self.out[self.at..self.at + size as usize].fill(0.0);
        if let Some(i) = index {
            self.out[self.at + i as usize] = 1.0;
        }
        self.at += size as usize;
    }
    fn done(self) {
        debug_assert_eq!(self.at, self.out.len(), "the layout of names");
    }
}

/// The length of a seat's vector under these rules.
pub fn observation_len(rules: &RuleSet) -> usize {
    match rules {
        RuleSet::Fifteen(r) => fifteen::len(r),
        RuleSet::Quinte(_) => quinte::len(),
    }
}

/// What every entry of the vector means, in order.
pub fn observation_names(rules: &RuleSet) -> Vec<String> {
    match rules {
        RuleSet::Fifteen(r) => fifteen::names(r),
        RuleSet::Quinte(_) => quinte::names(),
    }
}

/// Write an observation into `out`, which has `observation_len` entries.
pub fn encode_into(o: &AnyObservation, out: &mut [f32]) {
    match o {
        AnyObservation::Fifteen(o) => fifteen::encode(o, out),
        AnyObservation::Quinte(o) => quinte::encode(o, out),
    }
}

/// The number of action ids under these rules.
pub fn action_count(rules: &RuleSet) -> usize {
    match rules {
        RuleSet::Fifteen(r) => fifteen::action_count(r),
        RuleSet::Quinte(_) => quinte::ACTION_COUNT,
    }
}

/// The id of a legal move; an illegal one is a ValueError saying why.
pub fn action_of(g: &AnyGame, mv: &AnyMove) -> Result<usize, Error> {
    if let Some(reason) = g.illegal_reason(mv) {
        return Err(Error::Value(format!(
            "{mv} has no action id here: {reason}"
        )));
    }
    match (g, mv) {
        (AnyGame::Fifteen(g), AnyMove::Fifteen(m)) => fifteen::action_of(g, m),
        (AnyGame::Quinte(_), AnyMove::Quinte(m)) => Ok(quinte::action_of(m)),
        // illegal_reason refuses a move of the other family first; never reached.
        _ => Err(Error::Value(format!(
            "{mv} is not a move of {}",
            g.rules().name()
        ))),
    }
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
    let mv = match g {
        AnyGame::Fifteen(g) => fifteen::move_of(g, a)?.map(AnyMove::Fifteen),
        AnyGame::Quinte(g) => {
            let m = quinte::move_of(a);
            crate::state::State::is_legal(g, &m).then_some(AnyMove::Quinte(m))
        }
    };
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
    let done = match g {
        AnyGame::Fifteen(g) => fifteen::legal_actions(g, ids, &mut Vec::new()),
        AnyGame::Quinte(g) => {
            let mut moves = Vec::new();
            g.legal_moves_into(&mut moves);
            ids.extend(moves.iter().map(quinte::action_of));
            Ok(())
        }
    };
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
