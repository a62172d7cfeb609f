//! Search over the one game interface (`State`), written once for every game
//! (docs/explanation/search-and-fairness.md "The open-hand solver").

pub mod ismcts;
pub mod pimc;
pub mod prior;
mod root;
pub mod solver;
mod table;
pub mod worlds;

pub use solver::{solve, solve_with, Ask, Limits, Moves, Solution, Value, CHECK_EVERY};

/// A search parameter that is one of a few names (ismcts's `rollout`, `infer` and
/// `opponents`): each value's name is written once, in `name`; `ALL` is the order in
/// which a message lists the choices.
pub trait Choice: Copy + 'static {
    const ALL: &'static [Self];

    fn name(self) -> &'static str;

    fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.name() == name)
    }
}

#[cfg(test)]
mod tests;
