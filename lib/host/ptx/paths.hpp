// What runs (issue 17). kernel scope: every loop unrolled to its bound (a DAG), the worst warp's
// counts under branch serialisation (the proof is in paths.cpp and docs/ptx.md) and the longest
// single path; path and prefix scopes and the 0.x loop walk follow the CFG as asked.
#ifndef WSP_HOST_PTX_PATHS_HPP
#define WSP_HOST_PTX_PATHS_HPP

#include "host/ptx/cfg.hpp"

namespace wsp {
namespace ptx {

// kKernel: fills result.serialised_*, result.path, path_blocks, path_ptx_instructions.
bool analyse_kernel(const Graph &g, const Options &options, Result &result, Failure &failure);

// kPath, kPrefix, kLoopWalk: fills result.path, path_blocks, conditional_branches.
bool walk(const Graph &g, const Options &options, Result &result, Failure &failure);

}  // namespace ptx
}  // namespace wsp

#endif
