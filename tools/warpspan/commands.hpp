// The commands other than the main one (analysis_command.hpp). Each runs on the parsed command line and
// returns false with `failure` set on an error; on success `exit` is its status (0, 3 with
// --require-exact for a bracket, 130 after Ctrl-C).
#ifndef WSP_CLI_COMMANDS_HPP
#define WSP_CLI_COMMANDS_HPP

#include "exit_codes.hpp"
#include "failure.hpp"
#include "flag_parser.hpp"
#include "output_file.hpp"

namespace wsp_cli {

bool ptx_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);    // ptx_command.cpp
bool pws_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);    // pws_command.cpp
bool ipet_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);   // ipet_command.cpp
bool table_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);  // table_command.cpp
bool merge_command(const ParsedArgs &a, ExitCode &exit, Failure &failure);  // table_merge.cpp

}  // namespace wsp_cli

#endif
