// An independent check of a schedule against the model of docs/model.md. It shares no code with
// the decoder: it sorts the instructions by cycle and sweeps the cycles in order, keeping for each
// unit type how many warps are ready with a next instruction of that type.
//
// A warp is ready in cycle t for its next instruction when all its earlier instructions issued before
// t (always true once precedence holds and the sweep has passed them). Work conservation fails in t
// when some type U has ready warps that do not issue in t although U issues fewer than sigma_U and the
// scheduler limit is not reached. A cycle in which nothing issues before the makespan is such a
// failure (every unfinished warp is ready and every type has room).
#include "schedule/schedule.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

// In-place heap sort of instruction indices by (cycle, index): no recursion, no allocation.
void sift_down(uint32_t *a, size_t start, size_t n, const uint32_t *key) {
    size_t root = start;
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n) return;
        auto less = [key](uint32_t x, uint32_t y) {
            return key[x] < key[y] || (key[x] == key[y] && x < y);
        };
        if (child + 1 < n && less(a[child], a[child + 1])) ++child;
        if (!less(a[root], a[child])) return;
        const uint32_t tmp = a[root];
        a[root] = a[child];
        a[child] = tmp;
        root = child;
    }
}

void heap_sort(uint32_t *a, size_t n, const uint32_t *key) {
    for (size_t s = n / 2; s-- > 0;) sift_down(a, s, n, key);
    for (size_t end = n; end-- > 1;) {
        const uint32_t tmp = a[0];
        a[0] = a[end];
        a[end] = tmp;
        sift_down(a, 0, end, key);
    }
}

wsp_status violation(wsp_diag *diag, wsp_status status, uint32_t warp, uint32_t instruction,
                     uint32_t cycle, int unit, const char *what) {
    DiagScope scope(diag, status, WSP_FIELD_SCHEDULE);
    scope.warp(warp).instruction(instruction).cycle(cycle).unit(unit);
    scope.message.text(what);
    if (cycle != 0) scope.message.text(" in cycle ").number(cycle);
    if (warp != 0) scope.message.text(" (warp ").number(warp);
    if (instruction != 0) scope.message.text(", instruction ").number(instruction);
    if (warp != 0) scope.message.text(")");
    if (unit >= 0) scope.message.text(" on unit type ").text(unit_name(unit));
    return status;
}

// First warp that is ready for a `unit` instruction in cycle t but does not issue in t.
uint32_t waiting_warp(const wsp_problem &p, const uint32_t *cycles, const uint32_t *pos, uint32_t t,
                      int unit) {
    for (uint32_t w = 0; w < p.warps; ++w) {
        const uint32_t i = pos[w];
        if (i < p.length && p.units()[i] == unit && cycles[static_cast<size_t>(w) * p.length + i] != t)
            return w + 1;
    }
    return 0;
}

uint32_t first_unfinished(const wsp_problem &p, const uint32_t *pos) {
    for (uint32_t w = 0; w < p.warps; ++w)
        if (pos[w] < p.length) return w + 1;
    return 0;
}

struct ValidatorParts {
    size_t order, pos;
    WorkspaceLayout layout;
};

ValidatorParts validator_parts(const wsp_problem &p) {
    ValidatorParts v;
    v.order = v.layout.add<uint32_t>(cells(p));
    v.pos = v.layout.add<uint32_t>(p.warps);
    return v;
}

}  // namespace

WorkspaceLayout validator_layout(const wsp_problem &p) { return validator_parts(p).layout; }

wsp_status validate(const wsp_problem &p_, const uint32_t *cycles, void *workspace, uint32_t *makespan,
                    wsp_diag *diag) {
    const wsp_problem *p = &p_;
    const uint32_t W = p->warps;
    const uint32_t I = p->length;
    const size_t n = static_cast<size_t>(cells(*p));
    // Rule 1 and 2: cycles start at 1, and each warp's instructions issue in strictly later cycles.
    for (uint32_t w = 0; w < W; ++w) {
        const uint32_t *row = cycles + static_cast<size_t>(w) * I;
        for (uint32_t i = 0; i < I; ++i) {
            if (row[i] == 0)
                return violation(diag, WSP_ERR_SCHEDULE_CYCLE, w + 1, i + 1, 0, p->units()[i],
                                 "cycle 0 (cycles start at 1)");
            if (i > 0 && row[i] <= row[i - 1])
                return violation(diag, WSP_ERR_SCHEDULE_PRECEDENCE, w + 1, i + 1, row[i],
                                 p->units()[i], "issued no later than the previous instruction");
        }
    }

    const ValidatorParts parts = validator_parts(*p);
    uint32_t *order = carve<uint32_t>(workspace, parts.order);
    uint32_t *pos = carve<uint32_t>(workspace, parts.pos);  // instructions issued per warp before the cycle
    for (size_t k = 0; k < n; ++k) order[k] = static_cast<uint32_t>(k);
    heap_sort(order, n, cycles);

    uint32_t ready[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    for (uint32_t w = 0; w < W; ++w) pos[w] = 0;
    ready[p->units()[0]] = W;
    uint32_t expected = 1;  // the cycle after the previous group: a later group means an idle cycle
    size_t k = 0;
    while (k < n) {
        const uint32_t t = cycles[order[k]];
        if (t != expected)
            return violation(diag, WSP_ERR_SCHEDULE_WORK_CONSERVATION, first_unfinished(*p, pos),
                             0, expected, -1, "no instruction issues while warps are ready");
        size_t end = k;
        uint32_t issued[WSP_UNIT_COUNT] = {0, 0, 0, 0};
        uint32_t total = 0;
        for (; end < n && cycles[order[end]] == t; ++end) {
            const uint32_t idx = order[end];
            const uint32_t w = idx / I;
            const uint32_t i = idx % I;
            const uint8_t u = p->units()[i];
            ++issued[u];
            ++total;
            if (issued[u] > p->sigma[u])
                return violation(diag, WSP_ERR_SCHEDULE_CAPACITY, w + 1, i + 1, t, u,
                                 "more instructions than sigma allows");
            if (p->schedulers != 0 && total > p->schedulers)
                return violation(diag, WSP_ERR_SCHEDULE_SCHEDULERS, w + 1, i + 1, t, u,
                                 "more instructions than there are schedulers");
        }
        const bool scheduler_room = p->schedulers == 0 || total < p->schedulers;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
            if (scheduler_room && issued[u] < p->sigma[u] && ready[u] > issued[u])
                return violation(diag, WSP_ERR_SCHEDULE_WORK_CONSERVATION,
                                 waiting_warp(*p, cycles, pos, t, u), 0, t, u,
                                 "a ready warp waits beside spare capacity");
        }
        for (; k < end; ++k) {
            const uint32_t w = order[k] / I;
            --ready[p->units()[pos[w]]];
            if (++pos[w] < I) ++ready[p->units()[pos[w]]];
        }
        expected = t + 1;
    }
    if (makespan != nullptr) *makespan = expected - 1;
    return ok(diag);
}

}  // namespace wsp

extern "C" wsp_status wsp_schedule_validate(const wsp_problem *problem, const uint32_t *cycles,
                                            size_t length, void *workspace, size_t workspace_size,
                                            uint32_t *makespan, wsp_diag *diag) {
    using namespace wsp;
    if (makespan != nullptr) *makespan = 0;
    wsp_status st = check_problem(problem, diag);
    if (st != WSP_OK) return st;
    if (cycles == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_SCHEDULE, "no schedule");
    if (length != cells(*problem)) {
        DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH, WSP_FIELD_SCHEDULE);
        scope.message.text("the schedule holds ").number(length).text(" entries but W*I = ")
            .number(cells(*problem));
        return WSP_ERR_WITNESS_LENGTH;
    }
    st = check_workspace(workspace, workspace_size, schedule_layout(*problem), diag);
    if (st != WSP_OK) return st;
    st = validate(*problem, cycles, workspace, makespan, diag);
    if (st != WSP_OK && makespan != nullptr) *makespan = 0;
    return st;
}
