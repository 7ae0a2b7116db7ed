// See preset_readings.hpp.
#include "host/arch/preset_readings.hpp"

namespace wsp {
namespace host {

PresetReadings preset_readings(const ArchPreset &preset, const bool from_preset[WSP_UNIT_COUNT],
                               const std::string &kernel, const Analysis &a) {
    PresetReadings b;
    const std::vector<wsp_sm_config> configs = plausible_configs(preset, a.sm, from_preset);
    if (configs.size() < 2) return b;
    b.applies = true;
    b.uncertain = uncertain_text(preset, from_preset);
    b.readings = configs.size();
    b.lower = a.lower;
    b.upper = a.upper;
    const uint32_t W = wsp_problem_warps(a.problem);
    for (size_t i = 1; i < configs.size(); ++i) {
        std::vector<uint64_t> storage;
        wsp_problem *q = nullptr;
        AnalysisError ignored;
        if (!make_problem(kernel, W, configs[i], storage, q, ignored)) continue;
        wsp_bounds bounds{};
        if (wsp_bounds_compute(q, &bounds, nullptr) == WSP_OK && bounds.upper > b.upper) b.upper = bounds.upper;
        uint64_t lower = 0;
        // The pseudo-precedence string lists warps, not instructions: it decodes on any SM.
        Witness w;
        if (a.witness && decode_witness(q, a.witness->string, "preset", w, ignored)) lower = w.makespan;
        if (lower < b.lower) b.lower = lower;
    }
    return b;
}

}  // namespace host
}  // namespace wsp
