#!/usr/bin/env bash
# abi-baseline.sh [--reviewed] [BUILD_DIR]: regenerates the committed ABI baseline abi/<lib>.abi on
# purpose (make abi-baseline), from the shared libraries in BUILD_DIR, or from a fresh shared
# Debug build (with -g, as make check's) in build/abi when no BUILD_DIR is given. Commit the result with the change
# that needs it.
# - A new major version (WSP_VERSION_MAJOR differs from the baseline's SONAME): the new ABI replaces
#   the old one, whatever changed.
# - The same major version (a 1.x release that adds calls or constants): the new ABI must be
#   compatible with the old baseline (tools/abi-compare.sh), else the script refuses. abidiff cannot
#   prove some compatible changes (a field carved from reserved words keeps the layout of every other
#   field but changes the struct's members); after reading the report, --reviewed writes the baseline
#   anyway. Never use it for a change that moves, resizes or retypes a field a program may use.
# Environment as for tools/check-abi.sh: ABI_DIR, HEADERS, LIBS.
set -euo pipefail
reviewed=0
if [ "${1:-}" = "--reviewed" ]; then
    reviewed=1
    shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
abi_dir=${ABI_DIR:-$root/abi}
headers=${HEADERS:-$root/include}
libs=${LIBS:-libwarpspan libwarpspan_host}
major=$(sed -n 's/^#define WSP_VERSION_MAJOR \([0-9][0-9]*\).*/\1/p' "$headers"/*.h | head -1)
build=${1:-}
if [ -z "$build" ]; then
    build=$root/build/abi
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DBUILD_SHARED_LIBS=ON \
        -DWARPSPAN_BUILD_CLI=OFF -DWARPSPAN_BUILD_EXAMPLES=OFF -DWARPSPAN_BUILD_BENCH=OFF \
        -DWARPSPAN_BUILD_TESTS=OFF >/dev/null
    MAKEFLAGS= cmake --build "$build" --parallel "${JOBS:-2}" -- --no-print-directory >/dev/null
fi
mkdir -p "$abi_dir"
status=0
for lib in $libs; do
    baseline=$abi_dir/$lib.abi
    new=$build/abi/$lib.abi
    bash "$root/tools/abi-dump.sh" "$build/$lib.so.$major" "$headers" "$new"
    old_soname=$( [ -f "$baseline" ] && sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$baseline" || true)
    if [ "$old_soname" = "$lib.so.$major" ]; then
        set +e
        bash "$root/tools/abi-compare.sh" "$baseline" "$new" "$headers"
        rc=$?
        set -e
        if [ "$rc" -eq 2 ] || { [ "$rc" -ne 0 ] && [ "$reviewed" -eq 0 ]; }; then
            echo "abi-baseline: $baseline kept: an incompatible ABI needs a new major version" \
                "(WSP_VERSION_MAJOR); a reviewed compatible change: --reviewed" >&2
            status=1
            continue
        fi
    elif [ -n "$old_soname" ]; then
        echo "abi-baseline: $lib: new major version ($old_soname -> $lib.so.$major)"
    fi
    cp "$new" "$baseline"
    echo "abi-baseline: wrote $baseline ($lib.so.$major)"
done
exit $status
