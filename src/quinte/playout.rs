//! Fast random playouts of quinte: each turn pick `below(count)` among the legal moves in
//! their documented order (bids pass, double, redouble; cards by id), with a SplitMix64 of
//! its own (the game's generator still shuffles). No allocation per move: the legal
//! cards are a bitset and the pick is the n-th set bit. A Python loop doing
//! `moves[pick.below(len(moves))]` with the same seed plays the very same match.

use super::game::Game;
use crate::rng::SplitMix64;

pub struct Playout {
    pub rng: SplitMix64,
}

impl Playout {
    pub fn new(seed: u64) -> Playout {
        Playout {
            rng: SplitMix64::new(seed),
        }
    }

    /// One random legal move; false when the match is over.
    #[inline]
    pub fn step(&mut self, g: &mut Game) -> bool {
        if g.is_over() {
            return false;
        }
        if g.phase() == super::game::Phase::Play {
            // The legal cards as a bitset: pick the i-th set bit.
            let cards = g.legal_cards();
            let i = self.rng.below(cards.len() as u64);
            return match cards.nth(i as u32) {
                Some(card) => {
                    g.apply(super::moves::Move::Card(card));
                    true
                }
                None => false,
            };
        }
        let i = self.rng.below(g.count_legal_moves());
        match g.nth_legal_move(i) {
            Some(mv) => {
                g.apply(mv);
                true
            }
            None => false,
        }
    }

    /// Play until the current deal is finished (the next is dealt, or the match ends).
    /// Returns the number of moves played.
    pub fn play_deal(&mut self, g: &mut Game) -> u64 {
        let deal = g.deal_number();
        let mut moves = 0;
        while g.deal_number() == deal && self.step(g) {
            moves += 1;
        }
        moves
    }

    /// Play the match to its end; returns the number of moves played.
    pub fn play_match(&mut self, g: &mut Game) -> u64 {
        let mut moves = 0;
        while self.step(g) {
            moves += 1;
        }
        moves
    }
}

/// Play one random match from `seed` (the game's and the chooser's), returning the
/// number of moves and the finished game.
pub fn random_match(rules: super::rules::Rules, seed: u64) -> (u64, Game) {
    let mut g = Game::new(rules, seed);
    let moves = Playout::new(seed).play_match(&mut g);
    (moves, g)
}
