//! The ismcts bot: single-observer information-set Monte Carlo tree search (Cowling,
//! Powley and Whitehouse 2012; docs/reference/search.md "ismcts"). One tree of moves from the root;
//! every iteration samples a world from what the seat may know, selects with UCB among the
//! moves legal in that world (counting their availability; with `Opponents::Greedy`, or
//! `Fitted` in a world that fits their play, the other sides play greedy moves instead),
//! adds one move, plays out greedily to the end of the deal and backs up the deal's value
//! for each mover's side.

use super::prior::{Guide, Prior};
use super::solver::{greedy_playout, score};
use super::worlds::{Fitter, Infer};
use super::Choice;
use crate::rng::SplitMix64;
use crate::state::Searchable;
use std::time::{Duration, Instant};

/// How an iteration plays on from the move it adds to the end of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Every seat the greedy bot's move.
    Greedy,
    /// Every seat a uniform legal move from the bot's generator (as the random bot draws).
    Random,
}

impl Choice for Rollout {
    const ALL: &'static [Rollout] = &[Rollout::Greedy, Rollout::Random];

    fn name(self) -> &'static str {
        match self {
            Rollout::Greedy => "greedy",
            Rollout::Random => "random",
        }
    }
}

/// How the tree chooses the moves of the seats of the other sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// By UCB, as the seat's own: each side searching for itself.
    Search,
    /// The greedy bot's move in the world: the other sides modelled as greedy players.
    Greedy,
    /// Greedy in a world found to fit their play this round (`infer`'s test), by UCB in
    /// the others: modelled as greedy only where their play so far bears it out.
    Fitted,
}

impl Choice for Opponents {
    const ALL: &'static [Opponents] = &[Opponents::Search, Opponents::Greedy, Opponents::Fitted];

    fn name(self) -> &'static str {
        match self {
            Opponents::Search => "search",
            Opponents::Greedy => "greedy",
            Opponents::Fitted => "fitted",
        }
    }
}

/// The ismcts bot's budget and constant (docs/reference/search.md "ismcts").
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsParams {
    /// Iterations a move, when there is no time limit.
    pub iterations: u64,
    /// The exploration constant of UCB.
    pub c: f64,
    /// The playout from the added move to the end of the deal.
    pub rollout: Rollout,
    /// What the worlds assume of the other seats' play.
    pub infer: Infer,
    /// How the tree plays the other sides.
    pub opponents: Opponents,
    /// What guides the tree: nothing (UCB and rollouts), or the net (`search::prior`).
    pub prior: Prior,
    /// With a net's prior: the path of the net's `.qzn` file, or None for the shipped net.
    pub weights: Option<&'static str>,
    /// Seconds a move: as many iterations as fit (at least one), `iterations` unused.
    pub time_limit: Option<f64>,
}

impl Default for IsmctsParams {
    fn default() -> Self {
        IsmctsParams {
            iterations: 8000,
            c: 0.7,
            rollout: Rollout::Greedy,
            infer: Infer::Greedy,
            opponents: Opponents::Fitted,
            prior: Prior::Off,
            weights: None,
            time_limit: None,
        }
    }
}

/// No parent, no child.
const NONE: u32 = u32::MAX;

struct Node<M> {
    /// The move that leads here from the parent (unused at the root).
    mv: M,
    /// The seat that made `mv`.
    seat: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u64,
    availability: u64,
    /// The values backed up through the node (whole numbers but with a net's values).
    sum: f64,
}

/// One root move's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove<M> {
    pub mv: M,
    pub visits: u64,
    pub sum: f64,
}

impl<M> RootMove<M> {
    /// The mean value backed up through the move; NaN for a move never visited.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            f64::NAN
        } else {
            self.sum / self.visits as f64
        }
    }
}

/// What ismcts found: every root move in legal-move order, and the iterations run.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    pub moves: Vec<RootMove<M>>,
    pub iterations: u64,
}

impl<M: Copy> Analysis<M> {
    /// The root move of most visits, the first in legal-move order of equal ones.
    pub fn best(&self) -> Option<M> {
        let mut best: Option<&RootMove<M>> = None;
        for r in &self.moves {
            if best.is_none_or(|b| r.visits > b.visits) {
                best = Some(r);
            }
        }
        best.map(|r| r.mv)
    }

    /// Every move with its mean value, most visited first, equal ones in legal-move order.
    pub fn ranked(&self) -> Vec<(M, f64)> {
        let mut v = self.moves.clone();
        v.sort_by_key(|r| std::cmp::Reverse(r.visits));
        v.into_iter().map(|r| (r.mv, r.mean())).collect()
    }
}

struct Tree<M> {
    nodes: Vec<Node<M>>,
    /// The largest absolute value backed up so far (at least 1).
    scale: f64,
}

impl<M: Copy + Eq> Tree<M> {
    fn child(&self, parent: u32, mv: M) -> Option<u32> {
        let mut c = self.nodes[parent as usize].first_child;
        while c != NONE {
            if self.nodes[c as usize].mv == mv {
                return Some(c);
            }
            c = self.nodes[c as usize].next_sibling;
        }
        None
    }

    /// A new child, available once (in the iteration that adds it).
    fn add_child(&mut self, parent: u32, mv: M, seat: u8) -> u32 {
        let id = self.nodes.len() as u32;
        let first = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            mv,
            seat,
            first_child: NONE,
            next_sibling: first,
            visits: 0,
            availability: 1,
            sum: 0.0,
        });
        self.nodes[parent as usize].first_child = id;
        id
    }

    fn ucb(&self, id: u32, c: f64) -> f64 {
        let n = &self.nodes[id as usize];
        let visits = n.visits as f64;
        (n.sum / visits) / self.scale + c * ((n.availability as f64).ln() / visits).sqrt()
    }

    /// The mean value of a child over the tree's scale, 0 when unvisited (PUCT's `Q`).
    fn q(&self, id: u32) -> f64 {
        let n = &self.nodes[id as usize];
        if n.visits == 0 {
            0.0
        } else {
            (n.sum / n.visits as f64) / self.scale
        }
    }
}

/// Every seat plays a uniform legal move drawn from `rng` until the deal in progress of
/// `world` (a search copy) ends.
fn random_playout<G: Searchable>(world: &mut G, rng: &mut SplitMix64, buf: &mut Vec<G::Move>) {
    while world.deals().is_empty() {
        match world.random_move(rng, buf) {
            Some(mv) => world.apply(mv),
            None => return, // never: an ended match has a record
        }
    }
}

/// How many iterations go between two questions to `stop`.
const STOP_EVERY: u64 = 64;

/// Search the position for the seat to act (which must exist); the worlds and the
/// expansions draw from `rng`. `stop` is asked every `STOP_EVERY` iterations; None when
/// it said stop.
pub fn analyse<G: Searchable>(
    game: &G,
    p: &IsmctsParams,
    rng: &mut SplitMix64,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Analysis<G::Move>> {
    let seat = game.turn().expect("ismcts analyses a match in progress");
    let sides = G::sides(game.rules());
    let root_side = game.side_of(seat);
    let root_moves = game.legal_moves();
    let root_move = *root_moves
        .first()
        .expect("a match in progress has a legal move");
    let mut tree = Tree {
        nodes: vec![Node {
            mv: root_move,
            seat,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            availability: 0,
            sum: 0.0,
        }],
        scale: 1.0,
    };
    // Made by `check` before play; a guide that cannot be made searches without it.
    let mut guide = match p.prior {
        Prior::Net | Prior::NetRollout => Guide::new::<G>(p.weights, game.rules()).ok(),
        Prior::Off => None,
    };
    let deadline = p
        .time_limit
        .and_then(|t| Duration::try_from_secs_f64(t).ok())
        .and_then(|d| Instant::now().checked_add(d));
    let mut moves: Vec<G::Move> = Vec::new();
    let mut untried: Vec<G::Move> = Vec::new();
    // The child of each legal move, found once a node (NONE: untried).
    let mut kids: Vec<u32> = Vec::new();
    let mut playout: Vec<G::Move> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let mut iterations = 0u64;
    let mut fitter = Fitter::new(p.infer);
    loop {
        let mut world = fitter.world(game, seat, rng, &mut moves);
        let greedy_others = match p.opponents {
            Opponents::Search => false,
            Opponents::Greedy => true,
            Opponents::Fitted => fitter.last_fits(),
        };
        let mut node = 0u32;
        path.clear();
        // Selection and expansion, until a move is added or the deal ends.
        while world.deals().is_empty() {
            let Some(mover) = world.turn() else { break };
            if greedy_others && world.side_of(mover) != root_side {
                let Some(mv) = world.greedy_move(&mut moves) else {
                    break;
                };
                let (c, added) = match tree.child(node, mv) {
                    Some(c) => (c, false),
                    None => (tree.add_child(node, mv, mover), true),
                };
                world.apply(mv);
                path.push(c);
                if added {
                    break;
                }
                node = c;
                continue;
            }
            moves.clear();
            world.legal_moves_into(&mut moves);
            if let Some(guide) = guide.as_mut() {
                // PUCT (`search::prior`): the first move of the greatest rating.
                let priors = guide.priors(&world, mover, &moves, node);
                let own = if node == 0 {
                    iterations
                } else {
                    tree.nodes[node as usize].visits
                };
                let sqrt_n = (own.max(1) as f64).sqrt();
                let mut best: Option<(usize, Option<u32>, f64)> = None;
                for (i, &mv) in moves.iter().enumerate() {
                    let child = tree.child(node, mv);
                    let (q, n) = match child {
                        Some(c) => {
                            tree.nodes[c as usize].availability += 1;
                            (tree.q(c), tree.nodes[c as usize].visits)
                        }
                        None => (0.0, 0),
                    };
                    let rating = q + p.c * priors[i] * sqrt_n / (1 + n) as f64;
                    if best.is_none_or(|(_, _, b)| rating > b) {
                        best = Some((i, child, rating));
                    }
                }
                let (i, child, _) = best.expect("a legal move");
                let c = child.unwrap_or_else(|| tree.add_child(node, moves[i], mover));
                world.apply(moves[i]);
                path.push(c);
                if child.is_none() {
                    break;
                }
                node = c;
                continue;
            }
            untried.clear();
            kids.clear();
            for &mv in &moves {
                match tree.child(node, mv) {
                    Some(c) => {
                        tree.nodes[c as usize].availability += 1;
                        kids.push(c);
                    }
                    None => {
                        untried.push(mv);
                        kids.push(NONE);
                    }
                }
            }
            if !untried.is_empty() {
                let mv = untried[rng.below(untried.len() as u64) as usize];
                let c = tree.add_child(node, mv, mover);
                world.apply(mv);
                path.push(c);
                break;
            }
            let mut best: Option<(u32, f64)> = None;
            for &c in &kids {
                let u = tree.ucb(c, p.c);
                if best.is_none_or(|(_, b)| u > b) {
                    best = Some((c, u));
                }
            }
            let (c, _) = best.expect("a legal move");
            world.apply(tree.nodes[c as usize].mv);
            path.push(c);
            node = c;
        }
        // With a net, the leaf's value for the side of its seat to act (the deal goes on).
        let leaf = match (guide.as_mut(), world.turn()) {
            (Some(guide), Some(next)) if world.deals().is_empty() && p.prior == Prior::Net => {
                let leaf = path.last().copied().unwrap_or(0);
                Some((
                    world.side_of(next),
                    guide.value(&world, next, leaf, &mut moves),
                ))
            }
            _ => None,
        };
        match (leaf, p.rollout) {
            (Some(_), _) => {}
            (None, Rollout::Greedy) => greedy_playout(&mut world, &mut playout),
            (None, Rollout::Random) => random_playout(&mut world, rng, &mut playout),
        }
        let no_points = [0; 3]; // never: a deal played out has a record
        let points = world
            .deals()
            .first()
            .map_or(&no_points[..sides as usize], crate::state::Deal::points);
        for &id in &path {
            let n = &mut tree.nodes[id as usize];
            let side = world.side_of(n.seat);
            let v = match leaf {
                Some((s, v)) => {
                    if s == side {
                        v
                    } else {
                        -v
                    }
                }
                None => score(points, side, sides) as f64,
            };
            n.visits += 1;
            n.sum += v;
            tree.scale = tree.scale.max(v.abs());
        }
        iterations += 1;
        if iterations.is_multiple_of(STOP_EVERY) && stop() {
            return None;
        }
        let more = match (p.time_limit, deadline) {
            (Some(_), Some(d)) => Instant::now() < d,
            _ => iterations < p.iterations,
        };
        if !more {
            break;
        }
    }
    let moves = root_moves
        .iter()
        .map(|&mv| match tree.child(0, mv) {
            Some(c) => {
                let n = &tree.nodes[c as usize];
                RootMove {
                    mv,
                    visits: n.visits,
                    sum: n.sum,
                }
            }
            None => RootMove {
                mv,
                visits: 0,
                sum: 0.0,
            },
        })
        .collect();
    Some(Analysis { moves, iterations })
}
