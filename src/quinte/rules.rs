//! `Rules("quinte")`: four players in two partnerships, a target (250 by default), no
//! options (docs/reference/game.md "Quinte: Rules").

use crate::ruleargs::{
    players_message, target_arg, target_message, unknown_option_message, Arg, ArgKind,
};
use crate::Error;

pub const NAME: &str = "quinte";
pub const PLAYERS: u8 = 4;
pub const SIDES: u8 = 2;
pub const DEFAULT_TARGET: u64 = 250;

/// Quinte's row beside the fifteen family's (`crate::fifteen::rules::ROWS`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Row {
    pub name: &'static str,
    pub players: u8,
    pub default_target: u64,
    /// The points a deal hands out, both sides together, as simulation sizes its arrays:
    /// the mean over random and greedy play, rounded down (140 to 248).
    pub deal_points: u64,
    /// Options besides players and target: none.
    pub options: &'static [&'static str],
    /// Quints at once, then the tricks at the deal's end.
    pub scoring: &'static str,
    /// The first side to reach the target wins (at the count: the only highest total).
    pub win: &'static str,
}

pub const ROW: Row = Row {
    name: NAME,
    players: PLAYERS,
    default_target: DEFAULT_TARGET,
    deal_points: 140,
    options: &[],
    scoring: "quints_and_tricks",
    win: "first_to_target",
};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    pub target: u64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            target: DEFAULT_TARGET,
        }
    }
}

impl Rules {
    pub fn new(target: u64) -> Result<Rules, Error> {
        if target >= 1 {
            Ok(Rules { target })
        } else {
            Err(Error::Value(target_message(&target.to_string())))
        }
    }

    /// `Rules("quinte", players, target, **options)` after the name: players 4 (or left
    /// out), a positive target, no options; the reference's checks in its order.
    pub fn from_args(players: &Arg, target: &Arg, options: &[(Arg, Arg)]) -> Result<Rules, Error> {
        match players.kind {
            ArgKind::Missing => {}
            ArgKind::Int(Some(p)) if p == ROW.players as i128 => {}
            _ => {
                let shown = &players.repr;
                return Err(Error::Value(players_message(NAME, &[PLAYERS], shown)));
            }
        }
        let mut r = Rules::default();
        if let Some(t) = target_arg(target)? {
            r.target = t;
        }
        if let Some((key, _)) = options.first() {
            return Err(Error::Value(unknown_option_message(NAME, &[], &key.repr)));
        }
        Ok(r)
    }

    pub fn players(&self) -> u8 {
        PLAYERS
    }

    pub fn sides(&self) -> u8 {
        SIDES
    }

    /// Partners sit opposite: seats 0+2 and 1+3.
    #[inline]
    pub fn side_of(&self, seat: u8) -> u8 {
        seat & 1
    }

    pub fn repr(&self) -> String {
        format!("Rules('{NAME}', players={PLAYERS}, target={})", self.target)
    }

    /// `{"name":"quinte","players":4,"target":..}`
    pub fn json(&self) -> String {
        format!(
            "{{\"name\":\"{NAME}\",\"players\":{PLAYERS},\"target\":{}}}",
            self.target
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: i128) -> Arg {
        Arg::new(ArgKind::Int(Some(v)), v.to_string())
    }

    #[test]
    fn four_players_target_250_by_default_no_options() {
        // "Four players, two partnerships sitting opposite"; "The match is to 250."
        let r = Rules::from_args(&Arg::missing(), &Arg::missing(), &[]).unwrap();
        assert_eq!((r.players(), r.sides(), r.target), (4, 2, 250));
        assert_eq!(
            (0..4).map(|s| r.side_of(s)).collect::<Vec<_>>(),
            [0, 1, 0, 1]
        );
        assert_eq!(r.repr(), "Rules('quinte', players=4, target=250)");
        assert_eq!(
            Rules::from_args(&int(4), &int(100), &[]).unwrap().target,
            100
        );
        assert_eq!(
            Rules::from_args(&int(2), &Arg::missing(), &[])
                .unwrap_err()
                .to_string(),
            "quinte is played by 4 players, not 2"
        );
        assert_eq!(
            Rules::from_args(&Arg::missing(), &int(0), &[])
                .unwrap_err()
                .to_string(),
            "target must be a whole number from 1 to 2**64-1, not 0"
        );
        assert_eq!(
            Rules::from_args(
                &Arg::missing(),
                &Arg::missing(),
                &[(
                    Arg::new(ArgKind::Str("setenta".into()), "'setenta'"),
                    int(1)
                )]
            )
            .unwrap_err()
            .to_string(),
            "unknown option 'setenta' for quinte; its options: none"
        );
    }
}
