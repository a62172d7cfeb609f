//! `Rules(name, players, target, **options)` as every family reads it: the arguments as
//! the caller gave them, and the words for bad ones. Below the families, so that each
//! words its checks alike and none reaches another.

use crate::Error;

/// The message for a name that is no rule set; `shown` is the name as Python's repr,
/// `names` the rule sets to choose from (every family's: `families::rule_set_names`).
pub fn unknown_rule_set_message(shown: &str, names: &[&str]) -> String {
    format!(
        "unknown rule set {shown}: choose {}",
        crate::pyrepr::or_list(names)
    )
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

/// The value of an option: a bool or one of its words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionValue {
    Bool(bool),
    Word(&'static str),
}

impl OptionValue {
    /// As JSON text: `true`, `"prime"`.
    pub fn json(self) -> String {
        match self {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Word(w) => format!("\"{w}\""),
        }
    }
    /// As Python's repr: `True`, `'prime'`.
    pub fn repr(self) -> String {
        match self {
            OptionValue::Bool(b) => crate::pyrepr::py_repr_bool(b).to_string(),
            OptionValue::Word(w) => format!("'{w}'"),
        }
    }
}

/// The message for an impossible player count of the rule set `name`, played by
/// `counts` players; `shown` is the value as the caller wrote it.
pub fn players_message(name: &str, counts: &[u8], shown: &str) -> String {
    let counts: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
    let counts: Vec<&str> = counts.iter().map(String::as_str).collect();
    let counts = crate::pyrepr::or_list(&counts);
    format!("{name} is played by {counts} players, not {shown}")
}

/// A `target` argument of any rule set: left out (None), or a whole number from 1 to
/// 2**64-1.
pub fn target_arg(target: &Arg) -> Result<Option<u64>, Error> {
    match target.kind {
        ArgKind::Missing => Ok(None),
        ArgKind::Int(Some(t)) if t >= 1 && t <= u64::MAX as i128 => Ok(Some(t as u64)),
        _ => Err(Error::Value(target_message(&target.repr))),
    }
}

/// The message for a bad target; `shown` is the value as the caller wrote it.
pub fn target_message(shown: &str) -> String {
    format!("target must be a whole number from 1 to 2**64-1, not {shown}")
}

/// The message for an option the rule set `name` does not have (its options: `names`);
/// `shown` is the option as Python's repr.
pub fn unknown_option_message(name: &str, names: &[&str], shown: &str) -> String {
    let list = if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    };
    format!("unknown option {shown} for {name}; its options: {list}")
}
