//! A quick look at the core's speed on a shared machine: the best of many short runs,
//! taken in turns, for random 2-player quinza deals, random quinte deals, and batch
//! simulation of random 2-player quinza on 1 and 2 threads.
//!
//!     cargo bench --bench quick
//!
//! Short runs in turns: a load that comes and goes on a shared machine rarely spares a
//! long run, and hits every measure alike. The best of each estimates the speed of a
//! quiet core; compare figures within one run.

use quinza::bots::BotSpec;
use quinza::playout::Playout;
use quinza::{fifteen, quinte, sim};
use std::time::Instant;

const ROUNDS: usize = 40;

/// Work that returns the moves it played.
type Work = Box<dyn FnMut() -> u64>;

/// Seconds of one run of `work`, and its moves.
fn timed(work: &mut Work) -> (f64, u64) {
    let start = Instant::now();
    let moves = work();
    (start.elapsed().as_secs_f64(), moves)
}

fn main() {
    let quinza = fifteen::Rules::new("quinza", None, None).expect("rules");
    let random = [BotSpec::Random, BotSpec::Random];
    let mut measures: Vec<(&str, Work)> = vec![
        (
            "quinza 2p random deals",
            Box::new(move || {
                let mut p = Playout::new(1);
                (0..4_000)
                    .map(|seed| p.play_deal(&mut fifteen::Game::new(quinza, seed)))
                    .sum()
            }),
        ),
        (
            "quinte random deals",
            Box::new(|| {
                let mut p = Playout::new(1);
                (0..4_000)
                    .map(|seed| p.play_deal(&mut quinte::Game::new(quinte::Rules::default(), seed)))
                    .sum()
            }),
        ),
    ];
    for threads in [1, 2] {
        let name = if threads == 1 {
            "simulate quinza 2p random, 1 thread"
        } else {
            "simulate quinza 2p random, 2 threads"
        };
        let random = random.clone();
        measures.push((
            name,
            Box::new(move || {
                let recs = sim::run_game::<fifteen::Game>(quinza, &random, 1, 0, 2_000, threads)
                    .expect("run");
                recs.moves.iter().map(|&m| m as u64).sum()
            }),
        ));
    }
    let mut best = vec![(f64::MAX, 0u64); measures.len()];
    for _ in 0..ROUNDS {
        for (i, (_, work)) in measures.iter_mut().enumerate() {
            let (seconds, moves) = timed(work);
            if seconds < best[i].0 {
                best[i] = (seconds, moves);
            }
        }
    }
    let rate = |i: usize| best[i].1 as f64 / best[i].0 / 1e6;
    for (i, (name, _)) in measures.iter().enumerate() {
        println!("{name:40} {:8.2} M moves/s", rate(i));
    }
    let n = measures.len();
    println!(
        "{:40} {:8.2} x",
        "2 threads over 1",
        rate(n - 1) / rate(n - 2)
    );
}
