//! Worlds and search bots over both families: a world reads nothing of where the hidden
//! cards are, keeps what the seat knows, and the bots' choices follow from it.

use crate::bots::{Bot, BotSpec};
use crate::rng::SplitMix64;
use crate::search::ismcts::IsmctsParams;
use crate::search::pimc::PimcParams;
use crate::state::State;
use crate::{fifteen, quinte};

/// Positions from random play: every `step`-th position of a few matches.
fn positions<G: State>(rules: G::Rules, seeds: u64, step: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..seeds {
        let mut g = G::new(rules, seed);
        let mut rng = SplitMix64::new(seed ^ 0xabc);
        for i in 0..400u64 {
            if g.is_over() {
                break;
            }
            if i % step == 0 {
                out.push(g.clone());
            }
            let mv = g.random_move(&mut rng, &mut buf).unwrap();
            g.apply(mv);
        }
    }
    out
}

/// Everything a world holds that a search reads: its key, its legal moves and the
/// observation of every seat.
fn fingerprint<G: State>(g: &G) -> (u64, Vec<G::Move>, usize)
where
    G::Observation: std::fmt::Debug,
{
    let seats = G::players(g.rules());
    let obs: String = (0..seats)
        .map(|s| format!("{:?}", g.observation(s)))
        .collect();
    (g.deal_key(), g.legal_moves(), obs.len())
}

/// A world of `g` (itself a consistent re-deal of the hidden cards) gives the same
/// worlds, the same bot choices and the same analyses as `g`.
fn redeal_changes_nothing<G: State>(rules: G::Rules)
where
    G::Observation: std::fmt::Debug + PartialEq,
{
    let bots = [
        BotSpec::Pimc(PimcParams {
            worlds: 3,
            ..PimcParams::default()
        }),
        BotSpec::Ismcts(IsmctsParams {
            iterations: 40,
            ..IsmctsParams::default()
        }),
    ];
    for (i, g) in positions::<G>(rules, 3, 7).into_iter().enumerate() {
        let seat = g.turn().unwrap();
        let redealt = g.sample_world(seat, &mut SplitMix64::new(i as u64 + 1000));
        assert_eq!(redealt.observation(seat), g.observation(seat));
        for k in 0..3 {
            let a = g.sample_world(seat, &mut SplitMix64::new(k));
            let b = redealt.sample_world(seat, &mut SplitMix64::new(k));
            assert_eq!(fingerprint(&a), fingerprint(&b), "position {i}");
            assert_eq!(a.observation(seat), g.observation(seat));
        }
        for spec in &bots {
            let mut x = Bot::new(spec.clone(), 9);
            let mut y = Bot::new(spec.clone(), 9);
            assert_eq!(x.choose(&g), y.choose(&redealt), "position {i}, {spec:?}");
            let (ax, ay) = (x.analyse(&g).unwrap(), y.analyse(&redealt).unwrap());
            assert_eq!(format!("{ax:?}"), format!("{ay:?}"));
        }
    }
}

#[test]
fn a_fifteen_world_reads_nothing_of_the_hidden_cards() {
    for (name, players) in [("quinza", 2), ("escoba", 3), ("rb3ine", 4)] {
        let rules = fifteen::Rules::new(name, Some(players), None).unwrap();
        redeal_changes_nothing::<fifteen::Game>(rules);
    }
}

#[test]
fn a_quinte_world_reads_nothing_of_the_hidden_cards() {
    redeal_changes_nothing::<quinte::Game>(quinte::Rules::new(250).unwrap());
}

#[test]
fn a_quinte_world_keeps_every_void_and_the_joker_rule() {
    let mut checked = 0;
    for g in positions::<quinte::Game>(quinte::Rules::new(250).unwrap(), 12, 3) {
        let seat = g.turn().unwrap();
        let shown = g.shown();
        for k in 0..4 {
            let w = g.sample_world(seat, &mut SplitMix64::new(k));
            assert_eq!(w.hand(seat), g.hand(seat));
            for s in 0..4u8 {
                assert_eq!(w.hand(s).len(), g.hand(s).len());
                for c in w.hand(s).iter() {
                    assert!(s == seat || shown.allows(s, c), "seat {s} holds {c}");
                }
            }
            let all = |x: &quinte::Game| {
                let mut set = quinte::CardSet::from_cards(x.cachette().iter().copied());
                for s in 0..4 {
                    set = set.union(x.hand(s));
                }
                set
            };
            assert_eq!(all(&w), all(&g));
            checked += shown.void.iter().filter(|&&v| v != 0).count();
        }
    }
    assert!(checked > 0, "some position showed a void");
}

#[test]
fn the_search_bots_play_a_legal_move_in_every_rule_set() {
    let specs = [
        BotSpec::Pimc(PimcParams {
            worlds: 2,
            ..PimcParams::default()
        }),
        BotSpec::Ismcts(IsmctsParams {
            iterations: 20,
            ..IsmctsParams::default()
        }),
    ];
    for spec in &specs {
        for name in ["quinza", "rb3ine", "escoba"] {
            let rules = fifteen::Rules::new(name, Some(2), None).unwrap();
            for g in positions::<fifteen::Game>(rules, 1, 11) {
                let mv = Bot::new(spec.clone(), 1).choose(&g).unwrap();
                assert!(g.is_legal(&mv));
            }
        }
        for g in positions::<quinte::Game>(quinte::Rules::new(250).unwrap(), 1, 5) {
            let mv = Bot::new(spec.clone(), 1).choose(&g).unwrap();
            assert!(g.is_legal(&mv));
        }
    }
}
