#include "failure.hpp"

#include "tool_identity.hpp"

namespace wsp_cli {

Failure cli_failure(ExitCode exit, const std::string &origin, const std::string &message, const std::string &field) {
    Failure f;
    f.exit = exit;
    f.status = exit_code_info(exit).name;
    f.field = field;
    f.origin = origin;
    f.message = message;
    return f;
}

Failure usage_failure(const std::string &origin, const std::string &message, const std::string &field) {
    return cli_failure(ExitCode::kUsage, origin, message, field);
}

Failure io_failure(const std::string &path, const std::string &message) {
    return cli_failure(ExitCode::kIo, path, message, wsp_field_name(WSP_FIELD_PATH));
}

Failure library_failure(int32_t status, const wsp_diag &diag, const std::string &origin) {
    Failure f;
    f.exit = status == WSP_ERR_INTERNAL      ? ExitCode::kInternal
             : status == WSP_ERR_UNAVAILABLE ? ExitCode::kUnavailable
             : status == WSP_ERR_IO          ? ExitCode::kIo
             : status == WSP_ERR_ALLOCATION  ? ExitCode::kMemory
                                             : ExitCode::kInput;
    f.status = wsp_status_name(status);
    f.field = wsp_field_name(diag.field);
    f.line = diag.line;
    f.column = diag.column;
    f.index = diag.index;
    f.origin = origin;
    f.message = diag.message[0] ? diag.message : wsp_strerror(status);
    return f;
}

std::string failure_text(const Failure &failure) {
    return "warpspan: error: " + (failure.origin.empty() ? "" : failure.origin + ": ") + failure.message;
}

std::string failure_json(const Failure &failure, JsonWriter::Style style) {
    JsonWriter json(style);
    json.begin_object();
    write_identity(json);
    json.key("error")
        .begin_object()
        .member("status", failure.status)
        .member("field", failure.field)
        .member("line", failure.line)
        .member("column", failure.column)
        .member("index", failure.index)
        .member("message", failure.message)
        .member("origin", failure.origin)
        .end_object();
    json.member("exit", static_cast<int>(failure.exit)).end_object();
    return json.text();
}

int report_failure(const Failure &failure, bool json, std::FILE *out, std::FILE *err) {
    if (json) {
        const std::string text = failure_json(failure);
        // When even the error object cannot be written (stdout on a full disk), stderr still says it.
        if (std::fwrite(text.data(), 1, text.size(), out) == text.size() && std::fflush(out) == 0)
            return static_cast<int>(failure.exit);
    }
    std::fprintf(err, "%s\n", failure_text(failure).c_str());
    return static_cast<int>(failure.exit);
}

}  // namespace wsp_cli
