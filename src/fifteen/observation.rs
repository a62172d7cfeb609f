//! What one seat of a fifteen-family match may know (docs/reference/game.md "Observation"): its
//! own hand, the sizes of the others, the table, the size of the stock (never its order),
//! every pile (captured cards are face up), the escobas, the scores. A fixed-size value:
//! its cost does not grow with the match (the deals so far are `Game::deals`).

use super::game::Game;
use super::rules::Rules;
use crate::cards::CardSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Observation {
    pub seat: u8,
    pub rules: Rules,
    pub deal_number: u64,
    pub dealer: u8,
    pub turn: Option<u8>,
    pub hand: CardSet,
    /// Per seat; `rules.players` of them count.
    pub hand_sizes: [u8; 4],
    pub table: CardSet,
    pub stock: u8,
    /// Per side; `rules.sides()` of them count (as for escobas and scores).
    pub piles: [CardSet; 3],
    pub escobas: [u64; 3],
    pub last_capturer: Option<u8>,
    pub scores: [u64; 3],
    pub winner: Option<u8>,
}

impl Observation {
    pub fn of(g: &Game, seat: u8) -> Observation {
        Observation {
            seat,
            rules: g.rules,
            deal_number: g.deal_number,
            dealer: g.dealer,
            turn: g.turn,
            hand: g.hand(seat),
            hand_sizes: g.hands.map(|h| h.len() as u8),
            table: g.table,
            stock: g.stock_len() as u8,
            piles: g.piles,
            escobas: g.escobas,
            last_capturer: g.last_capturer,
            scores: g.scores,
            winner: g.winner,
        }
    }

    pub fn hand_sizes(&self) -> &[u8] {
        &self.hand_sizes[..self.rules.players as usize]
    }
    pub fn piles(&self) -> &[CardSet] {
        &self.piles[..self.rules.sides() as usize]
    }
    pub fn escobas(&self) -> &[u64] {
        &self.escobas[..self.rules.sides() as usize]
    }
    pub fn scores(&self) -> &[u64] {
        &self.scores[..self.rules.sides() as usize]
    }
}
