// The anytime bracket on the host (bracket/bracket.hpp is the core): the same three phases, with the
// witness search on the host's threads (lower_jobs.hpp: independent jobs, deterministic for a work
// budget), the exact search in heap memory (wsp_host_exact_run) and a time budget for the whole call.
//
// Budgets: a work budget is split as the core splits it (bracket_plan): an eighth for the first
// witness search, a quarter (in states) for the exact search, the rest for the second witness search;
// the bracket and the witness then do not depend on the thread count (nor does `work` while the
// bracket stays open; when a witness-search job closes it, the jobs after it stop wherever they
// stand and their units count). A time budget S ends the phases at 1/8, 3/8 and
// all of S after the call's start (a phase that ends early leaves its time to the next); with both,
// whichever ends first. Internal header; the proposed public form is in docs/bracket.md.
#ifndef WSP_HOST_JOBS_BRACKET_JOBS_HPP
#define WSP_HOST_JOBS_BRACKET_JOBS_HPP

#include <stddef.h>
#include <stdint.h>

#include "bracket/bracket.hpp"
#include "warpspan_host.h"

namespace wsp {

struct HostBracketOptions {
    BracketOptions bracket;  // control.budget: work units of the whole call (0: bracket_default_work,
                             // or none when the run options give seconds); bracket.states is ignored
                             // (memory below); the progress callback runs on worker threads
    uint32_t jobs;           // witness-search jobs per phase; 0 = lower_jobs.hpp's default
    uint32_t reserved0;      // must be 0
    uint64_t memory;         // bytes for the exact search; 0 = kDefaultBracketMemory
    uint32_t reserved[8];    // must be 0
};

constexpr uint64_t kDefaultBracketMemory = uint64_t{256} << 20;

struct HostBracketResult {
    BracketResult bracket;  // stop TIME when the deadline ended it before the bracket closed
    uint32_t jobs;          // witness-search jobs per phase
    uint32_t reserved0;
    double seconds;         // wall time of the whole call
    double seconds_lower;   // of which the witness searches
    double seconds_exact;   // and the exact search
};

// Runs the phases with the run options (threads, seconds, monitor; NULL for the defaults). `witness`
// receives W*I warp ids whose decoded (and validated) makespan is result->bracket.lower.
wsp_status host_bracket_run(const wsp_problem *p, const HostBracketOptions *options,
                            const wsp_host_run_options *run, uint32_t *witness, size_t witness_length,
                            HostBracketResult *result, wsp_diag *diag);

}  // namespace wsp

#endif
