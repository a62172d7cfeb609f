//! The one interface to a game of the core, whatever its family (OpenSpiel's `State` is
//! the model): whose turn it is, the legal moves, why a move is illegal, playing one, the
//! random move, the scores and the winner, and what one seat may know. Bots, simulation
//! and playouts are written once over it, and so are search, encodings and records.
//!
//! A family implements it in its own module (`fifteen`, `quinte`); `any::AnyGame` is the
//! closed enum of the families that the Python bindings hold.

use crate::rng::SplitMix64;
use crate::Error;

/// One finished deal, as every family records it.
pub trait Deal {
    fn deal_number(&self) -> u64;
    fn dealer(&self) -> u8;
    /// The points this deal added to the match, per side.
    fn points(&self) -> &[u64];
}

/// A whole match of one family: the state, the moves, the end.
pub trait State: Clone + Send + Sync + Sized {
    /// A validated rule set of the family.
    type Rules: Copy + Send + Sync;
    /// A move of the family, small and copied.
    type Move: Copy + Eq + std::fmt::Debug + std::fmt::Display + Send + Sync;
    /// What one seat may know: a value of fixed size, its cost flat over a match.
    type Observation: Clone;
    /// The record of a finished deal.
    type Deal: Deal;

    /// A new match: the generator starts at `seed` and the first deal is dealt.
    fn new(rules: Self::Rules, seed: u64) -> Self;
    fn rules(&self) -> &Self::Rules;
    fn players(rules: &Self::Rules) -> u8;
    fn sides(rules: &Self::Rules) -> u8;
    /// The side a seat plays for: partners 0+2 and 1+3 at 4 players.
    fn side_of(&self, seat: u8) -> u8;

    /// The seat to act, or None when the match is over.
    fn turn(&self) -> Option<u8>;
    #[inline]
    fn is_over(&self) -> bool {
        self.turn().is_none()
    }
    fn dealer(&self) -> u8;
    /// 1 for the first deal.
    fn deal_number(&self) -> u64;
    /// Match totals per side.
    fn scores(&self) -> &[u64];
    /// The side that won, or None (the match goes on, or ended in a draw).
    fn winner(&self) -> Option<u8>;
    /// The finished deals of the match, oldest first.
    fn deals(&self) -> &[Self::Deal];

    /// Appends every legal move to `out`, in the family's documented order.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }
    /// The legal moves a search tries: of moves that lead to the same values whatever
    /// follows, one only (the family says which are alike; by default none are).
    fn search_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out)
    }
    /// The move of `search_moves_into` that stands for the legal move `mv`.
    fn representative(&self, mv: &Self::Move) -> Self::Move {
        *mv
    }
    /// The number of legal moves (without listing them where the family can).
    fn count_legal_moves(&self) -> u64;
    /// Why a move is illegal (the family's checks, in their documented order), or None.
    fn illegal_reason(&self, mv: &Self::Move) -> Option<String>;
    #[inline]
    fn is_legal(&self, mv: &Self::Move) -> bool {
        self.illegal_reason(mv).is_none()
    }
    /// Play a move known to be legal; a finished deal is scored and the next one dealt.
    fn apply(&mut self, mv: Self::Move);
    /// Play a move for the seat to act; an illegal move is an error and changes nothing.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Error> {
        if let Some(reason) = self.illegal_reason(mv) {
            return Err(Error::Illegal(reason));
        }
        self.apply(*mv);
        Ok(())
    }
    /// The random player's move: `rng.below(number of legal moves)` picks in legal-move
    /// order (one draw, even for a single move); `buf` is room to list them in. A family
    /// may count instead of listing, as long as the pick is the same.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        buf.clear();
        self.legal_moves_into(buf);
        rng.pick(buf)
    }
    /// How much a move is worth right away (greater is better): the greedy bot's key,
    /// and a first guess for move ordering.
    fn greedy_key(&self, mv: &Self::Move) -> i32;

    /// The exact solver's move ordering of each of `moves`, appended to `out` (greater
    /// first, equal keys in the order of the moves): by default `greedy_key`; a family
    /// may break its ties, and read the position once for all the moves.
    #[inline]
    fn search_order_keys(&self, moves: &[Self::Move], out: &mut Vec<i64>) {
        out.extend(moves.iter().map(|mv| self.greedy_key(mv) as i64));
    }

    /// The greedy bot's move: the first legal move of greatest `greedy_key`; `buf` is
    /// room to list the moves in. A family may find it without listing, as long as the
    /// move is the same.
    #[inline]
    fn greedy_move(&self, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        buf.clear();
        self.legal_moves_into(buf);
        let mut best: Option<(i32, Self::Move)> = None;
        for mv in buf.iter() {
            let key = self.greedy_key(mv);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, *mv));
            }
        }
        best.map(|(_, m)| m)
    }

    /// What `seat` may know; `seat` must be a seat of the rules.
    fn observation(&self, seat: u8) -> Self::Observation;

    /// A copy for search: the deal in progress, the match totals and the generator as
    /// they are, without the records of the finished deals (`deals()` is empty, so a
    /// copy costs no allocation). Played on, it makes the same moves as `self` and its
    /// first record is the deal in progress, scored as `self` would score it; then no
    /// seat is to act, even where the match goes on: the next deal is not dealt (no
    /// search reads past the record, and dealing it cost a search a tenth of its time).
    fn search_copy(&self) -> Self;

    /// A hash of the deal in progress for the solver's transposition table: everything
    /// that can change the rest of this deal or its points (hands, table or trick,
    /// piles, counters, the seat to act, how far the stock or cachette is spent, the
    /// match totals where they can end the deal). Two positions of one deal with equal
    /// keys play on alike; the stock's and cachette's order is fixed for the deal, so
    /// their position stands for them. Not stable across versions.
    fn deal_key(&self) -> u64;

    /// The exact solver's view of a position (docs/engine.md "Search: the open-hand
    /// solver"), two sides only: see `SolverKey`. By default `deal_key` and nothing
    /// banked.
    #[inline]
    fn solver_key(&self) -> SolverKey {
        SolverKey {
            key: self.deal_key(),
            banked: 0,
        }
    }

    /// Bounds `(low, high)` on the final value of a two-sided deal (side 0's deal points
    /// minus side 1's) whatever is played from here (equal when the rest is forced), or
    /// None: the solver cuts where its window cannot be reached (asked where the table's
    /// entry does not settle the position). By default None.
    #[inline]
    fn solver_bounds(&self) -> Option<(Value, Value)> {
        None
    }

    /// `solver_key`, then `solver_bounds` unless `decided` finds that the table's entry
    /// for that key already settles the position (the solver then needs no bounds): one
    /// call, for a family whose two share their work. A family may give exact bounds alone,
    /// with no key (the rest of the deal forced). By default the two methods, `decided`
    /// asked only where there are bounds (a family without them is spared a probe).
    #[inline]
    fn solver_key_and_bounds(
        &self,
        decided: impl FnOnce(&SolverKey) -> bool,
    ) -> (Option<SolverKey>, Option<(Value, Value)>) {
        let key = self.solver_key();
        let bounds = self.solver_bounds().filter(|_| !decided(&key));
        (Some(key), bounds)
    }

    /// Whether the exact solver's table (two sides) keeps this position: keying and
    /// probing cost more than they save where positions seldom recur (a quinte trick in
    /// progress). By default every position.
    #[inline]
    fn solver_keeps(&self) -> bool {
        true
    }

    /// A whole number that divides every value of a deal (`solve`'s values): the
    /// solver's null-window tests step in it. By default 1.
    #[inline]
    fn value_unit(&self) -> u64 {
        1
    }

    /// A world for `seat` (docs/engine.md "Worlds"): a search copy in which every card
    /// the seat cannot see is dealt again from `rng`, consistent with what it saw, and
    /// the generator is new. It reads nothing of where the hidden cards really are.
    fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Self;

    /// Whether the moves the seats other than `seat` made in this world (a game reached
    /// by play, or a world of one) fit greedy play (docs/engine.md "Worlds fitted to the
    /// play"); with `first`, each move must be the greedy bot's own (the first of the
    /// greatest key in legal-move order). `buf` is room to list moves in. By default every world fits (quinte: its
    /// worlds already keep the voids the play showed).
    #[inline]
    fn fits_greedy(&self, _seat: u8, _first: bool, _buf: &mut Vec<Self::Move>) -> bool {
        true
    }

    /// The cards still to be played in the deal in progress: every hand, and the stock
    /// where the family deals one.
    fn cards_to_play(&self) -> u32;
}

/// What the exact solver asks of a position of a two-sided deal (`State::solver_key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverKey {
    /// The table key: two positions of one deal with equal keys have final values
    /// (side 0's deal points minus side 1's) that differ by exactly the difference of
    /// their `banked`, so that positions reached by different pasts share an entry. A
    /// family may key on less than `deal_key` (cards already played left out, ranks
    /// made relative).
    pub key: u64,
    /// Side 0's points already as good as scored, less side 1's.
    pub banked: Value,
}

/// A deal's value for the exact solver and the search bots: a difference of deal points
/// (side 0's less side 1's, or a side's less the best of the others'). Points are `u64`,
/// so a difference always fits, even at the top of their range.
pub type Value = i128;

/// How `str(game)` says a match ended, in both families: the winning side, or a draw.
pub fn match_over_text(winner: Option<u8>) -> String {
    match winner {
        Some(side) => format!("match over, side {side} wins"),
        None => "match over, a draw".to_string(),
    }
}

/// One step of `State::deal_key`: folds `x` into the hash `h` (SplitMix64's finaliser,
/// so that nearby states land far apart).
#[inline]
pub fn mix_key(h: u64, x: u64) -> u64 {
    let mut z = (h ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
