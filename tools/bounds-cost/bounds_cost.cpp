// What each proven upper bound costs on a Cortex-M4 (docs/bounds.md, section "What they cost"): a
// bare-metal program for QEMU's mps2-an386, run by tools/bounds-cost.sh with -icount shift=0 (one
// instruction = 1 ns of virtual time). It times repeated calls with SysTick, which counts the
// processor clock; the instructions per SysTick tick are measured first on a loop of known length.
// For each bound it prints, on one line: the id, the value, instructions per call and the stack the
// call used (painted below the caller's frame). The problem: a kernel of I = 60 normalised
// instructions of all four types, W = 64, sigma_L = 1, sigma_C = 4, sigma_S = 1, sigma_D = 1, four
// schedulers.
#include <stddef.h>
#include <stdint.h>

#include "bounds/upper_bounds.hpp"
#include "warpspan.h"

extern "C" {
#include "semihosting.h"
}

namespace {

constexpr const char *kKernel = "L5 C9 L2 C9 S3 D2 L4 C8 S2 L6 C6 D4";  // I = 60
constexpr uint32_t kWarps = 64;
constexpr uint32_t kRepeats = 200;

volatile uint32_t *const kSystCsr = reinterpret_cast<volatile uint32_t *>(0xE000E010u);
volatile uint32_t *const kSystRvr = reinterpret_cast<volatile uint32_t *>(0xE000E014u);
volatile uint32_t *const kSystCvr = reinterpret_cast<volatile uint32_t *>(0xE000E018u);

void start_ticks() {
    *kSystCsr = 0;
    *kSystRvr = 0x00FFFFFFu;
    *kSystCvr = 0;
    *kSystCsr = 5u;  // enable, processor clock, no interrupt
    while (*kSystCvr == 0) {
    }  // the first tick reloads the counter from RVR
}

// Ticks since start_ticks (the 24-bit counter counts down from 0xFFFFFF; runs stay below 2^24).
uint32_t ticks() { return 0x00FFFFFFu - (*kSystCvr & 0x00FFFFFFu); }

// A loop of 2 n + a few instructions (subs, bne).
__attribute__((noinline)) void spin(uint32_t n) {
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(n) : : "cc");
}

volatile uint64_t sink;

__attribute__((noinline)) uint64_t call_none(const wsp_problem *, uint32_t) { return 0; }
__attribute__((noinline)) uint64_t call_bound(const wsp_problem *p, uint32_t id) {
    return wsp::upper_bound(*p, id);
}
__attribute__((noinline)) uint64_t call_all(const wsp_problem *p, uint32_t) {
    static wsp_bounds b;  // the struct is large: static, as an admission controller would keep it
    wsp_bounds_compute(p, &b, nullptr);
    return b.upper;
}

using Call = uint64_t (*)(const wsp_problem *, uint32_t);

// Ticks for kRepeats calls.
uint32_t time_calls(Call call, const wsp_problem *p, uint32_t id) {
    start_ticks();
    const uint32_t t0 = ticks();
    for (uint32_t r = 0; r < kRepeats; ++r) sink = call(p, id);
    return ticks() - t0;
}

// Bytes of stack one call uses below the caller's frame, by painting.
constexpr uint32_t kPaint = 0x5041494Eu;
constexpr uint32_t kPaintWords = 512;  // 2 KiB: more than any public call may use (make stack)

__attribute__((noinline)) uint32_t stack_of(Call call, const wsp_problem *p, uint32_t id) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    volatile uint32_t *low = sp - 16 - kPaintWords;  // leave this function's frame alone
    for (uint32_t k = 0; k < kPaintWords; ++k) low[k] = kPaint;
    sink = call(p, id);
    uint32_t k = 0;
    while (k < kPaintWords && low[k] == kPaint) ++k;
    return (kPaintWords - k) * 4u;
}

char line[160];
size_t at;

void put(const char *s) {
    while (*s) line[at++] = *s++;
}

void put_u64(uint64_t v) {
    char digits[21];
    int n = 0;
    do {
        digits[n++] = static_cast<char>('0' + static_cast<int>(v % 10u));
        v /= 10u;
    } while (v != 0);
    while (n > 0) line[at++] = digits[--n];
}

void flush() {
    line[at++] = '\n';
    line[at] = '\0';
    wsp_semihost_write0(line);
    at = 0;
}

// instructions per call = (ticks - ticks of the empty call) * instructions per tick / repeats, the
// rate a fixed point number with 16 fractional bits
uint64_t instructions(uint32_t t, uint32_t empty, uint64_t rate16) {
    return ((static_cast<uint64_t>(t - empty) * rate16) / kRepeats + 32768u) >> 16;
}

}  // namespace

int main() {
    static uint64_t storage[WSP_PROBLEM_WORKSPACE_SIZE(64) / 8 + 1];
    wsp_sm_config sm = {};
    sm.units[WSP_UNIT_L] = 32;
    sm.units[WSP_UNIT_C] = 128;
    sm.units[WSP_UNIT_S] = 32;
    sm.units[WSP_UNIT_D] = 32;
    sm.schedulers = 4;
    wsp_problem *p = nullptr;
    if (wsp_problem_init(kKernel, kWarps, &sm, storage, sizeof storage, &p, nullptr) != WSP_OK) return 1;

    // Instructions per tick, from 2 * 10^6 + a few instructions.
    start_ticks();
    const uint32_t s0 = ticks();
    spin(1000000u);
    const uint32_t spun = ticks() - s0;
    if (spun == 0) return 1;
    const uint64_t rate16 = (uint64_t{2000000u} << 16) / spun;
    put("bounds-cost: I ");
    put_u64(wsp_problem_length(p));
    put(" W ");
    put_u64(kWarps);
    put(" instructions/tick ");
    put_u64((rate16 + 32768u) >> 16);

    flush();

    const uint32_t empty = time_calls(call_none, p, 0);
    for (uint32_t id = 0; id <= wsp::kBoundCount; ++id) {
        const bool all = id == wsp::kBoundCount;
        const Call call = all ? call_all : call_bound;
        put(all ? "wsp_bounds_compute" : wsp::bound_name(id));
        put(" | ");
        put_u64(call(p, id));
        put(" | ");
        put_u64(instructions(time_calls(call, p, id), empty, rate16));
        put(" | ");
        put_u64(stack_of(call, p, id));
        flush();
    }
    return 0;
}
