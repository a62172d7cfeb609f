//! Worlds and search bots over both families: a world reads nothing of where the hidden
//! cards are, keeps what the seat knows, and the bots' choices follow from it.

use crate::bots::{Bot, BotSpec};
use crate::rng::SplitMix64;
use crate::search::ismcts::IsmctsParams;
use crate::search::pimc::PimcParams;
use crate::state::{Deal, Searchable, State};
use crate::{fifteen, quinte};

/// Positions from random play: every `step`-th position of a few matches.
fn positions<G: Searchable>(rules: G::Rules, seeds: u64, step: u64) -> Vec<G> {
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
fn fingerprint<G: Searchable>(g: &G) -> (u64, Vec<G::Move>, usize)
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
fn redeal_changes_nothing<G: Searchable>(rules: G::Rules)
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
        let rules = fifteen::Rules::new(name, Some(players as i64), None).unwrap();
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
                let mut set = x.cachette_set();
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

/// 2-player quinza, seat 0 to play, every card not named in side 0's pile.
fn quinza_position(hands: &[&[&str]], table: &[&str], stock: &[&str]) -> fifteen::Game {
    let rules = fifteen::Rules::new("quinza", Some(2), None).unwrap();
    fifteen::game::tests::position(rules, hands, table, stock, 1, 0, |_| {}).unwrap()
}

fn play(g: &mut fifteen::Game, text: &str) {
    let mv = g
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap();
    g.apply(mv);
}

#[test]
fn worlds_fitted_to_greedy_play_never_give_a_seat_a_hand_it_would_have_captured_with() {
    use crate::search::worlds::{sample_fitted, Infer};
    // Seat 0 lays 1c on 5c 4b: a greedy seat 0 held none of 10o, 11c, 6c (each captures
    // there, and any capture is worth more than a lay in quinza).
    let mut g = quinza_position(
        &[&["1c", "2e", "3e"], &["2b", "3b", "7e"]],
        &["5c", "4b"],
        &["10o", "11c", "6c", "7o", "1o", "12b"],
    );
    play(&mut g, "1c");
    let captures = fifteen::game::tests::set(&["10o", "11c", "6c"]);
    let mut buf = Vec::new();
    let (mut fitted, mut plain) = (0, 0);
    for k in 0..200 {
        let w = sample_fitted(&g, 1, Infer::Greedy, &mut SplitMix64::new(k), &mut buf);
        fitted += !w.hand(0).intersect(captures).is_empty() as u32;
        let w = sample_fitted(&g, 1, Infer::Off, &mut SplitMix64::new(k), &mut buf);
        plain += !w.hand(0).intersect(captures).is_empty() as u32;
        assert_eq!(
            fingerprint(&w),
            fingerprint(&g.sample_world(1, &mut SplitMix64::new(k)))
        );
    }
    assert_eq!(fitted, 0);
    assert!(plain > 50, "{plain}");
}

#[test]
fn a_history_no_world_fits_still_gives_the_first_world_drawn() {
    use crate::search::worlds::{sample_fitted, Infer, FIT_TRIES};
    // Seat 0 took 5c with 10e where 5o was there to take: greedy in no world.
    let mut g = quinza_position(
        &[&["10e", "2c", "3c"], &["1b", "2b", "3b"]],
        &["5c", "5o", "7b", "6e"],
        &["1c", "4c", "6c", "7c", "11c", "12c"],
    );
    play(&mut g, "10e x 5c");
    let mut buf = Vec::new();
    let mut rng = SplitMix64::new(7);
    for _ in 0..FIT_TRIES {
        assert!(!g.sample_world(1, &mut rng).fits_greedy(1, false, &mut buf));
    }
    let mut fitted = SplitMix64::new(7);
    let w = sample_fitted(&g, 1, Infer::Greedy, &mut fitted, &mut buf);
    assert_eq!(fitted.state, rng.state);
    assert_eq!(
        fingerprint(&w),
        fingerprint(&g.sample_world(1, &mut SplitMix64::new(7)))
    );
    // A search gives up fitting after GIVE_UP_AFTER such worlds: one draw a world then.
    let mut fitter = crate::search::worlds::Fitter::new(Infer::Greedy);
    let mut rng = SplitMix64::new(8);
    for _ in 0..crate::search::worlds::GIVE_UP_AFTER {
        fitter.world(&g, 1, &mut rng, &mut buf);
    }
    let mut once = rng;
    let w = fitter.world(&g, 1, &mut rng, &mut buf);
    assert_eq!(fingerprint(&w), fingerprint(&g.sample_world(1, &mut once)));
    assert_eq!(rng.state, once.state);
    let mv = Bot::new(BotSpec::Ismcts(IsmctsParams::default()), 1)
        .choose(&g)
        .unwrap();
    assert!(g.is_legal(&mv));
}

#[test]
fn the_round_in_play_is_what_every_seat_saw_since_the_hands_were_dealt() {
    // Greedy play of whole matches: at every position the real deal fits (the moves were
    // greedy), and the round holds the moves since the last refill, its table the table then.
    for name in ["quinza", "rb3ine", "escoba"] {
        for players in 2..=4u8 {
            let rules = fifteen::Rules::new(name, Some(players as i64), None).unwrap();
            let mut g = fifteen::Game::new(rules, players as u64);
            let mut buf = Vec::new();
            let mut since = 0usize;
            while let Some(seat) = g.turn() {
                assert!(
                    g.fits_greedy(seat, false, &mut buf) && g.fits_greedy(seat, true, &mut buf)
                );
                assert_eq!(g.round.len as usize, since);
                let before_hands: u32 = (0..players).map(|s| g.hand(s).len()).sum();
                if since == 0 {
                    assert_eq!(g.round.table, g.table());
                }
                let mv = g.greedy_move(&mut buf).unwrap();
                g.apply(mv);
                since = if before_hands == 1 { 0 } else { since + 1 };
            }
        }
    }
}

/// SCRATCH: ismcts iterations a second on positions as benches/search_speed.py picks them.
/// A search copy plays as the game until its deal ends, records that deal as the game
/// does, and then stops: no seat to act, where the game deals again.
fn a_search_copy_stops_at_its_deal_end<G: Searchable>(rules: G::Rules)
where
    G::Move: std::fmt::Debug,
{
    let mut buf = Vec::new();
    let mut deals_seen = 0;
    for (i, g) in positions::<G>(rules, 4, 9).into_iter().enumerate() {
        let (mut game, mut copy) = (g.clone(), g.search_copy());
        let before = game.deals().len();
        let mut rng = SplitMix64::new(i as u64);
        while copy.deals().is_empty() {
            assert_eq!(copy.legal_moves(), game.legal_moves(), "position {i}");
            let mv = game.random_move(&mut rng, &mut buf).unwrap();
            game.apply(mv);
            copy.apply(mv);
        }
        let (dealt, recorded) = (&game.deals()[before], &copy.deals()[0]);
        assert_eq!(recorded.points(), dealt.points(), "position {i}");
        assert_eq!(copy.turn(), None, "position {i}");
        assert_eq!(game.turn().is_some(), !game.is_over(), "position {i}");
        deals_seen += !game.is_over() as u32;
    }
    assert!(deals_seen > 0, "some game went on to another deal");
}

#[test]
fn a_search_copy_stops_at_its_deal_end_in_both_families() {
    for (name, players) in [("quinza", 2), ("escoba", 4)] {
        let rules = fifteen::Rules::new(name, Some(players), None).unwrap();
        a_search_copy_stops_at_its_deal_end::<fifteen::Game>(rules);
    }
    a_search_copy_stops_at_its_deal_end::<quinte::Game>(quinte::Rules::default());
}

/// ismcts's iterations a second in the core alone, on positions picked as
/// benches/search_speed.py picks them (self-play of the bot from match seeds 1, 2, ...;
/// card play only, more than one legal move), and a trace of the positions its choices
/// led to: two builds that should choose alike print the same trace (benches/README.md).
/// `ISMCTS_GAME=escoba|quinte`, `ISMCTS_MOVES` (30), `ISMCTS_ITERATIONS` (1000),
/// `ISMCTS_PLAIN=1` (no inference, every side by UCB), `ISMCTS_ROLLOUT=random`:
/// `cargo test --release --lib ismcts_speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn ismcts_speed() {
    use crate::search::ismcts::{Opponents, Rollout};
    use crate::search::worlds::Infer;
    fn var(name: &str, default: u64) -> u64 {
        std::env::var(name).map_or(default, |s| s.parse().unwrap())
    }
    fn run<G: Searchable>(rules: G::Rules, label: &str, bidding: fn(&G) -> bool) {
        let iterations = var("ISMCTS_ITERATIONS", 1000);
        let plain = std::env::var("ISMCTS_PLAIN").is_ok();
        let random = std::env::var("ISMCTS_ROLLOUT").is_ok_and(|r| r == "random");
        let spec = BotSpec::Ismcts(IsmctsParams {
            iterations,
            infer: if plain { Infer::Off } else { Infer::Greedy },
            opponents: if plain {
                Opponents::Search
            } else {
                Opponents::Fitted
            },
            rollout: if random {
                Rollout::Random
            } else {
                Rollout::Greedy
            },
            ..IsmctsParams::default()
        });
        let mut bot = Bot::new(spec, 1);
        let mut buf = Vec::new();
        let (mut timed, mut seconds, mut trace) = (0, 0.0, 0);
        for seed in 1.. {
            let mut g = G::new(rules, seed);
            while !g.is_over() && timed < var("ISMCTS_MOVES", 30) {
                if g.legal_moves().len() == 1 || bidding(&g) {
                    g.apply(g.greedy_move(&mut buf).unwrap());
                    continue;
                }
                let t = std::time::Instant::now();
                let mv = bot.choose(&g).unwrap();
                seconds += t.elapsed().as_secs_f64();
                g.apply(mv);
                trace = crate::state::mix_key(trace, g.deal_key());
                timed += 1;
            }
            if timed == var("ISMCTS_MOVES", 30) {
                break;
            }
        }
        let rate = (iterations * timed) as f64 / seconds;
        println!("{label}: {timed} moves, {rate:.0} iterations a second, trace {trace:016x}");
    }
    let game = std::env::var("ISMCTS_GAME").unwrap_or_default();
    if game != "quinte" {
        let rules = fifteen::Rules::new("escoba", Some(2), None).unwrap();
        run::<fifteen::Game>(rules, "escoba 2p", |_| false);
    }
    if game != "escoba" {
        run::<quinte::Game>(quinte::Rules::default(), "quinte 4p", |g| {
            g.phase() != quinte::Phase::Play
        });
    }
}
