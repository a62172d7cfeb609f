//! The rule sets of the fifteen family (docs/rules.md, "The fifteen family"): one row each.

use super::captures::values_by_id;
use crate::cards::{VALUE_ESCOBA, VALUE_PRINTED};
use crate::ruleargs::{
    players_message, target_arg, target_message, unknown_option_message, unknown_rule_set_message,
    Arg, ArgKind, OptionValue,
};
use crate::Error;

/// How a deal is scored (docs/rules.md, the scoring of each rule set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scoring {
    /// quinza / rb3ine: Oros points (the Ace 10) and one point per other card.
    CardPoints,
    /// escoba: one point per category won (cards, oros, seven of Oros, setenta) plus sweeps.
    Categories,
}

impl Scoring {
    pub fn name(self) -> &'static str {
        match self {
            Scoring::CardPoints => "card_points",
            Scoring::Categories => "categories",
        }
    }
}

/// When a match is won (docs/rules.md "Winning a match").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinRule {
    /// The highest total at or over the target wins; equal top totals draw.
    HighestAtTarget,
    /// At or over the target and at least 2 ahead of every other side.
    TargetAndLeadOf2,
}

impl WinRule {
    pub fn name(self) -> &'static str {
        match self {
            WinRule::HighestAtTarget => "highest_at_target",
            WinRule::TargetAndLeadOf2 => "target_and_lead_of_2",
        }
    }
}

/// One rule set of the family: everything the game logic asks of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Row {
    pub name: &'static str,
    /// What a capture must add up to.
    pub capture_total: u8,
    /// Values for sums by rank index, and the same by card id.
    pub values: [u8; 10],
    pub values_by_id: [u8; 40],
    pub default_target: u64,
    /// The points a deal hands out, all sides together, as simulation sizes its arrays:
    /// quinza and rb3ine always 100; escoba's mean over random and greedy play, rounded
    /// down (5.0 to 6.8).
    pub deal_points: u64,
    /// The options besides players and target with their defaults, in documented order.
    pub options: &'static [(&'static str, OptionValue)],
    pub scoring: Scoring,
    pub win: WinRule,
    /// Clearing the table scores a sweep (an escoba).
    pub sweeps: bool,
    /// The opening table goes to the dealer when it adds up to the capture total or twice
    /// it (switched by the option `opening_capture`).
    pub has_opening_capture: bool,
}

const QUINZA: Row = Row {
    name: "quinza",
    capture_total: 15,
    values: VALUE_PRINTED,
    values_by_id: values_by_id(&VALUE_PRINTED),
    default_target: 151,
    deal_points: 100,
    options: &[],
    scoring: Scoring::CardPoints,
    win: WinRule::HighestAtTarget,
    sweeps: false,
    has_opening_capture: false,
};

/// The rule sets of the family, in the order the messages list them.
pub static ROWS: [Row; 3] = [
    QUINZA,
    // quinza's sister: the same game on 40.
    Row {
        name: "rb3ine",
        capture_total: 40,
        ..QUINZA
    },
    Row {
        name: "escoba",
        capture_total: 15,
        values: VALUE_ESCOBA,
        values_by_id: values_by_id(&VALUE_ESCOBA),
        default_target: 21,
        deal_points: 5,
        options: &[
            ("escoba_on_last_card", OptionValue::Bool(false)),
            ("opening_capture", OptionValue::Bool(true)),
            ("setenta", OptionValue::Word("prime")),
        ],
        scoring: Scoring::Categories,
        win: WinRule::TargetAndLeadOf2,
        sweeps: true,
        has_opening_capture: true,
    },
];

/// The names of the rows, in their order.
pub const NAMES: [&str; ROWS.len()] = {
    let mut names = [""; ROWS.len()];
    let mut i = 0;
    while i < ROWS.len() {
        names[i] = ROWS[i].name;
        i += 1;
    }
    names
};

/// The player counts of every rule set of the family.
pub const PLAYERS: [u8; 3] = [2, 3, 4];

/// Which rule set of the family: its row of `ROWS` (a reference, so that reading a
/// feature on the path of a move is one load, with no index to check).
#[derive(Clone, Copy, Debug)]
pub struct Variant(&'static Row);

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Variant {}

impl std::hash::Hash for Variant {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state)
    }
}

impl Variant {
    /// The rule set `Rules()` takes when no name is given: the first row, quinza.
    pub const DEFAULT: Variant = Variant(&ROWS[0]);

    /// The rule set of this name, if the family has one.
    pub fn parse(name: &str) -> Option<Variant> {
        ROWS.iter()
            .find(|r| r.name.eq_ignore_ascii_case(name))
            .map(Variant)
    }

    #[inline]
    pub fn row(self) -> &'static Row {
        self.0
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The options a rule set takes besides players and target, in their documented order.
    pub fn option_names(self) -> impl Iterator<Item = &'static str> {
        self.row().options.iter().map(|(k, _)| *k)
    }

    pub fn default_target(self) -> u64 {
        self.row().default_target
    }
}

/// How the setenta (prime) is decided in escoba.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Setenta {
    /// Compare the sorted best weights per suit position by position.
    Prime,
    /// The classic primiera sum.
    Sum,
}

impl Setenta {
    pub fn parse(text: &str) -> Option<Setenta> {
        match text {
            "prime" => Some(Setenta::Prime),
            "sum" => Some(Setenta::Sum),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Setenta::Prime => "prime",
            Setenta::Sum => "sum",
        }
    }
}

/// One complete, validated rule set. Options that do not belong to the variant keep their
/// defaults and are ignored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    pub variant: Variant,
    pub players: u8,
    pub target: u64,
    pub escoba_on_last_card: bool,
    pub opening_capture: bool,
    pub setenta: Setenta,
}

pub fn bool_option_message(option: &str, shown: &str) -> String {
    format!("{option} must be True or False, not {shown}")
}

pub fn setenta_message(shown: &str) -> String {
    format!("setenta must be 'prime' or 'sum', not {shown}")
}

impl Rules {
    /// The defaults of a rule set: 2 players, its default target, its options' defaults.
    pub fn default_for(variant: Variant) -> Rules {
        let mut r = Rules {
            variant,
            players: 2,
            target: variant.default_target(),
            escoba_on_last_card: false,
            opening_capture: true,
            setenta: Setenta::Prime,
        };
        for &(key, value) in variant.row().options {
            r.set_option(key, value);
        }
        r
    }

    /// Set an option known to the family to a value of its kind (else nothing changes).
    fn set_option(&mut self, key: &str, value: OptionValue) {
        match (key, value) {
            ("escoba_on_last_card", OptionValue::Bool(b)) => self.escoba_on_last_card = b,
            ("opening_capture", OptionValue::Bool(b)) => self.opening_capture = b,
            ("setenta", OptionValue::Word(w)) => {
                self.setenta = Setenta::parse(w).unwrap_or(self.setenta)
            }
            _ => {}
        }
    }

    /// A rule set by name with optional players and target (numeric checks only).
    pub fn new(name: &str, players: Option<i64>, target: Option<i64>) -> Result<Rules, Error> {
        let variant = Variant::parse(name).ok_or_else(|| {
            Error::Value(unknown_rule_set_message(
                &crate::pyrepr::quoted(name),
                &NAMES,
            ))
        })?;
        let mut r = Rules::default_for(variant);
        if let Some(p) = players {
            if !PLAYERS.iter().any(|&n| n as i64 == p) {
                let shown = p.to_string();
                return Err(Error::Value(players_message(
                    variant.name(),
                    &PLAYERS,
                    &shown,
                )));
            }
            r.players = p as u8;
        }
        if let Some(t) = target {
            if t <= 0 {
                return Err(Error::Value(target_message(&t.to_string())));
            }
            r.target = t as u64;
        }
        Ok(r)
    }

    pub fn name(&self) -> &'static str {
        self.variant.name()
    }

    /// The row of the rule set: its capture total, values, scoring, win rule, features.
    #[inline]
    pub fn row(&self) -> &'static Row {
        self.variant.row()
    }

    /// 2 sides for 2 or 4 players (partners 0+2, 1+3), 3 for 3 players.
    #[inline]
    pub fn sides(&self) -> u8 {
        if self.players == 4 {
            2
        } else {
            self.players
        }
    }

    /// Side of a seat: seat % 2 with 4 players, else the seat itself.
    #[inline]
    pub fn side_of(&self, seat: u8) -> u8 {
        if self.players == 4 {
            seat & 1
        } else {
            seat
        }
    }

    #[inline]
    pub fn capture_total(&self) -> u8 {
        self.row().capture_total
    }

    #[inline]
    pub fn values(&self) -> &'static [u8; 10] {
        &self.row().values
    }

    #[inline]
    pub fn values_by_id(&self) -> &'static [u8; 40] {
        &self.row().values_by_id
    }

    /// Does clearing the table score a sweep (an escoba)?
    #[inline]
    pub fn scores_sweeps(&self) -> bool {
        self.row().sweeps
    }

    /// Does the opening table go to the dealer when it adds up (the rule set has the rule
    /// and the option leaves it on)?
    #[inline]
    pub fn opening_capture_applies(&self) -> bool {
        self.row().has_opening_capture && self.opening_capture
    }

    /// Does the rule set have this option?
    pub fn has_option(&self, key: &str) -> bool {
        self.variant.option_names().any(|k| k == key)
    }

    /// The options of the rule set with their values now, in documented order.
    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        self.variant
            .option_names()
            .filter_map(|key| {
                let value = match key {
                    "escoba_on_last_card" => OptionValue::Bool(self.escoba_on_last_card),
                    "opening_capture" => OptionValue::Bool(self.opening_capture),
                    "setenta" => OptionValue::Word(self.setenta.name()),
                    _ => return None,
                };
                Some((key, value))
            })
            .collect()
    }

    /// Readable Python-style repr, options of the variant only.
    pub fn repr(&self) -> String {
        let mut s = format!(
            "Rules('{}', players={}, target={}",
            self.name(),
            self.players,
            self.target
        );
        for (key, value) in self.options() {
            s.push_str(&format!(", {key}={}", value.repr()));
        }
        s.push(')');
        s
    }
}

impl Rules {
    /// `Rules(name, players, target, **options)` with the reference's checks in its order:
    /// name, players, target, then each option as given.
    /// `name` None means not given (the default, quinza).
    pub fn from_args(
        name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
    ) -> Result<Rules, Error> {
        Rules::from_args_among(name, players, target, options, &NAMES)
    }

    /// `from_args`, where a name that is no rule set of the family is refused naming
    /// `rule_sets` (every family's, when the caller knows them: a game's JSON).
    pub fn from_args_among(
        name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
        rule_sets: &[&str],
    ) -> Result<Rules, Error> {
        let variant = match name {
            None => Variant::DEFAULT,
            Some(n) => match &n.kind {
                ArgKind::Str(s) => Variant::parse(s),
                _ => None,
            }
            .ok_or_else(|| Error::Value(unknown_rule_set_message(&n.repr, rule_sets)))?,
        };
        let mut r = Rules::default_for(variant);
        match players.kind {
            ArgKind::Missing => {}
            ArgKind::Int(Some(p)) if PLAYERS.iter().any(|&n| n as i128 == p) => r.players = p as u8,
            _ => {
                let shown = &players.repr;
                return Err(Error::Value(players_message(
                    variant.name(),
                    &PLAYERS,
                    shown,
                )));
            }
        }
        if let Some(t) = target_arg(target)? {
            r.target = t;
        }
        for (key, value) in options {
            r.option_from_arg(variant, key, value)
                .map_err(Error::Value)?;
        }
        Ok(r)
    }

    /// One option as given: known to the rule set, and of its kind.
    fn option_from_arg(&mut self, variant: Variant, key: &Arg, value: &Arg) -> Result<(), String> {
        let found = match &key.kind {
            ArgKind::Str(text) => variant.row().options.iter().find(|(k, _)| k == text),
            _ => None, // not a name at all (a str that is not Unicode)
        };
        let Some(&(key, default)) = found else {
            let names: Vec<&str> = variant.option_names().collect();
            return Err(unknown_option_message(variant.name(), &names, &key.repr));
        };
        match (default, &value.kind) {
            (OptionValue::Bool(_), ArgKind::Bool(b)) => self.set_option(key, OptionValue::Bool(*b)),
            (OptionValue::Bool(_), _) => return Err(bool_option_message(key, &value.repr)),
            (OptionValue::Word(_), ArgKind::Str(s)) if key == "setenta" => {
                match Setenta::parse(s) {
                    Some(w) => self.set_option(key, OptionValue::Word(w.name())),
                    None => return Err(setenta_message(&value.repr)),
                }
            }
            (OptionValue::Word(_), _) => return Err(setenta_message(&value.repr)),
        }
        Ok(())
    }

    /// The options of the rule set with their values, in order (JSON text of each value).
    pub fn option_items(&self) -> Vec<(&'static str, String)> {
        self.options()
            .into_iter()
            .map(|(k, v)| (k, v.json()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_of_each_rule_set() {
        // "Winning a match": 151 by default for quinza/rb3ine, 21 for escoba.
        let q = Rules::new("quinza", None, None).unwrap();
        assert_eq!((q.players, q.target, q.sides()), (2, 151, 2));
        let r = Rules::new("rb3ine", Some(4), Some(301)).unwrap();
        assert_eq!(
            (r.players, r.target, r.sides(), r.capture_total()),
            (4, 301, 2, 40)
        );
        let e = Rules::new("escoba", Some(3), None).unwrap();
        assert_eq!((e.target, e.sides(), e.capture_total()), (21, 3, 15));
        assert!(!e.escoba_on_last_card && e.opening_capture && e.setenta == Setenta::Prime);
    }

    #[test]
    fn seats_and_sides_partners_sit_opposite() {
        // "Seats, sides, dealing": with 4 players the sides are seats 0+2 and 1+3.
        let r = Rules::new("quinza", Some(4), None).unwrap();
        assert_eq!(
            (0..4).map(|s| r.side_of(s)).collect::<Vec<_>>(),
            vec![0, 1, 0, 1]
        );
        let r = Rules::new("quinza", Some(3), None).unwrap();
        assert_eq!(
            (0..3).map(|s| r.side_of(s)).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
    }

    #[test]
    fn rules_errors_say_what_is_allowed() {
        // The family names its own rule sets (`any::RuleSet` and a game's JSON name every
        // family's).
        assert_eq!(
            Rules::new("poker", None, None).unwrap_err(),
            Error::Value("unknown rule set 'poker': choose quinza, rb3ine or escoba".into())
        );
        assert_eq!(
            Rules::new("quinza", Some(5), None).unwrap_err().to_string(),
            "quinza is played by 2, 3 or 4 players, not 5"
        );
        assert_eq!(
            Rules::new("quinza", None, Some(0)).unwrap_err().to_string(),
            "target must be a whole number from 1 to 2**64-1, not 0"
        );
        assert_eq!(
            unknown_option_message("quinza", &[], "'setenta'"),
            "unknown option 'setenta' for quinza; its options: none"
        );
        assert_eq!(
            unknown_option_message(
                "escoba",
                &["escoba_on_last_card", "opening_capture", "setenta"],
                "'x'"
            ),
            "unknown option 'x' for escoba; its options: escoba_on_last_card, opening_capture, setenta"
        );
    }
}
