//! The pimc bot: perfect-information Monte Carlo (docs/reference/search.md "pimc"). Worlds are
//! sampled from what the seat may know; in each, every legal move gets an integer value
//! (exact near the deal's end, else a depth-limited search with greedy playouts); the
//! move of greatest sum over the worlds is played.

use super::solver::{move_values, Limits, Value};
use crate::rng::SplitMix64;
use crate::state::Searchable;
use std::time::{Duration, Instant};

/// The pimc bot's budget (docs/reference/search.md "pimc").
#[derive(Clone, Debug, PartialEq)]
pub struct PimcParams {
    /// Worlds a move, when there is no time limit.
    pub worlds: u64,
    /// Moves searched below each move before the greedy playout.
    pub depth: u64,
    /// Solve exactly when at most this many cards are still to be played.
    pub exact: u64,
    /// Seconds a move: as many worlds as fit (at least one), `worlds` unused.
    pub time_limit: Option<f64>,
}

impl Default for PimcParams {
    fn default() -> Self {
        PimcParams {
            worlds: 256,
            depth: 0,
            exact: 0,
            time_limit: None,
        }
    }
}

/// What pimc found: every legal move, in legal-move order, with its sum of values over
/// the worlds, and how many worlds there were.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    pub sums: Vec<(M, Value)>,
    pub worlds: u64,
}

impl<M: Copy> Analysis<M> {
    /// The move of greatest sum, the first in legal-move order of equal ones.
    pub fn best(&self) -> Option<M> {
        let mut best: Option<(M, Value)> = None;
        for &(m, v) in &self.sums {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best.map(|(m, _)| m)
    }

    /// Every move with its mean value, best first, equal ones in legal-move order.
    pub fn ranked(&self) -> Vec<(M, f64)> {
        let mut v: Vec<(M, Value)> = self.sums.clone();
        v.sort_by_key(|m| std::cmp::Reverse(m.1));
        v.into_iter()
            .map(|(m, s)| (m, s as f64 / self.worlds.max(1) as f64))
            .collect()
    }
}

/// Analyse the position for the seat to act (which must exist); the worlds are drawn
/// from `rng`. `stop` is asked after every world; None when it said stop.
pub fn analyse<G: Searchable>(
    game: &G,
    p: &PimcParams,
    rng: &mut SplitMix64,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Analysis<G::Move>> {
    let seat = game.turn().expect("pimc analyses a match in progress");
    let mut sums: Vec<(G::Move, Value)> = game.legal_moves().into_iter().map(|m| (m, 0)).collect();
    let deadline = p
        .time_limit
        .and_then(|t| Duration::try_from_secs_f64(t).ok())
        .and_then(|d| Instant::now().checked_add(d));
    let limits = Limits::default();
    let mut worlds = 0u64;
    loop {
        let world = game.sample_world(seat, rng);
        let depth = if u64::from(world.cards_to_play()) <= p.exact {
            None
        } else {
            Some(p.depth.min(usize::MAX as u64) as usize)
        };
        // No limits: nothing stops the search, so it cannot fail.
        if let Ok((values, _)) = move_values(&world, depth, &limits, &mut || false) {
            for (sum, (_, v)) in sums.iter_mut().zip(values) {
                sum.1 += v;
            }
        }
        worlds += 1;
        if stop() {
            return None;
        }
        let more = match (p.time_limit, deadline) {
            (Some(_), Some(d)) => Instant::now() < d,
            (Some(_), None) => worlds < p.worlds, // a limit past the clock's range
            (None, _) => worlds < p.worlds,
        };
        if !more {
            break;
        }
    }
    Some(Analysis { sums, worlds })
}
