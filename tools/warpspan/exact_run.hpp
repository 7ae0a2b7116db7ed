// --method exact and --method estimate: exact solves through the host layer (time budget, memory
// budget, threads for the estimate's T(1..x)), with a progress line on a terminal.
#ifndef WSP_CLI_EXACT_RUN_HPP
#define WSP_CLI_EXACT_RUN_HPP

#include "analysis.hpp"

namespace wsp_cli {

// Memory for one solve when --memory is not given.
constexpr uint64_t kDefaultMemoryMiB = 256;

bool run_exact(const Settings &s, const Analysis &a, ExactRun &run, Error &error);
bool run_estimate(const Settings &s, const Analysis &a, Estimate &e, Error &error);

// "optimal", or "budget" when a budget stopped the search.
const char *exact_status_name(const wsp_exact_result &r);
// What stopped a search early: "states", "memory", "time", "cancelled"; nullptr when optimal.
const char *exact_stop_reason(const ExactRun &run);

}  // namespace wsp_cli

#endif
