//! The ismcts bot: information-set Monte Carlo tree search from its seat's view
//! (`search::ismcts`, docs/reference/search.md "ismcts"); the root move visited most.

use super::params::{choice, TIME_LIMIT};
use super::{Param, ParamKind, ParamValue, Policy, Ranked, Stopped};
use crate::rng::SplitMix64;
use crate::search::ismcts::{self, IsmctsParams, Opponents, Rollout};
use crate::search::prior::{Guide, Prior};
use crate::search::worlds::Infer;
use crate::search::Choice;
use crate::state::Searchable;

impl Policy for IsmctsParams {
    const NAME: &'static str = "ismcts";
    const PARAMS: &'static [Param] = &[
        Param::count("iterations", 1),
        Param {
            name: "c",
            kind: ParamKind::Exploration,
        },
        Param::word::<Rollout>("rollout"),
        Param::word::<Infer>("infer"),
        Param::word::<Opponents>("opponents"),
        Param::word::<Prior>("prior"),
        Param {
            name: "weights",
            kind: ParamKind::NetFile,
        },
        TIME_LIMIT,
    ];
    const SEARCHES: bool = true;
    const BUDGET: Option<&'static str> = Some("iterations");

    /// With a net's prior, its net (`weights`, or the one the package ships for the rules)
    /// must fit them; `weights` without one is refused: it would guide nothing.
    fn check<G: Searchable>(&self, rules: &G::Rules) -> Result<(), crate::Error> {
        match (self.prior, self.weights) {
            (Prior::Net | Prior::NetRollout, weights) => Guide::new::<G>(weights, rules).map(|_| ()),
            (Prior::Off, None) => Ok(()),
            (Prior::Off, Some(_)) => Err(crate::Error::Value(
                "ismcts reads weights only with prior=net or net_rollout: add prior=net, or leave weights out"
                    .into(),
            )),
        }
    }

    fn get(&self, name: &str) -> Option<ParamValue> {
        Some(match name {
            "iterations" => ParamValue::Count(self.iterations),
            "c" => ParamValue::Real(self.c),
            "rollout" => ParamValue::Word(self.rollout.name()),
            "infer" => ParamValue::Word(self.infer.name()),
            "opponents" => ParamValue::Word(self.opponents.name()),
            "prior" => ParamValue::Word(self.prior.name()),
            "weights" => ParamValue::Path(self.weights),
            "time_limit" => ParamValue::Seconds(self.time_limit),
            _ => return None,
        })
    }

    fn set(&mut self, name: &str, value: ParamValue) -> bool {
        match (name, value) {
            ("iterations", ParamValue::Count(n)) => self.iterations = n,
            ("c", ParamValue::Real(x)) => self.c = x,
            ("rollout", v) => return choice(v).map(|r| self.rollout = r).is_some(),
            ("infer", v) => return choice(v).map(|i| self.infer = i).is_some(),
            ("opponents", v) => return choice(v).map(|o| self.opponents = o).is_some(),
            ("prior", v) => return choice(v).map(|g| self.prior = g).is_some(),
            ("weights", ParamValue::Path(p)) => self.weights = p,
            ("time_limit", ParamValue::Seconds(s)) => self.time_limit = s,
            _ => return false,
        }
        true
    }

    fn choose<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        _buf: &mut Vec<G::Move>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<G::Move> {
        ismcts::analyse(g, self, rng, stop).and_then(|a| a.best())
    }

    fn analyse<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<G::Move>>, Stopped> {
        ismcts::analyse(g, self, rng, stop)
            .map(|a| Some(a.ranked()))
            .ok_or(Stopped)
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::{Bot, BotKind, BotSpec, ParamValue};
    use crate::quinte;
    use crate::state::State;

    fn guided(iterations: u64) -> BotSpec {
        let mut spec = BotSpec::of(BotKind::Ismcts);
        assert!(spec.set("prior", ParamValue::Word("net")));
        assert!(spec.set("iterations", ParamValue::Count(iterations)));
        spec
    }

    #[test]
    fn one_iteration_of_ismcts_with_the_net_tries_the_nets_best_move() {
        // Every Q is 0 and N is 1 at the first iteration: the greatest prior, the net's best.
        let net = BotSpec::of(BotKind::Net);
        for seed in 0..8 {
            let g = crate::fifteen::Game::new(
                crate::fifteen::Rules::new("escoba", None, None).unwrap(),
                seed,
            );
            if g.legal_moves().len() > 1 {
                assert_eq!(
                    Bot::new(guided(1), seed).choose(&g),
                    Bot::new(net.clone(), 0).choose(&g)
                );
            }
        }
    }

    #[test]
    fn ismcts_with_the_net_plays_whole_matches_the_same_from_the_same_seed() {
        let spec = guided(40);
        let rules = quinte::Rules::default();
        assert_eq!(spec.check::<quinte::Game>(&rules), Ok(()));
        let play = || {
            let mut g = quinte::Game::new(rules, 5);
            let mut bot = Bot::new(spec.clone(), 5);
            for _ in 0..60 {
                let Some(mv) = bot.choose(&g) else { break };
                assert!(g.is_legal(&mv));
                g.apply(mv);
            }
            g.legal_moves()
        };
        assert_eq!(play(), play());
        let three = crate::fifteen::Rules::new("quinza", Some(3), None).unwrap();
        assert!(spec
            .check::<crate::fifteen::Game>(&three)
            .unwrap_err()
            .to_string()
            .starts_with("no net ships for quinza with 3 players"));
    }
}
