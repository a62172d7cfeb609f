"""Install without Rust: the wheel `maturin build --release` makes (on the stable ABI, one
for every CPython from 3.11) installs into a fresh venv with no Rust toolchain on PATH and
no site packages of this Python, and the README's tour runs there.

The build reuses what `pip install .` compiled into ./target (the same profile, features
and target folder), so after the README's test command it only packs the wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parents[1]


def maturin() -> List[str]:
    """The command of the maturin installed with this Python (the test extra has it), or
    else the one on PATH (a venv that sees the system's packages has no script of its own)."""
    found = shutil.which("maturin", path=sysconfig.get_path("scripts")) or shutil.which("maturin")
    assert found, "maturin is not installed: pip install '.[test]'"
    return [found]


def run(cmd: List[str], timeout: float, **kw: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload]
    assert out.returncode == 0, f"{' '.join(map(str, cmd))} failed ({out.returncode}):\n{out.stdout}\n{out.stderr}"
    return out


def without_rust(venv: Path) -> Dict[str, str]:
    """This environment with the venv first on PATH and every folder holding cargo or rustc
    taken off it (and the variables that would point at a toolchain, or at this Python's
    packages)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("CARGO", "RUSTUP", "RUSTC", "PYO3", "MATURIN")) and k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    folders = [d for d in os.environ.get("PATH", "").split(os.pathsep)
               if d and not any((Path(d) / tool).exists() for tool in ("cargo", "rustc", "rustup"))]
    env["PATH"] = os.pathsep.join([str(venv / "bin")] + folders)
    env["VIRTUAL_ENV"] = str(venv)
    return env


def test_the_wheel_installs_and_runs_the_readme_tour_without_rust(tmp_path: Path) -> None:
    began = time.perf_counter()
    out = tmp_path / "wheels"
    run(maturin() + ["build", "--release", "--interpreter", sys.executable, "--out", str(out)],
        timeout=1800, cwd=ROOT)
    print(f"wheel built in {time.perf_counter() - began:.1f} s")
    wheels = sorted(out.glob("quinza-*.whl"))
    assert len(wheels) == 1, wheels
    # The stable ABI from 3.11: one wheel for every CPython since.
    assert "-cp311-abi3-" in wheels[0].name, wheels[0].name

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], timeout=300)
    python = str(venv / "bin" / "python")
    env = without_rust(venv)
    check = "import shutil, sys; print(shutil.which('cargo'), shutil.which('rustc'), sys.prefix)"
    cargo, rustc, prefix = run([python, "-c", check], timeout=60, env=env).stdout.split()
    assert (cargo, rustc) == ("None", "None") and Path(prefix) == venv
    # Nothing of this Python's packages shows through.
    bare = subprocess.run([python, "-c", "import numpy"], capture_output=True, timeout=60, env=env, cwd=tmp_path)
    assert bare.returncode != 0

    # The dependencies (numpy, rich) and the envs extra the tour uses (gymnasium,
    # pettingzoo) come from the package index; nothing is compiled.
    run([python, "-m", "pip", "install", "--disable-pip-version-check", "--only-binary", ":all:", f"{wheels[0]}[envs]"],
        timeout=900, env=env, cwd=tmp_path)
    where = run([python, "-c", "import quinza; print(quinza.__file__, quinza.__version__, quinza.BACKEND)"],
                timeout=60, env=env, cwd=tmp_path).stdout.split()
    assert Path(where[0]).is_relative_to(venv) and where[2] == "rust", where

    # The README's examples (a doctest file for pytest too), in the fresh venv.
    run([python, "-m", "doctest", str(ROOT / "README.md")], timeout=600, env=env, cwd=tmp_path)
    # And the command it opens with.
    cmd = [python, "-m", "quinza", "simulate", "--rules", "escoba", "--games", "200", "--bots", "greedy,random",
           "--seed", "7", "--json"]
    summary = json.loads(run(cmd, timeout=300, env=env, cwd=tmp_path).stdout)
    assert summary["games"] == 200 and sum(summary["wins"]) + summary["draws"] == 200
    print(f"wheel built, installed and toured in {time.perf_counter() - began:.1f} s")
