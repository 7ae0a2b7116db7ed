// `warpspan ipet GRAPH`: a wavefront's WCET by IPET with loop bounds (host ILP, lp_solve).
#ifndef WSP_CLI_IPET_COMMAND_HPP
#define WSP_CLI_IPET_COMMAND_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "cli_error.hpp"
#include "warpspan.h"

namespace wsp_cli {

int ipet_main(const std::vector<std::string> &args);

}  // namespace wsp_cli

#endif
