//! Fast random playouts of any game of the core: each turn the random bot's move
//! (`below(count)` picks among the legal moves in their documented order), with a
//! SplitMix64 of its own (the game's generator still shuffles). One reusable move buffer;
//! no allocation per move. A Python loop doing `moves[pick.below(len(moves))]` with the
//! same seed plays the very same match.

use crate::rng::SplitMix64;
use crate::state::State;

pub struct Playout<G: State> {
    buf: Vec<G::Move>,
    pub rng: SplitMix64,
}

impl<G: State> Playout<G> {
    pub fn new(seed: u64) -> Self {
        Playout {
            buf: Vec::with_capacity(64),
            rng: SplitMix64::new(seed),
        }
    }

    /// One random legal move; false when the match is over.
    #[inline]
    pub fn step(&mut self, g: &mut G) -> bool {
        match g.random_move(&mut self.rng, &mut self.buf) {
            Some(mv) => {
                g.apply(mv);
                true
            }
            None => false,
        }
    }

    /// Play until the current deal is finished (the next is dealt, or the match ends).
    /// Returns the number of moves played.
    pub fn play_deal(&mut self, g: &mut G) -> u64 {
        let deal = g.deal_number();
        let mut moves = 0;
        while g.deal_number() == deal && self.step(g) {
            moves += 1;
        }
        moves
    }

    /// Play the match to its end; returns the number of moves played.
    pub fn play_match(&mut self, g: &mut G) -> u64 {
        let mut moves = 0;
        while self.step(g) {
            moves += 1;
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Game, Rules};

    #[test]
    fn a_two_player_quinza_deal_is_36_moves_and_hands_out_100_points() {
        // "Seats, sides, dealing": 36 cards after the table, 6 rounds of 3 for 2 players.
        let rules = Rules::new("quinza", None, None).unwrap();
        let mut p = Playout::new(1);
        for seed in 0..200 {
            let mut g = Game::new(rules, seed);
            assert_eq!(p.play_deal(&mut g), 36);
            let d = g.deals()[0];
            if d.last_capturer.is_some() {
                assert_eq!(d.points[0] + d.points[1], 100);
            }
        }
    }

    #[test]
    fn playouts_are_deterministic() {
        let rules = Rules::new("escoba", Some(4), None).unwrap();
        let run = || {
            let mut g = Game::new(rules, 9);
            let n = Playout::new(3).play_match(&mut g);
            (n, crate::fifteen::json::to_json(&g))
        };
        assert_eq!(run(), run());
    }
}
