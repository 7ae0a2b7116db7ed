// libFuzzer target: the PTX reader (lib/host/ptx/, `warpspan ptx`) on arbitrary bytes, with each
// control-flow mode. Truncated files, unknown directives, missing entries and binary junk must give
// an error that says what is wrong, never a crash; a kernel it does return must be a valid warpspan
// kernel string that the core accepts, and the size query must agree with the read.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#define WSP_EXPERIMENTAL 1  // the PTX reader is experimental in 1.0
#include "host/ptx/ptx.hpp"
#include "warpspan_host.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = reinterpret_cast<const char *>(data);
    static const uint32_t flows[] = {WSP_HOST_PTX_PREFIX, WSP_HOST_PTX_PATH, WSP_HOST_PTX_LOOP, WSP_HOST_PTX_WORST};
    for (uint32_t flow : flows) {
        wsp_host_ptx_options o{};
        o.flow = flow;
        o.path = "t,n,t,n,t,n";
        o.loop = 2;
        o.max_instructions = 20000;  // keeps a run short; longer kernels are an error, not a hang
        wsp_host_ptx_report report{};
        wsp_diag diag{};
        const wsp_status sized = wsp_host_ptx_read(text, size, &o, nullptr, 0, &report, &diag);
        if (sized != WSP_OK) {
            // an error must say what is wrong, and which input it is about
            if (diag.message[0] == '\0' || diag.status != sized || diag.field == WSP_FIELD_NONE) std::abort();
            continue;
        }
        // The size query succeeded: a buffer of the reported size must hold the kernel.
        const size_t need = report.kernel_length + 1;
        if (report.kernel_length == 0) std::abort();
        std::vector<char> kernel(need);
        if (wsp_host_ptx_read(text, size, &o, kernel.data(), kernel.size(), &report, &diag) != WSP_OK) std::abort();
        if (std::memchr(kernel.data(), '\0', kernel.size()) == nullptr) std::abort();
        size_t bytes = 0;
        wsp_sm_config sm{};
        if (std::strlen(kernel.data()) != report.kernel_length) std::abort();
        if (wsp_problem_workspace_size(kernel.data(), 4, &sm, &bytes, &diag) != WSP_OK)
            std::abort();  // the reader wrote something that is not a kernel string
    }
    // The internal reader in the whole-kernel scope (issue 17): every loop bounded by 2 unless its
    // counter says otherwise, unknown opcodes mapped to C; an error says what is wrong, a result covers
    // the kernel (the serialised warp at least the longest path, per unit).
    wsp::ptx::Options o;
    o.default_loop_bound = 2;
    o.unknown_unit = WSP_UNIT_C;
    o.max_instructions = 20000;
    o.max_unrolled_blocks = 20000;
    wsp::ptx::Result r;
    wsp::ptx::Failure f;
    if (!wsp::ptx::read_ptx(text, size, o, r, f)) {
        if (f.message.empty()) std::abort();
        return 0;
    }
    uint64_t mix[WSP_UNIT_COUNT];
    wsp::ptx::letters_mix(r.path, mix);
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        if (r.serialised_mix[u] < mix[u]) std::abort();
    if (r.path_blocks.empty() || r.path_blocks[0] != 0) std::abort();
    return 0;
}
