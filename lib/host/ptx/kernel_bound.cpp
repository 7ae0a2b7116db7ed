// The count-only upper bound for warps with different strings. See kernel_bound.hpp and docs/ptx.md
// ("Proof for warps with different strings").
//
// Normalisation. wsp_problem_init turns each U instruction into copies_U * latency_U single-cycle
// ones (paper 003, III-E); it does so per instruction, independently of the string, so a warp with at
// most c_U instructions of type U has at most n_U = c_U * k_U normalised ones, k_U = the normalised
// length of the one-instruction string "U". Every warp's normalised length is then at most
// I = sum_U n_U.
//
// The terms, each a count-only argument (valid for warps with different strings, docs/bounds.md
// and bound_terms.hpp, re-checked in docs/ptx.md):
//   W*I         Fact A of bounds.cpp: no idle cycle before the end, and the W warps issue at most
//               W * I instructions in all.
//   saturation  saturation_cycles with R_U = W * n_U, R = W * I and longest = I: the proof classifies
//               cycles by what issues, never by which string a warp runs.
//   last warp   I + waiting_cycles with N_U = (W - 1) n_U and N = (W - 1) I: the last warp issues at
//               most I times; its waiting cycles consume the other warps' instructions, and the
//               proof only needs upper bounds on how many of each type there are.
// Each term grows with the counts, so per-type maxima over all executions bound every execution.
#include "host/ptx/kernel_bound.hpp"

#include <vector>

#include "bounds/bound_terms.hpp"
#include "model/problem.hpp"

namespace wsp {
namespace ptx {

namespace {

struct Normalised {
    const wsp_problem *p;
    uint32_t warps;
    uint64_t n[WSP_UNIT_COUNT];
    uint64_t length;
};

typedef uint64_t (*HeterogeneousBound)(const Normalised &f);

uint64_t trivial(const Normalised &f) { return f.warps * f.length; }

uint64_t saturation(const Normalised &f) {
    Workload all;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) all.of_type[u] = uint64_t{f.warps} * f.n[u];
    all.total = uint64_t{f.warps} * f.length;
    return saturation_cycles(*f.p, all, f.length);
}

uint64_t last_warp(const Normalised &f) {
    uint64_t others[WSP_UNIT_COUNT];
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) others[u] = uint64_t{f.warps - 1u} * f.n[u];
    return f.length + waiting_cycles<uint64_t>(*f.p, others, uint64_t{f.warps - 1u} * f.length);
}

struct Entry {
    const char *name;
    HeterogeneousBound bound;
};

// Every bound proven for warps with different strings from counts alone. Add a sharper one here only
// if it does not depend on the instructions' order (kernel_bound.hpp).
const Entry kBounds[] = {{"W*I", trivial}, {"saturation", saturation}, {"last warp", last_warp}};

}  // namespace

bool kernel_upper_bound(const wsp_sm_config &sm, const WarpFamily &family, KernelBound &out, std::string &error) {
    // A one-instruction-per-type problem gives sigma, the scheduler limit and k_U.
    wsp_diag d{};
    size_t size = 0;
    const char *kLetters[] = {"L", "C", "S", "D"};
    uint64_t k[WSP_UNIT_COUNT];
    std::vector<uint64_t> storage;
    wsp_problem *p = nullptr;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        wsp_status st = wsp_problem_workspace_size(kLetters[u], family.warps, &sm, &size, &d);
        if (st == WSP_OK) {
            storage.assign((size + 7) / 8, 0);
            st = wsp_problem_init(kLetters[u], family.warps, &sm, storage.data(), storage.size() * 8, &p, &d);
        }
        if (st != WSP_OK) {
            error = d.message;
            return false;
        }
        k[u] = wsp_problem_length(p);
    }
    // p (the last one made) carries the SM's sigma and scheduler limit, the same for every kernel.
    Normalised f{p, family.warps, {0, 0, 0, 0}, 0};
    const uint64_t kLimit = uint64_t{1} << 40;  // keeps 3 * W * I and W * I * sigma far from 2^64
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (family.max_count[u] > kLimit / (k[u] == 0 ? 1 : k[u])) {
            error = "instruction counts too large for the bound's arithmetic";
            return false;
        }
        f.n[u] = family.max_count[u] * k[u];
        f.length += f.n[u];
    }
    if (f.length > kLimit || uint64_t{family.warps} * f.length > kLimit * 64) {
        error = "instruction counts too large for the bound's arithmetic";
        return false;
    }
    out.terms.clear();
    out.upper = ~uint64_t{0};
    for (const Entry &e : kBounds) {
        const uint64_t v = e.bound(f);
        out.terms.push_back({e.name, v});
        if (v < out.upper) out.upper = v;
    }
    return true;
}

}  // namespace ptx
}  // namespace wsp
