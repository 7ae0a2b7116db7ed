// Simulated annealing over warp pseudo-precedence strings (paper 003 sections IV-VII).
//
// Soundness: the result is the makespan of a string decoded by Fig. 4, i.e. of a work-conserving
// schedule (decoder.cpp), hence a lower bound on T(W); it is re-checked by the decoder and the
// independent validator before the call returns. It is never an upper bound. The run stops early
// only when the best reaches the proven upper bound, where it is T(W).
//
// Workspace: the decoder (anneal/incremental.hpp for wsp_anneal_run, anneal/checkpoint_decoder.hpp
// for the lower-bound search); before it is set up, the same memory is the scratch for building the
// initial solution, and after the run, for checking the witness.
#include "anneal/anneal.hpp"

#include <new>

#include "anneal/acceptance.hpp"
#include "anneal/checkpoint_decoder.hpp"
#include "anneal/incremental.hpp"
#include "anneal/initial.hpp"
#include "anneal/rng.hpp"
#include "bounds/upper.hpp"
#include "model/problem.hpp"
#include "schedule/schedule.hpp"
#include "schedule/witness_check.hpp"
#include "util/control.hpp"
#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {

namespace {

// The initial string's poll: the caller's progress callback with no work done yet (lower 0, the
// proven upper bound); anything but 0 stops the simulated dispatch.
struct PollContext {
    const wsp_control *control;
    uint32_t upper;
};

bool ask_to_stop(void *context) {
    const PollContext *c = static_cast<const PollContext *>(context);
    wsp_progress pr = {};
    pr.budget = c->control->budget;
    pr.upper = c->upper;
    return c->control->progress(c->control->context, &pr) != 0;
}

// The workspace serves three phases in turn: building the initial string (the dispatch policies'
// scratch), the incremental decoder, and checking the witness. WSP_ANNEAL_WORKSPACE_SIZE(W, I) =
// 82 W I + 20 W + 256 bounds it: with n = W I and c = horizon + 2 <= n + 2 cycles, the decoder's
// parts (incremental.cpp) are 6 of 4n, one of 4(n + W), 3 of 16c, one of 4c, 4 of 4W, one of n and
// one of 40 ceil(c / 64) bytes, each rounded up to 8 (util/workspace.hpp); their sum is at most
// 81.625 n + 20 W + 200. The witness check (decoder, cycles, validator: at most 28 n + 12 W + 64) and
// the dispatch scratch (at most 16 W + 16) are smaller.
struct AnnealLayout {
    uint32_t horizon;  // the proven upper bound: no decoded cycle exceeds it
    WorkspaceLayout layout;
};

// Room for the checkpointed decoder object itself at the start of its workspace.
constexpr uint64_t kDecoderObject =
    (sizeof(CheckpointDecoder) + WSP_WORKSPACE_ALIGN - 1u) / WSP_WORKSPACE_ALIGN * WSP_WORKSPACE_ALIGN;

// The decoders as the annealer sees them.
struct IncrementalDecoding : IncrementalDecoder {
    IncrementalDecoding(const wsp_problem &p, uint32_t horizon, void *ws, Decoding d)
        : IncrementalDecoder(p, horizon, ws, d == Decoding::kIncremental) {}
};
// A handle: the checkpointed decoder itself lives at the start of the workspace, off the stack,
// which keeps the lower-bound search's deepest call within 1 KiB on a Cortex-M4.
class CheckpointDecoding {
public:
    CheckpointDecoding(const wsp_problem &p, uint32_t horizon, void *ws, Decoding)
        : d_(new (ws) CheckpointDecoder(p, horizon, CheckpointDecoder::default_spacing(p, horizon),
                                        static_cast<uint8_t *>(ws) + kDecoderObject)) {}
    uint32_t reset(const uint32_t *string) { return d_->reset(string); }
    uint32_t try_swap(uint32_t a, uint32_t b) { return d_->try_swap(a, b); }
    void accept() { d_->accept(); }
    void reject() { d_->reject(); }
    uint32_t warp_at(uint32_t k) const { return d_->warp_at(k); }
    void copy_string(uint32_t *out) const { d_->copy_string(out); }
    uint64_t decoded() const { return d_->decoded(); }

private:
    CheckpointDecoder *d_;
};

template <typename Decoder>
WorkspaceLayout decoder_layout_of(const wsp_problem &p, uint32_t horizon);
template <>
WorkspaceLayout decoder_layout_of<IncrementalDecoding>(const wsp_problem &p, uint32_t horizon) {
    return IncrementalDecoder::layout(p, horizon);
}
template <>
WorkspaceLayout decoder_layout_of<CheckpointDecoding>(const wsp_problem &p, uint32_t horizon) {
    WorkspaceLayout l;
    l.add<uint8_t>(kDecoderObject + CheckpointDecoder::bytes(p, horizon, CheckpointDecoder::default_spacing(p, horizon)));
    return l;
}

// The decoder is a template parameter, not a value, so that wsp_anneal_run links no code of the
// checkpointed decoder (the firmware keeps only what it calls).
template <typename Decoder>
AnnealLayout anneal_layout(const wsp_problem &p) {
    AnnealLayout l;
    l.horizon = static_cast<uint32_t>(proven_upper(p));
    l.layout = decoder_layout_of<Decoder>(p, l.horizon);
    l.layout.cover(witness_check_layout(p));
    l.layout.cover(dispatch_layout(p));
    return l;
}

// An initial string given by the caller: W*I ids in 1..W, each exactly I times.
wsp_status check_initial(const wsp_problem &p, const uint32_t *s, uint64_t length, uint32_t *count,
                         wsp_diag *diag) {
    wsp_status st = check_length(p, length, WSP_FIELD_INITIAL, "the initial string", diag);
    if (st != WSP_OK) return st;
    for (uint32_t w = 0; w < p.warps; ++w) count[w] = 0;
    for (size_t k = 0; k < length; ++k) {
        const uint32_t id = s[k];
        const bool outside = id == 0 || id > p.warps;
        if (outside || ++count[id - 1] > p.length) {
            st = outside ? WSP_ERR_WITNESS_WARP : WSP_ERR_WITNESS_COUNT;
            DiagScope scope(diag, st, WSP_FIELD_INITIAL);
            scope.index(static_cast<uint32_t>(k + 1)).warp(id);
            scope.message.text("initial string position ").number(uint64_t{k} + 1).text(": warp ").number(id);
            if (outside)
                scope.message.text(" is outside 1 .. ").number(p.warps);
            else
                scope.message.text(" occurs more often than I = ").number(p.length);
            return st;
        }
    }
    return WSP_OK;
}

// Everything but the initial string's contents, in argument order.
template <typename Decoder>
wsp_status check_arguments(const wsp_problem *p, const wsp_anneal_options &o, void *workspace,
                           size_t workspace_size, const uint32_t *witness, size_t witness_length,
                           const wsp_anneal_result *result, AnnealLayout *layout, wsp_diag *diag) {
    wsp_status st = check_problem(p, diag);
    if (st != WSP_OK) return st;
    st = check_options_reserved(o, "the annealing options", diag);
    if (st != WSP_OK) return st;
    if (o.initial == nullptr && o.policy >= WSP_POLICY_COUNT) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_POLICY);
        scope.message.text("initial solution kind ").number(o.policy).text(" exceeds the maximum ")
            .number(WSP_POLICY_COUNT - 1);
        return WSP_ERR_RANGE;
    }
    if (o.moves > WSP_MOVES_LOCAL) {
        DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_MOVES);
        scope.message.text("neighbourhood kind ").number(o.moves).text(" exceeds the maximum ")
            .number(WSP_MOVES_LOCAL);
        return WSP_ERR_RANGE;
    }
    *layout = anneal_layout<Decoder>(*p);
    st = check_workspace(workspace, workspace_size, layout->layout, diag);
    if (st != WSP_OK) return st;
    return check_outputs(*p, witness, witness_length, result, diag);
}

template <typename Decoder>
class Annealer {
public:
    Annealer(const wsp_problem &p, const wsp_anneal_options &o, uint32_t horizon, void *ws,
             uint32_t *best, wsp_anneal_result &r, Decoding decoding)
        : o_(o), decoder_(p, horizon, ws, decoding), best_(best), r_(r),
          n_(p.warps * p.length), warps_(p.warps), interval_(progress_interval(o.control)),
          until_report_(interval_), window_(o.window ? o.window : p.warps), sweep_(0) {}

    // Runs from the string in best_ (already checked). Returns false on a broken invariant.
    bool run(Rng &rng) {
        const uint64_t iterations = o_.iterations ? o_.iterations : WSP_ANNEAL_DEFAULT_ITERATIONS;
        const uint32_t t0 = o_.t0 == 0 ? WSP_ANNEAL_DEFAULT_T0 : o_.t0 == WSP_ANNEAL_T0_ZERO ? 0u : o_.t0;
        const uint64_t budget = o_.control.budget;
        uint32_t m = decoder_.reset(best_);
        if (m == 0) return false;
        r_.initial = r_.lower = m;
        if (m >= r_.upper) return finish(WSP_STOP_FINISHED, 0);  // it is T(W)
        if (warps_ < 2) return finish(WSP_STOP_FINISHED, 0);    // one string only: nothing to swap
        for (uint64_t iter = 0; iter < iterations; ++iter) {
            if (budget != 0 && iter == budget) return finish(WSP_STOP_BUDGET, iter);
            uint32_t a, b;
            pick(rng, a, b);
            const uint32_t candidate = decoder_.try_swap(a, b);
            if (candidate == 0) return false;
            const bool take =
                candidate >= m ||
                accept_worse(rng.next(), m - candidate, temperature_q32(t0, iter, iterations));
            if (!take) {
                decoder_.reject();
            } else {
                decoder_.accept();
                ++r_.accepted;
                m = candidate;
                if (m > r_.lower) {
                    r_.lower = m;
                    r_.best_iteration = iter + 1;
                    decoder_.copy_string(best_);
                    if (m >= r_.upper) return finish(WSP_STOP_FINISHED, iter + 1);  // it is T(W)
                    const uint32_t stop = report(iter + 1, m, 1);
                    if (stop != WSP_STOP_FINISHED) return finish(stop, iter + 1);
                }
            }
            if (--until_report_ == 0) {  // every interval_-th iteration, without a 64-bit division
                until_report_ = interval_;
                const uint32_t stop = report(iter + 1, m, 0);
                if (stop != WSP_STOP_FINISHED) return finish(stop, iter + 1);
            }
        }
        return finish(WSP_STOP_FINISHED, iterations);
    }

private:
    // A neighbour: positions a < b holding different warps.
    void pick(Rng &rng, uint32_t &a, uint32_t &b) {
        if (o_.moves == WSP_MOVES_UNIFORM) {
            do {
                a = rng.below(n_);
                b = rng.below(n_);
            } while (decoder_.warp_at(a) == decoder_.warp_at(b));
            if (a > b) {
                const uint32_t t = a;
                a = b;
                b = t;
            }
            return;
        }
        for (;;) {
            if (sweep_ + 1u >= n_) sweep_ = 0;
            a = sweep_++;
            const uint32_t room = n_ - 1u - a;
            const uint32_t span = window_ > room ? room : window_;
            b = a + 1u + rng.below(span);
            if (decoder_.warp_at(a) != decoder_.warp_at(b)) return;
        }
    }

    // Calls the progress callback (if any); returns the stop reason it asks for (FINISHED: go on).
    uint32_t report(uint64_t iter, uint32_t current, uint32_t improved) {
        if (o_.control.progress == nullptr) return WSP_STOP_FINISHED;
        wsp_progress pr = {};
        pr.work = iter;
        pr.budget = o_.control.budget;
        pr.lower = r_.lower;
        pr.upper = r_.upper;
        pr.current = current;
        pr.improved = improved;
        return stop_of(o_.control.progress(o_.control.context, &pr));
    }

    bool finish(uint32_t stop, uint64_t iterations) {
        r_.stop = stop;
        r_.iterations = iterations;
        r_.decoded = decoder_.decoded();
        return true;
    }

    const wsp_anneal_options &o_;
    Decoder decoder_;
    uint32_t *best_;
    wsp_anneal_result &r_;
    uint32_t n_, warps_;
    uint64_t interval_;
    uint64_t until_report_;  // iterations until the next progress report
    uint32_t window_, sweep_;
};

template <typename Decoder>
bool run_annealer(const wsp_problem &p, const wsp_anneal_options &o, uint32_t horizon, void *ws,
                  uint32_t *best, wsp_anneal_result &r, Decoding decoding, Rng &rng) {
    return Annealer<Decoder>(p, o, horizon, ws, best, r, decoding).run(rng);
}

template <typename Decoder>
wsp_status anneal_with(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       wsp_anneal_result *result, wsp_diag *diag, Decoding decoding) {
    zero(result);
    wsp_anneal_options defaults;  // on the stack, not in flash: NULL is all defaults
    if (options == nullptr) __builtin_memset(&defaults, 0, sizeof defaults);
    const wsp_anneal_options &o = options != nullptr ? *options : defaults;
    AnnealLayout l;
    wsp_status st = check_arguments<Decoder>(p, o, workspace, workspace_size, witness, witness_length,
                                             result, &l, diag);
    if (st != WSP_OK) return st;
    Rng rng = seeded_rng(o.seed);
    if (o.initial != nullptr) {
        st = check_initial(*p, o.initial, o.initial_length, static_cast<uint32_t *>(workspace), diag);
        if (st != WSP_OK) return st;
        for (size_t k = 0; k < witness_length; ++k) witness[k] = o.initial[k];
    } else {
        Rng initial_rng = seeded_rng(o.seed);
        // The caller's callback may stop a long simulated dispatch (a time budget at large W): the
        // string is then completed warp by warp, and the annealer stops at its first report.
        PollContext asked = {&o.control, l.horizon};
        InitialPoll poll = {ask_to_stop, &asked};
        make_initial(*p, o.policy, initial_rng, workspace, witness, o.control.progress != nullptr ? &poll : nullptr);
        if (o.policy == WSP_POLICY_RANDOM)
            rng = seeded_rng(o.seed ^ 0x5DEECE66Dull);  // a fresh stream for the moves
    }
    result->upper = l.horizon;
    st = run_annealer<Decoder>(*p, o, l.horizon, workspace, witness, *result, decoding, rng)
             ? check_witness(*p, workspace, witness, result->lower, "annealer", diag)
             : fail(diag, WSP_ERR_INTERNAL, WSP_FIELD_NONE, "a decoded cycle passed the proven bound");
    if (st != WSP_OK) {
        zero(result);
        return st;
    }
    return ok(diag);
}

}  // namespace
}  // namespace wsp

extern "C" wsp_status wsp_anneal_workspace_size(const wsp_problem *problem, size_t *size, wsp_diag *diag) {
    if (size == nullptr)
        return wsp::fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_OUTPUT, "no output for the size");
    *size = 0;
    const wsp_status st = wsp::check_problem(problem, diag);
    if (st != WSP_OK) return st;
    return wsp::report_size(wsp::anneal_layout<wsp::IncrementalDecoding>(*problem).layout, size, diag);
}

bool wsp::anneal_loop(const wsp_problem &p, const wsp_anneal_options &o, uint32_t horizon, void *ws,
                      uint32_t *witness, wsp_anneal_result &r) {
    Rng rng = seeded_rng(o.seed);
    return run_annealer<CheckpointDecoding>(p, o, horizon, ws, witness, r, Decoding::kCheckpoint, rng);
}

uint64_t wsp::anneal_bytes(const wsp_problem *p, Decoding decoding) {
    if (!valid(p)) return 0;
    return decoding == Decoding::kCheckpoint ? anneal_layout<CheckpointDecoding>(*p).layout.bytes()
                                             : anneal_layout<IncrementalDecoding>(*p).layout.bytes();
}

wsp_status wsp::anneal(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       wsp_anneal_result *result, wsp_diag *diag, Decoding decoding) {
    return decoding == Decoding::kCheckpoint
               ? anneal_with<CheckpointDecoding>(p, options, workspace, workspace_size, witness,
                                                 witness_length, result, diag, decoding)
               : anneal_with<IncrementalDecoding>(p, options, workspace, workspace_size, witness,
                                                  witness_length, result, diag, decoding);
}

extern "C" wsp_status wsp_anneal_run(const wsp_problem *problem, const wsp_anneal_options *options,
                                     void *workspace, size_t workspace_size, uint32_t *witness,
                                     size_t witness_length, wsp_anneal_result *result, wsp_diag *diag) {
    return wsp::anneal_with<wsp::IncrementalDecoding>(problem, options, workspace, workspace_size, witness,
                                                      witness_length, result, diag,
                                                      wsp::Decoding::kIncremental);
}
