// Resources for occupancy (issue 17): the registers and shared memory an entry declares in its PTX
// (.reg, .shared, .local of the entry, of every .func it calls and of the module) and, when given,
// what `ptxas -v` reported for it (registers, shared and stack bytes, spills, barriers).
#ifndef WSP_HOST_PTX_RESOURCES_HPP
#define WSP_HOST_PTX_RESOURCES_HPP

#include "host/ptx/lexer.hpp"

namespace wsp {
namespace ptx {

// `functions`: the entry first, then the .func bodies it calls.
void declared_resources(const Module &module, const std::vector<const Function *> &functions, Resources &r);

// Reads the `ptxas info` lines of `ptxas -v` output for `entry`. False (with `error`) when the text
// has no "Compiling entry function 'ENTRY'" block.
bool ptxas_resources(const std::string &text, const std::string &entry, Resources &r, std::string &error);

}  // namespace ptx
}  // namespace wsp

#endif
