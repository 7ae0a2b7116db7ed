#!/usr/bin/env bash
# check-firmware.sh: builds the bare-metal example (examples/firmware/, port/mps2-an386/) against the
# Cortex-M4 core archive, checks the image for heap, exception and RTTI symbols, runs it under QEMU
# (machine mps2-an386) with a time limit, builds its host twin against the host core archive, and
# fails unless both print the same line. Run through `make firmware`, which builds the archive first
# and passes CORTEX_M4_FLAGS. A missing tool is an error, never a skip.
#   check-firmware.sh          build, check symbols, run under QEMU, compare with the host
#   check-firmware.sh build    build and check symbols only (make size reads the linker map)
set -euo pipefail
mode=${1:-run}
: "${CORTEX_M4_FLAGS:?run this through make firmware}"
MAKE=${MAKE:-make}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-120}
out=build/firmware
arm_lib=build/lib-arm-none-eabi/libwarpspan.a

tools=(arm-none-eabi-gcc arm-none-eabi-nm arm-none-eabi-size)
[ "$mode" = build ] || tools+=(qemu-system-arm timeout cc)
for tool in "${tools[@]}"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: $tool not found (make check installs it: see CHECK_PACKAGES in the Makefile)" >&2
        exit 1
    fi
done
[ -f "$arm_lib" ] || { echo "FAIL: $arm_lib missing (make cross)" >&2; exit 1; }
mkdir -p "$out"

# The image: no C library at all (-nostdlib); libgcc gives the 64-bit division helpers.
# -fno-tree-loop-distribute-patterns keeps GCC from turning the port's memcpy/memset into calls to
# themselves.
c_flags=(-std=c99 -Wall -Wextra -pedantic -Werror -fno-tree-loop-distribute-patterns
         -Iinclude -Iport/mps2-an386 -Iexamples/firmware -Iexamples)
# shellcheck disable=SC2206
m4_flags=($CORTEX_M4_FLAGS)
arm-none-eabi-gcc "${m4_flags[@]}" "${c_flags[@]}" -nostdlib -T port/mps2-an386/link.ld \
    -Wl,--gc-sections -Wl,-Map="$out/voronoi.map" \
    port/mps2-an386/startup.c port/mps2-an386/semihosting.c \
    examples/firmware/main.c examples/firmware/voronoi_run.c \
    "$arm_lib" -lgcc -o "$out/voronoi.elf"
arm-none-eabi-size "$out/voronoi.elf" | awk -v f="$out/voronoi.elf" 'NR == 2 {
    print "firmware image " f ": text " $1 " B, data " $2 " B, bss " $3 " B (static buffers, 8 KiB stack)"
}'
bash tools/check-symbols.sh arm-none-eabi-nm "$out/voronoi.elf"
[ "$mode" = build ] && exit 0

# The host twin: the same source against a host build of the core: HOST_CORE_LIB when given (make
# check passes the archive its CMake build made already), else make lib (no CMake).
host_lib=${HOST_CORE_LIB:-}
if [ -z "$host_lib" ]; then
    $MAKE --no-print-directory lib
    host_lib=build/lib-host/libwarpspan.a
fi
[ -f "$host_lib" ] || { echo "FAIL: $host_lib missing" >&2; exit 1; }
cc -std=c99 -Wall -Wextra -pedantic -Werror -O2 -Iinclude -Iexamples/firmware -Iexamples \
    examples/firmware/host_twin.c examples/firmware/voronoi_run.c "$host_lib" \
    -o "$out/host_twin"

status=0
# Semihosting output goes to its own file (without a chardev QEMU writes it to stderr, mixed with its
# own messages).
rm -f "$out/firmware.txt"
timeout "$QEMU_TIMEOUT" qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic -monitor none \
    -serial none -chardev file,id=semihosting,path="$out/firmware.txt" \
    -semihosting-config enable=on,target=native,chardev=semihosting -kernel "$out/voronoi.elf" \
    >"$out/qemu.out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    echo "FAIL: the firmware under QEMU exited with status $status (124: past ${QEMU_TIMEOUT} s)" >&2
    cat "$out/firmware.txt" "$out/qemu.out" >&2 2>/dev/null || true
    exit 1
fi
"$out/host_twin" >"$out/host.txt"
# The firmware's first line is the figures; its second, the stack it used (only it can say).
head -n 1 "$out/firmware.txt" >"$out/firmware-figures.txt"
echo "firmware: $(cat "$out/firmware-figures.txt")"
echo "host:     $(cat "$out/host.txt")"
echo "firmware $(sed -n 2p "$out/firmware.txt")"
if ! diff -u "$out/host.txt" "$out/firmware-figures.txt" >&2; then
    echo "FAIL: the firmware under QEMU and the host library print different figures" >&2
    exit 1
fi
echo "ok: the firmware under QEMU (mps2-an386, Cortex-M4) prints the host's line"
