//! quinza: a fast, exact engine for the fifteen family of card games (Quinza, Rb3ine,
//! Escoba de Quince) and for Quinte, the trick game. The core has no Python in it;
//! `python` (behind the `python` feature) wraps it for `quinza._core`.

pub mod any;
pub mod bots;
pub mod cards;
mod cardset;
pub mod dealing;
pub mod encode;
pub mod encoding;
pub mod events;
mod families;
pub mod fifteen;
pub mod history;
pub mod jsontext;
pub mod net;
pub mod playout;
pub mod pyrepr;
pub mod quinte;
pub mod rng;
pub mod ruleargs;
pub mod search;
pub mod sim;
pub mod state;

#[cfg(feature = "python")]
mod python;

/// An error as a value: `Value` is a Python `ValueError`, `Illegal` an `IllegalMoveError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    Value(String),
    Illegal(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Value(m) | Error::Illegal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

/// A checking step's message is a `ValueError` (bad input), never an illegal move.
impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Value(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::Value(message.to_string())
    }
}
