// The command line parsed against the flag table (flag_table.hpp): which command, every flag's value
// checked by its type, the operands, and the table's defaults for flags not given. Every error is a
// Failure with the flag as its origin: unknown commands and flags get "did you mean", a flag given
// twice (unless the table says it is repeatable) or a key given twice in a list is an error, and so are empty list items, values out of range
// and flags of another command.
//
// Syntax: `--flag VALUE` or `--flag=VALUE`; `-o FILE`; `--` ends the flags. A flag that takes a value
// takes the next word whatever it is, unless that word is a flag of the command (then the value is
// missing). `--help` or `-h` anywhere (before `--`) asks for the command's help and nothing else.
#ifndef WSP_CLI_FLAG_PARSER_HPP
#define WSP_CLI_FLAG_PARSER_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "failure.hpp"
#include "flag_table.hpp"

namespace wsp_cli {

struct FlagValue {
    bool present = false;  // given, or the table's default applies
    bool given = false;    // on the command line
    std::string text;      // the value as written (the default's text when not given)
    uint64_t number = 0;   // kUnsigned; kChoice and a kUnsignedList keyword: the choice's index
    double decimal = 0;    // kDecimal
    bool keyword = false;  // kUnsignedList: the value was one of the choices
    std::vector<uint64_t> items;  // kUnsignedList; kChoiceSet/kChoiceSequence: indices; kShard: {i, n}
    std::vector<std::pair<uint32_t, uint64_t>> pairs;  // kKeyValues: (key index, N) as given
    std::vector<std::string> texts;  // a repeatable flag: every value given, in order
};

class ParsedArgs {
public:
    Command command = Command::kAnalyse;
    bool help = false;                  // --help / -h
    std::vector<std::string> operands;  // CONFIG, GRAPH, PART..., or help's COMMAND

    ParsedArgs() : values_(kFlagCount) {}
    const FlagValue &operator[](Flag flag) const { return values_[static_cast<size_t>(flag)]; }
    FlagValue &at(Flag flag) { return values_[static_cast<size_t>(flag)]; }
    bool has(Flag flag) const { return (*this)[flag].present; }
    bool given(Flag flag) const { return (*this)[flag].given; }
    uint64_t number(Flag flag) const { return (*this)[flag].number; }
    double decimal(Flag flag) const { return (*this)[flag].decimal; }
    const std::string &text(Flag flag) const { return (*this)[flag].text; }
    // A kChoice value as its enum (Method, Moves, ...).
    template <typename E>
    E choice(Flag flag) const {
        return static_cast<E>((*this)[flag].number);
    }
    // A kChoiceSet or kChoiceSequence value as its enums, in the order given.
    template <typename E>
    std::vector<E> choices(Flag flag) const {
        std::vector<E> out;
        for (const uint64_t i : (*this)[flag].items) out.push_back(static_cast<E>(i));
        return out;
    }

private:
    std::vector<FlagValue> values_;
};

// Whether a path exists (for telling a mistyped command from a configuration file); replaceable in
// tests.
using ExistsFn = std::function<bool(const std::string &)>;
bool path_exists(const std::string &path);

// The command that args names and how many words name it (0 for the main command, 1 for `ptx`, 2 for
// `table merge`). A first word that is no command, no flag and no existing file is an unknown command
// when it looks like one (no '/' or '.'), with "did you mean" when one is close.
bool resolve_command(const std::vector<std::string> &args, Command &command, size_t &words, Failure &failure,
                     const ExistsFn &exists = path_exists);

// The command `help` shows for its operands ("table", "merge", "table merge"), or a usage failure.
bool command_named(const std::vector<std::string> &words, Command &command, Failure &failure);

// Parses one value of `spec` from `text` (defaults go through here too). On failure `why` holds the
// reason without the flag's name.
bool parse_value(const FlagSpec &spec, const std::string &text, FlagValue &out, std::string &why);

// The flags and operands of `command` (args: the words after the command's name), then the defaults.
bool parse_flags(Command command, const std::vector<std::string> &args, ParsedArgs &out, Failure &failure);

// Whether the words ask for JSON (--json before any `--`), so that even an error in parsing them is
// reported as a JSON object.
bool json_requested(const std::vector<std::string> &args);

// resolve_command, then parse_flags on the rest.
bool parse_command_line(const std::vector<std::string> &args, ParsedArgs &out, Failure &failure,
                        const ExistsFn &exists = path_exists);

}  // namespace wsp_cli

#endif
