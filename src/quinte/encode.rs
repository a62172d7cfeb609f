//! Quinte's encodings (docs/reference/encodings.md "Encodings"): the observation vector of one seat,
//! and the action ids: a card is its id (0..52, the joker 52), a bid 53 + its place in
//! pass, double, redouble.

use super::cards::{Card, CardSet, DECK_SIZE, FULL_DECK};
use super::game::{current_trick, Phase};
use super::moves::{Bid, Move, BIDS};
use super::trick::{quints_in, winner};
use super::{Game, Observation, Rules};
use crate::encoding::{Encoded, Writer};
use crate::state::State;
use crate::Error;

const SEATS: u8 = 4;
const SIDES: u8 = 2;
pub const ACTION_COUNT: usize = DECK_SIZE + BIDS.len();
/// A card's move features after its action id: its place in the trick, whether it takes
/// the trick as it then stands and whether the mover's side does, and the trick's quint
/// points in fives (the last step: that many or more).
const PLACES: usize = 4;
const TAKES: usize = 2;
const QUINT_STEPS: usize = 10;
const QUINT_STEP: u64 = 5;

pub fn len() -> usize {
    DECK_SIZE * 9 + 16 + 4 + 1 + 3 + 12 + 1 + 1 + 2 + 2 + 2 + 1 + 4 + 4 + 4 + 1 + 2
}

pub fn names() -> Vec<String> {
    let mut out = Vec::with_capacity(len());
    let cards = |out: &mut Vec<String>, what: &str| {
        for id in 0..DECK_SIZE as u8 {
            out.push(format!("{what}:{}", Card::from_id(id).expect("id < 53")));
        }
    };
    let per = |out: &mut Vec<String>, what: &str, count: u8| {
        for k in 0..count {
            out.push(format!("{what}[+{k}]"));
        }
    };
    cards(&mut out, "hand");
    for k in 0..SEATS {
        cards(&mut out, &format!("trick[+{k}]"));
    }
    cards(&mut out, "played");
    for k in 0..SIDES {
        cards(&mut out, &format!("pile[+{k}]"));
    }
    cards(&mut out, "unseen");
    for k in 0..SEATS {
        for suit in crate::quinte::cards::SUIT_NAMES {
            out.push(format!("void[+{k}]:{suit}"));
        }
    }
    per(&mut out, "hand_size", SEATS);
    out.push("stock".into());
    for phase in [Phase::Doubling, Phase::Play, Phase::Over] {
        out.push(format!("phase:{}", phase.name()));
    }
    for k in 0..SEATS {
        for bid in BIDS {
            out.push(format!("bid[+{k}]:{bid}"));
        }
    }
    out.push("multiplier".into());
    out.push("trick_number".into());
    per(&mut out, "tricks_won", SIDES);
    per(&mut out, "quints", SIDES);
    per(&mut out, "score", SIDES);
    out.push("deal_number".into());
    per(&mut out, "dealer", SEATS);
    per(&mut out, "turn", SEATS);
    per(&mut out, "leader", SEATS);
    out.push("over".into());
    per(&mut out, "winner", SIDES);
    out
}

pub fn encode(o: &Observation, out: &mut [f32]) {
    let seat = o.seat % SEATS;
    let relative = |s: u8| (s + SEATS - seat) % SEATS;
    let own = seat % SIDES;
    let side_of = |k: u8| ((own + k) % SIDES) as usize;
    let leader = crate::quinte::game::leader_seat(o.last_capturer, o.dealer);
    let mut w = Writer::new(out);
    w.cards(o.hand.0, DECK_SIZE);
    let mut by_seat = [CardSet::EMPTY; 4];
    for (s, c) in o.trick() {
        by_seat[relative(s) as usize].insert(c);
    }
    for set in by_seat {
        w.cards(set.0, DECK_SIZE);
    }
    // The played set and the voids are kept by the game as cards are played: nothing here
    // walks the deal, so the cost is the same at every stage.
    let played = o.played_set;
    w.cards(played.0, DECK_SIZE);
    let mut seen = o.hand.union(played);
    for k in 0..SIDES {
        let pile = o.piles[side_of(k)];
        seen = seen.union(pile);
        w.cards(pile.0, DECK_SIZE);
    }
    w.cards(FULL_DECK.minus(seen).0, DECK_SIZE);
    for k in 0..SEATS {
        w.cards(o.voids[((seat + k) % SEATS) as usize] as u64, 4);
    }
    for k in 0..SEATS {
        w.count(o.hand_sizes[((seat + k) % SEATS) as usize] as u64);
    }
    w.count(o.stock as u64);
    let phase = match o.phase {
        Phase::Doubling => 0,
        Phase::Play => 1,
        Phase::Over => 2,
    };
    w.one_hot(Some(phase), 3);
    let mut bids = [None; 4];
    for (s, b) in o.bids() {
        bids[relative(s) as usize] = Some(b);
    }
    for b in bids {
        w.one_hot(b.map(bid_index), 3);
    }
    w.count(o.multiplier);
    w.count((o.played().len() as u64 / SEATS as u64 + 1).min(12));
    for k in 0..SIDES {
        w.count(o.tricks_won[side_of(k)] as u64);
    }
    for k in 0..SIDES {
        w.ratio(o.quints[side_of(k)], o.rules.target);
    }
    for k in 0..SIDES {
        w.ratio(o.scores[side_of(k)], o.rules.target);
    }
    w.count(o.deal_number);
    w.one_hot(Some(relative(o.dealer)), SEATS);
    w.one_hot(o.turn.map(relative), SEATS);
    w.one_hot(o.turn.map(|_| relative(leader)), SEATS);
    w.flag(o.turn.is_none());
    w.one_hot(o.winner.map(|side| (side + SIDES - own) % SIDES), SIDES);
    w.done();
}

fn bid_index(b: Bid) -> u8 {
    BIDS.iter().position(|x| *x == b).expect("a bid") as u8
}

pub fn action_of(mv: &Move) -> usize {
    match mv {
        Move::Card(c) => c.id() as usize,
        Move::Bid(b) => DECK_SIZE + bid_index(*b) as usize,
    }
}

/// The move of an id below `ACTION_COUNT`.
pub fn move_of(action: usize) -> Move {
    if action < DECK_SIZE {
        Move::Card(Card::from_id(action as u8).expect("id < 53"))
    } else {
        Move::Bid(BIDS[action - DECK_SIZE])
    }
}

/// Quinte's encodings through the one interface (`crate::encode` dispatches): one layout
/// and one action space for its one rule set.
impl Encoded for Game {
    fn observation_len(_: &Rules) -> usize {
        len()
    }
    fn observation_names(_: &Rules) -> Vec<String> {
        names()
    }
    fn encode(o: &Observation, out: &mut [f32]) {
        encode(o, out)
    }
    fn action_count(_: &Rules) -> usize {
        ACTION_COUNT
    }
    fn action_of(&self, mv: &Move) -> Result<usize, Error> {
        Ok(action_of(mv))
    }
    fn move_of(&self, action: usize) -> Result<Option<Move>, Error> {
        let mv = move_of(action);
        Ok(self.is_legal(&mv).then_some(mv))
    }
    fn legal_actions(&self, ids: &mut Vec<usize>, moves: &mut Vec<Move>) -> Result<(), Error> {
        moves.clear();
        self.legal_moves_into(moves);
        ids.extend(moves.iter().map(action_of));
        Ok(())
    }
    /// One feature a move: its action id.
    /// The action ids, then what a card does to the trick in progress.
    fn move_feature_count(_: &Rules) -> usize {
        ACTION_COUNT + PLACES + TAKES + QUINT_STEPS
    }
    /// The action id; for a card, then its place in the trick, whether it takes the trick
    /// as it then stands, whether the mover's side does, and the trick's quint points.
    fn move_features(&self, mv: &Move, out: &mut Vec<u32>) {
        out.push(action_of(mv) as u32);
        let Move::Card(card) = *mv else { return };
        let before = current_trick(&self.played[..self.played_len as usize]);
        let place = before.len();
        let cards = || before.iter().copied().chain(std::iter::once(card));
        let base = ACTION_COUNT;
        out.push((base + place) as u32);
        // None: the joker alone, which takes nothing
        if let Some(wins) = winner(cards()) {
            if wins == place {
                out.push((base + PLACES) as u32);
            }
            if (place - wins).is_multiple_of(2) {
                out.push((base + PLACES + 1) as u32);
            }
        }
        let quints = quints_in(CardSet::from_cards(cards())) / QUINT_STEP;
        out.push((base + PLACES + TAKES + (quints as usize).min(QUINT_STEPS - 1)) as u32);
    }
}
