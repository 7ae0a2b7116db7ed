// See preset_bracket.hpp.
#include "preset_bracket.hpp"

#include "arch_presets.hpp"

namespace wsp_cli {

PresetBracket preset_bracket(const Settings &s, const Analysis &a) {
    PresetBracket b;
    if (!s.arch) return b;
    const ArchPreset *p = find_arch_preset(s.arch->value);
    if (p == nullptr) return b;
    bool from_preset[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u)
        from_preset[u] = s.units[u] && s.units[u]->origin.find("arch") != std::string::npos;
    const std::vector<wsp_sm_config> configs = plausible_configs(*p, a.sm, from_preset);
    if (configs.size() < 2) return b;
    b.applies = true;
    b.uncertain = uncertain_text(*p, from_preset);
    b.readings = configs.size();
    b.lower = a.lower;
    b.upper = a.upper;
    const uint32_t W = wsp_problem_warps(a.problem);
    for (size_t i = 1; i < configs.size(); ++i) {
        wsp_diag d{};
        size_t size = 0;
        wsp_problem *q = nullptr;
        std::vector<uint64_t> storage;
        if (wsp_problem_workspace_size(s.kernel->value.c_str(), W, &configs[i], &size, &d) != WSP_OK) continue;
        storage = workspace(size);
        if (wsp_problem_init(s.kernel->value.c_str(), W, &configs[i], storage.data(), storage.size() * 8, &q, &d) != WSP_OK)
            continue;
        wsp_bounds bounds{};
        if (wsp_bounds_compute(q, &bounds, &d) == WSP_OK && bounds.upper > b.upper) b.upper = bounds.upper;
        uint64_t lower = 0;
        if (a.witness) {
            // The pseudo-precedence string lists warps, not instructions: it decodes on any SM.
            Witness w;
            Error e{kExitOk, ""};
            if (decode_witness(q, a.witness->string, "the witness on another preset reading", w, e)) lower = w.makespan;
        }
        if (lower < b.lower) b.lower = lower;
    }
    return b;
}

}  // namespace wsp_cli
