//! Quinte's greedy key: how much a card is worth to the trick right away (the greedy
//! bot's choice, `State::greedy_key`, and a first guess at the solver's move ordering),
//! and the greedy move found from what the keys depend on, without keying every card.

use super::trick;
use super::{Card, CardSet, Game, Move};

/// quinte: a bid is worth 0 (greedy passes: pass is listed first). A card is worth, with
/// the trick as it would stand after it, the trick's quint points plus 5 x multiplier:
/// positive when the card that would win it (the highest id that is not the joker) is
/// the player's side's, negative otherwise; a trick of the joker alone, minus its quints.
pub fn greedy_key(g: &Game, mv: &Move) -> i32 {
    let Move::Card(card) = *mv else {
        return 0;
    };
    TrickSoFar::of(g).map_or(0, |t| t.key(t.quints(), card))
}

/// `greedy_key` of each of `moves`, the trick read once.
pub fn greedy_keys(g: &Game, moves: &[Move], mut each: impl FnMut(&Move, i32)) {
    let t = TrickSoFar::of(g);
    let quints = t.as_ref().map_or(0, |t| t.quints());
    for mv in moves {
        let key = match (*mv, &t) {
            (Move::Card(card), Some(t)) => t.key(quints, card),
            _ => 0,
        };
        each(mv, key);
    }
}

/// quinte's greedy move without listing the moves: the trick is read once, and the first
/// legal card (in id order, the legal-move order) of greatest `greedy_key` found,
/// from what the keys depend on, else (where every card adds a quint to a trick the
/// other side takes) by keying each card. Bids are all worth 0: the first legal bid.
pub fn greedy_move(g: &Game) -> Option<Move> {
    let cards = g.legal_cards();
    if cards.is_empty() {
        let mut buf = Vec::new();
        g.legal_moves_into(&mut buf);
        return buf.first().copied();
    }
    if g.played_len.is_multiple_of(super::rules::PLAYERS) && !cards.has_joker() {
        // A lead wins the trick so far whatever is led, so each key is the trick's points
        // and the card's own quints, which only a five has (`trick::FIVES`): the five of
        // the highest suit (the highest quint), else the first legal card (keys equal).
        let fives = cards.intersect(trick::FIVES);
        return fives
            .iter()
            .last()
            .or_else(|| cards.iter().next())
            .map(Move::Card);
    }
    let t = TrickSoFar::of(g)?;
    if let Some(c) = t.follow_without_keys(cards) {
        return Some(Move::Card(c));
    }
    let quints = t.quints();
    let mut choice: Option<(i32, Card)> = None;
    for c in cards.iter() {
        let key = t.key(quints, c);
        if choice.is_none_or(|(k, _)| key > k) {
            choice = Some((key, c));
        }
    }
    choice.map(|(_, c)| Move::Card(c))
}

/// The trick in progress as the seat to move finds it: what `greedy_key` needs to
/// key any card it may add.
struct TrickSoFar {
    me: u8,
    cards: CardSet,
    /// The cards that would add a quint to the trick (`trick::quint_partners`).
    partners: CardSet,
    /// The card that wins the trick so far and its seat (None: no card, or the joker alone).
    winning: Option<(Card, u8)>,
    /// A trick's points: 5 x the multiplier.
    trick_points: i32,
}

impl TrickSoFar {
    #[inline]
    fn of(g: &Game) -> Option<TrickSoFar> {
        let me = g.turn()?;
        let mut cards = CardSet::EMPTY;
        let mut winning = None;
        for (seat, c) in g.trick() {
            cards = cards.union(CardSet(c.bit()));
            winning = Self::after(winning, c, seat);
        }
        Some(TrickSoFar {
            me,
            cards,
            partners: trick::quint_partners(cards),
            winning,
            trick_points: super::game::TRICK_POINTS as i32 * g.multiplier() as i32,
        })
    }

    /// The winning card and seat once `c` is played by `seat` (trick::winner decides).
    fn after(winning: Option<(Card, u8)>, c: Card, seat: u8) -> Option<(Card, u8)> {
        match winning {
            None => trick::winner([c]).map(|_| (c, seat)),
            Some((w, s)) => Some(if trick::winner([w, c]) == Some(1) {
                (c, seat)
            } else {
                (w, s)
            }),
        }
    }

    /// The first following card of greatest key among `legal`, found from the sets the
    /// keys split the cards into; None when every card adds a quint to a trick the
    /// other side takes (then the keys must be compared). A card that leaves the trick
    /// to the player's side is worth the trick's points and quints, more than any card
    /// that leaves it to the other side (worth minus those), and the joker, which never
    /// wins, adds the largest quint (`JOKER_QUINT`, above every suit's): on the side's
    /// own trick the joker; else of the cards that leave the trick to the side, the
    /// first adding the highest quint (`QUINT_VALUES` rise with the suit), else the
    /// first; when none does, the first card adding no quint (the joker only alone).
    fn follow_without_keys(&self, legal: CardSet) -> Option<Card> {
        use super::cards::{JOKER_SET, SUIT_MASKS};
        let suited = legal.minus(JOKER_SET);
        let ours = match self.winning {
            None => suited, // the joker led alone: any suited card takes the trick
            Some(_) if legal.has_joker() && self.side_wins() => {
                return Some(Card::JOKER);
            }
            Some(_) if self.side_wins() => suited,
            Some((w, _)) => suited.intersect(CardSet(!((2u64 << w.id()) - 1))), // beat it
        };
        let adds = self.partners;
        if suited.is_empty() {
            return legal.first(); // the joker alone
        }
        if ours.is_empty() {
            return suited.minus(adds).first();
        }
        match ours.intersect(adds).iter().last().and_then(|c| c.suit()) {
            Some(suit) => ours
                .intersect(adds)
                .intersect(SUIT_MASKS[suit as usize])
                .first(),
            None => ours.first(),
        }
    }

    /// Whether the trick so far goes to the player's side.
    fn side_wins(&self) -> bool {
        self.winning.is_some_and(|(_, s)| s % 2 == self.me % 2)
    }

    /// The quint points of the trick so far: what `key` is given.
    fn quints(&self) -> i32 {
        trick::quints_in(self.cards) as i32
    }

    /// `c`'s key, given the trick's `quints` so far.
    fn key(&self, quints: i32, c: Card) -> i32 {
        let quints = quints + self.partners.contains(c) as i32 * trick::quint_value(c) as i32;
        match Self::after(self.winning, c, self.me) {
            None => -quints,
            Some((_, w)) if w % 2 == self.me % 2 => quints + self.trick_points,
            Some(_) => -(quints + self.trick_points),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::State;

    /// `greedy_key` as its docs say it, the whole trick after the card at once.
    fn plain_quinte_key(g: &crate::quinte::Game, mv: &crate::quinte::Move) -> i32 {
        use crate::quinte::{CardSet as QSet, Move as QMove};
        let (QMove::Card(card), Some(me)) = (*mv, g.turn()) else {
            return 0;
        };
        let trick: Vec<(u8, crate::quinte::Card)> =
            g.trick().chain(std::iter::once((me, card))).collect();
        let quints = trick::quints_in(QSet::from_cards(trick.iter().map(|t| t.1))) as i32;
        match trick::winner(trick.iter().map(|t| t.1)) {
            None => -quints,
            Some(i) => {
                let value =
                    quints + crate::quinte::game::TRICK_POINTS as i32 * g.multiplier() as i32;
                if trick[i].0 % 2 == me % 2 {
                    value
                } else {
                    -value
                }
            }
        }
    }

    #[test]
    fn the_greedy_move_is_the_first_move_of_greatest_key() {
        use crate::quinte::{Game as QGame, Rules as QRules};
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut buf = Vec::new();
        for seed in 0..300 {
            let mut g = QGame::new(QRules::new(250).unwrap(), seed);
            while !g.is_over() && g.deal_number() < 2 {
                buf.clear();
                g.legal_moves_into(&mut buf);
                let mut want: Option<(i32, crate::quinte::Move)> = None;
                for mv in &buf {
                    let k = plain_quinte_key(&g, mv);
                    assert_eq!(greedy_key(&g, mv), k, "seed {seed}");
                    if want.is_none_or(|(b, _)| k > b) {
                        want = Some((k, *mv));
                    }
                }
                assert_eq!(greedy_move(&g), want.map(|w| w.1), "seed {seed}");
                let mv = buf[rng.below(buf.len() as u64) as usize];
                g.apply(mv);
            }
        }
    }
}
