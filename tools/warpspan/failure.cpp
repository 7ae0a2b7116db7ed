#include "failure.hpp"

#include "api_names.hpp"
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
    return cli_failure(ExitCode::kIo, path, message, field_name(64));
}

Failure library_failure(int32_t status, const wsp_diag &diag, const std::string &origin) {
    const DiagView v = diag_view(status, diag);
    Failure f;
    f.exit = status == WSP_ERR_INTERNAL      ? ExitCode::kInternal
             : status == WSP_ERR_UNAVAILABLE ? ExitCode::kUnavailable
             : status == WSP_ERR_IO          ? ExitCode::kIo
                                             : ExitCode::kInput;
    f.status = v.status_name;
    f.field = v.field_name;
    f.line = v.line;
    f.column = v.column;
    f.index = v.index;
    f.origin = origin;
    f.message = v.message[0] ? v.message : wsp_strerror(static_cast<wsp_status>(status));
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
