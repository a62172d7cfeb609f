//! The fifteen family as search sees it (`state::Searchable`): each method is the game's own.

use super::{Game, Move};
use crate::rng::SplitMix64;
use crate::state::Searchable;

impl Searchable for Game {
    #[inline]
    fn search_copy(&self) -> Game {
        Game::search_copy(self)
    }
    #[inline]
    fn deal_key(&self) -> u64 {
        Game::deal_key(self)
    }
    fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Game {
        Game::sample_world(self, seat, rng)
    }
    #[inline]
    fn fits_greedy(&self, seat: u8, first: bool, buf: &mut Vec<Move>) -> bool {
        Game::fits_greedy(self, seat, first, buf)
    }
    #[inline]
    fn cards_to_play(&self) -> u32 {
        Game::cards_to_play(self)
    }
}
