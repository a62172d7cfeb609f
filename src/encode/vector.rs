//! A vector of single-seat envs stepped in Rust (docs/engine.md "Vector env"): N matches in
//! which one seat is the agent and core bots play the others, written straight into flat
//! output buffers. Env `i` draws everything from its own stream, started at
//! `match_seed(seed, i)` by `reset`: each episode takes the match seed and the bots' seed
//! from it. So the results do not depend on how the envs are split over threads.

use super::{encode_into, observation_len};
use crate::any::{AnyGame, AnyMove, RuleSet};
use crate::bots::BotSpec;
use crate::rng::SplitMix64;
use crate::state::{Deal, State};
use crate::Error;

/// What a step rewards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reward {
    /// +1 / -1 to the agent's side at the end of the match, 0 for a draw.
    Match,
    /// Every deal scored: the agent's side's points minus the mean of the others'.
    Deal,
}

/// The output buffers of all envs, env `i`'s rows one after the other.
pub struct Outputs<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [i8],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [u8],
    pub truncated: &'a mut [u8],
}

#[derive(Clone)]
struct Slot {
    game: AnyGame,
    stream: SplitMix64,
    bots: SplitMix64,
    deals: usize,
    /// The ids set in this env's rows of the mask buffer by the last write.
    ids: Vec<usize>,
    /// The legal moves of that write, in the order of `ids` (one family's is used): a
    /// step takes its move from here rather than decoding and checking the id again.
    fifteen_moves: Vec<crate::fifteen::Move>,
    quinte_moves: Vec<crate::quinte::moves::Move>,
}

impl Slot {
    /// The legal move of id `a` in the position of the last write, if `a` is one.
    fn known_move(&self, a: i64) -> Option<AnyMove> {
        let j = self.ids.iter().position(|&id| id as i64 == a)?;
        match self.game {
            AnyGame::Fifteen(_) => self.fifteen_moves.get(j).copied().map(AnyMove::Fifteen),
            AnyGame::Quinte(_) => self.quinte_moves.get(j).copied().map(AnyMove::Quinte),
        }
    }

    /// `ids` and the moves of the position, as `super::legal_actions` (empty beyond the
    /// encoding's bounds).
    fn list_legal(&mut self) {
        self.ids.clear();
        let done = match &self.game {
            AnyGame::Fifteen(g) => {
                super::fifteen::legal_actions(g, &mut self.ids, &mut self.fifteen_moves)
            }
            AnyGame::Quinte(g) => {
                self.quinte_moves.clear();
                g.legal_moves_into(&mut self.quinte_moves);
                self.ids
                    .extend(self.quinte_moves.iter().map(super::quinte::action_of));
                Ok(())
            }
        };
        if done.is_err() {
            self.ids.clear(); // beyond rb3ine's bound (never in play): an empty mask
            self.fifteen_moves.clear();
        }
    }
}

pub struct VectorEnv {
    rules: RuleSet,
    seat: u8,
    /// One per seat (the agent's entry is not used).
    opponents: Vec<BotSpec>,
    reward: Reward,
    max_deals: Option<usize>,
    slots: Vec<Slot>,
    obs_len: usize,
    actions: usize,
}

fn finished_deals(g: &AnyGame) -> usize {
    match g {
        AnyGame::Fifteen(g) => State::deals(g).len(),
        AnyGame::Quinte(g) => State::deals(g).len(),
    }
}

fn deal_points(g: &AnyGame, k: usize) -> Vec<u64> {
    match g {
        AnyGame::Fifteen(g) => State::deals(g)[k].points().to_vec(),
        AnyGame::Quinte(g) => State::deals(g)[k].points().to_vec(),
    }
}

impl VectorEnv {
    pub fn new(
        rules: RuleSet,
        num_envs: usize,
        seat: u8,
        opponents: Vec<BotSpec>,
        reward: Reward,
        max_deals: Option<usize>,
    ) -> Result<VectorEnv, Error> {
        if num_envs == 0 {
            return Err(Error::Value("num_envs must be at least 1".into()));
        }
        if seat >= rules.players() {
            return Err(Error::Value(format!(
                "seat must be 0..{}, not {seat}",
                rules.players() - 1
            )));
        }
        if opponents.len() != rules.players() as usize {
            return Err(Error::Value("one bot per seat".into()));
        }
        let game = AnyGame::new(rules, 0);
        let slot = Slot {
            game,
            stream: SplitMix64::new(0),
            bots: SplitMix64::new(0),
            deals: 0,
            ids: Vec::new(),
            fifteen_moves: Vec::new(),
            quinte_moves: Vec::new(),
        };
        Ok(VectorEnv {
            rules,
            seat,
            opponents,
            reward,
            max_deals,
            slots: vec![slot; num_envs],
            obs_len: observation_len(&rules),
            actions: super::action_count(&rules),
        })
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }
    pub fn observation_len(&self) -> usize {
        self.obs_len
    }
    pub fn action_count(&self) -> usize {
        self.actions
    }
    /// Env `i`'s match (for reading; the env plays it).
    pub fn game(&self, i: usize) -> Option<&AnyGame> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// Every env's legal ids after the last write, flat: env `i`'s are
    /// `ids[offsets[i]..offsets[i + 1]]` (`offsets` has N + 1 entries). The ids are
    /// written only when all fit; the count is returned either way.
    pub fn legal_ids(&self, offsets: &mut [i64], ids: &mut [i64]) -> usize {
        let mut total = 0;
        offsets[0] = 0;
        for (i, slot) in self.slots.iter().enumerate() {
            total += slot.ids.len();
            offsets[i + 1] = total as i64;
        }
        if total <= ids.len() {
            let flat = self.slots.iter().flat_map(|s| s.ids.iter());
            for (out, &a) in ids.iter_mut().zip(flat) {
                *out = a as i64;
            }
        }
        total
    }

    fn check(&self, out: &Outputs<'_>) -> Result<(), Error> {
        let n = self.slots.len();
        if out.observations.len() != n * self.obs_len
            || out.masks.len() != n * self.actions
            || out.rewards.len() != n
            || out.terminated.len() != n
            || out.truncated.len() != n
        {
            return Err(Error::Value(
                "the output buffers do not fit the envs".into(),
            ));
        }
        Ok(())
    }

    /// Start every env's stream from `seed` and its first episode; write the observations
    /// and masks, zero the rest.
    pub fn reset(&mut self, seed: u64, out: Outputs<'_>, threads: usize) -> Result<(), Error> {
        self.check(&out)?;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.stream = SplitMix64::new(crate::sim::match_seed(seed, i as u64));
        }
        self.run(out, threads, &[], true, true)
    }

    /// Play one agent action in every env (all checked first: an id out of range or masked
    /// off in any env is an error naming the env, and no env moves), then the bots; an
    /// episode that ends starts the next at once (its first observation is written).
    /// `masks_kept`: `out.masks` holds what the last call wrote, so only the ids it set
    /// are cleared.
    pub fn step(
        &mut self,
        actions: &[i64],
        out: Outputs<'_>,
        threads: usize,
        masks_kept: bool,
    ) -> Result<(), Error> {
        self.check(&out)?;
        if actions.len() != self.slots.len() {
            return Err(Error::Value(format!(
                "actions: {} given for {} envs",
                actions.len(),
                self.slots.len()
            )));
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            let mv = match slot.known_move(a) {
                Some(mv) => mv,
                // not a legal id of the last write: move_of says why (or decodes it)
                None => super::move_of(&slot.game, a as i128)
                    .map_err(|e| Error::Value(format!("env {i}: {e}")))?,
            };
            moves.push(mv);
        }
        self.run(out, threads, &moves, false, !masks_kept)
    }

    fn run(
        &mut self,
        out: Outputs<'_>,
        threads: usize,
        moves: &[AnyMove],
        reset: bool,
        fresh: bool,
    ) -> Result<(), Error> {
        let n = self.slots.len();
        let chunk = n.div_ceil(threads.clamp(1, n));
        let (obs_len, actions) = (self.obs_len, self.actions);
        let ctx = Ctx {
            rules: self.rules,
            seat: self.seat,
            opponents: &self.opponents,
            reward: self.reward,
            max_deals: self.max_deals,
        };
        let parts = self
            .slots
            .chunks_mut(chunk)
            .zip(out.observations.chunks_mut(chunk * obs_len))
            .zip(out.masks.chunks_mut(chunk * actions))
            .zip(out.rewards.chunks_mut(chunk))
            .zip(out.terminated.chunks_mut(chunk))
            .zip(out.truncated.chunks_mut(chunk))
            .enumerate();
        let work = |(k, (((((slots, obs), masks), rewards), term), trunc)): Part<'_>| {
            for (j, slot) in slots.iter_mut().enumerate() {
                let (r, t, u) = if reset {
                    ctx.new_episode(slot);
                    (0.0, false, false)
                } else {
                    ctx.step(slot, moves[k * chunk + j])
                };
                rewards[j] = r;
                term[j] = t as u8;
                trunc[j] = u as u8;
                ctx.write(
                    slot,
                    &mut obs[j * obs_len..(j + 1) * obs_len],
                    &mut masks[j * actions..(j + 1) * actions],
                    fresh,
                );
            }
        };
        if threads <= 1 || n == 1 {
            parts.for_each(work);
        } else {
            // The calling thread takes the first share: one spawn fewer a step.
            let mut parts = parts;
            let first = parts.next();
            std::thread::scope(|s| {
                for part in parts {
                    s.spawn(move || work(part));
                }
                if let Some(part) = first {
                    work(part);
                }
            });
        }
        Ok(())
    }
}

/// One thread's share: its chunk's index, slots and rows of every output buffer.
type Part<'a> = (
    usize,
    (
        (
            (
                ((&'a mut [Slot], &'a mut [f32]), &'a mut [i8]),
                &'a mut [f32],
            ),
            &'a mut [u8],
        ),
        &'a mut [u8],
    ),
);

struct Ctx<'a> {
    rules: RuleSet,
    seat: u8,
    opponents: &'a [BotSpec],
    reward: Reward,
    max_deals: Option<usize>,
}

impl Ctx<'_> {
    fn new_episode(&self, slot: &mut Slot) {
        slot.game = AnyGame::new(self.rules, slot.stream.next_u64());
        slot.bots = SplitMix64::new(slot.stream.next_u64());
        self.play_bots(slot);
        slot.deals = finished_deals(&slot.game);
    }

    /// The bots move until it is the agent's turn or the match is over.
    fn play_bots(&self, slot: &mut Slot) {
        while let Some(turn) = slot.game.turn() {
            if turn == self.seat {
                break;
            }
            let spec = &self.opponents[turn as usize];
            // Nothing stops a bot here: a step's budget is its bots' own.
            match slot.game.bot_move(spec, &mut slot.bots, &mut || false) {
                Ok(Some(mv)) if slot.game.play(&mv).is_ok() => {}
                _ => break, // a core bot plays legal moves: never reached
            }
        }
    }

    fn step(&self, slot: &mut Slot, mv: AnyMove) -> (f32, bool, bool) {
        if slot.game.play(&mv).is_err() {
            return (0.0, false, false); // checked legal before: never reached
        }
        self.play_bots(slot);
        let g = &slot.game;
        let now = finished_deals(g);
        let own = g.side_of(self.seat) as usize;
        let sides = self.rules.sides() as f64;
        let mut reward = 0.0f64;
        if self.reward == Reward::Deal {
            for k in slot.deals..now {
                let points = deal_points(g, k);
                let total: f64 = points.iter().map(|&p| p as f64).sum();
                let mine = points[own] as f64;
                reward += mine - (total - mine) / (sides - 1.0);
            }
        }
        let over = g.is_over();
        if over && self.reward == Reward::Match {
            reward = match g.winner() {
                None => 0.0,
                Some(w) if w as usize == own => 1.0,
                Some(_) => -1.0,
            };
        }
        slot.deals = now;
        let truncated = !over && self.max_deals.is_some_and(|k| now >= k);
        if over || truncated {
            self.new_episode(slot);
        }
        (reward as f32, over, truncated)
    }

    fn write(&self, slot: &mut Slot, obs: &mut [f32], mask: &mut [i8], fresh: bool) {
        encode_into(&slot.game.observation(self.seat), obs);
        // Only the ids set last time are cleared: a mask row of escoba is 84,488 entries.
        if fresh {
            mask.fill(0);
        } else {
            for &a in &slot.ids {
                mask[a] = 0;
            }
        }
        slot.list_legal();
        for &a in &slot.ids {
            mask[a] = 1;
        }
    }
}
