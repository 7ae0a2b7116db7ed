// The decoder's and the validator's workspace sizes in 64 bits (the public size queries return them
// as size_t), for callers inside the core that lay out a larger workspace around them.
#ifndef WSP_SCHEDULE_WORKSPACE_SIZES_HPP
#define WSP_SCHEDULE_WORKSPACE_SIZES_HPP

#include <stdint.h>

#include "model/problem.hpp"

namespace wsp {

uint64_t decoder_bytes(const wsp_problem &p);
uint64_t validator_bytes(const wsp_problem &p);

}  // namespace wsp

#endif
