//! What search asks of a game beyond `State` (docs/explanation/search-and-fairness.md): copies that stop
//! at the deal's end, worlds dealt again for a seat and fitted to the play, and the exact
//! solver's hooks (its moves, their order, the table's key, bounds). Each family
//! implements it in its own folder; bots and search are written once over it.

use super::{Encoded, State};
use crate::rng::SplitMix64;

/// A game that search can play: `State`, its encodings (which a net reads), and the
/// hooks below.
pub trait Searchable: State + Encoded {
    /// The legal moves a search tries: of moves that lead to the same values whatever
    /// follows, one only (the family says which are alike; by default none are).
    fn search_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out)
    }
    /// The move of `search_moves_into` that stands for the legal move `mv`.
    fn representative(&self, mv: &Self::Move) -> Self::Move {
        *mv
    }

    /// The exact solver's move ordering of each of `moves`, appended to `out` (greater
    /// first, equal keys in the order of the moves): by default `greedy_key`; a family
    /// may break its ties, and read the position once for all the moves.
    #[inline]
    fn search_order_keys(&self, moves: &[Self::Move], out: &mut Vec<i64>) {
        out.extend(moves.iter().map(|mv| self.greedy_key(mv) as i64));
    }

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

    /// The exact solver's view of a position (docs/explanation/search-and-fairness.md,
    /// "What the table keys on"), two sides only: see `SolverKey`. By default `deal_key` and nothing
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

    /// A world for `seat` (docs/reference/search.md "Worlds"): a search copy in which every card
    /// the seat cannot see is dealt again from `rng`, consistent with what it saw, and
    /// the generator is new. It reads nothing of where the hidden cards really are.
    fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> Self;

    /// Whether the moves the seats other than `seat` made in this world (a game reached
    /// by play, or a world of one) fit greedy play (docs/reference/search.md "Worlds fitted to the
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

/// What the exact solver asks of a position of a two-sided deal (`Searchable::solver_key`).
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
