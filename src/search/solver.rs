//! The exact solver for open hands (docs/explanation/search-and-fairness.md "The open-hand solver"):
//! every card known, it gives the value of the deal in progress under best play and the
//! exact value of every legal move. Alpha-beta over `State`, once for every game, each
//! root move made exact by null-window searches (MTD(f)): a transposition table of
//! bounds keyed on `Searchable::solver_key` with two sides (values less the points banked, so
//! that different pasts share; the family's bounds cut where the window cannot be
//! reached) or `Searchable::deal_key` with three, moves tried best first (the table's move,
//! then `Searchable::search_order_keys`, by default the greedy key).
//!
//! The value is read from the deal's own record: the position is copied with
//! `Searchable::search_copy` (no records), so the first record that appears while playing on
//! is the deal in progress, scored as the game scores it. The side to move at the root
//! maximises its points minus the best points of the other sides; every other side
//! minimises that (with two sides: the plain zero-sum difference; with three: paranoid).

use super::root::RootWork;
use super::table::{self, Entry, Table, NO_MOVE};
use super::Choice;
use crate::state::{Deal, Searchable};
use crate::Error;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// A value: points of the root side minus the best of the others (`State`'s `Value`).
pub use crate::state::Value;

/// Below and above every value.
pub(super) const INF: Value = i128::MAX;

/// How often (in nodes) the clock and the stop callback are asked.
pub const CHECK_EVERY: u64 = 1024;

/// Root moves are made exact by null-window searches (MTD(f)) when more cards than this
/// are still to be played; a full window below.
pub(super) const MTDF_FROM: u32 = 8;

/// Threads share a solve only when more cards than this are still to be played: below,
/// two threads took longer than one (quinte up to 7 tricks left), starting a thread
/// costing what such a search does, and the second valuing in full a root move that one
/// thread only proves no better.
const THREADS_FROM: u32 = 28;

/// MTD(f)'s tests step up at most this many value units past the last lower bound.
const MTDF_MAX_STEP: Value = 8;

/// MTD(f)'s first guess searches this many moves below the root's first, then plays
/// out greedily.
const GUESS_DEPTH: usize = 12;

/// Enhanced transposition cutoffs are looked for where more cards than this are still
/// to be played (below, a search wrongly ordered costs less than the look).
const ETC_FROM: u32 = 16;

/// `ETC_FROM` as the search reads it; a test sets its own on its thread, to check the
/// cutoffs against the search without them.
#[cfg(not(test))]
#[inline]
fn etc_from() -> u32 {
    ETC_FROM
}

#[cfg(test)]
thread_local! {
    static TEST_ETC_FROM: std::cell::Cell<u32> = const { std::cell::Cell::new(ETC_FROM) };
}

#[cfg(test)]
fn etc_from() -> u32 {
    TEST_ETC_FROM.with(|c| c.get())
}

/// How far a search may go; None is no limit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// At most this many nodes (positions visited: the root and every position a move
    /// reaches, the ends of the deal included).
    pub max_nodes: Option<u64>,
    /// At most this many seconds (checked every `CHECK_EVERY` nodes).
    pub time_limit: Option<f64>,
    /// The time limit as the caller wrote it, for the message when it is reached (None:
    /// as Rust writes `time_limit`).
    pub time_limit_text: Option<String>,
}

/// What `solve` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The root's value: the first of `moves`.
    pub value: Value,
    /// Every legal move with its exact value for the side to move at the root, best
    /// first, equal values in legal-move order.
    pub moves: Vec<(M, Value)>,
    /// Positions visited.
    pub nodes: u64,
}

/// The message of a search that reached its node limit.
pub fn node_limit_message(max_nodes: u64) -> String {
    format!("the solver stopped at its limit of {max_nodes} nodes")
}

/// The message of a search that reached its time limit (`shown`: the limit as given).
pub fn time_limit_message(shown: &str) -> String {
    format!("the solver stopped at its time limit of {shown} seconds")
}

/// The message of a search stopped from outside (the callback of `solve_with`).
pub const INTERRUPTED: &str = "the solver was interrupted";

/// The message for a finished match.
pub const MATCH_OVER: &str = "the match is over: there is no deal to solve";

/// What `Solution::moves` holds (the `moves=` of `quinza.solve`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Moves {
    /// Every legal move with its exact value.
    #[default]
    All,
    /// One move, the one `All` lists first: the first legal move of the best value. The
    /// other moves are only proved no better, which costs less than valuing them.
    Best,
}

impl Choice for Moves {
    const ALL: &'static [Moves] = &[Moves::All, Moves::Best];

    fn name(self) -> &'static str {
        match self {
            Moves::All => "all",
            Moves::Best => "best",
        }
    }
}

/// How `solve` works beyond its limits: what `Solution::moves` holds, and on how many
/// threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    pub moves: Moves,
    /// Threads that share the root moves and one table (1: the calling thread alone).
    pub threads: usize,
}

impl Default for Ask {
    fn default() -> Ask {
        Ask {
            moves: Moves::All,
            threads: 1,
        }
    }
}

/// `solve_with` every move valued on one thread, with nothing to stop it but its limits.
pub fn solve<G: Searchable>(game: &G, limits: &Limits) -> Result<Solution<G::Move>, Error> {
    solve_with(game, limits, Ask::default(), &mut || false)
}

/// Solve the deal in progress of `game` under `limits`, as `ask` asks; `stop` is asked
/// (on the calling thread) every `CHECK_EVERY` nodes and ends the search (an
/// `INTERRUPTED` error) when it says true. A limit that is reached is an error; nothing
/// partial is returned.
pub fn solve_with<G: Searchable>(
    game: &G,
    limits: &Limits,
    ask: Ask,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Solution<G::Move>, Error> {
    if game.is_over() {
        return Err(Error::Value(MATCH_OVER.to_string()));
    }
    if limits.max_nodes == Some(0) {
        return Err(Error::Value(
            "max_nodes must be a positive whole number, not 0".to_string(),
        ));
    }
    if let Some(t) = limits.time_limit {
        if t.is_nan() || t <= 0.0 {
            return Err(Error::Value(format!(
                "time_limit must be a positive number of seconds, not {t}"
            )));
        }
    }
    let root = game.search_copy();
    let work = RootWork::new(&root, ask.moves, None, limits);
    // Threads pay in big searches only (`THREADS_FROM`).
    let threads = if root.cards_to_play() > THREADS_FROM {
        ask.threads.max(1)
    } else {
        1
    };
    let nodes = work.run(&root, threads, stop)?;
    let mut moves = work.answer(&root);
    // A stable sort: equal values keep their legal-move order.
    moves.sort_by_key(|m| std::cmp::Reverse(m.1));
    let value = moves.first().map_or(0, |m| m.1);
    Ok(Solution {
        value,
        moves,
        nodes,
    })
}

/// Every legal move with its value, in legal-move order, and the nodes visited.
pub type MoveValues<M> = (Vec<(M, Value)>, u64);

/// The value of every legal move of the deal in progress for the side to move, in
/// legal-move order, and the nodes visited, on the calling thread. `depth` None: exact
/// (the open-hand solver). `depth` Some(d): a depth-limited search (the pimc bot's,
/// docs/reference/search.md "pimc"): below each move, `d` more moves are searched and a position
/// reached after them is worth what a greedy playout to the end of the deal gives.
pub fn move_values<G: Searchable>(
    game: &G,
    depth: Option<usize>,
    limits: &Limits,
    stop: &mut dyn FnMut() -> bool,
) -> Result<MoveValues<G::Move>, Error> {
    let root = game.search_copy();
    let work = RootWork::new(&root, Moves::All, depth, limits);
    let nodes = work.run(&root, 1, stop)?;
    Ok((work.answer(&root), nodes))
}

/// A lower bound less `offset` as the table stores it (too low: none; too high: the
/// highest it holds, which is weaker).
#[inline]
fn stored_lower(bound: Value, offset: Value) -> i64 {
    if bound == -INF {
        return i64::MIN;
    }
    (bound - offset).clamp(i64::MIN as Value, (i64::MAX - 1) as Value) as i64
}

/// An upper bound less `offset` as the table stores it.
#[inline]
fn stored_upper(bound: Value, offset: Value) -> i64 {
    if bound == INF {
        return i64::MAX;
    }
    (bound - offset).clamp((i64::MIN + 1) as Value, i64::MAX as Value) as i64
}

/// A stored lower bound plus `offset`.
#[inline]
fn read_lower(stored: i64, offset: Value) -> Value {
    if stored == i64::MIN {
        -INF
    } else {
        stored as Value + offset
    }
}

/// A stored upper bound plus `offset`.
#[inline]
fn read_upper(stored: i64, offset: Value) -> Value {
    if stored == i64::MAX {
        INF
    } else {
        stored as Value + offset
    }
}

/// An entry's bounds plus `offset`.
#[inline]
fn entry_bounds(e: &Entry, offset: Value) -> (Value, Value) {
    (read_lower(e.lower, offset), read_upper(e.upper, offset))
}

/// The value a search in `alpha..beta` returns at once when its position's value is known
/// to lie in `low..=high`: exact, or out of the window (fail-soft: the bound on that side).
#[inline]
fn settled((low, high): (Value, Value), alpha: Value, beta: Value) -> Option<Value> {
    if high <= alpha || low == high {
        Some(high)
    } else if low >= beta {
        Some(low)
    } else {
        None
    }
}

/// Every seat plays the greedy bot's move until the deal in progress of `w` (a search
/// copy, played on in place) ends: its points are then its first record's.
pub fn greedy_playout<G: Searchable>(w: &mut G, buf: &mut Vec<G::Move>) {
    while w.deals().is_empty() {
        match w.greedy_move(buf) {
            Some(mv) => w.apply(mv),
            None => return, // never: an ended match has a record
        }
    }
}

/// The moves of one depth and the order to try them in (kept between nodes so that a
/// search allocates only while it goes deeper than before).
/// `side`'s value of a finished deal's points among `sides` sides: its points minus the
/// best of the others' (with two sides, the plain difference).
#[inline]
pub(crate) fn score(points: &[u64], side: u8, sides: u8) -> Value {
    let own = points.get(side as usize).copied().unwrap_or(0) as Value;
    let best_other = (0..sides as usize)
        .filter(|&s| s != side as usize)
        .map(|s| points.get(s).copied().unwrap_or(0))
        .max()
        .unwrap_or(0) as Value;
    own - best_other
}

struct Buffers<M> {
    moves: Vec<M>,
    keys: Vec<i64>,
    order: Vec<(i64, u16)>,
    /// Per move in `order`, what was read of the position it reaches before searching
    /// any (enhanced transposition cutoffs), for its search to read again.
    read: Vec<Option<Read>>,
}

/// What the table's key and the family's bounds say of a kept position (two sides,
/// exact), as the root side's values: read once, for a cutoff at its parent and for
/// its own search.
#[derive(Clone, Copy)]
struct Read {
    /// None: not worked out (the table's entry settled the position), or none known.
    bounds: Option<(Value, Value)>,
    /// The key and the banked points (None: the bounds are exact, the rest forced).
    key: Option<(u64, Value)>,
}

// By hand: the derive would ask `M: Default`, and moves have no default.
impl<M> Default for Buffers<M> {
    fn default() -> Self {
        Buffers {
            moves: Vec::new(),
            keys: Vec::new(),
            order: Vec::new(),
            read: Vec::new(),
        }
    }
}

/// Why a search stopped early.
pub(super) type Stopped = Error;

pub(super) struct Searcher<'a, M> {
    root_side: u8,
    sides: u8,
    /// Key on `Searchable::solver_key` with its banked points and bounds (else `deal_key`).
    sums: bool,
    /// None: exact; Some(h): a position at depth h is worth its greedy playout.
    horizon: Option<usize>,
    /// Every legal move searched, not one of each class of alike moves: alike moves have
    /// the same exact value but not the same greedy playout (a depth-limited search).
    every_move: bool,
    tt: Tables<'a>,
    pub(super) nodes: u64,
    limits: &'a Limits,
    /// With a node limit shared by threads: the nodes left to hand out, and how many of
    /// those this thread has taken and not yet visited.
    budget: Option<&'a AtomicU64>,
    taken: u64,
    deadline: Option<Instant>,
    pub(super) stop: &'a mut dyn FnMut() -> bool,
    buffers: Vec<Buffers<M>>,
    /// Room for the greedy playouts' moves.
    playout: Vec<M>,
}

impl<'a, M: Copy> Searcher<'a, M> {
    /// A search from `root` (a search copy with a seat to act), its root counted as a
    /// node; `depth` as `move_values` takes it.
    pub(super) fn new<G: Searchable<Move = M>>(
        root: &G,
        depth: Option<usize>,
        limits: &'a Limits,
        tt: Tables<'a>,
        budget: Option<&'a AtomicU64>,
        stop: &'a mut dyn FnMut() -> bool,
    ) -> Result<Self, Stopped> {
        let Some(seat) = root.turn() else {
            return Err(Error::Value(MATCH_OVER.to_string()));
        };
        let deadline = limits
            .time_limit
            .and_then(|t| Duration::try_from_secs_f64(t).ok())
            .and_then(|d| Instant::now().checked_add(d));
        let sides = G::sides(root.rules());
        let mut s = Searcher {
            root_side: root.side_of(seat),
            sides,
            // Banked points and bounds are sums: two sides only, and exact searches only.
            sums: sides == 2 && depth.is_none(),
            // The root's children are at depth 1; positions at `horizon` are played out.
            horizon: depth.map(|d| d + 1),
            every_move: depth.is_some(),
            tt,
            nodes: 0,
            limits,
            budget,
            taken: 0,
            deadline,
            stop,
            buffers: Vec::new(),
            playout: Vec::new(),
        };
        s.visit()?;
        Ok(s)
    }

    /// Count one node; stop at a limit.
    #[inline]
    fn visit(&mut self) -> Result<(), Stopped> {
        if let Some(max) = self.limits.max_nodes {
            let left = match self.budget {
                None => max - self.nodes.min(max),
                Some(budget) => {
                    if self.taken == 0 {
                        // A share of what is left, `CHECK_EVERY` nodes at a time.
                        let was = budget
                            .fetch_update(Relaxed, Relaxed, |b| Some(b - b.min(CHECK_EVERY)))
                            .unwrap_or(0);
                        self.taken = was.min(CHECK_EVERY);
                    }
                    let left = self.taken;
                    self.taken = self.taken.saturating_sub(1);
                    left
                }
            };
            if left == 0 {
                return Err(Error::Value(node_limit_message(max)));
            }
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if let (Some(deadline), Some(t)) = (self.deadline, self.limits.time_limit) {
                if Instant::now() >= deadline {
                    let shown = self.limits.time_limit_text.clone();
                    let shown = shown.unwrap_or_else(|| t.to_string());
                    return Err(Error::Value(time_limit_message(&shown)));
                }
            }
            if (self.stop)() {
                return Err(Error::Value(INTERRUPTED.to_string()));
            }
        }
        Ok(())
    }

    /// The root side's value of a finished deal's points.
    #[inline]
    fn score(&self, points: &[u64]) -> Value {
        score(points, self.root_side, self.sides)
    }

    /// Side 0's value (a difference of two sides' points) as the root side's.
    #[inline]
    fn oriented(&self, v: Value) -> Value {
        if self.root_side == 0 {
            v
        } else {
            -v
        }
    }

    /// MTD(f)'s first guess at the root's value: a shallow search (`GUESS_DEPTH` moves,
    /// then greedy playouts, as the pimc bot's, but one of each class of alike moves: a
    /// guess need not be exact) of the root's first search move (the first legal move,
    /// which is solved first: the lowest of its run). Its entries are keyed apart from
    /// the exact search's, so it has a table of its own.
    pub(super) fn first_guess<G: Searchable<Move = M>>(
        &mut self,
        root: &G,
    ) -> Result<Value, Stopped> {
        let mut moves = Vec::new();
        root.search_moves_into(&mut moves);
        let Some(&mv) = moves.first() else {
            return Ok(0);
        };
        let (sums, horizon) = (self.sums, self.horizon);
        self.sums = false;
        self.horizon = Some(GUESS_DEPTH + 1);
        let tt = std::mem::replace(&mut self.tt, Tables::Own(Table::new(table::START)));
        let mut child = root.clone();
        child.apply(mv);
        let v = self.value_of(&child, 1, -INF, INF);
        (self.sums, self.horizon, self.tt) = (sums, horizon, tt);
        v
    }

    /// The exact value of a position a root move reached, by null-window searches
    /// (MTD(f)) from `guess`: each proves a bound, and the table keeps what earlier
    /// ones proved.
    pub(super) fn mtdf<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        guess: Value,
    ) -> Result<Value, Stopped> {
        // Null-window tests, the first whether the value is at least the guess, each next
        // one past the bound the last one proved (fail-soft: often well past the guess).
        // Proving a root move's value at least a bound costs the most (every reply of the
        // other side is searched), proving it at most one reply: so while only lower bounds
        // are known the tests step up fast (2, 4, then 8 units of `Searchable::value_unit`) till
        // one fails, and from an upper bound they step down one unit at a time, so that one
        // costly lower bound is proved, at the value. (A first window about the guess alone,
        // both bounds proved in one search, took about 1.015 times the nodes.)
        let unit = g.value_unit() as Value;
        let (mut lower, mut upper) = (-INF, INF);
        let (mut beta, mut step) = (guess, 2 * unit);
        loop {
            let f = self.value_of(g, 1, beta - 1, beta)?;
            if f >= beta {
                lower = f;
            } else {
                upper = f;
            }
            if lower >= upper {
                break;
            }
            beta = if upper == INF {
                lower + step
            } else {
                upper + 1 - unit
            };
            step = (step * 2).min(MTDF_MAX_STEP * unit);
        }
        Ok(lower)
    }

    /// The value of a position a move just reached (counted as a node here).
    #[inline]
    pub(super) fn value_of<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, Stopped> {
        self.value_read(g, depth, alpha, beta, None)
    }

    /// `value_of`, with what its parent read of it already (`Read`).
    #[inline]
    fn value_read<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        depth: usize,
        alpha: Value,
        beta: Value,
        read: Option<Read>,
    ) -> Result<Value, Stopped> {
        self.visit()?;
        // The copy had no records: the first one is the deal in progress, ended.
        if let Some(deal) = g.deals().first() {
            return Ok(self.score(deal.points()));
        }
        if self.horizon.is_some_and(|h| depth >= h) {
            let mut w = g.clone();
            greedy_playout(&mut w, &mut self.playout);
            return Ok(w
                .deals()
                .first()
                .map_or(0, |deal| self.score(deal.points())));
        }
        self.search(g, depth, alpha, beta, read)
    }

    /// The table key of a position and its banked points, as the root side's.
    #[inline]
    fn key_of<G: Searchable<Move = M>>(&self, g: &G) -> (u64, Value) {
        let k = g.solver_key();
        (k.key, self.oriented(k.banked))
    }

    /// `key_of` a position, and the family's bounds on it unless the table's entry for
    /// that key already decides a search in `alpha..beta` (the value is exact, or out of
    /// the window), as the root side's values: in one call to the family, which shares
    /// the work of the two. (Asked the other way round, bounds first and the key only
    /// where they do not decide, the search took 1.05 times the nodes: an entry's bound,
    /// proved by a search, is mostly tighter than the family's, and a parent that fails
    /// soft on it gets more from it.)
    #[inline]
    fn read_of<G: Searchable<Move = M>>(&self, g: &G, alpha: Value, beta: Value) -> Read {
        let orient = |b: Option<(Value, Value)>| -> Option<(Value, Value)> {
            b.map(|(low, high)| {
                if self.root_side == 0 {
                    (low, high)
                } else {
                    (-high, -low)
                }
            })
        };
        let tt = self.tt.get();
        let (key, bounds) = g.solver_key_and_bounds(|k| {
            let offset = self.oriented(k.banked);
            tt.probe(k.key)
                .is_some_and(|e| settled(entry_bounds(&e, offset), alpha, beta).is_some())
        });
        Read {
            bounds: orient(bounds),
            key: key.map(|k| (k.key, self.oriented(k.banked))),
        }
    }

    /// Enhanced transposition cutoffs, where each move ends a trick (two sides, exact,
    /// at a position not kept whose children are): before any move is searched, the
    /// bounds and the table are read for every position a move reaches, and one that
    /// already proves a cutoff here ends the search, and so do moves none of which can
    /// reach the window (`Some` of the value; else what was read is kept for each move's
    /// own search). A cutoff found first by a later move spares searching the earlier
    /// ones.
    fn transposition_cutoff<G: Searchable<Move = M>>(
        &self,
        g: &G,
        buf: &mut Buffers<M>,
        maximising: bool,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        buf.read.clear();
        // The best any move can still give: when none reaches the window, neither does
        // this position.
        let mut most = if maximising { -INF } else { INF };
        for &(_, i) in &buf.order {
            let mut child = g.clone();
            child.apply(buf.moves[i as usize]);
            if !child.deals().is_empty() || !child.solver_keeps() {
                buf.read.clear();
                return None;
            }
            // No bounds where the table already settles the child in this window.
            let Read { bounds, key } = self.read_of(&child, alpha, beta);
            let (mut low, mut high) = bounds.unwrap_or((-INF, INF));
            if let Some((key, offset)) = key {
                if let Some(e) = self.tt.get().probe(key) {
                    let (lower, upper) = entry_bounds(&e, offset);
                    (low, high) = (low.max(lower), high.min(upper));
                }
            }
            if maximising && low >= beta {
                return Some(low);
            }
            if !maximising && high <= alpha {
                return Some(high);
            }
            most = if maximising {
                most.max(high)
            } else {
                most.min(low)
            };
            buf.read.push(Some(Read { bounds, key }));
        }
        let none_reaches = if maximising {
            most <= alpha
        } else {
            most >= beta
        };
        none_reaches.then_some(most)
    }

    /// Fail-soft alpha-beta: the exact value when it lies strictly inside
    /// `alpha..beta`, else a bound on the side of the window it fell.
    fn search<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        depth: usize,
        mut alpha: Value,
        mut beta: Value,
        read: Option<Read>,
    ) -> Result<Value, Stopped> {
        let Some(seat) = g.turn() else {
            return Ok(0); // never: a finished match has a record
        };
        // A depth-limited value depends on the depth left too. With two sides the table
        // holds values less the points banked (`offset`), so that positions whose pasts
        // differ share an entry.
        // With two sides, a family may keep only some positions in the table.
        let keep = !self.sums || self.horizon.is_some() || g.solver_keeps();
        let (key, offset) = match self.horizon {
            None if self.sums && !keep => (0, 0),
            None if self.sums => {
                let Read { bounds, key } = match read {
                    Some(r) => r,
                    None => self.read_of(g, alpha, beta),
                };
                if let Some(b) = bounds {
                    // Nothing played from here can bring the value into the window.
                    if let Some(v) = settled(b, alpha, beta) {
                        // Kept, so that the next visit reads them with the key (0.975-0.983
                        // of the instructions from quinte's first lead); with no key (the
                        // last trick, counted at once) not worth keeping.
                        if let Some((key, offset)) = key {
                            let known = self.tt.get().probe(key);
                            let (best, work) = known.map_or((NO_MOVE, 0), |e| (e.best, e.work));
                            self.store_joined((key, offset), b, known, best, work);
                        }
                        return Ok(v);
                    }
                }
                // None only where the bounds are exact (returned above).
                key.unwrap_or_else(|| self.key_of(g))
            }
            None => (g.deal_key(), 0),
            Some(h) => (crate::state::mix_key(g.deal_key(), (h - depth) as u64), 0),
        };
        let nodes_before = self.nodes;
        let mut tt_best = NO_MOVE;
        let found = if keep { self.tt.get().probe(key) } else { None };
        if let Some(entry) = found {
            let (known_lower, known_upper) = entry_bounds(&entry, offset);
            if let Some(v) = settled((known_lower, known_upper), alpha, beta) {
                return Ok(v);
            }
            alpha = alpha.max(known_lower);
            beta = beta.min(known_upper);
            tt_best = entry.best;
        }
        let maximising = g.side_of(seat) == self.root_side;

        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Buffers::default);
        }
        let mut buf = std::mem::take(&mut self.buffers[depth]);
        buf.moves.clear();
        if self.every_move {
            g.legal_moves_into(&mut buf.moves);
        } else {
            g.search_moves_into(&mut buf.moves);
        }
        buf.order.clear();
        buf.keys.clear();
        if buf.moves.len() == 1 {
            // A forced move: nothing to order.
            buf.order.push((0, 0));
        } else {
            g.search_order_keys(&buf.moves, &mut buf.keys);
            for (i, &key) in buf.keys.iter().enumerate() {
                // The table's move first, then the family's order key, greatest first (a
                // stable sort: equal keys in the order of the moves).
                let k = if i as u16 == tt_best { i64::MAX } else { key };
                buf.order.push((k, i as u16));
            }
            buf.order.sort_by_key(|o| std::cmp::Reverse(o.0));
        }

        buf.read.clear();
        if self.sums
            && self.horizon.is_none()
            && !keep
            && buf.order.len() > 1
            && g.cards_to_play() > etc_from()
        {
            if let Some(v) = self.transposition_cutoff(g, &mut buf, maximising, alpha, beta) {
                self.buffers[depth] = buf;
                return Ok(v);
            }
        }
        let (a0, b0) = (alpha, beta);
        let mut best = if maximising { -INF } else { INF };
        let mut best_move = NO_MOVE;
        let mut result = Ok(());
        for (k, &(_, i)) in buf.order.iter().enumerate() {
            let mut child = g.clone();
            child.apply(buf.moves[i as usize]);
            let read = buf.read.get(k).copied().flatten();
            let v = match self.value_read(&child, depth + 1, alpha, beta, read) {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if maximising {
                if v > best {
                    best = v;
                    best_move = i;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = i;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[depth] = buf;
        result?;

        if !keep {
            return Ok(best);
        }
        // What this search proved.
        let proved = if best <= a0 {
            (-INF, best)
        } else if best >= b0 {
            (best, INF)
        } else {
            (best, best)
        };
        let work = (self.nodes - nodes_before).min(u32::MAX as u64) as u32;
        self.store_joined((key, offset), proved, found, best_move, work);
        Ok(best)
    }

    /// Store bounds proved on a position (`key` and its banked points `offset`), joined
    /// with what the table knew of it (`known`), with its best move and work.
    fn store_joined(
        &mut self,
        (key, offset): (u64, Value),
        (mut lower, mut upper): (Value, Value),
        known: Option<Entry>,
        best: u16,
        work: u32,
    ) {
        if let Some(e) = known {
            let (known_lower, known_upper) = entry_bounds(&e, offset);
            (lower, upper) = (lower.max(known_lower), upper.min(known_upper));
        }
        self.store(Entry {
            key,
            lower: stored_lower(lower, offset),
            upper: stored_upper(upper, offset),
            best,
            work,
        });
    }

    fn store(&mut self, entry: Entry) {
        self.tt.get().place(entry);
        // Only a table of one thread grows (threads share one made at once, `shared_slots`).
        if let Tables::Own(t) = &mut self.tt {
            if t.wants_to_grow() {
                *t = t.grown();
            }
        }
    }
}

/// The table of one search: its own, or one shared by the threads of a solve.
pub(super) enum Tables<'a> {
    Own(Table),
    Shared(&'a Table),
}

impl Tables<'_> {
    #[inline]
    fn get(&self) -> &Table {
        match self {
            Tables::Own(t) => t,
            Tables::Shared(t) => t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::{fifteen, quinte};

    /// Plain minimax with the same objective: no table, no ordering, no pruning.
    /// The oracle's value of the position a move reached: the deal's record when it ended
    /// there, else plain minimax on (written apart from the solver's own scoring).
    fn leaf_value<G: Searchable>(c: &G, root_side: u8) -> Value {
        match c.deals().first() {
            Some(d) => {
                let p = d.points();
                let other = (0..p.len())
                    .filter(|&s| s != root_side as usize)
                    .map(|s| p[s])
                    .max()
                    .unwrap();
                p[root_side as usize] as Value - other as Value
            }
            None => minimax(c, root_side),
        }
    }

    fn minimax<G: Searchable>(g: &G, root_side: u8) -> Value {
        let maximising = g.side_of(g.turn().unwrap()) == root_side;
        let values = g.legal_moves().into_iter().map(|mv| {
            let mut c = g.clone();
            c.apply(mv);
            leaf_value(&c, root_side)
        });
        if maximising {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// Random play until at most `left` moves of the deal remain (by cards in hands and
    /// stock), from a match of `rules` at `seed`.
    fn near_end<G: Searchable>(rules: G::Rules, seed: u64, cards_left: impl Fn(&G) -> usize) -> G {
        let mut g = G::new(rules, seed);
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        let mut buf = Vec::new();
        let deal = g.deal_number();
        while cards_left(&g) > 0 {
            let mv = g.random_move(&mut rng, &mut buf).unwrap();
            let mut next = g.clone();
            next.apply(mv);
            if next.deal_number() != deal || next.is_over() {
                break;
            }
            g = next;
        }
        g
    }

    fn check_against_minimax<G: Searchable>(g: &G) {
        let root = g.search_copy();
        let side = g.side_of(g.turn().unwrap());
        let s = solve(g, &Limits::default()).unwrap();
        let want: Vec<Value> = root
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut c = root.clone();
                c.apply(mv);
                leaf_value(&c, side)
            })
            .collect();
        let mut got: Vec<(G::Move, Value)> = root.legal_moves().into_iter().zip(want).collect();
        got.sort_by_key(|m| std::cmp::Reverse(m.1));
        assert_eq!(s.moves, got);
        assert_eq!(s.value, got[0].1);
        // The best move alone: the first of them all, for fewer nodes.
        let best = Ask {
            moves: Moves::Best,
            threads: 1,
        };
        let b = solve_with(g, &Limits::default(), best, &mut || false).unwrap();
        assert_eq!((b.value, b.moves), (got[0].1, vec![got[0]]));
    }

    #[test]
    fn fifteen_values_equal_plain_minimax() {
        for name in ["quinza", "rb3ine", "escoba"] {
            for players in [2i64, 3, 4] {
                let rules = fifteen::Rules::new(name, Some(players), None).unwrap();
                for seed in 0..12u64 {
                    let g: fifteen::Game = near_end(rules, seed, |g: &fifteen::Game| {
                        let hands: usize =
                            (0..players as u8).map(|s| g.hand(s).len() as usize).sum();
                        (hands + g.stock_len()).saturating_sub(6)
                    });
                    check_against_minimax(&g);
                }
            }
        }
    }

    #[test]
    fn quinte_values_equal_plain_minimax() {
        for seed in 0..16u64 {
            // A low target ends some deals early at a quint.
            let target = if seed % 2 == 0 { 250 } else { 25 };
            let rules = quinte::Rules::new(target).unwrap();
            let g: quinte::Game = near_end(rules, seed, |g: &quinte::Game| {
                (0..4)
                    .map(|s| g.hand(s).len() as usize)
                    .sum::<usize>()
                    .saturating_sub(7)
            });
            check_against_minimax(&g);
        }
    }

    /// A quinte deal after four passes, played by greedy until `tricks` tricks are left.
    fn quinte_with(seed: u64, tricks: usize) -> quinte::Game {
        let mut g = quinte::Game::new(quinte::Rules::new(250).unwrap(), seed);
        for _ in 0..4 {
            g.apply(quinte::Move::Bid(quinte::Bid::Pass));
        }
        while g.hands.iter().map(|h| h.len() as usize).sum::<usize>() > 4 * tricks {
            g.apply(crate::quinte::greedy::greedy_move(&g).unwrap());
        }
        g
    }

    fn solved<G: Searchable>(g: &G, moves: Moves, threads: usize) -> Solution<G::Move> {
        solve_with(g, &Limits::default(), Ask { moves, threads }, &mut || false).unwrap()
    }

    #[test]
    fn threads_give_the_same_values_and_moves() {
        // Big enough for threads: quinte from 8 and 9 tricks, and whole 2-player deals of
        // the fifteen family from their first move.
        let mut checked = 0;
        for seed in 0..6u64 {
            let q = quinte_with(seed, 8 + seed as usize % 2);
            let rules = fifteen::Rules::new(["quinza", "escoba"][seed as usize % 2], None, None);
            let f = fifteen::Game::new(rules.unwrap(), seed);
            assert!(q.cards_to_play().min(f.cards_to_play()) > THREADS_FROM);
            for moves in [Moves::All, Moves::Best] {
                let one = solved(&q, moves, 1);
                for threads in [2, 3] {
                    let many = solved(&q, moves, threads);
                    assert_eq!((many.value, &many.moves), (one.value, &one.moves));
                }
                let one = solved(&f, moves, 1);
                let many = solved(&f, moves, 2);
                assert_eq!((many.value, &many.moves), (one.value, &one.moves));
                checked += 1;
            }
        }
        assert_eq!(checked, 12);
    }

    /// Solve on this thread with the enhanced transposition cutoffs looked for above
    /// `from` cards to play (u32::MAX: never).
    fn with_etc_from<T>(from: u32, f: impl FnOnce() -> T) -> T {
        TEST_ETC_FROM.with(|c| c.set(from));
        let t = f();
        TEST_ETC_FROM.with(|c| c.set(ETC_FROM));
        t
    }

    #[test]
    fn transposition_cutoffs_change_no_value() {
        // Near the end, everywhere: against plain minimax.
        with_etc_from(0, quinte_values_equal_plain_minimax);
        // From 6 tricks: the same values and moves as the search without them, in fewer
        // nodes (so the cutoffs were taken).
        let mut fewer = 0;
        for seed in 0..8u64 {
            let g = quinte_with(seed, 6);
            for moves in [Moves::All, Moves::Best] {
                let off = with_etc_from(u32::MAX, || solved(&g, moves, 1));
                for from in [0, ETC_FROM] {
                    let on = with_etc_from(from, || solved(&g, moves, 1));
                    assert_eq!(
                        (on.value, &on.moves),
                        (off.value, &off.moves),
                        "seed {seed}"
                    );
                    fewer += usize::from(on.nodes < off.nodes);
                }
            }
        }
        assert!(
            fewer > 16,
            "the cutoffs saved nodes in only {fewer} of 32 solves"
        );
    }

    #[test]
    fn limits_and_a_stop_end_a_search_on_threads() {
        let g = quinte_with(3, 12);
        let two = |moves| Ask { moves, threads: 2 };
        for moves in [Moves::All, Moves::Best] {
            let limits = Limits {
                max_nodes: Some(50_000),
                ..Limits::default()
            };
            let e = solve_with(&g, &limits, two(moves), &mut || false).unwrap_err();
            assert_eq!(e, Error::Value(node_limit_message(50_000)));
            let limits = Limits {
                time_limit: Some(0.05),
                ..Limits::default()
            };
            let e = solve_with(&g, &limits, two(moves), &mut || false).unwrap_err();
            assert_eq!(e, Error::Value(time_limit_message("0.05")));
            let mut asked = 0;
            let e = solve_with(&g, &Limits::default(), two(moves), &mut || {
                asked += 1;
                asked == 20
            })
            .unwrap_err();
            assert_eq!(e, Error::Value(INTERRUPTED.to_string()));
        }
    }

    #[test]
    fn a_node_limit_stops_the_search_with_its_message() {
        let rules = fifteen::Rules::new("escoba", None, None).unwrap();
        let g = fifteen::Game::new(rules, 3);
        let e = solve(
            &g,
            &Limits {
                max_nodes: Some(500),
                ..Limits::default()
            },
        )
        .unwrap_err();
        assert_eq!(e, Error::Value(node_limit_message(500)));
        let mut asked = 0;
        let e = solve_with(&g, &Limits::default(), Ask::default(), &mut || {
            asked += 1;
            asked == 3
        })
        .unwrap_err();
        assert_eq!(e, Error::Value(INTERRUPTED.to_string()));
    }
}

/// The speed of whole quinte deals from the first lead (not a test: run it with
/// `QSOLVE_SEEDS=0..5 cargo test --release quinte_first_lead_speed -- --ignored --nocapture`;
/// `QSOLVE_MOVES=best` for the best move alone, `QSOLVE_THREADS=2` on two threads).
#[cfg(test)]
mod speed {
    use super::*;
    use crate::quinte;

    #[test]
    #[ignore]
    fn quinte_first_lead_speed() {
        let seeds = std::env::var("QSOLVE_SEEDS").unwrap_or_else(|_| "0..5".to_string());
        let (a, b) = seeds.split_once("..").unwrap();
        let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
        let limit: f64 = std::env::var("QSOLVE_LIMIT").map_or(20.0, |s| s.parse().unwrap());
        let tricks: usize = std::env::var("QSOLVE_TRICKS").map_or(12, |s| s.parse().unwrap());
        let moves = std::env::var("QSOLVE_MOVES").map_or(Moves::All, |s| Moves::parse(&s).unwrap());
        let threads: usize = std::env::var("QSOLVE_THREADS").map_or(1, |s| s.parse().unwrap());
        let mut times = Vec::new();
        for seed in a..b {
            let rules = quinte::Rules::new(250).unwrap();
            let mut g = quinte::Game::new(rules, seed);
            for _ in 0..4 {
                g.apply(quinte::Move::Bid(quinte::Bid::Pass));
            }
            // Fewer tricks: greedy play to there (a position of its own, not the bench's).
            while g.hands.iter().map(|h| h.len() as usize).sum::<usize>() > 4 * tricks {
                let mv = crate::quinte::greedy::greedy_move(&g).unwrap();
                g.apply(mv);
            }
            let t = Instant::now();
            let limits = Limits {
                time_limit: Some(limit),
                ..Limits::default()
            };
            let r = solve_with(&g, &limits, Ask { moves, threads }, &mut || false);
            let s = t.elapsed().as_secs_f64();
            match r {
                Ok(sol) => {
                    println!(
                        "seed {seed}: {s:.3} s, {} nodes, {:.0} nodes/s, value {}, moves {:?}",
                        sol.nodes,
                        sol.nodes as f64 / s,
                        sol.value,
                        sol.moves.iter().map(|m| m.1).collect::<Vec<_>>()
                    );
                    times.push(s);
                }
                Err(e) => {
                    println!("seed {seed}: {e}");
                    times.push(f64::INFINITY);
                }
            }
        }
        times.sort_by(|x, y| x.partial_cmp(y).unwrap());
        println!("median {:.3} s", times[times.len() / 2]);
    }
}
