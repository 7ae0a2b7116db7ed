// libFuzzer target: the configuration-file reader (lib/host/config/config_file.cpp, docs/formats.md) on
// arbitrary bytes, then, as the CLI does, the core's checks of what it read. Checks: no crash, no leak,
// no undefined behaviour; an error always has a message; a success holds at least one key.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "host/config/config_file.hpp"

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string text(reinterpret_cast<const char *>(data), size);
    wsp::host::ConfigFile c;
    wsp::host::ConfigError error;
    if (!wsp::host::parse_config_text(text, c, error)) {
        check(!error.message.empty());
        return 0;
    }
    if (!c.kernel || !c.warps) return 0;
    wsp_sm_config sm{};
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (c.units[u]) sm.units[u] = c.units[u]->value;
        if (c.latency[u]) sm.latency[u] = c.latency[u]->value;
    }
    if (c.warp_size) sm.warp_size = c.warp_size->value;
    if (c.schedulers) sm.schedulers = c.schedulers->value;
    size_t need = 0;
    wsp_diag diag;
    (void)wsp_problem_workspace_size(c.kernel->value.c_str(), c.warps->value, &sm, &need, &diag);
    return 0;
}
