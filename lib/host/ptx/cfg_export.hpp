// What `warpspan ptx` derives from a read kernel beyond read_ptx: the proven upper bound for every
// execution over several SM configurations (the plausible readings of a preset), and the CFG as graph
// files for `warpspan pws` and the PWS split-point solver, each block with its own proven WCET.
#ifndef WSP_HOST_PTX_CFG_EXPORT_HPP
#define WSP_HOST_PTX_CFG_EXPORT_HPP

#include <ostream>
#include <string>
#include <vector>

#include "host/ptx/kernel_bound.hpp"
#include "host/ptx/ptx.hpp"

namespace wsp {
namespace ptx {

// kernel_upper_bound of `warps` warps with the serialised counts of `r` on each configuration: `each`
// per configuration, `worst` the largest. False with `error` as kernel_upper_bound.
bool kernel_bound_over(const Result &r, uint32_t warps, const std::vector<wsp_sm_config> &configs,
                       KernelBound &worst, std::vector<KernelBound> &each, std::string &error);

// The CFG as it is (blocks, branches, reconvergence points; no BSBs; loops stay loops, their bounds in
// comments) in the text format (`pws`) and the solver's CSV (`csv`), each block with the proven upper
// bound on T(warps) of its own string on `sm` as its WCET. `file` names the PTX in the comments.
void write_cfg_files(const Result &r, const std::string &file, const wsp_sm_config &sm, uint32_t warps,
                     std::ostream &pws, std::ostream &csv);

}  // namespace ptx
}  // namespace wsp

#endif
