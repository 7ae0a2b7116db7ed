// The `warpspan pws` subcommand (paper 001): its own arguments, after the word `pws`.
#ifndef WSP_CLI_PWS_COMMAND_HPP
#define WSP_CLI_PWS_COMMAND_HPP

#include <string>
#include <vector>

namespace wsp_cli {

int pws_main(const std::vector<std::string> &args);

}  // namespace wsp_cli

#endif
