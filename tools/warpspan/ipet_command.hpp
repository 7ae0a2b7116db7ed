// `warpspan ipet GRAPH`: a wavefront's WCET by IPET with loop bounds (host ILP, lp_solve); and the
// IPET cross-check that `warpspan pws --ipet` runs on the pruned CFG.
#ifndef WSP_CLI_IPET_COMMAND_HPP
#define WSP_CLI_IPET_COMMAND_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "cli_error.hpp"
#include "warpspan.h"

namespace wsp_cli {

int ipet_main(const std::vector<std::string> &args);

// IPET of the nodes on some path from `entry` to `exit` over the edges not flagged in `skip`
// (acyclic graphs: no loop bounds needed). False with error when the ILP is unavailable or fails.
bool ipet_of_paths(const std::vector<uint64_t> &wcet, const std::vector<wsp_pws_edge> &edges,
                   const std::vector<uint8_t> &skip, uint32_t entry, uint32_t exit, uint64_t *value,
                   Error &error);

}  // namespace wsp_cli

#endif
