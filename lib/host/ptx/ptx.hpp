// The PTX reader's internal C++ interface (issue 17). From `nvcc -ptx` text to what the analyses need:
// the entry's control-flow graph with calls inlined, the instruction string of every block as the
// hardware runs it (expansions applied), the loop bounds, the counts of the worst warp over every
// execution (branches serialised, loops at their bounds), the longest single path, and the resources
// for occupancy. Host only: it allocates. The extern "C" wsp_host_ptx_read (ptx_reader.cpp) is a thin
// wrapper over read_ptx; the CLI (tools/warpspan/ptx_command.cpp) uses this interface directly.
//
// The parts, one idea per file:
//   lexer.cpp      text -> statements of each function (vector operands, call lists, scopes, debug
//                  sections), every malformed input an error with its line
//   opcodes.cpp    the unit of every PTX instruction and the expansion table (docs/ptx.md)
//   cfg.cpp        basic blocks, calls inlined, dominators, natural loops, post-dominators, loop bounds
//   paths.cpp      loops unrolled to their bounds, the serialised worst warp, the longest path,
//                  the walks of --path and --prefix
//   resources.cpp  registers and shared memory from the declarations or from `ptxas -v`
//   kernel_bound.cpp  the upper bound for warps with different strings (count-only proofs)
#ifndef WSP_HOST_PTX_PTX_HPP
#define WSP_HOST_PTX_PTX_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "warpspan.h"

namespace wsp {
namespace ptx {

// What is analysed. kKernel (the default) covers every execution of the entry; kPath and kPrefix
// analyse one path or the straight-line prefix and are labelled so wherever they are reported.
// kLoopWalk is the 0.x API's WSP_PTX_LOOP walk (each loop run `default_loop_bound` times, forward
// conditional branches not taken), kept for wsp_host_ptx_read only.
enum class Scope : uint32_t { kKernel = 0, kPath = 1, kPrefix = 2, kLoopWalk = 3 };

const char *scope_name(Scope s);  // "kernel", "path", "prefix", "loop-walk"

struct LoopBound {
    std::string label;  // the loop header's label ("$L__BB0_3"), or "function:label" for a .func's
    uint32_t bound = 0; // the most times the header runs per entry into the loop (>= 1)
    std::string origin; // where it came from: "--loop-bound", "FILE:LINE"
};

// Parses an annotation file: one `LABEL N` or `LABEL=N` per line, `#` comments, blank lines.
// Errors name the line ("bounds.txt:3: ..."); `name` is used in them.
bool parse_loop_bounds(const std::string &text, const std::string &name, std::vector<LoopBound> &out,
                       std::string &error);

struct Options {
    std::string entry;                  // "" = the only .entry
    Scope scope = Scope::kKernel;
    std::vector<bool> path;             // kPath: taken (true) / not taken per conditional branch met
    std::vector<LoopBound> loop_bounds; // --loop-bound and annotation files; they beat inferred ones
    bool infer_bounds = true;           // bound loops by the compiler's evident counters (cfg.cpp)
    uint32_t default_loop_bound = 0;    // 0 = none: a loop without a bound is an error (the 0.x API
                                        // passes its `loop` here)
    int unknown_unit = -1;              // -1: an unknown opcode is an error; else the wsp_unit it maps to
    std::string arch;                   // "sm_80": which expansion table; "" = the file's .target
    bool expand = true;                 // false: one letter per PTX instruction (the 0.x API)
    uint64_t max_instructions = 1000000;   // longest string a walk or path may produce
    uint64_t max_unrolled_blocks = 2000000; // the loops unrolled to their bounds, in blocks
    std::string ptxas_info;             // optional `ptxas -v` output, for resources
};

struct Failure {
    wsp_status status = WSP_OK;
    size_t line = 0;      // 1-based, 0 = none
    std::string message;  // without the line
};

// A run of one unit in a kernel string: "L5" is {L, 5}.
struct Run {
    int unit;
    uint64_t count;
};
typedef std::vector<Run> Letters;

std::string letters_text(const Letters &s);      // "L5 C11 L1"
void append(Letters &to, const Letters &from);
void append(Letters &to, int unit, uint64_t count);
uint64_t letters_length(const Letters &s);
void letters_mix(const Letters &s, uint64_t mix[WSP_UNIT_COUNT]);

struct Block {
    uint32_t id = 0;                 // 0-based, in layout order after inlining
    std::string label;               // the label it starts at, "" if none
    std::string function;            // the .entry or the inlined .func it comes from
    size_t first_line = 0, last_line = 0;
    uint64_t ptx_instructions = 0;   // PTX instructions in it
    Letters letters;                 // the instruction string the hardware runs (expansions applied)
    std::vector<uint32_t> succ;      // successor blocks; kExit for the end of the kernel
    bool conditional = false;        // ends in a conditional branch (two successors that may differ)
    uint32_t ipdom = 0;              // immediate post-dominator (kExit for the end)
};
constexpr uint32_t kExit = 0xffffffffu;

struct Loop {
    uint32_t header = 0;             // block id
    std::string label;               // the header's label, as --loop-bound names it
    size_t line = 0;                 // the header's first line
    uint32_t bound = 0;              // 0 = none (an error in the kernel scope)
    std::string source;              // "--loop-bound", "bounds.txt:3", "inferred: ...", "default"
    std::vector<uint32_t> blocks;    // its blocks, header first
    int parent = -1;                 // the innermost enclosing loop, -1 for none
};

struct ExpansionUse {
    std::string opcode;              // "div.rn.f32"
    std::vector<size_t> lines;       // every line it stands on (in the analysed code)
    Letters letters;                 // what one of them stands for
    std::string source;              // table row's source
};

struct Mapped {
    size_t line = 0;
    std::string opcode;
    int unit = 0;
};

struct Resources {
    uint64_t registers_declared[4] = {0, 0, 0, 0}; // .reg in the entry and its callees: pred, 16-, 32-,
                                                   // 64-bit (PTX virtual registers; ptxas allocates)
    uint64_t register_words = 0;   // 32-bit words of the declared .reg (16-bit count as one, 64 as two)
    uint64_t shared_static = 0;    // bytes of .shared declared in the entry, its callees and the module
    bool shared_dynamic = false;   // an `.extern .shared` array (size set at launch)
    uint64_t local_bytes = 0;      // .local (stack) bytes declared
    uint32_t maxntid[3] = {0, 0, 0}, reqntid[3] = {0, 0, 0};
    uint32_t minnctapersm = 0;
    // From `ptxas -v` (when given): -1 = not given.
    int64_t ptxas_registers = -1, ptxas_shared = -1, ptxas_stack = -1, ptxas_spill_stores = -1,
            ptxas_spill_loads = -1, ptxas_barriers = -1;
    std::string ptxas_arch;        // "sm_80"
};

struct Result {
    std::string entry, target, arch; // the entry; the file's .target; the expansion table used
    uint32_t entries = 0;            // .entry functions in the text
    std::string entry_names;         // "a, b"
    Scope scope = Scope::kKernel;
    std::vector<Block> blocks;       // the entry's CFG, calls inlined; blocks[0] is the entry
    std::vector<Loop> loops;
    uint64_t ptx_instructions = 0;   // PTX instructions in the entry and every .func it calls (once each)
    // kKernel: the worst warp over every execution (branches serialised, loops at their bounds);
    // per type the most any warp can issue, and their sum (an upper bound on any warp's length).
    uint64_t serialised_mix[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    uint64_t serialised_length = 0;
    // The longest single path (kKernel), the path asked for (kPath), the prefix (kPrefix).
    Letters path;
    std::vector<uint32_t> path_blocks;   // the blocks it runs, in order (kKernel, kPath)
    uint64_t path_ptx_instructions = 0;  // PTX instructions on it
    uint32_t conditional_branches = 0;   // met on the path (kPath, kPrefix, kLoopWalk)
    std::vector<ExpansionUse> expansions;
    std::vector<Mapped> mapped;          // unknown opcodes mapped by unknown_unit
    Resources resources;
};

// Reads `text` (length bytes, need not be NUL-terminated). False with `failure` filled on any error.
bool read_ptx(const char *text, size_t length, const Options &options, Result &result, Failure &failure);

}  // namespace ptx
}  // namespace wsp

#endif
