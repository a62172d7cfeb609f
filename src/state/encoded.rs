//! The hooks of a game's encodings (docs/reference/encodings.md "Encodings"), which each
//! family implements in its own folder: part of what a game is, so search and the nets can
//! ask for them (`Searchable` requires them). The `Writer` their vectors are written with,
//! and the dispatch over families, are above (`crate::encoding`, `crate::encode`).

use super::State;
use crate::Error;

/// A game's encodings: what one seat may know as a fixed-size vector of f32, built from
/// its `Observation` alone, and an exact action id for every legal move.
pub trait Encoded: State {
    /// The length of a seat's vector under these rules.
    fn observation_len(rules: &Self::Rules) -> usize;
    /// What every entry of the vector means, in order.
    fn observation_names(rules: &Self::Rules) -> Vec<String>;
    /// Write an observation into `out`, which has `observation_len` entries.
    fn encode(o: &Self::Observation, out: &mut [f32]);
    /// The number of action ids under these rules.
    fn action_count(rules: &Self::Rules) -> usize;
    /// The id of a legal move (the caller checked that it is legal).
    fn action_of(&self, mv: &Self::Move) -> Result<usize, Error>;
    /// The move of an id below `action_count`, if it is a legal move now.
    fn move_of(&self, action: usize) -> Result<Option<Self::Move>, Error>;
    /// The ids of the legal moves, in their order, into `ids`, and the moves into `moves`
    /// (cleared first); a position beyond the encoding's bounds is an error (`ids` is
    /// then to be ignored).
    fn legal_actions(&self, ids: &mut Vec<usize>, moves: &mut Vec<Self::Move>)
        -> Result<(), Error>;
    /// The number of move features `F` under these rules (docs/reference/nets.md "What
    /// goes in"): every move's features are below it.
    fn move_feature_count(rules: &Self::Rules) -> usize;
    /// A legal move's features, appended to `out`: the indices that stand for a 1 in what
    /// a net reads of the move.
    fn move_features(&self, mv: &Self::Move, out: &mut Vec<u32>);
}
