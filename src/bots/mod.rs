//! Bots that play from the core, over the one game interface (`State`): `random`
//! (uniform over the legal moves, `random.rs`) and `greedy` (the move worth most right
//! away, `greedy.rs`). Both are deterministic: a random bot is a SplitMix64 of its own, a
//! greedy bot draws nothing. The choice rules and tie-breaks are fixed in docs/engine.md
//! "Simulation"; `quinza.reference.bots` makes the same choices. A bot is one module here
//! and one entry in `BOTS` (with its `BotKind`).

pub mod greedy;
pub mod random;

pub use greedy::{greedy_key, quinte_greedy_key};

use crate::fifteen::Move;
use crate::rng::SplitMix64;
use crate::state::State;

/// Which bot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BotKind {
    Random,
    Greedy,
}

/// Every bot of the core by name, in the order messages list them: the one list that
/// `bot()`, `simulate` and the command read (`quinza.BOT_NAMES`).
pub const BOTS: [(&str, BotKind); 2] = [("random", BotKind::Random), ("greedy", BotKind::Greedy)];

/// The names of the bots, in the order error messages list them.
pub const BOT_NAMES: [&str; 2] = {
    let mut names = [""; BOTS.len()];
    let mut i = 0;
    while i < BOTS.len() {
        names[i] = BOTS[i].0;
        i += 1;
    }
    names
};

impl BotKind {
    pub fn parse(name: &str) -> Result<BotKind, crate::Error> {
        BOTS.iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, kind)| kind)
            .ok_or_else(|| {
                crate::Error::Value(unknown_bot_message(&crate::pyrepr::py_repr_str(name)))
            })
    }

    pub fn name(self) -> &'static str {
        BOTS.iter().find(|(_, k)| *k == self).map_or("", |(n, _)| n)
    }
}

/// The message for a bot name that is not known; `shown` is the name as Python's repr.
pub fn unknown_bot_message(shown: &str) -> String {
    format!(
        "unknown bot {shown}: choose {}, or pass a callable (game) -> move",
        crate::pyrepr::or_list(&BOT_NAMES)
    )
}

/// A bot with its generator and a reusable move buffer (no allocation per move).
#[derive(Clone, Debug)]
pub struct Bot<M = Move> {
    pub kind: BotKind,
    pub rng: SplitMix64,
    buf: Vec<M>,
}

impl<M: Copy> Bot<M> {
    pub fn new(kind: BotKind, seed: u64) -> Bot<M> {
        Bot {
            kind,
            rng: SplitMix64::new(seed),
            buf: Vec::with_capacity(64),
        }
    }

    /// Start over from a new seed (the move buffer is kept).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// The bot's move for the seat to act, or None when the match is over.
    /// Random: `below(number of legal moves)` (one draw, even for a single move) picks in
    /// legal-move order. Greedy: the first move of greatest `greedy_key`.
    #[inline]
    pub fn choose<G: State<Move = M>>(&mut self, g: &G) -> Option<M> {
        if g.is_over() {
            return None;
        }
        match self.kind {
            BotKind::Random => random::choose(g, &mut self.rng, &mut self.buf),
            BotKind::Greedy => greedy::choose(g, &mut self.buf),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::{Game, Rules};
    use crate::rng::SplitMix64;

    #[test]
    fn random_bot_draws_below_the_move_count_in_legal_order() {
        let g = Game::new(Rules::new("rb3ine", Some(3), None).unwrap(), 11);
        let moves = g.legal_moves();
        let mut r = SplitMix64::new(99);
        let want = moves[r.below(moves.len() as u64) as usize];
        assert_eq!(Bot::<Move>::new(BotKind::Random, 99).choose(&g), Some(want));
    }

    #[test]
    fn bot_names() {
        assert_eq!(BotKind::parse("greedy"), Ok(BotKind::Greedy));
        assert_eq!(
            BotKind::parse("smart").unwrap_err().to_string(),
            "unknown bot 'smart': choose random or greedy, or pass a callable (game) -> move"
        );
    }
}
