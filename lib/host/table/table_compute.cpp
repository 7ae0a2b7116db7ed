// Computing a table's entries (table.hpp): the bound of each entry at once; then the witness search
// (lower) of each entry in turn, its searches on the threads; then every annealing restart of every
// entry in one batch; then every exact entry in one batch, each seeded with its entry's best witness. Each job's result depends on its inputs and seed only, so a table does
// not depend on the thread count (nor on sharding).
#include <algorithm>

#include "warpspan_host.h"
#include "host/table/table.hpp"

namespace wsp {
namespace host {
namespace {

struct Entry {
    size_t index = 0, kernel = 0;
    uint32_t warps = 0;
    std::vector<uint64_t> storage;
    wsp_problem *problem = nullptr;
    wsp_bounds bounds{};
    uint64_t upper = 0;  // host_bounds: the closed forms, the slot and the passage bound
    double bound_seconds = 0;
    LowerRun lower;
    AnnealRun anneal;
    size_t first_job = 0;  // of its restarts in the anneal batch
    std::optional<Witness> witness;
    ExactRun exact;
};

bool wants(const TableOptions &o, TableColumn c) {
    for (const TableColumn x : o.columns)
        if (x == c) return true;
    return false;
}

std::string entry_name(const TableInfo &t, const Entry &e) {
    return "table " + t.kernels[e.kernel].name + ", W=" + std::to_string(e.warps);
}

// Keeps the longer of the entry's witness and `w`.
void keep_witness(Entry &e, const Witness &w) {
    if (!e.witness || w.makespan > e.witness->makespan) e.witness = w;
}

bool run_lower_entries(const TableInfo &t, const TableOptions &o, std::vector<Entry> &entries, RunObserver *observer,
                       AnalysisError &error, std::string &where) {
    observer->begin("table lower");
    for (Entry &e : entries) {
        where = entry_name(t, e);
        const size_t n = static_cast<size_t>(e.warps) * wsp_problem_length(e.problem);
        LowerRun &run = e.lower;
        run.witness.assign(n, 0);
        run.seed = entry_seed(o.seed, t.kernels[e.kernel].name, e.warps);
        wsp_host_lower_options lo{};
        lo.lower.control.budget = o.work;
        lo.lower.control.progress = observe_stop;
        lo.lower.control.context = observer;
        lo.lower.control.interval = kObserveInterval;
        lo.lower.seed = run.seed;
        wsp_host_run_options ro{};
        ro.threads = o.threads;
        wsp_host_lower_result r{};
        wsp_diag d{};
        const wsp_status st = wsp_host_lower_run(e.problem, &lo, &ro, run.witness.data(), n, &r, &d);
        if (st != WSP_OK) {
            observer->end();
            return analysis_fail(error, "lower", st, d);
        }
        run.lower = r.best.lower;
        run.upper = r.best.upper;
        run.stop = r.best.stop;
        run.found_by = r.best.found_by;
        run.jobs = r.jobs;
        run.work = r.work;
        run.seconds = r.seconds;
        Witness w;
        if (!decode_witness(e.problem, run.witness, "lower", w, error) || w.makespan != run.lower) {
            observer->end();
            return w.makespan == run.lower ? false
                                           : analysis_fail(error, "lower", WSP_ERR_INTERNAL, WSP_FIELD_NONE,
                                                           "the witness search's schedule does not decode to its result");
        }
        keep_witness(e, w);
        if (observer->stop() != 0) break;  // Ctrl-C: the entries so far keep their results
    }
    observer->end();
    return true;
}

bool run_anneal_batch(const TableInfo &t, const TableOptions &o, std::vector<Entry> &entries, RunObserver *observer,
                      AnalysisError &error, std::string &where) {
    std::vector<wsp_host_anneal_job> all;
    for (Entry &e : entries) {
        AnnealSettings s;
        s.iterations = o.iterations;
        s.restarts = o.restarts;
        s.seed = entry_seed(o.seed, t.kernels[e.kernel].name, e.warps);
        e.anneal.iterations = o.iterations;
        std::vector<wsp_host_anneal_job> jobs;
        anneal_jobs(s, e.problem, e.anneal, jobs);
        e.first_job = all.size();
        for (wsp_host_anneal_job &job : jobs) {
            job.options.control.progress = observe_stop;
            job.options.control.context = observer;
            job.options.control.interval = kObserveInterval;
            all.push_back(job);
        }
    }
    wsp_host_run_options ro{};
    ro.threads = o.threads;
    ro.monitor = observe_jobs;
    ro.context = observer;
    ro.monitor_interval = 0.5;
    wsp_diag d{};
    observer->begin("table anneal");
    const wsp_status st = wsp_host_anneal_run(all.data(), all.size(), &ro, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "anneal", st, d);
    for (Entry &e : entries) {
        where = entry_name(t, e);
        const size_t count = e.anneal.instances.size();
        if (!anneal_collect(all.data() + e.first_job, count, e.anneal, error)) return false;
        Witness w;
        if (!decode_witness(e.problem, e.anneal.instances[e.anneal.best].witness, "anneal", w, error)) return false;
        if (w.makespan != e.anneal.lower)
            return analysis_fail(error, "anneal", WSP_ERR_INTERNAL, WSP_FIELD_NONE,
                                 "the annealer's witness does not decode to its result");
        keep_witness(e, w);
    }
    return true;
}

bool run_exact_batch(const TableInfo &t, const TableOptions &o, std::vector<Entry> &entries, RunObserver *observer,
                     AnalysisError &error, std::string &where) {
    ExactSettings s;
    s.budget = o.budget;
    s.memory_mib = o.memory_mib;
    s.seconds = o.seconds;
    std::vector<wsp_host_exact_job> jobs(entries.size());
    for (size_t k = 0; k < entries.size(); ++k) {
        Entry &e = entries[k];
        where = entry_name(t, e);
        size_t bytes = 0;
        if (!exact_memory(s, e.problem, 1, bytes, error)) return false;
        exact_job(s, e.problem, bytes, e.exact, jobs[k]);
        if (e.witness) {  // the best witness so far (lower, anneal) is a head start
            jobs[k].options.initial = e.witness->string.data();
            jobs[k].options.initial_length = e.witness->string.size();
        }
        jobs[k].options.control.progress = observe_stop;
        jobs[k].options.control.context = observer;
        jobs[k].options.control.interval = kObserveInterval;
    }
    wsp_host_run_options ro{};
    ro.threads = o.threads;
    ro.monitor = observe_jobs;
    ro.context = observer;
    ro.monitor_interval = 0.5;
    wsp_diag d{};
    observer->begin("table exact");
    const wsp_status st = wsp_host_exact_run(jobs.data(), jobs.size(), &ro, &d);
    observer->end();
    if (st != WSP_OK) return analysis_fail(error, "exact", st, d);
    for (size_t k = 0; k < entries.size(); ++k) {
        Entry &e = entries[k];
        where = entry_name(t, e);
        if (!exact_collect(jobs[k], e.exact, error)) return false;
        Witness w;
        if (!decode_witness(e.problem, e.exact.witness, "exact", w, error)) return false;
        if (w.makespan != e.exact.result.lower)
            return analysis_fail(error, "exact", WSP_ERR_INTERNAL, WSP_FIELD_NONE,
                                 "the exact witness does not decode to its lower bound");
    }
    return true;
}

ColumnResult column_of(TableColumn c, const Entry &e) {
    ColumnResult r;
    r.method = column_name(c);
    if (c == TableColumn::kBound) {
        r.value = e.upper;
        r.upper = e.upper;
        r.status = "proven upper";
        r.seconds = e.bound_seconds;
    } else if (c == TableColumn::kLower) {
        r.value = e.lower.lower;
        r.lower = e.lower.lower;
        r.seed = e.lower.seed;
        r.status = "lower bound";
        r.seconds = e.lower.seconds;
    } else if (c == TableColumn::kAnneal) {
        r.value = e.anneal.lower;
        r.lower = e.anneal.lower;
        r.seed = e.anneal.instances.empty() ? 0 : e.anneal.instances[0].seed;
        r.status = "lower bound";
        for (const AnnealInstance &i : e.anneal.instances) r.seconds += i.seconds;
    } else {
        const uint64_t upper = std::min<uint64_t>(e.exact.result.upper, e.upper);
        r.value = upper;
        r.lower = e.exact.result.lower;
        r.upper = upper;
        r.status = e.exact.result.stop == WSP_STOP_FINISHED ? "optimal" : "bracket";
        if (const char *why = stop_reason_name(e.exact.result.stop)) r.stopped_by = why;
        r.seconds = e.exact.seconds;
    }
    return r;
}

}  // namespace

bool compute_table(const TableInfo &t, const TableOptions &o, const std::vector<size_t> &indices, RunObserver *observer,
                   std::vector<EntryResult> &results, AnalysisError &error, std::string &where) {
    RunObserver quiet;
    if (observer == nullptr) observer = &quiet;
    results.assign(t.total, EntryResult{});
    std::vector<Entry> entries(indices.size());
    for (size_t k = 0; k < indices.size(); ++k) {
        Entry &e = entries[k];
        e.index = indices[k];
        entry_at(t, e.index, e.kernel, e.warps);
        where = entry_name(t, e);
        const TableKernel &tk = t.kernels[e.kernel];
        const double start = wsp_host_seconds();
        if (!make_problem(tk.input_kernel, e.warps, tk.sm, e.storage, e.problem, error)) return false;
        wsp_diag d{};
        if (wsp_bounds_compute(e.problem, &e.bounds, &d) != WSP_OK) return analysis_fail(error, "problem", WSP_ERR_INTERNAL, d);
        e.upper = host_bounds(e.problem, e.bounds).upper;
        e.bound_seconds = wsp_host_seconds() - start;
    }
    if (wants(o, TableColumn::kLower) && !run_lower_entries(t, o, entries, observer, error, where)) return false;
    if (wants(o, TableColumn::kAnneal) && !run_anneal_batch(t, o, entries, observer, error, where)) return false;
    if (wants(o, TableColumn::kExact) && !run_exact_batch(t, o, entries, observer, error, where)) return false;
    for (const Entry &e : entries) {
        EntryResult &r = results[e.index];
        for (const TableColumn c : o.columns) r.columns.push_back(column_of(c, e));
        r.done = true;
    }
    where.clear();
    return true;
}

}  // namespace host
}  // namespace wsp
