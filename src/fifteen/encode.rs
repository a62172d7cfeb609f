//! The fifteen family's encodings (docs/reference/encodings.md "Encodings"): the observation vector of
//! one seat, and the action ids of its moves.
//!
//! Actions. A rule set whose every (card played, captured set) pair over the whole deck
//! fits in `FLAT_LIMIT` ids (quinza: 76,364; escoba: 84,488) gets one fixed id per pair:
//! card `c`'s block starts at `offset[c]`, its lay first, then its capture sets ranked in a
//! fixed order of the deck (below). rb3ine's pairs (141 million) do not fit: an id there
//! is `card * RANKED_SLOTS + rank`, the rank being the move's place among the position's
//! legal moves of that card (the lay, when there is one, is the only move: rank 0).

use super::{Game, Move, Observation, Rules};
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::encoding::{Encoded, Writer};
use crate::Error;
use std::sync::OnceLock;

/// The largest flat action space: beyond it the ids are ranked.
pub const FLAT_LIMIT: usize = 100_000;
/// Ranked ids (rb3ine): the moves of one card a position may have. Random play never came
/// near it (the most seen is in docs/reference/encodings.md "Encodings"); a built position with more
/// capture sets for one card is refused by the action encoding with a ValueError.
pub const RANKED_SLOTS: usize = 1024;
/// The counts of table cards a move's features tell apart (the last: that many or more).
const TABLE_COUNTS: usize = 7;
/// The ranks of a suit: a move's features say which could capture from the table it leaves.
const RANKS: usize = 10;

const ALL: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

/// Entries of the vector, in order; `names` and `encode` follow the same order.
pub fn len(r: &Rules) -> usize {
    let (n, s) = (r.players as usize, r.sides() as usize);
    DECK_SIZE * (3 + s) + n + 1 + 2 * s + 1 + 3 * n + 1 + s
}

fn seat_label(k: usize) -> String {
    format!("+{k}")
}

/// What every entry means; seats and sides are counted from the observing seat's own
/// (`+0`), in play order.
pub fn names(r: &Rules) -> Vec<String> {
    let (n, s) = (r.players as usize, r.sides() as usize);
    let mut out = Vec::with_capacity(len(r));
    let cards = |out: &mut Vec<String>, what: &str| {
        for id in 0..DECK_SIZE as u8 {
            out.push(format!("{what}:{}", Card::from_id(id).expect("id < 40")));
        }
    };
    cards(&mut out, "hand");
    cards(&mut out, "table");
    for k in 0..s {
        cards(&mut out, &format!("pile[{}]", seat_label(k)));
    }
    cards(&mut out, "unseen");
    let per = |out: &mut Vec<String>, what: &str, count: usize| {
        for k in 0..count {
            out.push(format!("{what}[{}]", seat_label(k)));
        }
    };
    per(&mut out, "hand_size", n);
    out.push("stock".into());
    per(&mut out, "escobas", s);
    per(&mut out, "score", s);
    out.push("deal_number".into());
    per(&mut out, "dealer", n);
    per(&mut out, "turn", n);
    per(&mut out, "last_capturer", n);
    out.push("over".into());
    per(&mut out, "winner", s);
    out
}

/// Write what `o.seat` may know into `out` (`len(&o.rules)` entries).
pub fn encode(o: &Observation, out: &mut [f32]) {
    let r = &o.rules;
    let (n, s) = (r.players, r.sides());
    let seat_of = |k: u8| (o.seat + k) % n;
    let own = r.side_of(o.seat);
    let side_of = |k: u8| (own + k) % s;
    let mut w = Writer::new(out);
    w.cards(o.hand.0, DECK_SIZE);
    w.cards(o.table.0, DECK_SIZE);
    let mut seen = o.hand.union(o.table);
    for k in 0..s {
        let pile = o.piles[side_of(k) as usize];
        seen = seen.union(pile);
        w.cards(pile.0, DECK_SIZE);
    }
    w.cards(ALL.minus(seen).0, DECK_SIZE);
    for k in 0..n {
        w.count(o.hand_sizes[seat_of(k) as usize] as u64);
    }
    w.count(o.stock as u64);
    for k in 0..s {
        w.count(o.escobas[side_of(k) as usize]);
    }
    for k in 0..s {
        w.ratio(o.scores[side_of(k) as usize], r.target);
    }
    w.count(o.deal_number);
    let relative = |seat: u8| (seat + n - o.seat % n) % n;
    w.one_hot(Some(relative(o.dealer)), n);
    w.one_hot(o.turn.map(relative), n);
    w.one_hot(o.last_capturer.map(relative), n);
    w.flag(o.turn.is_none());
    w.one_hot(o.winner.map(|side| (side + s - own) % s), s);
    w.done();
}

// -- actions -----------------------------------------------------------------------------

/// The flat ids of one rule set: `subsets[p][i][t]` counts the sets of cards with ids
/// `i..40`, the played card `p` left out, whose values add up to `t`.
pub struct Flat {
    offsets: [usize; DECK_SIZE + 1],
    subsets: Vec<[[u32; 16]; DECK_SIZE + 1]>,
    values: [u8; DECK_SIZE],
    total: u8,
}

impl Flat {
    /// None when the space is bigger than `FLAT_LIMIT` (or a total too big to count).
    fn new(values: &[u8; DECK_SIZE], total: u8) -> Option<Flat> {
        if total as usize >= 16 {
            return None;
        }
        let mut subsets = Vec::with_capacity(DECK_SIZE);
        let mut offsets = [0usize; DECK_SIZE + 1];
        for p in 0..DECK_SIZE {
            let mut t = [[0u32; 16]; DECK_SIZE + 1];
            t[DECK_SIZE][0] = 1;
            for i in (0..DECK_SIZE).rev() {
                for sum in 0..16 {
                    let mut c = t[i + 1][sum];
                    let v = values[i] as usize;
                    if i != p && v <= sum {
                        c += t[i + 1][sum - v];
                    }
                    t[i][sum] = c;
                }
            }
            let groups = t[0][(total - values[p]) as usize] as usize;
            offsets[p + 1] = offsets[p] + 1 + groups;
            subsets.push(t);
        }
        (offsets[DECK_SIZE] <= FLAT_LIMIT).then_some(Flat {
            offsets,
            subsets,
            values: *values,
            total,
        })
    }

    pub fn count(&self) -> usize {
        self.offsets[DECK_SIZE]
    }

    /// The id of a lay or of a capture whose set adds up to the total (a legal move).
    pub fn id(&self, mv: &Move) -> usize {
        let p = mv.card.id() as usize;
        if mv.is_lay() {
            return self.offsets[p];
        }
        // Sets are ranked deciding card by card in id order, "left out" before "taken".
        let t = &self.subsets[p];
        let mut need = (self.total - self.values[p]) as usize;
        let mut rank = 0;
        for c in mv.captures.iter() {
            let i = c.id() as usize;
            rank += t[i + 1][need] as usize;
            need -= self.values[i] as usize;
        }
        self.offsets[p] + 1 + rank
    }

    /// The move of an id below `count`.
    pub fn move_of(&self, action: usize) -> Move {
        let p = self.offsets.partition_point(|&o| o <= action) - 1;
        let card = Card::from_id(p as u8).expect("p < 40");
        let mut rank = action - self.offsets[p];
        if rank == 0 {
            return Move::lay(card);
        }
        rank -= 1;
        let t = &self.subsets[p];
        let mut need = (self.total - self.values[p]) as usize;
        let mut set = CardSet::EMPTY;
        for i in 0..DECK_SIZE {
            if need == 0 {
                break;
            }
            if i == p {
                continue;
            }
            let left_out = t[i + 1][need] as usize;
            if rank >= left_out {
                rank -= left_out;
                need -= self.values[i] as usize;
                set.insert(Card::from_id(i as u8).expect("i < 40"));
            }
        }
        Move::capture(card, set)
    }
}

/// The flat ids of a rule set, built once per row; None for a ranked rule set.
pub fn flat(r: &Rules) -> Option<&'static Flat> {
    static TABLES: [OnceLock<Option<Flat>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let row = super::rules::ROWS
        .iter()
        .position(|row| row.name == r.name())?;
    TABLES[row]
        .get_or_init(|| Flat::new(r.values_by_id(), r.capture_total()))
        .as_ref()
}

pub fn action_count(r: &Rules) -> usize {
    match flat(r) {
        Some(f) => f.count(),
        None => DECK_SIZE * RANKED_SLOTS,
    }
}

fn overflow(g: &Game, card: Card, moves: usize) -> Error {
    Error::Value(format!(
        "this position has {moves} moves with {card}, more than the {} ids per card of {}'s action encoding",
        RANKED_SLOTS,
        g.rules().name()
    ))
}

/// The rank of a legal move among the legal moves of its card (ranked rule sets).
fn rank(g: &Game, mv: &Move, moves: &[Move]) -> Result<usize, Error> {
    let same: Vec<&Move> = moves.iter().filter(|m| m.card == mv.card).collect();
    if same.len() > RANKED_SLOTS {
        return Err(overflow(g, mv.card, same.len()));
    }
    Ok(same
        .iter()
        .position(|m| *m == mv)
        .expect("a legal move is listed"))
}

/// The id of a legal move (the caller checked it is legal).
pub fn action_of(g: &Game, mv: &Move) -> Result<usize, Error> {
    match flat(g.rules()) {
        Some(f) => Ok(f.id(mv)),
        None => {
            let moves = crate::state::State::legal_moves(g);
            Ok(mv.card.id() as usize * RANKED_SLOTS + rank(g, mv, &moves)?)
        }
    }
}

/// The move of an id in range, if it is a legal move now.
pub fn move_of(g: &Game, action: usize) -> Result<Option<Move>, Error> {
    match flat(g.rules()) {
        Some(f) => {
            let mv = f.move_of(action);
            Ok(g.illegal_reason(&mv).is_none().then_some(mv))
        }
        None => {
            let card = Card::from_id((action / RANKED_SLOTS) as u8).expect("action in range");
            let moves = crate::state::State::legal_moves(g);
            let same: Vec<&Move> = moves.iter().filter(|m| m.card == card).collect();
            if same.len() > RANKED_SLOTS {
                return Err(overflow(g, card, same.len()));
            }
            Ok(same.get(action % RANKED_SLOTS).map(|m| **m))
        }
    }
}

/// The ids of the legal moves, in their order, into `ids`; a position beyond the
/// encoding's bounds is an error (and `ids` is then to be ignored).
pub fn legal_actions(g: &Game, ids: &mut Vec<usize>, moves: &mut Vec<Move>) -> Result<(), Error> {
    moves.clear();
    g.legal_moves_into(moves);
    match flat(g.rules()) {
        Some(f) => ids.extend(moves.iter().map(|mv| f.id(mv))),
        None => {
            let (mut card, mut k) = (None, 0);
            for mv in moves.iter() {
                k = if card == Some(mv.card) { k + 1 } else { 0 };
                card = Some(mv.card);
                if k >= RANKED_SLOTS {
                    let all = moves.iter().filter(|m| m.card == mv.card).count();
                    return Err(overflow(g, mv.card, all));
                }
                ids.push(mv.card.id() as usize * RANKED_SLOTS + k);
            }
        }
    }
    Ok(())
}

/// The fifteen family's encodings through the one interface (`crate::encode` dispatches).
impl Encoded for Game {
    fn observation_len(rules: &Rules) -> usize {
        len(rules)
    }
    fn observation_names(rules: &Rules) -> Vec<String> {
        names(rules)
    }
    fn encode(o: &Observation, out: &mut [f32]) {
        encode(o, out)
    }
    fn action_count(rules: &Rules) -> usize {
        action_count(rules)
    }
    fn action_of(&self, mv: &Move) -> Result<usize, Error> {
        action_of(self, mv)
    }
    fn move_of(&self, action: usize) -> Result<Option<Move>, Error> {
        move_of(self, action)
    }
    fn legal_actions(&self, ids: &mut Vec<usize>, moves: &mut Vec<Move>) -> Result<(), Error> {
        legal_actions(self, ids, moves)
    }
    /// Twice the deck (a card played, then a card captured), then the table a move leaves:
    /// its totals 0 to the capture total, its counts 0 to `TABLE_COUNTS - 1`, the ranks
    /// that could capture from it.
    fn move_feature_count(rules: &Rules) -> usize {
        2 * DECK_SIZE + rules.capture_total() as usize + 1 + TABLE_COUNTS + RANKS
    }
    /// The card played's id, `DECK_SIZE` + the id of each card captured, then the total
    /// (capped at the capture total: from there no one card sweeps) and the count (capped)
    /// of the table the move leaves, and each rank (a card id below `RANKS`) whose value
    /// and some of those cards make the capture total: what the next player may take is
    /// read there.
    fn move_features(&self, mv: &Move, out: &mut Vec<u32>) {
        out.push(mv.card.id() as u32);
        out.extend(
            mv.captures
                .iter()
                .map(|c| (DECK_SIZE + c.id() as usize) as u32),
        );
        let mut left = self.table.minus(mv.captures);
        if mv.captures.is_empty() {
            left.insert(mv.card);
        }
        let values = self.rules.values_by_id();
        let capture = self.rules.capture_total() as usize;
        let total: usize = left.iter().map(|c| values[c.id() as usize] as usize).sum();
        let count = (left.len() as usize).min(TABLE_COUNTS - 1);
        let tail = 2 * DECK_SIZE;
        out.push((tail + total.min(capture)) as u32);
        out.push((tail + capture + 1 + count) as u32);
        // Bit s of `sums`: some of the cards left make s (the capture total is below 64).
        let within = (1u64 << (capture + 1)) - 1;
        let sums = left
            .iter()
            .fold(1u64, |s, c| (s | s << values[c.id() as usize]) & within);
        let ranks = tail + capture + 1 + TABLE_COUNTS;
        for (r, &v) in values[..RANKS].iter().enumerate() {
            if sums >> (capture - v as usize) & 1 == 1 {
                out.push((ranks + r) as u32);
            }
        }
    }
}
