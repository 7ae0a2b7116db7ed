// The configuration file (docs/formats.md): paper 004 Fig. 4 (a key line, then its value line) and
// `key = value` lines, `#` comments. It names the problem of one analysis: kernel, warps, units and
// latency per type, warp size, schedulers and a compute-capability preset (`arch`). Unknown keys,
// repeated keys, missing and malformed values are errors that name the line; the ranges of the values
// are the model's, checked when the problem is built (wsp_problem_init), not here. Shared by the CLI,
// table spec files (`config=`) and the fuzz target.
#ifndef WSP_HOST_CONFIG_CONFIG_FILE_HPP
#define WSP_HOST_CONFIG_CONFIG_FILE_HPP

#include <stdint.h>

#include <optional>
#include <string>

#include "warpspan.h"

namespace wsp {
namespace host {

// A value and the 1-based line it stood on (for paper-format files: the value's line).
template <typename T>
struct ConfigValue {
    T value{};
    unsigned line = 0;
};

struct ConfigFile {
    std::optional<ConfigValue<std::string>> kernel;
    std::optional<ConfigValue<uint32_t>> warps;
    std::optional<ConfigValue<uint32_t>> units[WSP_UNIT_COUNT];
    std::optional<ConfigValue<uint32_t>> latency[WSP_UNIT_COUNT];
    std::optional<ConfigValue<uint32_t>> warp_size;
    std::optional<ConfigValue<uint32_t>> schedulers;  // 0 = no limit
    std::optional<ConfigValue<std::string>> arch;     // a known preset (arch_presets.hpp)
};

struct ConfigError {
    unsigned line = 0;                // 1-based; 0 for the file as a whole
    uint32_t field = WSP_FIELD_NONE;  // the input the error is about (wsp_field_name)
    std::string message;              // without the file name and line
};

// Parses the text of a configuration file.
bool parse_config_text(const std::string &text, ConfigFile &out, ConfigError &error);
// Reads and parses `path` (an unreadable file: line 0, field WSP_FIELD_PATH).
bool read_config_file(const std::string &path, ConfigFile &out, ConfigError &error);

}  // namespace host
}  // namespace wsp

#endif
