#!/usr/bin/env bash
# A Debian arm64 system in a folder, run on this x86-64 machine by qemu-user, to install
# and smoke-test the manylinux2014 aarch64 wheel: debootstrap with CPython, venv and pip,
# from Debian's archive. Root, apt-get. Nothing is done when the folder already holds it.
#
#     bash scripts/arm64_root.sh [ROOT]      # default /opt/quinza-arm64
#
# Then `chroot ROOT python3` is an aarch64 CPython 3.11 (tests/test_wheel_platforms.py
# uses it). About 5 minutes; the wheel's smoke test then runs emulated, some 10 times slower.
set -euo pipefail
root="${1:-/opt/quinza-arm64}"
export DEBIAN_FRONTEND=noninteractive

# apt one script at a time: .ci/run makes this and the musl CPython side by side.
exec 9>/tmp/quinza-apt.lock
flock 9
if ! dpkg -s qemu-user-static binfmt-support debootstrap >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq qemu-user-static binfmt-support debootstrap >/dev/null
fi
flock -u 9
# The kernel runs aarch64 programs through qemu (binfmt_misc, its F flag: inside a chroot too).
mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64

if [ ! -x "$root/usr/bin/python3" ] || ! chroot "$root" python3 -c "import venv, ensurepip" 2>/dev/null; then
    rm -rf "$root"
    debootstrap --arch=arm64 --variant=minbase --include=python3,python3-venv,python3-pip \
        bookworm "$root" >/dev/null
fi
chroot "$root" python3 -c "import platform; print(platform.machine(), platform.python_version())"
