// docs/warpspan.1: the man page, in the man(7) macros.
#include "exit_codes.hpp"
#include "docs.hpp"
#include "flag_docs.hpp"

namespace wsp_cli {
namespace {

// Text for troff: backslashes escaped, '-' as \- (a minus that man renders as a copyable hyphen), a
// leading '.' or '\'' guarded so it is never read as a request.
std::string roff(const std::string &text) {
    std::string out;
    for (const char c : text) {
        if (c == '\\') out += "\\e";
        else if (c == '-') out += "\\-";
        else out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
    return out;
}

void flag_entries(std::string &out, Command command) {
    for (const FlagSpec *f : flags_of(command)) {
        out += ".TP\n";
        std::string head = f->short_name ? "\\fB\\-" + std::string(1, f->short_name) + "\\fR, " : "";
        head += "\\fB" + roff(f->name) + "\\fR";
        if (f->metavar) head += " \\fI" + roff(f->metavar) + "\\fR";
        out += head + "\n" + roff(flag_description(*f)) + "\n";
    }
}

}  // namespace

std::string man_page() {
    std::string out =
        ".\\\" Generated from tools/warpspan/flag_table.cpp and exit_codes.cpp: do not edit.\n"
        ".\\\" Regenerate with: cmake --build build/host --target cli-docs\n"
        ".TH WARPSPAN 1 \"\" \"warpspan\" \"User Commands\"\n"
        ".SH NAME\n"
        "warpspan \\- worst-case makespan of GPU warps on one streaming multiprocessor, and kernel WCETs\n"
        ".SH SYNOPSIS\n";
    for (size_t k = 0; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        out += ".B " + roff(command_title(c)) + "\n" + roff(command_spec(c).synopsis) + "\n.br\n";
    }
    out += ".SH DESCRIPTION\n" + roff(command_spec(Command::kAnalyse).description) + "\n";
    out += ".SH OPTIONS\n";
    flag_entries(out, Command::kAnalyse);
    out += ".SH COMMANDS\n";
    for (size_t k = 1; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        const CommandSpec &s = command_spec(c);
        out += ".SS \"" + roff(command_title(c)) + " " + roff(s.synopsis) + "\"\n" + roff(s.description) + "\n";
        flag_entries(out, c);
    }
    out += ".SH EXIT STATUS\n";
    size_t count = 0;
    const ExitCodeInfo *codes = exit_codes(count);
    for (size_t k = 0; k < count; ++k)
        out += ".TP\n.B " + std::to_string(static_cast<int>(codes[k].code)) + "\n" + roff(codes[k].meaning) + "\n";
    out += ".SH SEE ALSO\n"
           "The command-line reference docs/cli.md, and the other documents in docs/ of the warpspan sources.\n";
    return out;
}

}  // namespace wsp_cli
