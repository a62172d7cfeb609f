//! Bots that play from the core, over the game interface search sees (`Searchable`):
//! `random` (uniform over the legal moves), `greedy` (the move worth most right away), and
//! the search bots `pimc` and `ismcts` (`crate::search`), which see only what their seat
//! may know. All are deterministic given their seed (a search bot with a time limit is
//! not). The choice rules and tie-breaks are fixed in docs/reference/simulation.md "Simulation" and
//! "Search bots"; `quinza.reference` makes the same choices.
//!
//! A bot is one module (its `Policy`) and one line of `bots!` below: the registry yields
//! its name, its parameters and every dispatch (`BotKind`, `BotSpec`, `BOTS`).

pub mod greedy;
pub mod ismcts;
pub mod net;
pub mod params;
pub mod pimc;
pub mod random;

pub use params::{Param, ParamKind, ParamValue};

use crate::rng::SplitMix64;
use crate::state::Searchable;

/// A bot's way of choosing a move: what one module says of its bot.
pub trait Policy: Clone + Default + PartialEq + std::fmt::Debug + Send + Sync {
    /// The name `bot()`, `simulate` and the command take.
    const NAME: &'static str;
    /// Its parameters, the seed aside, in the order of its signature.
    const PARAMS: &'static [Param] = &[];
    /// A search bot: a single legal move is played without a search (and without a
    /// draw), it ranks the moves (`analyse`), and simulation gives each of its matches
    /// to a thread of its own (a move takes long).
    const SEARCHES: bool = false;
    /// The parameter a search bot's budget is counted in (fewer: a quicker, weaker bot),
    /// if it has one; `quinza.SEARCH_BOTS` lists it.
    const BUDGET: Option<&'static str> = None;

    /// Ok when the bot can play games of these rules, else a ValueError that says why
    /// (a net that does not fit them); asked before play. By default every game.
    fn check<G: Searchable>(&self, _rules: &G::Rules) -> Result<(), crate::Error> {
        Ok(())
    }

    /// The value of one of `PARAMS`.
    fn get(&self, _name: &str) -> Option<ParamValue> {
        None
    }
    /// Sets one of `PARAMS` to a value of its kind (false: no such parameter or kind).
    fn set(&mut self, _name: &str, _value: ParamValue) -> bool {
        false
    }

    /// The move for the seat to act of a match in progress, drawing from `rng`; `buf` is
    /// room to list moves in. None: `stop` said to stop (a search asks it now and then).
    fn choose<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        buf: &mut Vec<G::Move>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<G::Move>;

    /// Every legal move with the bot's estimate, in the order it ranks them (Ok(None):
    /// the bot has no estimates); stopped as `choose` is.
    fn analyse<G: Searchable>(
        &self,
        _g: &G,
        _rng: &mut SplitMix64,
        _stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<G::Move>>, Stopped> {
        Ok(None)
    }
}

/// The registry: `Kind(policy type)`, one line a bot, in the order messages list them.
macro_rules! bots {
    ($($kind:ident($policy:ty)),* $(,)?) => {
        /// Which bot.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum BotKind {
            $($kind),*
        }

        /// A bot with its parameters (the seed apart).
        #[derive(Clone, Debug, PartialEq)]
        pub enum BotSpec {
            $($kind($policy)),*
        }

        /// Every bot of the core by name, in the order messages list them: the one list
        /// that `bot()`, `simulate` and the command read (`quinza.BOT_NAMES`).
        pub const BOTS: &[(&str, BotKind)] = &[$((<$policy as Policy>::NAME, BotKind::$kind)),*];

        impl BotKind {
            /// The parameters the bot takes, the seed aside, in the order of its signature.
            pub fn params(self) -> &'static [Param] {
                match self {
                    $(BotKind::$kind => <$policy as Policy>::PARAMS),*
                }
            }

            /// Whether it is a search bot (`Policy::SEARCHES`).
            pub fn searches(self) -> bool {
                match self {
                    $(BotKind::$kind => <$policy as Policy>::SEARCHES),*
                }
            }

            /// The parameter its budget is counted in (`Policy::BUDGET`).
            pub fn budget(self) -> Option<&'static str> {
                match self {
                    $(BotKind::$kind => <$policy as Policy>::BUDGET),*
                }
            }
        }

        impl BotSpec {
            /// The bot of this kind with its default parameters.
            pub fn of(kind: BotKind) -> BotSpec {
                match kind {
                    $(BotKind::$kind => BotSpec::$kind(<$policy>::default())),*
                }
            }

            pub fn kind(&self) -> BotKind {
                match self {
                    $(BotSpec::$kind(_) => BotKind::$kind),*
                }
            }

            /// The value of one of the bot's parameters (`BotKind::params`).
            pub fn get(&self, name: &str) -> Option<ParamValue> {
                match self {
                    $(BotSpec::$kind(p) => p.get(name)),*
                }
            }

            /// `Policy::check` of the bot: Ok when it can play games of these rules.
            pub fn check<G: Searchable>(&self, rules: &G::Rules) -> Result<(), crate::Error> {
                match self {
                    $(BotSpec::$kind(p) => p.check::<G>(rules)),*
                }
            }

            /// Sets one of the bot's parameters (false: no such parameter, or a value of
            /// another kind).
            pub fn set(&mut self, name: &str, value: ParamValue) -> bool {
                match self {
                    $(BotSpec::$kind(p) => p.set(name, value)),*
                }
            }

            /// `Policy::choose` of the bot (`Bot::choose_or_stop` is the way to call it); a
            /// search bot plays a single legal move without a search. `SEARCHES` is known
            /// when this is compiled, so the other bots pay nothing for it on a move.
            #[inline]
            pub(crate) fn choose<G: Searchable>(
                &self,
                g: &G,
                rng: &mut SplitMix64,
                buf: &mut Vec<G::Move>,
                stop: &mut dyn FnMut() -> bool,
            ) -> Option<G::Move> {
                match self {
                    $(BotSpec::$kind(p) => {
                        if <$policy as Policy>::SEARCHES {
                            if let Some(only) = only_move(g, buf) {
                                return Some(only);
                            }
                        }
                        p.choose(g, rng, buf, stop)
                    })*
                }
            }

            /// `Policy::analyse` of the bot (`Bot::analyse_or_stop` is the way to call it).
            pub(crate) fn analyse<G: Searchable>(
                &self,
                g: &G,
                rng: &mut SplitMix64,
                stop: &mut dyn FnMut() -> bool,
            ) -> Result<Option<Ranked<G::Move>>, Stopped> {
                match self {
                    $(BotSpec::$kind(p) => p.analyse(g, rng, stop)),*
                }
            }
        }
    };
}

bots! {
    Random(random::Random),
    Greedy(greedy::Greedy),
    Pimc(crate::search::pimc::PimcParams),
    Ismcts(crate::search::ismcts::IsmctsParams),
    Net(net::NetBot),
}

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
    /// The bot of this name, in any case (as rule sets' names and card text are read).
    pub fn parse(name: &str) -> Result<BotKind, crate::Error> {
        BOTS.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, kind)| kind)
            .ok_or_else(|| crate::Error::Value(unknown_bot_message(&crate::pyrepr::quoted(name))))
    }

    pub fn name(self) -> &'static str {
        BOTS.iter().find(|(_, k)| *k == self).map_or("", |(n, _)| n)
    }

    /// The names of the parameters the bot takes, in the order of its signature (`seed`
    /// last).
    pub fn parameters(self) -> Vec<&'static str> {
        self.params()
            .iter()
            .map(|p| p.name)
            .chain(["seed"])
            .collect()
    }

    /// The message for a parameter the bot does not take (`shown`: its name as Python's repr).
    pub fn unknown_parameter_message(self, shown: &str) -> String {
        format!(
            "unknown parameter {shown} for the {} bot: choose {}",
            self.name(),
            crate::pyrepr::or_list(&self.parameters())
        )
    }
}

impl BotSpec {
    pub const RANDOM: BotSpec = BotSpec::Random(random::Random);
    pub const GREEDY: BotSpec = BotSpec::Greedy(greedy::Greedy);

    /// Each parameter with its value, in the order of the bot's signature (the seed aside).
    pub fn params(&self) -> Vec<(&'static str, ParamValue)> {
        self.kind()
            .params()
            .iter()
            .filter_map(|p| self.get(p.name).map(|v| (p.name, v)))
            .collect()
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
pub struct Bot<M> {
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
    pub fn choose<G: Searchable<Move = M>>(&mut self, g: &G) -> Option<M> {
        // Nothing stops the search, so there is always a choice.
        self.choose_or_stop(g, &mut || false).unwrap_or(None)
    }

    /// `choose`, where a search asks `stop` now and then (Ctrl-C from Python) and gives
    /// up when it says so; the generator is then left as it was before the call.
    #[inline]
    pub fn choose_or_stop<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<M>, Stopped> {
        if g.is_over() {
            return Ok(None);
        }
        let saved = self.rng;
        let mv = self.spec.choose(g, &mut self.rng, &mut self.buf, stop);
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
    pub fn analyse<G: Searchable<Move = M>>(&mut self, g: &G) -> Option<Vec<(M, f64)>> {
        // Nothing stops the search.
        self.analyse_or_stop(g, &mut || false).unwrap_or(None)
    }

    /// `analyse`, stopped as `choose_or_stop` is.
    pub fn analyse_or_stop<G: Searchable<Move = M>>(
        &mut self,
        g: &G,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<M>>, Stopped> {
        if g.is_over() {
            return Ok(None);
        }
        if !self.spec.kind().searches() {
            return Ok(None);
        }
        if let Some(only) = only_move(g, &mut self.buf) {
            return Ok(Some(vec![(only, f64::NAN)]));
        }
        let saved = self.rng;
        let ranked = self.spec.analyse(g, &mut self.rng, stop);
        if ranked.is_err() {
            self.rng = saved;
        }
        ranked
    }
}

/// Every legal move with a search bot's estimate, in the order it ranks them.
pub type Ranked<M> = Vec<(M, f64)>;

/// A search stopped from outside before it was done; nothing of it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// The one legal move, if there is exactly one.
fn only_move<G: Searchable>(g: &G, buf: &mut Vec<G::Move>) -> Option<G::Move> {
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
    use crate::fifteen::{Game, Move, Rules};
    use crate::rng::SplitMix64;
    use crate::state::State;

    #[test]
    fn random_bot_draws_below_the_move_count_in_legal_order() {
        let g = Game::new(Rules::new("rb3ine", Some(3), None).unwrap(), 11);
        let moves = g.legal_moves();
        let mut r = SplitMix64::new(99);
        let want = moves[r.below(moves.len() as u64) as usize];
        assert_eq!(Bot::<Move>::new(BotSpec::RANDOM, 99).choose(&g), Some(want));
    }

    #[test]
    fn greedy_bot_plays_the_games_greedy_move() {
        let mut buf = Vec::new();
        for seed in 0..20 {
            let g = Game::new(Rules::new("escoba", Some(4), None).unwrap(), seed);
            let want = g.greedy_move(&mut buf);
            assert!(want.is_some());
            assert_eq!(Bot::<Move>::new(BotSpec::GREEDY, seed).choose(&g), want);
        }
    }

    /// A toy bot, added as docs/howto/add-a-family.md "Adding a bot" says: its module (here, `First`
    /// and its `Policy`) and its line in a registry.
    #[allow(dead_code)] // the registry makes every method; the test calls a few
    mod toy {
        use super::super::*;
        use crate::state::Searchable;

        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct First {
            pub skip: u64,
        }

        impl Policy for First {
            const NAME: &'static str = "first";
            const PARAMS: &'static [Param] = &[Param::count("skip", 0)];

            fn get(&self, name: &str) -> Option<ParamValue> {
                (name == "skip").then_some(ParamValue::Count(self.skip))
            }
            fn set(&mut self, name: &str, value: ParamValue) -> bool {
                match (name, value) {
                    ("skip", ParamValue::Count(n)) => self.skip = n,
                    _ => return false,
                }
                true
            }
            fn choose<G: Searchable>(
                &self,
                g: &G,
                _rng: &mut SplitMix64,
                buf: &mut Vec<G::Move>,
                _stop: &mut dyn FnMut() -> bool,
            ) -> Option<G::Move> {
                buf.clear();
                g.legal_moves_into(buf);
                let n = buf.len() as u64;
                (n > 0).then(|| buf[(self.skip % n) as usize])
            }
        }

        bots! {
            Greedy(greedy::Greedy),
            First(First),
        }
    }

    #[test]
    fn a_bot_is_one_module_and_one_registry_line() {
        use toy::{BotKind as Toy, BotSpec as ToySpec};
        let names: Vec<&str> = toy::BOTS.iter().map(|b| b.0).collect();
        assert_eq!(names, ["greedy", "first"]);
        assert_eq!(Toy::First.params()[0].name, "skip");
        assert!(!Toy::First.searches());
        let mut spec = ToySpec::of(Toy::First);
        assert_eq!(spec, ToySpec::First(toy::First { skip: 0 }));
        assert!(spec.set("skip", ParamValue::Count(1)));
        assert!(!spec.set("skip", ParamValue::Real(1.0)));
        assert_eq!(spec.get("skip"), Some(ParamValue::Count(1)));
        let g = Game::new(Rules::new("escoba", None, None).unwrap(), 3);
        let moves = g.legal_moves();
        let mut buf = Vec::new();
        let mv = spec.choose(&g, &mut SplitMix64::new(0), &mut buf, &mut || false);
        assert_eq!(mv, Some(moves[1 % moves.len()]));
        assert_eq!(
            ToySpec::of(Toy::Greedy).choose(&g, &mut SplitMix64::new(0), &mut buf, &mut || false),
            g.greedy_move(&mut buf)
        );
    }

    #[test]
    fn the_registry_knows_each_bots_parameters_and_values() {
        assert_eq!(
            BotKind::Ismcts.parameters(),
            [
                "iterations",
                "c",
                "rollout",
                "infer",
                "opponents",
                "prior",
                "weights",
                "time_limit",
                "seed"
            ]
        );
        assert_eq!(BotKind::Random.parameters(), ["seed"]);
        let mut pimc = BotSpec::of(BotKind::Pimc);
        assert!(pimc.set("worlds", ParamValue::Count(9)));
        assert!(!pimc.set("iterations", ParamValue::Count(9)));
        let shown: Vec<String> = pimc
            .params()
            .iter()
            .map(|(k, v)| format!("{k}={}", v.repr()))
            .collect();
        assert_eq!(shown, ["worlds=9", "depth=0", "exact=0", "time_limit=None"]);
        let mut ismcts = BotSpec::of(BotKind::Ismcts);
        assert!(ismcts.set("rollout", ParamValue::Word("random")));
        assert!(!ismcts.set("rollout", ParamValue::Word("smart")));
        assert_eq!(ismcts.get("rollout"), Some(ParamValue::Word("random")));
        assert_eq!(ismcts.get("c").map(|v| v.repr()), Some("0.7".to_string()));
        let ParamKind::Word(words) = BotKind::Ismcts.params()[3].kind else {
            panic!("infer is one of a few names")
        };
        assert_eq!(words(), ["greedy", "greedy_first", "off"]);
        assert!(BotKind::Pimc.searches() && !BotKind::Greedy.searches());
    }

    #[test]
    fn a_search_bot_counts_its_budget_in_one_of_its_parameters() {
        for &(name, kind) in BOTS {
            match kind.budget() {
                Some(budget) => assert!(
                    kind.searches() && kind.parameters().contains(&budget),
                    "{name}"
                ),
                None => assert!(!kind.searches(), "{name} searches without a budget"),
            }
        }
        assert_eq!(BotKind::Pimc.budget(), Some("worlds"));
    }

    #[test]
    fn bot_names() {
        assert_eq!(BotKind::parse("greedy"), Ok(BotKind::Greedy));
        assert_eq!(BotKind::parse("ISMCTS"), Ok(BotKind::Ismcts));
        assert_eq!(
            BotKind::parse("smart").unwrap_err().to_string(),
            "unknown bot 'smart': choose random, greedy, pimc, ismcts or net, or pass a callable (game) -> move"
        );
    }
}
