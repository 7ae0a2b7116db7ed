// The CLI's infrastructure, module by module, through its own headers (tools/warpspan): one group
// each for the JSON writer, the number parser, "did you mean", the flag table, the flag parser, the
// generated documents (help, man page, bash completion, docs/cli.md), the progress line, output files,
// errors as data with the exit codes, and Ctrl-C.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "host/arch/arch_presets.hpp"
#include "did_you_mean.hpp"
#include "docs.hpp"
#include "exit_codes.hpp"
#include "failure.hpp"
#include "flag_docs.hpp"
#include "flag_parser.hpp"
#include "flag_table.hpp"
#include "interrupt.hpp"
#include "json_writer.hpp"
#include "number_parse.hpp"
#include "output_file.hpp"
#include "path_check.hpp"
#include "progress_line.hpp"

using namespace wsp_cli;

namespace {

#define CHECK_MSG(cond, ...)                          \
    do {                                              \
        if (!(cond)) {                                \
            print_error(__VA_ARGS__);                 \
            print_error("\n  (%s)\n", #cond);         \
            fail();                                   \
        }                                             \
    } while (0)

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool exists(const std::string &path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

// A fresh directory under /tmp for one test.
std::string temp_dir() {
    char name[] = "/tmp/wsp_cli_parts_XXXXXX";
    const char *dir = ::mkdtemp(name);
    assert_non_null(dir);
    return dir;
}

void remove_tree(const std::string &dir) {
    const std::string cmd = "rm -rf '" + dir + "'";
    assert_int_equal(std::system(cmd.c_str()), 0);
}

// Entries of `dir` other than . and .. (to find leftover temporaries).
std::vector<std::string> list_dir(const std::string &dir) {
    std::vector<std::string> out;
    const std::string cmd = "ls -A '" + dir + "'";
    FILE *p = ::popen(cmd.c_str(), "r");
    char line[512];
    while (p && std::fgets(line, sizeof line, p)) {
        std::string s = line;
        if (!s.empty() && s.back() == '\n') s.pop_back();
        out.push_back(s);
    }
    if (p) ::pclose(p);
    return out;
}

std::string run_shell(const std::string &cmd, int *status = nullptr) {
    FILE *p = ::popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    size_t n;
    while (p && (n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int rc = p ? ::pclose(p) : -1;
    if (status) *status = rc;
    return out;
}

// ==== JSON writer ====================================================================================

void test_json_escapes_every_control_character(void **) {
    for (int c = 0; c < 0x20; ++c) {
        char expected[16];
        std::snprintf(expected, sizeof expected, "\"a\\u%04xb\"", c);
        const std::string in = std::string("a") + static_cast<char>(c) + "b";
        CHECK_MSG(json_quote(in) == expected, "byte 0x%02x: %s", c, json_quote(in).c_str());
    }
    assert_string_equal(json_quote("say \"hi\" \\ there/").c_str(), "\"say \\\"hi\\\" \\\\ there/\"");
    assert_string_equal(json_quote("").c_str(), "\"\"");
    assert_string_equal(json_quote("\x7f").c_str(), "\"\x7f\"");  // DEL is allowed raw in JSON
}

void test_json_passes_utf8_and_replaces_invalid_bytes(void **) {
    struct Case {
        const char *in, *out;
    } const cases[] = {
        {"caf\xc3\xa9", "\"caf\xc3\xa9\""},                       // 2 bytes
        {"\xe2\x86\x92 \xe2\x89\xa4", "\"\xe2\x86\x92 \xe2\x89\xa4\""},  // 3 bytes
        {"\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\""},             // 4 bytes
        {"\xef\xbf\xbf", "\"\xef\xbf\xbf\""},                     // U+FFFF is valid
        {"a\x80z", "\"a\\ufffdz\""},                              // lone continuation byte
        {"\xc0\x80", "\"\\ufffd\\ufffd\""},                       // overlong NUL
        {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""},            // a surrogate
        {"\xf5\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""}, // above U+10FFFF
        {"\xe2\x86", "\"\\ufffd\\ufffd\""},                       // truncated at the end
        {"\xc3(", "\"\\ufffd(\""},                                // a lead byte without its continuation
        {"latin1 \xe9t\xe9", "\"latin1 \\ufffdt\\ufffd\""},
    };
    for (const Case &c : cases) CHECK_MSG(json_quote(c.in) == c.out, "%s gave %s", c.out, json_quote(c.in).c_str());
}

void test_json_writer_layouts(void **) {
    auto build = [](JsonWriter &j) {
        j.begin_object()
            .member("tool", "warpspan")
            .member("n", 3u)
            .member("neg", -5)
            .member("big", UINT64_MAX)
            .member("ok", true)
            .member("seconds", 0.25, 3)
            .key("none")
            .null()
            .key("witness")
            .begin_array(JsonWriter::Layout::kInline)
            .unsigned_integer(1)
            .unsigned_integer(2)
            .end_array()
            .key("rows")
            .begin_array()
            .begin_object(JsonWriter::Layout::kInline)
            .member("w", 1)
            .end_object()
            .end_array()
            .key("empty")
            .begin_object()
            .end_object()
            .end_object();
    };
    JsonWriter pretty;
    build(pretty);
    assert_true(pretty.complete());
    assert_string_equal(pretty.text().c_str(),
                        "{\n"
                        "  \"tool\": \"warpspan\",\n"
                        "  \"n\": 3,\n"
                        "  \"neg\": -5,\n"
                        "  \"big\": 18446744073709551615,\n"
                        "  \"ok\": true,\n"
                        "  \"seconds\": 0.250,\n"
                        "  \"none\": null,\n"
                        "  \"witness\": [1, 2],\n"
                        "  \"rows\": [\n"
                        "    {\"w\": 1}\n"
                        "  ],\n"
                        "  \"empty\": {}\n"
                        "}\n");
    JsonWriter compact(JsonWriter::Style::kCompact);
    build(compact);
    assert_string_equal(compact.text().c_str(),
                        "{\"tool\":\"warpspan\",\"n\":3,\"neg\":-5,\"big\":18446744073709551615,\"ok\":true,"
                        "\"seconds\":0.250,\"none\":null,\"witness\":[1,2],\"rows\":[{\"w\":1}],\"empty\":{}}\n");
    JsonWriter open;
    open.begin_array();
    assert_false(open.complete());
    assert_string_equal(open.text().c_str(), "[");
}

void test_json_numbers(void **) {
    struct Case {
        double v;
        int decimals;
        const char *out;
    } const cases[] = {
        {0.25, 3, "0.250"}, {1.0 / 3, 6, "0.333333"}, {2.5, 0, "2"}, {-0.0001, 3, "0.000"},
        {-1.5, 1, "-1.5"},  {1e300, 0, nullptr},      {std::nan(""), 3, "null"},
        {HUGE_VAL, 3, "null"},
    };
    for (const Case &c : cases) {
        JsonWriter j;
        j.number(c.v, c.decimals);
        if (c.out) CHECK_MSG(j.text() == std::string(c.out) + "\n", "%g: %s", c.v, j.text().c_str());
        else assert_true(j.complete());  // a huge value still prints (digits, no exponent)
    }
}

void test_json_output_is_valid_json(void **) {
    // Every byte value inside a key and a value; python's json module is the independent judge.
    std::string all;
    for (int c = 1; c < 256; ++c) all += static_cast<char>(c);
    JsonWriter j;
    j.begin_object().member(all, all).end_object();
    const std::string dir = temp_dir();
    const std::string path = dir + "/all.json";
    std::ofstream(path, std::ios::binary) << j.text();
    int status = 0;
    // The 127 ASCII characters come back as they were, and the 128 bytes 0x80..0xFF (no valid UTF-8
    // among them) as U+FFFD each.
    const std::string out = run_shell(
        "python3 -c 'import json,sys; d=json.load(open(sys.argv[1], encoding=\"utf-8\")); k=list(d)[0]; "
        "e=\"\".join(chr(c) for c in range(1,128))+\"\\ufffd\"*128; print(\"ok\" if k==e and d[k]==e else ascii(k))' " +
            path + " 2>&1",
        &status);
    remove_tree(dir);
    if (contains(out, "not found")) return;  // no python3 on this machine
    CHECK_MSG(status == 0 && out == "ok\n", "python says: %s", out.c_str());
}

// ==== number parser ==================================================================================

void test_parse_unsigned(void **) {
    struct Case {
        const char *text;
        uint64_t lo, hi;
        bool ok;
        uint64_t value;
        const char *why;
    } const cases[] = {
        {"0", 0, 10, true, 0, ""},
        {"10", 0, 10, true, 10, ""},
        {"007", 0, 10, true, 7, ""},
        {"11", 0, 10, false, 0, "'11' is out of range 0..10"},
        {"0", 1, 4096, false, 0, "out of range 1..4096"},
        {"4294967296", 1, 4096, false, 0, "'4294967296' is out of range 1..4096"},
        {"4294967296", 0, UINT32_MAX, false, 0, "out of range 0..4294967295"},
        {"18446744073709551615", 0, UINT64_MAX, true, UINT64_MAX, ""},
        {"18446744073709551616", 0, UINT64_MAX, false, 0, "'18446744073709551616' is too large (at most 18446744073709551615)"},
        {"99999999999999999999999999", 1, UINT64_MAX, false, 0, "is too large (at most 18446744073709551615)"},
        {"0", 1, UINT64_MAX, false, 0, "'0' is out of range (at least 1)"},
        {"", 1, 5, false, 0, "empty value"},
        {"+1", 0, 10, false, 0, "not a decimal integer"},
        {"-1", 0, 10, false, 0, "not a decimal integer"},
        {"0x10", 0, 100, false, 0, "not a decimal integer"},
        {"1e3", 0, 10000, false, 0, "not a decimal integer"},
        {" 1", 0, 10, false, 0, "not a decimal integer"},
        {"1 ", 0, 10, false, 0, "not a decimal integer"},
        {"1.0", 0, 10, false, 0, "not a decimal integer"},
        {"\xd9\xa1", 0, 10, false, 0, "not a decimal integer"},  // an Arabic-Indic digit
    };
    for (const Case &c : cases) {
        uint64_t v = 12345;
        std::string why;
        const bool ok = parse_unsigned(c.text, c.lo, c.hi, v, why);
        CHECK_MSG(ok == c.ok, "'%s': ok %d, why %s", c.text, ok, why.c_str());
        if (ok) CHECK_MSG(v == c.value, "'%s' gave %llu", c.text, static_cast<unsigned long long>(v));
        else CHECK_MSG(contains(why, c.why) && v == 12345, "'%s': why '%s'", c.text, why.c_str());
    }
}

void test_parse_decimal(void **) {
    struct Case {
        const char *text;
        double lo, hi;
        bool open, ok;
        double value;
        const char *why;
    } const cases[] = {
        {"2", 0, 1e9, true, true, 2, ""},
        {"0.5", 0, 1e9, true, true, 0.5, ""},
        {".5", 0, 1e9, true, true, 0.5, ""},
        {"2.", 0, 1e9, true, true, 2, ""},
        {"0", 0, 1e9, true, false, 0, "'0' is out of range (above 0, up to 1000000000)"},
        {"0.0", 0, 1e9, true, false, 0, "out of range"},
        {"0", 0, 65535, false, true, 0, ""},
        {"65535", 0, 65535, false, true, 65535, ""},
        {"65535.5", 0, 65535, false, false, 0, "out of range (0..65535)"},
        {"1000000001", 0, 1e9, true, false, 0, "out of range"},
        {"", 0, 1, false, false, 0, "empty value"},
        {".", 0, 1, false, false, 0, "not a decimal number"},
        {"1.2.3", 0, 9, false, false, 0, "not a decimal number"},
        {"1e3", 0, 1e9, false, false, 0, "not a decimal number"},
        {"-1", 0, 1, false, false, 0, "not a decimal number"},
        {"+1", 0, 9, false, false, 0, "not a decimal number"},
        {"inf", 0, 1e9, false, false, 0, "not a decimal number"},
        {"nan", 0, 1e9, false, false, 0, "not a decimal number"},
        {"0x1p3", 0, 1e9, false, false, 0, "not a decimal number"},
        {" 1", 0, 9, false, false, 0, "not a decimal number"},
    };
    for (const Case &c : cases) {
        double v = -7;
        std::string why;
        const bool ok = parse_decimal(c.text, c.lo, c.hi, c.open, v, why);
        CHECK_MSG(ok == c.ok, "'%s': ok %d, why %s", c.text, ok, why.c_str());
        if (ok) CHECK_MSG(v == c.value, "'%s' gave %g", c.text, v);
        else CHECK_MSG(contains(why, c.why) && v == -7, "'%s': why '%s'", c.text, why.c_str());
    }
}

// ==== did you mean ===================================================================================

void test_edit_distance_and_suggestions(void **) {
    assert_int_equal(edit_distance("tabel", "table"), 1);  // a transposition
    assert_int_equal(edit_distance("", "abc"), 3);
    assert_int_equal(edit_distance("kitten", "sitting"), 3);
    assert_int_equal(edit_distance("--wraps", "--warps"), 1);
    assert_int_equal(edit_distance("same", "same"), 0);
    const std::vector<std::string> commands{"ptx", "pws", "ipet", "table", "help"};
    assert_string_equal(did_you_mean("tabel", commands).c_str(), "; did you mean 'table'?");
    assert_string_equal(closest_word("ipte", commands).c_str(), "ipet");
    assert_string_equal(closest_word("hlep", commands).c_str(), "help");
    assert_string_equal(closest_word("x", commands).c_str(), "");          // too short to guess
    // a part of a longer flag: one candidate with it as a whole dash-separated end or start
    const std::vector<std::string> flags = {"--loop-bound", "--loop-bounds", "--warps", "--expansion-arch", "--arch"};
    assert_string_equal(closest_word("--bounds", flags).c_str(), "--loop-bounds");
    assert_string_equal(closest_word("--bound", flags).c_str(), "--loop-bound");
    assert_string_equal(closest_word("--expansion", flags).c_str(), "--expansion-arch");
    assert_string_equal(closest_word("--loop", flags).c_str(), "");     // the start of two: no guess
    assert_string_equal(closest_word("--ounds", flags).c_str(), "");    // not a whole part
    assert_string_equal(closest_word("--arc", flags).c_str(), "--arch");  // a typo first
    assert_string_equal(closest_word("analyse", commands).c_str(), "");    // too far from all
    assert_string_equal(did_you_mean("zzzzz", commands).c_str(), "");
}

// ==== flag table =====================================================================================

void test_flag_table_is_consistent(void **) {
    size_t count = 0;
    const FlagSpec *flags = flag_specs(count);
    assert_int_equal(count, kFlagCount);
    for (size_t i = 0; i < count; ++i) {
        const FlagSpec &f = flags[i];
        CHECK_MSG(static_cast<size_t>(f.id) == i, "entry %zu (%s) has the id of another", i, f.name);
        CHECK_MSG(std::strncmp(f.name, "--", 2) == 0 && std::strlen(f.name) >= 3, "%s", f.name);
        CHECK_MSG(f.commands != 0, "%s belongs to no command", f.name);
        CHECK_MSG(f.help && f.help[0] && f.help[std::strlen(f.help) - 1] != '.', "%s: help", f.name);
        CHECK_MSG((f.type == ValueType::kNone) == (f.metavar == nullptr), "%s: metavar", f.name);
        const bool needs_choices = f.type == ValueType::kChoice || f.type == ValueType::kChoiceSet ||
                                   f.type == ValueType::kChoiceSequence || f.type == ValueType::kKeyValues;
        CHECK_MSG(!needs_choices || choice_count(f.choices) >= 2, "%s: choices", f.name);
        CHECK_MSG(f.lo <= f.hi && (f.type != ValueType::kDecimal || f.dlo < f.dhi), "%s: range", f.name);
        CHECK_MSG(!(f.default_value && f.default_text), "%s: two defaults", f.name);
        // The field names are the library's (wsp_field_name).
        bool known = false;
        for (uint32_t code = 0; code < 256 && !known; ++code) known = std::strcmp(wsp_field_name(code), f.field) == 0;
        CHECK_MSG(known, "%s: unknown field name '%s'", f.name, f.field);
        if (f.default_value) {
            FlagValue v;
            std::string why;
            CHECK_MSG(parse_value(f, f.default_value, v, why), "%s: default '%s': %s", f.name, f.default_value,
                      why.c_str());
        }
    }
    // Within a command a spelling names one flag.
    for (size_t c = 0; c < kCommandCount; ++c) {
        std::set<std::string> seen;
        for (const FlagSpec *f : flags_of(static_cast<Command>(c))) {
            CHECK_MSG(seen.insert(f->name).second, "command %zu: %s twice", c, f->name);
            if (f->short_name) CHECK_MSG(seen.insert(std::string("-") + f->short_name).second, "short -%c", f->short_name);
            CHECK_MSG(find_flag(static_cast<Command>(c), f->name) == f, "find_flag %s", f->name);
        }
        CHECK_MSG(find_flag(static_cast<Command>(c), "--help") != nullptr, "command %zu has no --help", c);
    }
    size_t conflicts = 0;
    const FlagConflict *conflict = flag_conflicts(conflicts);
    for (size_t k = 0; k < conflicts; ++k)
        CHECK_MSG(flag_spec(conflict[k].a).belongs_to(conflict[k].command) &&
                      flag_spec(conflict[k].b).belongs_to(conflict[k].command),
                  "conflict %zu names a flag of another command", k);
    size_t commands = 0;
    const CommandSpec *cs = command_specs(commands);
    for (size_t c = 0; c < commands; ++c) CHECK_MSG(static_cast<size_t>(cs[c].id) == c, "command %zu", c);
}

// Every flag warpspan 0.x accepts (options.cpp, ptx_command.cpp, pws_command.cpp, ipet_command.cpp,
// table_command.cpp) is in the table for its command, plus the new ones of 1.0.
void test_flag_table_covers_every_flag(void **) {
    struct Case {
        Command command;
        const char *flags;
    } const cases[] = {
        {Command::kAnalyse,
         "--help -h --version --json --quiet --kernel --warps --units --latency --warp-size --schedulers --arch "
         "--method --witness --budget --memory --timeout --constraints --x --threads --iterations --restarts "
         "--init --t0 --moves --seed --convergence --plot --svg --write-lp --require-exact"},
        {Command::kPtx,
         "--entry --path --prefix --loop-bound --loop-bounds --unknown-opcode --expansion-arch --ptxas-info "
         "--write-cfg --json --help -h --warps --method --units --arch --timeout --require-exact"},
        {Command::kPws,
         "--help -h --json --ipet --split --format --csv-base --spsimds --cus --simds --wf-contexts --wf-size "
         "--wg-size --workgroups --delay --split-cost --merge-cost --contexts --explain"},
        {Command::kIpet, "--help -h --json --timeout"},
        {Command::kTable,
         "--help -h --kernel --warps --units --latency --warp-size --schedulers --spec --name --columns --timeout "
         "--budget --memory --restarts --iterations --seed --threads --quiet --shard --format -o --output --guard "
         "--timing --require-exact --arch --svg"},
        {Command::kMerge, "--help -h --format -o --output --guard --timing --svg"},
        {Command::kHelp, "--help -h"},
    };
    for (const Case &c : cases) {
        std::istringstream words(c.flags);
        std::string w;
        while (words >> w) CHECK_MSG(find_flag(c.command, w) != nullptr, "%s lacks %s", command_title(c.command).c_str(), w.c_str());
    }
    assert_null(find_flag(Command::kPws, "--warps"));
    assert_null(find_flag(Command::kMerge, "--kernel"));
}

void test_choices_match_the_program(void **) {
    // The --arch choices are the presets of arch_presets.cpp, in order.
    size_t presets = 0;
    const wsp::host::ArchPreset *p = wsp::host::arch_presets(presets);
    const FlagSpec &arch = flag_spec(Flag::kArch);
    assert_int_equal(choice_count(arch.choices), presets);
    for (size_t i = 0; i < presets; ++i) assert_string_equal(arch.choices[i], p[i].name);
    // The enums index the choices.
    assert_string_equal(flag_spec(Flag::kMethod).choices[static_cast<int>(Method::kEstimate)], "estimate");
    assert_string_equal(flag_spec(Flag::kColumns).choices[static_cast<int>(Column::kAnneal)], "anneal");
    assert_string_equal(flag_spec(Flag::kInit).choices[static_cast<int>(AnnealInit::kStarve)], "starve");
    assert_int_equal(static_cast<int>(AnnealInit::kStarve), WSP_POLICY_STARVE);
    assert_int_equal(static_cast<int>(AnnealInit::kMostPending), WSP_POLICY_MOST_PENDING);
    assert_string_equal(flag_spec(Flag::kMoves).choices[static_cast<int>(Moves::kLocal)], "local");
    assert_string_equal(flag_spec(Flag::kConstraints).choices[static_cast<int>(Constraints::kLong)], "long");
    assert_string_equal(flag_spec(Flag::kTableFormat).choices[static_cast<int>(TableFormat::kJson)], "json");
    assert_string_equal(flag_spec(Flag::kGraphFormat).choices[static_cast<int>(GraphFormat::kCsv)], "csv");
    assert_string_equal(flag_spec(Flag::kPath).choices[static_cast<int>(Branch::kNotTaken)], "not-taken");
    assert_string_equal(flag_spec(Flag::kSplit).choices[static_cast<int>(SplitKeyword::kNone)], "none");
    assert_string_equal(flag_spec(Flag::kSplit).choices[static_cast<int>(SplitKeyword::kOptimal)], "optimal");
    assert_string_equal(flag_spec(Flag::kContexts).choices[static_cast<int>(ContextsMode::kCount)], "count");
    assert_string_equal(flag_spec(Flag::kUnknownOpcode).choices[WSP_UNIT_S], "S");
}

// ==== flag parser ====================================================================================

struct Fixture {
    std::string dir, file;  // a directory with one readable file
};

Fixture make_fixture() {
    Fixture f;
    f.dir = temp_dir();
    f.file = f.dir + "/graph.txt";
    std::ofstream(f.file) << "x\n";
    return f;
}

bool never_exists(const std::string &) { return false; }

void test_parser_accepts(void **) {
    const Fixture fx = make_fixture();
    ParsedArgs a;
    Failure failure;
    assert_true(parse_command_line({"--warps", "16", "--kernel=L5 C9", "--units", "l=32, C=128", "--method",
                                    "exact,anneal", "--timeout", "2.5", "--witness", "1,2, 3 4"},
                                   a, failure));
    assert_int_equal(static_cast<int>(a.command), static_cast<int>(Command::kAnalyse));
    assert_int_equal(a.number(Flag::kWarps), 16);
    assert_string_equal(a.text(Flag::kKernel).c_str(), "L5 C9");
    assert_int_equal(a[Flag::kUnits].pairs.size(), 2);
    assert_int_equal(a[Flag::kUnits].pairs[0].first, WSP_UNIT_L);
    assert_int_equal(a[Flag::kUnits].pairs[1].second, 128);
    const std::vector<Method> m = a.choices<Method>(Flag::kMethod);
    assert_int_equal(m.size(), 2);
    assert_true(m[0] == Method::kExact && m[1] == Method::kAnneal);
    assert_true(a.decimal(Flag::kTimeout) == 2.5);
    assert_int_equal(a[Flag::kWitness].items.size(), 4);
    // Defaults apply where the table has one, marked as not given.
    assert_true(a.has(Flag::kSeed) && !a.given(Flag::kSeed) && a.number(Flag::kSeed) == 1);
    assert_true(a.has(Flag::kT0) && a.decimal(Flag::kT0) == 0.3);
    assert_true(a.choice<Moves>(Flag::kMoves) == Moves::kUniform);
    assert_false(a.has(Flag::kBudget));
    assert_false(a.has(Flag::kThreads));  // its default depends on the machine

    assert_true(parse_command_line({"--warps", "2"}, a, failure));
    assert_true(a.choices<Method>(Flag::kMethod) == std::vector<Method>{Method::kBound});

    assert_true(parse_command_line({"pws", fx.file, "--split", "all", "--cus", "8"}, a, failure));
    assert_true(a.command == Command::kPws && a[Flag::kSplit].keyword);
    assert_true(a.choice<SplitKeyword>(Flag::kSplit) == SplitKeyword::kAll);
    assert_int_equal(a.number(Flag::kSimds), 4);  // a default
    assert_true(parse_command_line({"pws", fx.file, "--split", "3,1"}, a, failure));
    assert_true(!a[Flag::kSplit].keyword && a[Flag::kSplit].items == std::vector<uint64_t>({3, 1}));

    assert_true(parse_command_line({"table", "merge", fx.file, fx.file, "-o", fx.dir + "/t.h"}, a, failure));
    assert_true(a.command == Command::kMerge && a.operands.size() == 2);
    assert_string_equal(a.text(Flag::kOutput).c_str(), (fx.dir + "/t.h").c_str());

    assert_true(parse_command_line({"table", "--kernel", "L", "--warps", "3", "--shard", "2/3"}, a, failure));
    assert_true(a[Flag::kShard].items == std::vector<uint64_t>({2, 3}));

    assert_true(parse_command_line({"ptx", fx.file, "--path", "t,n,taken,t", "--warps", "4"}, a, failure));
    assert_true(a.choices<Branch>(Flag::kPath).size() == 4);
    // A repeatable flag keeps every value, in order.
    assert_true(parse_command_line({"ptx", fx.file, "--loop-bound", "a=3", "--loop-bound=b=4"}, a, failure));
    assert_true(a[Flag::kLoopBound].texts == std::vector<std::string>({"a=3", "b=4"}));
    assert_true(parse_command_line({"pws", fx.file, "--split", "optimal", "--contexts", "count"}, a, failure));
    assert_true(a[Flag::kSplit].keyword && a.choice<SplitKeyword>(Flag::kSplit) == SplitKeyword::kOptimal);
    assert_true(a.choice<ContextsMode>(Flag::kContexts) == ContextsMode::kCount);

    // --help anywhere wins over everything else on the line.
    assert_true(parse_command_line({"--bogus", "--help", "--warps", "0"}, a, failure));
    assert_true(a.help);
    assert_true(parse_command_line({"help", "table", "merge"}, a, failure));
    assert_true(a.command == Command::kHelp && a.operands.size() == 2);
    Command named;
    assert_true(command_named({"merge"}, named, failure) && named == Command::kMerge);
    assert_true(command_named({"table", "merge"}, named, failure) && named == Command::kMerge);
    assert_true(command_named({"pws"}, named, failure) && named == Command::kPws);
    // An existing file as the first word is the main command's CONFIG.
    assert_true(parse_command_line({fx.file, "--warps", "1"}, a, failure));
    assert_true(a.command == Command::kAnalyse && a.operands.size() == 1);
    // `--` ends the flags.
    assert_true(parse_command_line({"--warps", "1", "--", fx.file}, a, failure));
    assert_int_equal(a.operands.size(), 1);
    // A value may start with '-' when it is no flag of the command.
    assert_true(parse_command_line({"--kernel", "-L", "--warps", "1"}, a, failure));
    assert_string_equal(a.text(Flag::kKernel).c_str(), "-L");
    remove_tree(fx.dir);
}

void test_parser_rejects(void **) {
    const Fixture fx = make_fixture();
    const std::string dir = fx.dir, file = fx.file;
    struct Case {
        std::vector<std::string> args;
        ExitCode exit;
        const char *origin;
        const char *message;
        const char *field;
    };
    const Case cases[] = {
        {{"tabel"}, ExitCode::kUsage, "", "unknown command 'tabel'; did you mean 'table'?", "none"},
        {{"pwz", "g"}, ExitCode::kUsage, "", "did you mean 'pws'?", "none"},
        {{"frobnicate"}, ExitCode::kUsage, "", "unknown command 'frobnicate' (commands: ptx, pws, ipet, table, help", "none"},
        {{"merge", file}, ExitCode::kUsage, "", "did you mean 'table merge'?", "none"},
        {{"help", "tabel"}, ExitCode::kUsage, "warpspan help", "unknown command 'tabel'; did you mean 'table'?", "none"},
        {{"--wraps", "3"}, ExitCode::kUsage, "--wraps", "unknown flag; did you mean '--warps'?", "none"},
        {{"--wraps=3"}, ExitCode::kUsage, "--wraps", "did you mean '--warps'?", "none"},
        {{"--zzzzzzz"}, ExitCode::kUsage, "--zzzzzzz", "unknown flag (see warpspan --help)", "none"},
        {{"--spec", file}, ExitCode::kUsage, "--spec", "not a flag of `warpspan` (it belongs to `warpspan table`)", "none"},
        {{"pws", file, "--warps", "3"}, ExitCode::kUsage, "--warps", "(it belongs to `warpspan`, `warpspan ptx`, `warpspan table`)", "none"},
        {{"--warps", "0"}, ExitCode::kUsage, "--warps", "'0' is out of range 1..65536", "warps"},
        {{"--warps", "65537"}, ExitCode::kUsage, "--warps", "out of range 1..65536", "warps"},
        {{"--warps", "-3"}, ExitCode::kUsage, "--warps", "not a decimal integer", "warps"},
        {{"--warps", "0x10"}, ExitCode::kUsage, "--warps", "not a decimal integer", "warps"},
        {{"--warps", "+3"}, ExitCode::kUsage, "--warps", "not a decimal integer", "warps"},
        {{"--threads", "4294967296"}, ExitCode::kUsage, "--threads", "'4294967296' is out of range 1..4096", "threads"},
        {{"--seed", "18446744073709551616"}, ExitCode::kUsage, "--seed", "is too large", "none"},
        {{"--warps", "3", "--warps", "3"}, ExitCode::kUsage, "--warps", "given twice", "warps"},
        {{"--warps"}, ExitCode::kUsage, "--warps", "needs a value (W)", "warps"},
        {{"--warps", "--json"}, ExitCode::kUsage, "--warps", "needs a value (W)", "warps"},
        {{"--json=yes"}, ExitCode::kUsage, "--json", "takes no value", "none"},
        {{"--kernel", ""}, ExitCode::kUsage, "--kernel", "empty value", "kernel"},
        {{"--units", "L=32,L=16"}, ExitCode::kUsage, "--units", "L given twice", "units"},
        {{"--units", "L=32,l=16"}, ExitCode::kUsage, "--units", "L given twice", "units"},
        {{"--units", "L=32,"}, ExitCode::kUsage, "--units", "empty item 2 in 'L=32,' (a trailing comma?)", "units"},
        {{"--units", ",L=32"}, ExitCode::kUsage, "--units", "empty item 1", "units"},
        {{"--units", "X=3"}, ExitCode::kUsage, "--units", "'X=3' is not KEY=N with KEY one of L, C, S, D", "units"},
        {{"--units", "L32"}, ExitCode::kUsage, "--units", "not KEY=N", "units"},
        {{"--units", "C=0"}, ExitCode::kUsage, "--units", "C: '0' is out of range 1..65536", "units"},
        {{"--latency", "S=1025"}, ExitCode::kUsage, "--latency", "out of range 1..1024", "latency"},
        {{"--method", "bound,,exact"}, ExitCode::kUsage, "--method", "empty item 2", "none"},
        {{"--method", "exact,"}, ExitCode::kUsage, "--method", "trailing comma", "none"},
        {{"--method", "exact,exact"}, ExitCode::kUsage, "--method", "'exact' given twice", "none"},
        {{"--method", "exakt"}, ExitCode::kUsage, "--method", "unknown value 'exakt' (choices: bound, lower, anneal, exact, ilp, estimate, bracket); did you mean 'exact'?", "none"},
        {{"--arch", "sm_99"}, ExitCode::kUsage, "--arch", "unknown value 'sm_99'", "none"},
        {{"--witness", "1,,2"}, ExitCode::kUsage, "--witness", "empty item 2", "pseudo_precedence"},
        {{"--witness", "1,0"}, ExitCode::kUsage, "--witness", "item 2: '0' is out of range 1..65536", "pseudo_precedence"},
        {{"--t0", "1e3"}, ExitCode::kUsage, "--t0", "not a decimal number", "temperature"},
        {{"--timeout", "0"}, ExitCode::kUsage, "--timeout", "out of range (above 0, up to 1000000000)", "seconds"},
        {{"--timeout", "-1"}, ExitCode::kUsage, "--timeout", "not a decimal number", "seconds"},
        {{"--svg", "/nonexistent-dir/x.svg"}, ExitCode::kIo, "--svg", "cannot write '/nonexistent-dir/x.svg': no such directory '/nonexistent-dir'", "path"},
        {{"--svg", dir}, ExitCode::kIo, "--svg", "it is a directory", "path"},
        {{"--svg", dir + "/"}, ExitCode::kIo, "--svg", "it is a directory", "path"},
        {{"--svg", file + "/x.svg"}, ExitCode::kIo, "--svg", "is not a directory", "path"},
        {{dir + "/missing.cfg"}, ExitCode::kInput, "CONFIG", "No such file or directory", "path"},
        {{dir}, ExitCode::kInput, "CONFIG", "it is a directory, not a file", "path"},
        {{"/dev/zero"}, ExitCode::kInput, "CONFIG", "'/dev/zero': it is a device that never ends", "path"},
        {{"ptx", "/dev/urandom"}, ExitCode::kInput, "FILE.ptx", "it is a device that never ends", "path"},
        {{file, file}, ExitCode::kUsage, "warpspan", "more than one CONFIG", "none"},
        {{"pws"}, ExitCode::kUsage, "warpspan pws", "missing GRAPH", "none"},
        {{"table", "merge"}, ExitCode::kUsage, "warpspan table merge", "missing PART", "none"},
        {{"table", "--spec", dir + "/none.spec"}, ExitCode::kInput, "--spec", "No such file", "path"},
        {{"table", "--spec", file, "--warps", "3"}, ExitCode::kUsage, "--spec", "cannot go with --warps", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "--shard", "1/2", "--format", "csv"}, ExitCode::kUsage, "--shard", "cannot go with --format", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "--shard", "3/2"}, ExitCode::kUsage, "--shard", "i: '3' is out of range 1..2", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "--shard", "1/0"}, ExitCode::kUsage, "--shard", "n: '0' is out of range", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "--shard", "12"}, ExitCode::kUsage, "--shard", "'12' is not i/n", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "--name", "9lives"}, ExitCode::kUsage, "--name", "'9lives' is not a C identifier", "none"},
        {{"table", "--kernel", "L", "--warps", "3", "-o", "a.h", "--output", "b.h"}, ExitCode::kUsage, "--output", "given twice", "path"},
        {{"table", "--kernel", "L", "--warps", "3", "--format", "xml"}, ExitCode::kUsage, "--format", "(choices: header, csv, json)", "none"},
        {{"pws", file, "--format", "header"}, ExitCode::kUsage, "--format", "(choices: text, csv)", "none"},
        {{"pws", file, "--split", "1,x"}, ExitCode::kUsage, "--split", "(or one of: all, none, optimal)", "cfg_node"},
        {{"pws", file, "--csv-base", "2"}, ExitCode::kUsage, "--csv-base", "out of range 0..1", "none"},
        {{"ptx", file, "--path", "t,maybe"}, ExitCode::kUsage, "--path", "item 2: unknown value 'maybe'", "ptx_options"},
        {{"ptx", file, "--path", "t", "--prefix"}, ExitCode::kUsage, "--path", "cannot go with --prefix", "none"},
        {{"ptx", file, "--worst"}, ExitCode::kUsage, "--worst", "no longer a flag of `warpspan ptx`: the whole kernel is the default", "none"},
        {{"ptx", file, "--unknown-opcode", "X"}, ExitCode::kUsage, "--unknown-opcode", "unknown value 'X' (choices: L, C, S, D)", "ptx_options"},
        {{"ptx", file, "--entry", "a", "--entry", "b"}, ExitCode::kUsage, "--entry", "given twice", "ptx_options"},
        {{"pws", file, "--contexts", "paths"}, ExitCode::kUsage, "--contexts", "unknown value 'paths' (choices: paper, count)", "none"},
        {{"ipet", file, "--timeout", "soon"}, ExitCode::kUsage, "--timeout", "not a decimal number", "seconds"},
        {{"help", "a", "b", "c"}, ExitCode::kUsage, "warpspan help", "too many operands", "none"},
    };
    for (const Case &c : cases) {
        ParsedArgs a;
        Failure f;
        std::string line;
        for (const std::string &w : c.args) line += w + " ";
        const bool ok = parse_command_line(c.args, a, f, never_exists);
        CHECK_MSG(!ok, "accepted: %s", line.c_str());
        if (ok) continue;
        CHECK_MSG(f.exit == c.exit, "%s: exit %d", line.c_str(), static_cast<int>(f.exit));
        CHECK_MSG(f.origin == c.origin, "%s: origin '%s'", line.c_str(), f.origin.c_str());
        CHECK_MSG(contains(f.message, c.message), "%s: message '%s'", line.c_str(), f.message.c_str());
        CHECK_MSG(f.field == c.field, "%s: field '%s'", line.c_str(), f.field.c_str());
        CHECK_MSG(f.status == exit_code_info(c.exit).name, "%s: status '%s'", line.c_str(), f.status.c_str());
    }
    remove_tree(dir);
}

// ==== generated documents ============================================================================

void test_help_of_every_command(void **) {
    for (size_t k = 0; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        const std::string help = help_text(c);
        CHECK_MSG(help.rfind("usage: " + command_title(c) + " ", 0) == 0, "%s", help.c_str());
        for (const FlagSpec *f : flags_of(c)) CHECK_MSG(contains(help, flag_usage(*f)), "%s: %s", command_title(c).c_str(), f->name);
        std::istringstream lines(help);
        std::string line;
        while (std::getline(lines, line)) CHECK_MSG(line.size() <= 80, "%s: long line '%s'", command_title(c).c_str(), line.c_str());
    }
    // The main help lists every command and every exit code.
    const std::string main = help_text(Command::kAnalyse);
    for (const char *name : {"ptx", "pws", "ipet", "table", "table merge", "help"})
        CHECK_MSG(contains(main, std::string("\n  ") + name + " "), "main help lacks %s", name);
    size_t count = 0;
    const ExitCodeInfo *codes = exit_codes(count);
    for (size_t k = 0; k < count; ++k)
        CHECK_MSG(contains(main, "\n  " + std::to_string(static_cast<int>(codes[k].code)) + " "), "exit %d",
                  static_cast<int>(codes[k].code));
    assert_true(contains(main, "[1..65536]"));
    assert_true(contains(main, "default 0.3]"));
    assert_string_equal(flag_description(flag_spec(Flag::kX)).c_str(),
                        "estimate: use exact T(1..N) [1..65536; default min(W, 4)]");
    assert_string_equal(flag_description(flag_spec(Flag::kTimeout)).c_str(),
                        "lower, exact, anneal and ilp: each stops after S seconds (fractions allowed): exact with a bracket, "
                        "anneal with the best found so far, ilp with its best schedule, if any [above 0, up to "
                        "1000000000]");
    assert_string_equal(flag_description(flag_spec(Flag::kJson)).c_str(), flag_spec(Flag::kJson).help);
}

void test_wrap_words(void **) {
    assert_true(wrap_words("a bb ccc dddd", 6) == std::vector<std::string>({"a bb", "ccc", "dddd"}));
    assert_true(wrap_words("averyverylongword x", 5) == std::vector<std::string>({"averyverylongword", "x"}));
    assert_true(wrap_words("  ", 10).empty());
}

// The committed files are what the table renders today.
void test_committed_documents_match_the_table(void **) {
    struct Doc {
        const char *path;
        std::string (*render)();
    } const docs[] = {
        {"/docs/warpspan.1", man_page},
        {"/tools/completion/warpspan.bash", bash_completion},
        {"/docs/cli.md", cli_reference},
    };
    for (const Doc &d : docs) {
        const std::string committed = read_file(std::string(WSP_SOURCE_DIR) + d.path);
        CHECK_MSG(committed == d.render(),
                  "%s differs from the flag table: regenerate it with `cmake --build build/host --target cli-docs`",
                  d.path);
    }
    // docs/cli.md lists every flag of every command.
    const std::string md = cli_reference();
    for (size_t k = 0; k < kCommandCount; ++k)
        for (const FlagSpec *f : flags_of(static_cast<Command>(k)))
            CHECK_MSG(contains(md, std::string("| `") + f->name) || contains(md, "`-" + std::string(1, f->short_name)),
                      "cli.md lacks %s", f->name);
}

void test_man_page_renders_without_warnings(void **) {
    int status = 0;
    const std::string out =
        run_shell("groff -man -Tutf8 -ww -z " + std::string(WSP_SOURCE_DIR) + "/docs/warpspan.1 2>&1", &status);
    if (contains(out, "not found")) return;  // no groff: the text equality above still holds
    CHECK_MSG(status == 0 && out.empty(), "groff: %s", out.c_str());
    const std::string text =
        run_shell("groff -man -Tascii -P-cbou " + std::string(WSP_SOURCE_DIR) + "/docs/warpspan.1 2>/dev/null");
    assert_true(contains(text, "EXIT STATUS"));
    assert_true(contains(text, "--require-exact"));
}

std::string complete(const std::string &words_line) {
    // COMP_WORDS from the words, the cursor on the last one.
    const std::string script = std::string(WSP_SOURCE_DIR) + "/tools/completion/warpspan.bash";
    const std::string cmd = "bash -c 'source " + script + "; COMP_WORDS=(" + words_line +
                            "); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _warpspan; echo \"${COMPREPLY[*]}\"' 2>&1";
    std::string out = run_shell(cmd);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

void test_bash_completion_works(void **) {
    int status = 0;
    const std::string syntax = run_shell("bash -n " + std::string(WSP_SOURCE_DIR) + "/tools/completion/warpspan.bash 2>&1", &status);
    CHECK_MSG(status == 0 && syntax.empty(), "bash -n: %s", syntax.c_str());
    struct Case {
        const char *words, *expected;
    } const cases[] = {
        {"warpspan --meth", "--method"},
        {"warpspan --method ex", "exact"},
        {"warpspan --method bound,an", "bound,anneal"},
        {"warpspan --moves \"\"", "uniform local"},
        {"warpspan tab", "table"},
        {"warpspan table mer", "merge"},
        {"warpspan table --col", "--columns"},
        {"warpspan table merge --tim", "--timing"},
        {"warpspan pws g --split \"\"", "all none optimal"},
        {"warpspan pws g --wf", "--wf-contexts --wf-size"},
        {"warpspan ptx k.ptx --path t,not", "t,not-taken"},
        {"warpspan ipet g --t", "--timeout"},
        {"warpspan help pt", "ptx"},
        {"warpspan --warps \"\"", ""},
        {"warpspan --arch sm_8", "sm_80 sm_86"},
    };
    for (const Case &c : cases) {
        const std::string got = complete(c.words);
        CHECK_MSG(got == c.expected, "'%s' completes to '%s', not '%s'", c.words, got.c_str(), c.expected);
    }
}

// ==== progress line ==================================================================================

struct FakeClock {
    double now = 100;
    ProgressLine::Clock fn() {
        return [this] { return now; };
    }
};

void test_progress_line_draws_throttled_and_monotone(void **) {
    FakeClock clock;
    std::ostringstream out;
    ProgressLine line(out, true, "exact", "states", clock.fn());
    line.update(1000, 0.1, "T(4) in [9, 12]");
    assert_true(out.str().empty());  // nothing in the first second
    clock.now = 101;
    line.update(2000000, 0.5, "T(4) in [9, 12]");
    assert_string_equal(out.str().c_str(), "\r\033[Kexact: 50%, ETA 1.0 s; 2.00 M states/s; T(4) in [9, 12]; 1.0 s");
    out.str("");
    clock.now = 101.2;
    line.update(2100000, 0.6, "x");
    assert_true(out.str().empty());  // at most twice a second
    clock.now = 101.5;
    line.update(2200000, 0.3, "");  // a smaller fraction (the table grew): the line keeps 60%
    assert_string_equal(out.str().c_str(), "\r\033[Kexact: 60%, ETA 1.0 s; 1.47 M states/s; 1.5 s");
    assert_true(line.shown_fraction() == 0.6);
    out.str("");
    clock.now = 102;
    line.update(2200000, 7.0, "");  // clamped
    assert_true(contains(out.str(), "exact: 100%; "));
    assert_false(contains(out.str(), "ETA"));
    out.str("");
    line.finish();
    assert_string_equal(out.str().c_str(), "\r\033[K");  // cleared
    out.str("");
    clock.now = 200;
    line.update(1, 0.9, "");
    line.finish();
    assert_true(out.str().empty());  // nothing after the end
}

void test_progress_line_unknown_fraction_and_disabled(void **) {
    FakeClock clock;
    std::ostringstream out;
    {
        ProgressLine line(out, true, "anneal", "iterations", clock.fn());
        clock.now = 102;
        line.update(900, -1, "best 165");
        assert_string_equal(out.str().c_str(), "\r\033[Kanneal: 450 iterations/s; best 165; 2.0 s");
        assert_true(line.shown_fraction() < 0);
    }  // the destructor clears the line
    assert_true(contains(out.str(), "2.0 s\r\033[K"));
    std::ostringstream quiet;
    {
        ProgressLine line(quiet, false, "table", "entries", clock.fn());
        clock.now = 300;
        line.update(5, 0.5, "");
        assert_true(line.shown_fraction() == 0.5);  // tracked, never drawn
    }
    assert_true(quiet.str().empty());
    // Not a terminal (the test's stderr may be one; /dev/null never is): no line.
    const int saved = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDERR_FILENO);
    const bool wanted = progress_wanted(false);
    ::dup2(saved, STDERR_FILENO);
    ::close(null);
    ::close(saved);
    assert_false(wanted);
    assert_false(progress_wanted(true));
}

void test_progress_texts(void **) {
    assert_string_equal(duration_text(0.44).c_str(), "0.4 s");
    assert_string_equal(duration_text(45.2).c_str(), "45 s");
    assert_string_equal(duration_text(185).c_str(), "3 min 05 s");
    assert_string_equal(duration_text(7380).c_str(), "2 h 03 min");
    assert_string_equal(duration_text(-1).c_str(), "0.0 s");
    assert_string_equal(rate_text(950, "states").c_str(), "950 states/s");
    assert_string_equal(rate_text(12345, "states").c_str(), "12.3 k states/s");
    assert_string_equal(rate_text(1.2e6, "iterations").c_str(), "1.20 M iterations/s");
    assert_true(budget_fraction(5, 0) < 0 && budget_fraction(5, 10) == 0.5);
    assert_true(time_fraction(1, 0) < 0 && time_fraction(1, 4) == 0.25);
}

// The exact search's percentage never goes backwards: over a run whose work and time only grow (the
// state table may grow and be emptied meanwhile, which the fraction does not see), the fraction never
// falls, stays in [0, 1] while within the limits, and is unknown (negative) without any limit.
void test_exact_fraction_is_monotone(void **) {
    const uint64_t seed = test_seed();
    uint64_t rng = seed;
    auto next = [&rng]() { return (rng = rng * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (int run = 0; run < 200; ++run) {
        const uint64_t budget = run % 3 == 0 ? 0 : 1 + next() % 100000;
        const double seconds = run % 3 == 1 ? 0 : 0.1 + static_cast<double>(next() % 1000) / 10;
        uint64_t work = 0;
        double elapsed = 0, last = -2;
        for (int step = 0; step < 100; ++step) {
            work += next() % 5000;
            elapsed += static_cast<double>(next() % 100) / 1000;
            const double f = exact_fraction(work, budget, elapsed, seconds);
            if (budget == 0 && seconds == 0) {
                CHECK_MSG(f < 0, "seed %llu: a fraction without limits", static_cast<unsigned long long>(seed));
                continue;
            }
            CHECK_MSG(f >= last && f >= 0, "seed %llu run %d: %.4f after %.4f", static_cast<unsigned long long>(seed), run,
                      f, last);
            if (work <= budget && elapsed <= seconds) CHECK_MSG(f <= 1, "seed %llu: %.4f above 1", static_cast<unsigned long long>(seed), f);
            last = f;
        }
    }
    // The line shows the largest fraction seen: a smaller one (another method's, a restart) is ignored.
    assert_true(exact_fraction(500, 1000, 0, 0) == 0.5 && exact_fraction(10, 1000, 3, 4) == 0.75);
}

// ==== output files ===================================================================================

void test_output_file_appears_whole_or_not_at_all(void **) {
    const std::string dir = temp_dir();
    const std::string path = dir + "/table.json";
    std::ofstream(path) << "old\n";
    ::umask(022);
    {
        OutputFile out;
        Failure f;
        assert_true(out.open(path, "-o", f));
        assert_true(out.write("{\"half\": ", f));
        assert_string_equal(read_file(path).c_str(), "old\n");  // untouched until commit
        assert_true(exists(out.temporary()));
        assert_true(out.temporary().rfind(dir + "/.table.json.", 0) == 0);
    }  // destroyed without commit: the temporary goes, the old file stays
    assert_string_equal(read_file(path).c_str(), "old\n");
    assert_true(list_dir(dir) == std::vector<std::string>({"table.json"}));

    OutputFile out;
    Failure f;
    assert_true(out.open(path, "-o", f));
    assert_true(out.write("{\"whole\": true}\n", f));
    assert_true(out.commit(f));
    assert_string_equal(read_file(path).c_str(), "{\"whole\": true}\n");
    assert_true(list_dir(dir) == std::vector<std::string>({"table.json"}));

    const std::string fresh = dir + "/new.csv";
    assert_true(out.open(fresh, "--convergence", f) && out.write("a,b\n", f) && out.commit(f));
    struct stat st;
    assert_int_equal(::stat(fresh.c_str(), &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);  // as open(2) would with umask 022
    // A symbolic link stays a link; the file it points to gets the new contents.
    const std::string link = dir + "/link.json";
    assert_int_equal(::symlink("table.json", link.c_str()), 0);
    assert_true(out.open(link, "-o", f) && out.write("via link\n", f) && out.commit(f));
    struct stat lst;
    assert_true(::lstat(link.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode));
    assert_string_equal(read_file(path).c_str(), "via link\n");
    ::unlink(link.c_str());
    // A stream is written in place.
    assert_true(out.open("/dev/null", "--svg", f) && out.write("x", f) && out.commit(f));
    assert_true(out.temporary().empty());
    remove_tree(dir);
}

void test_output_failures_are_io_errors(void **) {
    const std::string dir = temp_dir();
    struct Case {
        std::string path;
        const char *message;
    } const cases[] = {
        {"/nonexistent-dir/x.json", "no such directory '/nonexistent-dir'"},
        {dir, "it is a directory"},
        {"/proc/warpspan-test.json", "cannot create a file in '/proc'"},
        {"", "empty file name"},
    };
    for (const Case &c : cases) {
        OutputFile out;
        Failure f;
        CHECK_MSG(!out.open(c.path, "-o", f), "opened '%s'", c.path.c_str());
        CHECK_MSG(f.exit == ExitCode::kIo && f.origin == "-o" && contains(f.message, c.message),
                  "'%s': exit %d, %s", c.path.c_str(), static_cast<int>(f.exit), f.message.c_str());
    }
    // A directory without write permission (root writes anyway, so only as another user).
    if (::geteuid() != 0) {
        const std::string locked = dir + "/locked";
        assert_int_equal(::mkdir(locked.c_str(), 0500), 0);
        OutputFile out;
        Failure f;
        assert_false(out.open(locked + "/x.json", "-o", f));
        assert_true(f.exit == ExitCode::kIo && contains(f.message, "cannot create a file"));
        ::chmod(locked.c_str(), 0700);
    }
    // /dev/full: the write is buffered, the flush at commit fails with ENOSPC.
    OutputFile full;
    Failure f;
    assert_true(full.open("/dev/full", "--svg", f));
    assert_true(full.write(std::string(100, 'x'), f));
    assert_false(full.commit(f));
    assert_true(f.exit == ExitCode::kIo);
    CHECK_MSG(f.message == "cannot write '/dev/full': write failed: No space left on device", "%s", f.message.c_str());
    assert_string_equal(failure_text(f).c_str(),
                        "warpspan: error: --svg: cannot write '/dev/full': write failed: No space left on device");
    // stdout on /dev/full.
    std::FILE *stream = std::fopen("/dev/full", "w");
    assert_non_null(stream);
    assert_false(write_stream(stream, "result\n", "stdout", f));
    std::fclose(stream);
    assert_true(f.exit == ExitCode::kIo && f.message == "cannot write stdout: No space left on device");
    assert_true(list_dir(dir).empty());
    remove_tree(dir);
}

// The process is interrupted twice while writing: it exits 130 at once, and neither the output nor its
// temporary is left behind.
void test_interrupted_write_leaves_nothing(void **) {
    const std::string dir = temp_dir();
    const std::string path = dir + "/t.h";
    const pid_t child = ::fork();
    assert_true(child >= 0);
    if (child == 0) {
        install_interrupt_handler();
        ::close(STDERR_FILENO);  // keep the test's output clean
        OutputFile out;
        Failure f;
        if (!out.open(path, "-o", f) || !out.write("static const uint32_t t[] = {", f)) ::_exit(1);
        std::fflush(nullptr);
        ::raise(SIGINT);  // the first one only asks the search to stop
        if (!interrupt_requested() || interrupt_stop() != WSP_STOP_CANCELLED) ::_exit(2);
        ::raise(SIGINT);  // the second one quits
        ::_exit(3);
    }
    int status = 0;
    assert_int_equal(::waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 130);
    assert_true(list_dir(dir).empty());
    remove_tree(dir);
}

void test_interrupt_flag(void **) {
    reset_interrupt();
    assert_false(interrupt_requested());
    assert_int_equal(interrupt_stop(), 0);
    install_interrupt_handler();
    install_interrupt_handler();  // idempotent
    const int saved = ::dup(STDERR_FILENO);  // the handler's note goes to /dev/null
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDERR_FILENO);
    ::raise(SIGINT);
    ::dup2(saved, STDERR_FILENO);
    ::close(null);
    ::close(saved);
    assert_true(interrupt_requested());
    assert_int_equal(interrupt_stop(), WSP_STOP_CANCELLED);
    reset_interrupt();
    assert_false(interrupt_requested());
}

// ==== errors and exit codes ==========================================================================

void test_exit_code_table(void **) {
    size_t count = 0;
    const ExitCodeInfo *codes = exit_codes(count);
    std::set<std::string> names;
    for (size_t k = 0; k < count; ++k) {
        if (k > 0) assert_true(static_cast<int>(codes[k - 1].code) < static_cast<int>(codes[k].code));
        assert_true(names.insert(codes[k].name).second);
        assert_true(&exit_code_info(codes[k].code) == &codes[k]);
        assert_true(codes[k].meaning[0] && codes[k].why[0]);
    }
    assert_int_equal(count, 9);
    // The codes of warpspan 0.x keep their meaning.
    assert_int_equal(static_cast<int>(ExitCode::kOk), 0);
    assert_int_equal(static_cast<int>(ExitCode::kInput), 1);
    assert_int_equal(static_cast<int>(ExitCode::kUnavailable), 2);
    assert_int_equal(static_cast<int>(ExitCode::kInternal), 70);
    assert_int_equal(static_cast<int>(ExitCode::kUsage), 64);
    assert_int_equal(static_cast<int>(ExitCode::kIo), 74);
    assert_int_equal(static_cast<int>(ExitCode::kInterrupted), 130);
    assert_int_equal(static_cast<int>(ExitCode::kMemory), 71);
}

void test_failure_from_the_library(void **) {
    wsp_diag diag;
    size_t size = 0;
    const wsp_status s = wsp_problem_workspace_size("L5 X", 2, nullptr, &size, &diag);
    assert_int_equal(s, WSP_ERR_KERNEL_CHARACTER);
    const Failure f = library_failure(s, diag, "--kernel");
    assert_true(f.exit == ExitCode::kInput);
    assert_string_equal(f.status.c_str(), "kernel_character");
    assert_string_equal(f.field.c_str(), "kernel");
    assert_int_equal(f.column, 4);
    assert_string_equal(f.message.c_str(), diag.message);
    // An allocation failure has its own exit status (issue 18), not "invalid input".
    wsp_diag alloc{};
    alloc.status = WSP_ERR_ALLOCATION;
    const Failure m = library_failure(WSP_ERR_ALLOCATION, alloc, "--memory");
    assert_true(m.exit == ExitCode::kMemory);
    assert_string_equal(m.status.c_str(), "allocation");
    assert_false(m.message.empty());
    const std::string json = failure_json(f);
    assert_true(contains(json, "\"status\": \"kernel_character\",\n    \"field\": \"kernel\",\n    \"line\": 0,\n"
                               "    \"column\": 4,\n    \"index\": 0,\n"));
    assert_true(contains(json, "\"origin\": \"--kernel\"\n  },\n  \"exit\": 1\n}\n"));
    wsp_diag none;
    std::memset(&none, 0, sizeof none);
    assert_true(library_failure(WSP_ERR_INTERNAL, none, "exact").exit == ExitCode::kInternal);
    assert_true(library_failure(WSP_ERR_UNAVAILABLE, none, "ilp").exit == ExitCode::kUnavailable);
    assert_true(library_failure(WSP_ERR_IO, none, "--write-lp").exit == ExitCode::kIo);
    assert_string_equal(library_failure(WSP_ERR_IO, none, "x").message.c_str(), wsp_strerror(WSP_ERR_IO));
}

void test_failure_rendering(void **) {
    Failure f = usage_failure("--warps", "'0' is out of range 1..65536", "warps");
    assert_string_equal(failure_text(f).c_str(), "warpspan: error: --warps: '0' is out of range 1..65536");
    f.message = "ctl \x01 \"q\"";
    const std::string json = failure_json(f, JsonWriter::Style::kCompact);
    const std::string expected = std::string("{\"tool\":\"warpspan\",\"version\":\"") + wsp_version() +
                                 "\",\"schema\":1,\"error\":{\"status\":\"usage\",\"field\":\"warps\",\"line\":0,"
                                 "\"column\":0,\"index\":0,\"message\":\"ctl \\u0001 \\\"q\\\"\",\"origin\":\"--warps\"},"
                                 "\"exit\":64}\n";
    assert_string_equal(json.c_str(), expected.c_str());
    const Failure unknown = cli_failure(ExitCode::kUsage, "", "unknown command 'tabel'; did you mean 'table'?");
    assert_string_equal(failure_text(unknown).c_str(), "warpspan: error: unknown command 'tabel'; did you mean 'table'?");
    // report_failure: JSON on out, text on err, the exit code back.
    std::FILE *out = std::tmpfile();
    std::FILE *err = std::tmpfile();
    assert_int_equal(report_failure(f, true, out, err), 64);
    assert_int_equal(report_failure(unknown, false, out, err), 64);
    assert_true(std::ftell(out) > 0);
    std::rewind(err);
    char line[200] = {0};
    assert_non_null(std::fgets(line, sizeof line, err));
    assert_string_equal(line, "warpspan: error: unknown command 'tabel'; did you mean 'table'?\n");
    std::fclose(out);
    // An error object that cannot be written still reaches stderr as text.
    std::fclose(err);
    std::FILE *full = std::fopen("/dev/full", "w");
    std::FILE *err2 = std::tmpfile();
    assert_true(full && err2);
    assert_int_equal(report_failure(unknown, true, full, err2), 64);
    std::fclose(full);
    std::rewind(err2);
    assert_non_null(std::fgets(line, sizeof line, err2));
    assert_string_equal(line, "warpspan: error: unknown command 'tabel'; did you mean 'table'?\n");
    std::fclose(err2);
}

}  // namespace

int main(void) {
    const struct CMUnitTest json[] = {
        cmocka_unit_test(test_json_escapes_every_control_character),
        cmocka_unit_test(test_json_passes_utf8_and_replaces_invalid_bytes),
        cmocka_unit_test(test_json_writer_layouts),
        cmocka_unit_test(test_json_numbers),
        cmocka_unit_test(test_json_output_is_valid_json),
    };
    const struct CMUnitTest numbers[] = {
        cmocka_unit_test(test_parse_unsigned),
        cmocka_unit_test(test_parse_decimal),
        cmocka_unit_test(test_edit_distance_and_suggestions),
    };
    const struct CMUnitTest flags[] = {
        cmocka_unit_test(test_flag_table_is_consistent),
        cmocka_unit_test(test_flag_table_covers_every_flag),
        cmocka_unit_test(test_choices_match_the_program),
        cmocka_unit_test(test_parser_accepts),
        cmocka_unit_test(test_parser_rejects),
    };
    const struct CMUnitTest docs[] = {
        cmocka_unit_test(test_help_of_every_command),
        cmocka_unit_test(test_wrap_words),
        cmocka_unit_test(test_committed_documents_match_the_table),
        cmocka_unit_test(test_man_page_renders_without_warnings),
        cmocka_unit_test(test_bash_completion_works),
    };
    const struct CMUnitTest progress[] = {
        cmocka_unit_test(test_progress_line_draws_throttled_and_monotone),
        cmocka_unit_test(test_progress_line_unknown_fraction_and_disabled),
        cmocka_unit_test(test_progress_texts),
        cmocka_unit_test(test_exact_fraction_is_monotone),
    };
    const struct CMUnitTest outputs[] = {
        cmocka_unit_test(test_output_file_appears_whole_or_not_at_all),
        cmocka_unit_test(test_output_failures_are_io_errors),
        cmocka_unit_test(test_interrupted_write_leaves_nothing),
        cmocka_unit_test(test_interrupt_flag),
    };
    const struct CMUnitTest errors[] = {
        cmocka_unit_test(test_exit_code_table),
        cmocka_unit_test(test_failure_from_the_library),
        cmocka_unit_test(test_failure_rendering),
    };
    int failed = 0;
    failed += cmocka_run_group_tests_name("cli_json_writer", json, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_numbers", numbers, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_flags", flags, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_docs", docs, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_progress", progress, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_outputs", outputs, nullptr, nullptr);
    failed += cmocka_run_group_tests_name("cli_errors", errors, nullptr, nullptr);
    return failed;
}
