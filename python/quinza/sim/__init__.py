"""Batch simulation, shared by both backends, by concern: the arguments and the bots read
(_spec.py), one match move by move (_matches.py), the record arrays (_records.py), the
running totals and their intervals (_stats.py), the result (_result.py), its text and
picture (_report.py), Ctrl-C (_interrupt.py), the matches run here (_local.py) or on a
Ray cluster (_ray.py), and the entry that checks the arguments and chooses (_run.py).

`quinza.simulate` hands whole chunks of core-bot matches to the Rust core (all cores, the
GIL released); `quinza.reference.simulate` plays every match with `_matches.play_match`,
in pure Python. Both give the same `SimulationResult` for the same arguments
(docs/reference/simulation.md "Simulation").
"""

from ._result import SimulationResult
from ._run import PLAY_MATCH_DOC, SIMULATE_DOC, play_match, simulate

__all__ = ["PLAY_MATCH_DOC", "SIMULATE_DOC", "SimulationResult", "play_match", "simulate"]
