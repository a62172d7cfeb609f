//! Bots that play from the core, over the one game interface (`State`): `random`
//! (uniform over the legal moves, `random.rs`), `greedy` (the move worth most right
//! away, `greedy.rs`), and the search bots `pimc` and `ismcts` (`crate::search`), which
//! see only what their seat may know. All are deterministic given their seed (a search
//! bot with a time limit is not). The choice rules and tie-breaks are fixed in
//! docs/engine.md "Simulation" and "Search bots"; `quinza.reference` makes the same
//! choices. A bot is one module and one entry in `BOTS` (with its `BotKind`).

pub mod greedy;
pub mod random;

pub use greedy::{greedy_key, quinte_greedy_key};

use crate::fifteen::Move;
use crate::rng::SplitMix64;
use crate::search::ismcts::{self, IsmctsParams};
use crate::search::pimc::{self, PimcParams};
use crate::state::State;

/// Which bot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BotKind {
    Random,
    Greedy,
    Pimc,
    Ismcts,
}

/// Every bot of the core by name, in the order messages list them: the one list that
/// `bot()`, `simulate` and the command read (`quinza.BOT_NAMES`).
pub const BOTS: [(&str, BotKind); 4] = [
    ("random", BotKind::Random),
    ("greedy", BotKind::Greedy),
    ("pimc", BotKind::Pimc),
    ("ismcts", BotKind::Ismcts),
];

/// The names of the bots, in the order error messages list them.
pub const BOT_NAMES: [&str; BOTS.len()] = {
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
            .ok_or_else(|| crate::Error::Value(unknown_bot_message(&crate::pyrepr::quoted(name))))
    }

    pub fn name(self) -> &'static str {
        BOTS.iter().find(|(_, k)| *k == self).map_or("", |(n, _)| n)
    }

    /// The parameters the bot takes, in the order of its signature (`seed` last).
    pub fn parameters(self) -> &'static [&'static str] {
        match self {
            BotKind::Random | BotKind::Greedy => &["seed"],
            BotKind::Pimc => &["worlds", "depth", "exact", "time_limit", "seed"],
            BotKind::Ismcts => &[
                "iterations",
                "c",
                "rollout",
                "infer",
                "opponents",
                "time_limit",
                "seed",
            ],
        }
    }

    /// The message for a parameter the bot does not take (`shown`: its name as Python's repr).
    pub fn unknown_parameter_message(self, shown: &str) -> String {
        format!(
            "unknown parameter {shown} for the {} bot: choose {}",
            self.name(),
            crate::pyrepr::or_list(self.parameters())
        )
    }
}

/// A bot with its parameters (the seed apart).
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    Random,
    Greedy,
    Pimc(PimcParams),
    Ismcts(IsmctsParams),
}

impl BotSpec {
    /// The bot of this kind with its default parameters.
    pub fn of(kind: BotKind) -> BotSpec {
        match kind {
            BotKind::Random => BotSpec::Random,
            BotKind::Greedy => BotSpec::Greedy,
            BotKind::Pimc => BotSpec::Pimc(PimcParams::default()),
            BotKind::Ismcts => BotSpec::Ismcts(IsmctsParams::default()),
        }
    }

    pub fn kind(&self) -> BotKind {
        match self {
            BotSpec::Random => BotKind::Random,
            BotSpec::Greedy => BotKind::Greedy,
            BotSpec::Pimc(_) => BotKind::Pimc,
            BotSpec::Ismcts(_) => BotKind::Ismcts,
        }
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
    pub spec: BotSpec,
    pub rng: SplitMix64,
    buf: Vec<M>,
}

impl<M: Copy> Bot<M> {
    pub fn new(spec: BotSpec, seed: u64) -> Bot<M> {
        Bot {
            spec,
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
    /// legal-move order. Greedy: the first move of greatest `greedy_key`. Pimc and
    /// ismcts: their search's best move; a single legal move is played without a search
    /// (and without a draw).
    #[inline]
    pub fn choose<G: State<Move = M>>(&mut self, g: &G) -> Option<M> {
        // Nothing stops the search, so there is always a choice.
        self.choose_or_stop(g, &mut || false).unwrap_or(None)
    }

    /// `choose`, where a search asks `stop` now and then (Ctrl-C from Python) and gives
    /// up when it says so; the generator is then left as it was before the call.
    #[inline]
    pub fn choose_or_stop<G: State<Move = M>>(
        &mut self,
        g: &G,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<M>, Stopped> {
        if g.is_over() {
            return Ok(None);
        }
        let saved = self.rng;
        let mv = match &self.spec {
            BotSpec::Random => random::choose(g, &mut self.rng, &mut self.buf),
            BotSpec::Greedy => greedy::choose(g, &mut self.buf),
            BotSpec::Pimc(p) => match only_move(g, &mut self.buf) {
                Some(only) => Some(only),
                None => pimc::analyse(g, p, &mut self.rng, stop).and_then(|a| a.best()),
            },
            BotSpec::Ismcts(p) => match only_move(g, &mut self.buf) {
                Some(only) => Some(only),
                None => ismcts::analyse(g, p, &mut self.rng, stop).and_then(|a| a.best()),
            },
        };
        match mv {
            Some(m) => Ok(Some(m)),
            None => {
                self.rng = saved;
                Err(Stopped)
            }
        }
    }

    /// The bot's estimate of every legal move, in the order it ranks them (the search
    /// bots; None for the others, which have no estimate), or None when the match is over.
    /// The same search and the same draws as choosing: a single legal move is not
    /// searched, and its estimate is NaN.
    pub fn analyse<G: State<Move = M>>(&mut self, g: &G) -> Option<Vec<(M, f64)>> {
        // Nothing stops the search.
        self.analyse_or_stop(g, &mut || false).unwrap_or(None)
    }

    /// `analyse`, stopped as `choose_or_stop` is.
    pub fn analyse_or_stop<G: State<Move = M>>(
        &mut self,
        g: &G,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<M>>, Stopped> {
        if g.is_over() {
            return Ok(None);
        }
        if let (BotSpec::Pimc(_) | BotSpec::Ismcts(_), Some(only)) =
            (&self.spec, only_move(g, &mut self.buf))
        {
            return Ok(Some(vec![(only, f64::NAN)]));
        }
        let saved = self.rng;
        let ranked = match &self.spec {
            BotSpec::Random | BotSpec::Greedy => return Ok(None),
            BotSpec::Pimc(p) => pimc::analyse(g, p, &mut self.rng, stop).map(|a| a.ranked()),
            BotSpec::Ismcts(p) => ismcts::analyse(g, p, &mut self.rng, stop).map(|a| a.ranked()),
        };
        match ranked {
            Some(r) => Ok(Some(r)),
            None => {
                self.rng = saved;
                Err(Stopped)
            }
        }
    }
}

/// Every legal move with a search bot's estimate, in the order it ranks them.
pub type Ranked<M> = Vec<(M, f64)>;

/// A search stopped from outside before it was done; nothing of it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// The one legal move, if there is exactly one.
fn only_move<G: State>(g: &G, buf: &mut Vec<G::Move>) -> Option<G::Move> {
    buf.clear();
    g.legal_moves_into(buf);
    match buf.as_slice() {
        [only] => Some(*only),
        _ => None,
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
        assert_eq!(Bot::<Move>::new(BotSpec::Random, 99).choose(&g), Some(want));
    }

    #[test]
    fn bot_names() {
        assert_eq!(BotKind::parse("greedy"), Ok(BotKind::Greedy));
        assert_eq!(
            BotKind::parse("smart").unwrap_err().to_string(),
            "unknown bot 'smart': choose random, greedy, pimc or ismcts, or pass a callable (game) -> move"
        );
    }
}
