#include "host/jobs/bracket_jobs.hpp"

#include <vector>

#include "bounds/upper.hpp"
#include "host/bounds/slot_bound.hpp"
#include "warpspan_host.h"
#include "host/jobs/pool.hpp"
#include "model/problem.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

constexpr double kMinPhaseSeconds = 0.005;  // a phase with less time left is skipped

// Seconds from now to start + fraction * total (0 = no time budget; a tiny positive when past).
double until(double start, double total, double fraction) {
    if (total <= 0) return 0;
    const double left = start + fraction * total - wsp_host_seconds();
    return left > 0 ? left : 0;
}

wsp_host_run_options phase_run(const wsp_host_run_options *run, double seconds) {
    wsp_host_run_options r{};
    if (run != nullptr) {
        r.threads = run->threads;
        r.monitor = run->monitor;
        r.context = run->context;
        r.monitor_interval = run->monitor_interval;
    }
    r.seconds = seconds;
    return r;
}

}  // namespace

}  // namespace wsp

using namespace wsp;

extern "C" wsp_status wsp_host_bracket_run(const wsp_problem *p, const wsp_host_bracket_options *options,
                                           const wsp_host_run_options *run, uint32_t *witness,
                                           size_t witness_length, wsp_host_bracket_result *result,
                                           wsp_diag *diag) {
    const double call_start = wsp_host_seconds();
    double start = call_start;  // of the phases after the slot bound
    zero(result);
    wsp_status st = check_problem(p, diag);
    if (st != WSP_OK) return st;
    static const wsp_host_bracket_options kNoOptions = {};
    const wsp_host_bracket_options &o = options != nullptr ? *options : kNoOptions;
    // The core's options first (their reserved words 1..9), then ours (10 and 11..18), then the run
    // options' (19 and 20..27).
    constexpr uint32_t kBracketWords = 4u + sizeof o.bracket.reserved / sizeof o.bracket.reserved[0];
    st = check_options_reserved(o.bracket, "the host bracket options", diag);
    if (st != WSP_OK) return st;
    st = check_reserved(&o.reserved0, 1, kBracketWords + 1u, "the host bracket options", diag);
    if (st != WSP_OK) return st;
    st = check_reserved(o.reserved, kBracketWords + 2u, "the host bracket options", diag);
    if (st != WSP_OK) return st;
    host::RunSettings settings;  // the run options' checks (reserved words, threads, seconds, interval)
    st = host::check_run_options(run, 1, &settings, diag, kBracketWords + 10u);
    if (st != WSP_OK) return st;
    st = check_outputs(*p, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    double total = run != nullptr ? run->seconds : 0;
    const uint64_t budget = o.bracket.control.budget != 0 ? o.bracket.control.budget
                            : total > 0                   ? 0
                                                          : bracket_default_work(*p);
    const BracketPlan plan = bracket_plan(budget);  // unused parts when budget is 0 (time only)

    wsp_host_bracket_result r{};
    BracketResult &b = r.bracket;
    b.bound = static_cast<uint32_t>(proven_upper(*p));
    b.upper = b.bound;
    b.upper_by = kBracketUpperBound;
    {  // Phase 0: the host's slot bound (docs/bounds.md 6c) within its iteration budget and half of
       // the time; the phases below share what is left in their usual proportions (same deadline).
        const SlotBound slot = host_slot_bound(*p, total > 0 ? total * 0.5 : 0);
        if (slot.computed && slot.bound < b.upper) {
            b.upper = static_cast<uint32_t>(slot.bound);
            b.upper_by = WSP_BRACKET_UPPER_SLOT;
        }
        if (total > 0) {  // stays positive: 0 would mean no time budget at all
            const double used = wsp_host_seconds() - start;
            start += used;
            total = total - used > kMinPhaseSeconds ? total - used : kMinPhaseSeconds;
        }
    }
    b.exact_stop = WSP_STOP_FINISHED;
    uint32_t stop = WSP_STOP_BUDGET;

    // Phase 1: the witness search.
    wsp_host_lower_options lo{};
    lo.lower.control = o.bracket.control;
    lo.lower.control.budget = budget != 0 ? plan.first_lower : 0;
    lo.lower.seed = o.bracket.seed;
    lo.lower.max_beam = o.bracket.max_beam;
    if (b.upper_by == WSP_BRACKET_UPPER_SLOT) lo.lower.upper = b.upper;  // a witness there is T(W): stop
    lo.jobs = o.jobs;
    wsp_host_run_options ro = phase_run(run, until(start, total, 0.125));
    if (total > 0 && ro.seconds < kMinPhaseSeconds) ro.seconds = kMinPhaseSeconds;  // one witness at least
    wsp_host_lower_result lr{};
    double t = wsp_host_seconds();
    st = wsp_host_lower_run(p, &lo, &ro, witness, witness_length, &lr, diag);
    if (st != WSP_OK) return st;
    r.seconds_lower += wsp_host_seconds() - t;
    r.jobs = lr.jobs;
    b.work = lr.work;
    b.work_lower = lr.work;
    b.lower = lr.best.lower;
    b.found_by = lr.best.found_by;
    if (lr.best.stop == WSP_STOP_TIME || lr.best.stop == WSP_STOP_CANCELLED) stop = lr.best.stop;
    if (lr.best.stop == WSP_STOP_CANCELLED) goto done;

    // Phase 2: the exact search from the witness.
    if (b.lower < b.upper && (budget == 0 || plan.exact_states > 0)) {
        const double seconds = until(start, total, 0.375);
        if (total <= 0 || seconds >= kMinPhaseSeconds) {
            std::vector<uint32_t> initial(witness, witness + witness_length);
            wsp_host_exact_job job{};
            job.problem = p;
            job.options.control = o.bracket.control;
            job.options.control.budget = budget != 0 ? plan.exact_states : 0;
            job.options.initial = initial.data();
            job.options.initial_length = initial.size();
            job.memory = o.memory != 0 ? o.memory : kDefaultBracketMemory;
            job.witness = witness;
            job.witness_length = witness_length;
            wsp_host_run_options eo = phase_run(run, seconds);
            eo.threads = 1;
            t = wsp_host_seconds();
            st = wsp_host_exact_run(&job, 1, &eo, diag);
            if (st == WSP_OK) st = job.status;
            if (st != WSP_OK) {
                if (diag != nullptr) *diag = job.diag;
                return st;
            }
            r.seconds_exact = wsp_host_seconds() - t;
            const wsp_exact_result &er = job.result;
            b.work += er.expanded * kStateUnits;
            b.expanded = er.expanded;
            b.probes = er.probes;
            b.exact_stop = er.stop;
            if (er.lower > b.lower) {
                b.lower = er.lower;
                b.found_by = kBracketFoundExact;
            }
            if (er.upper != 0 && er.upper < b.upper) {  // 0: the job was skipped (its deadline had passed)
                b.upper = er.upper;
                b.upper_by = kBracketUpperExact;
            }
            if (er.stop == WSP_STOP_CANCELLED) {
                stop = er.stop;
                goto done;
            }
            if (er.stop == WSP_STOP_TIME) stop = WSP_STOP_TIME;
        } else {
            stop = WSP_STOP_TIME;
        }
    }

    // Phase 3: the witness search again, from the best witness, up to the exact search's upper end.
    if (b.lower < b.upper && (budget == 0 || b.work < budget)) {
        const double seconds = until(start, total, 1.0);
        if (total <= 0 || seconds >= kMinPhaseSeconds) {
            std::vector<uint32_t> initial(witness, witness + witness_length);
            lo.lower.control.budget = budget != 0 ? budget - b.work : 0;
            lo.lower.seed = o.bracket.seed + 0x5bd1e995u;
            lo.lower.upper = b.upper;
            lo.lower.initial = initial.data();
            lo.lower.initial_length = initial.size();
            ro = phase_run(run, seconds);
            std::vector<uint32_t> second(witness_length);
            wsp_host_lower_result l2{};
            t = wsp_host_seconds();
            st = wsp_host_lower_run(p, &lo, &ro, second.data(), second.size(), &l2, diag);
            r.seconds_lower += wsp_host_seconds() - t;
            if (st == WSP_OK) {
                b.work += l2.work;
                b.work_lower += l2.work;
                if (l2.best.lower > b.lower) {
                    b.lower = l2.best.lower;
                    b.found_by = l2.best.found_by;
                    for (size_t k = 0; k < witness_length; ++k) witness[k] = second[k];
                }
                stop = l2.best.stop == WSP_STOP_FINISHED ? uint32_t{WSP_STOP_BUDGET} : l2.best.stop;
            } else if (st == WSP_ERR_RANGE && total > 0) {
                stop = WSP_STOP_TIME;  // the deadline came before any job of this phase started
            } else {
                return st;
            }
        } else {
            stop = WSP_STOP_TIME;
        }
    }

done:
    if (b.lower > b.upper) return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "the witness passed the proven bound");
    b.stop = b.lower >= b.upper ? uint32_t{WSP_STOP_FINISHED} : stop;
    r.seconds = wsp_host_seconds() - call_start;
    *result = r;
    return ok(diag);
}
