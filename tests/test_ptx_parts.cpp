// Group: the PTX reader's parts through its internal C++ interface (lib/host/ptx/ptx.hpp, issue 17):
// every fixture entry read in the default (whole-kernel) scope, the kernel's counts against its
// blocks, the heterogeneous-safe bound against an exhaustive oracle over warps with different strings,
// loop-bound inference (what it proves and what it refuses), every error path, resources, syntax.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" {
#include "test_util.h"
}

#include "host/ptx/kernel_bound.hpp"
#include "host/ptx/ptx.hpp"

using namespace wsp::ptx;

namespace {

std::string load(const std::string &name) {
    const std::string path = std::string(WSP_SOURCE_DIR) + "/tests/fixtures/ptx/" + name;
    FILE *f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) fail_msg("cannot open %s", path.c_str());
    std::string s;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    std::fclose(f);
    return s;
}

struct FixtureEntry {
    const char *file, *entry, *bounds;  // bounds: an annotation file next to the fixtures, or nullptr
};

// Every entry of every fixture (sm_80, sm_90, -lineinfo, -G, and the sm_75 ones).
const FixtureEntry kEntries[] = {
    {"axpby.sm80.ptx", "axpby", nullptr}, {"axpby.sm80.ptx", "axpby4", nullptr},
    {"axpby.sm90.ptx", "axpby", nullptr}, {"axpby.sm90.ptx", "axpby4", nullptr},
    {"softmax.sm80.ptx", "softmax_row", "softmax.bounds"}, {"softmax.sm90.ptx", "softmax_row", "softmax.bounds"},
    {"softmax.sm80.lineinfo.ptx", "softmax_row", "softmax.bounds"},
    {"nbody.sm80.ptx", "nbody_step", "nbody.bounds"}, {"nbody.sm90.ptx", "nbody_step", "nbody.bounds"},
    {"stencil.sm80.ptx", "stencil5", nullptr}, {"stencil.sm90.ptx", "stencil5", nullptr},
    {"stencil.sm80.debug.ptx", "stencil5", nullptr},
    {"horner.sm80.ptx", "horner_dp", nullptr}, {"horner.sm90.ptx", "horner_dp", nullptr},
    {"warp_reduce.sm80.ptx", "warp_reduce", "warp_reduce.bounds"},
    {"warp_reduce.sm90.ptx", "warp_reduce", "warp_reduce.bounds"},
    {"histogram.sm80.ptx", "histogram", "histogram.bounds"}, {"histogram.sm90.ptx", "histogram", "histogram.bounds"},
    {"mathlib.sm80.ptx", "mathlib_f32", nullptr}, {"mathlib.sm80.ptx", "mathlib_f64", nullptr},
    {"mathlib.sm90.ptx", "mathlib_f32", nullptr}, {"mathlib.sm90.ptx", "mathlib_f64", nullptr},
    {"mathlib.sm80.lineinfo.ptx", "mathlib_f32", nullptr}, {"mathlib.sm80.lineinfo.ptx", "mathlib_f64", nullptr},
    {"intdiv.sm80.ptx", "intdiv", nullptr}, {"intdiv.sm90.ptx", "intdiv", nullptr},
    {"branches.sm80.ptx", "classify", nullptr}, {"branches.sm90.ptx", "classify", nullptr},
    {"noinline.sm80.ptx", "smooth2", nullptr}, {"noinline.sm90.ptx", "smooth2", nullptr},
    {"noinline.sm80.debug.ptx", "smooth2", "noinline.debug.bounds"},
    {"transpose.sm80.ptx", "transpose", nullptr}, {"transpose.sm90.ptx", "transpose", nullptr},
    {"scan.sm80.ptx", "block_scan", "scan.bounds"}, {"scan.sm90.ptx", "block_scan", "scan.bounds"},
    {"matmul.sm80.ptx", "matmul", "matmul.bounds"}, {"matmul.sm90.ptx", "matmul", "matmul.bounds"},
    {"normalize.sm80.ptx", "normalize3", nullptr}, {"normalize.sm80.ptx", "normalize2_dp", nullptr},
    {"normalize.sm90.ptx", "normalize3", nullptr}, {"normalize.sm90.ptx", "normalize2_dp", nullptr},
    {"voronoi.sm75.ptx", "voronoi", "voronoi.bounds"}, {"voronoi.sm90.ptx", "voronoi", "voronoi.bounds"},
    {"saxpy.sm75.ptx", "saxpy", nullptr}, {"saxpy.sm90.ptx", "saxpy", nullptr},
    {"reduce.sm75.ptx", "reduce", "reduce.bounds"}, {"reduce.sm90.ptx", "reduce", "reduce.bounds"},
    {"sfu.sm75.ptx", "sfu", nullptr}, {"sfu.sm90.ptx", "sfu", nullptr},
    {"dp.sm75.ptx", "dp", nullptr}, {"dp.sm90.ptx", "dp", nullptr},
};

bool read_fixture(const FixtureEntry &e, Options o, Result &r, Failure &f) {
    const std::string text = load(e.file);
    o.entry = e.entry;
    if (e.bounds != nullptr) {
        std::string error;
        if (!parse_loop_bounds(load(e.bounds), e.bounds, o.loop_bounds, error)) fail_msg("%s: %s", e.bounds, error.c_str());
    }
    return read_ptx(text.data(), text.size(), o, r, f);
}

uint64_t blocks_length(const Result &r, const std::vector<uint32_t> &ids) {
    uint64_t n = 0;
    for (uint32_t id : ids) n += letters_length(r.blocks[id].letters);
    return n;
}

}  // namespace

// Every fixture entry reads in the default scope (the whole kernel) and the result covers the whole
// kernel: the longest path is the concatenation of its blocks' strings (a test of the path, not of a
// prefix), ends at the exit, and the serialised worst warp is at least that path, per unit.
static void test_every_fixture_entry(void **) {
    for (const FixtureEntry &e : kEntries) {
        Result r;
        Failure f;
        if (!read_fixture(e, Options(), r, f)) fail_msg("%s %s: line %zu: %s", e.file, e.entry, f.line, f.message.c_str());
        assert_true(r.scope == Scope::kKernel);
        assert_int_equal(letters_length(r.path), blocks_length(r, r.path_blocks));
        const Block &last = r.blocks[r.path_blocks.back()];
        bool exits = false;
        for (uint32_t s : last.succ) exits = exits || s == kExit;
        if (!exits) fail_msg("%s %s: the longest path does not end at the exit", e.file, e.entry);
        assert_int_equal(r.path_blocks.front(), 0);
        uint64_t mix[WSP_UNIT_COUNT];
        letters_mix(r.path, mix);
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) assert_true(r.serialised_mix[u] >= mix[u]);
        for (const Loop &l : r.loops) assert_true(l.bound >= 1);
        // Without loops and with every block run once when all branches diverge, the serialised warp
        // is exactly the sum over all blocks.
        if (r.loops.empty()) {
            std::vector<uint32_t> all;
            for (const Block &b : r.blocks) all.push_back(b.id);
            if (r.serialised_length > blocks_length(r, all))
                fail_msg("%s %s: serialised %llu > all blocks %llu", e.file, e.entry,
                         (unsigned long long)r.serialised_length, (unsigned long long)blocks_length(r, all));
        }
        // With the 0.x classification (no expansions) the path has one letter per PTX instruction.
        Options plain;
        plain.expand = false;
        Result p;
        if (!read_fixture(e, plain, p, f)) fail_msg("%s %s (no expansion): %s", e.file, e.entry, f.message.c_str());
        assert_int_equal(letters_length(p.path), p.path_ptx_instructions);
    }
}

// Hand-computed kernels: an if without else, an if/else, a loop with a break (the break's block runs
// once per iteration in the serialised warp although it lies outside the loop) and a call.
static void test_serialised_counts(void **) {
    struct Case {
        const char *name, *body;
        uint32_t bound;
        const char *serialised, *longest;  // "L C S D"
    } cases[] = {
        {"if without else", "ld.global.f32 %f1, [a];\n@%p1 bra END;\nadd.f32 %f1, %f1, %f1;\nEND:\nret;\n", 0, "1 3 0 0",
         "1 3 0 0"},
        {"if else", "@%p1 bra ELSE;\nld.global.f32 %f1, [a];\nld.global.f32 %f1, [a];\nbra.uni END;\nELSE:\n"
                    "add.f32 %f1, %f1, %f1;\nEND:\nret;\n", 0, "2 4 0 0", "2 3 0 0"},
        {"break in a loop", "mov.u32 %r1, 0;\nLOOP:\n@%p1 bra OUT;\nadd.s32 %r1, %r1, 1;\nsetp.ne.s32 %p2, %r1, 3;\n"
                            "@%p2 bra LOOP;\nbra.uni END;\nOUT:\nld.global.f32 %f1, [a];\nEND:\nret;\n", 0,
         /* bound 3 (inferred). Per iteration the serialised warp runs the loop (@p1 bra; add, setp, @p2 bra:
            4 C), the break's ld (1 L: its threads wait at ret) and the leaving threads' bra.uni (1 C);
            plus mov and ret: 3 L, 3 x 5 + 2 = 17 C. The longest path: mov, 3 x 4, bra.uni, ret = 15 C. */
         "3 17 0 0", "0 15 0 0"},
    };
    for (const Case &c : cases) {
        const std::string text = std::string(".version 9.0\n.target sm_80\n.visible .entry k()\n{\n") + c.body + "}\n";
        Options o;
        Result r;
        Failure f;
        if (!read_ptx(text.data(), text.size(), o, r, f)) fail_msg("%s: %s", c.name, f.message.c_str());
        char got[64];
        std::snprintf(got, sizeof got, "%llu %llu %llu %llu", (unsigned long long)r.serialised_mix[0],
                      (unsigned long long)r.serialised_mix[1], (unsigned long long)r.serialised_mix[2],
                      (unsigned long long)r.serialised_mix[3]);
        if (std::strcmp(got, c.serialised) != 0) fail_msg("%s: serialised %s, want %s", c.name, got, c.serialised);
        uint64_t mix[4];
        letters_mix(r.path, mix);
        std::snprintf(got, sizeof got, "%llu %llu %llu %llu", (unsigned long long)mix[0], (unsigned long long)mix[1],
                      (unsigned long long)mix[2], (unsigned long long)mix[3]);
        if (std::strcmp(got, c.longest) != 0) fail_msg("%s: longest %s, want %s", c.name, got, c.longest);
    }
}

// ---- the heterogeneous-safe bound against an exhaustive oracle ------------------------------------
// The oracle: the longest work-conserving schedule of W warps with DIFFERENT strings (sigma integer,
// latency 1), every choice of issuing set tried: a warp issues at most one instruction per cycle, in
// order; per cycle at most sigma_U issue type U and at most S in all (0 = no limit); work-conserving:
// a ready warp that could issue without breaking a limit issues.
namespace {

struct Het {
    std::vector<std::string> strings;
    uint32_t sigma[4];
    uint32_t S;
};

int unit_of(char c) { return c == 'L' ? 0 : c == 'C' ? 1 : c == 'S' ? 2 : 3; }

uint32_t longest(const Het &h, std::vector<uint32_t> &pos) {
    const size_t W = h.strings.size();
    std::vector<size_t> ready;
    for (size_t w = 0; w < W; ++w)
        if (pos[w] < h.strings[w].size()) ready.push_back(w);
    if (ready.empty()) return 0;
    uint32_t best = 0;
    const size_t n = ready.size();
    for (uint32_t m = 1; m < (1u << n); ++m) {
        uint32_t used[4] = {0, 0, 0, 0}, total = 0;
        bool ok = true;
        for (size_t k = 0; k < n && ok; ++k)
            if (m >> k & 1) {
                const int u = unit_of(h.strings[ready[k]][pos[ready[k]]]);
                ok = ++used[u] <= h.sigma[u] && (h.S == 0 || ++total <= h.S);
            }
        if (!ok) continue;
        // work conservation: no ready warp left out that could still issue
        for (size_t k = 0; k < n && ok; ++k)
            if (!(m >> k & 1)) {
                const int u = unit_of(h.strings[ready[k]][pos[ready[k]]]);
                if (used[u] < h.sigma[u] && (h.S == 0 || total < h.S)) ok = false;
            }
        if (!ok) continue;
        std::vector<uint32_t> next = pos;
        for (size_t k = 0; k < n; ++k)
            if (m >> k & 1) ++next[ready[k]];
        const uint32_t t = 1 + longest(h, next);
        if (t > best) best = t;
    }
    return best;
}

}  // namespace

static void test_heterogeneous_bound(void **) {
    uint32_t rng = test_seed();
    const char kLetters[] = "LCSD";
    for (int it = 0; it < 300; ++it) {
        Het h;
        const size_t W = 1 + rng_below(&rng, 3);
        WarpFamily fam;
        fam.warps = static_cast<uint32_t>(W);
        for (size_t w = 0; w < W; ++w) {
            std::string s;
            const size_t len = 1 + rng_below(&rng, 4);
            uint64_t count[4] = {0, 0, 0, 0};
            for (size_t i = 0; i < len; ++i) {
                const int u = static_cast<int>(rng_below(&rng, 3));  // L, C, S
                s += kLetters[u];
                ++count[u];
            }
            for (int u = 0; u < 4; ++u)
                if (count[u] > fam.max_count[u]) fam.max_count[u] = count[u];
            h.strings.push_back(s);
        }
        wsp_sm_config sm{};
        for (int u = 0; u < 4; ++u) {
            h.sigma[u] = 1 + rng_below(&rng, 2);
            sm.units[u] = 32 * h.sigma[u];
        }
        h.S = rng_below(&rng, 3);
        sm.schedulers = h.S;
        std::vector<uint32_t> pos(W, 0);
        const uint32_t T = longest(h, pos);
        KernelBound b;
        std::string error;
        assert_true(kernel_upper_bound(sm, fam, b, error));
        if (b.upper < T) {
            std::string all;
            for (const std::string &s : h.strings) all += s + " ";
            fail_msg("seed %u: strings %s sigma %u %u %u S %u: oracle %u > bound %llu", test_seed(), all.c_str(),
                     h.sigma[0], h.sigma[1], h.sigma[2], h.S, T, (unsigned long long)b.upper);
        }
    }
}

// ---- loop bounds -----------------------------------------------------------------------------------
static void test_loop_inference(void **) {
    struct Case {
        const char *name, *body;
        uint32_t bound;  // 0: must not be inferred (then it is an error naming the loop)
    } cases[] = {
        {"up by 1 to 8", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, 1;\nsetp.ne.s32 %p1, %r1, 8;\n@%p1 bra L;\nret;\n", 8},
        {"down by 1 to -16", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, -1;\nsetp.ne.s32 %p1, %r1, -16;\n@%p1 bra L;\nret;\n", 16},
        {"by 4 below 64, lt", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, 4;\nsetp.lt.u32 %p1, %r1, 64;\n@%p1 bra L;\nret;\n", 16},
        {"compare before add", "mov.u32 %r1, 0;\nL:\nsetp.lt.s32 %p1, %r1, 4;\nadd.s32 %r1, %r1, 1;\n@%p1 bra L;\nret;\n", 5},
        {"negated guard", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, 1;\nsetp.eq.s32 %p1, %r1, 3;\n@!%p1 bra L;\nret;\n", 3},
        {"counter written twice", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, 1;\nmov.u32 %r1, %r2;\nsetp.ne.s32 %p1, %r1, 8;\n"
                                  "@%p1 bra L;\nret;\n", 0},
        {"guarded add", "mov.u32 %r1, 0;\nL:\n@%p3 add.s32 %r1, %r1, 1;\nsetp.ne.s32 %p1, %r1, 8;\n@%p1 bra L;\nret;\n", 0},
        {"runtime start", "ld.param.u32 %r1, [n];\nL:\nadd.s32 %r1, %r1, 1;\nsetp.ne.s32 %p1, %r1, 8;\n@%p1 bra L;\nret;\n", 0},
        {"runtime limit", "mov.u32 %r1, 0;\nL:\nadd.s32 %r1, %r1, 1;\nsetp.ne.s32 %p1, %r1, %r2;\n@%p1 bra L;\nret;\n", 0},
        {"never ends in 2^20", "mov.u32 %r1, 1;\nL:\nadd.s32 %r1, %r1, 2;\nsetp.ne.s32 %p1, %r1, 8;\n@%p1 bra L;\nret;\n", 0},
        {"add inside a conditional", "mov.u32 %r1, 0;\nL:\n@%p5 bra SKIP;\nadd.s32 %r1, %r1, 1;\nSKIP:\n"
                                     "setp.ne.s32 %p1, %r1, 8;\n@%p1 bra L;\nret;\n", 0},
    };
    for (const Case &c : cases) {
        const std::string text = std::string(".version 9.0\n.target sm_80\n.visible .entry k()\n{\n") + c.body + "}\n";
        Options o;
        Result r;
        Failure f;
        const bool ok = read_ptx(text.data(), text.size(), o, r, f);
        if (c.bound == 0) {
            if (ok) fail_msg("%s: inferred %u, want none", c.name, r.loops[0].bound);
            if (f.message.find("1 loop without a bound: L (line 7)") == std::string::npos)
                fail_msg("%s: %s", c.name, f.message.c_str());
            // and with a given bound it reads
            o.loop_bounds.push_back({"L", 5, "test"});
            Result r2;
            if (!read_ptx(text.data(), text.size(), o, r2, f)) fail_msg("%s with a bound: %s", c.name, f.message.c_str());
            assert_int_equal(r2.loops[0].bound, 5);
        } else {
            if (!ok) fail_msg("%s: %s", c.name, f.message.c_str());
            if (r.loops.size() != 1 || r.loops[0].bound != c.bound)
                fail_msg("%s: bound %u, want %u", c.name, r.loops.empty() ? 0 : r.loops[0].bound, c.bound);
            assert_true(r.loops[0].source.rfind("inferred", 0) == 0);
        }
    }
    // The inferred bound of a real fixture: horner's loop runs 16 times, the .func's 8 times (twice inlined).
    Result r;
    Failure f;
    assert_true(read_fixture({"horner.sm80.ptx", "horner_dp", nullptr}, Options(), r, f));
    assert_int_equal(r.loops.size(), 1);
    assert_int_equal(r.loops[0].bound, 16);
    Result n;
    assert_true(read_fixture({"noinline.sm80.ptx", "smooth2", nullptr}, Options(), n, f));
    assert_int_equal(n.loops.size(), 2);
    for (const Loop &l : n.loops) {
        assert_int_equal(l.bound, 8);
        assert_string_equal(l.label.c_str(), "_Z6smoothPKfi:$L__BB0_1");
    }
}

static void test_loop_bound_files(void **) {
    std::vector<LoopBound> b;
    std::string error;
    assert_true(parse_loop_bounds("# c\n$L__BB0_2 16\nX=3  # trailing\n\n", "f", b, error));
    assert_int_equal(b.size(), 2);
    assert_int_equal(b[1].bound, 3);
    assert_string_equal(b[1].origin.c_str(), "f:3");
    const struct {
        const char *text, *message;
    } bad[] = {{"A\n", "f:1: 'A' is not LABEL N"},
               {"A 0\n", "f:1: 'A 0': the bound must be a count"},
               {"A -2\n", "the bound must be a count"},
               {"A x\n", "the bound must be a count"},
               {"A 1\nA 2\n", "f:2: loop 'A' is bounded twice (also at f:1)"}};
    for (const auto &c : bad) {
        std::vector<LoopBound> out;
        assert_false(parse_loop_bounds(c.text, "f", out, error));
        if (error.find(c.message) == std::string::npos) fail_msg("'%s': %s", c.text, error.c_str());
    }
}

// ---- errors of the kernel scope -------------------------------------------------------------------
static void test_errors(void **) {
    const std::string head = ".version 9.0\n.target sm_80\n";
    const struct {
        const char *name;
        std::string text;
        int unknown_unit;
        const char *bound_label;
        const char *arch;
        wsp_status status;
        size_t line;
        const char *message;
    } cases[] = {
        {"unknown opcodes, every line", head + ".visible .entry k()\n{\nfrob.b32 %r1;\nldd.global.f32 %f1, [a];\nfrob.b32 %r1;\nret;\n}\n",
         -1, nullptr, "", WSP_ERR_PTX, 0,
         "3 instructions of an unknown opcode (map them with --unknown-opcode=C|L|S|D): line 5: frob.b32; line 6: "
         "ldd.global.f32; line 7: frob.b32"},
        {"missing bound", head + ".visible .entry k()\n{\nL:\n@%p1 bra L;\nret;\n}\n", -1, nullptr, "", WSP_ERR_PTX, 6,
         "1 loop without a bound: L (line 6)"},
        {"bound for no loop", head + ".visible .entry k()\n{\nret;\n}\n", -1, "NOPE", "", WSP_ERR_RANGE, 0,
         "'NOPE' is no loop header of .entry k (its loops: none)"},
        {"recursion", head + ".func f()\n{\ncall.uni g;\nret;\n}\n.func g()\n{\ncall.uni f;\nret;\n}\n"
                             ".visible .entry k()\n{\ncall.uni f;\nret;\n}\n",
         -1, nullptr, "", WSP_ERR_PTX, 10, "recursion: k -> f -> g -> f"},
        {"external call", head + ".extern .func vprintf(.param .b64 a);\n.visible .entry k()\n{\ncall.uni vprintf, (p);\nret;\n}\n",
         -1, nullptr, "", WSP_ERR_PTX, 6, "call to 'vprintf', which has no body in the PTX"},
        {"indirect call", head + ".visible .entry k()\n{\ncall.uni (r), %rd1, (p), proto;\nret;\n}\n", -1, nullptr, "",
         WSP_ERR_PTX, 5, "indirect calls are not followed"},
        {"irreducible", head + ".visible .entry k()\n{\n@%p1 bra B;\nA:\nadd.s32 %r1, %r1, 1;\nB:\nadd.s32 %r1, %r1, 1;\n"
                               "@%p2 bra A;\nret;\n}\n",
         -1, nullptr, "", WSP_ERR_PTX, 7, "irreducible control flow"},
        {"unstructured reconvergence", head + ".visible .entry k()\n{\n@%p1 bra A;\nadd.s32 %r1, %r1, 1;\n@%p2 bra X;\n"
                                              "bra.uni Y;\nA:\nadd.s32 %r1, %r1, 2;\nX:\nadd.s32 %r1, %r1, 3;\nY:\nret;\n}\n",
         -1, nullptr, "", WSP_ERR_PTX, 0, ""},
        {"no expansion table", head + ".visible .entry k()\n{\ndiv.rn.f32 %f1, %f2, %f3;\nret;\n}\n", -1, nullptr,
         "sm_35", WSP_ERR_PTX, 5, "no expansion table for sm_35 (measured: sm_75, sm_80, sm_86, sm_89, sm_90)"},
        {"no expansion row", head + ".visible .entry k()\n{\ndiv.s16 %rs1, %rs2, %rs3;\nret;\n}\n", -1, nullptr, "",
         WSP_ERR_PTX, 5, "no row for 'div.s16' on sm_80"},
        {"endless loop", head + ".visible .entry k()\n{\nL:\nbra.uni L;\n}\n", -1, nullptr, "", WSP_ERR_PTX, 6,
         "never reaches ret or exit"},
        {"indirect branch", head + ".visible .entry k()\n{\nbrx.idx %r1, T;\nret;\n}\n", -1, nullptr, "", WSP_ERR_PTX, 5,
         "indirect branches are not followed"},
        {"guarded call", head + ".func f()\n{\nret;\n}\n.visible .entry k()\n{\n@%p1 call.uni f;\nret;\n}\n", -1, nullptr, "",
         WSP_ERR_PTX, 9, "a guarded call"},
    };
    for (const auto &c : cases) {
        Options o;
        o.unknown_unit = c.unknown_unit;
        o.arch = c.arch;
        if (c.bound_label) o.loop_bounds.push_back({c.bound_label, 3, "--loop-bound"});
        Result r;
        Failure f;
        const bool ok = read_ptx(c.text.data(), c.text.size(), o, r, f);
        if (std::strcmp(c.name, "unstructured reconvergence") == 0) {
            // Either refused as unstructured, or (when the ipdom check passes) a kernel whose serialised
            // counts include every block: never a silent undercount.
            if (ok) {
                uint64_t all = 0;
                for (const Block &b : r.blocks) all += letters_length(b.letters);
                assert_true(r.serialised_length >= all);
            } else {
                assert_true(f.message.find("unstructured") != std::string::npos);
            }
            continue;
        }
        if (ok) fail_msg("%s: no error", c.name);
        if (f.status != c.status || f.line != c.line || f.message.find(c.message) == std::string::npos)
            fail_msg("%s: status %d line %zu '%s'", c.name, (int)f.status, f.line, f.message.c_str());
    }
    // An unknown opcode mapped: read, and listed.
    const std::string text = head + ".visible .entry k()\n{\nfrob.b32 %r1;\nret;\n}\n";
    Options o;
    o.unknown_unit = WSP_UNIT_S;
    Result r;
    Failure f;
    assert_true(read_ptx(text.data(), text.size(), o, r, f));
    assert_int_equal(r.mapped.size(), 1);
    assert_int_equal(r.mapped[0].line, 5);
    assert_int_equal(r.mapped[0].unit, WSP_UNIT_S);
    assert_string_equal(letters_text(r.path).c_str(), "S1 C1");
}

// ---- expansions, syntax, resources ------------------------------------------------------------------
static void test_expansions_and_syntax(void **) {
    Result r;
    Failure f;
    assert_true(read_fixture({"intdiv.sm80.ptx", "intdiv", nullptr}, Options(), r, f));
    std::string names;
    for (const ExpansionUse &e : r.expansions) names += e.opcode + " ";
    assert_string_equal(names.c_str(), "div.s32 rem.u32 div.s64 mul.lo.s64 div.u32 ");
    // div.s32 on sm_80, as the table has it (S first: the modelled order).
    assert_string_equal(letters_text(r.expansions[0].letters).c_str(), "S3 C23");
    // Vector operands, call sequences in scopes, .loc/.file and -G sections all read (every entry test
    // above); a vector operand not closed on its line is an error.
    const std::string bad = ".version 9.0\n.visible .entry k()\n{\nld.global.v2.f32 {%f1, %f2, [a];\nret;\n}\n";
    Options o;
    assert_false(read_ptx(bad.data(), bad.size(), o, r, f));
    assert_int_equal(f.line, 4);
    assert_true(f.message.find("vector operand") != std::string::npos);
}

static void test_resources(void **) {
    Result r;
    Failure f;
    Options o;
    assert_true(read_fixture({"histogram.sm80.ptx", "histogram", "histogram.bounds"}, o, r, f));
    assert_int_equal(r.resources.shared_static, 1024);
    assert_false(r.resources.shared_dynamic);
    Result s;
    assert_true(read_fixture({"scan.sm80.ptx", "block_scan", "scan.bounds"}, o, s, f));
    assert_true(s.resources.shared_dynamic);
    Result m;
    assert_true(read_fixture({"mathlib.sm80.ptx", "mathlib_f32", nullptr}, o, m, f));
    assert_int_equal(m.resources.local_bytes, 28);
    assert_true(m.resources.registers_declared[2] > 0);
    // ptxas -v output
    o.ptxas_info = "ptxas info    : 0 bytes gmem\nptxas info    : Compiling entry function 'histogram' for 'sm_80'\n"
                   "ptxas info    : Function properties for histogram\n    0 bytes stack frame, 0 bytes spill stores, "
                   "0 bytes spill loads\nptxas info    : Used 8 registers, used 1 barriers, 1024 bytes smem, 376 bytes cmem[0]\n";
    Result p;
    assert_true(read_fixture({"histogram.sm80.ptx", "histogram", "histogram.bounds"}, o, p, f));
    assert_int_equal(p.resources.ptxas_registers, 8);
    assert_int_equal(p.resources.ptxas_shared, 1024);
    assert_int_equal(p.resources.ptxas_barriers, 1);
    assert_int_equal(p.resources.ptxas_stack, 0);
    assert_string_equal(p.resources.ptxas_arch.c_str(), "sm_80");
    o.ptxas_info = "ptxas info    : Compiling entry function 'other' for 'sm_80'\n";
    assert_false(read_fixture({"histogram.sm80.ptx", "histogram", "histogram.bounds"}, o, p, f));
    assert_true(f.message.find("Compiling entry function 'histogram'") != std::string::npos);
}

// Path and prefix scopes say what they are; a truncation sweep over a fixture with calls and vectors.
static void test_scopes_and_truncation(void **) {
    const std::string text = load("noinline.sm80.ptx");
    Options o;
    o.scope = Scope::kPrefix;
    Result r;
    Failure f;
    assert_true(read_ptx(text.data(), text.size(), o, r, f));
    assert_true(r.scope == Scope::kPrefix);
    assert_string_equal(scope_name(r.scope), "prefix");
    o.scope = Scope::kPath;
    o.path = {false};
    Result p;
    assert_true(read_ptx(text.data(), text.size(), o, p, f));
    assert_true(letters_length(p.path) > letters_length(r.path));  // through both inlined calls
    const std::string vec = load("axpby.sm80.ptx");
    for (size_t cut = 0; cut < vec.size(); cut += 5) {
        Options k;
        k.entry = "axpby4";
        Result t;
        Failure e;
        if (!read_ptx(vec.data(), cut, k, t, e)) assert_true(!e.message.empty());
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_fixture_entry), cmocka_unit_test(test_serialised_counts),
        cmocka_unit_test(test_heterogeneous_bound), cmocka_unit_test(test_loop_inference),
        cmocka_unit_test(test_loop_bound_files),    cmocka_unit_test(test_errors),
        cmocka_unit_test(test_expansions_and_syntax), cmocka_unit_test(test_resources),
        cmocka_unit_test(test_scopes_and_truncation),
    };
    return cmocka_run_group_tests_name("ptx_parts", tests, NULL, NULL);
}
