// Simulated annealing over warp pseudo-precedence strings (paper 003 sections IV-VII).
//
// Soundness: the result is the makespan of a string decoded by Fig. 4, i.e. of a work-conserving
// schedule (decoder.cpp), hence a lower bound on T(W); it is re-checked by the decoder and the
// independent validator before the call returns. It is never an upper bound. The run stops early
// only when the best reaches the proven upper bound, where it is T(W).
//
// Workspace: the incremental decoder (anneal/incremental.hpp); before it is set up, the same memory
// is the scratch for building the initial solution, and after the run, for checking the witness.
#include "anneal/anneal.hpp"

#include <new>

#include "anneal/acceptance.hpp"
#include "anneal/checkpoint_decoder.hpp"
#include "anneal/incremental.hpp"
#include "anneal/initial.hpp"
#include "anneal/rng.hpp"
#include "model/problem.hpp"
#include "schedule/witness_check.hpp"
#include "util/diag.hpp"

namespace wsp {

namespace {

constexpr uint64_t kDefaultProgressInterval = 65536;
// Room for the checkpointed decoder object itself at the start of its workspace.
constexpr uint64_t kDecoderObject = (sizeof(CheckpointDecoder) + WSP_WORKSPACE_ALIGN - 1u) / WSP_WORKSPACE_ALIGN *
                                    WSP_WORKSPACE_ALIGN;

// The decoders as the annealer sees them.
struct IncrementalDecoding : IncrementalDecoder {
    IncrementalDecoding(const wsp_problem &p, uint32_t horizon, void *ws, Decoding d)
        : IncrementalDecoder(p, horizon, ws, d == Decoding::kIncremental) {}
};
struct CheckpointDecoding : CheckpointDecoder {
    CheckpointDecoding(const wsp_problem &p, uint32_t horizon, void *ws, Decoding)
        : CheckpointDecoder(p, horizon, default_spacing(p, horizon), ws) {}
};

template <typename Decoder>
uint64_t decoder_bytes_of(const wsp_problem &p, uint32_t horizon);
template <>
uint64_t decoder_bytes_of<IncrementalDecoding>(const wsp_problem &p, uint32_t horizon) {
    return IncrementalDecoder::bytes(p, horizon);
}
template <>
uint64_t decoder_bytes_of<CheckpointDecoding>(const wsp_problem &p, uint32_t horizon) {
    return kDecoderObject + CheckpointDecoder::bytes(p, horizon, CheckpointDecoder::default_spacing(p, horizon));
}

struct AnnealLayout {
    uint32_t horizon;  // the proven upper bound: no decoded cycle exceeds it
    uint64_t bytes;
};

// The decoder is a template parameter, not a value, so that wsp_anneal links no code of the
// checkpointed decoder (the firmware keeps only what it calls).
template <typename Decoder>
AnnealLayout anneal_layout(const wsp_problem &p) {
    wsp_bounds b;
    wsp_bounds_compute(&p, &b);
    AnnealLayout l;
    l.horizon = static_cast<uint32_t>(b.upper);
    const uint64_t decoder = decoder_bytes_of<Decoder>(p, l.horizon);
    const uint64_t check = witness_check_bytes(p);
    const uint64_t scratch = initial_scratch_bytes(p);
    l.bytes = decoder > check ? decoder : check;
    if (scratch > l.bytes) l.bytes = scratch;
    return l;
}

wsp_status bad_length(wsp_diag *diag, const char *what, size_t length, uint64_t cells) {
    DiagScope scope(diag, WSP_ERR_WITNESS_LENGTH);
    scope.message.text(what).text(" holds ").number(length).text(" warp ids but W*I = ").number(cells);
    return WSP_ERR_WITNESS_LENGTH;
}

// An initial string given by the caller: W*I ids in 1..W, each exactly I times.
wsp_status check_initial(const wsp_problem &p, const uint32_t *s, size_t length, uint32_t *count,
                         wsp_diag *diag) {
    const uint64_t cells = uint64_t{p.warps} * p.length;
    if (length != cells) return bad_length(diag, "the initial string", length, cells);
    for (uint32_t w = 0; w < p.warps; ++w) count[w] = 0;
    for (size_t k = 0; k < length; ++k) {
        const uint32_t id = s[k];
        const bool outside = id == 0 || id > p.warps;
        if (outside || ++count[id - 1] > p.length) {
            const wsp_status st = outside ? WSP_ERR_WITNESS_WARP : WSP_ERR_WITNESS_COUNT;
            DiagScope scope(diag, st);
            if (diag != nullptr) {
                diag->position = k + 1;
                diag->warp = id;
            }
            scope.message.text("initial string position ").number(k + 1).text(": warp ").number(id);
            if (outside)
                scope.message.text(" is outside 1 .. ").number(p.warps);
            else
                scope.message.text(" occurs more often than I = ").number(p.length);
            return st;
        }
    }
    return WSP_OK;
}

// The bits of an enum a C caller filled in: C lets any int through, while a C++ load of a value
// outside the enum's range is undefined, so kinds are checked as plain integers first.
// (Enums are int-sized on the host and one byte on arm-none-eabi, whose ABI uses short enums.)
template <typename E>
uint32_t raw(const E &e) {
    if constexpr (sizeof(E) == 1) {
        uint8_t v;
        __builtin_memcpy(&v, &e, 1);
        return v;
    } else if constexpr (sizeof(E) == 2) {
        uint16_t v;
        __builtin_memcpy(&v, &e, 2);
        return v;
    } else {
        static_assert(sizeof(E) == 4, "an enum of an unexpected size");
        uint32_t v;
        __builtin_memcpy(&v, &e, 4);
        return v;
    }
}

bool valid_init(const wsp_anneal_init &init) {
    return raw(init) < WSP_ANNEAL_INIT_COUNT;
}

template <typename Decoder>
wsp_status common_checks(const wsp_problem *p, void *workspace, size_t workspace_size,
                         const uint32_t *out, size_t length, AnnealLayout *layout, wsp_diag *diag) {
    if (p == nullptr || out == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, "no problem or no output string");
    if (!valid(p)) return fail(diag, WSP_ERR_INVALID_HANDLE, "the problem handle is not valid");
    const uint64_t cells = uint64_t{p->warps} * p->length;
    if (length != cells) return bad_length(diag, "the output buffer", length, cells);
    *layout = anneal_layout<Decoder>(*p);
    return check_workspace(workspace, workspace_size, layout->bytes, diag);
}

template <typename Decoder>
class Annealer {
public:
    Annealer(const wsp_problem &p, const wsp_anneal_options &o, Decoder &decoder, uint32_t *best,
             wsp_anneal_result &r)
        : o_(o), decoder_(decoder), best_(best), r_(r),
          n_(p.warps * p.length), warps_(p.warps),
          interval_(o.progress_interval ? o.progress_interval : kDefaultProgressInterval),
          window_(o.window ? o.window : p.warps), sweep_(0) {}

    // Runs from the string in best_ (already checked). Returns false on a broken invariant.
    bool run(Rng &rng) {
        const uint64_t iterations = o_.iterations ? o_.iterations : WSP_ANNEAL_DEFAULT_ITERATIONS;
        const uint32_t t0 = o_.t0 == 0 ? WSP_ANNEAL_DEFAULT_T0 : o_.t0 == WSP_ANNEAL_T0_ZERO ? 0u : o_.t0;
        uint32_t m = decoder_.reset(best_);
        if (m == 0) return false;
        r_.initial = r_.lower = m;
        if (m >= r_.upper) return finish(WSP_ANNEAL_OPTIMAL, 0);
        if (warps_ < 2) return finish(WSP_ANNEAL_DONE, 0);  // one string only: nothing to swap
        for (uint64_t iter = 0; iter < iterations; ++iter) {
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
                    if (m >= r_.upper) return finish(WSP_ANNEAL_OPTIMAL, iter + 1);
                    if (report(iter + 1, m, 1)) return finish(WSP_ANNEAL_CANCELLED, iter + 1);
                }
            }
            if ((iter + 1) % interval_ == 0 && report(iter + 1, m, 0))
                return finish(WSP_ANNEAL_CANCELLED, iter + 1);
        }
        return finish(WSP_ANNEAL_DONE, iterations);
    }

private:
    // A neighbour: positions a < b holding different warps.
    void pick(Rng &rng, uint32_t &a, uint32_t &b) {
        if (o_.moves == WSP_ANNEAL_MOVES_UNIFORM) {
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

    bool report(uint64_t iter, uint32_t current, int improved) {
        if (o_.progress == nullptr) return false;
        const wsp_anneal_progress pr = {iter, r_.lower, current, improved};
        return o_.progress(o_.context, &pr) != 0;
    }

    bool finish(wsp_anneal_stop stop, uint64_t iterations) {
        r_.stop = stop;
        r_.iterations = iterations;
        r_.decoded = decoder_.decoded();
        return true;
    }

    const wsp_anneal_options &o_;
    Decoder &decoder_;
    uint32_t *best_;
    wsp_anneal_result &r_;
    uint32_t n_, warps_;
    uint64_t interval_;
    uint32_t window_, sweep_;
};

// One frame per decoder kind, never both on the stack at once. The incremental decoder lives on the
// stack (wsp_anneal's frame is what WSP_ANNEAL_WORKSPACE_SIZE and the published stack figure assume);
// the checkpointed one at the start of the workspace, which keeps the lower-bound search's deepest
// call within 1 KiB on a Cortex-M4.
template <typename Decoder>
__attribute__((noinline)) bool run_annealer(const wsp_problem &p, const wsp_anneal_options &o,
                                            uint32_t horizon, void *ws, uint32_t *best,
                                            wsp_anneal_result &r, Decoding decoding, Rng &rng) {
    Decoder decoder(p, horizon, ws, decoding);
    return Annealer<Decoder>(p, o, decoder, best, r).run(rng);
}

template <>
__attribute__((noinline)) bool run_annealer<CheckpointDecoding>(const wsp_problem &p,
                                                                const wsp_anneal_options &o,
                                                                uint32_t horizon, void *ws,
                                                                uint32_t *best, wsp_anneal_result &r,
                                                                Decoding decoding, Rng &rng) {
    CheckpointDecoding *decoder =
        new (ws) CheckpointDecoding(p, horizon, static_cast<uint8_t *>(ws) + kDecoderObject, decoding);
    return Annealer<CheckpointDecoding>(p, o, *decoder, best, r).run(rng);
}

}  // namespace
}  // namespace wsp

extern "C" size_t wsp_anneal_workspace_size(const wsp_problem *p) {
    return wsp::valid(p) ? wsp::workspace_bytes(wsp::anneal_layout<wsp::IncrementalDecoding>(*p).bytes) : 0;
}

extern "C" wsp_status wsp_anneal_initial(const wsp_problem *p, wsp_anneal_init init, uint64_t seed,
                                         void *workspace, size_t workspace_size, uint32_t *out,
                                         size_t length, wsp_diag *diag) {
    using namespace wsp;
    AnnealLayout l = {0, 0};
    wsp_status st = common_checks<IncrementalDecoding>(p, workspace, workspace_size, out, length, &l, diag);
    if (st != WSP_OK) return st;
    if (!valid_init(init)) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text("initial solution kind ").number(raw(init))
            .text(" exceeds the maximum ").number(WSP_ANNEAL_INIT_COUNT - 1);
        return WSP_ERR_RANGE;
    }
    Rng rng(seed);
    make_initial(*p, init, rng, workspace, out);
    clear(diag);
    return WSP_OK;
}

bool wsp::anneal_loop(const wsp_problem &p, const wsp_anneal_options &o, uint32_t horizon, void *ws,
                      uint32_t *witness, wsp_anneal_result &r) {
    Rng rng(o.seed);
    return run_annealer<CheckpointDecoding>(p, o, horizon, ws, witness, r, Decoding::kCheckpoint, rng);
}

uint64_t wsp::anneal_bytes(const wsp_problem *p, Decoding decoding) {
    if (!valid(p)) return 0;
    return decoding == Decoding::kCheckpoint ? anneal_layout<CheckpointDecoding>(*p).bytes
                                             : anneal_layout<IncrementalDecoding>(*p).bytes;
}

namespace wsp {
namespace {

template <typename Decoder>
wsp_status anneal_with(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       wsp_anneal_result *result, wsp_diag *diag, Decoding decoding) {
    if (result == nullptr) return fail(diag, WSP_ERR_NULL_ARGUMENT, "no result");
    AnnealLayout l = {0, 0};
    wsp_status st =
        common_checks<Decoder>(p, workspace, workspace_size, witness, witness_length, &l, diag);
    if (st != WSP_OK) return st;
    wsp_anneal_options none = {};
    const wsp_anneal_options &o = options != nullptr ? *options : none;
    if (raw(o.moves) > WSP_ANNEAL_MOVES_LOCAL) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text("neighbourhood kind ").number(raw(o.moves))
            .text(" exceeds the maximum ").number(WSP_ANNEAL_MOVES_LOCAL);
        return WSP_ERR_RANGE;
    }
    Rng rng(o.seed);
    if (o.initial == nullptr && !valid_init(o.init)) {
        DiagScope scope(diag, WSP_ERR_RANGE);
        scope.message.text("initial solution kind ").number(raw(o.init))
            .text(" exceeds the maximum ").number(WSP_ANNEAL_INIT_COUNT - 1);
        return WSP_ERR_RANGE;
    }
    if (o.initial != nullptr) {
        st = check_initial(*p, o.initial, o.initial_length, static_cast<uint32_t *>(workspace), diag);
        if (st != WSP_OK) return st;
        for (size_t k = 0; k < witness_length; ++k) witness[k] = o.initial[k];
    } else {
        Rng init_rng(o.seed);
        make_initial(*p, o.init, init_rng, workspace, witness);
        if (o.init == WSP_ANNEAL_RANDOM) rng = Rng(o.seed ^ 0x5DEECE66Dull);  // fresh stream for moves
    }
    wsp_anneal_result r = {};
    r.upper = l.horizon;
    if (!run_annealer<Decoder>(*p, o, l.horizon, workspace, witness, r, decoding, rng)) return fail(diag, WSP_ERR_INTERNAL, "a decoded cycle passed the proven bound");
    st = check_witness(*p, workspace, witness, witness_length, r.lower, "annealer", diag);
    if (st != WSP_OK) return st;
    *result = r;
    clear(diag);
    return WSP_OK;
}

}  // namespace
}  // namespace wsp

wsp_status wsp::anneal(const wsp_problem *p, const wsp_anneal_options *options, void *workspace,
                       size_t workspace_size, uint32_t *witness, size_t witness_length,
                       wsp_anneal_result *result, wsp_diag *diag, Decoding decoding) {
    return decoding == Decoding::kCheckpoint
               ? anneal_with<CheckpointDecoding>(p, options, workspace, workspace_size, witness,
                                                 witness_length, result, diag, decoding)
               : anneal_with<IncrementalDecoding>(p, options, workspace, workspace_size, witness,
                                                  witness_length, result, diag, decoding);
}

extern "C" wsp_status wsp_anneal(const wsp_problem *p, const wsp_anneal_options *options,
                                 void *workspace, size_t workspace_size, uint32_t *witness,
                                 size_t witness_length, wsp_anneal_result *result, wsp_diag *diag) {
    return wsp::anneal_with<wsp::IncrementalDecoding>(p, options, workspace, workspace_size, witness,
                                                      witness_length, result, diag,
                                                      wsp::Decoding::kIncremental);
}
