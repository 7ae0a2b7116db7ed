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

// The phases' option and result structs live in the workspace, not on the stack (lower_run and
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
};

struct BracketLayout {
    size_t region_at;
    WorkspaceLayout layout;
};

uint64_t states_of(const BracketOptions &o) { return o.states != 0 ? o.states : kDefaultBracketStates; }

LowerOptions lower_options_of(const BracketOptions &o) {
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
    wsp_status st = lower_workspace_size(&p, &lo, &lower_bytes, diag);
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

class Phases {
public:
    Phases(const wsp_problem &p, const BracketOptions &o, uint8_t *ws, size_t region_at, size_t region_bytes,
           uint32_t *witness, BracketResult &r)
        : p_(p), o_(o), s_(*reinterpret_cast<Structs *>(ws)), region_(ws + region_at),
          region_bytes_(region_bytes), witness_(witness), r_(r) {
        zero(&s_.relay);
        s_.relay.user = &o_.control;
        s_.relay.stop = WSP_STOP_FINISHED;
    }

    bool stopped() const { return s_.relay.stop != WSP_STOP_FINISHED; }
    bool closed() const { return r_.lower >= r_.upper; }

    // The witness search with `units`, from the witness so far (none in the first phase), stopping
    // at the bracket's upper end.
    __attribute__((noinline)) wsp_status lower(uint64_t units, bool from_witness, wsp_diag *diag) {
        LowerOptions &lo = s_.lower_options;
        lo = lower_options_of(o_);
        lo.control.budget = units;
        lo.control.progress = relay;
        lo.control.context = &s_.relay;
        lo.control.interval = o_.control.interval;
        lo.seed = o_.seed + (from_witness ? 0x5bd1e995u : 0u);
        lo.upper = r_.upper;
        if (from_witness) {
            lo.initial = witness_;
            lo.initial_length = cells(p_);
        }
        s_.relay.offset = r_.work;
        s_.relay.per_work = 1;
        s_.relay.lower = r_.lower;
        s_.relay.upper = r_.upper;
        LowerResult &lr = s_.lower_result;
        const wsp_status st = lower_run(&p_, &lo, region_, region_bytes_, witness_, cells(p_), &lr, diag);
        if (st != WSP_OK) return st;
        r_.work += lr.work;
        r_.work_lower += lr.work;
        if (lr.lower > r_.lower) {
            r_.lower = lr.lower;
            r_.found_by = lr.found_by;
        }
        return WSP_OK;
    }

    // The exact search from the witness, for at most `states` expansions.
    __attribute__((noinline)) wsp_status exact(uint64_t states, wsp_diag *diag) {
        wsp_exact_options &eo = s_.exact_options;
        zero(&eo);
        eo.control.budget = states;
        eo.control.progress = relay;
        eo.control.context = &s_.relay;
        const uint64_t interval = progress_interval(o_.control) / kStateUnits;
        eo.control.interval = interval > 0 ? interval : 1u;
        eo.initial = witness_;
        eo.initial_length = cells(p_);
        s_.relay.offset = r_.work;
        s_.relay.per_work = kStateUnits;
        s_.relay.lower = r_.lower;
        s_.relay.upper = r_.upper;
        wsp_exact_result &er = s_.exact_result;
        const wsp_status st = wsp_exact_solve(&p_, &eo, region_, region_bytes_, witness_, cells(p_), &er, diag);
        if (st != WSP_OK) return st;
        r_.work += er.expanded * kStateUnits;
        r_.expanded = er.expanded;
        r_.probes = er.probes;
        r_.exact_stop = er.stop;
        if (er.lower > r_.lower) {
            r_.lower = er.lower;
            r_.found_by = kBracketFoundExact;
        }
        if (er.upper < r_.upper) {
            r_.upper = er.upper;
            r_.upper_by = kBracketUpperExact;
        }
        return WSP_OK;
    }

    uint32_t user_stop() const { return s_.relay.stop; }

private:
    const wsp_problem &p_;
    const BracketOptions &o_;
    Structs &s_;
    uint8_t *region_;
    size_t region_bytes_;
    uint32_t *witness_;
    BracketResult &r_;
};

// The phases, after every argument was checked (a frame of its own, off bracket_run's).
__attribute__((noinline)) wsp_status run_phases(const wsp_problem &p, const BracketOptions &o, uint8_t *ws,
                                                size_t workspace_size, size_t region_at, uint32_t *witness,
                                                BracketResult &r, wsp_diag *diag) {
    const uint64_t budget = o.control.budget != 0 ? o.control.budget : bracket_default_work(p);
    const BracketPlan plan = bracket_plan(budget);
    r.bound = static_cast<uint32_t>(proven_upper(p));
    r.upper = r.bound;
    r.upper_by = kBracketUpperBound;
    Phases phases(p, o, ws, region_at, workspace_size - region_at, witness, r);
    wsp_status st = phases.lower(plan.first_lower, false, diag);
    if (st != WSP_OK) return st;
    if (!phases.closed() && !phases.stopped() && plan.exact_states > 0) {
        st = phases.exact(plan.exact_states, diag);
        if (st != WSP_OK) return st;
    }
    if (!phases.closed() && !phases.stopped() && r.work < budget) {
        st = phases.lower(budget - r.work, true, diag);
        if (st != WSP_OK) return st;
    }
    if (r.lower > r.upper) return fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "the witness passed the proven bound");
    r.stop = phases.closed() ? uint32_t{WSP_STOP_FINISHED}
             : phases.stopped() ? phases.user_stop()
                                : uint32_t{WSP_STOP_BUDGET};
    return WSP_OK;
}

}  // namespace

BracketPlan bracket_plan(uint64_t units) {
    BracketPlan plan;
    plan.first_lower = units / 4u > 0 ? units / 4u : 1u;
    plan.exact_states = units / 2u / kStateUnits;
    return plan;
}

uint64_t bracket_default_work(const wsp_problem &p) { return 4u * lower_default_work(p); }

wsp_status bracket_workspace_size(const wsp_problem *p, const BracketOptions *options, size_t *size,
                                  wsp_diag *diag) {
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

wsp_status bracket_run(const wsp_problem *p, const BracketOptions *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       BracketResult *result, wsp_diag *diag) {
    zero(result);
    const BracketOptions &o = options != nullptr ? *options : kDefaults;
    wsp_status st = check_options(p, o, diag);
    if (st != WSP_OK) return st;
    BracketLayout l;
    st = bracket_layout(*p, o, &l, diag);
    if (st != WSP_OK) return st;
    st = check_workspace(workspace, workspace_size, l.layout, diag);
    if (st != WSP_OK) return st;
    if (witness == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_WITNESS, "no witness buffer");
    st = check_length(*p, witness_length, WSP_FIELD_WITNESS, "the witness buffer", diag);
    if (st != WSP_OK) return st;
    if (result == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no result");
    st = run_phases(*p, o, static_cast<uint8_t *>(workspace), workspace_size, l.region_at, witness, *result, diag);
    if (st != WSP_OK) {
        zero(result);
        return st;
    }
    return ok(diag);
}

}  // namespace wsp
