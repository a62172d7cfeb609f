"""The installed package's metadata: its version is `quinza.__version__` (both twins), and
its project URLs are those of pyproject.toml, each an http(s) address or a path that the
source distribution holds (the project has no public home yet: pyproject.toml says why)."""

from __future__ import annotations

import importlib.machinery

import subprocess
import tarfile
from importlib.metadata import metadata
from pathlib import Path
from typing import Dict

import pytest

import tomllib

import quinza
import quinza.reference

from .test_wheel import maturin

ROOT = Path(__file__).resolve().parents[1]


def project() -> Dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]  # type: ignore[no-any-return]


def installed_urls() -> Dict[str, str]:
    urls: Dict[str, str] = {}
    for entry in metadata("quinza").get_all("Project-URL") or []:
        label, _, url = entry.partition(", ")
        urls[label] = url
    return urls


def test_the_version_is_the_metadata_one() -> None:
    assert quinza.__version__ == quinza.reference.__version__ == metadata("quinza")["Version"] == project()["version"]


def test_the_project_urls_are_in_the_installed_metadata() -> None:
    urls = installed_urls()
    assert urls == project()["urls"] and "Documentation" in urls


def test_every_project_url_leads_somewhere(tmp_path: Path) -> None:
    # A path is taken from the root of the source distribution: build one and look inside.
    subprocess.run(maturin() + ["sdist", "--out", str(tmp_path)], cwd=ROOT, check=True, capture_output=True, timeout=600)
    (sdist,) = tmp_path.glob("quinza-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for label, url in installed_urls().items():
        if url.startswith(("https://", "http://")):
            continue
        folder = url.rstrip("/")
        assert folder in names or any(n.startswith(folder + "/") for n in names), f"{label}: {url} is not in {sdist.name}"
        assert (ROOT / url).exists(), f"{label}: {url} is not in the checkout"
    # The documentation itself: the rules, the index, the game's contract and the wire's, the site's configuration.
    assert {"docs/rules.md", "docs/index.md", "docs/reference/game.md", "docs/reference/wire.md", "docs/site/conf.py"} <= names
    # The build's flags (POPCNT on x86-64): a build from the sdist is as fast as from the checkout.
    assert ".cargo/config.toml" in names


def test_the_core_imported_is_built_for_this_interpreter() -> None:
    # `pip install .` builds the core for the interpreter at hand (no stable ABI: that is
    # for the wheels). No other build of it lies beside it, whose suffix might win the import.
    core = Path(quinza._core.__file__)
    assert core.name == "_core" + importlib.machinery.EXTENSION_SUFFIXES[0], core.name
    assert sorted(p.name for p in core.parent.glob("_core.*") if p.suffix != ".pyi") == [core.name]
