//! The greedy bot: the legal move of greatest `State::greedy_key` (the move worth most
//! right away), the first in legal-move order of equal keys. It draws nothing. The keys of
//! both families are here; each family's `State::greedy_key` is one of them.

use crate::cards::{CardSet, OROS};
use crate::fifteen::{Game, Move, Scoring};
use crate::quinte::trick;
use crate::state::State;

/// The greedy bot's move: the first legal move of greatest key; `buf` is room to list the
/// moves in.
#[inline]
pub fn choose<G: State>(g: &G, buf: &mut Vec<G::Move>) -> Option<G::Move> {
    g.greedy_move(buf)
}

/// Card points of quinza and rb3ine as the deal's scoring counts them: an Oros at its
/// gold points (the Ace 10), any other card 1.
#[inline]
fn card_points(set: CardSet) -> i32 {
    let (gold, other) = crate::fifteen::scoring::card_points(set);
    (gold + other) as i32
}

/// How much a move is worth right away to the greedy bot; the greatest key wins and the
/// first of equal keys in legal-move order is taken.
///
/// quinza / rb3ine: a capture is worth the card points of the played and captured cards;
/// a lay is worth minus the card points of the card laid (it is offered to the others).
///
/// escoba, compared in this order: the escoba the move scores (1 or 0), the 7 of Oros,
/// the number of Oros, the number of cards; a capture counts its cards positively, a
/// lay counts the card laid negatively. Packed into one integer, field by field: every
/// field below is smaller than half the unit of the one above it.
#[inline]
pub fn greedy_key(g: &Game, mv: &Move) -> i32 {
    let played = CardSet(mv.card.bit());
    if g.rules().row().scoring == Scoring::CardPoints {
        return if mv.is_lay() {
            -card_points(played)
        } else {
            card_points(played.union(mv.captures))
        };
    }
    let (cards, sign) = if mv.is_lay() {
        (played, -1)
    } else {
        (played.union(mv.captures), 1)
    };
    let hand_after = g.hand(g.turn().unwrap_or(0)).minus(played);
    let escoba = !mv.is_lay() && mv.captures == g.table() && g.clear_scores_escoba(hand_after);
    let seven = (cards.0 & crate::fifteen::scoring::SEVEN_OF_OROS != 0) as i32;
    let oros = cards.intersect(OROS).len() as i32;
    let count = cards.len() as i32;
    (escoba as i32) * (1 << 21) + sign * (seven * (1 << 14) + oros * (1 << 7) + count)
}

/// The fifteen family's greedy move: the moves keyed as they are enumerated, never
/// listed (what `State::greedy_move` would list and key, the same move).
#[inline]
pub fn fifteen_greedy_move(g: &Game) -> Option<Move> {
    let mut best: Option<(i32, Move)> = None;
    g.for_each_legal_move(|mv| {
        let key = greedy_key(g, &mv);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, mv));
        }
    });
    best.map(|(_, mv)| mv)
}

/// quinte: a bid is worth 0 (greedy passes: pass is listed first). A card is worth, with
/// the trick as it would stand after it, the trick's quint points plus 5 x multiplier:
/// positive when the card that would win it (the highest id that is not the joker) is
/// the player's side's, negative otherwise; a trick of the joker alone, minus its quints.
pub fn quinte_greedy_key(g: &crate::quinte::Game, mv: &crate::quinte::Move) -> i32 {
    let crate::quinte::Move::Card(card) = *mv else {
        return 0;
    };
    QuinteTrick::of(g).map_or(0, |t| t.key(t.quints(), card))
}

/// `quinte_greedy_key` of each of `moves`, the trick read once.
pub fn quinte_greedy_keys(
    g: &crate::quinte::Game,
    moves: &[crate::quinte::Move],
    mut each: impl FnMut(&crate::quinte::Move, i32),
) {
    let t = QuinteTrick::of(g);
    let quints = t.as_ref().map_or(0, |t| t.quints());
    for mv in moves {
        let key = match (*mv, &t) {
            (crate::quinte::Move::Card(card), Some(t)) => t.key(quints, card),
            _ => 0,
        };
        each(mv, key);
    }
}

/// quinte's greedy move without listing the moves: the trick is read once, and the first
/// legal card (in id order, the legal-move order) of greatest `quinte_greedy_key` found,
/// from what the keys depend on, else (where every card adds a quint to a trick the
/// other side takes) by keying each card. Bids are all worth 0: the first legal bid.
pub fn quinte_greedy_move(g: &crate::quinte::Game) -> Option<crate::quinte::Move> {
    let cards = g.legal_cards();
    if cards.is_empty() {
        let mut buf = Vec::new();
        g.legal_moves_into(&mut buf);
        return buf.first().copied();
    }
    if g.played_len.is_multiple_of(crate::quinte::rules::PLAYERS) && !cards.has_joker() {
        // A lead wins the trick so far whatever is led, so each key is the trick's points
        // and the card's own quints, which only a five has (`trick::FIVES`): the five of
        // the highest suit (the highest quint), else the first legal card (keys equal).
        let fives = cards.intersect(trick::FIVES);
        return fives
            .iter()
            .last()
            .or_else(|| cards.iter().next())
            .map(crate::quinte::Move::Card);
    }
    let t = QuinteTrick::of(g)?;
    if let Some(c) = t.follow_without_keys(cards) {
        return Some(crate::quinte::Move::Card(c));
    }
    let quints = t.quints();
    let mut choice: Option<(i32, crate::quinte::Card)> = None;
    for c in cards.iter() {
        let key = t.key(quints, c);
        if choice.is_none_or(|(k, _)| key > k) {
            choice = Some((key, c));
        }
    }
    choice.map(|(_, c)| crate::quinte::Move::Card(c))
}

/// The trick in progress as the seat to move finds it: what `quinte_greedy_key` needs to
/// key any card it may add.
struct QuinteTrick {
    me: u8,
    cards: crate::quinte::CardSet,
    /// The cards that would add a quint to the trick (`trick::quint_partners`).
    partners: crate::quinte::CardSet,
    /// The card that wins the trick so far and its seat (None: no card, or the joker alone).
    winning: Option<(crate::quinte::Card, u8)>,
    /// A trick's points: 5 x the multiplier.
    trick_points: i32,
}

impl QuinteTrick {
    #[inline]
    fn of(g: &crate::quinte::Game) -> Option<QuinteTrick> {
        use crate::quinte::CardSet as QSet;
        let me = g.turn()?;
        let mut cards = QSet::EMPTY;
        let mut winning = None;
        for (seat, c) in g.trick() {
            cards = cards.union(QSet(c.bit()));
            winning = Self::after(winning, c, seat);
        }
        Some(QuinteTrick {
            me,
            cards,
            partners: trick::quint_partners(cards),
            winning,
            trick_points: crate::quinte::game::TRICK_POINTS as i32 * g.multiplier() as i32,
        })
    }

    /// The winning card and seat once `c` is played by `seat` (trick::winner decides).
    fn after(
        winning: Option<(crate::quinte::Card, u8)>,
        c: crate::quinte::Card,
        seat: u8,
    ) -> Option<(crate::quinte::Card, u8)> {
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
    fn follow_without_keys(&self, legal: crate::quinte::CardSet) -> Option<crate::quinte::Card> {
        use crate::quinte::cards::{JOKER_SET, SUIT_MASKS};
        use crate::quinte::CardSet as QSet;
        let suited = legal.minus(JOKER_SET);
        let ours = match self.winning {
            None => suited, // the joker led alone: any suited card takes the trick
            Some(_) if legal.has_joker() && self.side_wins() => {
                return Some(crate::quinte::Card::JOKER);
            }
            Some(_) if self.side_wins() => suited,
            Some((w, _)) => suited.intersect(QSet(!((2u64 << w.id()) - 1))), // beat it
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
    fn key(&self, quints: i32, c: crate::quinte::Card) -> i32 {
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
    use crate::bots::{Bot, BotSpec};
    use crate::cards::Card;
    use crate::fifteen::{Position, Rules};

    fn cards(texts: &[&str]) -> Vec<Card> {
        texts.iter().map(|t| Card::parse(t).unwrap()).collect()
    }

    /// A position: the named cards where given, every other card in side 0's pile.
    fn position(name: &str, hands: &[&[&str]], table: &[&str]) -> Game {
        let rules = Rules::new(name, None, None).unwrap();
        let mut p = Position::new(rules);
        p.hands = hands.iter().map(|h| cards(h)).collect();
        p.table = cards(table);
        let mut named = CardSet::EMPTY;
        for c in p.hands.iter().flatten().chain(p.table.iter()) {
            named.insert(*c);
        }
        p.piles[0] = crate::cards::FULL_DECK.minus(named).iter().collect();
        p.dealer = 1;
        Game::from_position(p).unwrap()
    }

    /// `quinte_greedy_key` as its docs say it, the whole trick after the card at once.
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
    fn fifteen_greedy_move_is_the_first_listed_move_of_greatest_key() {
        let mut rng = crate::rng::SplitMix64::new(5);
        let mut buf = Vec::new();
        for (name, players) in [("quinza", 2), ("rb3ine", 2), ("escoba", 2), ("escoba", 4)] {
            let rules = Rules::new(name, Some(players), None).unwrap();
            for seed in 0..100 {
                let mut g = Game::new(rules, seed);
                while !g.is_over() && g.deal_number() < 2 {
                    buf.clear();
                    g.legal_moves_into(&mut buf);
                    let mut want: Option<(i32, Move)> = None;
                    for mv in &buf {
                        let k = greedy_key(&g, mv);
                        if want.is_none_or(|(b, _)| k > b) {
                            want = Some((k, *mv));
                        }
                    }
                    assert_eq!(fifteen_greedy_move(&g), want.map(|w| w.1), "{name} {seed}");
                    g.apply(buf[rng.below(buf.len() as u64) as usize]);
                }
            }
        }
    }

    #[test]
    fn quinte_greedy_move_is_the_first_move_of_greatest_key() {
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
                    assert_eq!(quinte_greedy_key(&g, mv), k, "seed {seed}");
                    if want.is_none_or(|(b, _)| k > b) {
                        want = Some((k, *mv));
                    }
                }
                assert_eq!(quinte_greedy_move(&g), want.map(|w| w.1), "seed {seed}");
                let mv = buf[rng.below(buf.len() as u64) as usize];
                g.apply(mv);
            }
        }
    }

    #[test]
    fn greedy_takes_the_most_card_points_in_quinza() {
        // 3o x 12c (3 gold + 1) is worth 4; 1o x 4c 10c (10 + 1 + 1) is worth 12.
        let g = position(
            "quinza",
            &[&["1o", "3o"], &["7b", "6b"]],
            &["4c", "10c", "12c"],
        );
        let mv = Bot::<Move>::new(BotSpec::Greedy, 0).choose(&g).unwrap();
        assert_eq!(mv.to_string(), "1o x 4c 10c");
    }

    #[test]
    fn greedy_lays_the_cheapest_card_and_ties_go_to_the_first_move() {
        // Nothing captures: laying 2c or 3c costs 1 point each, 12o costs 12: lay 2c (first).
        let g = position(
            "quinza",
            &[&["12o", "2c", "3c"], &["7b", "6b", "5b"]],
            &["11b"],
        );
        let mv = Bot::<Move>::new(BotSpec::Greedy, 0).choose(&g).unwrap();
        assert_eq!(mv.to_string(), "2c");
    }

    #[test]
    fn greedy_prefers_an_escoba_then_the_seven_of_oros_in_escoba() {
        // Escoba values: Sota (10) 8, Rey (12) 10. 10c x 7o takes the 7 of Oros; 1b x 7o 7c
        // clears the table: an escoba, which comes first.
        let g = position(
            "escoba",
            &[&["1b", "10c", "12c"], &["2b", "3b", "4b"]],
            &["7o", "7c"],
        );
        let mv = Bot::<Move>::new(BotSpec::Greedy, 0).choose(&g).unwrap();
        assert_eq!(mv.to_string(), "1b x 7o 7c");
        // 12c x 5e takes two cards, 10c x 7o two cards with the 7 of Oros.
        let g = position(
            "escoba",
            &[&["10c", "12c"], &["2b", "3b"]],
            &["7o", "5e", "6e"],
        );
        let mv = Bot::<Move>::new(BotSpec::Greedy, 0).choose(&g).unwrap();
        assert_eq!(mv.to_string(), "10c x 7o");
    }
}
