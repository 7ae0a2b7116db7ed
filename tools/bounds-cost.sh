#!/usr/bin/env bash
# bounds-cost.sh: what each proven upper bound costs on the Cortex-M4 target: instructions executed
# per call, counted under QEMU (mps2-an386) with -icount shift=0, and the stack the call used, for a
# kernel of I = 60 normalised instructions and W = 64 warps (tools/bounds-cost/bounds_cost.cpp); and,
# from the call graph of `make stack`, the static worst-case stack of the bound calls. Run by
# `make size`, which builds the Cortex-M4 archive first and passes CORTEX_M4_FLAGS. A missing tool is
# an error, never a skip.
set -euo pipefail
: "${CORTEX_M4_FLAGS:?run this through make size}"
QEMU_TIMEOUT=${QEMU_TIMEOUT:-120}
out=build/bounds-cost
arm_lib=build/lib-arm-none-eabi/libwarpspan.a
stack_dir=build/lib-arm-none-eabi  # make cross writes the call graph (.ci) beside its objects

for tool in arm-none-eabi-gcc arm-none-eabi-g++ qemu-system-arm timeout python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: $tool not found (make check installs it: see CHECK_PACKAGES in the Makefile)" >&2
        exit 1
    fi
done
[ -f "$arm_lib" ] || { echo "FAIL: $arm_lib missing (make cross)" >&2; exit 1; }
mkdir -p "$out"

# shellcheck disable=SC2206
m4_flags=($CORTEX_M4_FLAGS)
arm-none-eabi-gcc "${m4_flags[@]}" -std=c99 -Wall -Wextra -Werror -fno-tree-loop-distribute-patterns \
    -Iport/mps2-an386 -c port/mps2-an386/startup.c -o "$out/startup.o"
arm-none-eabi-gcc "${m4_flags[@]}" -std=c99 -Wall -Wextra -Werror -Iport/mps2-an386 \
    -c port/mps2-an386/semihosting.c -o "$out/semihosting.o"
arm-none-eabi-g++ "${m4_flags[@]}" -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics -Wall \
    -Wextra -Werror -Iinclude -Ilib -Iport -Iport/mps2-an386 -c tools/bounds-cost/bounds_cost.cpp \
    -o "$out/bounds_cost.o"
arm-none-eabi-gcc "${m4_flags[@]}" -nostdlib -T port/mps2-an386/link.ld -Wl,--gc-sections \
    "$out/startup.o" "$out/semihosting.o" "$out/bounds_cost.o" "$arm_lib" -lgcc -o "$out/bounds_cost.elf"

rm -f "$out/run.txt"
status=0
timeout "$QEMU_TIMEOUT" qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -icount shift=0 -nographic \
    -monitor none -serial none -chardev file,id=semihosting,path="$out/run.txt" \
    -semihosting-config enable=on,target=native,chardev=semihosting -kernel "$out/bounds_cost.elf" \
    >"$out/qemu.out" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    echo "FAIL: bounds-cost under QEMU exited with status $status (124: past ${QEMU_TIMEOUT} s)" >&2
    cat "$out/run.txt" "$out/qemu.out" >&2 2>/dev/null || true
    exit 1
fi

head -n 1 "$out/run.txt"
echo
echo "| bound | value | instructions per call (QEMU -icount) | stack used (B, measured) |"
echo "| --- | ---: | ---: | ---: |"
sed -n '2,/^stack:/p' "$out/run.txt" | grep -v '^stack:' | sed 's/^/| /; s/$/ |/'
if compgen -G "$stack_dir/lib/*/*.ci" >/dev/null; then
    echo
    echo "static worst case (make stack's call graph), per bound and for the calls that take them:"
    python3 tools/stack-report.py "$stack_dir" --internal 'saturation_bound(' --internal 'last_warp_bound(' \
        --internal 'distinct_bound(const wsp_problem' --internal 'wsp::pipeline_bound(' --internal 'wsp::drain_bound(' \
        --internal 'wsp::exit_bound(' \
        --internal 'wsp::upper_bound(' --internal 'wsp::heterogeneous_upper_bound(' \
        --internal 'wsp::StateBound::operator()' | sed -n '/^| internal call/,$p'
    python3 tools/stack-report.py "$stack_dir" | grep -F '`wsp_bounds_compute`'
fi
