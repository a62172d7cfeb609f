//! Quinte, the trick game (docs/rules.md "Quinte, the trick game", docs/reference/game.md "Quinte"):
//! 52 cards and a joker, four players in two partnerships, a doubling, twelve tricks,
//! quints, the cachette. No Python in here; `crate::python` wraps it.

pub mod bounds;
pub mod cards;
pub mod encode;
pub mod equivalence;
pub mod game;
pub mod greedy;
pub mod json;
pub mod moves;
pub mod position;
pub mod rules;
mod searchable;
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
use crate::ruleargs::Arg;
use crate::state::{self, GameRules, State};
use crate::Error;

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

/// Quinte's one rule set through the one interface: the name is read before.
impl GameRules for Rules {
    const NAMES: &'static [&'static str] = &[rules::NAME];

    fn from_args(
        _name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
    ) -> Result<Rules, Error> {
        Rules::from_args(players, target, options)
    }
    fn name(&self) -> &'static str {
        rules::NAME
    }
    fn players(&self) -> u8 {
        Rules::players(self)
    }
    fn sides(&self) -> u8 {
        Rules::sides(self)
    }
    fn target(&self) -> u64 {
        self.target
    }
    fn repr(&self) -> String {
        Rules::repr(self)
    }
    fn json(&self) -> String {
        Rules::json(self)
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
        greedy::greedy_key(self, mv)
    }
    #[inline]
    fn greedy_move(&self, _buf: &mut Vec<Move>) -> Option<Move> {
        greedy::greedy_move(self)
    }
    fn observation(&self, seat: u8) -> Observation {
        Observation::of(self, seat)
    }
}
