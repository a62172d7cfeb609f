"""The README is the way in: short, and its first two commands are the ones that matter,
the first that installs and runs a simulation, the second the test command CI runs
(the last line of .ci/run), written the same in both places. Its examples are a doctest
(pytest collects README.md), and the docs' tutorials too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def commands(text: str) -> List[str]:
    """The indented command lines of a Markdown text, in order."""
    return [line.strip() for line in text.split("\n") if re.match(r"    \S", line) and not line.lstrip().startswith((">>>", "..."))]


def test_the_readme_is_short() -> None:
    assert len(README.split("\n")) < 150


def test_its_first_commands_install_run_and_test() -> None:
    first, second = commands(README)[:2]
    assert first.startswith("pip install . && python -m quinza simulate ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip("\n").split("\n")[-1]
    assert second == ci == 'pip install ".[test]" && cargo test --release && python -m pytest'
    # Both come before anything else the README explains.
    assert README.index(second) < README.index("\n## ")


def test_the_readme_and_the_tutorials_are_doctests() -> None:
    import tomllib

    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "--doctest-glob=*.md" in pytest_options["addopts"]
    assert {"README.md", "docs/tutorials"} <= set(pytest_options["testpaths"])
    for page in ("README.md", "docs/tutorials/embed.md", "docs/tutorials/simulate.md", "docs/tutorials/write-a-bot.md"):
        assert ">>> " in (ROOT / page).read_text(encoding="utf-8"), page
