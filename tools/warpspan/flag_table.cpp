#include "flag_table.hpp"

#include "warpspan.h"

namespace wsp_cli {
namespace {

constexpr CommandSet kAnalyse = command_bit(Command::kAnalyse);
constexpr CommandSet kPtx = command_bit(Command::kPtx);
constexpr CommandSet kPws = command_bit(Command::kPws);
constexpr CommandSet kIpet = command_bit(Command::kIpet);
constexpr CommandSet kTable = command_bit(Command::kTable);
constexpr CommandSet kMerge = command_bit(Command::kMerge);
constexpr CommandSet kHelp = command_bit(Command::kHelp);
constexpr CommandSet kAll = kAnalyse | kPtx | kPws | kIpet | kTable | kMerge | kHelp;
// `warpspan ptx FILE FLAGS` runs the main command on the PTX file's kernel: every analysis flag.
constexpr CommandSet kMain = kAnalyse | kPtx;
constexpr CommandSet kProblemCommands = kMain | kTable;

constexpr FlagSpec flag(Flag id, const char *name, const char *metavar, ValueType type, CommandSet commands,
                        Group group, const char *field, const char *help) {
    return FlagSpec{id, name, 0, metavar, type, commands, group, field, help};
}
constexpr FlagSpec toggle(Flag id, const char *name, CommandSet commands, Group group, const char *help) {
    return FlagSpec{id, name, 0, nullptr, ValueType::kNone, commands, group, "none", help};
}

// The choices, in the order of the enums of flag_table.hpp.
const char *const kMethodNames[] = {"bound", "lower", "anneal", "exact", "ilp", "estimate", "bracket", nullptr};
const char *const kColumnNames[] = {"bound", "exact", "anneal", "lower", nullptr};
const char *const kConstraintNames[] = {"short", "long", "strong", nullptr};
const char *const kMovesNames[] = {"uniform", "local", nullptr};
const char *const kInitNames[] = {"round-robin", "fixed-priority", "most-pending", "random", "least-progress",
                                  "starve", nullptr};
const char *const kTableFormatNames[] = {"header", "csv", "json", nullptr};
const char *const kGraphFormatNames[] = {"text", "csv", nullptr};
const char *const kBranchNames[] = {"taken", "not-taken", "t", "n", nullptr};
const char *const kSplitKeywords[] = {"all", "none", "optimal", nullptr};
const char *const kContextsNames[] = {"paper", "count", nullptr};
const char *const kUnitKeys[] = {"L", "C", "S", "D", nullptr};
// The presets of arch_presets.cpp (a test checks that the two lists agree).
const char *const kArchNames[] = {"sm_20", "sm_21", "sm_30", "sm_35", "sm_50", "sm_60", "sm_70", "sm_80",
                                  "sm_86", "sm_90", nullptr};

template <size_t N>
constexpr size_t names(const char *const (&)[N]) {
    return N - 1;  // the terminating nullptr
}
static_assert(names(kMethodNames) == static_cast<size_t>(Method::kBracket) + 1, "Method and its names");
static_assert(names(kColumnNames) == static_cast<size_t>(Column::kLower) + 1, "Column and its names");
static_assert(names(kConstraintNames) == static_cast<size_t>(Constraints::kStrong) + 1, "Constraints");
static_assert(names(kMovesNames) == static_cast<size_t>(Moves::kLocal) + 1, "Moves and its names");
static_assert(names(kInitNames) == static_cast<size_t>(AnnealInit::kStarve) + 1, "AnnealInit and its names");
static_assert(names(kTableFormatNames) == static_cast<size_t>(TableFormat::kJson) + 1, "TableFormat");
static_assert(names(kGraphFormatNames) == static_cast<size_t>(GraphFormat::kCsv) + 1, "GraphFormat");
static_assert(names(kBranchNames) == static_cast<size_t>(Branch::kN) + 1, "Branch and its names");
static_assert(names(kSplitKeywords) == static_cast<size_t>(SplitKeyword::kOptimal) + 1, "SplitKeyword");
static_assert(names(kContextsNames) == static_cast<size_t>(ContextsMode::kCount) + 1, "ContextsMode");
static_assert(names(kUnitKeys) == static_cast<size_t>(UnitKey::kD) + 1 && WSP_UNIT_D == 3, "UnitKey");

const FlagSpec kFlags[] = {
    // ---- general ----
    toggle(Flag::kHelp, "--help", kAll, Group::kGeneral, "print this help and exit").with_short('h'),
    toggle(Flag::kVersion, "--version", kAnalyse, Group::kGeneral,
           "print the version and whether this build has the ILP (lp_solve), and exit"),
    toggle(Flag::kJson, "--json", kMain | kPws | kIpet, Group::kOutput,
           "print one JSON object on stdout (with \"tool\", \"version\" and \"schema\"); an error is a JSON "
           "object too, with the status name, the field and the position"),
    toggle(Flag::kQuiet, "--quiet", kMain | kTable, Group::kOutput,
           "no progress line on stderr (it is shown only on a terminal, after the first second)"),
    toggle(Flag::kRequireExact, "--require-exact", kMain | kTable, Group::kAnalysis,
           "exit with status 3 when the result is a bracket [lower, upper] instead of T(W) exactly (table: when "
           "any exact entry is a bracket); the bracket is printed and saved all the same"),
    toggle(Flag::kFullKernel, "--full-kernel", kMain, Group::kOutput,
           "print the whole normalised kernel; by default one longer than 256 instructions is summarised "
           "(length, count per type, first and last 16 instructions, an FNV-1a hash)"),

    // ---- the problem ----
    flag(Flag::kKernel, "--kernel", "K", ValueType::kString, kAnalyse | kTable, Group::kProblem, "kernel",
         "the kernel instruction string: letters L (load/store), C (CUDA core), S (special function), D "
         "(double precision), each optionally followed by a repeat count; spaces are ignored ('L5 C9 L2 C9')"),
    flag(Flag::kWarps, "--warps", "W", ValueType::kUnsigned, kProblemCommands, Group::kProblem, "warps",
         "the number of warps W (table: the largest W; the table holds W = 1..N)")
        .range(1, WSP_MAX_WARPS),
    flag(Flag::kUnits, "--units", "L=N,...", ValueType::kKeyValues, kProblemCommands, Group::kProblem, "units",
         "units per type, e.g. L=32,C=128")
        .otherwise("the warp size (sigma 1)")
        .range(1, WSP_MAX_UNITS)
        .with_choices(kUnitKeys),
    flag(Flag::kLatency, "--latency", "S=N,...", ValueType::kKeyValues, kProblemCommands, Group::kProblem,
         "latency", "cycles per instruction per type, e.g. S=4,D=2")
        .otherwise("1")
        .range(1, WSP_MAX_LATENCY)
        .with_choices(kUnitKeys),
    flag(Flag::kWarpSize, "--warp-size", "N", ValueType::kUnsigned, kProblemCommands, Group::kProblem,
         "warp_size", "threads per warp")
        .otherwise("32")
        .range(1, WSP_MAX_WARP_SIZE),
    flag(Flag::kSchedulers, "--schedulers", "N", ValueType::kUnsigned, kProblemCommands, Group::kProblem,
         "schedulers", "warps issuing per cycle in total, 0 for no limit")
        .otherwise("0")
        .range(0, WSP_MAX_SCHEDULERS),
    flag(Flag::kArch, "--arch", "SM", ValueType::kChoice, kProblemCommands, Group::kProblem, "none",
         "a compute-capability preset for units, warp size and schedulers; --units, --warp-size and "
         "--schedulers override it, and it overrides the configuration file")
        .with_choices(kArchNames),

    // ---- the methods of the main command ----
    flag(Flag::kMethod, "--method", "LIST", ValueType::kChoiceSet, kMain, Group::kAnalysis, "none",
         "the methods to run, comma-separated: bound (proven upper bounds, always computed), lower (the "
         "witness search: dispatch policies, beam search over the exact solver's states and annealing, stopping "
         "when it meets the proven upper bound: a witnessed lower bound), anneal (paper 003's "
         "simulated annealing as published: a witnessed lower bound), exact (T(W) exactly, or a bracket when a budget runs "
         "out), ilp (paper 004's ILP with lp_solve: T(W), or a witnessed lower bound when stopped), estimate "
         "(paper 004 Eq. 40-41 from exact T(1..x): NOT a bound), bracket (one budget spent on the witness search, "
         "the exact search from its witness and the witness search again: the tightest bracket [witnessed lower, "
         "proven upper] it finds; --timeout bounds the whole bracket run)")
        .with_choices(kMethodNames)
        .by_default("bound"),
    flag(Flag::kWitness, "--witness", "LIST", ValueType::kUnsignedList, kMain, Group::kAnalysis,
         "pseudo_precedence",
         "a warp pseudo-precedence string (1-based warp ids over the normalised kernel, e.g. 1,1,2,2): decoded, "
         "validated, drawn, and its makespan reported as a witnessed lower bound; with exact, the search's "
         "starting lower bound")
        .range(1, WSP_MAX_WARPS),
    flag(Flag::kBudget, "--budget", "N", ValueType::kUnsigned, kMain | kTable, Group::kAnalysis, "budget",
         "exact: stop after N expanded states with a bracket (table: per entry; deterministic)")
        .range(1, UINT64_MAX),
    flag(Flag::kMemory, "--memory", "MIB", ValueType::kUnsigned, kMain | kTable, Group::kAnalysis, "workspace",
         "exact: memory for the state table in MiB (table: per entry; pages are touched only as needed); when "
         "it is full the search stops with a bracket")
        .otherwise("256")
        .range(1, 1u << 24),
    flag(Flag::kTimeout, "--timeout", "S", ValueType::kDecimal, kMain, Group::kAnalysis, "seconds",
         "lower, exact, anneal and ilp: each stops after S seconds (fractions allowed): exact with a bracket, anneal "
         "with the best found so far, ilp with its best schedule, if any")
        .decimal_range(0, 1e9, true),
    flag(Flag::kConstraints, "--constraints", "KIND", ValueType::kChoice, kMain, Group::kAnalysis,
         "ilp_constraints",
         "ilp and --write-lp: the work-conserving rows of paper 004, short (Eq. 32/35) or long (Eq. 31/34), or "
         "strong: short rows with valid cuts (time-indexed precedence, warps by finishing time) and the LP "
         "relaxation's proven bound")
        .with_choices(kConstraintNames)
        .by_default("short"),
    flag(Flag::kX, "--x", "N", ValueType::kUnsigned, kMain, Group::kAnalysis, "estimate_x",
         "estimate: use exact T(1..N)")
        .otherwise("min(W, 4)")
        .range(1, WSP_MAX_WARPS),
    flag(Flag::kThreads, "--threads", "N", ValueType::kUnsigned, kMain, Group::kAnalysis, "threads",
         "lower, exact, estimate and anneal: run on N threads; results do not depend on it (lower: unless "
         "only --timeout bounds it; exact: with --budget it runs on one thread)")
        .otherwise("one per hardware thread")
        .range(1, 4096),
    flag(Flag::kIterations, "--iterations", "N", ValueType::kUnsigned, kMain, Group::kAnalysis, "iterations",
         "anneal: iterations per restart")
        .otherwise("2000000, or fitted to --timeout when that is given")
        .range(1, UINT64_MAX),
    flag(Flag::kRestarts, "--restarts", "N", ValueType::kUnsigned, kMain | kTable, Group::kAnalysis, "none",
         "anneal: independent restarts, the best counts (table: per entry)")
        .otherwise("6, one per kind of initial solution; 1 with --init")
        .range(1, 65536),
    flag(Flag::kInit, "--init", "KIND", ValueType::kChoice, kMain, Group::kAnalysis, "policy",
         "anneal: the initial solution of every restart")
        .otherwise("each kind in turn")
        .with_choices(kInitNames),
    flag(Flag::kT0, "--t0", "T", ValueType::kDecimal, kMain, Group::kAnalysis, "temperature",
         "anneal: the initial temperature (paper 003)")
        .decimal_range(0, 65535, false)
        .by_default("0.3"),
    flag(Flag::kMoves, "--moves", "KIND", ValueType::kChoice, kMain, Group::kAnalysis, "moves",
         "anneal: uniform (paper 003) or local (faster, weaker) moves")
        .with_choices(kMovesNames)
        .by_default("uniform"),
    flag(Flag::kSeed, "--seed", "N", ValueType::kUnsigned, kMain, Group::kAnalysis, "none",
         "anneal: the seed of the first restart; restart k uses N + k (lower: the seed its searches mix "
         "with their index)")
        .range(0, UINT64_MAX)
        .by_default("1"),
    flag(Flag::kWork, "--work", "N", ValueType::kUnsigned, kMain | kTable, Group::kAnalysis, "budget",
         "lower and bracket: stop after N units of work (table: per entry; deterministic: the same witness for any "
         "--threads)")
        .otherwise("sized to the problem (milliseconds for small ones), or none with --timeout")
        .range(1, UINT64_MAX),

    // ---- output files of the main command ----
    flag(Flag::kConvergence, "--convergence", "FILE", ValueType::kOutputPath, kMain, Group::kOutput, "path",
         "anneal: write every improvement as CSV (instance, init, iteration, seconds, best)"),
    flag(Flag::kPlot, "--plot", "FILE", ValueType::kOutputPath, kMain, Group::kOutput, "path",
         "anneal: draw the best makespan so far against time per restart as SVG (paper 003 Fig. 12)"),
    flag(Flag::kSvg, "--svg", "FILE", ValueType::kOutputPath, kMain, Group::kOutput, "path",
         "draw the witness schedule as an SVG Gantt chart (warps by cycles, one colour per unit type)"),
    flag(Flag::kWriteLp, "--write-lp", "FILE", ValueType::kOutputPath, kMain, Group::kOutput, "path",
         "write the ILP model before any method runs, with or without --method ilp: free MPS (CPLEX, Gurobi, "
         "HiGHS, CBC, SCIP) when FILE ends in .mps, else lp_solve's LP format"),

    // ---- ptx ----
    flag(Flag::kEntry, "--entry", "NAME", ValueType::kString, kPtx, Group::kInput, "ptx_options",
         "the .entry to read")
        .otherwise("the only one"),
    flag(Flag::kPath, "--path", "LIST", ValueType::kChoiceSequence, kPtx, Group::kInput, "ptx_options",
         "analyse ONE PATH only, not the whole kernel: one choice per conditional branch met, in order, taken or "
         "not-taken (t, n)")
        .with_choices(kBranchNames),
    toggle(Flag::kPrefix, "--prefix", kPtx, Group::kInput,
           "analyse the STRAIGHT-LINE PREFIX only, not the whole kernel: from the entry to the first branch"),
    flag(Flag::kLoopBound, "--loop-bound", "LABEL=N", ValueType::kString, kPtx, Group::kInput, "ptx_options",
         "the loop whose header has this label runs its header at most N times per entry into the loop; it "
         "beats --loop-bounds and inferred bounds")
        .repeated(),
    flag(Flag::kLoopBounds, "--loop-bounds", "FILE", ValueType::kInputPath, kPtx, Group::kInput, "path",
         "a loop-bound file: one LABEL N or LABEL=N per line, # comments (docs/formats.md)"),
    flag(Flag::kUnknownOpcode, "--unknown-opcode", "U", ValueType::kChoice, kPtx, Group::kInput, "ptx_options",
         "count every opcode the reader does not know as one instruction of unit U and list them (otherwise "
         "such an opcode is an error)")
        .with_choices(kUnitKeys),
    flag(Flag::kExpansionArch, "--expansion-arch", "SM", ValueType::kString, kPtx, Group::kInput, "ptx_options",
         "the architecture whose expansion table counts instructions that the assembler turns into several "
         "(docs/ptx.md)")
        .otherwise("--arch, else the file's .target"),
    flag(Flag::kPtxasInfo, "--ptxas-info", "FILE", ValueType::kInputPath, kPtx, Group::kInput, "path",
         "the output of ptxas -v for this file: registers, shared memory, stack and spills in the report"),
    flag(Flag::kWriteCfg, "--write-cfg", "BASE", ValueType::kOutputPath, kPtx, Group::kOutput, "path",
         "write the CFG as BASE.pws (warpspan pws text format) and BASE.csv (the PWS split-point solver's), "
         "each block with its proven WCET for --warps warps (default 1) on the SM given"),

    // ---- pws ----
    flag(Flag::kSpsimds, "--spsimds", "S", ValueType::kUnsigned, kPws, Group::kProblem, "spsimds",
         "SpSIMDs per SIMD: SWF contexts per wavefront")
        .range(1, UINT32_MAX)
        .by_default("1"),
    flag(Flag::kCus, "--cus", "N", ValueType::kUnsigned, kPws, Group::kProblem, "pws_cus", "compute units N_CU")
        .range(1, UINT32_MAX)
        .by_default("4"),
    flag(Flag::kSimds, "--simds", "N", ValueType::kUnsigned, kPws, Group::kProblem, "pws_simds",
         "SIMDs per compute unit N_SIMD")
        .range(1, UINT32_MAX)
        .by_default("4"),
    flag(Flag::kWfContexts, "--wf-contexts", "N", ValueType::kUnsigned, kPws, Group::kProblem, "pws_wf_contexts",
         "wavefront contexts per SIMD N_WFC")
        .range(1, UINT32_MAX)
        .by_default("10"),
    flag(Flag::kWfSize, "--wf-size", "N", ValueType::kUnsigned, kPws, Group::kProblem, "pws_wf_size",
         "work items per wavefront N_WI_WF")
        .range(1, UINT32_MAX)
        .by_default("64"),
    flag(Flag::kWorkgroups, "--workgroups", "G", ValueType::kUnsigned, kPws, Group::kProblem, "pws_workgroups",
         "workgroups of the kernel G")
        .range(1, UINT64_MAX)
        .by_default("1"),
    flag(Flag::kWgSize, "--wg-size", "N", ValueType::kUnsigned, kPws, Group::kProblem, "pws_wg_size",
         "work items per workgroup N_WI_WG")
        .range(1, UINT32_MAX)
        .by_default("64"),
    flag(Flag::kDelay, "--delay", "D", ValueType::kUnsigned, kPws, Group::kProblem, "pws_costs",
         "worst-case initialisation delay d of a workgroup, in cycles")
        .range(0, UINT64_MAX)
        .by_default("0"),
    flag(Flag::kSplitCost, "--split-cost", "ES", ValueType::kUnsigned, kPws, Group::kProblem, "pws_costs",
         "cycles e_s of one split")
        .range(0, UINT64_MAX)
        .by_default("0"),
    flag(Flag::kMergeCost, "--merge-cost", "EM", ValueType::kUnsigned, kPws, Group::kProblem, "pws_costs",
         "cycles e_m of one merge")
        .range(0, UINT64_MAX)
        .by_default("0"),
    flag(Flag::kSplit, "--split", "all|none|optimal|ID,...", ValueType::kUnsignedList, kPws, Group::kAnalysis,
         "cfg_node",
         "the branches that split: all, none, these node ids, or optimal (the split points that minimise the "
         "kernel WCET, exactly)")
        .otherwise("as the graph file marks them")
        .range(0, UINT32_MAX)
        .with_choices(kSplitKeywords),
    flag(Flag::kContexts, "--contexts", "MODE", ValueType::kChoice, kPws, Group::kAnalysis, "none",
         "Eq. 2's SWF contexts: paper (|SB|, as printed) or count (the contexts a wavefront holds at once; "
         "proven in docs/pws.md)")
        .with_choices(kContextsNames)
        .by_default("paper"),
    flag(Flag::kGraphFormat, "--format", "FORMAT", ValueType::kChoice, kPws, Group::kInput, "none",
         "the graph file's format: text (ours) or csv (the PWS split-point solver's)")
        .otherwise("csv for a .csv file, else text")
        .with_choices(kGraphFormatNames),
    flag(Flag::kCsvBase, "--csv-base", "0|1", ValueType::kUnsigned, kPws, Group::kInput, "none",
         "csv: the number of the first row")
        .range(0, 1)
        .by_default("0"),
    toggle(Flag::kExplain, "--explain", kPws, Group::kOutput,
           "print the normal form first: the graph after normalisation, in the text format, with what was "
           "added"),
    toggle(Flag::kIpet, "--ipet", kPws, Group::kAnalysis,
           "also compute each path's WCET by IPET (needs a build with lp_solve)"),

    // ---- ipet ----
    flag(Flag::kIpetTimeout, "--timeout", "S", ValueType::kDecimal, kIpet, Group::kAnalysis, "seconds",
         "stop the ILP solve after S seconds (then no WCET is claimed)")
        .decimal_range(0, 1e9, true),

    // ---- table and table merge ----
    flag(Flag::kName, "--name", "NAME", ValueType::kIdentifier, kTable, Group::kProblem, "none",
         "the table's name, a C identifier that names its arrays")
        .otherwise("the CONFIG file's name, else kernel"),
    flag(Flag::kSpec, "--spec", "FILE", ValueType::kInputPath, kTable, Group::kProblem, "path",
         "a table spec file: one table per line, a name then key=value words (kernel, config, units, latency, "
         "warp_size, schedulers, warps)"),
    flag(Flag::kColumns, "--columns", "LIST", ValueType::kChoiceSet, kTable, Group::kAnalysis, "none",
         "the columns, comma-separated: bound (the proven upper bound), exact (T(W), or the upper end of a "
         "bracket: a WCET either way), lower (the witness search: a witnessed lower bound, NOT a WCET), anneal "
         "(paper 003's annealing: a witnessed lower bound, NOT a WCET)")
        .with_choices(kColumnNames)
        .by_default("bound"),
    flag(Flag::kTableTimeout, "--timeout", "S", ValueType::kDecimal, kTable, Group::kAnalysis, "seconds",
         "exact: seconds per entry (the result then depends on the machine)")
        .decimal_range(0, 1e9, true),
    flag(Flag::kTableIterations, "--iterations", "N", ValueType::kUnsigned, kTable, Group::kAnalysis,
         "iterations", "anneal: iterations per restart")
        .range(1, UINT64_MAX)
        .by_default("100000"),
    flag(Flag::kTableSeed, "--seed", "N", ValueType::kUnsigned, kTable, Group::kAnalysis, "none",
         "anneal: the base seed; each entry's seed is derived from it, the table name and W (recorded in the "
         "JSON)")
        .range(0, UINT64_MAX)
        .by_default("1"),
    flag(Flag::kTableThreads, "--threads", "N", ValueType::kUnsigned, kTable, Group::kAnalysis, "threads",
         "entries computed at once; the results do not depend on it")
        .otherwise("one per hardware thread")
        .range(1, 4096),
    flag(Flag::kTableFormat, "--format", "FORMAT", ValueType::kChoice, kTable | kMerge, Group::kOutput, "none",
         "header (C99 arrays), csv or json")
        .otherwise("from the -o name (.h, .csv, .json), else csv")
        .with_choices(kTableFormatNames),
    flag(Flag::kOutput, "--output", "FILE", ValueType::kOutputPath, kTable | kMerge, Group::kOutput, "path",
         "write the table there (whole or not at all) instead of to stdout")
        .with_short('o'),
    flag(Flag::kGuard, "--guard", "NAME", ValueType::kIdentifier, kTable | kMerge, Group::kOutput, "none",
         "the header's include guard")
        .otherwise("from the -o name, else WARPSPAN_TABLE_H"),
    toggle(Flag::kTiming, "--timing", kTable | kMerge, Group::kOutput,
           "fill in the seconds of each entry (CSV, JSON); without it the output is deterministic and a merged "
           "table equals an unsharded one"),
    flag(Flag::kShard, "--shard", "i/n", ValueType::kShard, kTable, Group::kAnalysis, "none",
         "compute only the entries k (0-based, in table order) with k % n == i - 1 and write a partial result "
         "(JSON) for `warpspan table merge`")
        .range(1, 1000000),
    flag(Flag::kTableSvg, "--svg", "FILE", ValueType::kOutputPath, kTable | kMerge, Group::kOutput, "path",
         "draw the bracket of every entry against W as SVG (lower, upper and exact points)"),
};
static_assert(sizeof kFlags / sizeof kFlags[0] == kFlagCount, "one entry per Flag, in order");

const CommandSpec kCommands[] = {
    {Command::kAnalyse, "warpspan", "[CONFIG] [options]",
     "bounds, the exact T(W), annealing, the ILP and the estimate for one kernel",
     "Computes the worst-case makespan T(W) of W identical warps on one streaming multiprocessor: proven upper "
     "bounds, witnessed lower bounds and T(W) exactly where it can. CONFIG is a configuration file (paper 004 "
     "Fig. 4 format or key = value lines); flags override it.",
     {"CONFIG", 0, 1, ValueType::kInputPath, "a configuration file"}},
    {Command::kPtx, "ptx", "FILE.ptx [--entry NAME] [--path LIST | --prefix] [--loop-bound LABEL=N ...] [options] "
     "[analysis flags]",
     "a whole kernel from PTX (nvcc -ptx): CFG, worst counts, analysis",
     "Reads the PTX of one .entry and analyses the whole kernel: every path, a diverged warp running both "
     "sides of a branch, every loop at its bound, instructions as the hardware runs them. It reports the CFG, "
     "the counts of the serialised worst warp, the longest path, the expansions and the resources. With "
     "analysis flags (--warps, --method, --arch, ...) it adds the proven upper bound for the kernel and runs "
     "the main command on the longest path, labelled as the analysis of that one execution.",
     {"FILE.ptx", 1, 1, ValueType::kInputPath, "PTX text as nvcc -ptx writes it"}},
    {Command::kPws, "pws", "GRAPH [options]", "kernel WCET under no splitting, DWS and PWS (paper 001)",
     "Computes the WCET of a kernel under no splitting, dynamic wavefront splitting and predictable "
     "wavefront splitting (paper 001), with Select's split points and the optimal ones side by side. GRAPH is "
     "our text format (one node per line: ID KIND WCET [split] [-> SUCC ...], KIND block, branch, bsb or "
     "reconv; loop ID BOUND lines bound loops) or the PWS split-point solver's CSV. Compiler shapes (if "
     "without else, shared reconvergence nodes, early exits, bounded loops) are normalised first.",
     {"GRAPH", 1, 1, ValueType::kInputPath, "a control-flow graph file"}},
    {Command::kIpet, "ipet", "GRAPH [--timeout S] [--json]", "WCET by IPET with loop bounds (lp_solve)",
     "Computes a WCET by the implicit path enumeration technique: an ILP over execution counts with flow "
     "conservation and loop bounds, solved with lp_solve. GRAPH lines: node ID WCET, edge FROM TO, loop "
     "HEADER BOUND, entry ID, exit ID.",
     {"GRAPH", 1, 1, ValueType::kInputPath, "an IPET graph file"}},
    {Command::kTable, "table", "[CONFIG] [problem flags] [options] | --spec FILE [options]",
     "WCET tables: T(W) for W = 1..N as a C header, CSV or JSON",
     "Computes T(W) for W = 1..N of one kernel (a CONFIG file and/or the problem flags; --warps is the "
     "largest W) or of every line of a table spec file, one column per method, and writes a C header, CSV or "
     "JSON. Entries run in parallel; --shard splits the work across machines.",
     {"CONFIG", 0, 1, ValueType::kInputPath, "a configuration file"}},
    {Command::kMerge, "table merge", "PART... [options]", "the parts of a sharded table made whole",
     "Checks that the parts written by `warpspan table --shard i/n` belong together (same spec, columns, "
     "options and tool version; every shard exactly once; every entry present) and writes the whole table, "
     "byte for byte what an unsharded run writes.",
     {"PART", 1, 1000000, ValueType::kInputPath, "partial results of warpspan table --shard"}},
    {Command::kHelp, "help", "[COMMAND]", "the help of a command",
     "Prints the help of COMMAND (ptx, pws, ipet, table, merge, help), or of warpspan itself.",
     {"COMMAND", 0, 2, ValueType::kString, "a command name"}},
};
static_assert(sizeof kCommands / sizeof kCommands[0] == kCommandCount, "one entry per Command, in order");

const FlagConflict kConflicts[] = {
    {Command::kPtx, Flag::kPath, Flag::kPrefix},
    {Command::kTable, Flag::kSpec, Flag::kKernel},
    {Command::kTable, Flag::kSpec, Flag::kWarps},
    {Command::kTable, Flag::kSpec, Flag::kUnits},
    {Command::kTable, Flag::kSpec, Flag::kLatency},
    {Command::kTable, Flag::kSpec, Flag::kWarpSize},
    {Command::kTable, Flag::kSpec, Flag::kSchedulers},
    {Command::kTable, Flag::kSpec, Flag::kArch},
    {Command::kTable, Flag::kSpec, Flag::kName},
    {Command::kTable, Flag::kShard, Flag::kTableFormat},
    {Command::kTable, Flag::kShard, Flag::kTableSvg},
};

const RetiredFlag kRetired[] = {
    {Command::kPtx, "--worst",
     "the whole kernel is the default now; bound each loop with --loop-bound LABEL=N or --loop-bounds FILE"},
    {Command::kPtx, "--loop",
     "the whole kernel is the default now; bound each loop with --loop-bound LABEL=N or --loop-bounds FILE"},
};

}  // namespace

const FlagSpec &flag_spec(Flag flag) { return kFlags[static_cast<size_t>(flag)]; }

const FlagSpec *flag_specs(size_t &count) {
    count = kFlagCount;
    return kFlags;
}

const CommandSpec &command_spec(Command command) { return kCommands[static_cast<size_t>(command)]; }

const CommandSpec *command_specs(size_t &count) {
    count = kCommandCount;
    return kCommands;
}

const FlagConflict *flag_conflicts(size_t &count) {
    count = sizeof kConflicts / sizeof kConflicts[0];
    return kConflicts;
}

const RetiredFlag *retired_flags(size_t &count) {
    count = sizeof kRetired / sizeof kRetired[0];
    return kRetired;
}

std::vector<const FlagSpec *> flags_of(Command command) {
    std::vector<const FlagSpec *> out;
    for (const FlagSpec &f : kFlags)
        if (f.belongs_to(command)) out.push_back(&f);
    return out;
}

const FlagSpec *find_flag(Command command, const std::string &spelling) {
    for (const FlagSpec &f : kFlags) {
        if (!f.belongs_to(command)) continue;
        if (spelling == f.name) return &f;
        if (f.short_name && spelling.size() == 2 && spelling[0] == '-' && spelling[1] == f.short_name) return &f;
    }
    return nullptr;
}

std::string command_title(Command command) {
    return command == Command::kAnalyse ? "warpspan" : std::string("warpspan ") + command_spec(command).name;
}

std::vector<std::string> command_words() { return {"ptx", "pws", "ipet", "table", "merge", "help"}; }

size_t choice_count(const char *const *choices) {
    size_t n = 0;
    while (choices && choices[n]) ++n;
    return n;
}

}  // namespace wsp_cli
