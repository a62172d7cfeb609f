use super::*;
use crate::fifteen;
use crate::fifteen::encode as enc15;
use crate::rng::SplitMix64;
use std::collections::HashSet;

fn every_rule_set() -> Vec<RuleSet> {
    let mut out = Vec::new();
    for name in ["quinza", "rb3ine", "escoba"] {
        for players in [2, 3, 4] {
            let r = fifteen::Rules::new(name, Some(players), None).unwrap();
            out.push(RuleSet::Fifteen(r));
        }
    }
    out.push(RuleSet::Quinte(crate::quinte::Rules::new(250).unwrap()));
    out
}

/// Positions of random play: every move of `games` matches from their first deal on.
fn random_positions(rules: RuleSet, games: u64, mut visit: impl FnMut(&AnyGame)) {
    for seed in 0..games {
        let mut g = AnyGame::new(rules, seed);
        let mut rng = SplitMix64::new(seed + 77);
        let mut moves = 0;
        while !g.is_over() && moves < 400 {
            visit(&g);
            let legal = g.legal_moves();
            let mv = legal[rng.below(legal.len() as u64) as usize];
            g.play(&mv).unwrap();
            moves += 1;
        }
        visit(&g);
    }
}

#[test]
fn every_flat_id_is_one_capture_set_adding_up_to_the_capture_total() {
    for name in ["quinza", "escoba"] {
        let r = fifteen::Rules::new(name, None, None).unwrap();
        let f = enc15::flat(&r).expect("quinza and escoba have flat ids");
        let values = r.values_by_id();
        let mut seen = HashSet::new();
        for a in 0..f.count() {
            let mv = f.move_of(a);
            let sum: u32 = mv
                .captures
                .iter()
                .map(|c| values[c.id() as usize] as u32)
                .sum();
            assert!(!mv.captures.contains(mv.card));
            if !mv.is_lay() {
                assert_eq!(
                    sum + values[mv.card.id() as usize] as u32,
                    r.capture_total() as u32
                );
            }
            assert_eq!(f.id(&mv), a, "{name} {mv}");
            assert!(seen.insert(mv));
        }
        assert!(f.count() <= enc15::FLAT_LIMIT);
    }
    let rb = fifteen::Rules::new("rb3ine", None, None).unwrap();
    assert!(enc15::flat(&rb).is_none());
}

#[test]
fn the_mask_is_the_legal_moves_and_ids_round_trip_in_random_play() {
    let mut most_ranked = 0;
    for rules in every_rule_set() {
        let count = action_count(&rules);
        let mut mask = vec![0i8; count];
        let mut obs = vec![0f32; observation_len(&rules)];
        assert_eq!(observation_names(&rules).len(), obs.len());
        let names: HashSet<String> = observation_names(&rules).into_iter().collect();
        assert_eq!(names.len(), obs.len(), "names are distinct");
        random_positions(rules, 6, |g| {
            action_mask_into(g, &mut mask).unwrap();
            let legal = g.legal_moves();
            let mut ids = HashSet::new();
            for mv in &legal {
                let a = action_of(g, mv).unwrap();
                assert!(ids.insert(a), "two moves share id {a}");
                assert_eq!(mask[a], 1);
                assert_eq!(move_of(g, a as i128).unwrap(), *mv);
                if let (RuleSet::Fifteen(r), AnyMove::Fifteen(m)) = (&rules, mv) {
                    if enc15::flat(r).is_none() {
                        most_ranked = most_ranked.max(a % enc15::RANKED_SLOTS);
                        let _ = m;
                    }
                }
            }
            assert_eq!(mask.iter().filter(|&&b| b == 1).count(), legal.len());
            for seat in 0..rules.players() {
                // Every entry is written: what the buffer held before leaves no trace.
                let mut dirty = vec![f32::NAN; obs.len()];
                encode_into(&g.observation(seat), &mut obs);
                encode_into(&g.observation(seat), &mut dirty);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
                assert_eq!(bits(&obs), bits(&dirty));
            }
        });
    }
    eprintln!("most ranked index seen in random rb3ine play: {most_ranked}");
}

/// The played set and the voids the quinte game keeps as cards are played are what the
/// deal's cards in play order show (`Game::shown`), in play and in a game read from JSON.
#[test]
fn the_quinte_voids_and_played_set_kept_in_play_are_the_deals_own() {
    let rules = RuleSet::Quinte(crate::quinte::Rules::new(250).unwrap());
    let mut voids_seen = 0;
    random_positions(rules, 12, |g| {
        let AnyGame::Quinte(q) = g else {
            unreachable!()
        };
        let again = crate::quinte::json::from_json(&crate::quinte::json::to_json(q)).unwrap();
        for q in [q, &again] {
            assert_eq!(q.voids, q.shown().void);
            let played = crate::quinte::cards::CardSet::from_cards(q.played().iter().copied());
            assert_eq!(q.played_set, played);
        }
        voids_seen += q.voids.iter().filter(|&&v| v != 0).count();
    });
    assert!(voids_seen > 0, "random play showed some void");
}

#[test]
fn ids_out_of_range_or_masked_off_are_refused() {
    for rules in every_rule_set() {
        let g = AnyGame::new(rules, 3);
        let count = action_count(&rules) as i128;
        for bad in [-1, count, count + 5] {
            let e = move_of(&g, bad).unwrap_err();
            assert!(e.to_string().contains("out of range"), "{e}");
        }
        let mut mask = vec![0i8; count as usize];
        action_mask_into(&g, &mut mask).unwrap();
        let off = mask.iter().position(|&b| b == 0).unwrap();
        let e = move_of(&g, off as i128).unwrap_err();
        assert!(e.to_string().contains("masked off"), "{e}");
    }
}

pub(crate) mod vector_env {
    use super::super::vector::{Outputs, Reward, VectorEnv};
    use super::*;
    use crate::bots::BotSpec;

    /// The output buffers of a vector env (the vector module's own tests use them too).
    pub(crate) struct Buffers {
        pub(crate) obs: Vec<f32>,
        pub(crate) masks: Vec<i8>,
        pub(crate) rewards: Vec<f32>,
        pub(crate) term: Vec<u8>,
        pub(crate) trunc: Vec<u8>,
    }

    impl Buffers {
        pub(crate) fn new(env: &VectorEnv) -> Buffers {
            let n = env.num_envs();
            Buffers {
                obs: vec![0.0; n * env.observation_len()],
                masks: vec![0; n * env.action_count()],
                rewards: vec![0.0; n],
                term: vec![0; n],
                trunc: vec![0; n],
            }
        }
        pub(crate) fn out(&mut self) -> Outputs<'_> {
            Outputs {
                observations: &mut self.obs,
                masks: &mut self.masks,
                rewards: &mut self.rewards,
                terminated: &mut self.term,
                truncated: &mut self.trunc,
            }
        }
    }

    /// What a step wrote: observations, masks, rewards and the ends.
    type Written = (Vec<f32>, Vec<i8>, Vec<f32>, Vec<u8>);

    /// `steps` steps of random legal actions (picked from the masks); everything written.
    fn run(rules: RuleSet, threads: usize, steps: usize) -> Vec<Written> {
        let bots = vec![BotSpec::GREEDY; rules.players() as usize];
        let mut env = VectorEnv::new(rules, 5, 1, bots, Reward::Deal, Some(2)).unwrap();
        let mut b = Buffers::new(&env);
        env.reset(9, b.out(), threads).unwrap();
        let mut rng = SplitMix64::new(4);
        let mut seen = Vec::new();
        for _ in 0..steps {
            let a = env.action_count();
            let actions: Vec<i64> = (0..env.num_envs())
                .map(|i| {
                    let legal: Vec<usize> = (0..a).filter(|&k| b.masks[i * a + k] == 1).collect();
                    legal[rng.below(legal.len() as u64) as usize] as i64
                })
                .collect();
            env.step(&actions, b.out(), threads, true).unwrap();
            // The mask written incrementally is the mask of the position.
            for i in 0..env.num_envs() {
                let mut one = vec![0i8; a];
                action_mask_into(env.game(i).unwrap(), &mut one).unwrap();
                assert_eq!(&b.masks[i * a..(i + 1) * a], &one[..]);
            }
            seen.push((
                b.obs.clone(),
                b.masks.clone(),
                b.rewards.clone(),
                b.term.clone(),
            ));
        }
        seen
    }

    #[test]
    fn the_vector_env_gives_the_same_results_on_any_thread_count() {
        for rules in [every_rule_set()[2], every_rule_set()[9]] {
            assert_eq!(run(rules, 1, 40), run(rules, 2, 40));
            assert_eq!(run(rules, 1, 40), run(rules, 3, 40));
        }
    }

    #[test]
    fn a_masked_off_action_in_one_env_moves_no_env() {
        let rules = every_rule_set()[9];
        let bots = vec![BotSpec::RANDOM; 4];
        let mut env = VectorEnv::new(rules, 3, 0, bots, Reward::Match, None).unwrap();
        let mut b = Buffers::new(&env);
        env.reset(1, b.out(), 1).unwrap();
        let before: Vec<String> = (0..3).map(|i| env.game(i).unwrap().to_json()).collect();
        let a = env.action_count();
        let legal = |i: usize| (0..a).find(|&k| b.masks[i * a + k] == 1).unwrap() as i64;
        let off = (0..a).find(|&k| b.masks[a + k] == 0).unwrap() as i64;
        let actions = vec![legal(0), off, legal(2)];
        let e = env.step(&actions, b.out(), 2, true).unwrap_err();
        assert!(e.to_string().starts_with("env 1: action"), "{e}");
        let after: Vec<String> = (0..3).map(|i| env.game(i).unwrap().to_json()).collect();
        assert_eq!(before, after);
    }
}
