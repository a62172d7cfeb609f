"""The docs site (docs/ built with the configuration in docs/site/, Sphinx with autodoc and
myst-parser) builds with warnings as errors, every link between its pages and to their
headings checked (-n and myst's cross-reference warnings), and its pages hold what they
promise: the rules, the tutorials, how-to guides, reference and explanations, and an API
page for each twin that names every public class, function, method and property.

Sphinx imports the installed package, so the API pages show its runtime docstrings.
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Iterator, Set

import pytest

import quinza
import quinza.reference

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SITE = DOCS / "site"
BUILTIN_BASES = (object, BaseException, Exception, ValueError, KeyboardInterrupt)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    began = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "--keep-going", "-q", "-b", "html", "-c", str(SITE), str(DOCS), str(out)],
        capture_output=True, text=True, timeout=600,
    )
    print(f"docs site built in {time.perf_counter() - began:.1f} s")
    assert run.returncode == 0, f"sphinx-build failed (warnings are errors):\n{run.stdout}\n{run.stderr}"
    return out


def ids(page: Path) -> Set[str]:
    return set(re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8")))


def public_api(module: ModuleType, prefix: str) -> Iterator[str]:
    """The anchors an API page must have: every class and function of `__all__` and the
    members the page lists under each (a subclass of Game lists only its own)."""
    names = set(module.__all__) | {"FifteenGame", "QuinteGame"}
    for name in sorted(names):
        obj = getattr(module, name)
        if module is quinza.reference and getattr(quinza, name, None) is obj:
            continue  # shared with quinza (the exceptions, SimulationResult): documented there
        if inspect.isclass(obj):
            yield f"{prefix}.{name}"
            for klass in obj.__mro__:
                if klass in BUILTIN_BASES or (klass is not obj and klass.__name__ == "Game"):
                    continue
                for member, raw in vars(klass).items():
                    if not member.startswith("_") and (inspect.isroutine(raw) or inspect.isdatadescriptor(raw)
                                                       or isinstance(raw, (staticmethod, classmethod))):
                        yield f"{prefix}.{name}.{member}"
        elif callable(obj):
            yield f"{prefix}.{name}"


SECTIONS = ("tutorials", "howto", "reference", "explanation")


def test_the_site_has_its_pages(site: Path) -> None:
    # Every Markdown page of docs/ is a page of the site, and the index leads to it.
    pages = sorted(p.relative_to(DOCS).with_suffix("").as_posix() for p in DOCS.rglob("*.md") if "site" not in p.parts)
    assert {"index", "rules", "reference/api", "reference/twin", "reference/wire", "tutorials/play"} <= set(pages)
    assert {page.split("/")[0] for page in pages if "/" in page} == set(SECTIONS)
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in pages:
        assert (site / f"{page}.html").is_file(), page
        assert page == "index" or f'href="{page}.html"' in index, page
    assert (site / "genindex.html").is_file()
    # The prose is the docs folder's, headings and links working.
    rules = (site / "rules.html").read_text(encoding="utf-8")
    assert "The baraja" in rules and 'href="#the-baraja"' in rules and "the-baraja" in ids(site / "rules.html")
    game = (site / "reference" / "game.html").read_text(encoding="utf-8")
    assert "SplitMix64" in game and 'href="../rules.html"' in game
    wire = (site / "reference" / "wire.html").read_text(encoding="utf-8")
    assert "Security model" in wire and "Limits" in wire and 'href="events.html#events"' in wire
    # A link to a heading of another page lands on that heading.
    tutorial = (site / "tutorials" / "write-a-bot.html").read_text(encoding="utf-8")
    assert 'href="../reference/search.html#worlds-what-a-seat-may-know-dealt-again"' in tutorial
    assert "worlds-what-a-seat-may-know-dealt-again" in ids(site / "reference" / "search.html")


def test_a_link_to_a_missing_heading_fails_the_build(tmp_path: Path) -> None:
    # The check the site relies on: a link to a heading that is not there is an error.
    source = tmp_path / "docs"
    source.mkdir()
    (source / "index.md").write_text("# Home\n\n```{toctree}\nother\n```\n", encoding="utf-8")
    (source / "other.md").write_text("# Other\n\n[here](index.md#home) and [there](index.md#nowhere)\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html", "-C", "-D", "extensions=myst_parser",
         "-D", "myst_heading_anchors=4", str(source), str(tmp_path / "out")],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode != 0 and "nowhere" in run.stderr, run.stderr


def test_the_api_pages_name_every_public_member(site: Path) -> None:
    for module, page in ((quinza, "api"), (quinza.reference, "twin")):
        found = ids(site / "reference" / f"{page}.html")
        wanted = set(public_api(module, module.__name__))
        assert {f"{module.__name__}.Game.play", f"{module.__name__}.simulate"} <= wanted
        missing = sorted(wanted - found)
        assert not missing, f"{page}.html lacks {missing}"
    # The server's app and its remote client are on quinza's page too.
    assert {"quinza.server.create_app", "quinza.server.client.play"} <= ids(site / "reference" / "api.html")
    # A docstring reaches the page: Game.play's own words.
    api = (site / "reference" / "api.html").read_text(encoding="utf-8")
    words = re.match(r"[A-Za-z ]+", inspect.getdoc(quinza.Game.play) or "")
    assert words and len(words.group().split()) >= 3 and words.group() in re.sub(r"<[^>]+>", "", api)
