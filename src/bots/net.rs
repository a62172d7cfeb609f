//! The net bot (docs/reference/nets.md "Networks"): the net rates every legal move of its
//! seat from what the seat may know (its encoded observation and each move's features),
//! and the bot plays the first move of the greatest `score_raw`. It draws nothing and does
//! not search: a move is one forward pass.

use super::{Param, ParamKind, ParamValue, Policy};
use crate::net::{fits_game, shipped, Net, Scratch};
use crate::rng::SplitMix64;
use crate::state::{GameRules, Searchable};
use crate::Error;
use std::cell::RefCell;
use std::sync::Arc;

/// The net bot: `weights`, the path of a `.qzn` file, or None for the net the package
/// ships for the game's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NetBot {
    pub weights: Option<&'static str>,
}

thread_local! {
    /// Each thread's room for a position's activations (no allocation a move).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl NetBot {
    /// The bot's net for games of these rules; a ValueError when there is none or it does
    /// not fit them.
    pub fn net<G: Searchable>(&self, rules: &G::Rules) -> Result<Arc<Net>, Error> {
        let net = shipped::resolve(self.weights, rules.name(), rules.players())?;
        fits_game::<G>(&net, rules)?;
        Ok(net)
    }
}

impl Policy for NetBot {
    const NAME: &'static str = "net";
    const PARAMS: &'static [Param] = &[Param {
        name: "weights",
        kind: ParamKind::NetFile,
    }];

    fn check<G: Searchable>(&self, rules: &G::Rules) -> Result<(), Error> {
        self.net::<G>(rules).map(|_| ())
    }

    fn get(&self, name: &str) -> Option<ParamValue> {
        (name == "weights").then_some(ParamValue::Path(self.weights))
    }

    fn set(&mut self, name: &str, value: ParamValue) -> bool {
        match (name, value) {
            ("weights", ParamValue::Path(p)) => self.weights = p,
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
        // Play asks `check` first, so the net is there and fits; if not, no move.
        let net = self.net::<G>(g.rules()).ok()?;
        buf.clear();
        g.legal_moves_into(buf);
        SCRATCH.with(|s| net.best_move(g, buf, &mut s.borrow_mut()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind, BotSpec};
    use crate::fifteen::{Game, Rules};

    #[test]
    fn the_net_bot_plays_its_nets_first_best_move() {
        let rules = Rules::new("quinza", None, None).unwrap();
        let net = shipped::for_rules("quinza", 2).unwrap();
        let spec = BotSpec::of(BotKind::Net);
        assert_eq!(spec.check::<Game>(&rules), Ok(()));
        for seed in 0..10 {
            let mut g = Game::new(rules, seed);
            for _ in 0..6 {
                let e = crate::net::evaluate(&net, &g).unwrap();
                let top = e.moves.iter().map(|m| m.1).max().unwrap();
                let want = e.moves.iter().find(|m| m.1 == top).unwrap().0;
                let mv = Bot::new(spec.clone(), seed).choose(&g).unwrap();
                assert_eq!(mv, want);
                g.apply(mv);
            }
        }
    }

    #[test]
    fn a_net_bot_without_a_net_for_the_rules_says_so() {
        let spec = BotSpec::of(BotKind::Net);
        let three = Rules::new("escoba", Some(3), None).unwrap();
        assert_eq!(
            spec.check::<Game>(&three).unwrap_err().to_string(),
            "no net ships for escoba with 3 players: pass weights, a .qzn file trained for them"
        );
        let mut other = spec.clone();
        assert!(other.set("weights", ParamValue::Path(Some("/no/such/file.qzn"))));
        let err = other.check::<Game>(&Rules::new("escoba", None, None).unwrap());
        assert!(err
            .unwrap_err()
            .to_string()
            .starts_with("cannot read the net '/no/such/file.qzn': "));
        assert_eq!(
            other.get("weights").map(|v| v.repr()),
            Some("'/no/such/file.qzn'".into())
        );
        assert_eq!(spec.get("weights").map(|v| v.repr()), Some("None".into()));
    }
}
