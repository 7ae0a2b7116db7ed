// The analysis of one kernel on the host: the problem set up in host memory, the proven bounds, a given
// witness decoded and validated, and the methods asked for (paper 003's annealing, the exact search,
// paper 004's ILP and estimate), each witness decoded and validated again before it is believed, then
// the best witnessed lower bound and the least proven upper bound over all of them. Shared by the CLI's
// main command, `warpspan ptx` and WCET tables; a front end watches and stops the long runs through a
// RunObserver (a progress line, Ctrl-C) and formats the Analysis. Internal C++ interface; it allocates.
#ifndef WSP_HOST_ANALYSIS_ANALYSIS_HPP
#define WSP_HOST_ANALYSIS_ANALYSIS_HPP

#include <stddef.h>
#include <stdint.h>

#include <optional>
#include <string>
#include <vector>

#include "host/bounds/passage_bound.hpp"
#include "host/bounds/slot_bound.hpp"
#include "warpspan.h"
#include "warpspan_host.h"

namespace wsp {
namespace host {

// How a front end watches the long runs and stops them. Every member has a default that does nothing.
class RunObserver {
public:
    virtual ~RunObserver() = default;
    // Polled by every long run (on worker threads too, so it must be thread-safe): a non-zero
    // wsp_stop_reason (WSP_STOP_CANCELLED) stops the run with its best result so far.
    virtual uint32_t stop() { return 0; }
    // A method starts ("anneal", "exact", "ilp", "estimate"; tables: "table anneal", "table exact")
    // and ends; the progress calls below fall between the two.
    virtual void begin(const char *method) { (void)method; }
    virtual void end() {}
    // The exact search: work = states expanded, lower and upper the bracket so far. Worker thread.
    virtual void exact_progress(const wsp_progress &progress) { (void)progress; }
    // A batch of jobs (restarts, the estimate's solves, a table's entries). Calling thread.
    virtual void jobs_progress(const wsp_host_monitor_status &status) { (void)status; }
    // The ILP: work = branch-and-bound nodes, lower = the incumbent (0: none), upper = the horizon.
    virtual void ilp_progress(const wsp_progress &progress) { (void)progress; }
};

struct Witness {
    std::vector<uint32_t> string;      // pseudo-precedence string, 1-based warp ids
    std::vector<uint32_t> warp_cycle;  // cycle of each string position
    std::vector<uint32_t> cycles;      // cycles[w * I + i]
    uint32_t makespan = 0;
};

// One exact solve (the exact method, a T(y) of the estimate, a table entry).
struct ExactRun {
    uint32_t warps = 0;
    wsp_exact_result result{};
    double seconds = 0;
    size_t memory = 0;  // workspace bytes
    std::vector<uint32_t> witness;
};

// Paper 004 Eq. 40-41 from exact T(y), y = 1..x: reported, never used as a bound.
struct Estimate {
    uint64_t value = 0;
    uint32_t x = 0, y = 0;
    bool complete = true;  // every T(y) exact; otherwise the upper end of its bracket was used
    std::vector<ExactRun> terms;
};

struct AnnealEvent {
    uint32_t instance;   // 0-based restart
    uint64_t iteration;  // within the restart
    double seconds;      // since the multi-start began
    uint32_t best;       // best makespan of that restart so far
};

struct AnnealInstance {
    uint32_t init = WSP_POLICY_ROUND_ROBIN;
    uint64_t seed = 0;
    wsp_anneal_result result{};
    double seconds = 0;
    std::vector<uint32_t> witness;
};

struct AnnealRun {
    std::vector<AnnealInstance> instances;
    std::vector<AnnealEvent> events;  // sorted by instance, then iteration
    size_t best = 0;                  // the instance with the longest schedule
    uint32_t lower = 0;
    uint64_t iterations = 0;          // per restart, as asked or calibrated
    bool calibrated = false;          // chosen to fit the time budget (no iterations given)
    uint64_t iterations_done = 0;     // summed over restarts
    uint32_t t0 = 0;                  // in units of 2^-16 cycle (WSP_ANNEAL_T0_ZERO: 0)
    uint32_t moves = WSP_MOVES_UNIFORM;
    double seconds = 0;
    bool timed_out = false;
};

struct IlpRun {
    wsp_host_ilp_result result{};
    std::vector<uint32_t> witness;  // W*I warp ids; all 0 when no schedule was found (lower 0)
    uint32_t constraints = WSP_HOST_ILP_SHORT;
    // Strong constraints only: the LP relaxation's bound floor(lp_value + 1e-5), proven
    // (docs/ilp_strong.md), when the relaxation was solved within the budget (has_lp_bound).
    bool has_lp_bound = false;
    uint32_t lp_bound = 0;
    double lp_value = 0, lp_seconds = 0;
};

// The lower-bound method (lower/lower.hpp, host/jobs/lower_jobs.hpp): dispatch policies, beam search
// over the exact solver's states and the annealer, in rounds, stopping when the witness meets the
// proven upper bound.
struct LowerSettings {
    uint64_t work = 0;     // work units over all jobs; 0 = the problem's default (or none with `seconds`)
    uint64_t seed = 1;
    double seconds = 0;    // wall-clock budget; 0 = none
    unsigned threads = 0;  // 0 = one per hardware thread; the answer does not depend on it with `work`
};

struct LowerRun {
    uint32_t lower = 0;    // the witness's makespan: a lower bound on T(W)
    uint32_t upper = 0;    // the proven bound the search stops at
    uint32_t stop = 0;     // wsp_stop_reason of the winning job (FINISHED: lower == upper)
    uint32_t found_by = 0; // wsp::kFound*
    uint32_t jobs = 0;
    uint64_t work = 0;     // units spent over all jobs
    uint64_t work_budget = 0;  // units asked for (0: none, time only)
    uint64_t seed = 0;
    double seconds = 0;
    std::vector<uint32_t> witness;
};

// The anytime bracket (bracket/bracket.hpp, host/jobs/bracket_jobs.hpp): the witness search, the exact
// search from its witness and the witness search again, in one work or time budget for the whole run.
struct BracketSettings {
    uint64_t work = 0;     // work units of the whole run; 0 = the problem's default (or none with `seconds`)
    uint64_t seed = 1;
    double seconds = 0;    // wall-clock budget of the whole run; 0 = none
    unsigned threads = 0;  // 0 = one per hardware thread; the answer does not depend on it with `work`
    uint64_t memory_mib = 0;  // the exact search's memory; 0 = kDefaultMemoryMiB
};

struct BracketRun {
    uint32_t lower = 0;     // the witness's makespan: a lower bound on T(W)
    uint32_t upper = 0;     // proven: min of the closed-form bounds and the exact search's upper end
    uint32_t bound = 0;     // the closed-form proven bound alone
    uint32_t stop = 0;      // wsp_stop_reason (FINISHED: lower == upper)
    uint32_t found_by = 0;  // wsp::kFound* or wsp::kBracketFoundExact
    uint32_t upper_by = 0;  // wsp::kBracketUpper*
    uint64_t work = 0;      // units spent
    uint64_t expanded = 0;  // states the exact search expanded
    uint64_t seed = 0;
    double seconds = 0;
    std::vector<uint32_t> witness;
};

struct ExactSettings {
    uint64_t budget = 0;      // states; 0 = none
    uint64_t memory_mib = 0;  // 0 = kDefaultMemoryMiB (shared by the solves that run at once)
    double seconds = 0;       // per solve; 0 = none
    unsigned threads = 0;     // searchers of one solve (without a budget); 0 = one per hardware thread
};
constexpr uint64_t kDefaultMemoryMiB = 256;

struct AnnealSettings {
    uint64_t iterations = 0;  // per restart; 0 = WSP_ANNEAL_DEFAULT_ITERATIONS, or fitted to `seconds`
    uint32_t restarts = 0;    // 0 = one per kind of initial solution, or 1 with `init`
    uint64_t seed = 1;        // restart k uses seed + k
    uint32_t t0 = WSP_ANNEAL_DEFAULT_T0;
    int init = -1;            // a wsp_policy for every restart; -1 = each kind in turn
    uint32_t moves = WSP_MOVES_UNIFORM;
    double seconds = 0;       // for the whole multi-start; 0 = none
    unsigned threads = 0;     // 0 = one per hardware thread
    bool record = false;      // keep every improvement (AnnealRun::events)
};

struct AnalysisRequest {
    std::string kernel;
    uint32_t warps = 0;
    wsp_sm_config sm{};
    std::vector<uint32_t> witness;  // a pseudo-precedence string to check; empty = none
    bool lower = false, anneal = false, exact = false, ilp = false, estimate = false, bracket = false;
    LowerSettings lower_settings;
    BracketSettings bracket_settings;
    ExactSettings exact_settings;
    AnnealSettings anneal_settings;
    uint32_t ilp_constraints = WSP_HOST_ILP_SHORT;
    double ilp_seconds = 0;
    uint32_t estimate_x = 0;        // 0 = min(W, 4)
    unsigned estimate_threads = 0;  // 0 = one per hardware thread
};

struct Analysis {
    wsp_sm_config sm{};
    std::vector<uint64_t> problem_storage;
    wsp_problem *problem = nullptr;
    wsp_bounds bounds{};
    SlotBound slot;            // the host-only slot bound (docs/bounds.md 6c), where computed
    PassageBound passage;      // the host-only passage bound (docs/bounds.md 6d), where computed
    uint64_t bound_upper = 0;  // what the bounds alone prove: the least of bounds.upper, slot and passage
    const char *bound_from = nullptr;  // the name of the bound that gives bound_upper
    std::optional<Witness> given;  // the request's witness, decoded and validated
    std::optional<LowerRun> lower_search;  // the lower-bound method's run
    std::optional<BracketRun> bracket;     // the bracket method's run
    std::optional<AnnealRun> anneal;
    std::optional<ExactRun> exact;
    std::optional<Estimate> estimate;
    std::optional<IlpRun> ilp;
    std::optional<Witness> witness;  // the longest validated schedule: it witnesses `lower`
    std::string witness_source;      // "--witness", "lower", "anneal", "exact" or "ilp"
    uint64_t lower = 0;              // best witnessed lower bound (0 if none)
    uint64_t upper = 0;              // best proven upper bound
    std::string upper_source;        // what proves `upper`: "the bound", "exact", "ilp", or a list
    bool stopped = false;            // a run was stopped by the observer (Ctrl-C)
};

// What went wrong: the library's status and diag (diag.field names the input), the step, and the
// whole message (diag.message may be cut short).
struct AnalysisError {
    wsp_status status = WSP_OK;
    wsp_diag diag{};
    std::string step;  // "problem", "witness", "anneal", "exact", "ilp", "estimate"
    std::string message;
};

// Fill `error` and return false: from a library call's diag, or with a field and a message.
bool analysis_fail(AnalysisError &error, const char *step, wsp_status status, const wsp_diag &diag);
bool analysis_fail(AnalysisError &error, const char *step, wsp_status status, uint32_t field,
                   const std::string &message);

// What the host proves from the bounds alone: the closed forms (wsp_bounds), then the slot bound (within
// its iteration budget) and the passage bound, each where it applies; `upper` is their least and `from`
// its name. The same for every caller (the analysis, the table), so their "bound" agrees.
struct HostBounds {
    SlotBound slot;
    PassageBound passage;
    uint64_t upper = 0;
    const char *from = nullptr;
};
HostBounds host_bounds(const wsp_problem *problem, const wsp_bounds &closed);

// The problem, its bounds and the request's witness; `a.lower`/`a.upper` start from them.
bool prepare_analysis(const AnalysisRequest &request, Analysis &a, AnalysisError &error);
// The methods of the request, in the order lower, anneal, exact (seeded with the best schedule so far), ilp,
// estimate; then the combined lower and upper bounds.
bool run_methods(const AnalysisRequest &request, RunObserver *observer, Analysis &a, AnalysisError &error);

// ---- the parts, for the table and for tests ------------------------------------------------------

// Callbacks of the library that forward to a RunObserver (the context): the exact search's progress,
// any run's stop poll, a job batch's monitor, the ILP's progress.
uint32_t observe_exact(void *observer, const wsp_progress *progress);
uint32_t observe_stop(void *observer, const wsp_progress *progress);
void observe_jobs(void *observer, const wsp_host_monitor_status *status);
uint32_t observe_ilp(void *observer, const wsp_progress *progress);
constexpr uint64_t kObserveInterval = 16384;  // states or iterations between observer calls
// Run options of a host job batch whose monitor forwards to the observer every half second.
wsp_host_run_options observed_run(uint32_t threads, double seconds, RunObserver *observer);

// The configuration with the library's defaults filled in: warp size 32, units = the warp size, latency 1.
wsp_sm_config resolve_defaults(const wsp_sm_config &sm);

// Host memory for a core workspace: 8-byte words, as WSP_WORKSPACE_ALIGN asks.
std::vector<uint64_t> workspace(size_t bytes);

// A problem in host memory (`storage` keeps it).
bool make_problem(const std::string &kernel, uint32_t warps, const wsp_sm_config &sm, std::vector<uint64_t> &storage,
                  wsp_problem *&problem, AnalysisError &error);

// Decodes a pseudo-precedence string and checks the schedule with the validator; `step` names it.
bool decode_witness(const wsp_problem *p, const std::vector<uint32_t> &string, const char *step, Witness &out,
                    AnalysisError &error);

// The exact solver's memory for `p`: settings.memory_mib (an error when below what the solver needs),
// else the default divided by `share` and no more than the state budget can fill.
bool exact_memory(const ExactSettings &settings, const wsp_problem *p, unsigned share, size_t &bytes,
                  AnalysisError &error);
// A job for wsp_host_exact_run that fills `run` (its witness buffer, warps, memory).
void exact_job(const ExactSettings &settings, const wsp_problem *p, size_t bytes, ExactRun &run,
               wsp_host_exact_job &job);
// Copies a finished job into `run` (an error when the job failed).
bool exact_collect(const wsp_host_exact_job &job, ExactRun &run, AnalysisError &error);

// Restarts and seeds as `settings` resolve them for `p`, each running run.iterations (set it first):
// the jobs, their witness buffers in `run`.
void anneal_jobs(const AnnealSettings &settings, const wsp_problem *p, AnnealRun &run,
                 std::vector<wsp_host_anneal_job> &jobs);
// The restarts' results into `run`: the best, iterations, the stop; false when a job failed.
bool anneal_collect(const wsp_host_anneal_job *jobs, size_t count, AnnealRun &run, AnalysisError &error);

// The steps of run_methods, one at a time.
bool run_lower(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, LowerRun &run,
               AnalysisError &error);
bool run_anneal(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, AnnealRun &run,
                AnalysisError &error);
bool run_bracket(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, BracketRun &run,
                 AnalysisError &error);
bool run_exact(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, ExactRun &run,
               AnalysisError &error);
bool run_ilp(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, IlpRun &run,
             AnalysisError &error);
bool run_estimate(const AnalysisRequest &request, RunObserver *observer, const Analysis &a, Estimate &e,
                  AnalysisError &error);
// The ILP model of the request written to `path` (lp_solve's LP format, or free MPS for a .mps name).
bool write_ilp_model(const AnalysisRequest &request, const Analysis &a, const std::string &path, AnalysisError &error);

// Names for reports.
const char *policy_name(uint32_t init);               // "round-robin", ...
const char *moves_name(uint32_t moves);               // "uniform", "local"
const char *constraints_name(uint32_t constraints);   // "short", "long"
const char *exact_status_name(const wsp_exact_result &r);  // "optimal", or "budget" for a bracket
const char *stop_reason_name(uint32_t stop);          // nullptr for FINISHED; "states", "memory", "time", "cancelled"
const char *anneal_stop_name(const AnnealRun &run);   // "iterations", "time", "cancelled", "optimal"
const char *ilp_status_name(uint32_t stop);           // "optimal", "timeout", "cancelled"
const char *lower_stop_name(uint32_t stop);          // "optimal", "work", "time", "cancelled"
const char *lower_found_by_name(uint32_t found_by);  // "initial", "policy", "beam", "anneal"
const char *bracket_found_by_name(uint32_t found_by);  // lower_found_by_name's, or "exact"
const char *bracket_upper_by_name(uint32_t upper_by);  // "bound", "exact" or "slot"
const char *ilp_model_format(const std::string &path);  // "mps" for a .mps name, else "lp"

}  // namespace host
}  // namespace wsp

#endif
