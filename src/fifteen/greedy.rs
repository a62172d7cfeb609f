//! The fifteen family's greedy key: how much a move is worth right away (the greedy
//! bot's choice, `State::greedy_key`, and the solver's first guess at move ordering),
//! and the greedy move found as the moves are enumerated.

use super::{Game, Move, Scoring};
use crate::cards::{CardSet, OROS};

/// Card points of quinza and rb3ine as the deal's scoring counts them: an Oros at its
/// gold points (the Ace 10), any other card 1.
#[inline]
fn card_points(set: CardSet) -> i32 {
    let (gold, other) = super::scoring::card_points(set);
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
    let seven = (cards.0 & super::scoring::SEVEN_OF_OROS != 0) as i32;
    let oros = cards.intersect(OROS).len() as i32;
    let count = cards.len() as i32;
    (escoba as i32) * (1 << 21) + sign * (seven * (1 << 14) + oros * (1 << 7) + count)
}

/// The fifteen family's greedy move: the moves keyed as they are enumerated, never
/// listed (what `State::greedy_move` would list and key, the same move).
#[inline]
pub fn greedy_move(g: &Game) -> Option<Move> {
    let mut best: Option<(i32, Move)> = None;
    g.for_each_legal_move(|mv| {
        let key = greedy_key(g, &mv);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, mv));
        }
    });
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::fifteen::{Position, Rules};
    use crate::state::State;

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

    #[test]
    fn the_greedy_move_is_the_first_listed_move_of_greatest_key() {
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
                    assert_eq!(greedy_move(&g), want.map(|w| w.1), "{name} {seed}");
                    g.apply(buf[rng.below(buf.len() as u64) as usize]);
                }
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
        let mv = greedy_move(&g).unwrap();
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
        let mv = greedy_move(&g).unwrap();
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
        let mv = greedy_move(&g).unwrap();
        assert_eq!(mv.to_string(), "1b x 7o 7c");
        // 12c x 5e takes two cards, 10c x 7o two cards with the 7 of Oros.
        let g = position(
            "escoba",
            &[&["10c", "12c"], &["2b", "3b"]],
            &["7o", "5e", "6e"],
        );
        let mv = greedy_move(&g).unwrap();
        assert_eq!(mv.to_string(), "10c x 7o");
    }
}
