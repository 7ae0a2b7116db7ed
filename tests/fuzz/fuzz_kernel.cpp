// libFuzzer target: the kernel-string parser and the SM/warp-count checks of the core.
// Input: 12 header bytes pick W and the SM configuration (including invalid values: sigma neither
// an integer nor 1/n, latencies and warp sizes out of range), the rest is the kernel string, given
// as a NUL-terminated C string exactly as a caller of the C API would.
// Checks: wsp_problem_workspace_size and wsp_problem_init agree, never crash, never write outside
// the buffer (ASan), reject a one-byte-short buffer, and a problem they accept is consistent.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "warpspan.h"

namespace {

// Unit counts worth trying: valid sigmas (1/32 .. 8), invalid ones (48, 96), 0 (the default) and the
// limits.
const uint32_t kUnits[] = {0, 1, 2, 4, 8, 16, 32, 48, 64, 96, 128, 160, 256, 65536, 65537, 0xFFFFFFFFu};
const uint32_t kWarpSizes[] = {0, 1, 16, 32, 64, 48, 1024, 1025};
const uint32_t kLatencies[] = {0, 1, 2, 4, 1024, 1025};
const uint32_t kSchedulers[] = {0, 1, 2, 4, 1024, 1025};

// The largest workspace the target allocates; larger valid problems only have their size checked.
const size_t kMaxWorkspace = size_t{1} << 22;

void check(bool ok) {
    if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 12) return 0;
    const uint32_t warps = static_cast<uint32_t>(data[0]) | (static_cast<uint32_t>(data[1]) << 8);
    // data[2] high bit: a huge warp count (beyond WSP_MAX_WARPS) instead.
    const uint32_t W = (data[2] & 0x80) ? 0x10000u + warps : warps;
    wsp_sm_config sm{};
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        sm.units[u] = kUnits[data[3 + u] % (sizeof kUnits / sizeof kUnits[0])];
        sm.latency[u] = kLatencies[data[7 + u] % (sizeof kLatencies / sizeof kLatencies[0])];
    }
    sm.warp_size = kWarpSizes[data[11] % (sizeof kWarpSizes / sizeof kWarpSizes[0])];
    sm.schedulers = kSchedulers[(data[2] & 0x7F) % (sizeof kSchedulers / sizeof kSchedulers[0])];
    const std::string kernel(reinterpret_cast<const char *>(data + 12), size - 12);  // up to a NUL
    const wsp_sm_config *sm_arg = (data[2] & 0x40) ? nullptr : &sm;

    wsp_diag diag;
    std::memset(&diag, 0xAB, sizeof diag);
    size_t need = 12345;
    const wsp_status st = wsp_problem_workspace_size(kernel.c_str(), W, sm_arg, &need, &diag);
    if (st != WSP_OK) {
        check(need == 0);
        check(diag.status == st);
        check(diag.field != WSP_FIELD_NONE);  // every error says which input it is about
        check(std::strcmp(wsp_field_name(diag.field), "unknown") != 0);
        check(std::memchr(diag.message, '\0', sizeof diag.message) != nullptr);
        return 0;
    }
    check(diag.status == WSP_OK && diag.field == WSP_FIELD_NONE && diag.message[0] == '\0');
    check(need > 0);
    if (need > kMaxWorkspace) return 0;

    // One byte short: an error, never a write past the end (ASan sees the exact allocation).
    {
        std::vector<uint64_t> small((need - 1 + 7) / 8);
        wsp_problem *p = nullptr;
        const wsp_status s2 = wsp_problem_init(kernel.c_str(), W, sm_arg, small.data(), need - 1, &p, nullptr);
        check(s2 != WSP_OK);
    }
    uint64_t *buffer = static_cast<uint64_t *>(std::malloc(need + 8));  // 8-aligned, exact size
    wsp_problem *p = nullptr;
    const wsp_status s3 = wsp_problem_init(kernel.c_str(), W, sm_arg, buffer, need, &p, &diag);
    check(s3 == WSP_OK && p != nullptr);
    const uint32_t I = wsp_problem_length(p);
    check(I > 0 && std::strlen(wsp_problem_kernel(p)) == I);
    check(wsp_problem_warps(p) == W);
    uint32_t counted = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        const uint32_t unit = static_cast<uint32_t>(u);
        check(wsp_problem_sigma(p, unit) >= 1);
        const uint32_t num = wsp_problem_sigma_numerator(p, unit), den = wsp_problem_sigma_denominator(p, unit);
        check(num >= 1 && den >= 1 && (num == 1 || den == 1));
        counted += wsp_problem_count(p, unit);
    }
    check(counted == I);
    for (uint32_t i = 0; i < I; ++i) check(static_cast<int>(wsp_problem_unit_at(p, i)) < WSP_UNIT_COUNT);
    wsp_bounds b;
    check(wsp_bounds_compute(p, &b, nullptr) == WSP_OK);  // nothing may fail on a valid problem
    std::free(buffer);
    return 0;
}
