//! Quinte as search sees it (`state::Searchable`): each method is the game's own.

use super::{Game, Move};
use crate::rng::SplitMix64;
use crate::state::{self, Searchable};

impl Searchable for Game {
    #[inline]
    fn search_copy(&self) -> Game {
        Game::search_copy(self)
    }
    #[inline]
    fn deal_key(&self) -> u64 {
        Game::deal_key(self)
    }
    #[inline]
    fn solver_key(&self) -> state::SolverKey {
        Game::solver_key(self)
    }
    #[inline]
    fn solver_bounds(&self) -> Option<(state::Value, state::Value)> {
        Game::solver_bounds(self)
    }
    #[inline]
    fn solver_key_and_bounds(
        &self,
        decided: impl FnOnce(&state::SolverKey) -> bool,
    ) -> (
        Option<state::SolverKey>,
        Option<(state::Value, state::Value)>,
    ) {
        Game::solver_key_and_bounds(self, decided)
    }
    #[inline]
    fn search_order_keys(&self, moves: &[Move], out: &mut Vec<i64>) {
        Game::search_order_keys(self, moves, out)
    }
    /// Every trick and every quint is worth a multiple of 5.
    #[inline]
    fn value_unit(&self) -> u64 {
        super::game::TRICK_POINTS
    }
    /// Trick starts only (as bridge solvers do): a trick in progress seldom recurs.
    #[inline]
    fn solver_keeps(&self) -> bool {
        self.played_len.is_multiple_of(4)
    }
    #[inline]
    fn search_moves_into(&self, out: &mut Vec<Move>) {
        Game::search_moves_into(self, out)
    }
    #[inline]
    fn representative(&self, mv: &Move) -> Move {
        Game::representative(self, mv)
    }
    fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Game {
        Game::sample_world(self, seat, rng)
    }
    #[inline]
    fn cards_to_play(&self) -> u32 {
        Game::cards_to_play(self)
    }
}
