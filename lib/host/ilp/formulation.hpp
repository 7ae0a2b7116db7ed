// Paper 004's binary ILP (Fig. 3) for T(W), generalised to the four unit types and the scheduler
// limit, with every linking constraint written out (formulation.cpp derives them). Host only.
#ifndef WSP_HOST_ILP_FORMULATION_HPP
#define WSP_HOST_ILP_FORMULATION_HPP

#include <stdint.h>

#include "host/ilp/system.hpp"
#include "warpspan.h"

namespace wsp {
namespace ilp {

// How work conservation is written: the paper's short rows (Eq. 32/35, one per warp, instruction
// and cycle) or long rows (Eq. 31/34, one per warp, unit type and cycle). `none` leaves it out; the
// maximum is then over every feasible schedule, work-conserving or not (tests show it is larger).
enum class WorkConserving { short_rows, long_rows, none };

// Largest model build() accepts: lp_solve indexes columns and nonzeros with int.
constexpr uint64_t kMaxColumns = 1u << 30;
constexpr uint64_t kMaxNonzeros = 1u << 30;

// Where each column is. Instruction i (0-based) of any warp can only issue in cycles
// [i + 1, i + span] with span = T - I + 1: i instructions precede it and I - 1 - i follow it, each
// in a later cycle, and the last ends by T. Columns outside those windows would be fixed at 0 by
// the precedence rows, so they are not created; the feasible set is unchanged.
struct Layout {
    Layout(const wsp_problem &p, uint32_t horizon, WorkConserving wc);
    uint32_t W, I, T, span, S;
    bool used[WSP_UNIT_COUNT];   // I_U > 0
    uint32_t sigma[WSP_UNIT_COUNT];
    int x_columns;               // W * I * span, the LS/CC/SF/DP columns
    int e_base[WSP_UNIT_COUNT];  // E_U(t) at e_base[U] + t - 1, or -1 when U is unused or wc == none
    int f_base;                  // F(t) at f_base + t - 1, or -1 without a scheduler limit or wc
    int columns;                 // -1 when column_count exceeds kMaxColumns (build() refuses)
    uint64_t column_count;
    // The column of "warp w issues instruction i in cycle t" (0-based w, i; t in i's window).
    int x(uint32_t w, uint32_t i, uint32_t t) const {
        return static_cast<int>((uint64_t{w} * I + i) * span + (t - (i + 1)));
    }
    uint32_t first(uint32_t i) const { return i + 1; }
    uint32_t last(uint32_t i) const { return i + span; }
    // The instructions whose window holds cycle t (first(i) <= t <= last(i)): i in [lowest, highest].
    uint32_t lowest(uint32_t t) const { return t > span ? t - span : 0; }
    uint32_t highest(uint32_t t) const { return t - 1 < I - 1 ? t - 1 : I - 1; }
};

// Called about every 4096 rows; true stops the build (it then returns false).
typedef bool (*StopFn)(void *context);

// Writes the model for horizon T (a proven upper bound on T(W), so that every work-conserving
// schedule fits) into `out`. Returns false when `out` refused something or `stop` said so.
// Preconditions (checked by the caller): a valid problem, I <= T, Layout's columns <= kMaxColumns.
bool build(const wsp_problem &p, uint32_t horizon, WorkConserving wc, System &out,
           StopFn stop = nullptr, void *stop_context = nullptr);

// The same model without the rows one_w_t, prec_w_i and last_w (those with the cycle-weighted sums
// Y) and without the work-conserving rows wc_w_i_t (the indicators E_U, F and their rows stay), for
// the strong formulation (strong.hpp), which replaces them by stronger rows.
bool build_without_sequence_rows(const wsp_problem &p, uint32_t horizon, WorkConserving wc, System &out,
                                 StopFn stop = nullptr, void *stop_context = nullptr);

}  // namespace ilp
}  // namespace wsp

#endif
