"""benches/pgo.py, the profile-guided build: its training workload run over the installed
package (the builds themselves take minutes and run as a bench only), and how it finds
its tools."""

from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

import pytest

BENCHES = Path(__file__).resolve().parent.parent / "benches"
sys.path.append(str(BENCHES))
import pgo  # noqa: E402


def test_the_training_workload_runs_on_the_installed_build() -> None:
    code = f"import sys; sys.path.insert(0, {str(BENCHES)!r}); import pgo; pgo.child('train')"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_llvm_profdata_named_by_the_environment_is_tried_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLVM_PROFDATA", "/opt/llvm/bin/llvm-profdata")
    tools = pgo.profdata_tools()
    assert tools[0] == "/opt/llvm/bin/llvm-profdata"
    assert len(tools) == len(set(tools))


def test_no_llvm_profdata_that_reads_the_profiles_stops_with_what_to_do(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    monkeypatch.setattr(pgo, "profdata_tools", lambda: ["false"])
    with pytest.raises(SystemExit, match="llvm-tools"):
        pgo.merge([str(tmp_path / "none.profraw")], tmp_path / "out.profdata")


def test_the_build_flags_keep_the_cargo_configs_popcnt() -> None:
    flags = pgo.rustflags(["-Cprofile-use=/p"])
    assert flags.endswith("-Cprofile-use=/p")
    assert ("target-feature=+popcnt" in flags) == (platform.machine() in ("x86_64", "AMD64"))
