// --method ilp and --write-lp: paper 004's binary ILP (Fig. 3) through the host layer's lp_solve
// binding (a time limit, a progress line on a terminal), and the export of the same model to a file.
#ifndef WSP_CLI_ILP_RUN_HPP
#define WSP_CLI_ILP_RUN_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "cli_error.hpp"
#include "settings.hpp"
#include "warpspan_host.h"

namespace wsp_cli {

struct Analysis;

struct IlpRun {
    wsp_host_ilp_result result{};
    std::vector<uint32_t> witness;  // W*I warp ids; all 0 when no schedule was found (lower 0)
    uint32_t constraints = WSP_HOST_ILP_SHORT;
};

// Fails with kExitNotBuilt when the settings ask for the ILP (--method ilp, --write-lp) and this
// build has no lp_solve; checked before any work so the answer comes at once.
bool check_ilp_built(const Settings &s, Error &error);

bool run_ilp(const Settings &s, const Analysis &a, IlpRun &run, Error &error);

// --write-lp: the model that run_ilp would solve, in the format its file name asks for.
bool write_ilp_model(const Settings &s, const Analysis &a, Error &error);

uint32_t ilp_constraints(const Settings &s);  // --constraints, or short
const char *constraints_name(uint32_t c);     // "short", "long"
bool constraints_from_name(const std::string &name, uint32_t &c);
const char *ilp_status_name(uint32_t status);            // "optimal", "timeout", "cancelled"
// The format wsp_host_ilp_write picks for a file name: "mps" when it ends in ".mps", else "lp".
const char *ilp_model_format(const std::string &path);

}  // namespace wsp_cli

#endif
