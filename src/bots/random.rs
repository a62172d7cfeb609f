//! The random bot: uniform over the legal moves, `below(number of legal moves)` from a
//! generator of its own, picking in legal-move order (one draw a move, even for a single
//! move). The family may count its moves instead of listing them (`State::random_move`).

use super::Policy;
use crate::rng::SplitMix64;
use crate::state::Searchable;

/// The random bot: no parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Random;

impl Policy for Random {
    const NAME: &'static str = "random";

    #[inline]
    fn choose<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        buf: &mut Vec<G::Move>,
        _stop: &mut dyn FnMut() -> bool,
    ) -> Option<G::Move> {
        g.random_move(rng, buf)
    }
}
