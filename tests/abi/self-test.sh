#!/usr/bin/env bash
# self-test.sh [WORK_DIR]: proves that the ABI check (tools/check-abi.sh, tools/abi-baseline.sh) and
# the export check (tools/check-exports.sh) can fail, on a toy libwarpspan.so.1 (include/warpspan.h
# and toy.c here): a baseline of the plain toy, then one change at a time, each with the verdict it
# must get. Fails when any verdict differs. WORK_DIR defaults to build/abi-self-test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$root/build/abi-self-test}
rm -rf "$work"
mkdir -p "$work"
failures=0

# build NAME [MACRO] [HEADERS]: the toy as NAME/libwarpspan.so.MAJOR (and NAME/libwarpspan.a), with
# -g for abidw; MAJOR from the header in HEADERS (default the toy's include/).
build() {
    local name=$1 macro=${2:-} headers=${3:-$here/include} major
    major=$(sed -n 's/^#define WSP_VERSION_MAJOR \([0-9]*\).*/\1/p' "$headers/warpspan.h")
    mkdir -p "$work/$name"
    cc -std=c99 -g -O0 -fPIC -fvisibility=hidden -Wall -Wextra ${macro:+-D$macro} -I"$headers" \
        -c "$here/toy.c" -o "$work/$name/toy.o"
    cc -shared -Wl,-soname,libwarpspan.so.$major -o "$work/$name/libwarpspan.so.$major" "$work/$name/toy.o"
    ar rcs "$work/$name/libwarpspan.a" "$work/$name/toy.o"
}

# expect VERDICT WHAT COMMAND...: runs COMMAND, which must succeed (accepted) or fail with exit 1
# (rejected); its output is shown only when the verdict is wrong.
expect() {
    local verdict=$1 what=$2 rc
    shift 2
    set +e
    "$@" >"$work/out.txt" 2>&1
    rc=$?
    set -e
    if { [ "$verdict" = accepted ] && [ "$rc" -eq 0 ]; } || { [ "$verdict" = rejected ] && [ "$rc" -eq 1 ]; }; then
        echo "ok: $what: $verdict"
    else
        echo "FAIL: $what: expected $verdict, got exit $rc:"
        sed 's/^/    /' "$work/out.txt"
        failures=$((failures + 1))
    fi
}

export LIBS=libwarpspan HEADERS=$here/include ABI_DIR=$work/abi
check_abi() { bash "$root/tools/check-abi.sh" "$work/$1"; }

build base
expect accepted "baseline written" bash "$root/tools/abi-baseline.sh" "$work/base"
expect accepted "unchanged toy" check_abi base
for change in ADD_FUNCTION ADD_ENUMERATOR ADD_CONSTANT REMOVE_EXPERIMENTAL CHANGE_EXPERIMENTAL; do
    build "$change" "TOY_$change"
    expect accepted "TOY_$change" check_abi "$change"
done
for change in REMOVE_FUNCTION CHANGE_PARAMETER CHANGE_RETURN CHANGE_FIELD GROW_FIELD SWAP_FIELDS \
    CHANGE_ENUMERATOR CARVE_RESERVED; do
    build "$change" "TOY_$change"
    expect rejected "TOY_$change" check_abi "$change"
done

# The baseline script: additions update it; an incompatible change keeps it unless reviewed.
cp -r "$work/abi" "$work/abi.base"
expect accepted "abi-baseline takes an addition" bash "$root/tools/abi-baseline.sh" "$work/ADD_FUNCTION"
expect rejected "abi-baseline refuses TOY_CHANGE_FIELD" bash "$root/tools/abi-baseline.sh" "$work/CHANGE_FIELD"
expect rejected "abi-baseline refuses TOY_CARVE_RESERVED" bash "$root/tools/abi-baseline.sh" "$work/CARVE_RESERVED"
expect accepted "abi-baseline --reviewed takes TOY_CARVE_RESERVED" \
    bash "$root/tools/abi-baseline.sh" --reviewed "$work/CARVE_RESERVED"
expect accepted "TOY_CARVE_RESERVED against the reviewed baseline" check_abi CARVE_RESERVED
rm -rf "$work/abi"
cp -r "$work/abi.base" "$work/abi"

# A new major version in the header: the old baseline no longer counts until it is regenerated.
mkdir -p "$work/major2"
sed 's/^#define WSP_VERSION_MAJOR 1$/#define WSP_VERSION_MAJOR 2/' "$here/include/warpspan.h" \
    >"$work/major2/warpspan.h"
build major2-lib TOY_CHANGE_FIELD "$work/major2"
HEADERS=$work/major2 expect rejected "header major 2, baseline major 1" check_abi major2-lib
HEADERS=$work/major2 expect accepted "abi-baseline for the new major" \
    bash "$root/tools/abi-baseline.sh" "$work/major2-lib"
HEADERS=$work/major2 expect accepted "major 2 against its own baseline" check_abi major2-lib
expect rejected "header major 1, baseline major 2" check_abi base

# The export check on the same toy.
expect accepted "exports of the toy" bash "$root/tools/check-exports.sh" "$work/base/libwarpspan.so.1" \
    "$work/base/libwarpspan.a"
build EXPORT_HELPER TOY_EXPORT_HELPER
expect rejected "shared library exporting toy_helper" bash "$root/tools/check-exports.sh" \
    "$work/EXPORT_HELPER/libwarpspan.so.1"
expect rejected "archive defining toy_helper" bash "$root/tools/check-exports.sh" \
    "$work/EXPORT_HELPER/libwarpspan.a"
build HIDE_FUNCTION TOY_HIDE_FUNCTION
expect rejected "declared function not exported" bash "$root/tools/check-exports.sh" \
    "$work/HIDE_FUNCTION/libwarpspan.so.1"
expect rejected "SONAME major 1, header major 2" env HEADERS="$work/major2" \
    bash "$root/tools/check-exports.sh" "$work/base/libwarpspan.so.1"

if [ "$failures" -ne 0 ]; then
    echo "abi self-test: $failures verdicts wrong" >&2
    exit 1
fi
echo "abi self-test: every verdict as expected"
