#include "lower/lower.hpp"

#include "anneal/anneal.hpp"
#include "anneal/initial.hpp"
#include "anneal/rng.hpp"
#include "lower/beam.hpp"
#include "lower/budget.hpp"
#include "lower/policy.hpp"
#include "model/problem.hpp"
#include "schedule/witness_check.hpp"
#include "schedule/workspace_sizes.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

constexpr uint64_t kDefaultProgressInterval = 65536;
const LowerOptions kNoOptions = {};  // constant data: the defaults
constexpr uint32_t kFirstWidth = 8;

// What a unit buys. A beam child and a simulated dispatch cycle cost one unit each (about 0.1-0.5
// microseconds for Voronoi W = 16 on a workstation); an annealer candidate decodes about half the
// string, so it costs 1 + W*I/64 units.
uint64_t anneal_cost(const wsp_problem &p) { return 1u + uint64_t{p.warps} * p.length / 64u; }

struct LowerLayout {
    uint32_t horizon;   // wsp_bounds_compute's upper bound
    uint32_t width;     // widest beam (0: no beam)
    uint64_t region_at; // after the candidate string
    uint64_t bytes;
};

uint64_t max_of(uint64_t a, uint64_t b) { return a > b ? a : b; }

uint64_t region_bytes(const wsp_problem &p, uint32_t horizon, uint32_t width, uint32_t methods) {
    uint64_t r = witness_check_bytes(p);
    r = max_of(r, align_workspace(decoder_bytes(p)));
    r = max_of(r, initial_scratch_bytes(p));
    if (methods & kLowerPolicies) r = max_of(r, PolicySearch::bytes(p));
    if (methods & kLowerBeam) r = max_of(r, BeamSearch::bytes(p, horizon, width));
    if (methods & kLowerAnneal) r = max_of(r, align_workspace(anneal_bytes(&p, Decoding::kCheckpoint)));
    return r;
}

LowerLayout lower_layout(const wsp_problem &p, const LowerOptions &o) {
    wsp_bounds b;
    wsp_bounds_compute(&p, &b);
    LowerLayout l;
    l.horizon = static_cast<uint32_t>(b.upper);
    const uint32_t methods = o.methods == 0 ? kLowerAll : o.methods;
    l.width = (methods & kLowerBeam) ? (o.max_beam != 0 ? o.max_beam : kDefaultMaxBeam) : 0u;
    l.region_at = align_workspace(4u * uint64_t{p.warps} * p.length);
    l.bytes = l.region_at + region_bytes(p, l.horizon, l.width, methods);
    return l;
}

wsp_status check_options(const wsp_problem *p, const LowerOptions &o, wsp_diag *diag) {
    if (!valid(p)) return fail(diag, WSP_ERR_INVALID_HANDLE, "the problem handle is not valid");
    if ((o.methods & ~kLowerAll) != 0 || o.reserved != 0) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text(o.reserved != 0 ? "the reserved option is not 0" : "unknown method bits ")
            .number(o.reserved != 0 ? o.reserved : o.methods & ~kLowerAll);
        return WSP_ERR_RANGE;
    }
    if (o.max_beam > (1u << 24)) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text("beam width ").number(o.max_beam).text(" exceeds the maximum ").number(1u << 24);
        return WSP_ERR_RANGE;
    }
    return WSP_OK;
}

struct PollContext {
    LowerProgressFn fn;
    void *context;
};

bool poll_user(void *context, uint64_t used, uint32_t best, bool improved) {
    const PollContext *c = static_cast<const PollContext *>(context);
    if (c->fn == nullptr) return false;
    const LowerProgress pr = {used, best, improved ? 1u : 0u};
    return c->fn(c->context, &pr) != 0;
}

// The annealer's progress calls, forwarded to the budget: a new best is reported at once and stops
// the run at the bound; the periodic calls let the caller cancel.
struct AnnealWatch {
    Budget *budget;
    uint32_t stop_at;
};

int on_anneal(void *context, const wsp_anneal_progress *pr) {
    AnnealWatch *w = static_cast<AnnealWatch *>(context);
    if (pr->improved) {
        w->budget->improved(pr->best);
        return pr->best >= w->stop_at || w->budget->cancelled();
    }
    return !w->budget->poll();
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
           uint64_t region_size, uint32_t *witness, Budget &budget, LowerResult &r)
        : p_(p), o_(o), l_(l), n_(uint64_t{p.warps} * p.length),
          candidate_(reinterpret_cast<uint32_t *>(ws)), region_(ws + l.region_at),
          region_size_(region_size), witness_(witness), budget_(budget), r_(r),
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

    // The caller's witness and paper 003's initial solutions with the new dispatch policies.
    __attribute__((noinline)) wsp_status start(wsp_diag *diag) {
        r_.lower = 0;
        if (o_.initial != nullptr) {
            uint32_t m = 0;
            const wsp_status st = wsp_decode(&p_, o_.initial, static_cast<size_t>(o_.initial_length), region_,
                                             static_cast<size_t>(region_size_), nullptr, nullptr, &m, diag);
            if (st != WSP_OK) return st;
            for (uint64_t k = 0; k < n_; ++k) candidate_[k] = o_.initial[k];
            offer(m, kFoundInitial);
        }
        // Round-robin first and free of charge, so that every budget ends with a witness.
        for (int init = 0; init < WSP_ANNEAL_INIT_COUNT && !done(); ++init) {
            if (init > 0 && !budget_.spend(1u + n_ / 16u)) break;
            Rng rng(mix(o_.seed, 0, 3));
            make_initial(p_, static_cast<wsp_anneal_init>(init), rng, region_, candidate_);
            uint32_t m = 0;
            if (wsp_decode(&p_, candidate_, static_cast<size_t>(n_), region_, static_cast<size_t>(region_size_),
                           nullptr, nullptr, &m, nullptr) != WSP_OK)
                return fail(diag, WSP_ERR_INTERNAL, "an initial solution did not decode");
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
        wsp_anneal_options ao = {};
        ao.iterations = iterations;
        ao.seed = mix(o_.seed, round, 2);
        ao.init = WSP_ANNEAL_ROUND_ROBIN;
        ao.moves = WSP_ANNEAL_MOVES_UNIFORM;
        AnnealWatch watch = {&budget_, r_.upper};
        ao.progress = on_anneal;
        ao.context = &watch;
        const uint64_t interval = o_.progress_interval != 0 ? o_.progress_interval : kDefaultProgressInterval;
        ao.progress_interval = interval / cost > 0 ? interval / cost : 1u;
        wsp_anneal_result ar = {};
        ar.upper = r_.upper;
        for (uint64_t k = 0; k < n_; ++k) candidate_[k] = witness_[k];
        if (!anneal_loop(p_, ao, l_.horizon, region_, candidate_, ar))
            return fail(diag, WSP_ERR_INTERNAL, "a decoded cycle passed the proven bound");
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
    uint8_t *region_;
    uint64_t region_size_;
    uint32_t *witness_;
    Budget &budget_;
    LowerResult &r_;
    uint32_t methods_;
};

// The rounds, after every argument was checked (a frame of its own, off lower_run's).
__attribute__((noinline)) wsp_status search(const wsp_problem &p, const LowerOptions &o, const LowerLayout &l,
                                            uint8_t *ws, size_t workspace_size, uint32_t *witness,
                                            LowerResult *result, wsp_diag *diag) {
    const uint64_t region_size = workspace_size - l.region_at;
    LowerResult r = {};
    r.upper = o.upper != 0 && o.upper < l.horizon ? o.upper : l.horizon;
    PollContext user = {o.progress, o.context};
    Budget budget(o.work != 0 ? o.work : lower_default_work(p), poll_user, &user,
                  o.progress_interval != 0 ? o.progress_interval : kDefaultProgressInterval);
    Search run(p, o, l, ws, region_size, witness, budget, r);
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
    r.stop = r.lower >= r.upper ? kStopOptimal : budget.cancelled() ? kStopCancelled : kStopBudget;
    r.work = budget.used();
    if (r.lower > l.horizon) return fail(diag, WSP_ERR_INTERNAL, "a witness is longer than the proven bound");
    const size_t n = static_cast<size_t>(uint64_t{p.warps} * p.length);
    st = check_witness(p, ws + l.region_at, witness, n, r.lower, "lower-bound search", diag);
    if (st != WSP_OK) return st;
    *result = r;
    clear(diag);
    return WSP_OK;
}

__attribute__((noinline)) wsp_status bad_length(wsp_diag *diag, const char *what, uint64_t length, uint64_t n) {
    DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
    scope.message.text(what).text(" holds ").number(length).text(" warp ids but W*I = ").number(n);
    return WSP_ERR_WITNESS_LENGTH;
}

}  // namespace

// 40 n^2 units up to n = W*I = 100, then 4000 n, within 20000 .. 2^26: a beam of width 1024 on the
// small random instances of BENCHMARKS.md costs 0.1-0.4 M units, on Voronoi W = 16 about 1.5 M.
uint64_t lower_default_work(const wsp_problem &p) {
    const uint64_t n = uint64_t{p.warps} * p.length;
    const uint64_t w = n <= 100u ? 40u * n * n : (n < (uint64_t{1} << 26) / 4000u ? 4000u * n : uint64_t{1} << 26);
    return w < 20000u ? 20000u : (w > (uint64_t{1} << 26) ? uint64_t{1} << 26 : w);
}

wsp_status lower_workspace_size(const wsp_problem *p, const LowerOptions *options, uint64_t *size,
                                wsp_diag *diag) {
    if (p == nullptr || size == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem or no size");
    const LowerOptions &o = options != nullptr ? *options : kNoOptions;
    const wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    *size = lower_layout(*p, o).bytes;
    clear(diag);
    return WSP_OK;
}

wsp_status lower_run(const wsp_problem *p, const LowerOptions *options, void *workspace,
                     size_t workspace_size, uint32_t *witness, size_t witness_length,
                     LowerResult *result, wsp_diag *diag) {
    if (p == nullptr || witness == nullptr || result == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem, witness buffer or result");
    const LowerOptions &o = options != nullptr ? *options : kNoOptions;
    wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    const uint64_t n = uint64_t{p->warps} * p->length;
    if (witness_length != n) return bad_length(diag, "the witness buffer", witness_length, n);
    if (o.initial != nullptr && o.initial_length != n)
        return bad_length(diag, "the initial witness", o.initial_length, n);
    LowerLayout l = lower_layout(*p, o);
    st = check_workspace(workspace, workspace_size, l.bytes, diag);
    if (st != WSP_OK) return st;
    return search(*p, o, l, static_cast<uint8_t *>(workspace), workspace_size, witness, result, diag);
}

}  // namespace wsp
