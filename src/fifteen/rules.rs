//! The rule sets of the fifteen family (RULES.md, "The fifteen family"): one row each.

use super::captures::values_by_id;
use crate::cards::{VALUE_ESCOBA, VALUE_PRINTED};

const VALUE_PRINTED_BY_ID: [u8; 40] = values_by_id(&VALUE_PRINTED);
const VALUE_ESCOBA_BY_ID: [u8; 40] = values_by_id(&VALUE_ESCOBA);

/// Which game of the family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    Quinza,
    Rb3ine,
    Escoba,
}

impl Variant {
    pub fn parse(name: &str) -> Result<Variant, String> {
        match name {
            "quinza" => Ok(Variant::Quinza),
            "rb3ine" => Ok(Variant::Rb3ine),
            "escoba" => Ok(Variant::Escoba),
            _ => Err(format!(
                "unknown rule set {}: choose quinza, rb3ine, escoba or quinte",
                crate::pyrepr::py_repr_str(name)
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Quinza => "quinza",
            Variant::Rb3ine => "rb3ine",
            Variant::Escoba => "escoba",
        }
    }

    /// The options a rule set takes besides players and target, in their documented order.
    pub fn option_names(self) -> &'static [&'static str] {
        match self {
            Variant::Escoba => &["escoba_on_last_card", "opening_capture", "setenta"],
            _ => &[],
        }
    }

    pub fn default_target(self) -> u64 {
        match self {
            Variant::Escoba => 21,
            _ => 151,
        }
    }

    /// The capture total: 15, or 40 in rb3ine.
    pub fn capture_total(self) -> u8 {
        match self {
            Variant::Rb3ine => 40,
            _ => 15,
        }
    }

    /// Values for sums by rank index.
    pub fn values(self) -> &'static [u8; 10] {
        match self {
            Variant::Escoba => &VALUE_ESCOBA,
            _ => &VALUE_PRINTED,
        }
    }

    /// Values for sums by card id.
    pub fn values_by_id(self) -> &'static [u8; 40] {
        match self {
            Variant::Escoba => &VALUE_ESCOBA_BY_ID,
            _ => &VALUE_PRINTED_BY_ID,
        }
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

/// The message for an impossible player count; `shown` is the value as the caller wrote it.
pub fn players_message(variant: Variant, shown: &str) -> String {
    format!(
        "{} is played by 2, 3 or 4 players, not {shown}",
        variant.name()
    )
}

/// The message for a bad target; `shown` is the value as the caller wrote it.
pub fn target_message(shown: &str) -> String {
    format!("target must be a whole number from 1 to 2**64-1, not {shown}")
}

/// The message for an option the rule set does not have.
pub fn unknown_option_message(variant: Variant, option: &str) -> String {
    let names = variant.option_names();
    let list = if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    };
    format!(
        "unknown option {} for {}; its options: {list}",
        crate::pyrepr::py_repr_str(option),
        variant.name()
    )
}

pub fn bool_option_message(option: &str, shown: &str) -> String {
    format!("{option} must be True or False, not {shown}")
}

pub fn setenta_message(shown: &str) -> String {
    format!("setenta must be 'prime' or 'sum', not {shown}")
}

impl Rules {
    /// The defaults of a rule set: 2 players, target 151 (quinza, rb3ine) or 21 (escoba).
    pub fn default_for(variant: Variant) -> Rules {
        Rules {
            variant,
            players: 2,
            target: variant.default_target(),
            escoba_on_last_card: false,
            opening_capture: true,
            setenta: Setenta::Prime,
        }
    }

    /// A rule set by name with optional players and target (numeric checks only).
    pub fn new(name: &str, players: Option<i64>, target: Option<i64>) -> Result<Rules, String> {
        let variant = Variant::parse(name)?;
        let mut r = Rules::default_for(variant);
        if let Some(p) = players {
            if !(2..=4).contains(&p) {
                return Err(players_message(variant, &p.to_string()));
            }
            r.players = p as u8;
        }
        if let Some(t) = target {
            if t <= 0 {
                return Err(target_message(&t.to_string()));
            }
            r.target = t as u64;
        }
        Ok(r)
    }

    pub fn name(&self) -> &'static str {
        self.variant.name()
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
        self.variant.capture_total()
    }

    #[inline]
    pub fn values(&self) -> &'static [u8; 10] {
        self.variant.values()
    }

    #[inline]
    pub fn values_by_id(&self) -> &'static [u8; 40] {
        self.variant.values_by_id()
    }

    #[inline]
    pub fn is_escoba(&self) -> bool {
        self.variant == Variant::Escoba
    }

    /// Readable Python-style repr, options of the variant only.
    pub fn repr(&self) -> String {
        let mut s = format!(
            "Rules('{}', players={}, target={}",
            self.name(),
            self.players,
            self.target
        );
        if self.is_escoba() {
            s.push_str(&format!(
                ", escoba_on_last_card={}, opening_capture={}, setenta='{}'",
                py_bool(self.escoba_on_last_card),
                py_bool(self.opening_capture),
                self.setenta.name()
            ));
        }
        s.push(')');
        s
    }
}

/// A caller's value for a rules argument, already classified, with its Python `repr`.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// Python None (or a JSON null): take the default.
    Missing,
    Bool(bool),
    /// A whole number; None when it does not fit an i128.
    Int(Option<i128>),
    Str(String),
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub kind: ArgKind,
    pub repr: String,
}

impl Arg {
    pub fn new(kind: ArgKind, repr: impl Into<String>) -> Arg {
        Arg {
            kind,
            repr: repr.into(),
        }
    }
    pub fn missing() -> Arg {
        Arg::new(ArgKind::Missing, "None")
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
        options: &[(String, Arg)],
    ) -> Result<Rules, String> {
        let variant = match name.map(|n| (&n.kind, n)) {
            None => Variant::Quinza,
            Some((ArgKind::Str(s), n)) => Variant::parse(s).map_err(|_| {
                format!(
                    "unknown rule set {}: choose quinza, rb3ine, escoba or quinte",
                    n.repr
                )
            })?,
            Some((_, name)) => {
                return Err(format!(
                    "unknown rule set {}: choose quinza, rb3ine, escoba or quinte",
                    name.repr
                ))
            }
        };
        let mut r = Rules::default_for(variant);
        match players.kind {
            ArgKind::Missing => {}
            ArgKind::Int(Some(p)) if (2..=4).contains(&p) => r.players = p as u8,
            _ => return Err(players_message(variant, &players.repr)),
        }
        match target.kind {
            ArgKind::Missing => {}
            ArgKind::Int(Some(t)) if t >= 1 && t <= u64::MAX as i128 => r.target = t as u64,
            _ => return Err(target_message(&target.repr)),
        }
        for (key, value) in options {
            if !variant.option_names().contains(&key.as_str()) {
                return Err(unknown_option_message(variant, key));
            }
            match (key.as_str(), &value.kind) {
                ("setenta", ArgKind::Str(s)) if Setenta::parse(s).is_some() => {
                    r.setenta = Setenta::parse(s).unwrap_or(Setenta::Prime)
                }
                ("setenta", _) => return Err(setenta_message(&value.repr)),
                ("escoba_on_last_card", ArgKind::Bool(b)) => r.escoba_on_last_card = *b,
                ("opening_capture", ArgKind::Bool(b)) => r.opening_capture = *b,
                _ => return Err(bool_option_message(key, &value.repr)),
            }
        }
        Ok(r)
    }

    /// The options of the rule set with their values, in order (JSON text of each value).
    pub fn option_items(&self) -> Vec<(&'static str, String)> {
        if !self.is_escoba() {
            return vec![];
        }
        vec![
            ("escoba_on_last_card", self.escoba_on_last_card.to_string()),
            ("opening_capture", self.opening_capture.to_string()),
            ("setenta", format!("\"{}\"", self.setenta.name())),
        ]
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
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
        assert_eq!(
            Rules::new("poker", None, None).unwrap_err(),
            "unknown rule set 'poker': choose quinza, rb3ine, escoba or quinte"
        );
        assert_eq!(
            Rules::new("quinza", Some(5), None).unwrap_err(),
            "quinza is played by 2, 3 or 4 players, not 5"
        );
        assert_eq!(
            Rules::new("quinza", None, Some(0)).unwrap_err(),
            "target must be a whole number from 1 to 2**64-1, not 0"
        );
        assert_eq!(
            unknown_option_message(Variant::Quinza, "setenta"),
            "unknown option 'setenta' for quinza; its options: none"
        );
        assert_eq!(
            unknown_option_message(Variant::Escoba, "x"),
            "unknown option 'x' for escoba; its options: escoba_on_last_card, opening_capture, setenta"
        );
    }
}
