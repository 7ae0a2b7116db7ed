#!/usr/bin/env bash
# check-install.sh BUILD_DIR: installs BUILD_DIR into BUILD_DIR/../stage, then builds and runs the
# consumer project tests/cmake against it with find_package(warpspan), and the same programs with
# pkg-config (warpspan.pc, warpspan-host.pc). The admission example must print expected.txt.
set -euo pipefail
build=${1:-build/host}
root=$(pwd)
stage="$root/build/stage"
consumer="$root/build/consumer"
rm -rf "$stage" "$consumer"
cmake --install "$build" --prefix "$stage" >/dev/null
cmake -S tests/cmake -B "$consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$stage" >/dev/null
MAKEFLAGS= cmake --build "$consumer" --parallel "${JOBS:-2}" -- --no-print-directory >/dev/null
scenario=examples/admission/scenario.txt
expected=examples/admission/expected.txt
"$consumer/admission" "$scenario" | diff -u "$expected" - >&2 ||
    { echo "check-install: find_package build of the admission example differs from $expected" >&2; exit 1; }
"$consumer/host_consumer"
export PKG_CONFIG_PATH="$stage/lib/pkgconfig"
[ "$(pkg-config --modversion warpspan)" = "$(sed -n 's/^#define WSP_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' include/warpspan.h | paste -sd.)" ] ||
    { echo "check-install: warpspan.pc has the wrong version" >&2; exit 1; }
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -pedantic -O2 examples/admission/admission.c $(pkg-config --cflags --libs warpspan) \
    -o "$consumer/admission_pc"
"$consumer/admission_pc" "$scenario" | diff -u "$expected" - >&2 ||
    { echo "check-install: pkg-config build of the admission example differs from $expected" >&2; exit 1; }
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -pedantic -O2 tests/cmake/host_consumer.c $(pkg-config --cflags --libs warpspan-host) \
    -o "$consumer/host_consumer_pc"
"$consumer/host_consumer_pc"
echo "installed package: find_package(warpspan) and pkg-config builds of the examples run as expected"
