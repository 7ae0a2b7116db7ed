// Who made an output: every JSON object the CLI prints starts with "tool", "version" (the library
// linked) and "schema", the version of the JSON layout (docs/: its JSON Schema). The schema number
// grows when a key is removed or changes meaning; adding keys keeps it.
#ifndef WSP_CLI_TOOL_IDENTITY_HPP
#define WSP_CLI_TOOL_IDENTITY_HPP

#include "json_writer.hpp"

namespace wsp_cli {

constexpr const char *kToolName = "warpspan";
constexpr unsigned kJsonSchemaVersion = 1;

// The three members "tool", "version", "schema", into the open object of `json`.
void write_identity(JsonWriter &json);

}  // namespace wsp_cli

#endif
