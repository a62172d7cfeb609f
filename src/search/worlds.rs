//! Worlds for search (docs/reference/search.md "Worlds: what a seat may know, dealt again"): each
//! family deals a seat's hidden cards again (`Searchable::sample_world`, over
//! `crate::dealing`); here, what a search assumes of the other seats' play, and the
//! worlds fitted to it ("Worlds fitted to the play").

use crate::rng::SplitMix64;
use crate::state::Searchable;

/// What a search assumes of the other seats' play when it samples worlds (docs/reference/search.md
/// "Worlds fitted to the play").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Infer {
    /// Any world consistent with what the seat saw.
    Off,
    /// Worlds in which every move the other seats made this round is a greedy move.
    Greedy,
    /// Worlds in which every such move is the greedy bot's own (its tie-break too).
    GreedyFirst,
}

impl super::Choice for Infer {
    const ALL: &'static [Infer] = &[Infer::Greedy, Infer::GreedyFirst, Infer::Off];

    fn name(self) -> &'static str {
        match self {
            Infer::Greedy => "greedy",
            Infer::GreedyFirst => "greedy_first",
            Infer::Off => "off",
        }
    }
}

/// How many worlds `sample_fitted` draws at most before it takes the first one.
pub const FIT_TRIES: u32 = 16;

/// A search stops fitting worlds (takes them as `Infer::Off` does) when fewer than half
/// of its first `GIVE_UP_AFTER` worlds were found fitting: play that fits few worlds (not
/// greedy) costs no more than these tries.
pub const GIVE_UP_AFTER: u32 = 32;

/// A world for `seat`: with `Infer::Greedy`, the first of up to `FIT_TRIES` worlds drawn
/// one after the other in which the other seats' moves this round fit greedy play, or
/// the first drawn when none fits (play that is not greedy never leaves a search without
/// worlds); with `Infer::Off`, one world. `buf` is room to list moves in.
pub fn sample_fitted<G: Searchable>(
    game: &G,
    seat: u8,
    infer: Infer,
    rng: &mut SplitMix64,
    buf: &mut Vec<G::Move>,
) -> G {
    try_fitted(game, seat, infer, rng, buf).0
}

/// `sample_fitted`, and whether the world fits (always, with `Infer::Off`).
pub fn try_fitted<G: Searchable>(
    game: &G,
    seat: u8,
    infer: Infer,
    rng: &mut SplitMix64,
    buf: &mut Vec<G::Move>,
) -> (G, bool) {
    let strict = infer == Infer::GreedyFirst;
    let first = game.sample_world(seat, rng);
    if infer == Infer::Off || first.fits_greedy(seat, strict, buf) {
        return (first, true);
    }
    for _ in 1..FIT_TRIES {
        let world = game.sample_world(seat, rng);
        if world.fits_greedy(seat, strict, buf) {
            return (world, true);
        }
    }
    (first, false)
}

/// The worlds of one search: fitted, unless fewer than half of the first
/// `GIVE_UP_AFTER` fitted (then taken as they come).
pub struct Fitter {
    infer: Infer,
    calls: u32,
    fitted: u32,
    /// Whether the last world was found to fit the play (never with `Infer::Off`).
    last_fits: bool,
}

impl Fitter {
    pub fn new(infer: Infer) -> Fitter {
        Fitter {
            infer,
            calls: 0,
            fitted: 0,
            last_fits: false,
        }
    }

    /// The search's next world.
    pub fn world<G: Searchable>(
        &mut self,
        game: &G,
        seat: u8,
        rng: &mut SplitMix64,
        buf: &mut Vec<G::Move>,
    ) -> G {
        let (world, fits) = try_fitted(game, seat, self.infer, rng, buf);
        self.last_fits = fits && self.infer != Infer::Off;
        self.fitted += fits as u32;
        self.calls += 1;
        if self.calls == GIVE_UP_AFTER && 2 * self.fitted < self.calls {
            self.infer = Infer::Off;
        }
        world
    }

    /// Whether the world the search drew last was found to fit the other seats' play
    /// this round (false once the search stopped fitting, and with `Infer::Off`).
    pub fn last_fits(&self) -> bool {
        self.last_fits
    }
}
