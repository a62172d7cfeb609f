"""The floors of the core (docs/explanation/twins.md "One interface, two families"): the games stand on
the ground floor and call nothing above them, and no module of the core, nor any file of
the bindings, uses another that uses it back. Read from the code's own `crate::` paths
(test code aside: `#[cfg(test)]` modules and `tests.rs` files)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, Iterator, List, Set, Tuple

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
if not SRC.is_dir():  # an installed package without its source tree
    pytest.skip("the Rust source is not beside the tests", allow_module_level=True)

GAMES = ("fifteen", "quinte")
ABOVE_THE_GAMES = ("bots", "search", "any", "sim", "encode", "history", "python")


def code_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*.rs")):
        if path.name != "tests.rs":
            yield path


def without_tests(text: str) -> str:
    """The file's text before its test module, its comments removed."""
    cut = re.search(r"^#\[cfg\(test\)\]\s*\n\s*mod \w+", text, re.M)
    if cut:
        text = text[: cut.start()]
    return re.sub(r"//[^\n]*", "", text)


def top_module(path: Path) -> str:
    return path.relative_to(SRC).parts[0].removesuffix(".rs")


def uses(path: Path) -> Set[str]:
    """The top-level modules a file names through `crate::` (itself aside)."""
    names = set(re.findall(r"\bcrate::(\w+)", without_tests(path.read_text())))
    modules = {p.name.removesuffix(".rs") for p in SRC.iterdir()}
    return {n for n in names if n in modules} - {top_module(path)}


def graph() -> Dict[str, Set[str]]:
    edges: Dict[str, Set[str]] = {}
    for path in code_files(SRC):
        edges.setdefault(top_module(path), set()).update(uses(path))
    return edges


def cycles(edges: Dict[str, Set[str]]) -> List[Tuple[str, str]]:
    """Every edge a -> b where b reaches a back."""
    def reach(start: str) -> Set[str]:
        seen: Set[str] = set()
        todo = [start]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen
    return sorted((a, b) for a, targets in edges.items() for b in targets if a in reach(b))


@pytest.mark.parametrize("game", GAMES)
def test_a_game_uses_nothing_above_the_games(game: str) -> None:
    found = {
        str(path.relative_to(SRC)): sorted(uses(path) & set(ABOVE_THE_GAMES + GAMES) - {game})
        for path in code_files(SRC / game)
    }
    assert {path: names for path, names in found.items() if names} == {}


def test_the_ground_floor_uses_no_game() -> None:
    ground = ("cards", "cardset", "rng", "ruleargs", "jsontext", "dealing", "pyrepr", "state", "events")
    found = {
        str(path.relative_to(SRC)): sorted(uses(path) - set(ground))
        for path in code_files(SRC)
        if top_module(path) in ground
    }
    assert {path: names for path, names in found.items() if names} == {}


def test_no_two_modules_of_the_core_use_each_other() -> None:
    assert cycles(graph()) == []


def test_the_check_finds_a_circle() -> None:
    # The check itself can fail: a made-up circle through three modules is found.
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [("a", "b"), ("b", "c"), ("c", "a")]


# A family named in code: a path into its folder, an enum variant or class of it, or its
# name in an identifier (case aside), once comments, string literals and test code are
# gone: at most 3 files outside a family's folder name it.
FAMILY_NAME = re.compile(r"(?i)\w*(?:fifteen|quinte|baraja)\w*")
STRING = re.compile(r'r(#*)"[\s\S]*?"\1|b?"(?:\\[\s\S]|[^"\\])*"')

# The files outside the families' folders that name a family, and why each must.
NAMING_A_FAMILY = {
    "lib.rs": "declares the families' modules",
    "families.rs": "the registry: one line per family",
    "any.rs": "the glue between families (decks, cards of either deck, rule_sets() rows)",
    "python/game/families.rs": "the bindings' one file of what differs by family",
}


def names_a_family(text: str) -> bool:
    return FAMILY_NAME.search(STRING.sub('""', without_tests(text))) is not None


def test_few_files_outside_the_families_name_one() -> None:
    naming = {
        str(path.relative_to(SRC))
        for path in code_files(SRC)
        if top_module(path) not in GAMES
        # The docstrings, generated from the stub: text keyed by the Python classes' names.
        and path.relative_to(SRC) != Path("python/docstrings.rs")
        and names_a_family(path.read_text())
    }
    assert sorted(naming) == sorted(NAMING_A_FAMILY)


def test_the_check_finds_a_family_named() -> None:
    assert names_a_family("use crate::quinte::Card;")
    assert names_a_family("match m { AnyMove::Fifteen(m) => 1 }")
    assert names_a_family("m.add_class::<PyQuinteGame>()?;")
    # Not in what a user reads, nor in comments or test code.
    assert not names_a_family('let m = "quinte has no escobas"; // the fifteen family')
    assert not names_a_family('let d = r#"a "quoted" baraja"#;')
    assert not names_a_family("fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::fifteen;\n}\n")
