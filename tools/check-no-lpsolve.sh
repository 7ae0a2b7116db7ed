#!/usr/bin/env bash
# check-no-lpsolve.sh BUILD_DIR: builds the library and the CLI with WARPSPAN_WITH_LPSOLVE=OFF and
# checks that every other method still works and that the ILP says it is not available (exit 2).
# Without optimisation (build type None): the checks are tiny, and the build is a third shorter.
set -euo pipefail
dir=${1:-build/nolp}
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=None -DWARPSPAN_WITH_LPSOLVE=OFF -DWARPSPAN_BUILD_CLI=ON \
    -DWARPSPAN_BUILD_TESTS=OFF -DWARPSPAN_BUILD_EXAMPLES=OFF -DWARPSPAN_BUILD_BENCH=OFF >/dev/null
MAKEFLAGS= cmake --build "$dir" --parallel "${JOBS:-2}" -- --no-print-directory >/dev/null
cli="$dir/warpspan"
if nm -C "$dir/libwarpspan_host.a" | grep -q " U .*lp_lib\| U make_lp"; then
    echo "check-no-lpsolve: the host library still refers to lp_solve" >&2
    exit 1
fi
out=$("$cli" --kernel LCL --warps 4 --method bound,anneal,exact,estimate --iterations 2000 --json --quiet)
echo "$out" | tr -d '\n ' | grep -q '"lower":9,"upper":9,"exact":true' || {
    echo "check-no-lpsolve: other methods failed without lp_solve:" >&2
    echo "$out" >&2
    exit 1
}
# the slot bound falls back on its dense simplex (kernels up to 16 normalised instructions)
"$cli" --kernel LCL --warps 4 --method bound | grep -q '^    slot          9   (.*the built-in simplex, no lp_solve' || {
    echo "check-no-lpsolve: the slot bound did not come from the built-in simplex:" >&2
    "$cli" --kernel LCL --warps 4 --method bound >&2
    exit 1
}
set +e
msg=$("$cli" --kernel LCL --warps 4 --method ilp 2>&1)
rc=$?
set -e
if [ "$rc" -ne 2 ] || ! echo "$msg" | grep -q "not available in this build"; then
    echo "check-no-lpsolve: --method ilp without lp_solve gave exit $rc: $msg" >&2
    exit 1
fi
echo "without lp_solve: bound, anneal, exact, estimate work; the ILP says: $msg"
