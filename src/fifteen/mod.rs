//! The fifteen family: quinza, rb3ine and escoba (docs/rules.md "The fifteen family").

pub mod captures;
pub mod encode;
pub mod game;
pub mod greedy;
pub mod json;
pub mod moves;
pub mod rules;
pub mod scoring;
mod searchable;

pub use game::{Game, Position};
pub use moves::Move;
pub use rules::{Rules, Scoring, Setenta, Variant, WinRule};
pub use scoring::{DealResult, Details};
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
        &self.points[..self.sides as usize]
    }
}

/// The family's rule sets through the one interface: each method is the row's own.
impl GameRules for Rules {
    const NAMES: &'static [&'static str] = &rules::NAMES;

    fn from_args(
        name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
    ) -> Result<Rules, Error> {
        Rules::from_args(name, players, target, options)
    }
    fn name(&self) -> &'static str {
        Rules::name(self)
    }
    fn players(&self) -> u8 {
        self.players
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
        json::rules_json(self)
    }
}

/// The fifteen family through the one game interface: each method is the game's own.
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
        Game::scores(self)
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
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, buf: &mut Vec<Move>) -> Option<Move> {
        Game::random_move(self, rng, buf)
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
