"""The release workflow (.github/workflows/release.yml) cannot run here: it is linted with
actionlint (the test extra brings it) and held to what the package promises: the wheels
of both stable ABIs on every platform, the sdist, and trusted publishing with no secret.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any, Dict, List

import tomllib
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "scripts"))
import wheels  # noqa: E402  (scripts/wheels.py: the Linux wheels built here, read from the workflow)

ABIS = {"abi3-py311", "abi3-py39"}


def actionlint(path: Path) -> subprocess.CompletedProcess[str]:
    found = shutil.which("actionlint", path=sysconfig.get_path("scripts")) or shutil.which("actionlint")
    assert found, "actionlint is not installed: pip install '.[test]'"
    return subprocess.run([found, "-no-color", str(path)], capture_output=True, text=True, timeout=300, cwd=path.parent)


def workflow() -> Dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_passes_actionlint() -> None:
    out = actionlint(WORKFLOW)
    assert out.returncode == 0, out.stdout + out.stderr


def test_actionlint_finds_a_broken_workflow(tmp_path: Path) -> None:
    # The same file with a matrix key misspelt and an action on a runtime GitHub retired.
    broken = WORKFLOW.read_text(encoding="utf-8").replace("${{ matrix.abi }} --out dist", "${{ matrix.abis }} --out dist", 1)
    broken = broken.replace("actions/checkout@v5", "actions/checkout@v2", 1)
    (tmp_path / "release.yml").write_text(broken, encoding="utf-8")
    out = actionlint(tmp_path / "release.yml")
    assert out.returncode != 0
    assert "abis" in out.stdout and "checkout@v2" in out.stdout, out.stdout


def test_every_platform_gets_both_stable_abi_wheels() -> None:
    features = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))["features"]
    assert ABIS <= set(features)
    linux = wheels.linux_matrix()
    assert {(c["target"], wheels.compatibility(c["manylinux"])) for c in linux} == {
        ("x86_64-unknown-linux-gnu", "manylinux2014"),
        ("aarch64-unknown-linux-gnu", "manylinux2014"),
        ("x86_64-unknown-linux-musl", "musllinux_1_2"),
    }
    assert len(linux) == 6 and {c["abi"] for c in linux} == ABIS
    other = workflow()["jobs"]["macos-windows"]["strategy"]["matrix"]
    assert set(other["abi"]) == ABIS
    # Intel and Apple silicon Macs, and Windows.
    assert any("intel" in os for os in other["os"]) and any(os.startswith("macos") and "intel" not in os for os in other["os"])
    assert any(os.startswith("windows") for os in other["os"])


def steps(job: str) -> List[Dict[str, Any]]:
    return workflow()["jobs"][job]["steps"]


def test_the_sdist_and_trusted_publishing() -> None:
    assert any(s.get("with", {}).get("command") == "sdist" for s in steps("sdist"))
    publish = workflow()["jobs"]["publish"]
    assert set(publish["needs"]) == {"linux", "macos-windows", "sdist"}
    assert publish["permissions"] == {"id-token": "write"}
    assert "refs/tags/" in publish["if"]
    (upload,) = [s for s in publish["steps"] if s.get("uses", "").startswith("pypa/gh-action-pypi-publish")]
    # No token or password: PyPI trusts the workflow's identity.
    assert "secrets." not in WORKFLOW.read_text(encoding="utf-8")
    assert not {"password", "user"} & set(upload.get("with", {}))
