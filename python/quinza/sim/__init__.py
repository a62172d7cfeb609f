"""Batch simulation, written once over an engine (quinza.engines), by concern: the
arguments checked (arguments.py; the bots are read by quinza.bots), one match move by
move (matches.py), the record arrays (records.py), the result (_result.py; its totals and
intervals are quinza.stats), its text and picture (report.py), how long a run of search
bots will take (estimate.py), Ctrl-C (_interrupt.py), the matches run here (_local.py) or
on a Ray cluster (_ray.py), and the entry that checks the arguments and chooses (_run.py).
The modules without an underscore are what cli/ and study/ use.

`quinza.simulate` hands whole chunks of core-bot matches to the Rust core (all cores, the
GIL released); `quinza.reference.simulate` plays every match with `matches.play_match`,
in pure Python. Both give the same `SimulationResult` for the same arguments
(docs/reference/simulation.md "Simulation").
"""

from ._result import SimulationResult
from ._run import PLAY_MATCH_DOC, SIMULATE_DOC, play_match, simulate

__all__ = ["PLAY_MATCH_DOC", "SIMULATE_DOC", "SimulationResult", "play_match", "simulate"]
