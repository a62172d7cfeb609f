//! The pimc bot: perfect-information Monte Carlo over worlds sampled from its seat's view
//! (`search::pimc`, docs/reference/search.md "pimc"); the move of greatest total over the worlds.

use super::params::TIME_LIMIT;
use super::{Param, ParamValue, Policy, Ranked, Stopped};
use crate::rng::SplitMix64;
use crate::search::pimc::{self, PimcParams};
use crate::state::Searchable;

impl Policy for PimcParams {
    const NAME: &'static str = "pimc";
    const PARAMS: &'static [Param] = &[
        Param::count("worlds", 1),
        Param::count("depth", 0),
        Param::count("exact", 0),
        TIME_LIMIT,
    ];
    const SEARCHES: bool = true;
    const BUDGET: Option<&'static str> = Some("worlds");

    fn get(&self, name: &str) -> Option<ParamValue> {
        Some(match name {
            "worlds" => ParamValue::Count(self.worlds),
            "depth" => ParamValue::Count(self.depth),
            "exact" => ParamValue::Count(self.exact),
            "time_limit" => ParamValue::Seconds(self.time_limit),
            _ => return None,
        })
    }

    fn set(&mut self, name: &str, value: ParamValue) -> bool {
        match (name, value) {
            ("worlds", ParamValue::Count(n)) => self.worlds = n,
            ("depth", ParamValue::Count(n)) => self.depth = n,
            ("exact", ParamValue::Count(n)) => self.exact = n,
            ("time_limit", ParamValue::Seconds(s)) => self.time_limit = s,
            _ => return false,
        }
        true
    }

    fn choose<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        _buf: &mut Vec<G::Move>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<G::Move> {
        pimc::analyse(g, self, rng, stop).and_then(|a| a.best())
    }

    fn analyse<G: Searchable>(
        &self,
        g: &G,
        rng: &mut SplitMix64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<G::Move>>, Stopped> {
        pimc::analyse(g, self, rng, stop)
            .map(|a| Some(a.ranked()))
            .ok_or(Stopped)
    }
}
