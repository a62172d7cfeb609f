//! Search over the one game interface (`State`), written once for every game
//! (docs/engine.md "Search: the open-hand solver").

pub mod ismcts;
pub mod pimc;
pub mod solver;
pub mod worlds;

pub use solver::{solve, solve_with, Limits, Solution, Value, CHECK_EVERY};

#[cfg(test)]
mod tests;
