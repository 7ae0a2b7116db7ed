// libFuzzer target: the configuration-file parser of the CLI (tools/warpspan/config_file.cpp,
// docs/formats.md) on arbitrary bytes, then, as the CLI does, the core's checks of what it read.
// Checks: no crash, no leak, no undefined behaviour; an error always has a message and the input
// exit status; a success holds at least one key.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "config_file.hpp"

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string text(reinterpret_cast<const char *>(data), size);
    wsp_cli::Settings settings;
    wsp_cli::Error error{wsp_cli::kExitOk, ""};
    if (!wsp_cli::parse_config_text(text, "fuzz.cfg", settings, error)) {
        check(error.exit == wsp_cli::kExitInput && !error.message.empty());
        return 0;
    }
    if (!settings.kernel || !settings.warps) return 0;
    wsp_sm_config sm{};
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (settings.units[u]) sm.units[u] = settings.units[u]->value;
        if (settings.latency[u]) sm.latency[u] = settings.latency[u]->value;
    }
    if (settings.warp_size) sm.warp_size = settings.warp_size->value;
    if (settings.schedulers) sm.schedulers = settings.schedulers->value;
    size_t need = 0;
    wsp_diag diag;
    (void)wsp_problem_workspace_size(settings.kernel->value.c_str(), settings.warps->value, &sm, &need, &diag);
    return 0;
}
