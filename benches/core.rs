//! Criterion benches of the core: legal-move generation over a fixed corpus, counting on
//! big rb3ine tables, random playouts of whole 2-player quinza deals, and quinte: legal
//! moves over a corpus of positions and random playouts of whole deals and matches.
//!
//!     cargo bench --bench core            # full run
//!     cargo bench --bench core -- --quick # a quick look

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use quinza::cards::{Card, FULL_DECK};
use quinza::fifteen::{Game, Move, Position, Rules};
use quinza::playout::Playout;
use quinza::quinte;
use quinza::rng::SplitMix64;
use quinza::state::State;
use std::hint::black_box;

/// Positions reached by seeded random play: every rule set, 2-4 players, early and late
/// in a deal.
fn corpus(size: usize) -> Vec<Game> {
    let mut out = Vec::with_capacity(size);
    let mut seed = 0u64;
    while out.len() < size {
        for name in ["quinza", "rb3ine", "escoba"] {
            for players in 2..=4i64 {
                let rules = Rules::new(name, Some(players), None).expect("rules");
                out.extend(advanced(Game::new(rules, seed), seed, 30));
            }
        }
        seed += 1;
    }
    out
}

/// `g` after a random number (below `most`) of random moves, if the match goes on.
fn advanced<G: State>(mut g: G, seed: u64, most: u64) -> Option<G> {
    let mut p = Playout::new(seed ^ 0x5eed);
    for _ in 0..SplitMix64::new(seed).below(most) {
        if !p.step(&mut g) {
            break;
        }
    }
    (!g.is_over()).then_some(g)
}

/// rb3ine positions with 30 cards on the table: millions of capture groups.
fn big_tables() -> Vec<Game> {
    let hands = ["12o", "12c", "12e", "11o", "11c", "11e"];
    let hand_cards: Vec<Card> = hands
        .iter()
        .map(|t| Card::parse(t).expect("card"))
        .collect();
    let rest: Vec<Card> = FULL_DECK
        .iter()
        .filter(|c| !hand_cards.contains(c))
        .collect();
    let rules = Rules::new("rb3ine", None, None).expect("rules");
    (0..3)
        .map(|shift| {
            let mut r = rest.clone();
            r.rotate_left(shift);
            let mut p = Position::new(rules);
            p.hands = vec![hand_cards[..3].to_vec(), hand_cards[3..].to_vec()];
            p.table = r[..30].to_vec();
            p.piles = vec![r[30..].to_vec(), vec![]];
            p.dealer = 1;
            Game::from_position(p).expect("position")
        })
        .collect()
}

fn bench_legal_moves(c: &mut Criterion) {
    let games = corpus(300);
    let total: usize = games.iter().map(|g| g.legal_moves().len()).sum();
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(games.len() as u64));
    let mut buf: Vec<Move> = Vec::with_capacity(1024);
    group.bench_function(format!("corpus_300_positions_{total}_moves"), |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                buf.clear();
                g.legal_moves_into(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    group.bench_function("count_corpus_300_positions", |b| {
        b.iter(|| games.iter().map(|g| g.count_legal_moves()).sum::<u64>())
    });
    group.finish();

    let bigs = big_tables();
    let mut group = c.benchmark_group("big_table_rb3ine_30_cards");
    group.throughput(Throughput::Elements(bigs.len() as u64));
    group.bench_function("count_legal_moves", |b| {
        b.iter(|| {
            bigs.iter()
                .map(|g| black_box(g).count_legal_moves())
                .sum::<u64>()
        })
    });
    let probe = Move::parse("12o x 10c 11b 7o").expect("move");
    group.bench_function("is_legal", |b| {
        b.iter(|| {
            bigs.iter()
                .filter(|g| black_box(g).is_legal(&probe))
                .count()
        })
    });
    group.finish();

    // Listing every group of one big table: cost per group listed.
    let g = &bigs[0];
    let listed = g.legal_moves().len() as u64;
    let mut group = c.benchmark_group("big_table_rb3ine_30_cards_listing");
    group.sample_size(10);
    group.throughput(Throughput::Elements(listed));
    let mut buf: Vec<Move> = Vec::with_capacity(listed as usize);
    group.bench_function(format!("legal_moves_{listed}_groups"), |b| {
        b.iter(|| {
            buf.clear();
            g.legal_moves_into(&mut buf);
            buf.len()
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    const DEALS: u64 = 200;
    let rules = Rules::new("quinza", None, None).expect("rules");
    // A 2-player deal is always 36 moves (6 rounds of 3 cards to 2 seats).
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(DEALS * 36));
    let mut seed = 0u64;
    group.bench_function("quinza_2p_whole_deals_x200", |b| {
        b.iter_batched(
            || {
                seed += 1;
                seed
            },
            |s| {
                let mut p = Playout::new(s);
                let mut moves = 0;
                let mut game_seed = s.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                for _ in 0..DEALS {
                    // A fresh match each deal: shuffles and deals included in the cost.
                    let mut g = Game::new(rules, game_seed);
                    game_seed = game_seed.wrapping_add(1);
                    moves += p.play_deal(&mut g);
                }
                assert_eq!(moves, DEALS * 36);
                moves
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();

    let mut group = c.benchmark_group("random_playout_match");
    let mut seed = 0u64;
    let probe: u64 = (0..20)
        .map(|s| Playout::new(s).play_match(&mut Game::new(rules, s)))
        .sum();
    group.throughput(Throughput::Elements(probe / 20));
    group.bench_function("quinza_2p_whole_match_avg_moves", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(rules, seed);
            Playout::new(seed).play_match(&mut g)
        })
    });
    group.finish();
}

/// Quinte positions reached by seeded random play: the doubling and every trick.
fn quinte_corpus(size: usize) -> Vec<quinte::Game> {
    let rules = quinte::Rules::default();
    let mut out = Vec::with_capacity(size);
    let mut seed = 0u64;
    while out.len() < size {
        out.extend(advanced(quinte::Game::new(rules, seed), seed, 56));
        seed += 1;
    }
    out
}

fn bench_quinte(c: &mut Criterion) {
    let games = quinte_corpus(300);
    let total: usize = games.iter().map(|g| g.legal_moves().len()).sum();
    let mut group = c.benchmark_group("quinte_legal_moves");
    group.throughput(Throughput::Elements(games.len() as u64));
    let mut buf: Vec<quinte::Move> = Vec::with_capacity(64);
    group.bench_function(format!("corpus_300_positions_{total}_moves"), |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                buf.clear();
                g.legal_moves_into(&mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    group.bench_function("legal_cards_bitset_corpus_300_positions", |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| g.legal_cards().len() as u64)
                .sum::<u64>()
        })
    });
    group.finish();

    // Random deals: a fresh match per deal (shuffle, deal, doubling, 12 tricks, cachette,
    // scoring), the same 200 seeds each iteration, so the work is fixed.
    const DEALS: u64 = 200;
    let rules = quinte::Rules::default();
    let run = |first: u64| {
        let mut moves = 0;
        for s in first..first + DEALS {
            let mut g = quinte::Game::new(rules, s);
            moves += Playout::new(s ^ 0xD0).play_deal(&mut g);
        }
        moves
    };
    let deal_moves = run(1);
    let mut group = c.benchmark_group("quinte_random_playout");
    group.throughput(Throughput::Elements(deal_moves));
    group.bench_function(format!("whole_deals_x200_{deal_moves}_moves"), |b| {
        b.iter(|| black_box(run(1)))
    });
    group.finish();

    const MATCHES: u64 = 20;
    let matches = |first: u64| {
        (first..first + MATCHES)
            .map(|s| Playout::new(s).play_match(&mut quinte::Game::new(rules, s)))
            .sum::<u64>()
    };
    let match_moves = matches(1);
    let mut group = c.benchmark_group("quinte_random_playout_match");
    group.throughput(Throughput::Elements(match_moves));
    group.bench_function(format!("whole_matches_x20_{match_moves}_moves"), |b| {
        b.iter(|| black_box(matches(1)))
    });
    group.finish();
}

criterion_group!(benches, bench_legal_moves, bench_playouts, bench_quinte);
criterion_main!(benches);
