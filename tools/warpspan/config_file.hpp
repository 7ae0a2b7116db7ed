// The configuration file (docs/formats.md): paper 004 Fig. 4 (a key line, then its value line)
// and `key = value` lines, `#` comments. Unknown keys, repeated keys, missing and malformed values
// are errors that name the file and line.
#ifndef WSP_CLI_CONFIG_FILE_HPP
#define WSP_CLI_CONFIG_FILE_HPP

#include <string>

#include "cli_error.hpp"
#include "settings.hpp"

namespace wsp_cli {

// Reads `path` into `settings`; returns false and fills `error` on the first problem.
bool read_config_file(const std::string &path, Settings &settings, Error &error);

// Parses the text of a configuration file (`name` is used in messages).
bool parse_config_text(const std::string &text, const std::string &name, Settings &settings,
                       Error &error);

// A strict unsigned decimal: digits only, no sign, at most 2^32 - 1.
bool parse_u32(const std::string &text, uint32_t &out);
bool parse_u64(const std::string &text, uint64_t &out);

}  // namespace wsp_cli

#endif
