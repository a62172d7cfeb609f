//! A trick of quinte (docs/rules.md "Quinte, the trick game"): the card that wins it and the
//! quints in it. The game and the greedy bot both ask these, so they are written once.

use super::cards::{Card, CardSet, JOKER_SET};

/// Bits of a suit's 13 (bit r: rank r + 2).
pub(super) const TWO: u64 = 1;
pub(super) const THREE: u64 = 1 << 1;
pub(super) const FOUR: u64 = 1 << 2;
pub(super) const FIVE: u64 = 1 << 3;
/// Ranks 6 to King.
pub(super) const SIX_TO_KING: u64 = 0x0FF0;
/// One bit in each suit's lowest place: times a suit's bits, those bits in every suit.
pub(super) const EVERY_SUIT: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
pub(super) const TWOS: u64 = TWO * EVERY_SUIT;
pub(super) const FOURS: u64 = FOUR * EVERY_SUIT;

/// The joker, "Quint Royal".
pub const JOKER_QUINT: u64 = 25;
/// A quint of the lowest suit: each suit's quint is worth that times its place.
const QUINT_UNIT: u64 = 5;
/// A quint of each suit: spades 5, clubs 10, diamonds 15, hearts 20.
pub const QUINT_VALUES: [u64; 4] = [QUINT_UNIT, 2 * QUINT_UNIT, 3 * QUINT_UNIT, 4 * QUINT_UNIT];

/// The position, in play order, of the card that wins a trick: the highest card of the
/// highest suit is the highest id, and the joker never wins. None when every card is the
/// joker (a trick of the joker alone has no winner).
#[inline]
pub fn winner(cards: impl IntoIterator<Item = Card>) -> Option<usize> {
    let mut best: Option<(usize, u8)> = None;
    for (i, c) in cards.into_iter().enumerate() {
        if !c.is_joker() && best.is_none_or(|(_, id)| c.id() > id) {
            best = Some((i, c.id()));
        }
    }
    best.map(|(i, _)| i)
}

/// The suit a card shows its player lacks, played after `before` (the trick so far): the
/// suit to follow (that of the trick's first card that is not the joker) when the card is
/// of another suit and not the joker. The game keeps these as cards are played, and the
/// worlds read them back from a deal's tricks.
#[inline]
pub fn void_shown(before: &[Card], card: Card) -> Option<u8> {
    let follow = before.iter().find_map(|c| c.suit())?;
    card.suit().filter(|&s| s != follow).map(|_| follow)
}

/// The fives (rank 5 is the fourth of a suit: 2, 3, 4, 5, ...): of the suited cards, the
/// only ones that are a quint alone, each worth its suit's `QUINT_VALUES`, which rise with
/// the suit (a test holds `quints_in` to both).
pub const FIVES: CardSet = CardSet(FIVE * EVERY_SUIT);

/// The quint pairs (Ace and 4, 2 and 3 of a suit) both of whose cards are in `cards`,
/// each marked by the bit of its lower card (the 4, the 2).
#[inline]
pub(super) fn pairs_within(cards: u64) -> u64 {
    ((cards >> 10) & cards & FOURS) | ((cards >> 1) & cards & TWOS)
}

/// The points of quints marked one bit each in their suit (a five's bit, or a pair's as
/// `pairs_within` marks it): each suit's marks counted at its `QUINT_VALUES`.
#[inline]
pub(super) fn marked_quints(marks: u64) -> u64 {
    // A mark in suit s is counted once by each of the first s + 1 shifts.
    let places = marks.count_ones()
        + (marks >> 13).count_ones()
        + (marks >> 26).count_ones()
        + (marks >> 39).count_ones();
    QUINT_UNIT * places as u64
}

/// Quint points in a trick or in the cachette: each 5 a quint of its suit, an Ace with
/// a 4 of its suit one quint, a 2 with a 3 of its suit one quint, the joker 25.
#[inline]
pub fn quints_in(cards: CardSet) -> u64 {
    let marks = (cards.0 & FIVES.0) | pairs_within(cards.0);
    marked_quints(marks) + if cards.has_joker() { JOKER_QUINT } else { 0 }
}

/// The cards that would add a quint to `cards` (a trick so far): each five, the joker,
/// and the other card of each quint pair with one card in `cards`; none of `cards`.
/// What such a card adds is its `quint_value`, as `quints_in` counts it (a test holds
/// the two together).
#[inline]
pub fn quint_partners(cards: CardSet) -> CardSet {
    let c = cards.0;
    let pairs = (c & FOURS) << 10 | (c >> 10) & FOURS | (c >> 1) & TWOS | (c & TWOS) << 1;
    CardSet((FIVES.0 | JOKER_SET.0 | pairs) & !c)
}

/// A quint of the card's suit (`QUINT_VALUES`), or the joker's (`JOKER_QUINT`).
#[inline]
pub fn quint_value(card: Card) -> u64 {
    card.suit()
        .map_or(JOKER_QUINT, |s| QUINT_VALUES[s as usize])
}

#[cfg(test)]
mod tests {
    use super::super::cards::{FULL_DECK, JOKER_SET};
    use super::*;

    #[test]
    fn a_suited_card_alone_is_a_quint_only_if_a_five_worth_more_in_a_higher_suit() {
        let mut last = 0;
        for c in FULL_DECK.minus(JOKER_SET).iter() {
            let alone = quints_in(CardSet(c.bit()));
            assert_eq!(alone > 0, FIVES.contains(c), "{c}");
            if alone > 0 {
                assert!(alone > last, "{c}");
                last = alone;
            }
        }
        assert_eq!(FIVES.len(), 4);
    }

    #[test]
    fn a_quint_partner_adds_its_suits_quint_and_any_other_card_none() {
        let mut rng = crate::rng::SplitMix64::new(11);
        for _ in 0..3000 {
            // A trick so far, or any set of cards: up to 6 of them.
            let mut set = CardSet::EMPTY;
            for _ in 0..rng.below(7) {
                set.insert(Card::from_id(rng.below(53) as u8).unwrap());
            }
            let partners = quint_partners(set);
            for c in FULL_DECK.minus(set).iter() {
                let added = quints_in(set.union(CardSet(c.bit()))) - quints_in(set);
                let value = if partners.contains(c) {
                    quint_value(c)
                } else {
                    0
                };
                assert_eq!(added, value, "{set:?} {c}");
            }
            assert!(partners.intersect(set).is_empty());
        }
    }

    fn cards(texts: &[&str]) -> Vec<Card> {
        texts.iter().map(|t| Card::parse(t).unwrap()).collect()
    }

    #[test]
    fn the_highest_id_wins_and_the_joker_never() {
        assert_eq!(winner(cards(&["2s", "Ah", "JK", "Kh"])), Some(1));
        assert_eq!(winner(cards(&["JK", "3c"])), Some(1));
        assert_eq!(winner(cards(&["JK"])), None);
        assert_eq!(winner(cards(&[])), None);
    }

    #[test]
    fn a_card_off_the_suit_to_follow_shows_that_suit_lacking() {
        let shown = |before: &[&str], card: &str| void_shown(&cards(before), cards(&[card])[0]);
        let hearts = cards(&["2h"])[0].suit();
        assert_eq!(shown(&["5h"], "Ks"), hearts);
        assert_eq!(shown(&["JK", "5h"], "Ks"), hearts); // the joker led: the next card sets the suit
        assert_eq!(shown(&["5h"], "Kh"), None);
        assert_eq!(shown(&["5h"], "JK"), None); // the joker may always be played
        assert_eq!(shown(&[], "Ks"), None); // the leader follows no suit
        assert_eq!(shown(&["JK"], "Ks"), None);
    }
}
