//! The random bot: uniform over the legal moves, `below(number of legal moves)` from a
//! generator of its own, picking in legal-move order (one draw a move, even for a single
//! move). The family may count its moves instead of listing them (`State::random_move`).

use crate::rng::SplitMix64;
use crate::state::State;

/// The random bot's move; `buf` is room to list the moves in.
#[inline]
pub fn choose<G: State>(g: &G, rng: &mut SplitMix64, buf: &mut Vec<G::Move>) -> Option<G::Move> {
    g.random_move(rng, buf)
}
