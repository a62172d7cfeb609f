//! The fifteen family: quinza, rb3ine and escoba (RULES.md "The fifteen family").

pub mod captures;
pub mod game;
pub mod json;
pub mod moves;
pub mod rules;
pub mod scoring;

pub use game::{Game, Position};
pub use moves::Move;
pub use rules::{Rules, Scoring, Setenta, Variant, WinRule};
pub use scoring::{DealResult, Details};
