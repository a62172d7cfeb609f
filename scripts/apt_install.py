"""Debian packages the tests and benches need, installed with apt-get when missing and this
runs as root (CI): chromium for the browser tests, PostgreSQL for the store's.

Test processes running side by side (pytest-xdist) may each find a package missing at
once, and apt refuses a second apt-get while one runs: they take turns through a file
lock, and each looks again once it has the lock (the one before may have installed it).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time
from typing import Callable, Sequence

APT_TIMEOUT = 900  # seconds for apt-get update and install together
LOCK = "/tmp/quinza-apt.lock"


def can_install() -> bool:
    """Whether apt-get can be run here: as root, with apt-get."""
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_install(packages: Sequence[str], missing: Callable[[], bool]) -> None:
    """Install `packages` while `missing()` says they are (looked at again under the lock)."""
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not missing():
            return
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        began = time.monotonic()
        wait = ["-o", f"DPkg::Lock::Timeout={APT_TIMEOUT}"]  # another apt (not ours) at work
        subprocess.run(["apt-get", *wait, "update"], env=env, check=True, timeout=APT_TIMEOUT,
                       stdout=subprocess.DEVNULL)
        left = APT_TIMEOUT - (time.monotonic() - began)
        subprocess.run(["apt-get", *wait, "install", "-y", "--no-install-recommends", *packages],
                       env=env, check=True, timeout=max(left, 60), stdout=subprocess.DEVNULL)
