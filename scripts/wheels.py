"""Build the Linux wheels of a release on this machine: the `linux` matrix of
.github/workflows/release.yml (read from it, so the two never differ), cross-compiled with
zig (`pip install ziglang`; a target rustup lacks is added), and the sdist.

    python scripts/wheels.py                          # every Linux wheel and the sdist, into dist/
    python scripts/wheels.py --target x86_64-unknown-linux-gnu --abi abi3-py311 --no-sdist
    python scripts/wheels.py --profile release-nolto  # faster builds, for trying

Each wheel is checked by maturin (`--auditwheel check`: no library outside the platform
tag's, no symbol newer than its C library), and the glibc ones again by `auditwheel show`
when auditwheel is installed. Prints each wheel's name and what proves its tag.
"""

from __future__ import annotations

import argparse
import itertools
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def linux_matrix() -> List[Dict[str, str]]:
    """The (target, manylinux, abi) combinations of the workflow's linux job."""
    matrix = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]["linux"]["strategy"]["matrix"]
    tags = {entry["target"]: str(entry["manylinux"]) for entry in matrix["include"]}
    return [{"target": target, "manylinux": tags[target], "abi": abi}
            for target, abi in itertools.product(matrix["target"], matrix["abi"])]


def compatibility(manylinux: str) -> str:
    """maturin's --compatibility for maturin-action's `manylinux` input ("2014" is manylinux2014)."""
    return f"manylinux{manylinux}" if manylinux.isdigit() else manylinux


def with_target(target: str) -> None:
    """Rust's standard library for `target`, added by rustup when it lacks it."""
    rustup = shutil.which("rustup")
    if rustup is None:
        return  # a toolchain without rustup: cargo says what is missing
    installed = subprocess.run([rustup, "target", "list", "--installed"], capture_output=True, text=True, check=True).stdout.split()
    if target not in installed:
        subprocess.run([rustup, "target", "add", target], check=True)


def build(combo: Dict[str, str], out: Path, profile: str) -> Tuple[Path, str]:
    """The wheel of one combination, and what proves its tag."""
    with_target(combo["target"])
    before = set(out.glob("*.whl"))
    cmd = ["maturin", "build", "--profile", profile, "--zig", "--target", combo["target"],
           "--compatibility", compatibility(combo["manylinux"]), "--auditwheel", "check",
           "--features", combo["abi"], "--out", str(out)]
    subprocess.run(cmd, cwd=ROOT, check=True)
    (wheel,) = set(out.glob("*.whl")) - before
    proof = "maturin's check"
    if "musllinux" not in combo["manylinux"] and shutil.which("auditwheel"):
        shown = subprocess.run(["auditwheel", "show", str(wheel)], capture_output=True, text=True, check=True).stdout
        found = re.search(r'consistent with the following platform tag:\s*"([^"]+)"', shown)
        assert found, shown
        proof += f", auditwheel: {found.group(1)}"
    return wheel, proof


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="the folder the wheels go to (default: dist/)")
    parser.add_argument("--profile", default="release", help="cargo profile (release-nolto builds three times faster)")
    parser.add_argument("--target", action="append", help="only this target (repeatable)")
    parser.add_argument("--abi", action="append", help="only this abi feature (repeatable)")
    parser.add_argument("--no-sdist", action="store_true", help="the wheels alone")
    args = parser.parse_args(argv)

    combos = [c for c in linux_matrix() if (not args.target or c["target"] in args.target) and (not args.abi or c["abi"] in args.abi)]
    if not combos:
        parser.error(f"no wheel of the workflow's matrix matches: {linux_matrix()}")
    args.out.mkdir(parents=True, exist_ok=True)
    made = [build(combo, args.out, args.profile) for combo in combos]
    if not args.no_sdist:
        subprocess.run(["maturin", "sdist", "--out", str(args.out)], cwd=ROOT, check=True)
    for wheel, proof in made:
        print(f"{wheel.name}  ({proof})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
