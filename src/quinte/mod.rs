//! Quinte, the trick game (RULES.md "quinte: the trick game", docs/engine.md "Quinte"):
//! 52 cards and a joker, four players in two partnerships, a doubling, twelve tricks,
//! quints, the cachette. No Python in here; `crate::python` wraps it.

pub mod cards;
pub mod game;
pub mod json;
pub mod moves;
pub mod position;
pub mod rules;
pub mod trick;

pub use cards::{Card, CardSet};
pub use game::{DealResult, Doubling, Game, Phase};
pub use moves::{Bid, Move};
pub use position::Position;
pub use rules::Rules;

#[cfg(test)]
mod tests;
