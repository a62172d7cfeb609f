//! The one interface to a game of the core, whatever its family (OpenSpiel's `State` is
//! the model): whose turn it is, the legal moves, why a move is illegal, playing one, the
//! random move, the scores and the winner, and what one seat may know. Bots, simulation
//! and playouts are written once over it, and so are search, encodings and records.
//!
//! A family implements it in its own module (`fifteen`, `quinte`); `any::AnyGame` is the
//! closed enum of the families that the Python bindings hold. What search asks beyond it
//! (worlds for a seat, the exact solver's hooks) is `Searchable`, in `searchable.rs`.

mod encoded;
mod searchable;

pub use encoded::Encoded;
pub use searchable::{Searchable, SolverKey, Value};

use crate::rng::SplitMix64;
use crate::ruleargs::Arg;
use crate::Error;

/// A validated rule set, as every family reads it (`Rules(name, players, target,
/// **options)`; docs/reference/game.md "Rules").
pub trait GameRules: Copy + Send + Sync {
    /// The names of the family's rule sets, in the order messages list them
    /// (`families::rule_set_names` lists every family's).
    const NAMES: &'static [&'static str];
    /// The rule set the arguments name, with the reference's checks in its order; `name`
    /// None means not given (the family's first rule set).
    fn from_args(
        name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
    ) -> Result<Self, Error>;
    fn name(&self) -> &'static str;
    fn players(&self) -> u8;
    fn sides(&self) -> u8;
    /// The points that win a match.
    fn target(&self) -> u64;
    /// As Python's repr shows it: `Rules('escoba', players=2, target=21, ...)`.
    fn repr(&self) -> String;
    /// The rules object of a game's JSON text.
    fn json(&self) -> String;
}

/// One finished deal, as every family records it.
pub trait Deal {
    fn deal_number(&self) -> u64;
    fn dealer(&self) -> u8;
    /// The points this deal added to the match, per side.
    fn points(&self) -> &[u64];
}

/// A whole match of one family: the state, the moves, the end.
pub trait State: Clone + Send + Sync + Sized {
    /// A validated rule set of the family.
    type Rules: GameRules;
    /// A move of the family, small and copied.
    type Move: Copy + Eq + std::fmt::Debug + std::fmt::Display + Send + Sync;
    /// What one seat may know: a value of fixed size, its cost flat over a match.
    type Observation: Clone;
    /// The record of a finished deal.
    type Deal: Deal;

    /// A new match: the generator starts at `seed` and the first deal is dealt.
    fn new(rules: Self::Rules, seed: u64) -> Self;
    fn rules(&self) -> &Self::Rules;
    fn players(rules: &Self::Rules) -> u8 {
        rules.players()
    }
    fn sides(rules: &Self::Rules) -> u8 {
        rules.sides()
    }
    /// The side a seat plays for: partners 0+2 and 1+3 at 4 players.
    fn side_of(&self, seat: u8) -> u8;

    /// The seat to act, or None when the match is over.
    fn turn(&self) -> Option<u8>;
    #[inline]
    fn is_over(&self) -> bool {
        self.turn().is_none()
    }
    fn dealer(&self) -> u8;
    /// 1 for the first deal.
    fn deal_number(&self) -> u64;
    /// Match totals per side.
    fn scores(&self) -> &[u64];
    /// The side that won, or None (the match goes on, or ended in a draw).
    fn winner(&self) -> Option<u8>;
    /// The finished deals of the match, oldest first.
    fn deals(&self) -> &[Self::Deal];

    /// Appends every legal move to `out`, in the family's documented order.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }
    /// The number of legal moves (without listing them where the family can).
    fn count_legal_moves(&self) -> u64;
    /// Why a move is illegal (the family's checks, in their documented order), or None.
    fn illegal_reason(&self, mv: &Self::Move) -> Option<String>;
    #[inline]
    fn is_legal(&self, mv: &Self::Move) -> bool {
        self.illegal_reason(mv).is_none()
    }
    /// Play a move known to be legal; a finished deal is scored and the next one dealt.
    fn apply(&mut self, mv: Self::Move);
    /// Refuse a move for `seat` when it is not the seat to act (`Game.play(move, seat=)`:
    /// a server passes the seat of the player who sent the move).
    fn check_mover(&self, seat: u8) -> Result<(), Error> {
        match self.turn() {
            None => Err(Error::Illegal("the match is over".to_string())),
            Some(turn) if turn != seat => Err(Error::Illegal(format!(
                "it is seat {turn}'s turn, not seat {seat}'s"
            ))),
            Some(_) => Ok(()),
        }
    }
    /// Play a move for the seat to act; an illegal move is an error and changes nothing.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Error> {
        if let Some(reason) = self.illegal_reason(mv) {
            return Err(Error::Illegal(reason));
        }
        self.apply(*mv);
        Ok(())
    }
    /// The random player's move: `rng.below(number of legal moves)` picks in legal-move
    /// order (one draw, even for a single move); `buf` is room to list them in. A family
    /// may count instead of listing, as long as the pick is the same.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        buf.clear();
        self.legal_moves_into(buf);
        rng.pick(buf)
    }
    /// How much a move is worth right away (greater is better): the greedy bot's key,
    /// and a first guess for move ordering.
    fn greedy_key(&self, mv: &Self::Move) -> i32;

    /// The greedy bot's move: the first legal move of greatest `greedy_key`; `buf` is
    /// room to list the moves in. A family may find it without listing, as long as the
    /// move is the same.
    #[inline]
    fn greedy_move(&self, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        buf.clear();
        self.legal_moves_into(buf);
        let mut best: Option<(i32, Self::Move)> = None;
        for mv in buf.iter() {
            let key = self.greedy_key(mv);
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, *mv));
            }
        }
        best.map(|(_, m)| m)
    }

    /// What `seat` may know; `seat` must be a seat of the rules.
    fn observation(&self, seat: u8) -> Self::Observation;
}

/// How `str(game)` says a match ended, in both families: the winning side, or a draw.
pub fn match_over_text(winner: Option<u8>) -> String {
    match winner {
        Some(side) => format!("match over, side {side} wins"),
        None => "match over, a draw".to_string(),
    }
}

/// One step of `Searchable::deal_key`: folds `x` into the hash `h` (SplitMix64's finaliser,
/// so that nearby states land far apart).
#[inline]
pub fn mix_key(h: u64, x: u64) -> u64 {
    let mut z = (h ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
