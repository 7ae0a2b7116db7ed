#!/usr/bin/env bash
# example-table.sh [--check] [CLI]: makes the example tables of examples/ with `warpspan table`, from
# work budgets only (exact: --budget states, anneal: --iterations), so that the files depend on the
# inputs and the options alone, never on the machine's speed or --threads, and every run makes them
# byte for byte.
#
#   tools/example-table.sh build/warpspan            rewrite the committed files (`make examples`)
#   tools/example-table.sh --check build/warpspan    make them in a temporary folder and compare (CTest
#                                                    example_table); exit 1 and a diff when one differs
#
# CLI defaults to build/warpspan. The list below is the one place that says how each file is made.
set -euo pipefail
check=0
if [ "${1:-}" = "--check" ]; then
    check=1
    shift
fi
cli=${1:-build/warpspan}
if [ ! -x "$cli" ]; then
    echo "example-table: $cli: no such program (build it with make)" >&2
    exit 2
fi

# name: the file in examples/; then the table command's arguments (output and guard are added).
# voronoi_table.h: paper 003's Voronoi kernel, W = 1..16. exact: 200000 states per entry (optimal up
# to W = 6, a bracket above); anneal: 10000 iterations x 6 restarts per entry. The firmware example
# (examples/firmware) looks W = 16 up in it.
tables=(
    "voronoi_table.h|examples/voronoi.cfg --columns bound,exact,anneal --budget 200000 --iterations 10000"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for entry in "${tables[@]}"; do
    name=${entry%%|*}
    read -r -a args <<<"${entry#*|}"
    guard=$(echo "$name" | tr 'a-z.' 'A-Z_')
    "$cli" table "${args[@]}" --threads 2 --quiet --guard "$guard" -o "$tmp/$name"
    if [ "$check" = 1 ]; then
        if cmp -s "$tmp/$name" "examples/$name"; then
            echo "ok: examples/$name is what \`warpspan table ${args[*]}\` makes"
        else
            echo "example-table: examples/$name differs from what \`warpspan table ${args[*]}\` makes" \
                "(make examples rewrites it):" >&2
            diff -u "examples/$name" "$tmp/$name" >&2 || true
            status=1
        fi
    else
        cp "$tmp/$name" "examples/$name"
        echo "made examples/$name: warpspan table ${args[*]}"
    fi
done
exit $status
