//! ismcts guided by a net (`prior=net`, docs/reference/nets.md): PUCT at the tree's nodes,
//! each legal move's prior the softmax of the net's scores over `TEMPERATURE`, and the
//! net's value at the new leaf instead of a rollout to the end of the deal.
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
}

impl Choice for Prior {
    const ALL: &'static [Prior] = &[Prior::Off, Prior::Net];

    fn name(self) -> &'static str {
        match self {
            Prior::Off => "off",
            Prior::Net => "net",
        }
    }
}

/// The net that guides the tree, and room to rate positions with it.
pub struct Guide {
    net: Arc<Net>,
    scratch: Scratch,
    scores: Vec<i64>,
    /// The priors of the moves last rated.
    priors: Vec<f64>,
    /// The root's priors, once rated.
    root: Vec<f64>,
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
            priors: Vec::new(),
            root: Vec::new(),
        })
    }

    /// The priors of `moves` (the legal moves of `world`, in order). At the root they are
    /// the same in every world (the seat's own observation and moves), so they are rated
    /// once a search.
    pub fn priors<G: Searchable>(&mut self, world: &G, moves: &[G::Move], root: bool) -> &[f64] {
        if root && !self.root.is_empty() {
            return &self.root;
        }
        self.net
            .rate(world, moves, &mut self.scores, &mut self.scratch);
        let scale = self.net.scale() * TEMPERATURE;
        let top = self.scores.iter().copied().max().unwrap_or(0);
        self.priors.clear();
        self.priors.extend(
            self.scores
                .iter()
                .map(|&s| ((s - top) as f64 / scale).exp()),
        );
        let total: f64 = self.priors.iter().sum();
        for p in self.priors.iter_mut() {
            *p /= total;
        }
        if root {
            self.root.clone_from(&self.priors);
        }
        &self.priors
    }

    /// The net's value, in points, of `world` for its seat to act (0 when none is).
    pub fn value<G: Searchable>(&mut self, world: &G) -> f64 {
        let raw = self
            .net
            .rate(world, &[], &mut self.scores, &mut self.scratch);
        raw as f64 / self.net.scale()
    }
}
