// Units and expansions. See opcodes.hpp and docs/ptx.md (the expansion table and its sources).
#include "host/ptx/opcodes.hpp"

#include <cstring>
#include <vector>

#include "host/ptx/lexer.hpp"

namespace wsp {
namespace ptx {

namespace {

bool contains(const char *const *list, const std::string &word) {
    for (; *list != nullptr; ++list)
        if (word == *list) return true;
    return false;
}

// L: instructions that occupy the load/store unit (memory, texture and surface access).
const char *const kLoadStore[] = {"ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu", "cp", "ldmatrix",
    "stmatrix", "tex", "tld4", "txq", "suld", "sust", "sured", "suq", "mbarrier", "multimem", "discard",
    "applypriority", "isspacep", nullptr};
// S: the special function unit. rcp and sqrt only as .approx (their IEEE forms are sequences).
const char *const kSpecial[] = {"sin", "cos", "ex2", "lg2", "rsqrt", "tanh", nullptr};
// .f64 with these is a move or a select, not double-precision arithmetic: C.
const char *const kNotArithmetic[] = {"mov", "selp", "slct", "shfl", "prmt", "cvta", "bra", "call", nullptr};
// C: every other PTX ISA 9.0 instruction we know of (bra, ret, setp, selp, mov, cvt, bar, ...).
const char *const kCore[] = {"abs", "activemask", "add", "addc", "alloca", "and", "bar", "barrier", "bfe", "bfi",
    "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clz", "cnot", "copysign", "createpolicy", "cvt",
    "cvta", "div", "dp2a", "dp4a", "elect", "exit", "fence", "fma", "fns", "getctarank", "griddepcontrol",
    "istypeof", "lop3", "mad", "mad24", "madc", "mapa", "match", "max", "membar", "min", "mma", "mov", "mul",
    "mul24", "nanosleep", "neg", "not", "or", "pmevent", "popc", "prmt", "rcp", "redux", "rem", "ret", "sad",
    "selp", "set", "setmaxnreg", "setp", "shf", "shfl", "shl", "shr", "slct", "sqrt", "stackrestore",
    "stacksave", "sub", "subc", "szext", "tensormap", "testp", "trap", "vabsdiff", "vabsdiff2", "vabsdiff4",
    "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4", "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2", "vmin4",
    "vote", "vset", "vset2", "vset4", "vshl", "vshr", "vsub", "vsub2", "vsub4", "wgmma", "wmma", "xor", nullptr};

struct Row {
    const char *opcode;
    int sm;
    uint32_t mix[WSP_UNIT_COUNT];  // L, C, S, D
};

const Row kTable[] = {
#include "host/ptx/expansion_table.inc"
};

const char kSource[] =
    "ptxas 13.0 on a one-instruction kernel, SASS opcodes counted per unit (tools/ptx_expansions/measure.py)";

}  // namespace

Class classify(const std::string &opcode) {
    Class c;
    const std::vector<std::string> parts = split(opcode, '.');
    const std::string &base = parts[0];
    bool f64 = false, approx = false, wide64 = false;
    for (size_t i = 1; i < parts.size(); ++i) {
        if (parts[i] == "f64") f64 = true;
        if (parts[i] == "approx") approx = true;
        if (parts[i] == "s64" || parts[i] == "u64") wide64 = true;
    }
    if (base == "wmma") {  // wmma.load / wmma.store move fragments through memory
        c.unit = parts.size() > 1 && (parts[1] == "load" || parts[1] == "store") ? WSP_UNIT_L : WSP_UNIT_C;
    } else if (contains(kLoadStore, base)) {
        c.unit = WSP_UNIT_L;
    } else if (f64 && !contains(kNotArithmetic, base)) {
        c.unit = WSP_UNIT_D;
    } else if (contains(kSpecial, base) || ((base == "rcp" || base == "sqrt") && approx)) {
        c.unit = WSP_UNIT_S;
    } else {
        c.unit = WSP_UNIT_C;
        c.known = contains(kCore, base);
    }
    if (base == "bra") c.flow = Flow::kBranch;
    if (base == "brx") c.flow = Flow::kIndirect;
    if (base == "ret") c.flow = Flow::kReturn;
    if (base == "exit" || base == "trap") c.flow = Flow::kEnd;
    if (base == "call") c.flow = Flow::kCall;
    // Expansion candidates: floating-point division, reciprocal, square roots and the SFU functions
    // (their pre- and post-scaling), integer division and remainder, 64-bit multiplies.
    if (base == "div" || base == "rem" || base == "rcp" || base == "sqrt" || base == "rsqrt" || base == "ex2" ||
        base == "lg2" || base == "sin" || base == "cos" || base == "tanh")
        c.expands = true;
    if ((base == "mul" || base == "mad") && wide64 && parts.size() > 1 && (parts[1] == "lo" || parts[1] == "hi"))
        c.expands = true;
    return c;
}

bool expansion(const std::string &opcode, const std::string &arch, Letters &letters, std::string &source,
               std::string &why) {
    int sm = -1;
    if (arch.size() > 3 && arch.compare(0, 3, "sm_") == 0) {
        sm = 0;
        for (size_t i = 3; i < arch.size(); ++i) {
            if (arch[i] < '0' || arch[i] > '9') {
                sm = -1;
                break;
            }
            sm = sm * 10 + (arch[i] - '0');
        }
    }
    bool arch_known = false;
    for (const Row &r : kTable) {
        if (r.sm != sm) continue;
        arch_known = true;
        if (opcode != r.opcode) continue;
        letters.clear();
        // The modelled order: the SFU and DP work first, then memory, then the integer/FP32 rest.
        static const int kOrder[] = {WSP_UNIT_S, WSP_UNIT_D, WSP_UNIT_L, WSP_UNIT_C};
        for (int u : kOrder)
            if (r.mix[u] > 0) append(letters, u, r.mix[u]);
        source = kSource;
        return true;
    }
    why = arch_known ? "no row for '" + opcode + "' on " + arch
                     : "no expansion table for " + (arch.empty() ? std::string("an unknown architecture") : arch) +
                           " (measured: " + expansion_archs() + ")";
    return false;
}

std::string expansion_archs() {
    std::string out;
    int last = -1;
    for (const Row &r : kTable) {
        if (r.sm == last) continue;
        last = r.sm;
        out += (out.empty() ? "sm_" : ", sm_") + std::to_string(r.sm);
    }
    return out;
}

}  // namespace ptx
}  // namespace wsp
