"""Every page of the docs that the code, the messages, the tests and the docs name is there:
a `docs/...` path written anywhere in python/, src/, tests/, README.md or docs/ exists, and
so does every `benches/results/...` file the docs cite for a measured figure and every
file the README links to. (Links between the docs' own pages, and to their headings, are
checked by the site's build: tests/test_docs_site.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

ROOT = Path(__file__).resolve().parents[1]
TEXT = {".py", ".pyi", ".rs", ".js", ".html", ".css", ".md", ".toml", ".txt", ".po"}
# A path is letters, digits and . _ - / ; a glob's * names a set of files.
PATH = re.compile(r"(?<![\w./-])((?:docs|benches/results)/[\w.*/-]*[\w*/])")
BUILT = ("docs/_build",)  # what the site's build writes: not in the repository


def texts(*places: str) -> Iterator[Tuple[Path, str]]:
    for place in places:
        top = ROOT / place
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            if path.suffix in TEXT and "__pycache__" not in path.parts:
                yield path, path.read_text(encoding="utf-8")


def named(text: str) -> Iterator[str]:
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".")
        if not path.startswith(BUILT):
            yield path


def exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def test_the_scan_finds_the_paths_it_checks() -> None:
    found = list(named('see docs/reference/game.md "The generator", benches/results/server_*.json.'))
    assert found == ["docs/reference/game.md", "benches/results/server_*.json"]
    assert not exists("docs/" + "no-such-page.md") and exists("docs/reference/game.md")


def test_every_docs_path_named_is_there() -> None:
    missing: Dict[str, List[str]] = {}
    for path, text in texts("python", "src", "tests", "README.md", "docs", "benches/results"):
        for name in named(text):
            if not exists(name):
                missing.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert not missing, "\n".join(f"{name}: named in {', '.join(sorted(set(where)))}" for name, where in sorted(missing.items()))


def test_the_readme_links_lead_somewhere() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    assert len(links) > 10
    assert not [link for link in links if not (ROOT / link).exists()]


def test_no_page_names_what_is_outside_the_repository() -> None:
    outside = re.compile(r"RULES\.md|API\.md|\.\./shared|shared/(?:DESIGN|API|RULES)")
    found = [f"{path.relative_to(ROOT)}: {m.group()}" for path, text in texts("python", "src", "tests", "README.md", "docs", "benches", "scripts", "examples")
             if path.name != Path(__file__).name for m in outside.finditer(text)]
    assert not found, "\n".join(found)
