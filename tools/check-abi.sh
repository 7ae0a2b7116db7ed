#!/usr/bin/env bash
# check-abi.sh BUILD_DIR: the ABI of the shared libraries in BUILD_DIR (a BUILD_SHARED_LIBS=ON build
# with -g, e.g. Debug as make check builds them) against the committed baseline abi/<lib>.abi, for make check.
# - The baseline's major version (its SONAME lib<name>.so.MAJOR) must be the header's
#   WSP_VERSION_MAJOR: an incompatible change needs a new major version and a new baseline together
#   (tools/abi-baseline.sh), and a new major version needs a new baseline.
# - The library's ABI must be compatible with the baseline: additions only (tools/abi-compare.sh says
#   what that means and how abidiff's exit status is read).
# Environment (the self-test in tests/abi sets them): ABI_DIR (default abi), HEADERS (default
# include), LIBS (default "libwarpspan libwarpspan_host").
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: check-abi.sh BUILD_DIR" >&2; exit 2; }
build=$1
root=$(cd "$(dirname "$0")/.." && pwd)
abi_dir=${ABI_DIR:-$root/abi}
headers=${HEADERS:-$root/include}
libs=${LIBS:-libwarpspan libwarpspan_host}
major=$(sed -n 's/^#define WSP_VERSION_MAJOR \([0-9][0-9]*\).*/\1/p' "$headers"/*.h | head -1)
[ -n "$major" ] || { echo "check-abi: no WSP_VERSION_MAJOR in $headers" >&2; exit 2; }
status=0
for lib in $libs; do
    baseline=$abi_dir/$lib.abi
    if [ ! -f "$baseline" ]; then
        echo "FAIL: no ABI baseline $baseline (tools/abi-baseline.sh makes it)" >&2
        status=1
        continue
    fi
    soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$baseline")
    if [ "$soname" != "$lib.so.$major" ]; then
        echo "FAIL: the baseline $baseline is for $soname but the header's major version is $major" \
            "($lib.so.$major): regenerate it with tools/abi-baseline.sh" >&2
        status=1
        continue
    fi
    shared=$build/$lib.so.$major
    [ -f "$shared" ] || { echo "FAIL: $shared not found (build with -DBUILD_SHARED_LIBS=ON)" >&2; exit 2; }
    out=${build}/abi/$lib.abi
    bash "$root/tools/abi-dump.sh" "$shared" "$headers" "$out"
    set +e
    bash "$root/tools/abi-compare.sh" "$baseline" "$out" "$headers"
    rc=$?
    set -e
    [ "$rc" -eq 0 ] || status=$((rc > status ? rc : status))
done
exit $status
