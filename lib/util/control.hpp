// wsp_control, the budget and progress of a long computation (exact search, annealing): how often
// the callback is called and what its answer means (warpspan.h: 0 goes on, WSP_STOP_TIME stops with
// TIME, any other value stops with CANCELLED).
#ifndef WSP_UTIL_CONTROL_HPP
#define WSP_UTIL_CONTROL_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

constexpr uint64_t kDefaultProgressInterval = 65536;

inline uint64_t progress_interval(const wsp_control &c) {
    return c.interval != 0 ? c.interval : kDefaultProgressInterval;
}

// The stop reason for a callback's answer: WSP_STOP_FINISHED (0) to go on.
inline uint32_t stop_of(uint32_t answer) {
    return answer == 0 ? uint32_t{WSP_STOP_FINISHED}
                       : answer == WSP_STOP_TIME ? uint32_t{WSP_STOP_TIME} : uint32_t{WSP_STOP_CANCELLED};
}

}  // namespace wsp

#endif
