#include "exact/frame.hpp"

namespace wsp {

namespace {

// Bounded compositions of `sum` into k parts value[idx[j]] <= cap[idx[j]], in lexicographic order
// of (value[idx[0]], ..., value[idx[k-1]]). The caller guarantees sum <= the total capacity.

// The smallest: each part as small as the capacity left behind it allows.
void first_composition(const uint32_t *idx, uint32_t k, const uint32_t *cap, uint32_t *value,
                       uint64_t sum) {
    uint64_t behind = 0;
    for (uint32_t j = 0; j < k; ++j) behind += cap[idx[j]];
    for (uint32_t j = 0; j < k; ++j) {
        behind -= cap[idx[j]];
        const uint64_t v = sum > behind ? sum - behind : 0;
        value[idx[j]] = static_cast<uint32_t>(v);
        sum -= v;
    }
}

// The successor: raise the last part that can grow while some later part can give one back, then
// make the parts after it the smallest again. False when `value` is the largest.
bool next_composition(const uint32_t *idx, uint32_t k, const uint32_t *cap, uint32_t *value) {
    uint64_t after = 0;  // sum of the parts after j
    for (uint32_t j = k; j-- > 0;) {
        if (after > 0 && value[idx[j]] < cap[idx[j]]) {
            ++value[idx[j]];
            first_composition(idx + j + 1, k - j - 1, cap, value, after - 1);
            return true;
        }
        after += value[idx[j]];
    }
    return false;
}

const uint32_t kUnitIndex[WSP_UNIT_COUNT] = {0, 1, 2, 3};

}  // namespace

void Frame::set_initial(const wsp_problem &p) {
    h_->groups = 1;
    pos_[0] = 0;
    count_[0] = p.warps;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) h_->work[u] = p.warps * p.count[u];  // <= W*I < 2^31
    h_->work_total = p.warps * p.length;
}

void Frame::copy_state(const Frame &from) {
    h_->groups = from.h_->groups;
    for (uint32_t g = 0; g < h_->groups; ++g) {
        pos_[g] = from.pos_[g];
        count_[g] = from.count_[g];
    }
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) h_->work[u] = from.h_->work[u];
    h_->work_total = from.h_->work_total;
}

void Frame::prepare(const wsp_problem &p) {
    const uint8_t *units = p.units();
    uint32_t ready[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    uint32_t in_type[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    for (uint32_t g = 0; g < h_->groups; ++g) {
        ready[units[pos_[g]]] += count_[g];
        ++in_type[units[pos_[g]]];
    }
    h_->type_begin[0] = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) h_->type_begin[u + 1] = h_->type_begin[u] + in_type[u];
    uint32_t fill[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) fill[u] = h_->type_begin[u];
    for (uint32_t g = 0; g < h_->groups; ++g) order_[fill[units[pos_[g]]]++] = g;

    uint64_t issuable = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        h_->cap[u] = ready[u] < p.sigma[u] ? ready[u] : p.sigma[u];
        issuable += h_->cap[u];
    }
    h_->variable_targets = (p.schedulers != 0 && issuable > p.schedulers) ? 1u : 0u;
    h_->limit = p.schedulers;
    h_->phase = kFresh;
}

void Frame::first_split(int u) {
    const uint32_t b = h_->type_begin[u];
    first_composition(order_ + b, h_->type_begin[u + 1] - b, count_, adv_, h_->target[u]);
}

bool Frame::next_split(int u) {
    const uint32_t b = h_->type_begin[u];
    return next_composition(order_ + b, h_->type_begin[u + 1] - b, count_, adv_);
}

bool Frame::next_transition() {
    if (h_->phase == kDone) return false;
    if (h_->phase == kFresh) {
        h_->phase = kActive;
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) h_->target[u] = h_->cap[u];
        if (h_->variable_targets)
            first_composition(kUnitIndex, WSP_UNIT_COUNT, h_->cap, h_->target, h_->limit);
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) first_split(u);
        return true;
    }
    for (int u = WSP_UNIT_COUNT; u-- > 0;) {
        if (next_split(u)) {
            for (int v = u + 1; v < WSP_UNIT_COUNT; ++v) first_split(v);
            return true;
        }
    }
    if (h_->variable_targets && next_composition(kUnitIndex, WSP_UNIT_COUNT, h_->cap, h_->target)) {
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) first_split(u);
        return true;
    }
    h_->phase = kDone;
    return false;
}

uint32_t Frame::make_child(Frame &child, uint32_t length) const {
    // Group g leaves n_g - a_g warps at p_g and moves a_g to p_g + 1; positions stay sorted, and a
    // moved group merges with the next group when that one stands at p_g + 1.
    uint32_t n = 0;
    uint32_t unfinished = 0;
    auto append = [&](uint32_t position, uint32_t warps) {
        if (warps == 0 || position == length) return;
        unfinished += warps;
        if (n > 0 && child.pos_[n - 1] == position) {
            child.count_[n - 1] += warps;
            return;
        }
        child.pos_[n] = position;
        child.count_[n] = warps;
        ++n;
    };
    for (uint32_t g = 0; g < h_->groups; ++g) {
        append(pos_[g], count_[g] - adv_[g]);
        append(pos_[g] + 1, adv_[g]);
    }
    child.h_->groups = n;
    uint32_t issued = 0;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        child.h_->work[u] = h_->work[u] - h_->target[u];
        issued += h_->target[u];
    }
    child.h_->work_total = h_->work_total - issued;
    return unfinished;
}

}  // namespace wsp
