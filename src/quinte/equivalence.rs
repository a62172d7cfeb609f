//! What the exact solver may treat alike (docs/explanation/search-and-fairness.md "The open-hand solver").
//!
//! A card is *plain* when it can take part in no quint from here on: ranks 6 to King, and
//! an Ace, 4, 2 or 3 whose quint partner (the 4, Ace, 3 or 2 of its suit) can never be in
//! one trick with it (played in an earlier trick, in the same hand, or in the trick in
//! progress while the other waits in the hand of a seat that has already played to it).
//! Fives and the joker are never plain.
//!
//! - Equivalent cards: two plain cards of one suit in one hand with no card between them
//!   left in any hand or in the trick win and lose exactly the same tricks; playing one
//!   or the other leads to the same values, so the solver searches only the lowest of
//!   each run.
//! - Dead losers: a plain card below every card of some other seat that holds no joker
//!   (that seat plays a higher card in every trick to come; in a trick in progress the
//!   card must also be below a card already in it or every card of a seat yet to play)
//!   can win no trick and make no quint: which of a seat's dead losers of one suit it
//!   plays changes nothing, so the solver searches only the lowest; and at a trick start
//!   the key counts each seat's dead losers per suit and leaves them out of the ranks.
//! - The table key (`Searchable::solver_key`) keys on relative ranks: the cards already played
//!   are left out, so positions equal up to the gaps between ranks (and whose quint cards
//!   can still make the same quints) share an entry, whatever tricks and quints led there.

use super::cards::{Card, CardSet, JOKER_SET, SUIT_MASKS};
use super::game::{Game, TRICKS, TRICK_POINTS};
use super::moves::Move;
use super::rules::PLAYERS;
use super::trick::{
    marked_quints, pairs_within, EVERY_SUIT, FIVE, FIVES, FOUR, FOURS, SIX_TO_KING, THREE, TWO,
    TWOS,
};
use crate::state::{mix_key, SolverKey, Value};

/// The quint pairs (Ace and 4, 2 and 3 of a suit) with one card in `a` and the other
/// in `b`, each marked by the bit of its lower card (the 4, the 2).
#[inline]
fn pairs_across(a: u64, b: u64) -> u64 {
    (((a >> 10) & b | (b >> 10) & a) & FOURS) | (((a >> 1) & b | (b >> 1) & a) & TWOS)
}

/// Of the live pairs (`Game::live_pairs`), those of one suit: (Ace and 4, 2 and 3).
#[inline]
pub(super) fn pairs_of(pairs: u64, suit: usize) -> (bool, bool) {
    let m = pairs >> (13 * suit);
    (m & FOUR != 0, m & TWO != 0)
}

/// Each of `planes` with the bits of `mask` packed down into its low bits, in order,
/// the bits outside `mask` dropped (what x86's PEXT does; that instruction is slow on
/// some AMD processors). Bit-parallel: each of the six rounds moves every bit that still
/// has an odd count of gaps below it (in the round's power of two) down by that power,
/// the moves worked out once from the mask and applied to every plane.
#[inline]
fn compress<const N: usize>(mut mask: u64, mut planes: [u64; N]) -> [u64; N] {
    for p in planes.iter_mut() {
        *p &= mask;
    }
    // Per bit, the gaps (zeros of the mask) below it, counted bit by bit of the count.
    let mut gaps_below = !mask << 1;
    for round in 0..6 {
        // A prefix XOR: bit i is the parity of the gaps below i not yet moved past.
        let mut odd = gaps_below ^ (gaps_below << 1);
        odd ^= odd << 2;
        odd ^= odd << 4;
        odd ^= odd << 8;
        odd ^= odd << 16;
        odd ^= odd << 32;
        let moving = odd & mask;
        mask = (mask ^ moving) | (moving >> (1 << round));
        for p in planes.iter_mut() {
            let t = *p & moving;
            *p = (*p ^ t) | (t >> (1 << round));
        }
        gaps_below &= !odd;
    }
    planes
}

/// The cards still in play and who holds them: what plainness and the key read.
pub(super) struct Holdings {
    /// Every hand and the trick in progress.
    pub(super) present: CardSet,
    /// The trick in progress.
    pub(super) trick: CardSet,
    /// The trick card each seat played, if any.
    pub(super) trick_by_seat: [CardSet; 4],
}

impl Game {
    pub(super) fn holdings(&self) -> Holdings {
        let mut trick_by_seat = [CardSet::EMPTY; 4];
        let mut trick = CardSet::EMPTY;
        for (seat, c) in self.trick() {
            trick_by_seat[seat as usize].insert(c);
            trick.insert(c);
        }
        Holdings {
            present: self.hands.iter().fold(trick, |all, h| all.union(*h)),
            trick,
            trick_by_seat,
        }
    }

    /// The quint pairs still in play that can still meet in one trick, marked as
    /// `pairs_across` marks them: not both in one hand, nor one in the trick in progress
    /// and the other in the hand of a seat that has played to it (the trick card leaves
    /// play with this trick; only a seat yet to play joins it).
    pub(super) fn live_pairs(&self, h: &Holdings) -> u64 {
        let mut apart = self
            .hands
            .iter()
            .fold(0, |a, hand| a | pairs_within(hand.0));
        if !h.trick.is_empty() {
            let have_played = (0..PLAYERS as usize)
                .filter(|&s| !h.trick_by_seat[s].is_empty())
                .fold(0, |a, s| a | self.hands[s].0);
            apart |= pairs_across(h.trick.0, have_played);
        }
        pairs_within(h.present.0) & !apart
    }

    /// The plain cards still in play (see the module's comment).
    fn plain_cards(&self, h: &Holdings, pairs: u64) -> CardSet {
        let (ace_four, two_three) = (FOURS & !pairs, TWOS & !pairs);
        let plain =
            (SIX_TO_KING * EVERY_SUIT) | ace_four | (ace_four << 10) | two_three | (two_three << 1);
        CardSet(plain & h.present.0)
    }

    /// The card just below `card` in its run in `hand`: the next card down of its suit
    /// still in play, when it is in this hand and both are plain.
    #[inline]
    fn next_in_run(hand: CardSet, h: &Holdings, plain: CardSet, card: Card) -> Option<Card> {
        let suit = card.suit()?;
        if !plain.contains(card) {
            return None;
        }
        let below = h.present.0 & SUIT_MASKS[suit as usize].0 & (card.bit() - 1);
        if below == 0 {
            return None;
        }
        let next = Card::from_id(63 - below.leading_zeros() as u8)?;
        (hand.contains(next) && plain.contains(next)).then_some(next)
    }

    /// The lowest card of `card`'s run in `hand`: the search plays it for them all.
    fn lowest_equivalent(&self, hand: CardSet, h: &Holdings, plain: CardSet, card: Card) -> Card {
        let mut cur = card;
        while let Some(next) = Self::next_in_run(hand, h, plain, cur) {
            cur = next;
        }
        cur
    }

    /// Per seat, cards of ids below this are beaten by every card it may still play: its
    /// lowest card's id, or 0 when it holds the joker (which it may play instead) or
    /// nothing.
    pub(super) fn beats_all_below(&self) -> [u32; 4] {
        self.hands.map(|hand| {
            if hand.0 == 0 || hand.0 & JOKER_SET.0 != 0 {
                0
            } else {
                hand.0.trailing_zeros()
            }
        })
    }

    /// Per seat, its cards of ids below this win no trick to come (the module's comment,
    /// dead losers): some other seat without the joker plays a higher card in every one.
    pub(super) fn wins_no_trick_below(&self) -> [u32; 4] {
        let beats = self.beats_all_below();
        std::array::from_fn(|seat| {
            (0..PLAYERS as usize)
                .filter(|&s| s != seat)
                .map(|s| beats[s])
                .max()
                .unwrap_or(0)
        })
    }

    /// The plain cards of `seat`'s hand that can win no trick from here (see the module's
    /// comment, dead losers): below every card of some other seat that holds no joker
    /// (it plays a higher card in every trick to come), and in a trick in progress also
    /// below a card already in it or every card of a seat yet to play to it.
    /// `beats`: `beats_all_below`.
    fn dead_losers(&self, seat: u8, h: &Holdings, plain: CardSet, beats: &[u32; 4]) -> u64 {
        let future = (0..PLAYERS as usize)
            .filter(|&s| s != seat as usize)
            .map(|s| beats[s])
            .max()
            .unwrap_or(0);
        let now = if h.trick.is_empty() {
            future
        } else {
            let yet_to_play = (0..PLAYERS as usize)
                .filter(|&s| s != seat as usize && h.trick_by_seat[s].is_empty())
                .map(|s| beats[s])
                .max()
                .unwrap_or(0);
            let top = h.trick.0 & !JOKER_SET.0;
            let in_trick = if top == 0 {
                0
            } else {
                63 - top.leading_zeros()
            };
            yet_to_play.max(in_trick)
        };
        let below = future.min(now);
        self.hands[seat as usize].0 & plain.0 & ((1u64 << below) - 1)
    }

    /// The card the search plays for `c` of `seat`'s hand: the lowest of its run, and
    /// of dead losers the lowest dead loser of its suit.
    #[inline]
    fn canonical(&self, hand: CardSet, h: &Holdings, plain: CardSet, dead: u64, c: Card) -> Card {
        let low = self.lowest_equivalent(hand, h, plain, c);
        match low.suit() {
            Some(suit) if dead & low.bit() != 0 => {
                let same = dead & SUIT_MASKS[suit as usize].0;
                Card::from_id(same.trailing_zeros() as u8).unwrap_or(low)
            }
            _ => low,
        }
    }

    /// Whether `canonical` maps `c` to itself, without walking its run: the lowest dead
    /// loser of its suit, or a live card with no card just below it in its run (a run
    /// never mixes dead and live cards).
    #[inline]
    fn is_canonical(hand: CardSet, h: &Holdings, plain: CardSet, dead: u64, c: Card) -> bool {
        match c.suit() {
            Some(suit) if dead & c.bit() != 0 => {
                (dead & SUIT_MASKS[suit as usize].0).trailing_zeros() == c.id() as u32
            }
            _ => Self::next_in_run(hand, h, plain, c).is_none(),
        }
    }

    /// `Searchable::search_moves_into`: the legal moves, of each class of equivalent cards the
    /// lowest only.
    pub fn search_moves_into(&self, out: &mut Vec<Move>) {
        let Some(seat) = self.turn else { return };
        if !self.doubling.over {
            return self.legal_moves_into(out);
        }
        let hand = self.hands[seat as usize];
        let legal = self.legal_cards();
        if legal.len() == 1 {
            out.extend(legal.iter().map(Move::Card));
            return;
        }
        let h = self.holdings();
        let plain = self.plain_cards(&h, self.live_pairs(&h));
        let dead = self.dead_losers(seat, &h, plain, &self.beats_all_below());
        // A card is searched when it stands for its class (a run never mixes dead and
        // live cards: the bound below which cards are dead is a card in play, not ours).
        out.extend(
            legal
                .iter()
                .filter(|&c| Self::is_canonical(hand, &h, plain, dead, c))
                .map(Move::Card),
        );
    }

    /// `Searchable::representative`: the move of `search_moves_into` that stands for `mv`.
    pub fn representative(&self, mv: &Move) -> Move {
        match (*mv, self.turn) {
            (Move::Card(c), Some(seat)) if self.doubling.over && self.legal_cards().len() > 1 => {
                let hand = self.hands[seat as usize];
                let h = self.holdings();
                let plain = self.plain_cards(&h, self.live_pairs(&h));
                let dead = self.dead_losers(seat, &h, plain, &self.beats_all_below());
                Move::Card(self.canonical(hand, &h, plain, dead, c))
            }
            _ => *mv,
        }
    }

    /// The quint points the cards still in play can still make (fives, live pairs, the
    /// joker), and the cachette's while it is there: no side can score more quints.
    /// Each quint is one bit in its suit (the five's, or a pair's lower card's), so the
    /// points are the bits counted suit by suit at the suit's worth.
    pub(super) fn quints_left(&self, h: &Holdings, pairs: u64) -> u64 {
        let cachette = self.cachette_set().0;
        let cards = h.present.0 | cachette;
        let marks = pairs | pairs_within(cachette) | (cards & FIVES.0);
        let mut points = marked_quints(marks);
        if CardSet(cards).has_joker() {
            points += super::trick::JOKER_QUINT;
        }
        points
    }

    /// Whether a quint still to come could bring a side to the target (an early end).
    fn early_end_possible(&self, quints_left: u64) -> bool {
        quints_left > 0
            && self
                .scores
                .iter()
                .any(|&s| s.saturating_add(quints_left) >= self.rules.target)
    }

    /// The tricks not yet won, the cachette included while it is there.
    pub(super) fn tricks_left(&self) -> u64 {
        (TRICKS - self.played_len as usize / PLAYERS as usize) as u64
            + (self.cachette_len > 0) as u64
    }

    /// What a trick is worth at the count.
    pub(super) fn trick_value(&self) -> Value {
        (TRICK_POINTS * self.multiplier()) as Value
    }

    /// Side 0's quints this deal minus side 1's.
    pub(super) fn quint_lead(&self) -> Value {
        self.quints[0] as Value - self.quints[1] as Value
    }

    /// Side 0's quints and tricks won at their worth, less side 1's.
    fn banked(&self) -> Value {
        let tricks = self.tricks_won[0] as Value - self.tricks_won[1] as Value;
        self.quint_lead() + tricks * self.trick_value()
    }

    /// Whether a side's points this deal could pass 2**64-1, where they stop
    /// (docs/reference/game.md "The top of the range"): its quints and tricks so far, and every
    /// quint and trick still to come. Then a value is no longer what is banked plus what
    /// is still to come, so the solver gets no bounds and keys on the quints and tricks
    /// themselves (only positions given so, near the top of the range).
    fn may_saturate(&self, quints_left: u64) -> bool {
        let trick = TRICK_POINTS * self.multiplier();
        let to_come = quints_left.checked_add(self.tricks_left() * trick);
        (0..2).any(|s| {
            let so_far = self.quints[s].checked_add(self.tricks_won[s] as u64 * trick);
            so_far
                .zip(to_come)
                .and_then(|(a, b)| a.checked_add(b))
                .is_none()
        })
    }

    /// `Searchable::solver_bounds`: see `value_bounds`; the last trick, forced, is valued
    /// exactly (`last_trick_value`), both bounds equal. (By `solver_key_and_bounds`,
    /// which makes the key too: the tests' way in, not the solver's.)
    pub fn solver_bounds(&self) -> Option<(Value, Value)> {
        self.solver_key_and_bounds(|_| false).1
    }

    /// `Searchable::solver_key_and_bounds`: what the key and the bounds both read (who holds
    /// what, the live pairs, the quints left) is worked out once. The last trick, forced,
    /// is valued exactly, with no key.
    pub fn solver_key_and_bounds(
        &self,
        decided: impl FnOnce(&SolverKey) -> bool,
    ) -> (Option<SolverKey>, Option<(Value, Value)>) {
        if let Some(v) = self.last_trick_value() {
            return (None, Some((v, v)));
        }
        let h = self.holdings();
        let pairs = self.live_pairs(&h);
        let quints_left = self.quints_left(&h, pairs);
        let early = self.early_end_possible(quints_left);
        if self.may_saturate(quints_left) {
            return (Some(self.key_of(&h, pairs, quints_left, early, None)), None);
        }
        let banked = self.banked();
        let key = self.key_of(&h, pairs, quints_left, early, Some(banked));
        if decided(&key) {
            return (Some(key), None);
        }
        let bounds = self.value_bounds(&h, pairs, banked, quints_left, early);
        (Some(key), bounds)
    }

    /// `Searchable::solver_key`. The key: the cards still in play on relative ranks (per
    /// suit, who holds each in rank order: a seat's hand or the trick, by the seat that
    /// played it), which quints they can still make, the seat to act, the cards played,
    /// the doubling and whether the cachette is there. Banked: side 0's quints and tricks
    /// won at their worth, less side 1's. When a quint still to come could reach the
    /// target, the tricks won and how far each side is from the target are keyed too
    /// (an early end does not count the tricks).
    pub fn solver_key(&self) -> SolverKey {
        let h = self.holdings();
        let pairs = self.live_pairs(&h);
        let quints_left = self.quints_left(&h, pairs);
        let early = self.early_end_possible(quints_left);
        let banked = (!self.may_saturate(quints_left)).then(|| self.banked());
        self.key_of(&h, pairs, quints_left, early, banked)
    }

    /// `solver_key`, from what it reads: `quints_left` and `early` (whether a quint
    /// still to come could reach the target) as their methods give them, `banked` None
    /// where points may saturate (`may_saturate`: nothing banked, the quints and tricks
    /// keyed instead).
    fn key_of(
        &self,
        h: &Holdings,
        pairs: u64,
        quints_left: u64,
        early: bool,
        banked: Option<Value>,
    ) -> SolverKey {
        // Three bit planes of each card's holder, compressed over the cards in play.
        let plane0 =
            self.hands[1].0 | self.hands[3].0 | h.trick_by_seat[1].0 | h.trick_by_seat[3].0;
        let plane1 =
            self.hands[2].0 | self.hands[3].0 | h.trick_by_seat[2].0 | h.trick_by_seat[3].0;
        let plane2 = h.trick.0;
        // Dead losers, at a trick start: only how many of each suit each seat holds is
        // keyed (which ones, and where their ranks fall, changes no trick and no quint).
        let mut dead = [0u64; 4];
        if h.trick.is_empty() && self.doubling.over {
            let plain = self.plain_cards(h, pairs);
            let beats = self.beats_all_below();
            for (s, d) in dead.iter_mut().enumerate() {
                *d = self.dead_losers(s as u8, h, plain, &beats);
            }
        }
        let collapsed = dead[0] | dead[1] | dead[2] | dead[3];
        let mut counts = 0u64;
        for (s, &d) in dead.iter().enumerate() {
            for (suit, mask) in SUIT_MASKS.iter().enumerate() {
                counts |= ((d & mask.0).count_ones() as u64) << (16 * suit + 4 * s);
            }
        }
        let [p0, p1, p2] = compress(h.present.0 & !collapsed, [plane0, plane1, plane2]);
        // Per suit: how many cards are in play and which of them make quints.
        let mut suits = 0u64;
        for suit in 0..4 {
            let (ace_four, two_three) = pairs_of(pairs, suit);
            let m = ((h.present.0 & !collapsed) >> (13 * suit)) & 0x1FFF;
            let five = m & FIVE != 0;
            let five_at = (m & (TWO | THREE | FOUR)).count_ones() as u64;
            let four_at = (m & (TWO | THREE)).count_ones() as u64;
            let d = m.count_ones() as u64
                | (five as u64) << 4
                | (if five { five_at } else { 0 }) << 5
                | (ace_four as u64) << 7
                | (if ace_four { four_at } else { 0 }) << 8
                | (two_three as u64) << 10;
            suits |= d << (11 * suit);
        }
        let d = self.doubling;
        let small = self.turn.map_or(0xff, |t| t as u64)
            | ((self.played_len as u64) << 8)
            | ((self.cachette_len as u64) << 16)
            | ((self.bid_count as u64) << 24)
            | (d.doubled_by.map_or(3, |s| s as u64) << 32)
            | ((d.redoubled as u64) << 40)
            | ((d.over as u64) << 41)
            | ((self.dealer as u64) << 42)
            | ((h.present.has_joker() as u64) << 48);
        let mut key = mix_key(
            mix_key(mix_key(mix_key(mix_key(0, p0), p1), p2), suits),
            small,
        );
        key = mix_key(key, counts);
        if let (None, [q0, q1]) = (banked, self.quints) {
            key = mix_key(mix_key(key, q0), q1);
        }
        if early || banked.is_none() {
            let need = |s: usize| {
                self.rules
                    .target
                    .saturating_sub(self.scores[s])
                    .min(quints_left + 1)
            };
            key = mix_key(mix_key(key, need(0)), need(1));
            key = mix_key(
                key,
                self.tricks_won[0] as u64 | (self.tricks_won[1] as u64) << 8,
            );
        }
        SolverKey {
            key,
            banked: banked.unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compress_packs_the_masked_bits_down_in_order() {
        let mut rng = crate::rng::SplitMix64::new(11);
        for i in 0..2000 {
            // Sparse, dense and random masks, the ends included.
            let mask = match i % 4 {
                0 => rng.next_u64() & rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64(),
                2 => rng.next_u64(),
                _ => [0, u64::MAX, 1 << 63, 1][i / 4 % 4],
            };
            let planes = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
            let mut want = [0u64; 3];
            let mut k = 0;
            for bit in 0..64 {
                if mask >> bit & 1 == 1 {
                    for (w, p) in want.iter_mut().zip(planes) {
                        *w |= (p >> bit & 1) << k;
                    }
                    k += 1;
                }
            }
            assert_eq!(compress(mask, planes), want, "mask {mask:#x}");
        }
    }

    #[test]
    fn a_card_is_searched_exactly_when_its_run_walked_down_ends_on_it() {
        let (mut cards, mut left_out) = (0, 0);
        super::super::tests::each_first_deal_position(300, |g| {
            let (Some(seat), true) = (g.turn, g.doubling.over) else {
                return;
            };
            let hand = g.hands[seat as usize];
            let h = g.holdings();
            let plain = g.plain_cards(&h, g.live_pairs(&h));
            let dead = g.dead_losers(seat, &h, plain, &g.beats_all_below());
            for c in g.legal_cards().iter() {
                let walked = g.canonical(hand, &h, plain, dead, c) == c;
                assert_eq!(
                    Game::is_canonical(hand, &h, plain, dead, c),
                    walked,
                    "{c} in {g:?}"
                );
                cards += 1;
                left_out += !walked as u32;
            }
        });
        assert!(cards > 50_000 && left_out > 5_000, "{cards} {left_out}");
    }
}
