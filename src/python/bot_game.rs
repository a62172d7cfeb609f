//! How a bot object of the bindings plays the game Python hands it: a `quinza.Game`, or a
//! game of the reference read through its JSON and its moves (`with_game`), and one
//! move chosen for its seat to act (`choose`). Shared by every bot class (`bots.rs`,
//! `net.rs`).

use super::cards::{move_object, PyMove};
use super::convert::{type_name, value_error};
use super::game::PyGame;
use crate::any::AnyGame;
use crate::bots::BotSpec;
use crate::rng::SplitMix64;
use pyo3::prelude::*;

pub(crate) const MATCH_OVER: &str = "the match is over: there is no move to choose";

/// The game a bot is asked to play: a `quinza.Game`, or any game with `to_json()` (a
/// game of the reference), read through its JSON.
pub(crate) fn with_game<R>(game: &Bound<'_, PyAny>, f: impl FnOnce(&AnyGame) -> R) -> PyResult<R> {
    if let Ok(g) = game.cast::<PyGame>() {
        let g = g
            .try_borrow()
            .map_err(|_| value_error("the game is busy: a bot cannot play it while it changes"))?;
        return Ok(f(&g.game));
    }
    if game.hasattr("to_json")? {
        let text: String = game.call_method0("to_json")?.extract()?;
        let g = match replayed(game, &text) {
            Some(g) => g,
            None => AnyGame::from_json(&text).map_err(super::convert::core_error)?,
        };
        return Ok(f(&g));
    }
    Err(value_error(format!(
        "a bot plays a quinza Game, not {}",
        type_name(game)?
    )))
}

/// Another backend's game (the reference's) as its start read from JSON and its moves
/// played again, so that the round in play, which worlds fitted to the play read, comes
/// too; None when that is not the game (then its JSON alone is read).
fn replayed(game: &Bound<'_, PyAny>, json: &str) -> Option<AnyGame> {
    let start: String = game.call_method0("start_json").ok()?.extract().ok()?;
    let mut g = AnyGame::from_json(&start).ok()?;
    for event in game.getattr("history").ok()?.try_iter().ok()? {
        let event = event.ok()?;
        let kind: String = event.getattr("kind").ok()?.extract().ok()?;
        if kind != "move" {
            continue;
        }
        let text = event.getattr("move").ok()?.str().ok()?;
        let super::cards::MoveArg::Move(mv) =
            super::cards::move_arg(text.as_any(), g.rules().deck()).ok()?
        else {
            return None;
        };
        g.play(&mv).ok()?;
    }
    (g.to_json() == json).then_some(g)
}

/// The bot's move for the seat to act of `game`; a bot that cannot play the game (a net
/// that does not fit it) is a ValueError that says why.
pub(crate) fn choose<'py>(
    py: Python<'py>,
    spec: &BotSpec,
    rng: &mut SplitMix64,
    game: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyMove>> {
    // Random and greedy bots do not search: nothing asks to stop them.
    let mv = with_game(game, |g| {
        g.check_bot(spec)?;
        Ok::<_, crate::Error>(g.bot_move(spec, rng, &mut || false).unwrap_or(None))
    })?
    .map_err(super::convert::core_error)?;
    match mv {
        Some(m) => move_object(py, m),
        None => Err(value_error(MATCH_OVER)),
    }
}
