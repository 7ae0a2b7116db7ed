#include "bracket/bracket.hpp"

#include "bounds/upper.hpp"
#include "lower/lower.hpp"
#include "model/problem.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"
#include "util/workspace.hpp"

namespace wsp {

namespace {

const BracketOptions kDefaults = {};  // NULL options: constant data, not a copy on the stack

// The phases' option and result structs live in the workspace, not on the stack (wsp_lower_run and
// wsp_exact_solve are deep already), next to the relay that forwards their progress.
struct Relay {
    const wsp_control *user;
    uint64_t offset;      // units spent by the phases before this one
    uint64_t per_work;    // units per unit of the running phase's work (1, or kStateUnits)
    uint32_t lower, upper;
    uint32_t stop;        // the caller's stop reason (FINISHED: none)
};

struct Structs {
    LowerOptions lower_options;
    LowerResult lower_result;
    wsp_exact_options exact_options;
    wsp_exact_result exact_result;
    Relay relay;
    // The run's arguments, so that the phases' frames stay small (the stack limit is 1 KiB).
    const wsp_problem *p;
    const BracketOptions *o;
    uint8_t *region;
    size_t region_bytes;
    uint32_t *witness;
    BracketResult *r;
};

// WSP_BRACKET_WORKSPACE_SIZE allows 544 bytes for these and the two parts' rounding (2 x 7 bytes).
static_assert(sizeof(Structs) + 16u <= 544u, "WSP_BRACKET_WORKSPACE_SIZE's allowance for the run's state");

struct BracketLayout {
    size_t region_at;
    WorkspaceLayout layout;
};

uint64_t states_of(const BracketOptions &o) { return o.states != 0 ? o.states : kDefaultBracketStates; }

LowerOptions lower_options_of(const BracketOptions &o) {  // for the size query (not on the run's path)
    LowerOptions lo = {};
    lo.max_beam = o.max_beam;
    return lo;
}

wsp_status check_options(const wsp_problem *p, const BracketOptions &o, wsp_diag *diag) {
    const wsp_status st = check_problem(p, diag);
    if (st != WSP_OK) return st;
    return check_options_reserved(o, "the bracket options", diag);
}

// The structs, then one region that the witness search and the exact search use in turn (each
// checks its own witness inside it).
wsp_status bracket_layout(const wsp_problem &p, const BracketOptions &o, BracketLayout *l, wsp_diag *diag) {
    size_t lower_bytes = 0, exact_bytes = 0;
    const LowerOptions lo = lower_options_of(o);
    wsp_status st = wsp_lower_workspace_size(&p, &lo, &lower_bytes, diag);
    if (st != WSP_OK) return st;
    st = wsp_exact_workspace_size(&p, states_of(o), &exact_bytes, diag);
    if (st != WSP_OK) return st;
    WorkspaceLayout region;
    region.add<uint8_t>(lower_bytes > exact_bytes ? lower_bytes : exact_bytes);
    l->layout = WorkspaceLayout();
    l->layout.add<uint8_t>(sizeof(Structs));
    l->region_at = l->layout.add(region);
    return WSP_OK;
}

// The caller's callback behind each phase's: work in bracket units, the bracket so far.
uint32_t relay(void *context, const wsp_progress *pr) {
    Relay *r = static_cast<Relay *>(context);
    if (r->user->progress == nullptr) return 0;
    wsp_progress out = *pr;
    out.work = r->offset + pr->work * r->per_work;
    out.budget = r->user->budget;
    out.lower = pr->lower > r->lower ? pr->lower : r->lower;
    out.upper = pr->upper != 0 && pr->upper < r->upper ? pr->upper : r->upper;
    const uint32_t answer = r->user->progress(r->user->context, &out);
    if (answer != 0) r->stop = stop_of(answer);
    return answer;
}

bool stopped(const Structs &s) { return s.relay.stop != WSP_STOP_FINISHED; }
bool closed(const Structs &s) { return s.r->lower >= s.r->upper; }

void relay_from(Structs &s, uint64_t per_work) {
    s.relay.offset = s.r->work;
    s.relay.per_work = per_work;
    s.relay.lower = s.r->lower;
    s.relay.upper = s.r->upper;
}

// The witness search with `units`, from the witness so far (none in the first phase), stopping at the
// bracket's upper end.
__attribute__((noinline)) wsp_status phase_lower(Structs &s, uint64_t units, bool from_witness, wsp_diag *diag) {
    LowerOptions &lo = s.lower_options;
    BracketResult &r = *s.r;
    zero(&lo);
    lo.max_beam = s.o->max_beam;
    lo.control.budget = units;
    lo.control.progress = relay;
    lo.control.context = &s.relay;
    lo.control.interval = s.o->control.interval;
    lo.seed = s.o->seed + (from_witness ? 0x5bd1e995u : 0u);
    lo.upper = r.upper;
    if (from_witness) {
        lo.initial = s.witness;
        lo.initial_length = cells(*s.p);
    }
    relay_from(s, 1);
    LowerResult &lr = s.lower_result;
    const wsp_status st = wsp_lower_run(s.p, &lo, s.region, s.region_bytes, s.witness, cells(*s.p), &lr, diag);
    if (st != WSP_OK) return st;
    r.work += lr.work;
    r.work_lower += lr.work;
    if (lr.lower > r.lower) {
        r.lower = lr.lower;
        r.found_by = lr.found_by;
    }
    return WSP_OK;
}

// The exact search from the witness, for at most `states` expansions.
__attribute__((noinline)) wsp_status phase_exact(Structs &s, uint64_t states, wsp_diag *diag) {
    wsp_exact_options &eo = s.exact_options;
    BracketResult &r = *s.r;
    zero(&eo);
    eo.control.budget = states;
    eo.control.progress = relay;
    eo.control.context = &s.relay;
    const uint64_t interval = progress_interval(s.o->control) / kStateUnits;
    eo.control.interval = interval > 0 ? interval : 1u;
    eo.initial = s.witness;
    eo.initial_length = cells(*s.p);
    relay_from(s, kStateUnits);
    wsp_exact_result &er = s.exact_result;
    const wsp_status st = wsp_exact_solve(s.p, &eo, s.region, s.region_bytes, s.witness, cells(*s.p), &er, diag);
    if (st != WSP_OK) return st;
    r.work += er.expanded * kStateUnits;
    r.expanded = er.expanded;
    r.probes = er.probes;
    r.exact_stop = er.stop;
    if (er.lower > r.lower) {
        r.lower = er.lower;
        r.found_by = kBracketFoundExact;
    }
    if (er.upper < r.upper) {
        r.upper = er.upper;
        r.upper_by = kBracketUpperExact;
    }
    return WSP_OK;
}

// Every argument checked, then the run's state set up in the workspace's Structs (a frame of its
// own, off the phases' path: the exact search alone takes most of the 1 KiB).
__attribute__((noinline)) wsp_status prepare(const wsp_problem *p, const BracketOptions &o, void *workspace,
                                             size_t workspace_size, uint32_t *witness, size_t witness_length,
                                             BracketResult *result, wsp_diag *diag) {
    wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    BracketLayout l;
    st = bracket_layout(*p, o, &l, diag);
    if (st != WSP_OK) return st;
    st = check_workspace(workspace, workspace_size, l.layout, diag);
    if (st != WSP_OK) return st;
    st = check_outputs(*p, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    uint8_t *ws = static_cast<uint8_t *>(workspace);
    Structs &s = *reinterpret_cast<Structs *>(ws);
    zero(&s.relay);
    s.relay.user = &o.control;
    s.relay.stop = WSP_STOP_FINISHED;
    s.p = p;
    s.o = &o;
    s.region = ws + l.region_at;
    s.region_bytes = workspace_size - l.region_at;
    s.witness = witness;
    s.r = result;
    result->bound = static_cast<uint32_t>(proven_upper(*p));
    result->upper = result->bound;
    result->upper_by = kBracketUpperBound;
    return WSP_OK;
}

}  // namespace

BracketPlan bracket_plan(uint64_t units) {  // bracket_run splits the same way
    BracketPlan plan;
    plan.first_lower = units / 8u > 0 ? units / 8u : 1u;
    plan.exact_states = units / 4u / kStateUnits;
    return plan;
}

uint64_t bracket_default_work(const wsp_problem &p) { return 4u * lower_default_work(p); }

}  // namespace wsp

using namespace wsp;

extern "C" uint64_t wsp_bracket_default_work(const wsp_problem *problem) {
    return valid(problem) ? bracket_default_work(*problem) : 0u;
}

extern "C" wsp_status wsp_bracket_workspace_size(const wsp_problem *p, const wsp_bracket_options *options,
                                                 size_t *size, wsp_diag *diag) {
    if (size == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const BracketOptions &o = options != nullptr ? *options : kDefaults;
    wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    BracketLayout l;
    st = bracket_layout(*p, o, &l, diag);
    if (st != WSP_OK) return st;
    return report_size(l.layout, size, diag);
}

// The phases (three of them; the plan's eighth and quarter, then the rest) after prepare().
extern "C" wsp_status wsp_bracket_run(const wsp_problem *p, const wsp_bracket_options *options, void *workspace,
                                      size_t workspace_size, uint32_t *witness, size_t witness_length,
                                      wsp_bracket_result *result, wsp_diag *diag) {
    zero(result);
    const BracketOptions &o = options != nullptr ? *options : kDefaults;
    wsp_status st = prepare(p, o, workspace, workspace_size, witness, witness_length, result, diag);
    if (st != WSP_OK) return st;
    Structs &s = *static_cast<Structs *>(workspace);
    BracketResult &r = *result;
    const uint64_t budget = o.control.budget != 0 ? o.control.budget : bracket_default_work(*p);
    const BracketPlan plan = bracket_plan(budget);
    st = phase_lower(s, plan.first_lower, false, diag);
    if (st == WSP_OK && !closed(s) && !stopped(s) && plan.exact_states > 0) st = phase_exact(s, plan.exact_states, diag);
    if (st == WSP_OK && !closed(s) && !stopped(s) && r.work < budget) st = phase_lower(s, budget - r.work, true, diag);
    if (st == WSP_OK && r.lower > r.upper)
        st = fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "the witness passed the proven bound");
    if (st != WSP_OK) {
        zero(result);
        return st;
    }
    r.stop = closed(s) ? uint32_t{WSP_STOP_FINISHED} : stopped(s) ? s.relay.stop : uint32_t{WSP_STOP_BUDGET};
    return ok(diag);
}
