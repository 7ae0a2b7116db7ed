// `warpspan table`: WCET tables T(W) for W = 1..N of one kernel (a CONFIG file and/or the problem flags)
// or of every line of a table spec file, one column per method, computed by the library
// (lib/host/table/table.hpp) and written as a C header, CSV or JSON (table_formats.hpp). The outputs are
// opened before any work; `--shard i/n` computes a share of the entries for `warpspan table merge`.
#include <cctype>

#include "commands.hpp"
#include "run_progress.hpp"
#include "settings.hpp"
#include "table_formats.hpp"

namespace wsp_cli {
namespace {

using wsp::host::TableColumn;

wsp::host::TableOptions options_of(const ParsedArgs &a) {
    wsp::host::TableOptions o;
    for (const Column c : a.choices<Column>(Flag::kColumns))
        o.columns.push_back(c == Column::kBound   ? TableColumn::kBound
                            : c == Column::kExact ? TableColumn::kExact
                            : c == Column::kLower ? TableColumn::kLower
                                                  : TableColumn::kAnneal);
    if (a.given(Flag::kWork)) o.work = a.number(Flag::kWork);
    o.seed = a.number(Flag::kTableSeed);
    o.iterations = a.number(Flag::kTableIterations);
    if (a.given(Flag::kRestarts)) o.restarts = static_cast<uint32_t>(a.number(Flag::kRestarts));
    if (a.given(Flag::kBudget)) o.budget = a.number(Flag::kBudget);
    if (a.given(Flag::kMemory)) o.memory_mib = a.number(Flag::kMemory);
    if (a.given(Flag::kTableTimeout)) o.seconds = a.decimal(Flag::kTableTimeout);
    if (a.given(Flag::kTableThreads)) o.threads = static_cast<unsigned>(a.number(Flag::kTableThreads));
    return o;
}

// The name of a single kernel's table: --name, else the CONFIG file's name, else "kernel".
std::string table_name(const ParsedArgs &a) {
    if (a.given(Flag::kName)) return a.text(Flag::kName);
    if (a.operands.empty()) return "kernel";
    std::string base = a.operands[0].substr(a.operands[0].rfind('/') + 1);
    base = base.substr(0, base.find('.'));
    std::string out;
    for (const char c : base) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out.empty() || std::isdigit(static_cast<unsigned char>(out[0])) ? "_" + out : out;
}

bool kernels_of(const ParsedArgs &a, std::vector<wsp::host::TableKernel> &kernels, Failure &failure) {
    if (a.given(Flag::kSpec)) {
        const std::string &spec = a.text(Flag::kSpec);
        unsigned line = 0;
        std::string error;
        if (wsp::host::read_table_spec(spec, kernels, line, error)) return true;
        failure = cli_failure(ExitCode::kInput, line ? spec + ":" + std::to_string(line) : spec, error);
        failure.line = line;
        return false;
    }
    if (a.operands.empty() && !a.given(Flag::kKernel) && !a.given(Flag::kWarps))
        return failure = usage_failure("warpspan table", "nothing to tabulate: give a CONFIG file, --kernel and --warps, "
                                                         "or --spec FILE"),
               false;
    ProblemInput p;
    if (!problem_from_args(a, true, nullptr, p, failure)) return false;
    wsp::host::TableKernel k;
    k.name = table_name(a);
    k.input_kernel = p.kernel->value;
    k.sm = p.sm();
    k.warps = p.warps->value;
    wsp::host::AnalysisError error;
    if (!wsp::host::complete_kernel(k, error)) return failure = analysis_failure(p, Command::kTable, error), false;
    kernels.push_back(k);
    return true;
}

}  // namespace

bool table_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    TableOutputs out;
    if (!open_table_outputs(a, out, failure)) return false;
    const wsp::host::TableOptions o = options_of(a);
    wsp::host::TableInfo t;
    t.version = wsp_version();
    for (const TableColumn c : o.columns) t.columns.push_back(wsp::host::column_name(c));
    t.options = wsp::host::options_text(o);
    if (!kernels_of(a, t.kernels, failure)) return false;
    for (const wsp::host::TableKernel &k : t.kernels) t.total += k.warps;
    Shard shard;
    if (a.given(Flag::kShard)) shard = Shard{static_cast<unsigned>(a[Flag::kShard].items[0]), static_cast<unsigned>(a[Flag::kShard].items[1])};
    std::vector<size_t> indices;
    for (size_t index = 0; index < t.total; ++index)
        if (!shard.count || index % shard.count == shard.index - 1) indices.push_back(index);
    RunProgress progress(progress_wanted(a.given(Flag::kQuiet)), RunLimits{});
    std::vector<wsp::host::EntryResult> results;
    wsp::host::AnalysisError error;
    std::string where;
    if (!wsp::host::compute_table(t, o, indices, &progress, results, error, where)) {
        failure = library_failure(error.status, error.diag, where);
        failure.message = error.message;
        return false;
    }
    bool bracket = false;
    for (const wsp::host::EntryResult &r : results)
        for (const wsp::host::ColumnResult &c : r.columns) bracket = bracket || c.status == "bracket";
    exit = progress.stop() ? ExitCode::kInterrupted
           : a.given(Flag::kRequireExact) && bracket ? ExitCode::kNotExact
                                                       : ExitCode::kOk;
    return write_table(t, results, out, shard, failure);
}

}  // namespace wsp_cli
