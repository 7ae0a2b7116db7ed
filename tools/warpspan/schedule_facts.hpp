// One schedule with the facts of its problem, as plain data: what the Gantt chart (svg_gantt.hpp) and
// the text chart (ascii_chart.hpp) draw. Built from a problem and a validated schedule matrix, or by
// hand in the tests.
#ifndef WSP_CLI_SCHEDULE_FACTS_HPP
#define WSP_CLI_SCHEDULE_FACTS_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "warpspan.h"

namespace wsp_cli {

struct ScheduleFacts {
    std::string kernel;             // as the user wrote it (titles)
    uint32_t warps = 0;             // W
    uint32_t length = 0;            // I, instructions of the normalised kernel
    std::vector<uint8_t> unit;      // unit type of each normalised instruction: 0 L, 1 C, 2 S, 3 D
    uint32_t sigma[WSP_UNIT_COUNT] = {1, 1, 1, 1};  // normalised sigma: issue slots per cycle per type
    uint32_t schedulers = 0;        // S, 0 = no limit
    std::vector<uint32_t> cycles;   // cycles[w * I + i]: 1-based cycle of instruction i of warp w
    uint32_t makespan = 0;
};

// The facts of `problem` with the schedule matrix `cycles` (W*I entries) of makespan `makespan`.
ScheduleFacts schedule_facts(const wsp_problem *problem, const std::string &kernel,
                             const std::vector<uint32_t> &cycles, uint32_t makespan);

// The cycle in which warp w issues its last instruction.
uint32_t finish_cycle(const ScheduleFacts &f, uint32_t w);

// The critical warp: the first (lowest) of the warps that finish last, at the makespan; all warps
// issue the same I instructions, so it is also one that waits most. 0-based.
uint32_t critical_warp(const ScheduleFacts &f);

// The cycles before its finish in which warp w issues nothing: its waiting cycles.
uint32_t waiting_cycles(const ScheduleFacts &f, uint32_t w);

// Issues per cycle: issued[u][t - 1] U instructions in cycle t (u < WSP_UNIT_COUNT), and
// issued[WSP_UNIT_COUNT][t - 1] all instructions.
std::vector<std::vector<uint32_t>> issues_per_cycle(const ScheduleFacts &f);

extern const char kUnitLetters[WSP_UNIT_COUNT + 1];  // "LCSD"

}  // namespace wsp_cli

#endif
