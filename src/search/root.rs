//! The root of a solve (docs/explanation/search-and-fairness.md "The open-hand solver", Threads): its
//! moves taken in turn by one thread or by several that share one table.

use super::solver::{Limits, Moves, Searcher, Stopped, Tables, Value, INF, INTERRUPTED, MTDF_FROM};
use super::table::{self, Table};
use crate::state::Searchable;
use crate::Error;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

/// The root's moves, shared by the threads of one solve: each thread takes the next
/// move not yet taken, in legal-move order.
///
/// `Moves::All`: each move is made exact from a guess, the best value known so far.
/// `Moves::Best`: the first move is made exact; each other one, once that is known, is
/// only asked, by one null-window search, whether it can come first (beat the best so
/// far when it comes after that move in legal order, equal it when before), and only one
/// that can is made exact. On one thread this is the plain sequence, move after move; a
/// thread that takes a move before any value is known makes it exact meanwhile (`Ahead`),
/// and asks it only the cheaper question once a value is known.
pub(super) struct RootWork<'l, M> {
    moves: Moves,
    depth: Option<usize>,
    limits: &'l Limits,
    /// The moves searched: one of each class of alike moves (`Searchable::representative`) in
    /// an exact search; every legal move in a depth-limited one (alike moves have the
    /// same exact value, not the same greedy playout).
    searched: Vec<M>,
    /// Per legal move (in legal-move order), the index of its class in `searched`.
    class: Vec<usize>,
    next: AtomicUsize,
    /// Per searched move, its value once exact (`Moves::Best`: only of the moves that
    /// could come first; the best of them is the best so far, `best_of`).
    values: Mutex<Vec<Option<Value>>>,
    /// Set by the first thread that stops early: the others stop too.
    halt: AtomicBool,
    /// Why the search stopped early (the first thread's reason).
    failure: Mutex<Option<Error>>,
    /// Threads still searching.
    running: AtomicUsize,
    /// Nodes left to hand out to the threads, with a node limit and more than one thread.
    budget: AtomicU64,
}

impl<'l, M: Copy + Eq> RootWork<'l, M> {
    pub(super) fn new<G: Searchable<Move = M>>(
        root: &G,
        moves: Moves,
        depth: Option<usize>,
        limits: &'l Limits,
    ) -> Self {
        let (mut searched, mut reps, mut class) = (Vec::new(), Vec::new(), Vec::new());
        for mv in root.legal_moves() {
            let rep = if depth.is_some() {
                mv
            } else {
                root.representative(&mv)
            };
            class.push(reps.iter().position(|&r| r == rep).unwrap_or_else(|| {
                reps.push(rep);
                searched.push(mv);
                searched.len() - 1
            }));
        }
        RootWork {
            moves,
            depth,
            limits,
            values: Mutex::new(vec![None; searched.len()]),
            searched,
            class,
            next: AtomicUsize::new(0),
            halt: AtomicBool::new(false),
            failure: Mutex::new(None),
            running: AtomicUsize::new(0),
            budget: AtomicU64::new(limits.max_nodes.unwrap_or(u64::MAX)),
        }
    }

    /// Search every move on `threads` threads (the calling one among them, the only one
    /// that asks `stop`); the nodes visited by all.
    pub(super) fn run<G: Searchable<Move = M>>(
        &self,
        root: &G,
        threads: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Error>
    where
        M: Send + Sync,
    {
        let halt = &self.halt;
        let shared = (threads > 1).then(|| Table::new(table::shared_slots(root.cards_to_play())));
        let budget = (threads > 1 && self.limits.max_nodes.is_some()).then_some(&self.budget);
        // A thread stops once another has stopped (`fail` sets `halt`); the calling one
        // also when `stop` says so; a search ahead once a value is known.
        let ahead = Ahead::default();
        let mut stop_first = || halt.load(Relaxed) || stop() || self.ahead_done(&ahead);
        let tt = match &shared {
            Some(t) => Tables::Shared(t),
            None => Tables::Own(Table::new(table::START)),
        };
        let mut first = Searcher::new(root, self.depth, self.limits, tt, budget, &mut stop_first)?;
        // The first guess, for the first move (searched first), before any thread starts.
        let mtdf = self.depth.is_none() && root.cards_to_play() > MTDF_FROM;
        let guess = if mtdf { first.first_guess(root)? } else { 0 };
        self.running.store(threads, Relaxed);
        let mut nodes = 0;
        // Woken by each helper that ends, so that a short search does not wait out a
        // whole pause.
        let caller = std::thread::current();
        let caller = &caller;
        std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            if let Some(t) = &shared {
                for _ in 1..threads {
                    helpers.push(scope.spawn(move || {
                        let ahead = Ahead::default();
                        let mut stopped = || halt.load(Relaxed) || self.ahead_done(&ahead);
                        let tt = Tables::Shared(t);
                        let nodes = match Searcher::new(
                            root,
                            self.depth,
                            self.limits,
                            tt,
                            budget,
                            &mut stopped,
                        ) {
                            Ok(mut s) => {
                                s.nodes -= 1; // its root: counted by the first thread
                                self.work(&mut s, root, mtdf, guess, &ahead);
                                s.nodes
                            }
                            Err(e) => {
                                self.fail(e);
                                self.running.fetch_sub(1, Relaxed);
                                0
                            }
                        };
                        caller.unpark();
                        nodes
                    }));
                }
            }
            self.work(&mut first, root, mtdf, guess, &ahead);
            nodes += first.nodes;
            // The calling thread keeps asking `stop` while the others search (every 2 ms,
            // or when one ends).
            while self.running.load(Relaxed) > 0 {
                if (first.stop)() {
                    self.fail(Error::Value(INTERRUPTED.to_string()));
                    break;
                }
                std::thread::park_timeout(std::time::Duration::from_millis(2));
            }
            for h in helpers {
                match h.join() {
                    Ok(n) => nodes += n,
                    Err(_) => self.fail(Error::Value("a solver thread failed".to_string())),
                }
            }
        });
        match self.failure.lock().map(|mut f| f.take()) {
            Ok(Some(e)) => Err(e),
            _ => Ok(nodes),
        }
    }

    /// Note why a search stopped, if it is the first to.
    fn fail(&self, e: Error) {
        if !self.halt.swap(true, Relaxed) {
            if let Ok(mut f) = self.failure.lock() {
                *f = Some(e);
            }
        }
    }

    /// Whether a search ahead (`Ahead`) should stop: a value is known now.
    fn ahead_done(&self, ahead: &Ahead) -> bool {
        let valued = || locked(&self.values).is_ok_and(|v| v.iter().any(Option::is_some));
        let done = ahead.on.get() && valued();
        if done {
            ahead.stopped.set(true);
        }
        done
    }

    /// Note the exact value of searched move `i`.
    fn record(&self, i: usize, v: Value) -> Result<(), Stopped> {
        locked(&self.values)?[i] = Some(v);
        Ok(())
    }

    /// One thread's share: moves taken in turn until none is left or the search stops.
    fn work<G: Searchable<Move = M>>(
        &self,
        s: &mut Searcher<'_, M>,
        root: &G,
        mtdf: bool,
        guess: Value,
        ahead: &Ahead,
    ) {
        loop {
            let i = self.next.fetch_add(1, Relaxed);
            if i >= self.searched.len() || self.halt.load(Relaxed) {
                break;
            }
            if let Err(e) = self.search_move(s, root, i, mtdf, guess, ahead) {
                self.fail(e);
                break;
            }
        }
        self.running.fetch_sub(1, Relaxed);
    }

    /// Search root move `i` as `self.moves` asks (the type's comment).
    fn search_move<G: Searchable<Move = M>>(
        &self,
        s: &mut Searcher<'_, M>,
        root: &G,
        i: usize,
        mtdf: bool,
        first_guess: Value,
        ahead: &Ahead,
    ) -> Result<(), Stopped> {
        let mut child = root.clone();
        child.apply(self.searched[i]);
        let exact = |s: &mut Searcher<'_, M>, guess: Value| {
            if mtdf {
                s.mtdf(&child, guess)
            } else {
                s.value_of(&child, 1, -INF, INF)
            }
        };
        match self.moves {
            Moves::All => {
                // The guess: the best value so far (root moves' values gather at the
                // best; one far below it is proved below the guess cheaply).
                let known = best_of(&locked(&self.values)?).map(|(_, v)| v);
                let v = exact(s, known.unwrap_or(first_guess))?;
                self.record(i, v)?;
            }
            Moves::Best => {
                let mut so_far = best_of(&locked(&self.values)?);
                if so_far.is_none() && i > 0 {
                    // Another thread is valuing the first move: rather than wait, value
                    // this one, until a value is known (proving a move no better than
                    // it costs far less; what this search proved stays in the table).
                    ahead.on.set(true);
                    let v = exact(s, first_guess);
                    ahead.on.set(false);
                    match v {
                        Ok(v) => return self.record(i, v),
                        Err(_) if ahead.stopped.replace(false) => {
                            so_far = best_of(&locked(&self.values)?);
                        }
                        Err(e) => return Err(e),
                    }
                }
                let v = match so_far {
                    None => exact(s, first_guess)?,
                    Some((j, b)) => {
                        // To come first, a later move must beat the best, an earlier
                        // one only equal it.
                        let need = if j < i { b + 1 } else { b };
                        let f = s.value_of(&child, 1, need - 1, need)?;
                        if f < need {
                            return Ok(());
                        }
                        // Fail-soft: a value at least `need` is a lower bound to start from.
                        exact(s, f)?
                    }
                };
                self.record(i, v)?;
            }
        }
        Ok(())
    }

    /// `Moves::All`: every legal move with the value of its class, in legal-move order.
    /// `Moves::Best`: the first legal move of the best value.
    pub(super) fn answer<G: Searchable<Move = M>>(&self, root: &G) -> Vec<(M, Value)> {
        let values = self.values.lock().map(|v| v.clone()).unwrap_or_default();
        match self.moves {
            Moves::All => root
                .legal_moves()
                .into_iter()
                .zip(&self.class)
                .filter_map(|(mv, &c)| values.get(c).copied().flatten().map(|v| (mv, v)))
                .collect(),
            // A searched move is the first legal move of its class.
            Moves::Best => best_of(&values)
                .map(|(j, v)| (self.searched[j], v))
                .into_iter()
                .collect(),
        }
    }
}

/// A thread's search of a move made exact while no move's value is known yet: stopped
/// by the thread's stop callback once one is, so that the move is only asked whether it
/// can come first.
#[derive(Default)]
struct Ahead {
    /// Searching ahead now.
    on: Cell<bool>,
    /// The search ahead was stopped for a value now known (not by a limit or the caller).
    stopped: Cell<bool>,
}

/// Of the exact values, the best and the first of equal ones: its index and value.
fn best_of(values: &[Option<Value>]) -> Option<(usize, Value)> {
    let valued = values.iter().enumerate();
    // `max_by_key` keeps the last of equal keys: reversed, the first.
    let valued = valued.rev().filter_map(|(i, v)| v.map(|v| (i, v)));
    valued.max_by_key(|&(_, v)| v)
}

/// A lock of the shared state (poisoned only by a thread that panicked).
fn locked<T>(m: &Mutex<T>) -> Result<MutexGuard<'_, T>, Error> {
    m.lock()
        .map_err(|_| Error::Value("a solver thread failed".to_string()))
}
