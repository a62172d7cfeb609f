"""Install without Rust: the x86-64 manylinux2014 wheels of a release (scripts/wheels.py,
the workflow's matrix, cross-built with zig for glibc 2.17), on the stable ABI of 3.11
(`--features abi3-py311`, every CPython from 3.11) and of 3.9 (`--features abi3-py39`,
for 3.9 and 3.10), install into a fresh venv with no Rust toolchain on PATH and no site
packages of this Python, and the README's tour and the smoke test run there.

They are built with the release-nolto profile (Cargo.toml), in their own folder. The
cp39-abi3 one is installed on CPython 3.9 when pyenv has it, and on this Python too (a
3.9 stable-ABI module runs on every later CPython), where its core, which reaches numpy's
memory through `__array_struct__` instead of the buffer protocol, is run against the
test's own build: tests/wheel_probe.py prints what each does with the arrays it is lent,
and the two must be equal.
"""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import tomllib

import quinza

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import pythons  # noqa: E402  (scripts/pythons.py: the CPythons pyenv holds)


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


def built(tmp_path: Path, target: str, abi: str) -> Tuple[Path, str]:
    """The one wheel scripts/wheels.py makes for `target` and `abi`, into tmp_path/wheels,
    and what it printed of the proof of its tag."""
    out = tmp_path / "wheels"
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(maturin()[0]).parent), os.environ.get("PATH", "")]))
    done = run([sys.executable, str(ROOT / "scripts" / "wheels.py"), "--profile", "release-nolto", "--target", target,
                "--abi", abi, "--no-sdist", "--out", str(out)], timeout=1800, cwd=ROOT, env=env)
    wheels = sorted(out.glob("quinza-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0], done.stdout.strip().splitlines()[-1]


def pyenv_python(version: Tuple[int, int]) -> Optional[str]:
    """pyenv's newest CPython `version` (scripts/pythons.py finds them), or None."""
    found = [p for p in pythons.pyenv_pythons(version) if pythons.version_of(p)[1] == version]
    return found[-1] if found else None


def installed(tmp_path: Path, wheel: Path, base: str = sys.executable) -> Tuple[str, Dict[str, str]]:
    """A fresh venv of the Python `base`, without Rust and without this Python's packages,
    holding `wheel` with the envs extra: its python and the environment to run it in."""
    venv = tmp_path / f"venv-{Path(base).resolve().name}"
    run([base, "-m", "venv", str(venv)], timeout=300)
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
    run([python, "-m", "pip", "install", "--disable-pip-version-check", "--only-binary", ":all:", f"{wheel}[envs]"],
        timeout=900, env=env, cwd=tmp_path)
    where = run([python, "-c", "import quinza; print(quinza.__file__, quinza.__version__, quinza.BACKEND)"],
                timeout=60, env=env, cwd=tmp_path).stdout.split()
    assert Path(where[0]).is_relative_to(venv) and where[2] == "rust", where
    return python, env


def test_the_wheel_installs_and_runs_the_readme_tour_without_rust(tmp_path: Path) -> None:
    began = time.perf_counter()
    wheel, proof = built(tmp_path, "x86_64-unknown-linux-gnu", "abi3-py311")
    print(f"wheel built in {time.perf_counter() - began:.1f} s: {proof}")
    # The stable ABI from 3.11: one wheel for every CPython since, on every Linux with
    # glibc 2.17 or later (manylinux2014), as maturin's check and auditwheel found.
    assert wheel.name.endswith("-cp311-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"), wheel.name
    assert "auditwheel: manylinux_2_17_x86_64" in proof, proof
    python, env = installed(tmp_path, wheel)
    run([python, str(ROOT / "scripts" / "smoke.py")], timeout=600, env=env, cwd=tmp_path)

    # The README's examples (a doctest file for pytest too), in the fresh venv.
    run([python, "-m", "doctest", str(ROOT / "README.md")], timeout=600, env=env, cwd=tmp_path)
    # And the command it opens with.
    cmd = [python, "-m", "quinza", "simulate", "--rules", "escoba", "--games", "200", "--bots", "greedy,random",
           "--seed", "7", "--json"]
    summary = json.loads(run(cmd, timeout=300, env=env, cwd=tmp_path).stdout)
    assert summary["games"] == 200 and sum(summary["wins"]) + summary["draws"] == 200
    print(f"wheel built, installed and toured in {time.perf_counter() - began:.1f} s")


def wheel_files(wheel: Path) -> Dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_the_cp39_wheel_installs_and_writes_arrays_as_the_default_build(tmp_path: Path) -> None:
    began = time.perf_counter()
    wheel, proof = built(tmp_path, "x86_64-unknown-linux-gnu", "abi3-py39")
    print(f"cp39-abi3 wheel built in {time.perf_counter() - began:.1f} s: {proof}")
    # The stable ABI from 3.9: one wheel for 3.9 and 3.10 (and, were it the only one, every
    # CPython since).
    assert wheel.name.endswith("-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"), wheel.name
    files = wheel_files(wheel)
    (info,) = {name.split("/")[0] for name in files if name.split("/")[0].endswith(".dist-info")}
    tags = [line.split(": ", 1)[1] for line in files[f"{info}/WHEEL"].decode().splitlines() if line.startswith("Tag: ")]
    assert tags and all(tag.startswith("cp39-abi3-") for tag in tags), tags
    meta = email.message_from_bytes(files[f"{info}/METADATA"])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["Name"] == "quinza" and meta["Version"] == project["version"] == quinza.__version__
    assert meta["Requires-Python"] == project["requires-python"] == ">=3.9"
    assert set(meta.get_all("Classifier") or []) == set(project["classifiers"])
    # Built without the buffer protocol (3.9's stable ABI has none), which the default
    # build uses: so the arrays below go through buffers.rs's other way.
    (core,) = [data for name, data in files.items() if name.startswith("quinza/_core.abi3.")]
    assert b"PyObject_GetBuffer" not in core
    # The browser table ships in the wheel, byte for byte the tree's (the server serves it).
    static = ROOT / "python" / "quinza" / "server" / "static"
    assert static.is_dir() and any(static.iterdir())
    for path in static.iterdir():
        assert files.get(f"quinza/server/static/{path.name}") == path.read_bytes(), path.name
    # So does the words' catalog: each language's compiled .mo, read with gettext (quinza.words).
    locale = ROOT / "python" / "quinza" / "locale"
    compiled = sorted(locale.glob("*/LC_MESSAGES/quinza.mo"))
    assert len(compiled) >= 2
    for path in compiled:
        assert files.get(f"quinza/{path.relative_to(locale.parent).as_posix()}") == path.read_bytes(), path
    assert b"PyObject_GetBuffer" in Path(quinza._core.__file__).read_bytes()

    # On a real 3.9 where there is one, the interpreter this wheel is for: the smoke test
    # and the README's examples.
    base = pyenv_python((3, 9))
    if base is not None:
        python, env = installed(tmp_path, wheel, base)
        version = run([python, "-c", "import sys; print(*sys.version_info[:2])"], timeout=60, env=env).stdout.split()
        assert version == ["3", "9"], version
        run([python, str(ROOT / "scripts" / "smoke.py")], timeout=600, env=env, cwd=tmp_path)
        run([python, "-m", "doctest", str(ROOT / "README.md")], timeout=600, env=env, cwd=tmp_path)
    # On this Python, beside the test's own build with the same numpy (whose reprs, in
    # the messages of arrays refused, change between versions): every array alike.
    python, env = installed(tmp_path, wheel)
    if base is None:
        run([python, "-m", "doctest", str(ROOT / "README.md")], timeout=600, env=env, cwd=tmp_path)
    probe = [str(ROOT / "tests" / "wheel_probe.py")]
    theirs = json.loads(run([python, *probe], timeout=600, env=env, cwd=tmp_path).stdout)
    ours = json.loads(run([sys.executable, *probe], timeout=600, cwd=tmp_path).stdout)
    assert theirs == ours
    print(f"cp39-abi3 wheel built, installed and compared in {time.perf_counter() - began:.1f} s")
