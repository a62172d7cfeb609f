"""The package claims CPython 3.9 (pyproject.toml requires-python, the cp39-abi3 wheel of
tests/test_wheel.py). The test suite runs on one newer Python; scripts/pythons.py plays on
3.9 (and every other CPython pyenv holds), and here the code of python/ and examples/ is
checked statically with vermin, all of it: no syntax, module, function or
keyword argument newer than 3.9 (`match`, `X | Y` outside annotations, `zip(strict=)`,
`dataclass(slots=)`, `tomllib`, ...). vermin counts an `X | Y` in an annotation even
where `from __future__ import annotations` keeps it from being evaluated: stricter than
3.9 needs, and the package meets it (its annotations say `Optional[X]`, `Union[X, Y]`).
"""

from __future__ import annotations

import shutil
import subprocess
import sysconfig
from pathlib import Path
from typing import List

import tomllib

ROOT = Path(__file__).resolve().parents[1]
OLDEST = "3.9"


def vermin(*args: str) -> subprocess.CompletedProcess[str]:
    """vermin (the test extra has it) with a minimum of 3.9: fails when code needs more."""
    found = shutil.which("vermin", path=sysconfig.get_path("scripts")) or shutil.which("vermin")
    assert found, "vermin is not installed: pip install '.[test]'"
    # union-types: `int | None` outside an annotation; no-tips: no advice on backports.
    cmd = [found, f"-t={OLDEST}-", "--violations", "--no-tips", "--feature", "union-types", "--no-parse-comments", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_requires_python_is_the_oldest_checked() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == f">={OLDEST}"
    assert f"Programming Language :: Python :: {OLDEST}" in project["classifiers"]


def test_the_package_and_examples_run_on_3_9() -> None:
    out = vermin(str(ROOT / "python"), str(ROOT / "examples"))
    assert out.returncode == 0, f"code newer than Python {OLDEST}:\n{out.stdout}\n{out.stderr}"
    # Every file was looked at, the stub too (a folder vermin skipped would pass unseen).
    files = [f for folder in ("python", "examples") for f in (ROOT / folder).rglob("*.py*") if f.suffix in (".py", ".pyi")]
    assert f"Analyzing {len(files)} files" in out.stdout, out.stdout


def test_the_check_fails_on_code_newer_than_3_9(tmp_path: Path) -> None:
    newer: List[str] = [
        "match 1:\n    case 1:\n        pass\n",
        "Optional = int | None\n",
        "pairs = list(zip([1], [2], strict=True))\n",
        "from dataclasses import dataclass\n@dataclass(slots=True)\nclass A:\n    a: int\n",
        "import tomllib\n",
    ]
    for i, code in enumerate(newer):
        (tmp_path / f"new{i}.py").write_text("from __future__ import annotations\n" + code, encoding="utf-8")
        out = vermin(str(tmp_path / f"new{i}.py"))
        assert out.returncode != 0, f"vermin passed code newer than {OLDEST}:\n{code}\n{out.stdout}"
    (tmp_path / "old.py").write_text("from typing import Optional\nx: Optional[int] = None\n", encoding="utf-8")
    assert vermin(str(tmp_path / "old.py")).returncode == 0
    # An annotation `int | None` that Python evaluates fails 3.9.
    (tmp_path / "eager.py").write_text("def f(x: int | None) -> None: ...\n", encoding="utf-8")
    assert vermin(str(tmp_path / "eager.py")).returncode != 0
