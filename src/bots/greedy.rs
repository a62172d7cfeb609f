//! The greedy bot: the legal move of greatest `State::greedy_key` (the move worth most
//! right away), the first in legal-move order of equal keys. It draws nothing. Each
//! family keys its own moves (`fifteen::greedy`, `quinte::greedy`).

use super::Policy;
use crate::rng::SplitMix64;
use crate::state::Searchable;

/// The greedy bot: no parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Greedy;

impl Policy for Greedy {
    const NAME: &'static str = "greedy";

    #[inline]
    fn choose<G: Searchable>(
        &self,
        g: &G,
        _rng: &mut SplitMix64,
        buf: &mut Vec<G::Move>,
        _stop: &mut dyn FnMut() -> bool,
    ) -> Option<G::Move> {
        g.greedy_move(buf)
    }
}
