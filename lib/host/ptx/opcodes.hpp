// The unit of each PTX instruction (paper 003 Fig. 11's classes: L, C, S, D) and the expansion table:
// what ptxas turns the PTX instructions that are not one machine instruction into, per architecture
// (docs/ptx.md; measured by tools/ptx_expansions/measure.py).
#ifndef WSP_HOST_PTX_OPCODES_HPP
#define WSP_HOST_PTX_OPCODES_HPP

#include <cstdint>
#include <string>

#include "host/ptx/ptx.hpp"

namespace wsp {
namespace ptx {

enum class Flow { kNone, kBranch, kIndirect, kReturn, kEnd, kCall };  // kEnd: exit or trap

struct Class {
    int unit = WSP_UNIT_C;
    bool known = true;    // false: an opcode of no PTX ISA 9.0 instruction we know
    Flow flow = Flow::kNone;
    bool expands = false; // a candidate for the expansion table (div, rem, rcp, sqrt, ... 64-bit mul)
};

Class classify(const std::string &opcode);

// The expansion of `opcode` on `arch` ("sm_80"): true with its letters (in the order S, D, L, C of
// the measured mix: the modelled string) and the source. False when the table has no row for it; then
// `why` says whether the architecture or the opcode is missing.
bool expansion(const std::string &opcode, const std::string &arch, Letters &letters, std::string &source,
               std::string &why);

// "sm_75, sm_80, ..." the architectures the table was measured for.
std::string expansion_archs();

}  // namespace ptx
}  // namespace wsp

#endif
