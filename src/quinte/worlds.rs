//! A world for one seat of a quinte deal (docs/reference/search.md "Worlds"): the other hands and
//! the cachette dealt again from the cards the seat cannot see, keeping what the tricks
//! so far showed: a seat that did not follow is void in the suit led, and a seat that
//! followed with another card from the eleventh trick on has no joker.

use super::cards::{Card, CardSet, DECK_SIZE};
use super::game::{Game, JOKER_DEADLINE};
use super::rules::PLAYERS;
use crate::dealing::deal_constrained;
use crate::rng::SplitMix64;

/// What the tricks of this deal showed of the seats' hands.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Per seat, the suits it is void in (bit `s` for suit `s`).
    pub void: [u8; 4],
    /// Per seat, true when it can no longer hold the joker.
    pub no_joker: [bool; 4],
}

impl Shown {
    /// May `seat` hold `card`, by what it showed?
    pub fn allows(&self, seat: u8, card: Card) -> bool {
        match card.suit() {
            None => !self.no_joker[seat as usize],
            Some(suit) => self.void[seat as usize] & (1 << suit) == 0,
        }
    }
}

impl Game {
    /// What every seat saw the others show this deal, trick by trick. Each trick's leader
    /// is read back from the seat that leads the trick in progress (or the next one): the
    /// winner of each trick led the one after it. A deal played from its start reads the
    /// same as forward from the seat after the dealer; a built position, whose won cards
    /// need not be in play order, reads its trick in progress and every trick played since
    /// as they were played.
    pub fn shown(&self) -> Shown {
        let mut shown = Shown::default();
        let played = self.played();
        let done = played.len() - played.len() % PLAYERS as usize;
        let mut leader = self.leader_seat();
        let mut mark = |t: usize, trick: &[Card], leader: u8| {
            for (i, &card) in trick.iter().enumerate().skip(1) {
                if card.is_joker() {
                    continue;
                }
                let seat = ((leader + i as u8) % PLAYERS) as usize;
                if let Some(follow) = super::trick::void_shown(&trick[..i], card) {
                    shown.void[seat] |= 1 << follow;
                }
                if t as u8 + 1 >= JOKER_DEADLINE {
                    shown.no_joker[seat] = true;
                }
            }
        };
        mark(done / PLAYERS as usize, &played[done..], leader);
        for (t, trick) in played[..done].chunks(PLAYERS as usize).enumerate().rev() {
            let best = super::trick::winner(trick.iter().copied()).unwrap_or(0) as u8;
            leader = (leader + PLAYERS - best) % PLAYERS;
            mark(t, trick, leader);
        }
        shown
    }

    /// `Searchable::sample_world`: the hidden cards in id order, shuffled, dealt to the other
    /// seats (in seat order) and the cachette, each card where it may be.
    pub fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Game {
        let mut world = self.search_copy();
        let shown = self.shown();
        let mut others = [0u8; 3];
        let mut hidden = self.cachette_set();
        let mut room = [0usize; 4];
        for (k, s) in (0..PLAYERS).filter(|&s| s != seat).enumerate() {
            others[k] = s;
            room[k] = self.hands[s as usize].len() as usize;
            hidden = hidden.union(self.hands[s as usize]);
        }
        room[3] = self.cachette().len();
        let mut cards = [Card::default(); DECK_SIZE];
        let n = hidden.len() as usize;
        for (slot, c) in cards.iter_mut().zip(hidden.iter()) {
            *slot = c;
        }
        let cards = &mut cards[..n];
        rng.shuffle(cards);
        // Slots 0..3: the other seats; slot 3: the cachette, which takes any card.
        let allowed = |c: Card, slot: usize| slot == 3 || shown.allows(others[slot], c);
        let placed = deal_constrained(cards, &room, allowed, rng);
        for (i, &s) in others.iter().enumerate() {
            world.hands[s as usize] = CardSet::from_cards(placed.slot(i).iter().copied());
        }
        world.cachette[..placed.slot(3).len()].copy_from_slice(placed.slot(3));
        world.rng = SplitMix64::new(rng.next_u64());
        world
    }

    /// `Searchable::cards_to_play`: every hand (the cachette is taken, never played).
    pub fn cards_to_play(&self) -> u32 {
        self.hands.iter().map(|h| h.len()).sum()
    }
}
