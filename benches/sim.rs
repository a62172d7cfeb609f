//! Criterion benches of batch simulation: whole matches between core bots, for each rule
//! set (quinte too), random and greedy, on 1 and 2 threads. Throughput is in moves (each run plays the
//! same matches, so the move count is fixed).
//!
//!     cargo bench --bench sim            # full run
//!     cargo bench --bench sim -- --quick # a quick look

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quinza::any::RuleSet;
use quinza::bots::BotSpec;
use quinza::fifteen::Rules;
use quinza::sim;
use std::hint::black_box;

const MATCHES: u64 = 2_000;

fn bench_simulate(c: &mut Criterion) {
    let quinte = RuleSet::Quinte(quinza::quinte::Rules::new(250).expect("rules"));
    for (name, players) in [("quinza", 2), ("rb3ine", 4), ("escoba", 2), ("quinte", 4)] {
        let rules = if name == "quinte" {
            quinte
        } else {
            RuleSet::Fifteen(Rules::new(name, Some(players), None).expect("rules"))
        };
        for kind in [BotSpec::Random, BotSpec::Greedy] {
            let bots = vec![kind.clone(); players as usize];
            let probe = sim::run_any(rules, &bots, 1, 0, MATCHES, 1).expect("run");
            let moves: u64 = probe.moves.iter().map(|&m| m as u64).sum();
            let mut group =
                c.benchmark_group(format!("simulate_{name}_{players}p_{}", kind.kind().name()));
            group.sample_size(10);
            group.throughput(Throughput::Elements(moves));
            for threads in [1usize, 2] {
                group.bench_function(format!("{MATCHES}_matches_{threads}_threads"), |b| {
                    b.iter(|| {
                        black_box(
                            sim::run_any(rules, &bots, 1, 0, MATCHES, threads)
                                .expect("run")
                                .len(),
                        )
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench_simulate);
criterion_main!(benches);
