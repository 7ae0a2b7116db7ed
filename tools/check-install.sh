#!/usr/bin/env bash
# check-install.sh STATIC_BUILD SHARED_BUILD: installs each build (static archives; shared libraries,
# BUILD_SHARED_LIBS=ON) into its own stage under build/, checks what was installed, then builds and
# runs C consumers against each stage the ways a user would:
# - find_package(warpspan VERSION EXACT) with the header's version (tests/cmake): the admission
#   example (its output must be examples/admission/expected.txt), a version check (wsp_version() and
#   wsp_version_number() of the library equal the header's), a host program (warpspan::host);
# - pkg-config (warpspan.pc, warpspan-host.pc): the same three programs with cc.
# Against the shared stage every program must load the installed libwarpspan.so.MAJOR: the CMake
# builds find it by their RPATH, the pkg-config builds by LD_LIBRARY_PATH.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: check-install.sh STATIC_BUILD SHARED_BUILD" >&2; exit 2; }
root=$(pwd)
version=$(sed -n 's/^#define WSP_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' include/warpspan.h | paste -sd. -)
major=${version%%.*}
scenario=examples/admission/scenario.txt
expected=examples/admission/expected.txt

fail() {
    echo "check-install: $*" >&2
    exit 1
}

# loads PROGRAM LIB STAGE: PROGRAM (run as it will be) resolves LIB to the copy in STAGE/lib.
loads() {
    local where
    where=$(ldd "$1" | awk -v lib="$2" '$1 == lib {print $3}')
    [ "$where" = "$3/lib/$2" ] || fail "$1 loads $2 from '${where:-nowhere}', not from $3/lib"
}

# run_consumers KIND HOW DIR SUFFIX: runs the three programs DIR/*SUFFIX built against the stage of
# KIND (static or shared) by HOW (find_package or pkg-config).
run_consumers() {
    local kind=$1 how=$2 dir=$3 suffix=$4 stage=$root/build/stage-$1
    "$dir/admission$suffix" "$scenario" | diff -u "$expected" - >&2 ||
        fail "$kind ($how): the admission example differs from $expected"
    "$dir/version_consumer$suffix"
    "$dir/host_consumer$suffix"
    if [ "$kind" = static ]; then
        ! ldd "$dir/host_consumer$suffix" | grep -q libwarpspan ||
            fail "static ($how): host_consumer loads a libwarpspan"
    else
        loads "$dir/admission$suffix" "libwarpspan.so.$major" "$stage"
        loads "$dir/version_consumer$suffix" "libwarpspan.so.$major" "$stage"
        loads "$dir/host_consumer$suffix" "libwarpspan_host.so.$major" "$stage"
        loads "$dir/host_consumer$suffix" "libwarpspan.so.$major" "$stage"
    fi
}

for kind in static shared; do
    if [ "$kind" = static ]; then build=$1; else build=$2; fi
    stage=$root/build/stage-$kind
    consumer=$root/build/consumer-$kind
    rm -rf "$stage" "$consumer"
    cmake --install "$build" --prefix "$stage" >/dev/null

    # What was installed.
    for f in include/warpspan.h include/warpspan_host.h lib/cmake/warpspan/warpspanConfig.cmake \
        lib/cmake/warpspan/warpspanConfigVersion.cmake lib/pkgconfig/warpspan.pc \
        lib/pkgconfig/warpspan-host.pc share/doc/warpspan/LICENSE share/doc/warpspan/CHANGELOG.md \
        share/doc/warpspan/README.md; do
        [ -f "$stage/$f" ] || fail "$kind: $f was not installed"
    done
    if [ "$kind" = static ]; then
        libs="libwarpspan.a libwarpspan_host.a"
        ! ls "$stage"/lib/*.so* >/dev/null 2>&1 || fail "static: shared libraries were installed"
    else
        libs="libwarpspan.so libwarpspan.so.$major libwarpspan.so.$version libwarpspan_host.so
            libwarpspan_host.so.$major libwarpspan_host.so.$version"
        ! ls "$stage"/lib/*.a >/dev/null 2>&1 || fail "shared: static archives were installed"
        for lib in libwarpspan libwarpspan_host; do
            [ "$(readlink "$stage/lib/$lib.so.$major")" = "$lib.so.$version" ] ||
                fail "shared: $lib.so.$major does not link to $lib.so.$version"
            readelf -d "$stage/lib/$lib.so.$version" | grep -q "(SONAME).*\[$lib.so.$major\]" ||
                fail "shared: $lib.so.$version has not the SONAME $lib.so.$major"
        done
    fi
    for lib in $libs; do
        [ -e "$stage/lib/$lib" ] || fail "$kind: lib/$lib was not installed"
    done

    # find_package(warpspan VERSION EXACT).
    cmake -S tests/cmake -B "$consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$stage" \
        -DWSP_EXPECTED_VERSION="$version" >"$consumer.log" 2>&1 || { cat "$consumer.log" >&2; fail "$kind: find_package failed"; }
    MAKEFLAGS= cmake --build "$consumer" --parallel "${JOBS:-2}" -- --no-print-directory >/dev/null
    run_consumers "$kind" find_package "$consumer" ""

    # pkg-config.
    export PKG_CONFIG_PATH="$stage/lib/pkgconfig"
    for pc in warpspan warpspan-host; do
        [ "$(pkg-config --modversion $pc)" = "$version" ] || fail "$kind: $pc.pc has not the version $version"
    done
    # shellcheck disable=SC2046
    cc -std=c99 -Wall -Wextra -pedantic -O2 examples/admission/admission.c $(pkg-config --cflags --libs warpspan) \
        -o "$consumer/admission_pc"
    # shellcheck disable=SC2046
    cc -std=c99 -Wall -Wextra -pedantic -O2 tests/cmake/version_consumer.c $(pkg-config --cflags --libs warpspan) \
        -o "$consumer/version_consumer_pc"
    # shellcheck disable=SC2046
    cc -std=c99 -Wall -Wextra -pedantic -O2 tests/cmake/host_consumer.c $(pkg-config --cflags --libs warpspan-host) \
        -o "$consumer/host_consumer_pc"
    if [ "$kind" = static ]; then
        run_consumers static pkg-config "$consumer" _pc
    else
        LD_LIBRARY_PATH="$stage/lib" run_consumers shared pkg-config "$consumer" _pc
    fi
    unset PKG_CONFIG_PATH
    echo "installed $kind package: find_package(warpspan $version) and pkg-config consumers run as expected"
done
