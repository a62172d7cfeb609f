//! ismcts guided by a net (`prior=net`, docs/reference/nets.md): PUCT at the tree's nodes,
//! each legal move's prior the softmax of the net's scores over `TEMPERATURE`, and the
//! net's value at the new leaf instead of a rollout to the end of the deal
//! (`prior=net_rollout`: the rollout, as without a net).
//!
//! At a node where the mover searches, in the iteration's world: every legal move `m` is
//! rated `Q(m) + c * P(m) * sqrt(N) / (1 + n(m))`, the first of the greatest taken, where
//! `P(m) = exp((s(m) - max s) / T) / Σ exp((s - max s) / T)` over the legal moves (`s` the
//! net's scores in points, read from the mover's observation in that world), `n(m)` the
//! child's visits (0 for a move not yet in the tree), `Q(m)` its mean value over the
//! tree's scale (as UCB reads it; 0 when unvisited), and `N` the node's own visits (at the
//! root, the iterations run before this one), at least 1. A move not yet in the tree is
//! added and the iteration ends there: the value backed up is the net's value of the new
//! position for its seat to act, `v` to every node of that seat's side and `-v` to the
//! others' (the deal's own value when the move ended the deal).

use super::Choice;
use crate::net::{fits_game, shipped, Net, Scratch};
use crate::state::{GameRules, Searchable};
use crate::Error;
use std::sync::Arc;

/// The softmax's temperature, in points of a deal.
pub const TEMPERATURE: f64 = 1.0;

/// What guides ismcts's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prior {
    /// UCB, a random untried move first, and a rollout (docs/reference/search.md "ismcts").
    Off,
    /// PUCT with the net's priors, and the net's value at the leaf.
    Net,
    /// PUCT with the net's priors, and a rollout from the leaf (as `rollout` says).
    NetRollout,
}

impl Choice for Prior {
    const ALL: &'static [Prior] = &[Prior::Off, Prior::Net, Prior::NetRollout];

    fn name(self) -> &'static str {
        match self {
            Prior::Off => "off",
            Prior::Net => "net",
            Prior::NetRollout => "net_rollout",
        }
    }
}

/// A node's last rating: the observation it was read from, its value and its priors.
#[derive(Default)]
struct Rated {
    obs: Vec<f32>,
    value_raw: i64,
    priors: Vec<f64>,
}

/// The net that guides the tree, and room to rate positions with it.
///
/// Priors are a function of the mover's observation alone, so each node keeps its last
/// rating and reuses it while the observation is the same: at the searcher's own nodes of
/// this round it always is (only the hidden cards differ between worlds), at the others'
/// it seldom is. The leaf's rating, made for its value, is kept the same way.
pub struct Guide {
    net: Arc<Net>,
    scratch: Scratch,
    scores: Vec<i64>,
    obs: Vec<f32>,
    /// The last rating of each node, by its index in the tree.
    rated: Vec<Rated>,
}

impl Guide {
    /// The guide for games of these rules: the net of `weights` (a `.qzn` file's path), or
    /// the one the package ships for them; it must fit them (a ValueError otherwise).
    pub fn new<G: Searchable>(weights: Option<&str>, rules: &G::Rules) -> Result<Guide, Error> {
        let net = shipped::resolve(weights, rules.name(), rules.players())?;
        fits_game::<G>(&net, rules)?;
        Ok(Guide {
            net,
            scratch: Scratch::default(),
            scores: Vec::new(),
            obs: Vec::new(),
            rated: Vec::new(),
        })
    }

    /// Rates `world` (its seat to act `seat`, its legal moves `moves`) for `node`, unless
    /// the node's last rating was read from the same observation.
    fn rate<G: Searchable>(&mut self, world: &G, seat: u8, moves: &[G::Move], node: u32) {
        self.net.observe(world, seat, &mut self.obs);
        let i = node as usize;
        if i >= self.rated.len() {
            self.rated.resize_with(i + 1, Rated::default);
        }
        if self.rated[i].obs == self.obs {
            return;
        }
        let raw =
            self.net
                .rate_observed(world, &self.obs, moves, &mut self.scores, &mut self.scratch);
        let scale = self.net.scale() * TEMPERATURE;
        let top = self.scores.iter().copied().max().unwrap_or(0);
        let rated = &mut self.rated[i];
        rated.value_raw = raw;
        rated.priors.clear();
        rated.priors.extend(
            self.scores
                .iter()
                .map(|&s| ((s - top) as f64 / scale).exp()),
        );
        let total: f64 = rated.priors.iter().sum();
        for p in rated.priors.iter_mut() {
            *p /= total;
        }
        std::mem::swap(&mut rated.obs, &mut self.obs);
    }

    /// The priors of `moves` (the legal moves of `world`, in order, its seat to act
    /// `seat`) at `node`.
    pub fn priors<G: Searchable>(
        &mut self,
        world: &G,
        seat: u8,
        moves: &[G::Move],
        node: u32,
    ) -> &[f64] {
        self.rate(world, seat, moves, node);
        &self.rated[node as usize].priors
    }

    /// The net's value, in points, of `world` for its seat to act `seat`, at `node`, the
    /// tree's leaf (its legal moves into `moves`; the rating is kept for the node).
    pub fn value<G: Searchable>(
        &mut self,
        world: &G,
        seat: u8,
        node: u32,
        moves: &mut Vec<G::Move>,
    ) -> f64 {
        moves.clear();
        world.legal_moves_into(moves);
        self.rate(world, seat, moves, node);
        self.rated[node as usize].value_raw as f64 / self.net.scale()
    }
}
