// Command-line flags of the main command (usage_text() lists them).
#ifndef WSP_CLI_OPTIONS_HPP
#define WSP_CLI_OPTIONS_HPP

#include <string>
#include <vector>

#include "cli_error.hpp"
#include "settings.hpp"

namespace wsp_cli {

enum class Action { kAnalyse, kHelp, kVersion };

// Parses argv into settings (the configuration file, if named, is read first and flags override it).
// Returns false with `error` set on the first bad flag or value.
bool parse_arguments(const std::vector<std::string> &args, Settings &settings, Action &action,
                     Error &error);

const char *usage_text();

}  // namespace wsp_cli

#endif
