#!/usr/bin/env bash
# api-functions.sh HEADER [CPPFLAG...]: the functions HEADER itself declares with WSP_API, one name a
# line, sorted: the header is preprocessed (cc -E, with the CPPFLAGs, e.g. -DWSP_EXPERIMENTAL), so that
# conditional declarations count only when their condition holds, and those of headers it includes
# are left out. Used by tools/check-exports.sh and tools/abi-compare.sh.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: api-functions.sh HEADER [CPPFLAG...]" >&2; exit 2; }
header=$1
shift
${CC:-cc} -E -x c -DWSP_API=WSP_API_DECLARATION "$@" -I"$(dirname "$header")" "$header" |
    awk -v file="$header" '
        /^# [0-9]+ "/ { current = $3; gsub(/"/, "", current); next }
        current == file && /WSP_API_DECLARATION/ && match($0, /wsp_[A-Za-z0-9_]+[ \t]*\(/) {
            name = substr($0, RSTART, RLENGTH); sub(/[ \t]*\($/, "", name); print name
        }' | sort -u
