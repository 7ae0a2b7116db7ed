#!/usr/bin/env bash
# abi-compare.sh BASELINE CURRENT HEADERS_DIR: exit 0 when the ABI CURRENT (an abi-dump.sh file) can
# replace BASELINE under the same major version, 1 when it cannot (the report says why), 2 when
# abidiff itself failed.
#
# Policy: a 1.x release may add (functions, enumerators at the end of an enum, constants, which are
# not in the binary at all); it may not remove or change anything a program built against BASELINE
# uses: a function's symbol, parameters or return type, a struct's size or layout, a field's type, an
# enumerator's value. Declarations in the headers' WSP_EXPERIMENTAL sections promise nothing and are
# dropped from both sides.
#
# How abidiff's exit status is read (abidiff(1), "RETURN VALUES"; an 8-bit field):
#   bit 0 (1) ABIDIFF_ERROR, bit 1 (2) ABIDIFF_USAGE_ERROR: the tool failed -> 2 here;
#   bit 2 (4) ABIDIFF_ABI_CHANGE: the ABIs differ by a change that is not filtered as harmless;
#   bit 3 (8) ABIDIFF_ABI_INCOMPATIBLE_CHANGE: a change known to break (a removed symbol); it comes
#     with bit 2.
# abidiff sets bit 2 for added functions too, so it runs with --no-added-syms: additions are then no
# change, and any bit 2 or 3 left is a removal or a change. abidiff cannot tell a compatible change
# of a type from an incompatible one (it sets bit 2 alone and asks for a human), so every such change
# is refused: a field carved from reserved words is a reviewed baseline update (tools/abi-baseline.sh
# --reviewed). Enumerators added at the end are "harmless" in libabigail's terms (filtered by
# default), so they pass. --no-default-suppression: only this policy counts, not the system's.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: abi-compare.sh BASELINE CURRENT HEADERS_DIR" >&2; exit 2; }
baseline=$1 current=$2 headers=$3

# The functions declared only under WSP_EXPERIMENTAL, in any public header.
root=$(cd "$(dirname "$0")/.." && pwd)
experimental=$(for h in "$headers"/*.h; do
    comm -13 <(bash "$root/tools/api-functions.sh" "$h") <(bash "$root/tools/api-functions.sh" "$h" -DWSP_EXPERIMENTAL)
done | sort -u | paste -sd'|' -)
# Dropped from both sides by a suppression file: the declarations (name) and the ELF symbols (a
# removed experimental function is a removed symbol too). abidiff's --drop-fn does not apply to
# abidw's XML.
drop=()
if [ -n "$experimental" ]; then
    suppressions=$(mktemp)
    trap 'rm -f "$suppressions"' EXIT
    printf '[suppress_function]\n  name_regexp = ^(%s)$\n  drop = yes\n' "$experimental" >"$suppressions"
    printf '[suppress_function]\n  symbol_name_regexp = ^(%s)$\n  drop = yes\n' "$experimental" >>"$suppressions"
    drop=(--suppressions "$suppressions")
fi

set +e
report=$(abidiff --no-default-suppression --no-added-syms "${drop[@]}" "$baseline" "$current" 2>&1)
rc=$?
set -e
name=$(basename "$baseline")
if [ $((rc & 3)) -ne 0 ]; then
    echo "abi-compare: abidiff failed on $baseline and $current (exit $rc):" >&2
    echo "$report" >&2
    exit 2
fi
if [ $((rc & 12)) -ne 0 ]; then
    what="changes that abidiff cannot prove compatible"
    [ $((rc & 8)) -eq 0 ] || what="incompatible changes"
    echo "FAIL: $name: the ABI has $what (abidiff exit $rc):" >&2
    echo "$report" | sed 's/^/    /' >&2
    exit 1
fi
# Compatible: say what was added since the baseline (abidiff exits 4 for additions alone).
set +e
added=$(abidiff --no-default-suppression --stat "${drop[@]}" "$baseline" "$current" 2>&1)
set -e
summary=$(echo "$added" | sed -n 's/.*Functions changes summary: *//p' | head -1)
echo "ok: $name: compatible with the baseline (functions: ${summary:-no change})${experimental:+; experimental, not compared: ${experimental//|/, }}"
