// docs/cli.md: the command-line reference, every command and flag and the exit codes.
#include "exit_codes.hpp"
#include "docs.hpp"
#include "flag_docs.hpp"

namespace wsp_cli {
namespace {

// Text for a Markdown table cell: '|' escaped.
std::string cell(const std::string &text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

// A GitHub-style anchor of a heading: lower case, spaces as '-', other punctuation dropped.
std::string anchor(const std::string &heading) {
    std::string out;
    for (const char c : heading) {
        if (c == ' ') out += '-';
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') out += c;
        else if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

}  // namespace

std::string cli_reference() {
    std::string out =
        "# Command-line reference\n"
        "\n"
        "<!-- Generated from tools/warpspan/flag_table.cpp and exit_codes.cpp: do not edit. A test compares\n"
        "     this file with the table; regenerate it with `cmake --build build/host --target cli-docs`. -->\n"
        "\n"
        "`warpspan --help` and `warpspan help COMMAND` print the same text for a terminal, and `man warpspan`\n"
        "(docs/warpspan.1) holds it too. A flag takes its value as the next word or after `=`\n"
        "(`--warps 16`, `--warps=16`); `--` ends the flags. Numbers are decimal digits only: no sign, no\n"
        "hex, no exponent, and a number out of its range is an error, never wrapped around. Lists are\n"
        "comma-separated, without empty items; a flag or a key of a list given twice is an error.\n"
        "\n"
        "| command | what it does |\n"
        "| --- | --- |\n";
    for (size_t k = 0; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        out += "| [`" + command_title(c) + "`](#" + anchor(command_title(c)) + ") | " + cell(command_spec(c).summary) +
               " |\n";
    }
    for (size_t k = 0; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        const CommandSpec &s = command_spec(c);
        out += "\n## " + command_title(c) + "\n\n```text\n" + command_title(c) + " " + s.synopsis + "\n```\n\n";
        for (const std::string &line : wrap_words(s.description, 100)) out += line + "\n";
        out += "\n| flag | values | what it does |\n| --- | --- | --- |\n";
        for (const FlagSpec *f : flags_of(c))
            out += "| `" + cell(flag_usage(*f)) + "` | " + cell(value_summary(*f)) + " | " + cell(f->help) + " |\n";
    }
    out += "\n## Exit status\n\n| code | name | meaning | why this number |\n| --- | --- | --- | --- |\n";
    size_t count = 0;
    const ExitCodeInfo *codes = exit_codes(count);
    for (size_t k = 0; k < count; ++k)
        out += "| " + std::to_string(static_cast<int>(codes[k].code)) + " | `" + codes[k].name + "` | " +
               cell(codes[k].meaning) + " | " + cell(codes[k].why) + " |\n";
    return out;
}

}  // namespace wsp_cli
