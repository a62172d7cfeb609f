//! Batch simulation: whole matches between core bots, on several threads, with results
//! that do not depend on the thread count (docs/reference/simulation.md "Simulation").
//!
//! Match `i` of seed `S` is `Game::new(rules, match_seed(S, i))`; the bot of seat `k`
//! starts from `seat_seed(match_seed, k)`. Each match depends on `(S, i)` alone, so any
//! split of the matches over threads (or machines) gives the same records.

use crate::any::RuleSet;
use crate::bots::{Bot, BotSpec};
use crate::families::each_family;
use crate::rng::SplitMix64;
use crate::state::{Deal, Searchable};
use crate::Error;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The SplitMix64 increment (the golden ratio in 64 bits).
pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Mixed into a match seed to start the bots' stream, away from the match's own draws.
pub const BOT_STREAM: u64 = 0x6A09_E667_F3BC_C909;

/// The seed of match `index` of a simulation seeded `seed`: output number `index`
/// (0-based) of `SplitMix64(seed)`, reached in O(1).
#[inline]
pub fn match_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed.wrapping_add(index.wrapping_mul(GAMMA))).next_u64()
}

/// The seed of the bot at `seat` in a match: output number `seat` of
/// `SplitMix64(match_seed XOR BOT_STREAM)`.
#[inline]
pub fn seat_seed(match_seed: u64, seat: u8) -> u64 {
    SplitMix64::new((match_seed ^ BOT_STREAM).wrapping_add((seat as u64).wrapping_mul(GAMMA)))
        .next_u64()
}

/// Records of consecutive matches, flat, ready to become arrays. Per match: `winner`
/// (the side, or -1 for a draw), `scores` (`sides` per match), `deals`, `moves`,
/// `first_dealer`; per deal, all matches' deals one after the other: `deal_points`
/// (`sides` per deal) and `deal_dealer`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    pub sides: usize,
    pub winner: Vec<i8>,
    pub scores: Vec<i64>,
    pub deals: Vec<u32>,
    pub moves: Vec<u32>,
    pub first_dealer: Vec<u8>,
    pub deal_points: Vec<i32>,
    pub deal_dealer: Vec<u8>,
}

impl Records {
    pub fn new(sides: usize) -> Records {
        Records {
            sides,
            ..Records::default()
        }
    }

    pub fn len(&self) -> usize {
        self.winner.len()
    }

    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }

    /// Record a finished match that took `moves` moves.
    pub fn push<G: Searchable>(&mut self, g: &G, moves: u64) {
        self.winner.push(g.winner().map_or(-1, |w| w as i8));
        self.scores
            .extend(g.scores().iter().map(|&s| s.min(i64::MAX as u64) as i64));
        self.moves.push(moves.min(u32::MAX as u64) as u32);
        // The first dealer: the first deal's, or the dealer now if no deal has finished.
        let first_dealer = g.deals().first().map_or(g.dealer(), |d| d.dealer());
        self.first_dealer.push(first_dealer);
        let mut n = 0u32;
        for d in g.deals() {
            let (dealer, points) = (d.dealer(), d.points());
            self.deal_points
                .extend(points.iter().map(|&p| p.min(i32::MAX as u64) as i32));
            self.deal_dealer.push(dealer);
            n += 1;
        }
        self.deals.push(n);
    }

    /// Append the records of the matches that follow.
    pub fn append(&mut self, mut other: Records) {
        self.winner.append(&mut other.winner);
        self.scores.append(&mut other.scores);
        self.deals.append(&mut other.deals);
        self.moves.append(&mut other.moves);
        self.first_dealer.append(&mut other.first_dealer);
        self.deal_points.append(&mut other.deal_points);
        self.deal_dealer.append(&mut other.deal_dealer);
    }
}

/// `run_game` for a rule set of any family.
pub fn run_any(
    rules: RuleSet,
    bots: &[BotSpec],
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
) -> Result<Records, Error> {
    each_family!(rules, RuleSet, r, G => run_game::<G>(r, bots, seed, start, count, threads))
}

/// Checks the bots against the players: one kind per seat.
pub fn check_bots(players: u8, bots: &[BotSpec]) -> Result<(), Error> {
    if bots.len() != players as usize {
        return Err(Error::Value(format!(
            "{players} players need {players} bots, one per seat, not {}",
            bots.len()
        )));
    }
    Ok(())
}

/// Play match `match_seed` to its end with the given bots (reseeded for this match);
/// returns the finished game and the number of moves.
pub fn play_match<G: Searchable>(
    rules: G::Rules,
    bots: &mut [Bot<G::Move>],
    match_seed: u64,
) -> (G, u64) {
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.reseed(seat_seed(match_seed, seat as u8));
    }
    let mut g = G::new(rules, match_seed);
    let mut moves = 0u64;
    while let Some(seat) = g.turn() {
        let Some(mv) = bots.get_mut(seat as usize).and_then(|b| b.choose(&g)) else {
            break;
        };
        g.apply(mv);
        moves += 1;
    }
    (g, moves)
}

/// Matches handed to a thread at a time: many for the quick bots (less contention), one
/// where a search bot plays (a match takes long, and the threads should share the work).
const BLOCK: usize = 64;

/// At most this many threads are started, whatever is asked.
pub const MAX_THREADS: usize = 256;

/// The threads a call asked to run on `threads` gets: 0 is every core the process may
/// use (what `available_parallelism` says), and never more than `MAX_THREADS`.
pub fn threads_for(threads: usize) -> usize {
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    threads.min(MAX_THREADS)
}

/// The records of matches `start .. start + count` of seed `seed`, played on `threads`
/// threads (0: as many as the machine has), for any game of the core. The records are
/// the same for any count of threads.
pub fn run_game<G: Searchable>(
    rules: G::Rules,
    bots: &[BotSpec],
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
) -> Result<Records, Error> {
    check_bots(G::players(&rules), bots)?;
    for b in bots {
        b.check::<G>(&rules)?;
    }
    let sides = G::sides(&rules) as usize;
    let count =
        usize::try_from(count).map_err(|_| Error::Value("too many games at once".into()))?;
    let threads = threads_for(threads);
    let searching = bots.iter().any(|b| b.kind().searches());
    let block = if searching { 1 } else { BLOCK };
    let blocks = count.div_ceil(block);
    let play_block = |b: usize, seats: &mut Vec<Bot<G::Move>>| {
        let mut out = Records::new(sides);
        let first = b * block;
        let last = (first + block).min(count);
        for i in first..last {
            let ms = match_seed(seed, start.wrapping_add(i as u64));
            let (g, moves) = play_match::<G>(rules, seats, ms);
            out.push(&g, moves);
        }
        out
    };
    let new_seats = || {
        bots.iter()
            .map(|k| Bot::new(k.clone(), 0))
            .collect::<Vec<Bot<G::Move>>>()
    };
    if threads <= 1 || blocks <= 1 {
        let mut seats = new_seats();
        let mut all = Records::new(sides);
        for b in 0..blocks {
            all.append(play_block(b, &mut seats));
        }
        return Ok(all);
    }
    let next = AtomicUsize::new(0);
    let work = |seats: &mut Vec<Bot<G::Move>>| {
        let mut mine = Vec::new();
        loop {
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= blocks {
                break;
            }
            mine.push((b, play_block(b, seats)));
        }
        mine
    };
    let mut done: Vec<(usize, Records)> = std::thread::scope(|s| {
        // A thread the system refuses to start is simply not there: the others (and this
        // one) take its blocks.
        let workers: Vec<_> = (1..threads.min(blocks))
            .filter_map(|_| {
                std::thread::Builder::new()
                    .spawn_scoped(s, || work(&mut new_seats()))
                    .ok()
            })
            .collect();
        let mut all = work(&mut new_seats());
        for w in workers {
            all.extend(w.join().unwrap_or_default());
        }
        all
    });
    if done.len() != blocks {
        return Err(Error::Value("a simulation thread failed".into()));
    }
    done.sort_by_key(|(b, _)| *b);
    let mut all = Records::new(sides);
    for (_, r) in done {
        all.append(r);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Game, Move, Rules};

    #[test]
    fn match_seeds_are_the_outputs_of_the_seed_generator() {
        let mut r = SplitMix64::new(7);
        for i in 0..5 {
            assert_eq!(match_seed(7, i), r.next_u64());
        }
        let mut r = SplitMix64::new(3 ^ BOT_STREAM);
        for seat in 0..4 {
            assert_eq!(seat_seed(3, seat), r.next_u64());
        }
    }

    #[test]
    fn records_do_not_depend_on_the_thread_count_or_the_split() {
        for (name, players) in [("quinza", 2), ("rb3ine", 4), ("escoba", 3)] {
            let rules = Rules::new(name, Some(players), None).unwrap();
            let bots: Vec<BotSpec> = (0..players)
                .map(|s| {
                    if s % 2 == 0 {
                        BotSpec::GREEDY
                    } else {
                        BotSpec::RANDOM
                    }
                })
                .collect();
            let one = run_game::<Game>(rules, &bots, 5, 0, 300, 1).unwrap();
            assert_eq!(one.len(), 300);
            assert_eq!(run_game::<Game>(rules, &bots, 5, 0, 300, 3).unwrap(), one);
            let mut parts = run_game::<Game>(rules, &bots, 5, 0, 100, 2).unwrap();
            parts.append(run_game::<Game>(rules, &bots, 5, 100, 200, 2).unwrap());
            assert_eq!(parts, one);
            let deals: u32 = one.deals.iter().sum();
            assert_eq!(
                one.deal_points.len(),
                deals as usize * rules.sides() as usize
            );
            assert_eq!(one.deal_dealer.len(), deals as usize);
        }
    }

    #[test]
    fn a_record_is_the_match_replayed_alone() {
        let rules = Rules::new("escoba", Some(2), None).unwrap();
        let bots = [BotSpec::RANDOM, BotSpec::GREEDY];
        let recs = run_game::<Game>(rules, &bots, 9, 40, 3, 2).unwrap();
        let mut seats: Vec<Bot<Move>> = bots.iter().map(|k| Bot::new(k.clone(), 0)).collect();
        let (g, moves) = play_match::<Game>(rules, &mut seats, match_seed(9, 41));
        let mut one = Records::new(2);
        one.push(&g, moves);
        assert_eq!(recs.winner[1], one.winner[0]);
        assert_eq!(recs.scores[2..4], one.scores[..]);
        assert_eq!(recs.moves[1], one.moves[0]);
    }

    #[test]
    fn quinte_records_do_not_depend_on_the_thread_count() {
        let rules = crate::any::RuleSet::Quinte(crate::quinte::Rules::new(250).unwrap());
        let bots = [
            BotSpec::GREEDY,
            BotSpec::RANDOM,
            BotSpec::GREEDY,
            BotSpec::RANDOM,
        ];
        let one = run_any(rules, &bots, 3, 0, 40, 1).unwrap();
        assert_eq!(run_any(rules, &bots, 3, 0, 40, 2).unwrap(), one);
        assert!(
            one.winner.iter().all(|&w| w == 0 || w == 1),
            "quinte has no draws"
        );
        let deals: u32 = one.deals.iter().sum();
        assert_eq!(one.deal_points.len(), 2 * deals as usize);
    }

    #[test]
    fn bots_must_be_one_per_seat() {
        let rules = Rules::new("quinza", Some(3), None).unwrap();
        assert_eq!(
            run_game::<Game>(rules, &[BotSpec::RANDOM], 0, 0, 1, 1).unwrap_err(),
            Error::Value("3 players need 3 bots, one per seat, not 1".into())
        );
    }
}
