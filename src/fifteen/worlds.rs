//! A world for one seat of a fifteen-family deal (docs/engine.md "Worlds"): the other
//! hands and the stock dealt again from the cards the seat cannot see. Any hidden card
//! may be anywhere hidden: a lay or a capture shows nothing of the other cards.

use super::game::Game;
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::rng::SplitMix64;

impl Game {
    /// `State::sample_world`: the hidden cards in id order, shuffled, fill the other
    /// seats' hands in seat order and then the stock in dealing order.
    pub fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Game {
        let mut world = self.search_copy();
        let players = self.rules.players as usize;
        let mut hidden = self.stock_set();
        for s in (0..players).filter(|&s| s != seat as usize) {
            hidden = hidden.union(self.hands[s]);
        }
        // Card ids: the stock holds ids, and a hand is built from cards.
        let mut ids = [0u8; DECK_SIZE];
        let n = hidden.len() as usize;
        for (slot, c) in ids.iter_mut().zip(hidden.iter()) {
            *slot = c.id();
        }
        let ids = &mut ids[..n];
        rng.shuffle(ids);
        let mut next = ids.iter().copied();
        for s in (0..players).filter(|&s| s != seat as usize) {
            let size = self.hands[s].len() as usize;
            let hand = next.by_ref().take(size).filter_map(Card::from_id);
            world.hands[s] = CardSet::from_cards(hand);
        }
        for (slot, id) in world.stock[self.stock_pos as usize..self.stock_end as usize]
            .iter_mut()
            .zip(next)
        {
            *slot = id;
        }
        world.rng = SplitMix64::new(rng.next_u64());
        world
    }

    /// The cards still in the stock, as a set.
    fn stock_set(&self) -> CardSet {
        CardSet::from_cards(
            self.stock[self.stock_pos as usize..self.stock_end as usize]
                .iter()
                .filter_map(|&id| Card::from_id(id)),
        )
    }

    /// `State::cards_to_play`: every hand and the stock.
    pub fn cards_to_play(&self) -> u32 {
        self.hands.iter().map(|h| h.len()).sum::<u32>() + self.stock_len() as u32
    }
}
