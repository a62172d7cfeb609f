//! Quinte, the trick game (RULES.md "quinte: the trick game", docs/engine.md "Quinte"):
//! 52 cards and a joker, four players in two partnerships, a doubling, twelve tricks,
//! quints, the cachette. No Python in here; `crate::python` wraps it.

pub mod bounds;
pub mod cards;
pub mod equivalence;
pub mod game;
pub mod json;
pub mod moves;
pub mod position;
pub mod rules;
pub mod trick;

pub use cards::{Card, CardSet};
pub use game::{DealResult, Doubling, Game, Phase};
pub use moves::{Bid, Move};
pub use position::Position;
pub use rules::Rules;

#[cfg(test)]
mod tests;

pub mod observation;
pub mod worlds;

pub use observation::Observation;

use crate::rng::SplitMix64;
use crate::state::{self, State};

impl state::Deal for DealResult {
    fn deal_number(&self) -> u64 {
        self.deal_number
    }
    fn dealer(&self) -> u8 {
        self.dealer
    }
    fn points(&self) -> &[u64] {
        &self.points
    }
}

/// Quinte through the one game interface: each method is the game's own.
impl State for Game {
    type Rules = Rules;
    type Move = Move;
    type Observation = Observation;
    type Deal = DealResult;

    fn new(rules: Rules, seed: u64) -> Game {
        Game::new(rules, seed)
    }
    fn rules(&self) -> &Rules {
        Game::rules(self)
    }
    fn players(rules: &Rules) -> u8 {
        rules.players()
    }
    fn sides(rules: &Rules) -> u8 {
        rules.sides()
    }
    #[inline]
    fn side_of(&self, seat: u8) -> u8 {
        Game::side_of(self, seat)
    }
    #[inline]
    fn turn(&self) -> Option<u8> {
        Game::turn(self)
    }
    fn dealer(&self) -> u8 {
        Game::dealer(self)
    }
    #[inline]
    fn deal_number(&self) -> u64 {
        Game::deal_number(self)
    }
    fn scores(&self) -> &[u64] {
        &self.scores
    }
    fn winner(&self) -> Option<u8> {
        Game::winner(self)
    }
    fn deals(&self) -> &[DealResult] {
        Game::deals(self)
    }
    #[inline]
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        Game::legal_moves_into(self, out)
    }
    fn count_legal_moves(&self) -> u64 {
        Game::count_legal_moves(self)
    }
    fn illegal_reason(&self, mv: &Move) -> Option<String> {
        Game::illegal_reason(self, mv)
    }
    #[inline]
    fn apply(&mut self, mv: Move) {
        Game::apply(self, mv)
    }
    /// Counted, never listed: in play the legal cards are a bitset.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, _buf: &mut Vec<Move>) -> Option<Move> {
        Game::random_move(self, rng)
    }
    #[inline]
    fn greedy_key(&self, mv: &Move) -> i32 {
        crate::bots::quinte_greedy_key(self, mv)
    }
    #[inline]
    fn greedy_move(&self, _buf: &mut Vec<Move>) -> Option<Move> {
        crate::bots::greedy::quinte_greedy_move(self)
    }
    fn observation(&self, seat: u8) -> Observation {
        Observation::of(self, seat)
    }
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
        game::TRICK_POINTS
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
