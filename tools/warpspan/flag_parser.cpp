#include "flag_parser.hpp"

#include <sys/stat.h>

#include <cctype>

#include "did_you_mean.hpp"
#include "number_parse.hpp"
#include "path_check.hpp"

namespace wsp_cli {
namespace {

std::string quoted(const std::string &s) { return "'" + s + "'"; }

std::string trim(const std::string &s) {
    const size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::string choice_list(const char *const *choices) {
    std::string out;
    for (size_t i = 0; choices && choices[i]; ++i) out += (i ? ", " : "") + std::string(choices[i]);
    return out;
}

std::vector<std::string> choice_vector(const char *const *choices) {
    std::vector<std::string> out;
    for (size_t i = 0; choices && choices[i]; ++i) out.push_back(choices[i]);
    return out;
}

bool equal_ignoring_case(const std::string &a, const char *b) {
    size_t i = 0;
    for (; i < a.size() && b[i]; ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return i == a.size() && b[i] == '\0';
}

bool find_choice(const char *const *choices, const std::string &word, bool any_case, uint64_t &index) {
    for (size_t i = 0; choices && choices[i]; ++i)
        if (any_case ? equal_ignoring_case(word, choices[i]) : word == choices[i]) return index = i, true;
    return false;
}

bool unknown_choice(const FlagSpec &spec, const std::string &word, std::string &why) {
    why = "unknown value " + quoted(word) + " (choices: " + choice_list(spec.choices) + ")" +
          did_you_mean(word, choice_vector(spec.choices));
    return false;
}

// The items of a comma-separated list; an empty item (",," or a trailing comma) is an error.
bool split_items(const std::string &text, std::vector<std::string> &items, std::string &why) {
    items.clear();
    size_t start = 0;
    for (;;) {
        const size_t comma = text.find(',', start);
        const std::string item = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (item.empty())
            return why = "empty item " + std::to_string(items.size() + 1) + " in " + quoted(text) +
                         (comma == std::string::npos && !items.empty() ? " (a trailing comma?)" : ""),
                   false;
        items.push_back(item);
        if (comma == std::string::npos) return true;
        start = comma + 1;
    }
}

bool is_identifier(const std::string &s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (const char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

bool parse_list_value(const FlagSpec &spec, const std::string &text, FlagValue &out, std::string &why) {
    std::vector<std::string> items;
    if (spec.type == ValueType::kUnsignedList && find_choice(spec.choices, text, false, out.number))
        return out.keyword = true;
    if (!split_items(text, items, why)) return false;
    for (const std::string &item : items) {
        const std::string where = items.size() > 1 ? "item " + std::to_string(&item - &items[0] + 1) + ": " : "";
        if (spec.type == ValueType::kUnsignedList) {
            // Items may also be separated by spaces: "1 1 2 2" as the JSON output prints witnesses.
            size_t pos = 0;
            while ((pos = item.find_first_not_of(" \t", pos)) != std::string::npos) {
                const size_t end = item.find_first_of(" \t", pos);
                const std::string word = item.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
                uint64_t n = 0;
                if (!parse_unsigned(word, spec.lo, spec.hi, n, why)) {
                    why = "item " + std::to_string(out.items.size() + 1) + ": " + why;
                    if (spec.choices) why += " (or one of: " + choice_list(spec.choices) + ")";
                    return false;
                }
                out.items.push_back(n);
                pos = end;
            }
        } else if (spec.type == ValueType::kKeyValues) {
            const size_t eq = item.find('=');
            uint64_t key = 0, n = 0;
            if (eq == std::string::npos || !find_choice(spec.choices, trim(item.substr(0, eq)), true, key))
                return why = where + quoted(item) + " is not KEY=N with KEY one of " + choice_list(spec.choices),
                       false;
            if (!parse_unsigned(trim(item.substr(eq + 1)), spec.lo, spec.hi, n, why))
                return why = where + spec.choices[key] + ": " + why, false;
            for (const auto &p : out.pairs)
                if (p.first == key) return why = std::string(spec.choices[key]) + " given twice", false;
            out.pairs.emplace_back(static_cast<uint32_t>(key), n);
        } else {  // kChoiceSet, kChoiceSequence
            uint64_t index = 0;
            if (!find_choice(spec.choices, item, false, index)) {
                unknown_choice(spec, item, why);
                return why = where + why, false;
            }
            if (spec.type == ValueType::kChoiceSet)
                for (const uint64_t seen : out.items)
                    if (seen == index) return why = quoted(item) + " given twice", false;
            out.items.push_back(index);
        }
    }
    return true;
}

Failure unknown_flag(Command command, const std::string &name) {
    size_t retired_count = 0;
    const RetiredFlag *retired = retired_flags(retired_count);
    for (size_t i = 0; i < retired_count; ++i)
        if (retired[i].command == command && name == retired[i].name)
            return usage_failure(name, "no longer a flag of `" + command_title(command) + "`: " + retired[i].instead);
    CommandSet owners = 0;
    size_t count = 0;
    const FlagSpec *all = flag_specs(count);
    for (size_t i = 0; i < count; ++i)
        if (name == all[i].name) owners |= all[i].commands;
    if (owners != 0) {
        std::string list;
        for (size_t c = 0; c < kCommandCount; ++c)
            if (owners & command_bit(static_cast<Command>(c)))
                list += (list.empty() ? "`" : ", `") + command_title(static_cast<Command>(c)) + "`";
        return usage_failure(name, "not a flag of `" + command_title(command) + "` (it belongs to " + list + ")");
    }
    std::vector<std::string> names;
    for (const FlagSpec *f : flags_of(command)) names.push_back(f->name);
    const std::string hint = did_you_mean(name, names);
    return usage_failure(name, "unknown flag" + (hint.empty() ? " (see " + command_title(command) + " --help)" : hint));
}

bool check_operands(Command command, ParsedArgs &out, Failure &failure) {
    const OperandSpec &op = command_spec(command).operand;
    const std::string name = op.metavar ? op.metavar : "";
    if (out.operands.size() < op.min)
        return failure = usage_failure(command_title(command), "missing " + name + " (see " + command_title(command) + " --help)"),
               false;
    if (out.operands.size() > op.max)
        return failure = usage_failure(command_title(command),
                                       op.max == 0 ? "unexpected operand " + quoted(out.operands[0])
                                       : op.max == 1
                                           ? "more than one " + name + ": " + quoted(out.operands[0]) + " and " +
                                                 quoted(out.operands[1])
                                           : "too many operands"),
               false;
    if (command == Command::kHelp && !out.operands.empty()) {
        Command named;
        return command_named(out.operands, named, failure);
    }
    if (op.type == ValueType::kInputPath)
        for (const std::string &path : out.operands)
            if (!check_input_path(path, name, failure)) return false;
    return true;
}

}  // namespace

bool path_exists(const std::string &path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

bool resolve_command(const std::vector<std::string> &args, Command &command, size_t &words, Failure &failure,
                     const ExistsFn &exists) {
    command = Command::kAnalyse;
    words = 0;
    if (args.empty()) return true;
    const std::string &first = args[0];
    if (first == "table" && args.size() > 1 && args[1] == "merge") {
        command = Command::kMerge;
        words = 2;
        return true;
    }
    const Command direct[] = {Command::kPtx, Command::kPws, Command::kIpet, Command::kTable, Command::kHelp};
    for (const Command c : direct)
        if (first == command_spec(c).name) {
            command = c;
            words = 1;
            return true;
        }
    if (first.empty() || first[0] == '-' || exists(first) || first.find_first_of("/.") != std::string::npos)
        return true;  // a flag or a CONFIG file of the main command
    if (first == "merge") {
        failure = usage_failure("", "unknown command 'merge'; did you mean 'table merge'?");
        return false;
    }
    const std::vector<std::string> names{"ptx", "pws", "ipet", "table", "help"};
    const std::string hint = did_you_mean(first, names);
    failure = usage_failure("", "unknown command " + quoted(first) +
                                    (hint.empty() ? " (commands: ptx, pws, ipet, table, help; or a CONFIG file)" : hint));
    return false;
}

bool command_named(const std::vector<std::string> &words, Command &command, Failure &failure) {
    std::string name;
    for (const std::string &w : words) name += (name.empty() ? "" : " ") + w;
    if (name == "merge") name = "table merge";
    for (size_t c = 0; c < kCommandCount; ++c)
        if (name == command_spec(static_cast<Command>(c)).name) {
            command = static_cast<Command>(c);
            return true;
        }
    std::vector<std::string> names = command_words();
    names.push_back("warpspan");
    failure = usage_failure("warpspan help", "unknown command " + quoted(name) + did_you_mean(name, names));
    return false;
}

bool parse_value(const FlagSpec &spec, const std::string &text, FlagValue &out, std::string &why) {
    out.text = text;
    switch (spec.type) {
        case ValueType::kNone: return true;
        case ValueType::kUnsigned: return parse_unsigned(text, spec.lo, spec.hi, out.number, why);
        case ValueType::kDecimal: return parse_decimal(text, spec.dlo, spec.dhi, spec.lo_open, out.decimal, why);
        case ValueType::kChoice:
            return find_choice(spec.choices, text, false, out.number) || unknown_choice(spec, text, why);
        case ValueType::kChoiceSet:
        case ValueType::kChoiceSequence:
        case ValueType::kKeyValues:
        case ValueType::kUnsignedList: return parse_list_value(spec, text, out, why);
        case ValueType::kShard: {
            const size_t slash = text.find('/');
            uint64_t i = 0, n = 0;
            if (slash == std::string::npos)
                return why = quoted(text) + " is not i/n (shard i of n, 1 <= i <= n)", false;
            if (!parse_unsigned(text.substr(slash + 1), spec.lo, spec.hi, n, why)) return why = "n: " + why, false;
            if (!parse_unsigned(text.substr(0, slash), 1, n, i, why)) return why = "i: " + why, false;
            out.items = {i, n};
            return true;
        }
        case ValueType::kIdentifier:
            if (!is_identifier(text)) return why = quoted(text) + " is not a C identifier", false;
            return true;
        case ValueType::kString:
        case ValueType::kInputPath:
        case ValueType::kOutputPath:
            if (text.empty()) return why = "empty value", false;
            return true;
    }
    return why = "unknown value type", false;
}

bool parse_flags(Command command, const std::vector<std::string> &args, ParsedArgs &out, Failure &failure) {
    out = ParsedArgs();
    out.command = command;
    for (const std::string &a : args) {
        if (a == "--") break;
        if (a == "--help" || a == "-h") return out.help = true;
    }
    bool flags_ended = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (!flags_ended && a == "--") {
            flags_ended = true;
            continue;
        }
        if (flags_ended || a.size() < 2 || a[0] != '-') {
            out.operands.push_back(a);
            continue;
        }
        const size_t eq = a.rfind("--", 0) == 0 ? a.find('=') : std::string::npos;
        const std::string name = a.substr(0, eq);
        const FlagSpec *spec = find_flag(command, name);
        if (!spec) return failure = unknown_flag(command, name), false;
        std::string value;
        if (spec->type == ValueType::kNone) {
            if (eq != std::string::npos)
                return failure = usage_failure(spec->name, "takes no value", spec->field),
                       false;
        } else if (eq != std::string::npos) {
            value = a.substr(eq + 1);
        } else if (i + 1 < args.size() && !find_flag(command, args[i + 1].substr(0, args[i + 1].find('=')))) {
            value = args[++i];
        } else {
            return failure = usage_failure(spec->name, std::string("needs a value (") + spec->metavar + ")", spec->field),
                   false;
        }
        FlagValue &fv = out.at(spec->id);
        if (fv.given && !spec->repeatable) return failure = usage_failure(spec->name, "given twice", spec->field), false;
        std::string why;
        if (!parse_value(*spec, value, fv, why))
            return failure = usage_failure(spec->name, why, spec->field), false;
        fv.given = fv.present = true;
        if (spec->repeatable) fv.texts.push_back(value);
        if (spec->type == ValueType::kInputPath && !check_input_path(value, spec->name, failure)) return false;
        if (spec->type == ValueType::kOutputPath && !check_output_path(value, spec->name, failure)) return false;
    }
    if (!check_operands(command, out, failure)) return false;
    size_t conflict_count = 0;
    const FlagConflict *conflicts = flag_conflicts(conflict_count);
    for (size_t k = 0; k < conflict_count; ++k) {
        const FlagConflict &c = conflicts[k];
        if (c.command == command && out.given(c.a) && out.given(c.b))
            return failure = usage_failure(flag_spec(c.a).name, std::string("cannot go with ") + flag_spec(c.b).name),
                   false;
    }
    for (const FlagSpec *spec : flags_of(command)) {
        FlagValue &fv = out.at(spec->id);
        if (fv.given || !spec->default_value) continue;
        std::string why;
        if (!parse_value(*spec, spec->default_value, fv, why))  // a bug of the table: tested never to happen
            return failure = cli_failure(ExitCode::kInternal, spec->name, "bad default: " + why), false;
        fv.present = true;
    }
    return true;
}

bool json_requested(const std::vector<std::string> &args) {
    for (const std::string &a : args) {
        if (a == "--") return false;
        if (a == "--json") return true;
    }
    return false;
}

bool parse_command_line(const std::vector<std::string> &args, ParsedArgs &out, Failure &failure,
                        const ExistsFn &exists) {
    Command command = Command::kAnalyse;
    size_t words = 0;
    if (!resolve_command(args, command, words, failure, exists)) return false;
    return parse_flags(command, std::vector<std::string>(args.begin() + static_cast<long>(words), args.end()), out,
                       failure);
}

}  // namespace wsp_cli
