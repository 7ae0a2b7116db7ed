#include "schedule_facts.hpp"

namespace wsp_cli {

const char kUnitLetters[WSP_UNIT_COUNT + 1] = "LCSD";

ScheduleFacts schedule_facts(const wsp_problem *problem, const std::string &kernel,
                             const std::vector<uint32_t> &cycles, uint32_t makespan) {
    ScheduleFacts f;
    f.kernel = kernel;
    f.warps = wsp_problem_warps(problem);
    f.length = wsp_problem_length(problem);
    for (uint32_t i = 0; i < f.length; ++i) f.unit.push_back(static_cast<uint8_t>(wsp_problem_unit_at(problem, i)));
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) f.sigma[u] = wsp_problem_sigma(problem, u);
    f.schedulers = wsp_problem_schedulers(problem);
    f.cycles = cycles;
    f.makespan = makespan;
    return f;
}

uint32_t finish_cycle(const ScheduleFacts &f, uint32_t w) {
    return f.length ? f.cycles[static_cast<size_t>(w) * f.length + f.length - 1] : 0;
}

uint32_t waiting_cycles(const ScheduleFacts &f, uint32_t w) {
    const uint32_t done = finish_cycle(f, w);
    return done >= f.length ? done - f.length : 0;  // one issue per cycle, in order
}

uint32_t critical_warp(const ScheduleFacts &f) {
    uint32_t best = 0;
    for (uint32_t w = 1; w < f.warps; ++w)
        if (finish_cycle(f, w) > finish_cycle(f, best)) best = w;
    return best;
}

std::vector<std::vector<uint32_t>> issues_per_cycle(const ScheduleFacts &f) {
    std::vector<std::vector<uint32_t>> n(WSP_UNIT_COUNT + 1, std::vector<uint32_t>(f.makespan, 0));
    for (uint32_t w = 0; w < f.warps; ++w)
        for (uint32_t i = 0; i < f.length; ++i) {
            const uint32_t t = f.cycles[static_cast<size_t>(w) * f.length + i];
            if (t < 1 || t > f.makespan) continue;
            ++n[f.unit[i]][t - 1];
            ++n[WSP_UNIT_COUNT][t - 1];
        }
    return n;
}

}  // namespace wsp_cli
