"""Adding a search bot is its own modules (its Rust policy, src/bots/NAME.rs, its search,
src/search/NAME.rs, and its reference twin, reference/NAME.py), one registry line in each
twin, and the few shared places listed here (docs/howto/add-a-bot.md). The test finds every
file of the package and of the core that names a search bot in its code (comments,
docstrings and help texts aside) and holds the list: a new place cannot appear unnoticed."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path
from typing import Dict, Iterable, Set

import quinza

ROOT = Path(__file__).resolve().parent.parent

# Every file besides a bot's own modules that may name a search bot, and why.
SHARED: Dict[str, str] = {
    "src/bots/mod.rs": "the core's registry: one line a bot",
    "python/quinza/reference/bots.py": "the reference's registry: one entry a bot",
    "src/search/mod.rs": "the search modules, listed",
    "src/search/tests.rs": "the searches' tests",
    "src/python/bots.rs": "the bindings: the bot's Python class",
    "src/python/docstrings.rs": "the class's docstrings, written by scripts/make_stub.py",
    "python/quinza/_rust.py": "the compiled twin's public class",
    "python/quinza/__init__.py": "the public class, re-exported",
    "python/quinza/reference/__init__.py": "the reference's public class",
    "python/quinza/_levels.py": "the levels for people, each a bot and its budget",
    "python/quinza/train/positions.py": "the trainer: the search that values positions, and the self-play bots",
    "python/quinza/cli/play.py": "the hint (a pimc search) and the default opponent",
}


def python_names(path: Path, bot: str) -> bool:
    """Whether the code of a Python file names `bot`: a name holding it (`PimcBot`,
    `pimc`), or a string that is the bot's name itself ("pimc")."""
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.NAME and bot in token.string.lower():
            return True
        if token.type == tokenize.STRING and token.string.lstrip("rbuRBU").strip("\"'").lower() == bot:
            return True
    return False


def rust_names(path: Path, bot: str) -> bool:
    """Whether the code of a Rust file (its comments aside) names `bot`, in any case."""
    word = re.compile(rf"(?i){bot}")
    return any(word.search(line.split("//")[0]) for line in path.read_text(encoding="utf-8").splitlines())


def naming(bot: str, pythons: Iterable[Path], rusts: Iterable[Path]) -> Set[str]:
    found = {p for p in pythons if python_names(p, bot)} | {p for p in rusts if rust_names(p, bot)}
    return {str(p.relative_to(ROOT)) for p in found}


def own(bot: str, path: str) -> bool:
    """A bot's own modules: the files named after it."""
    return Path(path).stem == bot


def test_a_search_bot_is_named_in_its_modules_its_registry_lines_and_the_shared_places_only() -> None:
    pythons = sorted((ROOT / "python" / "quinza").rglob("*.py"))
    rusts = sorted((ROOT / "src").rglob("*.rs"))
    assert set(quinza.SEARCH_BOTS) == {"pimc", "ismcts"}
    used: Set[str] = set()
    for bot in quinza.SEARCH_BOTS:
        found = naming(bot, pythons, rusts)
        mine = {path for path in found if own(bot, path)}
        assert {"src/bots/" + bot + ".rs", "python/quinza/reference/" + bot + ".py"} <= mine, bot
        stray = found - mine - set(SHARED)
        assert not stray, f"{bot} is named in {sorted(stray)}: put it behind quinza.bots or the engine's SEARCH_BOTS"
        used |= found - mine
    # Every shared place still names a search bot: the list says where they are, no more.
    assert used == set(SHARED), sorted(set(SHARED) - used)
    assert len(SHARED) == 12


def test_the_finder_sees_code_and_not_words(tmp_path: Path) -> None:
    # The finder itself must be able to fail.
    probe = tmp_path / "probe.py"
    probe.write_text('"""Uses a pimc search."""\n# pimc\nhelp = "as pimc:worlds=8"\n')
    assert not python_names(probe, "pimc")
    probe.write_text('kind = "pimc"\n')
    assert python_names(probe, "pimc")
    probe.write_text("from .pimc import PimcBot\n")
    assert python_names(probe, "pimc")
    rust = tmp_path / "probe.rs"
    rust.write_text("// pimc\nfn f() {}\n")
    assert not rust_names(rust, "pimc")
    rust.write_text("    Pimc(crate::search::pimc::PimcParams),\n")
    assert rust_names(rust, "pimc")
