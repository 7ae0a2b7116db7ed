#!/usr/bin/env bash
# check-lpsolve-dynamic.sh BUILD_DIR: lp_solve (LGPL-2.1) is linked dynamically, never copied in: the
# CLI of BUILD_DIR (a host build with lp_solve, as make check has it) needs liblpsolve55's shared
# library at run time, finds it, and defines none of lp_solve's functions itself.
set -euo pipefail
build=${1:-build/host}
cli=$build/warpspan
fail() {
    echo "check-lpsolve-dynamic: $*" >&2
    exit 1
}
readelf -d "$cli" | grep -q '(NEEDED).*\[liblpsolve55\.so' ||
    fail "$cli does not load liblpsolve55's shared library (linked statically, or built without lp_solve)"
where=$(ldd "$cli" | awk '$1 ~ /^liblpsolve55\.so/ {print $3}')
[ -n "$where" ] && [ "$where" != "not" ] || fail "$cli cannot find liblpsolve55's shared library"
if nm "$cli" | grep -qE ' [TtDdBb] (make_lp|solve|set_obj_fnex|add_constraintex)$'; then
    fail "$cli contains lp_solve's own code"
fi
echo "ok: lp_solve linked dynamically: $cli loads $where"
