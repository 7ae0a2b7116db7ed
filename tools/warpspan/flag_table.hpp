// The command line in one declarative table: every command and every flag with its value type,
// range, choices, default, help text and the commands it belongs to. Parsing (flag_parser.hpp),
// --help, `warpspan help COMMAND`, the man page, bash completion and docs/cli.md are all generated
// from it (flag_docs.hpp), so they cannot disagree.
#ifndef WSP_CLI_FLAG_TABLE_HPP
#define WSP_CLI_FLAG_TABLE_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wsp_cli {

enum class Command : uint8_t {
    kAnalyse,  // warpspan [CONFIG]: bounds, exact, anneal, ILP, estimate
    kPtx,      // warpspan ptx FILE.ptx: a kernel string from PTX, and its analysis
    kPws,      // warpspan pws GRAPH: kernel WCET under wavefront splitting (paper 001)
    kIpet,     // warpspan ipet GRAPH: WCET by IPET with loop bounds
    kTable,    // warpspan table: WCET tables for W = 1..N
    kMerge,    // warpspan table merge PART...: the shards of a table made whole
    kHelp,     // warpspan help [COMMAND]
};
constexpr size_t kCommandCount = 7;

using CommandSet = uint32_t;
constexpr CommandSet command_bit(Command c) { return 1u << static_cast<unsigned>(c); }

enum class ValueType : uint8_t {
    kNone,            // a switch: no value
    kUnsigned,        // a decimal integer in [lo, hi]
    kDecimal,         // a decimal fraction in [dlo, dhi], or (dlo, dhi] when lo_open
    kChoice,          // one of `choices`
    kChoiceSet,       // comma-separated choices, each at most once
    kChoiceSequence,  // comma-separated choices, repeats allowed (a path through branches)
    kKeyValues,       // comma-separated KEY=N: keys from `choices` (any case), each once; N in [lo, hi]
    kUnsignedList,    // integers in [lo, hi] separated by commas or spaces, or one `choices` keyword
    kShard,           // i/n with 1 <= i <= n <= hi
    kIdentifier,      // a C identifier (it names arrays or an include guard)
    kString,          // any text that is not empty
    kInputPath,       // a file to read: it exists and is not a directory
    kOutputPath,      // a file to write: not a directory; its directory exists and is writable
};

// The sections of --help and of the man page.
enum class Group : uint8_t { kProblem, kAnalysis, kInput, kOutput, kGeneral };

// Every flag of every command. A name may appear in more than one entry when it means different
// things for different commands (--format of `table` and of `pws`); within one command a name is
// unique (tested).
enum class Flag : uint16_t {
    // general
    kHelp, kVersion, kJson, kQuiet, kRequireExact, kFullKernel,
    // the problem: main, ptx, table
    kKernel, kWarps, kUnits, kLatency, kWarpSize, kSchedulers, kArch,
    // the methods of the main command (and ptx)
    kMethod, kWitness, kBudget, kMemory, kTimeout, kConstraints, kX, kThreads, kIterations, kRestarts,
    kInit, kT0, kMoves, kSeed, kWork,
    // output files of the main command (and ptx)
    kConvergence, kPlot, kSvg, kWriteLp,
    // ptx
    kEntry, kPath, kPrefix, kLoopBound, kLoopBounds, kUnknownOpcode, kExpansionArch, kPtxasInfo, kWriteCfg,
    // pws
    kSpsimds, kCus, kSimds, kWfContexts, kWfSize, kWorkgroups, kWgSize, kDelay, kSplitCost,
    kMergeCost, kSplit, kContexts, kGraphFormat, kCsvBase, kExplain, kIpet,
    // ipet
    kIpetTimeout,
    // table and table merge
    kName, kSpec, kColumns, kTableTimeout, kTableIterations, kTableSeed, kTableThreads, kTableFormat,
    kOutput, kGuard, kTiming, kShard, kTableSvg,
    kCount
};
constexpr size_t kFlagCount = static_cast<size_t>(Flag::kCount);

struct FlagSpec {
    Flag id;
    const char *name;     // "--warps"
    char short_name;      // 'o' for -o, 'h' for -h; 0 if none
    const char *metavar;  // "W" (nullptr for a switch)
    ValueType type;
    CommandSet commands;
    Group group;
    const char *field;    // the library's field name of the input it sets (wsp_field_name), or "none"
    const char *help;     // one paragraph; the renderers wrap it
    uint64_t lo = 0, hi = UINT64_MAX;  // kUnsigned, kKeyValues values, kUnsignedList items, kShard n
    double dlo = 0, dhi = 0;           // kDecimal
    bool lo_open = false;              // kDecimal: (dlo, dhi]
    const char *const *choices = nullptr;  // nullptr-terminated
    // Parsed like a value given on the command line when the flag is absent; nullptr when the
    // default depends on other inputs (the help text says what it is then).
    const char *default_value = nullptr;
    // The default in words when it depends on other inputs ("min(W, 4)"); for the docs only.
    const char *default_text = nullptr;
    // May be given more than once (--loop-bound): every value is kept, in order (FlagValue::texts).
    bool repeatable = false;

    constexpr FlagSpec range(uint64_t l, uint64_t h) const {
        FlagSpec f = *this;
        f.lo = l, f.hi = h;
        return f;
    }
    constexpr FlagSpec decimal_range(double l, double h, bool open) const {
        FlagSpec f = *this;
        f.dlo = l, f.dhi = h, f.lo_open = open;
        return f;
    }
    constexpr FlagSpec with_choices(const char *const *c) const {
        FlagSpec f = *this;
        f.choices = c;
        return f;
    }
    constexpr FlagSpec by_default(const char *d) const {
        FlagSpec f = *this;
        f.default_value = d;
        return f;
    }
    constexpr FlagSpec otherwise(const char *text) const {
        FlagSpec f = *this;
        f.default_text = text;
        return f;
    }
    constexpr FlagSpec repeated() const {
        FlagSpec f = *this;
        f.repeatable = true;
        return f;
    }
    constexpr FlagSpec with_short(char s) const {
        FlagSpec f = *this;
        f.short_name = s;
        return f;
    }
    bool belongs_to(Command c) const { return (commands & command_bit(c)) != 0; }
};

// The positional words of a command (CONFIG, GRAPH, PART...).
struct OperandSpec {
    const char *metavar;  // nullptr: the command takes none
    unsigned min, max;
    ValueType type;       // kInputPath, or kString for `help`'s command name
    const char *help;
};

struct CommandSpec {
    Command id;
    const char *name;         // "warpspan", "ptx", "table merge"
    const char *synopsis;     // what follows "warpspan NAME" in the usage line
    const char *summary;      // one line: the command list of --help
    const char *description;  // a paragraph: --help, the man page, docs/cli.md
    OperandSpec operand;
};

// A flag a command no longer takes, with what replaced it: the error says so instead of "unknown".
struct RetiredFlag {
    Command command;
    const char *name;
    const char *instead;
};

// Two flags of one command that cannot be given together.
struct FlagConflict {
    Command command;
    Flag a, b;
};

const FlagSpec &flag_spec(Flag flag);
const FlagSpec *flag_specs(size_t &count);  // indexed by Flag
const CommandSpec &command_spec(Command command);
const CommandSpec *command_specs(size_t &count);  // indexed by Command
const FlagConflict *flag_conflicts(size_t &count);
const RetiredFlag *retired_flags(size_t &count);

// The flags of `command`, in table order.
std::vector<const FlagSpec *> flags_of(Command command);
// The flag of `command` spelled `spelling` ("--warps", "-o"), or nullptr.
const FlagSpec *find_flag(Command command, const std::string &spelling);
// Every command's name as typed after `warpspan` (ptx, pws, ipet, table, merge, help).
std::vector<std::string> command_words();
// How a person calls the command: "warpspan", "warpspan ptx", "warpspan table merge".
std::string command_title(Command command);

// Choices with a meaning in the program: each enum lists its choices' values in table order.
enum class Method : uint8_t { kBound, kLower, kAnneal, kExact, kIlp, kEstimate, kBracket };
enum class Column : uint8_t { kBound, kExact, kAnneal, kLower };
enum class Constraints : uint8_t { kShort, kLong, kStrong };
enum class Moves : uint8_t { kUniform, kLocal };
enum class AnnealInit : uint8_t { kRoundRobin, kFixedPriority, kMostPending, kRandom, kLeastProgress, kStarve };
enum class TableFormat : uint8_t { kHeader, kCsv, kJson };
enum class GraphFormat : uint8_t { kText, kCsv };
enum class Branch : uint8_t { kTaken, kNotTaken, kT, kN };  // ptx --path: t and n are short forms
enum class SplitKeyword : uint8_t { kAll, kNone, kOptimal };
enum class ContextsMode : uint8_t { kPaper, kCount };  // pws --contexts: Eq. 2 as printed, or counted
enum class UnitKey : uint8_t { kL, kC, kS, kD };        // --units/--latency keys, --unknown-opcode; WSP_UNIT_*

// The names of a flag's choices (nullptr-terminated), and their count.
size_t choice_count(const char *const *choices);

}  // namespace wsp_cli

#endif
