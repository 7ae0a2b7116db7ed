#include <cstdio>

#include "exit_codes.hpp"
#include "flag_docs.hpp"
#include "number_parse.hpp"

namespace wsp_cli {
namespace {

constexpr size_t kWidth = 80;
constexpr size_t kFlagColumn = 24;  // where the help of a flag starts

std::string join_choices(const char *const *choices, const char *separator) {
    std::string out;
    for (size_t i = 0; choices && choices[i]; ++i) out += (i ? separator : "") + std::string(choices[i]);
    return out;
}

void append_paragraph(std::string &out, const std::string &text, size_t indent, size_t width) {
    for (const std::string &line : wrap_words(text, width - indent)) out += std::string(indent, ' ') + line + "\n";
}

}  // namespace

const char *group_title(Group group) {
    switch (group) {
        case Group::kProblem: return "problem";
        case Group::kAnalysis: return "analysis";
        case Group::kInput: return "input";
        case Group::kOutput: return "output";
        case Group::kGeneral: return "general";
    }
    return "?";
}

std::vector<std::string> wrap_words(const std::string &text, size_t width) {
    std::vector<std::string> lines;
    std::string line;
    size_t pos = 0;
    while ((pos = text.find_first_not_of(' ', pos)) != std::string::npos) {
        const size_t end = text.find(' ', pos);
        const std::string word = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        pos = end;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

std::string flag_usage(const FlagSpec &spec) {
    std::string out = spec.short_name ? std::string("-") + spec.short_name + ", " : "";
    out += spec.name;
    if (spec.metavar) out += std::string(" ") + spec.metavar;
    return out;
}

std::string value_summary(const FlagSpec &spec) {
    std::string what;
    switch (spec.type) {
        case ValueType::kUnsigned:
        case ValueType::kUnsignedList:
            if (!(spec.lo == 0 && spec.hi == UINT64_MAX)) what = unsigned_range_text(spec.lo, spec.hi);
            if (spec.type == ValueType::kUnsignedList)
                what = (spec.choices ? join_choices(spec.choices, ", ") + ", or " : std::string()) + "integers " + what;
            break;
        case ValueType::kDecimal: what = decimal_range_text(spec.dlo, spec.dhi, spec.lo_open); break;
        case ValueType::kChoice: what = "one of: " + join_choices(spec.choices, ", "); break;
        case ValueType::kChoiceSet: what = "any of: " + join_choices(spec.choices, ", "); break;
        case ValueType::kChoiceSequence: what = "a list of: " + join_choices(spec.choices, ", "); break;
        case ValueType::kKeyValues:
            what = "KEY one of " + join_choices(spec.choices, ", ") + ", N " + unsigned_range_text(spec.lo, spec.hi);
            break;
        case ValueType::kShard: what = "n " + unsigned_range_text(spec.lo, spec.hi); break;
        default: break;
    }
    const char *dflt = spec.default_value ? spec.default_value : spec.default_text;
    if (dflt) what += (what.empty() ? "" : "; ") + std::string("default ") + dflt;
    if (spec.repeatable) what += (what.empty() ? "" : "; ") + std::string("repeatable");
    return what;
}

std::string flag_description(const FlagSpec &spec) {
    const std::string summary = value_summary(spec);
    return std::string(spec.help) + (summary.empty() ? "" : " [" + summary + "]");
}

std::string help_text(Command command) {
    const CommandSpec &c = command_spec(command);
    const std::string usage = "usage: " + command_title(command) + " ";
    std::string out;
    for (const std::string &line : wrap_words(c.synopsis, kWidth - usage.size()))
        out += (out.empty() ? usage : std::string(usage.size(), ' ')) + line + "\n";
    out += "\n";
    append_paragraph(out, c.description, 0, kWidth);
    const std::vector<const FlagSpec *> flags = flags_of(command);
    const Group groups[] = {Group::kProblem, Group::kInput, Group::kAnalysis, Group::kOutput, Group::kGeneral};
    for (const Group g : groups) {
        bool any = false;
        for (const FlagSpec *f : flags) {
            if (f->group != g) continue;
            if (!any) out += std::string("\n") + group_title(g) + ":\n";
            any = true;
            std::string head = "  " + flag_usage(*f);
            const std::vector<std::string> lines = wrap_words(flag_description(*f), kWidth - kFlagColumn);
            if (head.size() + 2 > kFlagColumn) {
                out += head + "\n";
                head.clear();
            }
            for (const std::string &line : lines) {
                head.resize(kFlagColumn, ' ');
                out += head + line + "\n";
                head.clear();
            }
        }
    }
    if (command == Command::kAnalyse) {
        out += "\ncommands (warpspan help COMMAND for each):\n";
        for (size_t k = 1; k < kCommandCount; ++k) {
            const CommandSpec &s = command_spec(static_cast<Command>(k));
            std::string head = "  " + std::string(s.name);
            head.resize(kFlagColumn - 8, ' ');
            out += head + s.summary + "\n";
        }
    }
    out += "\nexit status:\n";
    size_t count = 0;
    const ExitCodeInfo *codes = exit_codes(count);
    for (size_t k = 0; k < count; ++k) {
        char head[16];
        std::snprintf(head, sizeof head, "  %-6d", static_cast<int>(codes[k].code));
        const std::vector<std::string> lines = wrap_words(codes[k].meaning, kWidth - 8);
        for (size_t l = 0; l < lines.size(); ++l) out += (l == 0 ? std::string(head) : std::string(8, ' ')) + lines[l] + "\n";
    }
    return out;
}

}  // namespace wsp_cli
