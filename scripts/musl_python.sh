#!/usr/bin/env bash
# A CPython linked against musl on this glibc machine (Debian), to install and smoke-test
# the musllinux wheel where no Alpine can be had: zlib and CPython from Debian's source
# packages (their upstream tarballs), compiled with Debian's musl-gcc. Root, apt-get.
#
#     bash scripts/musl_python.sh [PREFIX]      # default /opt/quinza-musl-python
#
# Then PREFIX/bin/python3 is a musl CPython 3.11 with pip (pip takes musllinux wheels for
# it: its loader is musl's), and tests/test_wheel_platforms.py installs the musllinux
# wheel into a venv of it (QUINZA_MUSL_PYTHON names another). Nothing is done when PREFIX
# holds it already; else about 5 minutes on two cores. It has no ssl module: the wheels it
# installs come from a folder that this machine's pip fills. Debian 12's musl is 1.2.3,
# which cannot load libraries with packed relocations (DT_RELR, from musl 1.2.4): numpy
# 2's musllinux wheels have them, so the tests install numpy 1.26 there.
set -euo pipefail
prefix="${1:-/opt/quinza-musl-python}"
if "$prefix/bin/python3" -c "import zlib, socket, venv, ensurepip" 2>/dev/null; then
    echo "$prefix/bin/python3 is there"; exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

export DEBIAN_FRONTEND=noninteractive
# apt one script at a time: .ci/run makes this and the arm64 root side by side.
exec 9>/tmp/quinza-apt.lock
flock 9
if ! dpkg -s musl musl-dev musl-tools >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq musl musl-dev musl-tools >/dev/null
fi
# The source packages: deb-src beside the deb lines this machine has.
if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/debian-src.sources
    apt-get update -qq
fi
cd "$work"
# Each version apt knows, until one comes (the security pool serves no source here).
fetch() {
    for version in $(apt-cache showsrc "$1" | sed -n 's/^Version: //p'); do
        apt-get source --download-only -qq "$1=$version" >/dev/null 2>&1 && ls "$1"_*.orig.tar.* >/dev/null 2>&1 && return 0
    done
    echo "no source of $1 could be fetched" >&2; return 1
}
fetch zlib
fetch python3.11
flock -u 9

mkdir zlib cpython bin kernel
tar -xf zlib_*.orig.tar.* -C zlib --strip-components=1
tar -xf python3.11_*.orig.tar.* -C cpython --strip-components=1
# musl-gcc wraps Debian's gcc, which names glibc's multiarch folder (x86_64-linux-gnu) when
# CPython's build asks (configure, and setup.py through gcc and dpkg-architecture): here
# none is named, so no glibc header is seen. The kernel's headers (linux/, asm/), which
# musl lacks, come after musl's own.
ln -s /usr/include/linux kernel/linux
ln -s /usr/include/asm-generic kernel/asm-generic
ln -s "/usr/include/$(gcc -print-multiarch)/asm" kernel/asm
{
    echo '#!/bin/sh'
    echo 'for a in "$@"; do case "$a" in -print-multiarch|--print-multiarch) exit 1;; esac; done'
    echo "exec musl-gcc -idirafter '$work/kernel' \"\$@\""
} > bin/musl-cc
printf '#!/bin/sh\nexit 1\n' > bin/dpkg-architecture
chmod +x bin/musl-cc bin/dpkg-architecture
export PATH="$work/bin:$PATH"
# Only musl's libraries: pkg-config sees the zlib built here, never the system's .pc files.
export PKG_CONFIG_LIBDIR="$work/deps/lib/pkgconfig"
log="$work/build.log"
if ! { (cd zlib && CC=musl-gcc CFLAGS="-O2 -fPIC" ./configure --static --prefix="$work/deps" && make -j2 install) \
       && (cd cpython && CC=musl-cc CPPFLAGS="-I$work/deps/include" LDFLAGS="-L$work/deps/lib" \
           ./configure --prefix="$prefix" --with-ensurepip=install --without-doc-strings && make -j2 && make install); } >"$log" 2>&1
then
    tail -n 40 "$log" >&2; exit 1
fi
"$prefix/bin/python3" -c "import zlib, socket, sys; print('musl CPython', sys.version.split()[0], end=', ')"
"$prefix/bin/python3" -m pip --version
