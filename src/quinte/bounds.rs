//! Bounds on a quinte deal's final value for the exact solver (docs/explanation/search-and-fairness.md,
//! Bounds): what is sure whatever is played from here.

use super::cards::{DECK_SIZE, JOKER_ID, SUIT_MASKS};
use super::equivalence::{pairs_of, Holdings};
use super::game::{quints_in, Game, TRICK_POINTS};
use super::moves::Move;
use super::rules::PLAYERS;
use super::trick::{JOKER_QUINT, QUINT_VALUES};
use crate::state::Value;

/// Every card but the joker, which never wins a trick.
const SUITED: u64 = !(1u64 << JOKER_ID);

/// The tricks `seat` is sure to win for its side: its cards in play (in hand or played to
/// the trick) that no card of the other side can beat. Each of its cards is in its own
/// trick and each card of the other side in one trick, so a card of the other side beats
/// at most one of them: from the highest down, a card of the seat is beaten only if a
/// higher card of the other side is left unmatched (a matching in which the other side
/// beats as many as it can). A partner's higher card wins the trick for the side too.
#[inline]
pub(super) fn sure_for_seat(own: u64, others: u64) -> i64 {
    let (mut rest, mut matched, mut sure) = (own & SUITED, 0u32, 0i64);
    let others = others & SUITED;
    while rest != 0 {
        let top = 63 - rest.leading_zeros();
        rest ^= 1u64 << top;
        // The other side's cards above this one (top < 63: the shift never overflows).
        let above = (others >> (top + 1)).count_ones();
        if above > matched {
            matched += 1;
            // A lower card has at least as many above it, and each card matches at most
            // one: once the other side's unmatched cards are as many as the seat's cards
            // left, each of those is matched too.
            if above - matched >= rest.count_ones() {
                break;
            }
        } else {
            sure += 1;
        }
    }
    sure
}

/// Whether a seat holding `hand`, still to play to a trick of the cards `trick` (the joker
/// left out) whose suit led is `led`, can beat them all: with a higher card of that suit,
/// or, void in it, with any higher card.
fn beaten_later(trick: u64, led: Option<u8>, hand: u64) -> bool {
    let (Some(top), Some(led)) = (trick.checked_ilog2(), led) else {
        return false;
    };
    let above = !((1u64 << top << 1) - 1) & SUITED;
    let suit = SUIT_MASKS[led as usize].0;
    if hand & suit != 0 {
        hand & suit & above != 0
    } else {
        hand & above != 0
    }
}

/// Whether `suit`'s five is still in play (a five is always played, so some side
/// scores it).
fn five_in_play(h: &Holdings, suit: usize) -> bool {
    h.present.0 >> (13 * suit + 3) & 1 != 0
}

/// The joker's quint while the joker is in play (it too is always played), else 0.
fn joker_in_play(h: &Holdings) -> u64 {
    if h.present.has_joker() {
        JOKER_QUINT
    } else {
        0
    }
}

impl Game {
    /// `Searchable::search_order_keys`: when following, the greedy key (what the trick so far
    /// gives the side; a card that would win it but that the next opponent can still
    /// beat counts as not winning), and of equal keys the lower card first (win cheaply,
    /// throw the least); a lead sure to win its trick (no opponent can beat it: each
    /// holds only lower cards of its suit, or, void in it, no higher card at all) before
    /// the other leads, of which those both opponents must follow come first; then the
    /// lower card (by id: the lower suit, then the lower rank).
    pub(super) fn search_order_keys(&self, moves: &[Move], out: &mut Vec<i64>) {
        let leading = self.played_len.is_multiple_of(PLAYERS);
        let seat = self.turn.unwrap_or(0) as usize;
        let opponents = [self.hands[(seat + 1) % 4].0, self.hands[(seat + 3) % 4].0];
        // Following second or third: the suit led so far, the trick's cards that can win
        // it, and the hand of the opponent still to play after this seat.
        let led = self.trick().find_map(|(_, c)| c.suit());
        let trick = self.trick().fold(0, |all, (_, c)| all | c.bit()) & SUITED;
        let next = (!leading && self.played_len % PLAYERS < 3).then_some(opponents[0]);
        let mut each = |mv: &Move, greedy: i32| {
            let Move::Card(c) = *mv else {
                return out.push(0); // a bid: no card to order
            };
            let mut key = (greedy as i64) << 8;
            if let (true, Some(suit)) = (leading, c.suit()) {
                let sure = opponents
                    .iter()
                    .all(|&o| !beaten_later(c.bit(), Some(suit), o));
                let suit = SUIT_MASKS[suit as usize].0;
                // Of the other leads, those both opponents must follow first: neither can
                // take the trick with a card of a higher suit, being void.
                let followed = opponents.iter().all(|&o| o & suit != 0);
                key |= (sure as i64) << 7 | ((!sure && followed) as i64) << 6;
            } else if greedy > 0
                && next
                    .is_some_and(|o| beaten_later(trick | (c.bit() & SUITED), led.or(c.suit()), o))
            {
                // A card that wins the trick for the side so far but that the next
                // opponent can still beat goes with the cards that do not win.
                key = 0;
            }
            // Then the lower card first: the lower suit, the lower rank.
            out.push(key | (63 - c.id() as i64));
        };
        // A lead's greedy key counts only the quint of the card led, which the lead mostly
        // gives away: leads are ordered without it (and it is not worked out).
        if leading {
            moves.iter().for_each(|mv| each(mv, 0));
        } else {
            super::greedy::greedy_keys(self, moves, each);
        }
    }

    /// The cards in play of each seat: its hand and its card in the trick.
    fn in_play(&self, h: &Holdings) -> [u64; 4] {
        let mut out = [0u64; 4];
        for (s, o) in out.iter_mut().enumerate() {
            *o = self.hands[s].0 | h.trick_by_seat[s].0;
        }
        out
    }

    /// The tricks each seat is sure to win for its side from here (`sure_for_seat`).
    pub(super) fn sure_by_seat(&self, h: &Holdings) -> [i64; 4] {
        let cards = self.in_play(h);
        let side = [cards[0] | cards[2], cards[1] | cards[3]];
        std::array::from_fn(|seat| sure_for_seat(cards[seat], side[1 - seat % 2]))
    }

    /// The quint points each side can still take (`quints_left` shared out): a quint
    /// goes to the side that wins the trick it is in, whose card in that trick is its
    /// highest (the 5, the pair's Ace or 3) or a higher one; a side that holds neither
    /// can never take it. The joker's may go to either side (the cachette's: `value_bounds`).
    pub(super) fn quints_open(&self, h: &Holdings, pairs: u64) -> ([u64; 2], [u64; 2]) {
        let cards = self.in_play(h);
        let side = [
            (cards[0] | cards[2]) & SUITED,
            (cards[1] | cards[3]) & SUITED,
        ];
        // Whether a side holds the card of id `top` or a higher one.
        let reach = |s: usize, top: u32| side[s] >> top != 0;
        let mut out = [0u64; 2];
        let mut sure = [0u64; 2];
        for (suit, &value) in QUINT_VALUES.iter().enumerate() {
            let (ace_four, two_three) = pairs_of(pairs, suit);
            let base = 13 * suit as u32;
            let five = five_in_play(h, suit);
            for (live, top) in [(five, 3), (ace_four, 12), (two_three, 1)] {
                if live {
                    for (s, o) in out.iter_mut().enumerate() {
                        if reach(s, base + top) {
                            *o += value;
                        }
                    }
                }
            }
            // A five is always played, so always scored: when one side cannot take it,
            // the other is sure of it.
            if five {
                let (r0, r1) = (reach(0, base + 3), reach(1, base + 3));
                if r0 != r1 {
                    sure[r1 as usize] += value;
                }
            }
        }
        let both = joker_in_play(h);
        ([out[0] + both, out[1] + both], sure)
    }

    /// At a trick start, per side, how many of its cards can still win a trick: not those
    /// below `wins_no_trick_below`, nor the joker. None mid-trick.
    pub(super) fn live_winners(&self) -> Option<[i64; 2]> {
        if !self.played_len.is_multiple_of(PLAYERS) {
            return None;
        }
        let mut out = [0i64; 2];
        for (seat, below) in self.wins_no_trick_below().into_iter().enumerate() {
            let mask = !((1u64 << below) - 1);
            out[seat % 2] += (self.hands[seat].0 & SUITED & mask).count_ones() as i64;
        }
        Some(out)
    }

    /// The cachette's quints while it is there.
    fn cachette_quints(&self) -> u64 {
        quints_in(self.cachette_set())
    }

    /// At a trick start, a seat that can keep the highest card in play (the joker aside)
    /// to the last trick, whatever the others play: it wins that trick and the cachette
    /// for its side. It holds no joker (so it never has to lead the highest card), and as
    /// many other cards of its suit as that suit can still be led by the others before the
    /// last trick (so it never has to follow with it). Its sure tricks (`sure_for_seat`)
    /// still hold, and the cachette is one more.
    pub(super) fn cachette_keeper(&self) -> Option<usize> {
        if !self.played_len.is_multiple_of(PLAYERS) || self.cachette_len == 0 {
            return None;
        }
        // At a trick start each hand holds one card per trick left.
        let before_last = self.hands[0].len().checked_sub(1).filter(|&n| n > 0)?;
        let all = self.hands.iter().fold(0, |a, h| a | h.0) & SUITED;
        let top = all.checked_ilog2()?;
        let seat = (0..PLAYERS as usize).find(|&s| self.hands[s].0 >> top & 1 != 0)?;
        let hand = self.hands[seat].0;
        if hand & !SUITED != 0 {
            return None;
        }
        let suit = SUIT_MASKS[top as usize / 13].0;
        let led_by_others = (all & !hand & suit).count_ones().min(before_last);
        if (hand & suit).count_ones() - 1 < led_by_others {
            return None;
        }
        Some(seat)
    }

    /// The exact final value (side 0's points less side 1's) when only the last trick,
    /// forced, is left to play (every hand holds at most one card), counted as
    /// `finish_trick` counts it but without playing it out (no copy, no next deal dealt):
    /// the highest card wins the trick and the cachette; the trick's quints, then the
    /// cachette's, are scored, and one that reaches the target ends the deal with no
    /// tricks counted.
    pub(super) fn last_trick_value(&self) -> Option<Value> {
        if !self.doubling.over || self.hands.iter().any(|hand| hand.len() > 1) {
            return None;
        }
        let mut trick = self.table();
        let mut holder = [None; DECK_SIZE];
        for (seat, c) in self.trick() {
            holder[c.id() as usize] = Some(seat);
        }
        for (seat, hand) in self.hands.iter().enumerate() {
            for c in hand.iter() {
                holder[c.id() as usize] = Some(seat as u8);
            }
            trick = trick.union(*hand);
        }
        let top = trick.0 & SUITED;
        if top == 0 {
            return None; // never: the last trick holds four cards, at most one the joker
        }
        let side = holder[63 - top.leading_zeros() as usize]? as usize % 2;
        let (mut quints, mut scores, mut tricks) = (self.quints, self.scores, self.tricks_won);
        let cachette = self.cachette_set();
        for cards in [trick, cachette] {
            let points = quints_in(cards);
            quints[side] = quints[side].saturating_add(points);
            scores[side] = scores[side].saturating_add(points);
            if points > 0 && scores[side] >= self.rules.target {
                return Some(quints[0] as Value - quints[1] as Value);
            }
            tricks[side] += 1;
        }
        let points = |s: usize| {
            let t = tricks[s] as u64 * TRICK_POINTS * self.multiplier();
            quints[s].saturating_add(t) as Value
        };
        Some(points(0) - points(1))
    }

    /// Bounds on the final value: every quint still to come going to one side or the
    /// other where it can (`quints_open`), the tricks left likewise but for those each
    /// side is sure of (`sure_by_seat`), and, where a quint could still reach the target, an early end
    /// that counts no tricks. (The last trick: `last_trick_value`.)
    pub(super) fn value_bounds(
        &self,
        h: &Holdings,
        pairs: u64,
        banked: Value,
        quints_left: u64,
        early: bool,
    ) -> Option<(Value, Value)> {
        if !self.doubling.over {
            return None;
        }
        let tricks_left = self.tricks_left() as i64;
        // A side is sure of the larger count of its two seats (their cards may share
        // tricks, so the counts do not add).
        let by_seat = self.sure_by_seat(h);
        let mut sure = [by_seat[0].max(by_seat[2]), by_seat[1].max(by_seat[3])];
        // The cachette's quints may go to either side, unless one side is sure to take
        // the last trick (and with it one more trick, the cachette).
        let cachette = self.cachette_quints() as i64;
        let mut takes_cachette = [cachette; 2];
        if let Some(seat) = self.cachette_keeper() {
            let side = seat % 2;
            takes_cachette[1 - side] = 0;
            sure[side] = sure[side].max(by_seat[seat] + 1);
        }
        // A side wins no more tricks than it holds cards that can still win one (and the
        // cachette with the last of them).
        let live = self.live_winners();
        if let Some(live) = live {
            for (s, &n) in live.iter().enumerate() {
                let most = if n == 0 {
                    0
                } else {
                    (n + (self.cachette_len > 0) as i64).min(tricks_left)
                };
                sure[1 - s] = sure[1 - s].max(tricks_left - most);
            }
        }
        // Side 0's tricks from here less side 1's: side 0 wins from sure[0] to
        // tricks_left - sure[1] of them.
        let low_t = 2 * sure[0] - tricks_left;
        let high_t = tricks_left - 2 * sure[1];
        let (mut open, mut sure_quints) = self.quints_open(h, pairs);
        debug_assert!(open[0].max(open[1]) <= quints_left);
        // A side that can win no trick takes no quint; the other takes every five, the
        // joker and the cachette.
        if let Some(live) = live {
            for s in 0..2 {
                if live[s] == 0 {
                    open[s] = 0;
                    takes_cachette[s] = 0;
                    let fives: u64 = (0..4)
                        .filter(|&suit| five_in_play(h, suit))
                        .map(|suit| QUINT_VALUES[suit])
                        .sum();
                    sure_quints[1 - s] = fives + joker_in_play(h) + cachette as u64;
                }
            }
        }
        let (q0, q1) = (
            open[0] as Value + takes_cachette[0] as Value,
            open[1] as Value + takes_cachette[1] as Value,
        );
        let t = self.trick_value();
        let (mut low, mut high) = (
            banked - q1 + sure_quints[0] as Value + low_t as Value * t,
            banked + q0 - sure_quints[1] as Value + high_t as Value * t,
        );
        if early {
            low = low.min(self.quint_lead() - q1);
            high = high.max(self.quint_lead() + q0);
        }
        Some((low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_sure_when_the_other_side_has_no_higher_card_left_to_spend() {
        // Bits stand for ranks, higher bits higher cards.
        assert_eq!(sure_for_seat(0b1000, 0b0111), 1);
        assert_eq!(sure_for_seat(0b1010, 0b0100), 1); // the 0b0100 beats the 0b0010
        assert_eq!(sure_for_seat(0b1011, 0b0100), 2);
        assert_eq!(sure_for_seat(0b0011, 0b1100), 0);
        assert_eq!(sure_for_seat(0b0101, 0b1010), 0);
        assert_eq!(sure_for_seat(0b0101, 0b1000), 1);
        assert_eq!(sure_for_seat(0, 0b1000), 0);
        // The joker never wins and never beats.
        let joker = 1u64 << JOKER_ID;
        assert_eq!(sure_for_seat(joker | 1, 0), 1);
        assert_eq!(sure_for_seat(1, joker), 1);
    }

    #[test]
    fn sure_cards_stop_being_counted_only_when_every_card_left_is_matched() {
        // The count card by card, from the highest down, with no early end.
        let plain = |own: u64, others: u64| {
            let (mut matched, mut sure) = (0, 0);
            let (own, others) = (own & SUITED, others & SUITED);
            for top in (0..DECK_SIZE as u32).rev().filter(|&t| (own >> t) & 1 != 0) {
                if (others >> (top + 1)).count_ones() > matched {
                    matched += 1;
                } else {
                    sure += 1;
                }
            }
            sure
        };
        let mut rng = crate::rng::SplitMix64::new(9);
        for _ in 0..20_000 {
            let deck = (1u64 << DECK_SIZE) - 1;
            let (a, b) = (rng.next_u64() & deck, rng.next_u64() & deck);
            // Sparse hands, as in play, and dense ones.
            let (own, others) = (a & rng.next_u64() & rng.next_u64(), b & !a & rng.next_u64());
            assert_eq!(
                sure_for_seat(own, others),
                plain(own, others),
                "{own:#x} {others:#x}"
            );
            assert_eq!(sure_for_seat(a, b & !a), plain(a, b & !a));
        }
    }
}
