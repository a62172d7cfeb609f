//! `quinza._core`: thin PyO3 wrappers over the Rust core. No game logic lives here: the
//! wrappers convert Python values to core values (with the reference's checks and
//! messages for the conversions) and core errors to Python exceptions.
//!
//! A Python docstring is written once, in the reference: `#[doc = docstring!(Game.play)]`
//! puts its twin's words on a class or method (`docstrings.rs`, written with the stub by
//! scripts/make_stub.py).

use pyo3::prelude::*;

// First, so that its macro `docstring!` is in scope in every module below.
#[macro_use]
mod docstrings;

mod bot_game;
mod bot_spec;
mod bots;
mod buffers;
mod cards;
mod convert;
mod deal;
mod encode;
mod events;
mod game;
mod history;
mod net;
mod random;
mod rules;
mod search;
mod sim;
mod vector;

#[doc = docstring!(_core)]
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Built for POPCNT (.cargo/config.toml): say so, rather than die on an illegal
    // instruction at the first count of cards.
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    if !std::arch::is_x86_feature_detected!("popcnt") {
        return Err(pyo3::exceptions::PyImportError::new_err(
            "this build of quinza's core needs a processor with the POPCNT instruction \
             (every x86-64 processor since 2008 has it) and this one has none: build it \
             from source with the environment variable RUSTFLAGS set (empty is enough), \
             which replaces the project's .cargo/config.toml",
        ));
    }
    crate::pyrepr::set_printable(convert::python_printable);
    m.add_class::<cards::PyCard>()?;
    m.add_class::<cards::PyMove>()?;
    m.add_class::<rules::PyRules>()?;
    m.add_function(wrap_pyfunction!(rules::rule_sets, m)?)?;
    m.add_class::<game::PyGame>()?;
    game::families::add_classes(m)?;
    m.add_class::<deal::PyDealResult>()?;
    m.add_class::<events::PyEvent>()?;
    m.add_class::<random::PyRandom>()?;
    bots::register(m)?;
    net::register(m)?;
    sim::register(m)?;
    search::register(m)?;
    encode::register(m)?;
    vector::register(m)?;
    m.add("BACKEND", "rust")?;
    Ok(())
}
