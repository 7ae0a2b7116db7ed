// The entry's control-flow graph (issue 17): basic blocks with every call to a .func inlined (the
// callee's blocks copied at each call site; recursion is an error), the instruction string of each
// block as the hardware runs it (expansions applied), dominators, natural loops (an irreducible graph
// is an error), immediate post-dominators and a bound for every loop: from --loop-bound or an
// annotation file, from the compiler's counter when it is evident (a proof in cfg.cpp), or the 0.x
// API's default; a loop without one is an error that names its label and line.
#ifndef WSP_HOST_PTX_CFG_HPP
#define WSP_HOST_PTX_CFG_HPP

#include <vector>

#include "host/ptx/lexer.hpp"
#include "host/ptx/opcodes.hpp"
#include "host/ptx/ptx.hpp"

namespace wsp {
namespace ptx {

// Where a block's instructions come from.
struct BlockCode {
    const Function *function = nullptr;
    size_t begin = 0, end = 0;      // [begin, end) in function->code
    uint32_t instance = 0;          // which inlined copy of the function (0: the entry)
    bool ends_in_branch = false;    // bra, brx, or a guarded ret/exit ends it (the 0.x prefix stops there)
    bool loop_walk_backward = false;// its conditional branch jumps back in the layout (0.x loop walk)
};

struct Graph {
    std::vector<Block> blocks;      // public part (Result::blocks)
    std::vector<BlockCode> code;    // parallel to blocks
    std::vector<Loop> loops;
    std::vector<int> innermost;     // per block: its innermost loop, -1 for none
    std::vector<uint32_t> idom;     // immediate dominator (entry: itself)
};

// Builds the graph of `entry` (calls inlined, unreachable blocks dropped, ids in layout order),
// checks unknown opcodes and expansions, finds the loops and their bounds. `need_bounds`: a loop
// without a bound is an error (the kernel scope); otherwise it keeps bound 0.
bool build_graph(const Module &module, const Function &entry, const Options &options, const std::string &arch,
                 bool need_bounds, Graph &graph, Result &result, Failure &failure);

// True when loop a contains block b.
bool loop_contains(const Graph &g, int loop, uint32_t block);

}  // namespace ptx
}  // namespace wsp

#endif
