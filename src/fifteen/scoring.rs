//! Scoring a deal (docs/rules.md, the scoring of each rule set) and the result record of a finished deal.

use super::rules::{Rules, Scoring, Setenta};
use crate::cards::{CardSet, OROS};

/// Per-side explanation of a deal's points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Details {
    /// quinza / rb3ine: Oros points and one point per other card.
    Points { gold: u64, other: u64 },
    /// escoba: one point per category won, plus the escobas.
    Escoba {
        cards: u64,
        oros: u64,
        seven_of_oros: u64,
        setenta: u64,
        escobas: u64,
    },
}

impl Details {
    /// The deal's points: the sum of the details, saturating at 2**64-1 (the top of the
    /// range, docs/reference/game.md).
    pub fn total(&self) -> u64 {
        let sum = |values: &[u64]| values.iter().fold(0u64, |s, v| s.saturating_add(*v));
        // No list of items here: this runs at every deal's end.
        match *self {
            Details::Points { gold, other } => sum(&[gold, other]),
            Details::Escoba {
                cards,
                oros,
                seven_of_oros,
                setenta,
                escobas,
            } => sum(&[cards, oros, seven_of_oros, setenta, escobas]),
        }
    }

    /// The details of a side that scored nothing.
    pub fn zero(scoring: Scoring) -> Details {
        match scoring {
            Scoring::Categories => Details::Escoba {
                cards: 0,
                oros: 0,
                seven_of_oros: 0,
                setenta: 0,
                escobas: 0,
            },
            Scoring::CardPoints => Details::Points { gold: 0, other: 0 },
        }
    }

    /// (key, value) pairs in the documented order.
    pub fn items(&self) -> Vec<(&'static str, u64)> {
        match *self {
            Details::Points { gold, other } => vec![("gold", gold), ("other", other)],
            Details::Escoba {
                cards,
                oros,
                seven_of_oros,
                setenta,
                escobas,
            } => vec![
                ("cards", cards),
                ("oros", oros),
                ("seven_of_oros", seven_of_oros),
                ("setenta", setenta),
                ("escobas", escobas),
            ],
        }
    }

    /// The key names of a scoring kind's details, in order.
    pub fn keys(scoring: Scoring) -> &'static [&'static str] {
        match scoring {
            Scoring::Categories => &["cards", "oros", "seven_of_oros", "setenta", "escobas"],
            Scoring::CardPoints => &["gold", "other"],
        }
    }

    /// Build details from values in the order of `keys(scoring)`.
    pub fn from_values(scoring: Scoring, v: &[u64]) -> Option<Details> {
        match scoring {
            Scoring::Categories => match *v {
                [cards, oros, seven_of_oros, setenta, escobas] => Some(Details::Escoba {
                    cards,
                    oros,
                    seven_of_oros,
                    setenta,
                    escobas,
                }),
                _ => None,
            },
            Scoring::CardPoints => match *v {
                [gold, other] => Some(Details::Points { gold, other }),
                _ => None,
            },
        }
    }
}

/// Everything about one finished deal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DealResult {
    pub deal_number: u64,
    pub dealer: u8,
    pub sides: u8,
    pub piles: [CardSet; 3],
    pub points: [u64; 3],
    pub details: [Details; 3],
    pub escobas: [u64; 3],
    pub last_capturer: Option<u8>,
}

/// Oros points by rank index: the printed number, except the Ace which scores 10.
pub const GOLD: [u64; 10] = [10, 2, 3, 4, 5, 6, 7, 10, 11, 12];

/// Setenta weights by rank index, `setenta = "prime"`: 7:8, 6:7, Ace:6, 5..2 face, figures 1.
const PRIME_WEIGHT: [u8; 10] = [6, 2, 3, 4, 5, 7, 8, 1, 1, 1];

/// Primiera values by rank index, `setenta = "sum"`: 7:21, 6:18, Ace:16, 5:15 .. 2:12, figures 10.
const SUM_WEIGHT: [u8; 10] = [16, 12, 13, 14, 15, 18, 21, 10, 10, 10];

/// The seven of Oros: id 6.
pub const SEVEN_OF_OROS: u64 = 1 << 6;

/// Quinza / rb3ine points of one pile.
#[inline]
pub fn card_points(pile: CardSet) -> (u64, u64) {
    let gold = pile
        .intersect(OROS)
        .iter()
        .map(|c| GOLD[c.rank_index() as usize])
        .sum();
    let other = pile.minus(OROS).len() as u64;
    (gold, other)
}

/// Best weight per suit under a weight table (0 for a suit with no card).
fn best_per_suit(pile: CardSet, weights: &[u8; 10]) -> [u8; 4] {
    let mut best = [0u8; 4];
    for c in pile.iter() {
        let w = weights[c.rank_index() as usize];
        let s = c.suit() as usize;
        if w > best[s] {
            best[s] = w;
        }
    }
    best
}

/// A comparable setenta key: for "prime" the four weights high to low, packed so that
/// comparing the integers compares the weights position by position; for "sum" the sum.
pub fn setenta_key(pile: CardSet, setenta: Setenta) -> u32 {
    match setenta {
        Setenta::Prime => {
            let mut b = best_per_suit(pile, &PRIME_WEIGHT);
            b.sort_unstable_by(|a, c| c.cmp(a));
            // one byte per position, first position most significant
            u32::from_be_bytes(b)
        }
        Setenta::Sum => best_per_suit(pile, &SUM_WEIGHT)
            .iter()
            .map(|&w| w as u32)
            .sum(),
    }
}

/// The index of the strictly largest key, or None on a tie at the top.
fn strict_best<T: Ord + Copy>(keys: &[T]) -> Option<usize> {
    let mut best = 0;
    let mut tie = false;
    for i in 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
            tie = false;
        } else if keys[i] == keys[best] {
            tie = true;
        }
    }
    if keys.is_empty() || tie {
        None
    } else {
        Some(best)
    }
}

/// Score the final piles of a deal (leftovers already given out).
pub fn score_deal(
    rules: &Rules,
    piles: &[CardSet; 3],
    escobas: &[u64; 3],
) -> ([u64; 3], [Details; 3]) {
    let sides = rules.sides() as usize;
    let scoring = rules.row().scoring;
    let zero = Details::zero(scoring);
    let mut details = [zero; 3];
    let mut points = [0u64; 3];
    match scoring {
        Scoring::CardPoints => {
            for s in 0..sides {
                let (gold, other) = card_points(piles[s]);
                details[s] = Details::Points { gold, other };
            }
        }
        Scoring::Categories => {
            // On the stack: a search scores a deal at the end of every playout.
            let (mut counts, mut oros, mut prime) = ([0u32; 3], [0u32; 3], [0u32; 3]);
            for s in 0..sides {
                counts[s] = piles[s].len();
                oros[s] = piles[s].intersect(OROS).len();
                prime[s] = setenta_key(piles[s], rules.setenta);
            }
            let most_cards = strict_best(&counts[..sides]);
            let most_oros = strict_best(&oros[..sides]);
            let best_prime = strict_best(&prime[..sides]);
            for s in 0..sides {
                details[s] = Details::Escoba {
                    cards: (most_cards == Some(s)) as u64,
                    oros: (most_oros == Some(s)) as u64,
                    seven_of_oros: (piles[s].0 & SEVEN_OF_OROS != 0) as u64,
                    setenta: (best_prime == Some(s)) as u64,
                    escobas: escobas[s],
                };
            }
        }
    }
    for s in 0..sides {
        points[s] = details[s].total();
    }
    (points, details)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, FULL_DECK};

    fn set(cards: &[&str]) -> CardSet {
        CardSet::from_cards(cards.iter().map(|t| Card::parse(t).unwrap()))
    }

    #[test]
    fn a_deal_hands_out_exactly_100_points() {
        // "Scoring a deal": 30 for the other suits + 70 of Oros = 100.
        let (g, o) = card_points(FULL_DECK);
        assert_eq!((g, o), (70, 30));
    }

    #[test]
    fn seed_example_22_cards_score_58() {
        // "Seed example: 22 cards with Ace, 2, 7, Sota and Rey of Oros score 41 + 17 = 58."
        let mut pile = set(&["1o", "2o", "7o", "10o", "12o"]);
        let others: Vec<Card> = FULL_DECK.minus(OROS).iter().take(17).collect();
        pile = pile.union(CardSet::from_cards(others));
        assert_eq!(pile.len(), 22);
        assert_eq!(card_points(pile), (41, 17));
    }

    #[test]
    fn setenta_prime_compares_sorted_weights_position_by_position() {
        // "So 7,7,7,none beats 6,6,6,6, and 7,7,A,A beats 7,6,6,6."
        let k = |c: &[&str]| setenta_key(set(c), Setenta::Prime);
        assert!(k(&["7o", "7c", "7e"]) > k(&["6o", "6c", "6e", "6b"]));
        assert!(k(&["7o", "7c", "1e", "1b"]) > k(&["7o", "6c", "6e", "6b"]));
        assert_eq!(k(&["10o", "11o"]), k(&["12c"]));
    }

    #[test]
    fn setenta_sum_is_the_classic_primiera() {
        // "Option setenta = sum": 7:21, 6:18, Ace:16, ..., figures 10, missing suit 0.
        let k = |c: &[&str]| setenta_key(set(c), Setenta::Sum);
        assert_eq!(k(&["7o", "7c", "7e"]), 63);
        assert_eq!(k(&["6o", "6c", "6e", "6b"]), 72);
        assert_eq!(k(&["1o", "2c", "12e", "5b"]), 16 + 12 + 10 + 15);
    }

    #[test]
    fn escoba_categories_tie_scores_for_no_one() {
        // "most cards captured (strictly more than every other side; a tie scores for no one)"
        let rules = Rules::new("escoba", None, None).unwrap();
        let a = set(&["7o", "1c", "2c"]);
        let b = set(&["1o", "2o", "3c"]);
        let (points, details) = score_deal(&rules, &[a, b, CardSet::EMPTY], &[1, 0, 0]);
        match details[0] {
            Details::Escoba {
                cards,
                oros,
                seven_of_oros,
                setenta,
                escobas,
            } => {
                assert_eq!(
                    (cards, oros, seven_of_oros, setenta, escobas),
                    (0, 0, 1, 1, 1)
                );
            }
            _ => panic!(),
        }
        // a: 7o and 1c give setenta [8,6,0,0] over b [6,3,0,0]; b has more oros (2 to 1)
        assert_eq!(points, [3, 1, 0]);
    }
}
