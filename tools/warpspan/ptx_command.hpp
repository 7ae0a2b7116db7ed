// The `warpspan ptx` subcommand (issue 8): a kernel string from nvcc's PTX, and with analysis flags
// the main command on it.
#ifndef WSP_CLI_PTX_COMMAND_HPP
#define WSP_CLI_PTX_COMMAND_HPP

#include <string>
#include <vector>

namespace wsp_cli {

int ptx_main(const std::vector<std::string> &args);

// The main command (parse_arguments, analyse, report) on these arguments; defined in main.cpp.
int analysis_main(const std::vector<std::string> &args);

}  // namespace wsp_cli

#endif
