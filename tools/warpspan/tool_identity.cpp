#include "tool_identity.hpp"

#include "warpspan.h"

namespace wsp_cli {

void write_identity(JsonWriter &json) {
    json.member("tool", kToolName).member("version", wsp_version()).member("schema", kJsonSchemaVersion);
}

}  // namespace wsp_cli
