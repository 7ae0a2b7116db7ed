#include "lower/lower.hpp"

#include "anneal/anneal.hpp"
#include "anneal/initial.hpp"
#include "anneal/rng.hpp"
#include "bounds/upper.hpp"
#include "lower/beam.hpp"
#include "lower/budget.hpp"
#include "lower/policy.hpp"
#include "model/problem.hpp"
#include "schedule/schedule.hpp"
#include "schedule/witness_check.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

constexpr uint32_t kFirstWidth = 8;
const LowerOptions kDefaults = {};  // NULL options: constant data, not a copy on the deep stack

// What a unit buys. A beam child and a simulated dispatch cycle cost one unit each (about 0.1-0.5
// microseconds for Voronoi W = 16 on a workstation); an annealer candidate decodes about half the
// string, so it costs 1 + W*I/64 units.
uint64_t anneal_cost(const wsp_problem &p) { return 1u + cells(p) / 64u; }

struct LowerLayout {
    uint32_t horizon;  // the proven upper bound: no schedule is longer
    uint32_t width;    // widest beam (0: no beam)
    size_t structs_at; // the annealer's options and result (off the stack: it is deep already)
    size_t region_at;  // after the candidate string and those
    WorkspaceLayout layout;
};

struct AnnealStructs {
    wsp_anneal_options options;
    wsp_anneal_result result;
};

// The candidate string, then one region that the parts use in turn: the initial solutions' scratch
// and decoder, the policy search, the beam, the annealer, and last the witness check.
LowerLayout lower_layout(const wsp_problem &p, const LowerOptions &o) {
    LowerLayout l;
    l.horizon = static_cast<uint32_t>(proven_upper(p));
    const uint32_t methods = o.methods == 0 ? kLowerAll : o.methods;
    l.width = (methods & kLowerBeam) ? (o.max_beam != 0 ? o.max_beam : kDefaultMaxBeam) : 0u;
    WorkspaceLayout region = witness_check_layout(p);
    region.cover(decoder_layout(p));
    region.cover(dispatch_layout(p));
    WorkspaceLayout part;
    if (methods & kLowerPolicies) {
        part = WorkspaceLayout();
        part.add<uint8_t>(PolicySearch::bytes(p));
        region.cover(part);
    }
    if (methods & kLowerBeam) {
        part = WorkspaceLayout();
        part.add<uint8_t>(BeamSearch::bytes(p, l.horizon, l.width));
        region.cover(part);
    }
    if (methods & kLowerAnneal) {
        part = WorkspaceLayout();
        part.add<uint8_t>(anneal_bytes(&p, Decoding::kCheckpoint));
        region.cover(part);
    }
    l.layout.add<uint32_t>(cells(p));
    l.structs_at = l.layout.add<uint8_t>(sizeof(AnnealStructs));
    l.region_at = l.layout.add(region);
    return l;
}

wsp_status check_options(const wsp_problem *p, const LowerOptions &o, wsp_diag *diag) {
    wsp_status st = check_problem(p, diag);
    if (st != WSP_OK) return st;
    st = check_options_reserved(o, "the lower-bound options", diag);
    if (st != WSP_OK) return st;
    if ((o.methods & ~kLowerAll) != 0) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_METHODS);
        scope.message.text("unknown method bits ").number(o.methods & ~kLowerAll);
        return WSP_ERR_RANGE;
    }
    if (o.max_beam > kMaxBeam) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_BEAM_WIDTH);
        scope.message.text("beam width ").number(o.max_beam).text(" exceeds the maximum ").number(kMaxBeam);
        return WSP_ERR_RANGE;
    }
    return WSP_OK;
}

// The caller's callback behind the budget's poll: wsp_progress with the units as work.
struct PollContext {
    const wsp_control *control;
    uint32_t upper;
    uint32_t stop;  // the stop reason the callback asked for
};

bool poll_user(void *context, uint64_t used, uint32_t best, bool improved) {
    PollContext *c = static_cast<PollContext *>(context);
    if (c->control->progress == nullptr) return false;
    wsp_progress pr = {};
    pr.work = used;
    pr.budget = c->control->budget;
    pr.lower = best;
    pr.upper = c->upper;
    pr.improved = improved ? 1u : 0u;
    c->stop = stop_of(c->control->progress(c->control->context, &pr));
    return c->stop != WSP_STOP_FINISHED;
}

// The annealer's progress calls, forwarded to the budget: a new best is reported at once and stops
// the run at the bound; the periodic calls let the caller cancel.
struct AnnealWatch {
    Budget *budget;
    uint32_t stop_at;
};

uint32_t on_anneal(void *context, const wsp_progress *pr) {
    AnnealWatch *w = static_cast<AnnealWatch *>(context);
    if (pr->improved) {
        w->budget->improved(pr->lower);
        return pr->lower >= w->stop_at || w->budget->cancelled() ? uint32_t{WSP_STOP_CANCELLED} : 0u;
    }
    return w->budget->poll() ? 0u : uint32_t{WSP_STOP_CANCELLED};
}

uint64_t mix(uint64_t seed, uint64_t round, uint64_t part) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (round * 4u + part + 1u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Search {
public:
    Search(const wsp_problem &p, const LowerOptions &o, const LowerLayout &l, uint8_t *ws,
           uint32_t *witness, Budget &budget, LowerResult &r)
        : p_(p), o_(o), l_(l), n_(cells(p)), candidate_(reinterpret_cast<uint32_t *>(ws)),
          structs_(reinterpret_cast<AnnealStructs *>(ws + l.structs_at)), region_(ws + l.region_at),
          witness_(witness), budget_(budget), r_(r),
          methods_(o.methods == 0 ? kLowerAll : o.methods) {}

    // Takes the candidate string (of makespan m) when it is longer than the witness.
    void offer(uint32_t m, uint32_t by) {
        if (m <= r_.lower) return;
        for (uint64_t k = 0; k < n_; ++k) witness_[k] = candidate_[k];
        r_.lower = m;
        r_.found_by = by;
        r_.work_found = budget_.used();
        budget_.improved(m);
    }

    bool done() const { return r_.lower >= r_.upper || budget_.cancelled() || budget_.exhausted(); }

    // The caller's witness and paper 003's initial solutions with the dispatch policies. Round-robin
    // comes first and free of charge, so that every budget ends with a witness.
    __attribute__((noinline)) wsp_status start(wsp_diag *diag) {
        r_.lower = 0;
        if (o_.initial != nullptr) {
            uint32_t m = 0;
            const wsp_status st = decode(p_, o_.initial, WSP_FIELD_INITIAL, region_, nullptr, nullptr, &m, diag);
            if (st != WSP_OK) return st;
            for (uint64_t k = 0; k < n_; ++k) candidate_[k] = o_.initial[k];
            offer(m, kFoundInitial);
        }
        for (uint32_t policy = 0; policy < WSP_POLICY_COUNT && !done(); ++policy) {
            if (policy > 0 && !budget_.spend(1u + n_ / 16u)) break;
            Rng rng = seeded_rng(mix(o_.seed, 0, 3));
            make_initial(p_, policy, rng, region_, candidate_);
            uint32_t m = 0;
            if (decode(p_, candidate_, WSP_FIELD_NONE, region_, nullptr, nullptr, &m, nullptr) != WSP_OK)
                return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "an initial solution did not decode");
            offer(m, kFoundInitial);
        }
        return WSP_OK;
    }

    __attribute__((noinline)) void beam(uint32_t round) {
        const uint32_t shift = round < 20u ? round : 20u;
        const uint32_t wanted = kFirstWidth << shift;
        const uint32_t width = wanted < l_.width ? wanted : l_.width;
        if (width > r_.beam_width) r_.beam_width = width;
        BeamSearch search(p_, l_.horizon, width, region_);
        bool finished = false;
        const uint32_t m = search.run(width, round % BeamSearch::kModes, mix(o_.seed, round, 0), r_.lower,
                                      r_.upper, budget_, candidate_, &finished);
        offer(m, kFoundBeam);
    }

    __attribute__((noinline)) void policies(uint32_t round, uint64_t units) {
        PolicySearch search(p_, region_);
        budget_.limit(units);
        const uint32_t m = search.run(mix(o_.seed, round, 1), r_.lower, r_.upper, budget_, candidate_);
        budget_.unlimit();
        offer(m, kFoundPolicy);
    }

    __attribute__((noinline)) wsp_status anneal(uint32_t round, uint64_t units, wsp_diag *diag) {
        const uint64_t cost = anneal_cost(p_);
        uint64_t iterations = units / cost;
        const uint64_t left = budget_.left() / cost;
        if (iterations > left) iterations = left;
        if (iterations == 0 || !budget_.spend(iterations * cost)) return WSP_OK;
        wsp_anneal_options &ao = structs_->options;
        wsp_anneal_result &ar = structs_->result;
        zero(&ao);
        zero(&ar);
        ao.iterations = iterations;
        ao.seed = mix(o_.seed, round, 2);
        ao.moves = WSP_MOVES_UNIFORM;
        AnnealWatch watch = {&budget_, r_.upper};
        ao.control.progress = on_anneal;
        ao.control.context = &watch;
        const uint64_t interval = progress_interval(o_.control);
        ao.control.interval = interval / cost > 0 ? interval / cost : 1u;
        ar.upper = r_.upper;
        for (uint64_t k = 0; k < n_; ++k) candidate_[k] = witness_[k];
        if (!anneal_loop(p_, ao, l_.horizon, region_, candidate_, ar))
            return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "a decoded cycle passed the proven bound");
        budget_.refund((iterations - ar.iterations) * cost);
        offer(ar.lower, kFoundAnneal);
        return WSP_OK;
    }

    bool has(uint32_t method) const { return (methods_ & method) != 0; }

private:
    const wsp_problem &p_;
    const LowerOptions &o_;
    const LowerLayout &l_;
    uint64_t n_;
    uint32_t *candidate_;
    AnnealStructs *structs_;
    uint8_t *region_;
    uint32_t *witness_;
    Budget &budget_;
    LowerResult &r_;
    uint32_t methods_;
};

// The rounds, after every argument was checked (a frame of its own, off lower_run's).
__attribute__((noinline)) wsp_status search(const wsp_problem &p, const LowerOptions &o, const LowerLayout &l,
                                            uint8_t *ws, uint32_t *witness,
                                            LowerResult *result, wsp_diag *diag) {
    LowerResult &r = *result;
    r.upper = o.upper != 0 && o.upper < l.horizon ? o.upper : l.horizon;
    PollContext user = {&o.control, r.upper, WSP_STOP_FINISHED};
    Budget budget(o.control.budget != 0 ? o.control.budget : lower_default_work(p), poll_user, &user,
                  progress_interval(o.control));
    Search run(p, o, l, ws, witness, budget, r);
    wsp_status st = run.start(diag);
    if (st != WSP_OK) return st;
    for (uint32_t round = 0; !run.done(); ++round) {
        r.rounds = round + 1u;
        const uint64_t before = budget.used();
        if (run.has(kLowerBeam)) run.beam(round);
        if (run.done()) break;
        // The other parts get shares of what this round's beam used (a doubling amount without one).
        const uint32_t shift = round < 30u ? round : 30u;
        const uint64_t beam_used = run.has(kLowerBeam) ? budget.used() - before : uint64_t{4096} << shift;
        const uint64_t share = beam_used > 1024u ? beam_used : 1024u;
        if (run.has(kLowerPolicies)) run.policies(round, share / 8u);
        if (run.done()) break;
        if (run.has(kLowerAnneal)) {
            st = run.anneal(round, share / 4u, diag);
            if (st != WSP_OK) return st;
        }
        if (budget.used() == before) break;  // nothing could spend what is left
    }
    if (o.upper != 0 && r.lower > o.upper)
        return fail(diag, WSP_ERR_RANGE, WSP_FIELD_NONE,
                    "the caller's upper bound (options.upper) is below a witnessed schedule: it is not an upper bound");
    r.stop = r.lower >= r.upper ? uint32_t{WSP_STOP_FINISHED}
             : budget.cancelled() ? user.stop
                                  : uint32_t{WSP_STOP_BUDGET};
    r.work = budget.used();
    if (r.lower > l.horizon)
        return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "a witness is longer than the proven bound");
    return check_witness(p, ws + l.region_at, witness, r.lower, "lower-bound search", diag);
}

}  // namespace

// 40 n^2 units up to n = W*I = 100, then 4000 n, within 20000 .. 2^26: a beam of width 1024 on the
// small random instances of BENCHMARKS.md costs 0.1-0.4 M units, on Voronoi W = 16 about 1.5 M.
uint64_t lower_default_work(const wsp_problem &p) {
    const uint64_t n = cells(p);
    const uint64_t w = n <= 100u ? 40u * n * n : (n < (uint64_t{1} << 26) / 4000u ? 4000u * n : uint64_t{1} << 26);
    return w < 20000u ? 20000u : (w > (uint64_t{1} << 26) ? uint64_t{1} << 26 : w);
}

}  // namespace wsp

using wsp::LowerOptions;
using wsp::LowerResult;
using namespace wsp;

extern "C" uint64_t wsp_lower_default_work(const wsp_problem *problem) {
    return valid(problem) ? lower_default_work(*problem) : 0u;
}

extern "C" wsp_status wsp_lower_workspace_size(const wsp_problem *p, const wsp_lower_options *options,
                                               size_t *size, wsp_diag *diag) {
    if (size == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const LowerOptions &o = options != nullptr ? *options : kDefaults;
    const wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    return report_size(lower_layout(*p, o).layout, size, diag);
}

extern "C" wsp_status wsp_lower_run(const wsp_problem *p, const wsp_lower_options *options, void *workspace,
                                    size_t workspace_size, uint32_t *witness, size_t witness_length,
                                    wsp_lower_result *result, wsp_diag *diag) {
    zero(result);
    const LowerOptions &o = options != nullptr ? *options : kDefaults;
    wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    if (o.initial != nullptr) {
        st = check_length(*p, o.initial_length, WSP_FIELD_INITIAL, "the initial witness", diag);
        if (st != WSP_OK) return st;
    }
    const LowerLayout l = lower_layout(*p, o);
    st = check_workspace(workspace, workspace_size, l.layout, diag);
    if (st != WSP_OK) return st;
    st = check_outputs(*p, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    st = search(*p, o, l, static_cast<uint8_t *>(workspace), witness, result, diag);
    if (st != WSP_OK) {
        zero(result);
        return st;
    }
    return ok(diag);
}
