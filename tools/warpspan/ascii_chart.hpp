// The schedule drawn in text for the report: one row per warp, one column per cycle, the unit letter
// where the warp issues, '.' where it waits, nothing once it is done. A ruler above gives the cycle
// numbers; no label is ever cut: labels that would collide are left out (their tick '|' stays) and
// the last one may reach past the rows. Long schedules are wrapped into blocks of `width` cycles;
// one longer than `max_blocks` blocks is summarised instead: each column stands for k cycles (k = 1,
// 2 or 5 times a power of ten) and shows the letter of the type issued most in them. A note above the
// chart says which was done and how many cycles are shown.
#ifndef WSP_CLI_ASCII_CHART_HPP
#define WSP_CLI_ASCII_CHART_HPP

#include <cstdint>
#include <string>

#include "schedule_facts.hpp"

namespace wsp_cli {

// width >= 10 columns, max_blocks >= 1.
std::string ascii_chart(const ScheduleFacts &f, uint32_t width = 100, uint32_t max_blocks = 5);

}  // namespace wsp_cli

#endif
