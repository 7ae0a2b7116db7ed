// WCET tables on the host: T(W) for W = 1..N of one or more kernels, one column per method (bound:
// the proven upper bound; exact: T(W) or the upper end of a bracket, a WCET either way; anneal: a
// witnessed lower bound, NOT a WCET). What a table is (its kernels, entries, seeds, the hash of its
// spec), the table spec file (docs/formats.md), and the computation: every entry's anneal restarts in
// one wsp_host_anneal_run batch, then every exact entry in one wsp_host_exact_run batch seeded with the
// annealer's schedule, so the results do not depend on the thread count. Shared by `warpspan table`
// and its merge step; internal C++ interface, it allocates.
#ifndef WSP_HOST_TABLE_TABLE_HPP
#define WSP_HOST_TABLE_TABLE_HPP

#include <stdint.h>

#include <optional>
#include <string>
#include <vector>

#include "host/analysis/analysis.hpp"

namespace wsp {
namespace host {

// One kernel/configuration of a table: W = 1..warps.
struct TableKernel {
    std::string name;          // a C identifier: it names the arrays of a C header
    std::string input_kernel;  // as given: what the entries compute with
    wsp_sm_config sm{};        // as given (0 = the default)
    uint32_t warps = 0;
    // Filled by complete_kernel (and read back from a partial table):
    std::string kernel;  // normalised, run-length written ("L5C9L2C9")
    std::string config;  // "units=L=32,C=128,S=32,D=32 latency=L=1,C=1,S=1,D=1 warp_size=32 schedulers=4"
};

enum class TableColumn : uint8_t { kBound, kExact, kAnneal, kLower };
const char *column_name(TableColumn column);  // "bound", "exact", "anneal", "lower"

struct TableOptions {
    std::vector<TableColumn> columns;
    uint64_t seed = 1;            // anneal and lower: the base of every entry's seed (entry_seed)
    uint64_t work = 0;            // lower: work units per entry; 0 = sized to the entry's problem
    uint64_t iterations = 100000; // anneal: per restart
    uint32_t restarts = 0;        // anneal: per entry; 0 = one per kind of initial solution
    uint64_t budget = 0;          // exact: states per entry; 0 = none
    uint64_t memory_mib = 0;      // exact: per entry; 0 = kDefaultMemoryMiB
    double seconds = 0;           // exact: per entry; 0 = none
    unsigned threads = 0;         // entries at once; 0 = one per hardware thread
};

// A table as written: its kernels, column names and the options that shaped it, as text.
struct TableInfo {
    std::string version;  // of the tool that computed it (wsp_version())
    std::vector<TableKernel> kernels;
    std::vector<std::string> columns;
    std::string options;  // options_text()
    size_t total = 0;     // entries: the sum of the kernels' warps
};

struct ColumnResult {
    std::string method;
    uint64_t value = 0;                       // what the table holds
    std::optional<uint64_t> lower, upper, seed;
    std::string status;      // "proven upper", "optimal", "bracket", "lower bound"
    std::string stopped_by;  // an exact bracket: "states", "memory", "time", "cancelled"; else empty
    double seconds = 0;
};

struct EntryResult {
    bool done = false;
    std::vector<ColumnResult> columns;  // in the table's column order
};

// The kernel as a spec line gives it (after the name): what the spec hash covers.
std::string kernel_line(const TableKernel &k);
// 16 hex digits over every kernel's name and kernel line.
std::string spec_hash(const std::vector<TableKernel> &kernels);
// Entry `index` of the table: kernels in order, W ascending.
void entry_at(const TableInfo &t, size_t index, size_t &kernel, uint32_t &warps);
// The annealer's seed of one entry, from the base seed, the table's name and W.
uint64_t entry_seed(uint64_t base, const std::string &name, uint32_t warps);
// The options that shape the results, as text ("exact: budget 5 states, no time limit, ...").
std::string options_text(const TableOptions &o);

// Checks the kernel at its largest W (the problem's errors) and fills in `kernel` and `config`.
bool complete_kernel(TableKernel &k, AnalysisError &error);

// A table spec file: one table per line, NAME then key=value words (kernel, config, units, latency,
// warp_size, schedulers, warps). Every kernel completed. Errors: the 1-based line (0: the file) and
// the message.
bool read_table_spec(const std::string &path, std::vector<TableKernel> &kernels, unsigned &line, std::string &error);

// The entries `indices` of the table (results[index]; the rest stay not done). An entry's error names
// it in `where` ("table NAME, W=N").
bool compute_table(const TableInfo &t, const TableOptions &o, const std::vector<size_t> &indices, RunObserver *observer,
                   std::vector<EntryResult> &results, AnalysisError &error, std::string &where);

}  // namespace host
}  // namespace wsp

#endif
