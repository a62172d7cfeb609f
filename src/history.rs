//! The history of a match (docs/reference/events.md "History and undo"): the game it started from,
//! the seed it was dealt from, every move played since and what each made happen. Only
//! the bindings' `Game` keeps one; simulation and search play on the families' games and
//! never pay for it.
//!
//! `undo` replays the moves from the start instead of keeping a snapshot of every
//! position. Measured (release build, this machine): replaying the longest of 40 random
//! 2-player escoba matches (396 moves, 11 deals) takes about 11 µs, a twentieth of
//! building the Python values of its `history` once; snapshots would make every `play`
//! of the bindings copy the game (its deals included) for an undo a user makes now and
//! then. The replay is exact: the next state depends only on the state and the move
//! (the generator is part of the state).

use crate::any::{AnyGame, AnyMove};
use crate::events::{Event, NoEvents};
use crate::families::same_family;
use crate::Error;
use std::sync::Arc;

/// The message of `undo` with no move to take back (the same in the reference).
pub const NOTHING_TO_UNDO: &str =
    "no move to undo: no move has been played since the game was made";

/// Copies of a game share their history: the start and the moves are a chain of shared
/// links, so `copy()` and `play` cost the same however long the match (a Python search
/// over the bindings copies games all the time).
#[derive(Clone, Debug)]
pub struct History {
    start: Arc<AnyGame>,
    seed: Option<u64>,
    last: Option<Arc<Link>>,
}

/// One move of a history, what it made happen, and the history before it.
#[derive(Debug)]
struct Link {
    before: Option<Arc<Link>>,
    mv: AnyMove,
    events: Box<[Event]>,
    len: usize,
}

impl Drop for Link {
    /// A long chain is let go link by link, not by a recursion as deep as the match.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(link) = next {
            next = match Arc::try_unwrap(link) {
                Ok(mut only) => only.before.take(),
                Err(_) => None, // still held by a copy
            };
        }
    }
}

impl History {
    /// The history of a game that has had nothing played yet: `start` is that game,
    /// `seed` the seed it was dealt from (None when it is not known: a game read from JSON).
    pub fn new(start: &AnyGame, seed: Option<u64>) -> History {
        History {
            start: Arc::new(start.clone()),
            seed,
            last: None,
        }
    }

    /// The game before the first move of the history.
    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    pub fn len(&self) -> usize {
        self.last.as_ref().map_or(0, |l| l.len)
    }

    pub fn is_empty(&self) -> bool {
        self.last.is_none()
    }

    /// Every move since the start with what it made happen (its "move" event first),
    /// oldest first.
    pub fn entries(&self) -> Vec<(AnyMove, &[Event])> {
        let mut out = Vec::with_capacity(self.len());
        let mut link = self.last.as_deref();
        while let Some(l) = link {
            out.push((l.mv, &l.events[..]));
            link = l.before.as_deref();
        }
        out.reverse();
        out
    }

    /// The moves played since the start, oldest first.
    pub fn moves(&self) -> Vec<AnyMove> {
        self.entries().into_iter().map(|(mv, _)| mv).collect()
    }

    /// Note a move just played and what it made happen.
    pub fn push(&mut self, mv: AnyMove, events: &[Event]) {
        let len = self.len() + 1;
        self.last = Some(Arc::new(Link {
            before: self.last.take(),
            mv,
            events: events.into(),
            len,
        }));
    }

    /// The game after the start and every move of the history.
    pub fn replay(&self) -> AnyGame {
        let mut game = AnyGame::clone(&self.start);
        for mv in self.moves() {
            apply(&mut game, &mv);
        }
        game
    }

    /// Take the last move back: the move, and the game as it was before it. With no
    /// move to take back, an error and the history unchanged.
    pub fn undo(&mut self) -> Result<(AnyMove, AnyGame), Error> {
        let Some(last) = self.last.take() else {
            return Err(Error::Value(NOTHING_TO_UNDO.to_string()));
        };
        self.last = last.before.clone();
        Ok((last.mv, self.replay()))
    }
}

/// A move known to be legal (it was played from the same state before), applied without
/// checking it again.
fn apply(game: &mut AnyGame, mv: &AnyMove) {
    same_family!((game, AnyGame, g), (mv, AnyMove, m) => g.apply_recording(*m, &mut NoEvents),
        else debug_assert!(false, "a move of another family in a history"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::RuleSet;
    use crate::events::EventKind;
    use crate::rng::SplitMix64;

    fn random_move(game: &AnyGame, rng: &mut SplitMix64) -> Option<AnyMove> {
        let moves = game.legal_moves();
        (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u64) as usize])
    }

    /// Play whole matches, keeping the JSON before every move; undo all the way back and
    /// find each of them again, across deal ends and the match end.
    #[test]
    fn undo_gives_back_every_position_of_a_match() {
        for (name, target) in [
            ("quinza", 140),
            ("escoba", 5),
            ("rb3ine", 140),
            ("quinte", 300),
        ] {
            let rules = if name == "quinte" {
                RuleSet::Quinte(crate::quinte::Rules::new(target).unwrap())
            } else {
                RuleSet::Fifteen(
                    crate::fifteen::Rules::new(name, Some(2), Some(target as i64)).unwrap(),
                )
            };
            for seed in 0..3u64 {
                let mut start_events = Vec::new();
                let mut game = AnyGame::new_recording(rules, seed, &mut start_events);
                assert_eq!(start_events[0].kind, EventKind::Dealt);
                let mut hist = History::new(&game, Some(seed));
                let mut rng = SplitMix64::new(seed ^ 77);
                let mut before = Vec::new();
                while let Some(mv) = random_move(&game, &mut rng) {
                    before.push(game.to_json());
                    let mut events = Vec::new();
                    game.play_recording(&mv, &mut events).unwrap();
                    hist.push(mv, &events);
                    assert_eq!(hist.entries().last(), Some(&(mv, &events[..])));
                }
                assert!(game.is_over());
                assert!(
                    game.deals().len() >= 2,
                    "{name} {seed}: the match crosses a deal end"
                );
                assert_eq!(hist.replay().to_json(), game.to_json());
                while let Some(json) = before.pop() {
                    let (mv, back) = hist.undo().unwrap();
                    assert_eq!(back.to_json(), json);
                    assert!(back.is_legal(&mv));
                    assert_eq!(hist.len(), before.len());
                    game = back;
                }
                assert_eq!(game.to_json(), hist.start().to_json());
                assert_eq!(hist.seed(), Some(seed));
                let nothing = hist.undo().unwrap_err();
                assert_eq!(nothing, Error::Value(NOTHING_TO_UNDO.to_string()));
                assert_eq!(hist.start().to_json(), game.to_json());
            }
        }
    }

    /// A copy shares the history and then goes its own way: undo on one leaves the other.
    #[test]
    fn copies_undo_on_their_own() {
        let rules = RuleSet::Fifteen(crate::fifteen::Rules::new("escoba", Some(2), None).unwrap());
        let mut game = AnyGame::new(rules, 4);
        let mut hist = History::new(&game, Some(4));
        let mut rng = SplitMix64::new(1);
        for _ in 0..50 {
            let mv = random_move(&game, &mut rng).unwrap();
            game.play(&mv).unwrap();
            hist.push(mv, &[]);
        }
        let mut other = hist.clone();
        let (mv, back) = other.undo().unwrap();
        assert_eq!(other.len(), 49);
        assert_eq!(hist.len(), 50);
        assert_eq!(hist.moves().last(), Some(&mv));
        assert_eq!(hist.replay().to_json(), game.to_json());
        assert!(back.is_legal(&mv));
        assert_eq!(other.moves()[..], hist.moves()[..49]);
    }

    /// A very long history is let go without a recursion as deep as it is.
    #[test]
    fn a_long_history_drops_without_a_deep_recursion() {
        let rules = RuleSet::Fifteen(crate::fifteen::Rules::new("quinza", Some(2), None).unwrap());
        let game = AnyGame::new(rules, 1);
        let mv = game.legal_moves()[0];
        let mut hist = History::new(&game, None);
        for _ in 0..1_000_000 {
            hist.push(mv, &[]);
        }
        let kept = hist.clone();
        drop(hist);
        assert_eq!(kept.len(), 1_000_000);
        drop(kept);
    }
}
