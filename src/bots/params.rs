//! A bot's parameters as the registry knows them: each bot lists its own (`Policy::PARAMS`),
//! and everything that reads or shows them (the bindings' arguments and getters, the spec
//! text, messages) is written once over this list.

use crate::search::Choice;

/// How one parameter's value is checked, and what it holds.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A whole number from `low` to 2**64-1.
    Count { low: u64 },
    /// A finite number from 0 (UCB's exploration constant).
    Exploration,
    /// One of a few names (a `search::Choice`), listed in the order a message gives them.
    Word(fn() -> Vec<&'static str>),
    /// Seconds a move (above 0), or None for no limit.
    TimeLimit,
    /// A file's path, or None (the bot's default): a net's weights, read when given.
    NetFile,
}

/// One parameter of a bot, the seed aside (every bot takes a seed, last).
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
}

impl Param {
    pub const fn count(name: &'static str, low: u64) -> Param {
        Param {
            name,
            kind: ParamKind::Count { low },
        }
    }

    /// A parameter that is one of the names of `T`.
    pub const fn word<T: Choice>(name: &'static str) -> Param {
        Param {
            name,
            kind: ParamKind::Word(choice_names::<T>),
        }
    }
}

/// `time_limit`, which every search bot takes.
pub const TIME_LIMIT: Param = Param {
    name: "time_limit",
    kind: ParamKind::TimeLimit,
};

/// The names of a choice, in the order a message lists them.
pub fn choice_names<T: Choice>() -> Vec<&'static str> {
    T::ALL.iter().map(|c| c.name()).collect()
}

/// A parameter's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamValue {
    Count(u64),
    Real(f64),
    Word(&'static str),
    Seconds(Option<f64>),
    /// A path kept for the life of the process (`net::shipped::load`), or None.
    Path(Option<&'static str>),
}

impl ParamValue {
    /// As Python's repr shows it (the spec text and a bot's repr).
    pub fn repr(self) -> String {
        match self {
            ParamValue::Count(n) => n.to_string(),
            ParamValue::Real(x) => crate::pyrepr::py_repr_float(x),
            ParamValue::Word(w) => crate::pyrepr::py_repr_str(w),
            ParamValue::Seconds(s) => s.map_or("None".to_string(), crate::pyrepr::py_repr_float),
            ParamValue::Path(p) => p.map_or("None".to_string(), crate::pyrepr::py_repr_str),
        }
    }
}

/// The value of a `Choice` named `word` (None: no such name, or a value of another kind).
pub fn choice<T: Choice>(value: ParamValue) -> Option<T> {
    match value {
        ParamValue::Word(w) => T::parse(w),
        _ => None,
    }
}
