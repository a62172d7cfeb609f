//! A world for one seat of a fifteen-family deal (docs/reference/search.md "Worlds"): the other
//! hands and the stock dealt again from the cards the seat cannot see. Any hidden card
//! may be anywhere hidden: a lay or a capture shows nothing of the other cards.

use super::game::{Game, ROUND_MOVES};
use super::moves::Move;
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::rng::SplitMix64;

impl Game {
    /// `Searchable::sample_world`: the hidden cards in id order, shuffled, fill the other
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

    /// `Searchable::fits_greedy`: whether every move a seat other than `seat` made this round
    /// is one a greedy player would have made in this game (a world): its greedy key is
    /// the highest of that seat's legal moves then (ties fit). A seat's hand before its
    /// move is its hand now plus the cards it played since, this round; the table is
    /// replayed from the round's start. With `first`, the move must be the greedy bot's
    /// own: the first of the greatest key in legal-move order. `buf` is room to list
    /// moves in.
    pub fn fits_greedy(&self, seat: u8, first: bool, buf: &mut Vec<Move>) -> bool {
        let round = &self.round;
        let n = round.len as usize;
        if round.seats[..n].iter().all(|&s| s == seat) {
            return true;
        }
        let mut tables = [CardSet::EMPTY; ROUND_MOVES];
        let mut table = round.table;
        for (i, t) in tables[..n].iter_mut().enumerate() {
            *t = table;
            let (card, captures) = (round.cards[i], round.captures[i]);
            let to_table = if captures == 0 { 1u64 << card } else { 0 };
            table = CardSet((table.0 & !captures) | to_table);
        }
        // One copy to pose each earlier position in: only the mover's hand, the table
        // and the turn change (the stock, which the escoba key reads, is the round's).
        let mut then = self.search_copy();
        for i in (0..n).rev() {
            let s = round.seats[i];
            let Some(card) = Card::from_id(round.cards[i]) else {
                return true; // never: the round holds only cards played
            };
            then.hands[s as usize].insert(card);
            if s == seat {
                continue;
            }
            then.table = tables[i];
            then.turn = Some(s);
            let played = Move::capture(card, CardSet(round.captures[i]));
            if first {
                if crate::state::State::greedy_move(&then, buf) != Some(played) {
                    return false;
                }
                continue;
            }
            let key = super::greedy::greedy_key(&then, &played);
            buf.clear();
            then.legal_moves_into(buf);
            if buf
                .iter()
                .any(|m| super::greedy::greedy_key(&then, m) > key)
            {
                return false;
            }
        }
        true
    }

    /// The cards still in the stock, as a set.
    fn stock_set(&self) -> CardSet {
        CardSet::from_cards(
            self.stock[self.stock_pos as usize..self.stock_end as usize]
                .iter()
                .filter_map(|&id| Card::from_id(id)),
        )
    }

    /// `Searchable::cards_to_play`: every hand and the stock.
    pub fn cards_to_play(&self) -> u32 {
        self.hands.iter().map(|h| h.len()).sum::<u32>() + self.stock_len() as u32
    }
}
