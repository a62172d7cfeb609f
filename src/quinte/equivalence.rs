//! Cards a search need not tell apart (docs/engine.md "Search: the open-hand solver"):
//! two cards of one suit in one hand, both of rank 6 to King, with no card between them
//! left in any hand or in the trick, win and lose exactly the same tricks, and neither
//! is part of a quint (quints need a 5, an Ace with a 4, or a 2 with a 3). Playing one or
//! the other leads to the same values, so the solver searches only the lowest of each run.

use super::cards::{Card, CardSet, SUIT_MASKS};
use super::game::Game;
use super::moves::Move;

/// Ranks that no quint uses: 6 to King.
fn plain(c: Card) -> bool {
    (6..=13).contains(&c.rank())
}

impl Game {
    /// The cards still in play: every hand and the trick in progress.
    fn present(&self) -> CardSet {
        self.hands.iter().fold(self.table(), |all, h| all.union(*h))
    }

    /// The lowest card of `card`'s run in `hand`: the search plays it for them all.
    fn lowest_equivalent(&self, hand: CardSet, present: CardSet, card: Card) -> Card {
        let Some(suit) = card.suit() else { return card };
        let mut cur = card;
        while plain(cur) {
            let below = present
                .intersect(SUIT_MASKS[suit as usize])
                .intersect(CardSet((1u64 << cur.id()) - 1));
            // The next card down still in play, if it is in this hand and plain too.
            if below.is_empty() {
                break;
            }
            let Some(next) = Card::from_id(63 - below.0.leading_zeros() as u8) else {
                break;
            };
            if !hand.contains(next) || !plain(next) {
                break;
            }
            cur = next;
        }
        cur
    }

    /// `State::search_moves_into`: the legal moves, of each run of equivalent cards the
    /// lowest only.
    pub fn search_moves_into(&self, out: &mut Vec<Move>) {
        let Some(seat) = self.turn else { return };
        if !self.doubling.over {
            return self.legal_moves_into(out);
        }
        let hand = self.hands[seat as usize];
        let present = self.present();
        out.extend(
            self.legal_cards()
                .iter()
                .filter(|&c| self.lowest_equivalent(hand, present, c) == c)
                .map(Move::Card),
        );
    }

    /// `State::representative`: the move of `search_moves_into` that stands for `mv`.
    pub fn representative(&self, mv: &Move) -> Move {
        match (*mv, self.turn) {
            (Move::Card(c), Some(seat)) if self.doubling.over => {
                let hand = self.hands[seat as usize];
                Move::Card(self.lowest_equivalent(hand, self.present(), c))
            }
            _ => *mv,
        }
    }
}
