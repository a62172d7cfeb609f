"""The package is typed (`py.typed`): the stub of the compiled core matches it, and a type
checker sees the public API of both backends as documented.

These run mypy (an extra of `quinza[test]`) on the installed package, as a user's type
checker would see it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, List

# A user's program: every line is well typed except those marked `# wrong`, which a type
# checker must refuse (so the test fails if the stubs were not found or said Any).
PROGRAM = textwrap.dedent(
    """
    from typing import List, Optional, Tuple
    import quinza
    import quinza.reference as ref

    rules: quinza.Rules = quinza.Rules("escoba", players=4, setenta="sum")
    game: quinza.Game = quinza.Game(rules, seed=1)
    moves: List[quinza.Move] = game.legal_moves()
    game.play(moves[0])
    game.play("6o x 4c 5e") if game.is_legal("6o x 4c 5e") else None
    turn: Optional[int] = game.turn
    scores: List[int] = game.scores
    table: List[quinza.Card] = game.table
    text: str = game.to_json()
    again: quinza.Game = quinza.Game.from_json(text)
    count: int = again.count_legal_moves()
    seven: quinza.Card = quinza.Card("7o")
    earlier: bool = seven < quinza.Card("1c")
    pick: int = quinza.Random(3).below(10)
    chosen: quinza.Move = quinza.bot("greedy")(game)
    copied: quinza.Game = game.copy()

    reference: ref.Game = ref.Game(ref.Rules("quinza"), seed=1)
    ref_moves: List[ref.Move] = reference.legal_moves()
    reference.play(ref_moves[0])
    happened: Tuple[quinza.Event, ...] = game.play(game.legal_moves()[0])
    kind: str = happened[0].kind
    before: Tuple[ref.Event, ...] = reference.start_events
    taken: Tuple[quinza.Card, ...] = happened[0].cards
    seat_or_none: Optional[int] = happened[0].seat

    quinza.Game(rules, seed="one")  # wrong
    bad_turn: str = game.turn  # wrong
    game.play(42)  # wrong
    quinza.Card("7o") < 3  # wrong
    game.no_such_method()  # wrong
    not_a_list: List[quinza.Event] = game.play(game.legal_moves()[0])  # wrong
    """
)


def run_mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], capture_output=True, text=True, timeout=600
    )


def test_the_stub_matches_the_compiled_core() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "quinza._core"], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_package_type_checks_strictly(tmp_path: Path) -> None:
    # `mypy --strict` over the package's own code, the reference twin included: every
    # source file of the package is checked (a plain run would find nothing more: strict
    # only adds checks). The package is the one being imported here; how a user's checker
    # sees it installed is the next test's.
    import quinza

    package = Path(quinza.__file__).resolve().parent
    sources = [path for path in package.rglob("*") if path.suffix in (".py", ".pyi")]
    # Checked from a copy of its own: mypy takes the folder above a package it is given as
    # a source root, and above an installed package that is site-packages, whose
    # mypy_extensions.py it would then refuse as shadowing the library.
    copy = tmp_path / "src" / "quinza"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    out = run_mypy("--strict", "--cache-dir", str(tmp_path / "cache"), str(copy))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"Success: no issues found in {len(sources)} source files" in out.stdout, out.stdout


def test_a_type_checker_sees_the_public_api(tmp_path: Path) -> None:
    program = tmp_path / "user.py"
    program.write_text(PROGRAM)
    out = run_mypy("--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(program))
    wrong = {i for i, line in enumerate(PROGRAM.splitlines(), 1) if line.endswith("# wrong")}
    reported: Dict[int, List[str]] = {}
    for line in out.stdout.splitlines():
        parts = line.split(":", 3)
        if len(parts) == 4 and parts[1].isdigit() and " error: " in line:
            reported.setdefault(int(parts[1]), []).append(parts[3].strip())
    assert set(reported) == wrong, out.stdout + out.stderr
