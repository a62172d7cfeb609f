"""The release's Linux wheels for other machines than this one: musllinux_1_2 x86-64
(Alpine and the other musl distributions) and manylinux2014 aarch64, cross-built with zig
by scripts/wheels.py from the workflow's matrix. Each one's tag is proven twice: by
maturin's check while it builds, and here from the core itself (its processor, the C
library it needs, the newest glibc symbol it asks for). Then each is installed in a fresh
venv of a Python that runs it and passes the smoke test (scripts/smoke.py): a musl CPython
that scripts/musl_python.sh builds, and Debian arm64 under qemu-user that
scripts/arm64_root.sh makes (.ci/run makes both). Where one is missing its install is
skipped, unless QUINZA_PLATFORMS=1 (as .ci/run sets) says it must be there.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import List, Set, Tuple

import pytest
from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection

from tests.test_wheel import built, run

ROOT = Path(__file__).resolve().parents[1]
MUSL_PYTHON = Path(os.environ.get("QUINZA_MUSL_PYTHON", "/opt/quinza-musl-python/bin/python3"))
ARM64_ROOT = Path(os.environ.get("QUINZA_ARM64_ROOT", "/opt/quinza-arm64"))


def core_of(wheel: Path) -> Tuple[str, Set[str], Set[str], bool]:
    """The compiled core's processor, the libraries it needs, the glibc versions it asks
    for, and whether it holds packed relative relocations (DT_RELR)."""
    with zipfile.ZipFile(wheel) as z:
        (name,) = [n for n in z.namelist() if re.fullmatch(r"quinza/_core\.abi3\.so", n)]
        elf = ELFFile(io.BytesIO(z.read(name)))
        tags = [tag.entry.d_tag for s in elf.iter_sections() if isinstance(s, DynamicSection) for tag in s.iter_tags()]
        needed = {tag.needed for s in elf.iter_sections() if isinstance(s, DynamicSection)
                  for tag in s.iter_tags() if tag.entry.d_tag == "DT_NEEDED"}
        glibc = {aux.name for s in elf.iter_sections() if isinstance(s, GNUVerNeedSection)
                 for _, auxes in s.iter_versions() for aux in auxes if aux.name.startswith("GLIBC_")}
        return elf["e_machine"], needed, glibc, any(tag in ("DT_RELR", 36) for tag in tags)


def newest(glibc: Set[str]) -> Tuple[int, ...]:
    return max(tuple(int(p) for p in v[len("GLIBC_"):].split(".")) for v in glibc)


def runner_missing(what: str, how: str) -> None:
    if os.environ.get("QUINZA_PLATFORMS") == "1":
        pytest.fail(f"{what} is missing: {how}")
    pytest.skip(f"{what} is missing ({how})")


def dependencies(wheel: Path, into: Path, platforms: List[str], *pins: str) -> None:
    """The wheel's dependencies for another machine, fetched by this one's pip (the musl
    CPython has no ssl), into a folder its pip installs from."""
    cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet", "--only-binary", ":all:",
           "--python-version", "3.11", "--implementation", "cp", "--dest", str(into), str(wheel), *pins]
    for platform in platforms:
        cmd += ["--platform", platform]
    run(cmd, timeout=900)


def test_the_musllinux_wheel(tmp_path: Path) -> None:
    wheel, proof = built(tmp_path, "x86_64-unknown-linux-musl", "abi3-py311")
    assert wheel.name.endswith("-cp311-abi3-musllinux_1_2_x86_64.whl"), wheel.name
    machine, needed, glibc, relr = core_of(wheel)
    # musl's C library alone (libc.so: musl has no libm or libpthread apart), no glibc
    # symbol, and no packed relocations, which musl reads only from 1.2.4: the core loads
    # on all of musl 1.2.
    assert (machine, needed, glibc, relr) == ("EM_X86_64", {"libc.so"}, set(), False), (machine, needed, glibc, relr)

    if not MUSL_PYTHON.exists():
        runner_missing("a musl CPython", "bash scripts/musl_python.sh")
    # numpy 1.26 (musllinux_1_1): numpy 2's wheels need musl 1.2.4, Debian 12 has 1.2.3.
    dependencies(wheel, tmp_path / "deps", ["musllinux_1_2_x86_64", "musllinux_1_1_x86_64"], "numpy<2")
    venv = tmp_path / "venv"
    run([str(MUSL_PYTHON), "-m", "venv", str(venv)], timeout=300)
    python = str(venv / "bin" / "python")
    # pip installs a musllinux wheel only on a musl Python (a glibc one refuses it).
    run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-index", "--find-links", str(tmp_path / "deps"), str(wheel)],
        timeout=600, cwd=tmp_path)
    smoke = run([python, str(ROOT / "scripts" / "smoke.py")], timeout=600, cwd=tmp_path).stdout
    assert "_core.abi3.so" in smoke, smoke
    print(f"{proof}: {smoke.strip()}")


def test_the_aarch64_wheel(tmp_path: Path) -> None:
    wheel, proof = built(tmp_path, "aarch64-unknown-linux-gnu", "abi3-py311")
    assert wheel.name.endswith("-cp311-abi3-manylinux2014_aarch64.manylinux_2_17_aarch64.whl"), wheel.name
    assert "auditwheel: manylinux_2_17_aarch64" in proof, proof
    machine, needed, glibc, _ = core_of(wheel)
    assert machine == "EM_AARCH64" and needed <= {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "libgcc_s.so.1", "ld-linux-aarch64.so.1"}, needed
    assert newest(glibc) <= (2, 17), sorted(glibc)

    if not (ARM64_ROOT / "usr" / "bin" / "python3").exists():
        runner_missing("a Debian arm64 root", "bash scripts/arm64_root.sh")
    # Everything the chroot needs is copied into it; it is emptied again afterwards.
    inside = Path("/tmp") / f"quinza-smoke-{os.getpid()}"
    outside = ARM64_ROOT / inside.relative_to("/")
    outside.mkdir(parents=True)
    try:
        dependencies(wheel, outside / "deps", ["manylinux2014_aarch64", "manylinux_2_17_aarch64"])
        shutil.copy(wheel, outside)
        shutil.copy(ROOT / "scripts" / "smoke.py", outside)
        chroot = ["chroot", str(ARM64_ROOT)]
        run(chroot + ["python3", "-m", "venv", f"{inside}/venv"], timeout=600)
        run(chroot + [f"{inside}/venv/bin/python", "-m", "pip", "install", "--disable-pip-version-check", "--no-index",
                      "--find-links", f"{inside}/deps", f"{inside}/{wheel.name}"], timeout=1200)
        smoke = run(chroot + [f"{inside}/venv/bin/python", f"{inside}/smoke.py"], timeout=1200).stdout
    finally:
        shutil.rmtree(outside)
    assert "(aarch64, _core.abi3.so)" in smoke, smoke
    print(f"{proof}: {smoke.strip()}")
