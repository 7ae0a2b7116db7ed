#!/usr/bin/env bash
# check-exports.sh FILE...: fails when a library shows more than its C API.
# - A shared library (libwarpspan.so*, libwarpspan_host.so*): its dynamic symbols (nm -D
#   --defined-only) must be exactly the functions its header declares with WSP_API: every one of
#   them (a public call that is not exported cannot be linked) and nothing else (the C++ core, the
#   standard library's template instances). libwarpspan: include/warpspan.h, names wsp_*;
#   libwarpspan_host: include/warpspan_host.h, names wsp_host_*. Its SONAME must be lib<name>.so.MAJOR,
#   MAJOR being WSP_VERSION_MAJOR of include/warpspan.h.
# - A static archive (*.a): an archive cannot hide names from the linker, so its global symbols may be
#   the C API (wsp_*), the C++ internals in namespace wsp (hidden visibility: never exported from a
#   program's or library's dynamic symbols), and weak instances of the standard library's templates
#   (namespaces std and __gnu_cxx, and the compiler's personality reference) that every C++ object
#   carries; any other global name could collide with a user's.
# NM (default nm) is the nm to use, e.g. arm-none-eabi-nm for the Cortex-M4 archive.
set -euo pipefail
nm_tool=${NM:-nm}
root=$(cd "$(dirname "$0")/.." && pwd)
headers=${HEADERS:-$root/include}  # where warpspan.h and warpspan_host.h are (the self-test sets it)
status=0

# The functions a header declares with WSP_API, its experimental section included (those are exported
# too, without a promise).
declared() {
    bash "$root/tools/api-functions.sh" "$1" -DWSP_EXPERIMENTAL
}

check_shared() {
    local lib=$1 header prefix
    case "$(basename "$lib")" in
    libwarpspan_host.so*) header=$headers/warpspan_host.h prefix=wsp_host_ ;;
    libwarpspan.so*) header=$headers/warpspan.h prefix=wsp_ ;;
    *) echo "check-exports: $lib: not libwarpspan or libwarpspan_host" >&2; return 1 ;;
    esac
    local exported expected foreign missing extra soname want
    # The SONAME carries the header's major version: lib<name>.so.MAJOR.
    want="$(basename "$lib" | sed 's/\.so.*//').so.$(sed -n 's/^#define WSP_VERSION_MAJOR \([0-9]*\).*/\1/p' \
        "$headers/warpspan.h")"
    soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
    if [ "$soname" != "$want" ]; then
        echo "FAIL: $lib has the SONAME '$soname', not $want (WSP_VERSION_MAJOR of warpspan.h)" >&2
        return 1
    fi
    exported=$("$nm_tool" -D --defined-only "$lib" | awk 'NF >= 3 {print $3}' | sed 's/@.*//' | sort -u)
    expected=$(declared "$header")
    foreign=$(echo "$exported" | grep -v "^$prefix" || true)
    missing=$(comm -13 <(echo "$exported") <(echo "$expected"))
    extra=$(comm -23 <(echo "$exported" | grep "^$prefix" || true) <(echo "$expected"))
    if [ -n "$foreign$missing$extra" ]; then
        echo "FAIL: $lib must export exactly the WSP_API functions of $(basename "$header")" >&2
        [ -z "$foreign" ] || { echo "  exported, not $prefix*:" >&2; echo "$foreign" | sed 's/^/    /' >&2; }
        [ -z "$missing" ] || { echo "  declared, not exported:" >&2; echo "$missing" | sed 's/^/    /' >&2; }
        [ -z "$extra" ] || { echo "  exported, not declared:" >&2; echo "$extra" | sed 's/^/    /' >&2; }
        return 1
    fi
    echo "ok: $lib ($soname) exports the $(echo "$expected" | wc -l) functions of $(basename "$header") and nothing else"
}

# Mangled prefixes (Itanium C++ ABI): N[cv-qualifiers]3wsp is the nested name wsp::..., optionally
# behind Z (a function's local static), TV (vtable), TI/TS (type info of the host layer's classes),
# GV (guard variable); St and 9__gnu_cxx are the standard library's namespaces.
wsp_cxx='^_Z(Z)?(TV|TI|TS|GV|TH|TW)?N[rVKO]*3wsp'
std_weak='^(_Z(Z)?(TV|GV)?N[rVKO]*(St|9__gnu_cxx)|_ZSt|_ZZSt|DW\.ref\.__gxx_personality_v0$)'

check_archive() {
    local lib=$1 globals bad
    # "TYPE NAME" of every defined global symbol; members' headers ("x.o:") and blanks dropped.
    globals=$("$nm_tool" -g --defined-only "$lib" | awk 'NF >= 3 {print $2, $3}' | sort -u)
    bad=$(echo "$globals" | awk -v wsp="$wsp_cxx" -v std="$std_weak" '
        $2 ~ /^wsp_/ || $2 ~ wsp { next }
        ($1 == "W" || $1 == "V" || $1 == "u") && $2 ~ std { next }
        { print }')
    if [ -n "$bad" ]; then
        echo "FAIL: $lib has global symbols outside wsp_* and namespace wsp:" >&2
        echo "$bad" | c++filt | sed 's/^/    /' >&2
        return 1
    fi
    echo "ok: $lib: $(echo "$globals" | grep -c ' wsp_') C API symbols, $(echo "$globals" |
        awk -v wsp="$wsp_cxx" '$2 ~ wsp' | wc -l) in namespace wsp, $(echo "$globals" |
        awk -v std="$std_weak" '$2 ~ std' | wc -l) weak standard-library instances"
}

[ $# -gt 0 ] || { echo "usage: check-exports.sh FILE..." >&2; exit 2; }
for f in "$@"; do
    case "$f" in
    *.a) check_archive "$f" || status=1 ;;
    *.so | *.so.*) check_shared "$f" || status=1 ;;
    *) echo "check-exports: $f: neither an archive nor a shared library" >&2; status=1 ;;
    esac
done
exit $status
