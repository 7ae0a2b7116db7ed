// wsp_host_ptx_read, the experimental C entry point of warpspan_host.h, as a thin wrapper over the
// internal reader (ptx.hpp). It keeps the flows and strings of issue 8: one letter per PTX
// instruction (no expansions) and WSP_HOST_PTX_PREFIX as the zero default; WSP_HOST_PTX_WORST is the
// longest path with every loop bounded by `loop` (the header runs at most `loop` times per entry).
// Unknown opcodes are an error listing every line (issue 17), so report.unclassified stays 0.
#include <cstring>
#include <string>

#define WSP_EXPERIMENTAL 1  // the reader is experimental in 1.0
#include "host/ptx/ptx.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "warpspan_host.h"

namespace {

void copy_text(char *to, size_t capacity, const std::string &from) {
    if (capacity == 0) return;
    const size_t n = from.size() < capacity - 1 ? from.size() : capacity - 1;
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

// The input an error is about: the text (WSP_ERR_PTX, a NULL text), an option (WSP_ERR_RANGE: a path
// word, a flow mode, max_instructions or the loop count exceeded), the kernel buffer.
uint32_t field_of(wsp_status status) {
    switch (status) {
        case WSP_ERR_PTX:
        case WSP_ERR_NULL_ARGUMENT: return WSP_FIELD_PTX;
        case WSP_ERR_RANGE: return WSP_FIELD_PTX_OPTIONS;
        case WSP_ERR_WORKSPACE_SIZE: return WSP_FIELD_OUTPUT;
        default: return WSP_FIELD_NONE;
    }
}

wsp_status finish(const wsp::ptx::Failure &failure, wsp_host_ptx_report *report, wsp_diag *diag) {
    const uint32_t line = failure.line > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(failure.line);
    const std::string m =
        failure.line != 0 ? "line " + std::to_string(failure.line) + ": " + failure.message : failure.message;
    if (report != nullptr) {
        report->line = line;
        copy_text(report->message, sizeof report->message, m);
    }
    if (diag != nullptr) {
        wsp::DiagScope scope(diag, failure.status, field_of(failure.status));
        scope.line(line);
        copy_text(diag->message, sizeof diag->message, m);
    }
    return failure.status;
}

}  // namespace

extern "C" wsp_status wsp_host_ptx_read(const char *text, size_t length, const wsp_host_ptx_options *options,
                                        char *kernel, size_t capacity, wsp_host_ptx_report *report, wsp_diag *diag) {
    using namespace wsp::ptx;
    if (report != nullptr) std::memset(report, 0, sizeof *report);
    wsp::ok(diag);
    if (text == nullptr && length > 0) return finish({WSP_ERR_NULL_ARGUMENT, 0, "text is NULL"}, report, diag);
    if (options != nullptr) {
        wsp_diag reserved;
        const wsp_status st = wsp::check_reserved(options->reserved, 1, "the PTX options", &reserved);
        if (st != WSP_OK) {
            if (report != nullptr) copy_text(report->message, sizeof report->message, reserved.message);
            if (diag != nullptr) *diag = reserved;
            return st;
        }
    }
    wsp_host_ptx_options in;
    std::memset(&in, 0, sizeof in);
    if (options != nullptr) in = *options;
    Options o;
    o.entry = in.entry != nullptr ? in.entry : "";
    o.expand = false;
    o.infer_bounds = false;
    o.max_instructions = in.max_instructions == 0 ? 1000000 : in.max_instructions;
    o.default_loop_bound = in.loop == 0 ? 1 : in.loop;
    switch (in.flow) {
        case WSP_HOST_PTX_PREFIX: o.scope = Scope::kPrefix; break;
        case WSP_HOST_PTX_PATH: o.scope = Scope::kPath; break;
        case WSP_HOST_PTX_LOOP: o.scope = Scope::kLoopWalk; break;
        case WSP_HOST_PTX_WORST: o.scope = Scope::kKernel; break;
        default: return finish({WSP_ERR_RANGE, 0, "unknown flow mode " + std::to_string(in.flow)}, report, diag);
    }
    if (o.scope == Scope::kPath && in.path != nullptr && in.path[0] != '\0') {
        std::string p = in.path;
        size_t start = 0;
        for (;;) {
            const size_t comma = p.find(',', start);
            std::string w = p.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            const size_t b = w.find_first_not_of(" \t"), e = w.find_last_not_of(" \t");
            w = b == std::string::npos ? "" : w.substr(b, e - b + 1);
            if (w == "taken" || w == "t") o.path.push_back(true);
            else if (w == "not-taken" || w == "n") o.path.push_back(false);
            else
                return finish({WSP_ERR_RANGE, 0, "path: '" + (w.size() > 40 ? w.substr(0, 40) + "..." : w) +
                                                      "' is neither taken (t) nor not-taken (n)"},
                              report, diag);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    Result r;
    Failure f;
    if (!read_ptx(text != nullptr ? text : "", length, o, r, f)) {
        if (report != nullptr) {
            report->entries = r.entries;
            copy_text(report->entry, sizeof report->entry, r.entry);
        }
        return finish(f, report, diag);
    }
    const std::string out = letters_text(r.path);
    if (report != nullptr) {
        letters_mix(r.path, report->mix);
        report->instructions = letters_length(r.path);
        report->kernel_length = out.size();
        report->entries = r.entries;
        report->conditional_branches = r.conditional_branches;
        report->unclassified = 0;
        copy_text(report->entry, sizeof report->entry, r.entry);
    }
    if (kernel == nullptr && capacity == 0) return wsp::ok(diag);
    if (kernel == nullptr || capacity < out.size() + 1)
        return finish({WSP_ERR_WORKSPACE_SIZE, 0, "the kernel buffer holds " + std::to_string(capacity) + " bytes; " +
                                                      std::to_string(out.size() + 1) + " are needed"},
                      report, diag);
    std::memcpy(kernel, out.c_str(), out.size() + 1);
    return wsp::ok(diag);
}
