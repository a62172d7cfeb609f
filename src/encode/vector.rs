//! A vector of single-seat envs stepped in Rust (docs/reference/envs.md "Vector env"): N matches in
//! which one seat is the agent and core bots play the others, written straight into flat
//! output buffers. Env `i` draws everything from its own stream, started at
//! `match_seed(seed, i)` by `reset`: each episode takes the match seed and the bots' seed
//! from it. So the results do not depend on how the envs are split over threads.

use super::{encode_into, observation_len};
use crate::any::{AnyGame, AnyMove, AnyMoves, RuleSet};
use crate::bots::BotSpec;
use crate::encoding::Encoded;
use crate::families::{each_family, same_family};
use crate::rng::SplitMix64;
use crate::state::{Deal, State};
use crate::Error;
use pool::Pool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

mod pool;

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
    moves: AnyMoves,
}

impl Slot {
    /// The legal move of id `a` in the position of the last write, if `a` is one.
    fn known_move(&self, a: i64) -> Option<AnyMove> {
        let j = self.ids.iter().position(|&id| id as i64 == a)?;
        self.moves.get(j)
    }

    /// `ids` and the moves of the position, as `super::legal_actions` (empty beyond the
    /// encoding's bounds).
    fn list_legal(&mut self) {
        self.ids.clear();
        let done = loop {
            let listed = same_family!((&self.game, AnyGame, g), (&mut self.moves, AnyMoves, m) =>
                Some(g.legal_actions(&mut self.ids, m)), else None);
            match listed {
                Some(done) => break done,
                None => self.moves = AnyMoves::of(&self.game), // a buffer of the game's family
            }
        };
        if done.is_err() {
            self.ids.clear(); // beyond rb3ine's bound (never in play): an empty mask
            self.moves.clear();
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
    pool: Pool,
    /// The ns an env's step (or reset) took so far, a running mean: sets the blocks.
    env_ns: f64,
    /// Whether a step is worth sharing with the workers.
    chooser: Chooser,
    /// The blocks the last call was cut into (1: the calling thread alone).
    blocks: usize,
    /// What panicked in a call that left envs half-moved: every step is refused until
    /// `reset`.
    broken: Option<String>,
    /// Envs a block, every call shared whatever the times say (`pin_blocks`).
    pinned: Option<usize>,
    /// The env whose step panics (to test that path).
    #[cfg(test)]
    panic_at: Option<usize>,
}

fn finished_deals(g: &AnyGame) -> usize {
    each_family!(g, AnyGame, g => State::deals(g).len())
}

fn deal_points(g: &AnyGame, k: usize) -> Vec<u64> {
    each_family!(g, AnyGame, g => State::deals(g)[k].points().to_vec())
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
            moves: AnyMoves::of(&game),
            game,
            stream: SplitMix64::new(0),
            bots: SplitMix64::new(0),
            deals: 0,
            ids: Vec::new(),
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
            pool: Pool::new(),
            env_ns: 1_000.0, // a first guess: a random-bot step takes about this
            chooser: Chooser::default(),
            blocks: 0,
            broken: None,
            pinned: None,
            #[cfg(test)]
            panic_at: None,
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
    /// Cut every call into blocks of `envs` envs shared with the workers, whatever the
    /// times say (None: as the times say). For tests: the results are the same either way.
    pub fn pin_blocks(&mut self, envs: Option<usize>) {
        self.pinned = envs;
    }
    /// The blocks the last call was cut into: 1 when it ran on the calling thread alone.
    pub fn blocks(&self) -> usize {
        self.blocks
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
        self.broken = None; // every env starts again from nothing it had
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
        if self.broken.is_some() {
            return Err(self.broken_error());
        }
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
        // Blocks of at least BLOCK_NS of work each, by the time an env took so far: a
        // worker woken for less would cost more than it saves.
        let per_block = ((BLOCK_NS / self.env_ns).ceil() as usize).clamp(1, n);
        let can_share = threads > 1 && per_block < n;
        let share = can_share && self.chooser.share();
        let (can_share, share, per_block) = match self.pinned {
            Some(b) => (threads > 1, threads > 1, b.max(1)),
            None => (can_share, share, per_block),
        };
        let per_block = if share { per_block } else { n };
        let (obs_len, actions) = (self.obs_len, self.actions);
        let ctx = Ctx {
            rules: self.rules,
            seat: self.seat,
            opponents: &self.opponents,
            reward: self.reward,
            max_deals: self.max_deals,
        };
        #[cfg(test)]
        let panic_at = self.panic_at;
        let parts: Vec<Mutex<Option<Part<'_>>>> = self
            .slots
            .chunks_mut(per_block)
            .zip(out.observations.chunks_mut(per_block * obs_len))
            .zip(out.masks.chunks_mut(per_block * actions))
            .zip(out.rewards.chunks_mut(per_block))
            .zip(out.terminated.chunks_mut(per_block))
            .zip(out.truncated.chunks_mut(per_block))
            .map(|p| Mutex::new(Some(p)))
            .collect();
        let took = AtomicU64::new(0);
        let block = |b: usize| {
            let taken = parts[b].lock().unwrap_or_else(|e| e.into_inner()).take();
            let Some((((((slots, obs), masks), rewards), term), trunc)) = taken else {
                return;
            };
            let start = Instant::now();
            for (j, slot) in slots.iter_mut().enumerate() {
                let i = b * per_block + j;
                #[cfg(test)]
                if panic_at == Some(i) {
                    panic!("env {i} panicked (a test)");
                }
                let (r, t, u) = if reset {
                    ctx.new_episode(slot);
                    (0.0, false, false)
                } else {
                    ctx.step(slot, moves[i])
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
            took.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        };
        self.blocks = parts.len();
        let start = Instant::now();
        let done = self
            .pool
            .run(parts.len(), if share { threads } else { 1 }, &block);
        let wall = start.elapsed().as_nanos() as f64;
        drop(parts);
        if let Err(message) = done {
            self.broken = Some(message);
            return Err(self.broken_error());
        }
        // A running mean: one slow call (a core taken by something else) moves it little.
        let now = (took.into_inner() as f64 / n as f64).max(1.0);
        self.env_ns = 0.75 * self.env_ns + 0.25 * now;
        if can_share && !reset {
            self.chooser.record(share, wall / n as f64);
        }
        Ok(())
    }

    fn broken_error(&self) -> Error {
        Error::Value(format!(
            "the vector env is broken: a call panicked ({}) and left envs half-moved; \
             reset() starts every env again",
            self.broken.as_deref().unwrap_or("")
        ))
    }
}

/// Whether a step is worth sharing with the workers, learnt from the steps so far: the wall
/// time an env took in steps run alone and in steps shared (running means). The mode that
/// is behind is tried again now and then, less often each time it loses again, so the env
/// follows a machine whose other cores fill up (other programs) or free up. Shared or not,
/// the results are the same.
#[derive(Default, Debug)]
struct Chooser {
    alone: Option<f64>,
    shared: Option<f64>,
    /// Steps until the mode behind is tried again, and the wait after that try.
    countdown: u32,
    wait: u32,
}

const FIRST_WAIT: u32 = 8;
const LAST_WAIT: u32 = 1024;

impl Chooser {
    /// Whether sharing is ahead (None until both modes have been timed).
    fn shared_ahead(&self) -> Option<bool> {
        Some(self.shared? < self.alone?)
    }

    /// Share this step? Each mode is timed once first.
    fn share(&mut self) -> bool {
        match self.shared_ahead() {
            None => self.alone.is_some(),
            Some(ahead) if self.countdown == 0 => !ahead,
            Some(ahead) => {
                self.countdown -= 1;
                ahead
            }
        }
    }

    /// The wall ns an env took in a step `share` chose.
    fn record(&mut self, shared: bool, ns: f64) {
        let before = self.shared_ahead();
        let tried = before.is_some_and(|ahead| ahead != shared);
        let mean = if shared {
            &mut self.shared
        } else {
            &mut self.alone
        };
        *mean = Some(match *mean {
            // the mode behind is timed afresh: what it took long ago says little
            Some(m) if !tried => 0.75 * m + 0.25 * ns,
            _ => ns,
        });
        let Some(ahead) = self.shared_ahead() else {
            return;
        };
        if tried || before.is_none() {
            // won: the other is behind now, soon tried; lost: tried later than last time
            self.wait = if ahead == shared {
                FIRST_WAIT
            } else {
                (self.wait * 2).clamp(FIRST_WAIT, LAST_WAIT)
            };
            self.countdown = self.wait;
        } else if before != Some(ahead) {
            // the mode ahead fell behind on a slow step: try it again soon
            self.wait = FIRST_WAIT;
            self.countdown = FIRST_WAIT;
        }
    }
}

/// The least work (ns) worth a block of its own: a few times what waking a parked worker
/// takes on a quiet machine (a busy one is the chooser's to find out).
const BLOCK_NS: f64 = 30_000.0;

/// One block's slots and rows of every output buffer.
type Part<'a> = (
    (
        (
            ((&'a mut [Slot], &'a mut [f32]), &'a mut [i8]),
            &'a mut [f32],
        ),
        &'a mut [u8],
    ),
    &'a mut [u8],
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen;

    use crate::encode::tests::vector_env::Buffers;

    fn env(rules: RuleSet, n: usize, block: Option<usize>) -> VectorEnv {
        let bots = vec![BotSpec::RANDOM; rules.players() as usize];
        let mut env = VectorEnv::new(rules, n, 0, bots, Reward::Deal, Some(3)).unwrap();
        env.pin_blocks(block);
        env
    }

    /// Random legal actions, one per env, from the legal ids of the last write.
    fn actions(env: &VectorEnv, rng: &mut SplitMix64) -> Vec<i64> {
        env.slots
            .iter()
            .map(|s| s.ids[rng.below(s.ids.len() as u64) as usize] as i64)
            .collect()
    }

    /// A hash of every buffer after every step of `steps` (the same random actions given
    /// any split).
    fn run(env: &mut VectorEnv, threads: usize, steps: usize) -> Vec<u64> {
        use std::hash::{Hash, Hasher};
        let mut b = Buffers::new(env);
        env.reset(21, b.out(), threads).unwrap();
        let mut rng = SplitMix64::new(5);
        let mut seen = Vec::new();
        for _ in 0..steps {
            let a = actions(env, &mut rng);
            env.step(&a, b.out(), threads, true).unwrap();
            let mut h = std::collections::hash_map::DefaultHasher::new();
            b.obs.iter().for_each(|x| x.to_bits().hash(&mut h));
            (&b.masks, &b.term, &b.trunc).hash(&mut h);
            b.rewards.iter().for_each(|x| x.to_bits().hash(&mut h));
            seen.push(h.finish());
        }
        seen
    }

    fn small_target(name: &str, players: i64) -> RuleSet {
        RuleSet::Fifteen(fifteen::Rules::new(name, Some(players), Some(3)).unwrap())
    }

    #[test]
    fn the_pool_gives_one_threads_bytes_over_many_steps_and_resets() {
        for rules in [
            small_target("escoba", 2),
            small_target("rb3ine", 4),
            RuleSet::Quinte(crate::quinte::Rules::new(40).unwrap()),
        ] {
            let one = run(&mut env(rules, 13, None), 1, 120);
            for (threads, block) in [(2, Some(1)), (3, Some(4)), (2, Some(13)), (4, None)] {
                let mut e = env(rules, 13, block);
                assert_eq!(
                    one,
                    run(&mut e, threads, 120),
                    "{threads} threads, {block:?}"
                );
                // and again on the same env (the pool's workers reused)
                assert_eq!(
                    one,
                    run(&mut e, threads, 120),
                    "{threads} threads, {block:?}"
                );
            }
        }
    }

    #[test]
    fn episodes_end_and_start_again_inside_the_pool() {
        let mut e = env(small_target("escoba", 2), 8, Some(1));
        let mut b = Buffers::new(&e);
        e.reset(3, b.out(), 2).unwrap();
        let mut rng = SplitMix64::new(1);
        let (mut ended, mut cut) = (0, 0);
        for _ in 0..300 {
            let a = actions(&e, &mut rng);
            e.step(&a, b.out(), 2, true).unwrap();
            ended += b.term.iter().filter(|&&t| t == 1).count();
            cut += b.trunc.iter().filter(|&&t| t == 1).count();
        }
        assert!(ended + cut >= 8, "{ended} ended, {cut} truncated");
    }

    #[test]
    fn a_panic_in_a_step_is_an_error_until_reset_and_the_env_goes_on() {
        let rules = small_target("quinza", 2);
        let reference = run(&mut env(rules, 6, None), 1, 20);
        for threads in [1, 2, 3] {
            let mut e = env(rules, 6, Some(2));
            let mut b = Buffers::new(&e);
            e.reset(21, b.out(), threads).unwrap();
            e.panic_at = Some(3);
            let mut rng = SplitMix64::new(5);
            let a = actions(&e, &mut rng);
            let err = e.step(&a, b.out(), threads, true).unwrap_err().to_string();
            assert_eq!(
                err,
                "the vector env is broken: a call panicked (env 3 panicked (a test)) and left \
                 envs half-moved; reset() starts every env again"
            );
            e.panic_at = None;
            let again = e.step(&a, b.out(), threads, true).unwrap_err().to_string();
            assert_eq!(again, err);
            // reset starts every env again: the same bytes as an env that never panicked
            assert_eq!(run(&mut e, threads, 20), reference);
        }
    }

    #[test]
    fn blocks_hold_at_least_the_least_work_worth_a_thread() {
        let mut e = env(small_target("escoba", 2), 1000, None);
        let mut b = Buffers::new(&e);
        let mut rng = SplitMix64::new(2);
        e.reset(1, b.out(), 2).unwrap();
        for (threads, env_ns, blocks) in [
            (2, 1_000.0, 1000usize.div_ceil(BLOCK_NS as usize / 1_000)),
            (2, BLOCK_NS, 1000), // an env is worth a block of its own
            (2, 1e9, 1000),
            (2, BLOCK_NS / 1000.0, 1), // all of them are worth one block
            (1, 1e9, 1),
        ] {
            e.env_ns = env_ns;
            // sharing is ahead, and stays so for this step
            e.chooser = Chooser {
                alone: Some(2.0),
                shared: Some(1.0),
                countdown: 5,
                wait: 5,
            };
            let a = actions(&e, &mut rng);
            e.step(&a, b.out(), threads, true).unwrap();
            assert_eq!(e.blocks(), blocks, "{threads} threads, {env_ns} ns");
            assert!(e.env_ns > 0.0 && e.env_ns.is_finite());
        }
    }

    /// The steps shared among `calls`, each mode taking the time `ns(call, shared)`.
    fn choices(
        c: &mut Chooser,
        calls: std::ops::Range<usize>,
        ns: impl Fn(usize, bool) -> f64,
    ) -> usize {
        let mut shared = 0;
        for k in calls {
            let share = c.share();
            c.record(share, ns(k, share));
            shared += share as usize;
        }
        shared
    }

    #[test]
    fn the_faster_mode_is_chosen_and_the_slower_tried_ever_less_often() {
        let mut c = Chooser::default();
        // sharing twice as fast: the steps run alone are the first and a few tries
        let alone = 4000 - choices(&mut c, 0..4000, |_, s| if s { 1.0 } else { 2.0 });
        assert!((2..=12).contains(&alone), "{alone} alone");
        // then the other cores fill up: alone wins after at most the longest wait
        let shared = choices(&mut c, 0..4000, |_, s| if s { 3.0 } else { 2.0 });
        assert!(shared <= LAST_WAIT as usize + 12, "{shared} shared");
        let late = choices(&mut c, 0..1000, |_, s| if s { 3.0 } else { 2.0 });
        assert!(late <= 3, "{late} shared");
        // one slow step of the mode ahead: back to it within the first wait
        let mut c = Chooser::default();
        choices(&mut c, 0..3000, |_, s| if s { 1.0 } else { 2.0 });
        let alone = 100
            - choices(&mut c, 0..100, |k, s| match (k, s) {
                (0, true) => 50.0,
                (_, true) => 1.0,
                _ => 2.0,
            });
        // (then alone is tried after 8, 16, 32, ... steps again)
        assert!(alone <= FIRST_WAIT as usize + 4, "{alone} alone");
        assert_eq!(c.shared_ahead(), Some(true));
    }
}
