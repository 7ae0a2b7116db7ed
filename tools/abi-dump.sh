#!/usr/bin/env bash
# abi-dump.sh LIB HEADERS_DIR OUT: writes the ABI of the shared library LIB (built with -g) as
# libabigail XML (abidw) to OUT, the one place where the ABI check's abidw options live:
# - --headers-dir HEADERS_DIR --drop-private-types: only types declared in the public headers count
#   (the opaque wsp_problem stays opaque; the C++ core's types are not part of the ABI);
# - --exported-interfaces-only: only the exported functions (the C API) and what they reach;
# - no locations, no DT_NEEDED (which libraries it needs is no part of the ABI), no build paths
#   (translation units are named relative to the repository), type ids by hash: the file changes only
#   when the ABI does, whoever builds it and with whatever optimisation (-O0 -g and -O2 -g agree).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: abi-dump.sh LIB HEADERS_DIR OUT" >&2; exit 2; }
lib=$1 headers=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$(dirname "$out")"
abidw --headers-dir "$headers" --drop-private-types --exported-interfaces-only --no-corpus-path \
    --no-comp-dir-path --no-elf-needed --no-show-locs --type-id-style hash "$lib" >"$out.tmp"
sed -e "s|path='$root/|path='|g" "$out.tmp" >"$out"
rm -f "$out.tmp"
