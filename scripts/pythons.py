"""Install quinza from source on every CPython at hand that the package claims, each in a
fresh venv, and run the smoke test (scripts/smoke.py) there.

    python scripts/pythons.py                  # the sdist, on every pyenv CPython >= 3.9
    python scripts/pythons.py --from tree      # `pip install .` instead
    python scripts/pythons.py --python /usr/bin/python3.12 ...
    python scripts/pythons.py --profile release-nolto   # builds three times faster (.ci/run)

The interpreters: those given, or else every CPython that pyenv holds from the oldest the
package claims (pyproject.toml requires-python) on. The source: the sdist that `maturin
sdist` makes of this tree (what PyPI would serve to a machine without a wheel), or this
tree itself. Each build compiles the core for its interpreter (the full API, no stable
ABI); one cargo target folder is shared, so the crates that do not depend on Python are
compiled once. Prints a line an interpreter and exits 1 if any failed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]


def oldest_claimed() -> Tuple[int, int]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)"', text, re.M)
    assert found, "pyproject.toml names no requires-python of the form >=X.Y"
    return int(found.group(1)), int(found.group(2))


def version_of(python: str) -> Tuple[str, Tuple[int, int]]:
    out = subprocess.run([python, "-c", "import platform, sys; print(platform.python_implementation(), *sys.version_info[:2])"],
                         capture_output=True, text=True, timeout=60, check=True).stdout.split()
    return out[0], (int(out[1]), int(out[2]))


def pyenv_pythons(oldest: Tuple[int, int]) -> List[str]:
    """Every CPython interpreter pyenv holds from `oldest` on, oldest first."""
    pyenv = shutil.which("pyenv")
    if pyenv is None:
        return []
    root = Path(subprocess.run([pyenv, "root"], capture_output=True, text=True, timeout=60, check=True).stdout.strip())
    found = []
    for folder in (root / "versions").iterdir():
        python = folder / "bin" / "python"
        if re.fullmatch(r"\d+\.\d+\.\d+", folder.name) and python.exists():
            version = tuple(int(p) for p in folder.name.split("."))
            if version[:2] >= oldest:
                found.append((version, str(python)))
    return [python for _, python in sorted(found)]


def sdist(into: Path) -> Path:
    maturin = shutil.which("maturin")
    assert maturin, "maturin is not installed: pip install maturin"
    subprocess.run([maturin, "sdist", "--out", str(into)], cwd=ROOT, check=True, timeout=600,
                   capture_output=True, text=True)
    (made,) = into.glob("quinza-*.tar.gz")
    return made


def install_and_smoke(python: str, source: Path, work: Path, env: dict) -> Optional[str]:
    """None when it installs and passes, else what went wrong (the last lines of it)."""
    venv = work / "venv"
    steps = [
        [python, "-m", "venv", str(venv)],
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check", "--quiet", str(source)],
        [str(venv / "bin" / "python"), str(ROOT / "scripts" / "smoke.py")],
    ]
    for step in steps:
        out = subprocess.run(step, capture_output=True, text=True, timeout=1200, env=env, cwd=work)
        if out.returncode != 0:
            tail = "\n".join((out.stdout + out.stderr).strip().splitlines()[-15:])
            return f"{' '.join(step[1:3])} failed ({out.returncode}):\n{tail}"
        last = out.stdout.strip().splitlines()
    print("   ", last[-1] if last else "")
    return None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", choices=("sdist", "tree"), default="sdist",
                        help="install the sdist made of this tree (default), or the tree itself")
    parser.add_argument("--python", action="append", default=[], help="an interpreter to try (repeatable); default: pyenv's")
    parser.add_argument("--profile", help="the cargo profile pip's build uses (default: release, as for anyone)")
    args = parser.parse_args(argv)

    oldest = oldest_claimed()
    found = {p: version_of(p) for p in args.python or pyenv_pythons(oldest)}
    pythons = {p: v for p, (implementation, v) in found.items() if implementation == "CPython" and v >= oldest}
    if not pythons:
        print(f"no CPython {oldest[0]}.{oldest[1]} or later to try (pyenv holds none)", file=sys.stderr)
        return 1
    failed = []
    with tempfile.TemporaryDirectory(prefix="quinza-pythons-") as tmp:
        work = Path(tmp)
        source = ROOT if args.source == "tree" else sdist(work / "sdist")
        # One target folder for every build: the crates without Python are compiled once.
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        env.setdefault("CARGO_TARGET_DIR", str(work / "target"))
        if args.profile:
            # maturin's build backend adds these to its command.
            env["MATURIN_PEP517_ARGS"] = f"--profile {args.profile}"
        for python in pythons:
            name = "%d.%d" % pythons[python]
            began = time.perf_counter()
            print(f"CPython {name} ({python}): pip install {source.name if args.source == 'sdist' else '.'}", flush=True)
            (work / name).mkdir()
            error = install_and_smoke(python, source, work / name, env)
            print(f"    {'passed' if error is None else 'FAILED'} in {time.perf_counter() - began:.0f} s", flush=True)
            if error is not None:
                print("    " + error.replace("\n", "\n    "), flush=True)
                failed.append(name)
    ok = len(pythons) - len(failed)
    print(f"{ok} of {len(pythons)} interpreters installed quinza and played" + (f"; not {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
