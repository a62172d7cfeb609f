//! What one seat of a quinte match may know (docs/reference/game.md "Observation"): its own hand,
//! the sizes of the others, the bids, the trick in progress and every card played this
//! deal, the piles, the size of the cachette (never its cards before they are taken), the
//! quints and scores. A fixed-size value: its cost does not grow with the match.

use super::cards::{Card, CardSet};
use super::game::{bids_by_seat, leader_seat, trick_by_seat, Game, Phase, MAX_PLAYED};
use super::moves::Bid;
use super::rules::Rules;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Observation {
    pub seat: u8,
    pub rules: Rules,
    pub deal_number: u64,
    pub dealer: u8,
    pub turn: Option<u8>,
    pub phase: Phase,
    bids: [Bid; 4],
    bid_count: u8,
    pub multiplier: u64,
    pub hand: CardSet,
    pub hand_sizes: [u8; 4],
    played: [Card; MAX_PLAYED],
    played_len: u8,
    /// `played()` as a set, and the suits each seat showed it lacks this deal (bit `s`).
    pub played_set: CardSet,
    pub voids: [u8; 4],
    pub stock: u8,
    pub piles: [CardSet; 2],
    pub tricks_won: [u8; 2],
    pub quints: [u64; 2],
    pub last_capturer: Option<u8>,
    pub scores: [u64; 2],
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
            phase: g.phase(),
            bids: g.bids,
            bid_count: g.bid_count,
            multiplier: g.multiplier(),
            hand: g.hand(seat),
            hand_sizes: g.hands.map(|h| h.len() as u8),
            played: g.played,
            played_len: g.played_len,
            played_set: g.played_set,
            voids: g.voids,
            stock: g.stock_len() as u8,
            piles: g.piles,
            tricks_won: g.tricks_won,
            quints: g.quints,
            last_capturer: g.last_capturer,
            scores: g.scores,
            winner: g.winner,
        }
    }

    /// The bids as (seat, bid), the first by the seat after the dealer.
    pub fn bids(&self) -> impl Iterator<Item = (u8, Bid)> + '_ {
        bids_by_seat(&self.bids[..self.bid_count as usize], self.dealer)
    }

    /// Every card played this deal, in play order.
    pub fn played(&self) -> &[Card] {
        &self.played[..self.played_len as usize]
    }

    /// The trick in progress as (seat, card) in play order.
    pub fn trick(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        trick_by_seat(self.played(), leader_seat(self.last_capturer, self.dealer))
    }
}
