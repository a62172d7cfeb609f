"""The docs site (docs/site/, Sphinx with autodoc and myst-parser) builds with warnings as
errors, and its pages hold what they promise: the rules and the engine contract, and an API
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
SITE = ROOT / "docs" / "site"
BUILTIN_BASES = (object, BaseException, Exception, ValueError, KeyboardInterrupt)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    began = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(SITE), str(out)],
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


def test_the_site_has_its_pages(site: Path) -> None:
    for page in ("index", "rules", "engine", "api", "reference", "server", "genindex"):
        assert (site / f"{page}.html").is_file(), page
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in ("rules", "engine", "api", "reference", "server"):
        assert f'href="{page}.html"' in index, page
    # The prose is the docs folder's, headings and links working.
    rules = (site / "rules.html").read_text(encoding="utf-8")
    assert "The baraja" in rules and 'href="#the-baraja"' in rules and "the-baraja" in ids(site / "rules.html")
    engine = (site / "engine.html").read_text(encoding="utf-8")
    assert "SplitMix64" in engine and 'href="rules.html"' in engine
    server = (site / "server.html").read_text(encoding="utf-8")
    assert "Security model" in server and "Capacity" in server and 'href="engine.html' in server


def test_the_api_pages_name_every_public_member(site: Path) -> None:
    for module, page in ((quinza, "api"), (quinza.reference, "reference")):
        found = ids(site / f"{page}.html")
        wanted = set(public_api(module, module.__name__))
        assert {f"{module.__name__}.Game.play", f"{module.__name__}.simulate"} <= wanted
        missing = sorted(wanted - found)
        assert not missing, f"{page}.html lacks {missing}"
    # A docstring reaches the page: Game.play's own words.
    api = (site / "api.html").read_text(encoding="utf-8")
    words = re.match(r"[A-Za-z ]+", inspect.getdoc(quinza.Game.play) or "")
    assert words and len(words.group().split()) >= 3 and words.group() in re.sub(r"<[^>]+>", "", api)
