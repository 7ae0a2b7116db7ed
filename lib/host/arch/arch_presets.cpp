// The compute-capability presets. Every value is per streaming multiprocessor (SM), for warps of 32
// threads; sigma[U] = units[U] / 32 must be an integer or 1/n (docs/model.md), and every row
// below satisfies that (tests/test_cli.c initialises a problem with each preset).
//
// docs/preset-sources.md checks EVERY value below against its source and gives the verdict per
// value (confirmed / not found in a public source / contradicted). Sources, cited per value:
//   [PG-T] CUDA C (later C++) Programming Guide, section "Arithmetic Instructions", table
//          "Throughput of Native Arithmetic Instructions (Number of Results per Clock Cycle per
//          Multiprocessor)"; the same table is in the CUDA C++ Best Practices Guide. Rows used:
//          32-bit floating-point add, multiply, multiply-add; 64-bit floating-point add,
//          multiply, multiply-add; 32-bit floating-point reciprocal, reciprocal square root,
//          log2, exp2, sine, cosine; 32-bit integer add, extended-precision add, subtract.
//          Editions: an earlier table (columns 2.0, 2.1, 3.0 and a first Maxwell column) and the CUDA 10/11-era
//          table (columns 3.5/3.7, 5.0/5.2, 5.3, 6.0, 6.1, 6.2, 7.x, 8.0, 8.6).
//   [PG-A] CUDA C Programming Guide, appendix "Compute Capabilities", the "Architecture"
//          subsection of each compute capability ("An SM consists of: ... special function
//          units ..., N warp schedulers"): 2.0, 5.x, 7.x, 8.x and 9.0 were read.
//   [WP-GK110] NVIDIA Kepler GK110 Architecture Whitepaper, 2012 ("four warp schedulers" per SMX).
//   [WP-GP100] NVIDIA Tesla P100 Whitepaper, 2016 (two processing blocks, one warp scheduler each).
//   [WP-GF100] NVIDIA Fermi Compute Architecture Whitepaper (GF100), v1.1, 2009.
//   [WP-GV100] NVIDIA Tesla V100 GPU Architecture (Volta GV100) Whitepaper, 2017, SM diagram, as
//          described by Cornell Virtual Workshop, "Inside a Volta SM" (32 load/store units).
//   [WP-...] the other whitepapers (GF104, GK104/GK110, GM204, GP100, GA100, GA102, GH100) for
//          load/store units: their SM diagrams were NOT available here; values citing only them
//          are "not found in a public source" in docs/preset-sources.md.
// The load/store units are not in [PG-T] or [PG-A]: only the whitepapers' diagrams give them.
//
// Rules applied where a value is not one number:
//   * NO PESSIMISTIC SIDE. T(W) is not monotone in the unit counts (exhaustive oracle: kernel CL,
//     W = 4, sigma_C 1 -> 2 raises T from 5 to 6), so neither the smaller nor the larger count is
//     safe. Where sources (or products sharing one compute capability) disagree, the row takes one
//     value and lists every other value found in a source as an alternative; `warpspan ptx` and
//     `--method exact` report the worst over all plausible readings beside the preset's answer.
//     An alternative is listed only if some public source gives it.
//   * C covers everything that is not L, S or D: FP32 arithmetic, but also integer arithmetic,
//     compares (setp) and selects (selp). So C = min(FP32 add/mul/FMA, 32-bit integer add) from
//     [PG-T], and the larger rate is an alternative. Other C-class rows of [PG-T] (32-bit integer
//     multiply, shifts, conversions) are slower still on cc 2.x, 3.x and 5.x; the model has one
//     rate per class, see docs/preset-sources.md.
//   * sigma must be an integer or 1/n: a rate that is not (sm_21's 48 lanes, sigma 3/2) cannot be
//     represented; the row takes the nearest smaller valid count. That is a modelling limit, not
//     a safe side (see above).
//   * Schedulers: the number of warp schedulers per SM ([PG-A]). Dual issue (Fermi GF104, Kepler)
//     issues two instructions of ONE warp per cycle, which the model (one instruction per warp
//     per cycle) does not represent; it does not change how many warps may issue per cycle.
#include "host/arch/arch_presets.hpp"

namespace wsp {
namespace host {

namespace {

// Indexed by uint32_t: {L, C, S, D}; the last field lists the alternatives per type.
const ArchPreset kPresets[] = {
    // sm_20, Fermi GF100 (Tesla C2050/M2090, GeForce GTX 480/580).
    //   L 16: [WP-GF100] "16 load/store units" per SM.
    //   C 32: [PG-T] cc 2.0 FP32 32, int add 32; [PG-A] 2.x 32 cores (2.0).
    //   S 4:  [PG-T] cc 2.0 SFU 4; [PG-A] 4 SFUs (2.0); [WP-GF100] four SFUs per SM.
    //   D 4|16: [PG-T] cc 2.0 FP64 16. 4 is the rate of the GeForce GF100/GF110 boards (a quarter
    //         of the Tesla rate): a product figure, not found in [PG-T] as checked here. Both are
    //         analysed. Tesla users: --units D=16.
    //   schedulers 2: [PG-A] 2.x 2 warp schedulers; [WP-GF100].
    {"sm_20", "Fermi GF100", {16, 32, 4, 4}, 32, 2, {{0}, {0}, {0}, {16, 0}}},
    // sm_21, Fermi GF104/GF114 (GeForce GTX 460/560).
    //   L 16: [WP-GF104] 16 load/store units per SM (not found here).
    //   C 32: CONTRADICTED and kept. [PG-T] cc 2.1 FP32 48, int add 48. 48/32 = 3/2 is not a valid
    //         sigma, so the model cannot represent the part; 32 is the nearest smaller valid count.
    //         The third group of 16 lanes is reachable only by dual issue from one warp, which the
    //         model does not have either. A result for sm_21 is not a bound for the real part.
    //   S 8:  [PG-T] cc 2.1 SFU 8.
    //   D 4:  [PG-T] cc 2.1 FP64 4.
    //   schedulers 2: [PG-A] 2.x (the copy read quotes only 2.0); [WP-GF104] (not found here).
    {"sm_21", "Fermi GF104", {16, 32, 8, 4}, 32, 2, {{0}, {0}, {0}, {0}}},
    // sm_30, Kepler GK104 (GeForce GTX 680, Tesla K10).
    //   L 32: [WP-GK110] 32 LD/ST units per SMX (diagram not available here).
    //   C 160|192: [PG-T] cc 3.0 int add 160, FP32 192. By the C rule 160 (sigma 5); 192 is the
    //         alternative. With 4 schedulers at most 4 warps issue per cycle (< 5).
    //   S 32: [PG-T] cc 3.0 SFU 32.
    //   D 8:  [PG-T] cc 3.0 FP64 8.
    //   schedulers 4: [WP-GK110] four warp schedulers per SMX.
    {"sm_30", "Kepler GK104", {32, 160, 32, 8}, 32, 4, {{0}, {192, 0}, {0}, {0}}},
    // sm_35, Kepler GK110/GK208 (Tesla K20/K40, GeForce GTX 780/Titan).
    //   L 32: [WP-GK110] 32 LD/ST units per SMX (diagram not available here).
    //   C 160|192: [PG-T] cc 3.5 int add 160, FP32 192.
    //   S 32: [PG-T] cc 3.5 SFU 32.
    //   D 8|64: [PG-T] cc 3.5 FP64 64 (Tesla K20/K40). 8 is the GeForce GK110 rate (1/24 of FP32),
    //         a product figure not found in [PG-T] as checked here. Both are analysed.
    //   schedulers 4: [WP-GK110] four warp schedulers per SMX.
    {"sm_35", "Kepler GK110", {32, 160, 32, 8}, 32, 4, {{0}, {192, 0}, {0}, {64, 0}}},
    // sm_50, Maxwell (first generation GM107 is cc 5.0; GM204 is 5.2 with the same SMM layout).
    //   L 32: [WP-GM204] 8 LD/ST units per SMM partition, 4 partitions (not found here).
    //   C 128: [PG-T] cc 5.x FP32 128, int add 128; [PG-A] 5.x 128 CUDA cores.
    //   S 32: [PG-T] cc 5.x SFU 32; [PG-A] 5.x 32 SFUs.
    //   D 4|1: [PG-T] CUDA 10/11-era cc 5.0/5.2 FP64 4; the earlier table's Maxwell column
    //         gives 1. The editions disagree, so both are analysed.
    //   schedulers 4: [PG-A] 5.x 4 warp schedulers.
    //   (This is examples/voronoi.cfg's "Maxwell-class SM": L 32, C 128, 4 schedulers.)
    {"sm_50", "Maxwell GM107/GM204", {32, 128, 32, 4}, 32, 4, {{0}, {0}, {0}, {1, 0}}},
    // sm_60, Pascal GP100 (Tesla P100). cc 6.0 is GP100 only.
    //   L 16|32: [WP-GP100] 8 LD/ST units per processing block, 2 blocks (diagram not available
    //         here); 32 kept as the alternative.
    //   C 64: [PG-T] cc 6.0 FP32 64, int add 64.
    //   S 16: [PG-T] cc 6.0 SFU 16.
    //   D 32: [PG-T] cc 6.0 FP64 32 (cc 6.1's 4 is GP102/GP104, a different compute capability).
    //   schedulers 2: [WP-GP100] two processing blocks per SM, one warp scheduler each.
    {"sm_60", "Pascal GP100", {16, 64, 16, 32}, 32, 2, {{32, 0}, {0}, {0}, {0}}},
    // sm_70, Volta GV100 (Tesla V100).
    //   L 32: [WP-GV100] 32 load/store units per SM (8 per partition). (An earlier alternative L 16
    //         had no source and was removed.)
    //   C 64: [PG-T] cc 7.x FP32 64, int add 64; [PG-A] 7.x 64 FP32 + 64 INT32 cores.
    //   S 16: [PG-T] cc 7.x SFU 16; [PG-A] 7.x 16 SFUs.
    //   D 32: [PG-T] cc 7.x FP64 32; [PG-A] 7.x 32 FP64 cores.
    //   schedulers 4: [PG-A] 7.x 4 warp schedulers.
    {"sm_70", "Volta GV100", {32, 64, 16, 32}, 32, 4, {{0}, {0}, {0}, {0}}},
    // sm_80, Ampere GA100 (A100).
    //   L 16|32: UNCERTAIN. [WP-GA100] SM diagram (not available here); 16 and 32 both analysed.
    //   C 64: [PG-T] cc 8.0 FP32 64, int add 64; [PG-A] 8.0 64 FP32 cores, 64 INT32 cores.
    //   S 16: [PG-T] cc 8.0 SFU 16; [PG-A] 8.x 16 SFUs.
    //   D 32: [PG-T] cc 8.0 FP64 32; [PG-A] 32 FP64 cores (8.0).
    //   schedulers 4: [PG-A] 8.x 4 warp schedulers.
    {"sm_80", "Ampere GA100", {16, 64, 16, 32}, 32, 4, {{32, 0}, {0}, {0}, {0}}},
    // sm_86, Ampere GA102/GA104/GA106 (RTX 30 series, A40, A10).
    //   L 16: [WP-GA102] 4 LD/ST units per partition, 4 partitions (diagram not available here).
    //   C 64|128: [PG-T] cc 8.6 FP32 128, int add 64; [PG-A] 128 FP32 cores (8.6), 64 INT32
    //         cores: one of the two 16-lane datapaths of each partition runs EITHER FP32 OR INT32.
    //         By the C rule 64; 128 (pure FP32 code) is the alternative.
    //   S 16: [PG-T] cc 8.6 SFU 16; [PG-A] 8.x 16 SFUs.
    //   D 2:  [PG-T] cc 8.6 FP64 2; [PG-A] "2 FP64 cores in devices of compute capability 8.6".
    //         (An earlier alternative D 4 had no source and was removed.)
    //   schedulers 4: [PG-A] 8.x 4 warp schedulers.
    {"sm_86", "Ampere GA102", {16, 64, 16, 2}, 32, 4, {{0}, {128, 0}, {0}, {0}}},
    // sm_90, Hopper GH100 (H100).
    //   L 16|32: UNCERTAIN, as sm_80: [WP-GH100] SM diagram (not available here); both analysed.
    //   C 64|128: [PG-A] 9.0 128 FP32 cores, 64 INT32 cores; by the C rule 64, 128 the alternative.
    //         ([PG-T]'s cc 9.0 column was not in the editions found here.)
    //   S 16: [PG-A] 9.0 16 SFUs.
    //   D 64: [PG-A] 9.0 64 FP64 cores.
    //   schedulers 4: [PG-A] 9.0 4 warp schedulers.
    {"sm_90", "Hopper GH100", {16, 64, 16, 64}, 32, 4, {{32, 0}, {128, 0}, {0}, {0}}},
};

}  // namespace

const ArchPreset *arch_presets(size_t &count) {
    count = sizeof kPresets / sizeof kPresets[0];
    return kPresets;
}

const ArchPreset *find_arch_preset(const std::string &name) {
    for (const ArchPreset &p : kPresets)
        if (name == p.name) return &p;
    return nullptr;
}

std::vector<wsp_sm_config> plausible_configs(const ArchPreset &preset, const wsp_sm_config &base,
                                             const bool from_preset[WSP_UNIT_COUNT]) {
    std::vector<wsp_sm_config> out{base};
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (!from_preset[u]) continue;
        const size_t n = out.size();
        for (const uint32_t *a = preset.alternatives[u]; a < preset.alternatives[u] + 3 && *a != 0; ++a)
            for (size_t i = 0; i < n; ++i) {
                wsp_sm_config c = out[i];
                c.units[u] = *a;
                out.push_back(c);
            }
    }
    return out;
}

std::string uncertain_text(const ArchPreset &preset, const bool from_preset[WSP_UNIT_COUNT]) {
    static const char kLetters[] = "LCSD";
    std::string out;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (!from_preset[u] || preset.alternatives[u][0] == 0) continue;
        out += (out.empty() ? "" : ", ") + std::string(1, kLetters[u]) + " " + std::to_string(preset.units[u]);
        for (const uint32_t *a = preset.alternatives[u]; a < preset.alternatives[u] + 3 && *a != 0; ++a)
            out += "|" + std::to_string(*a);
    }
    return out;
}

std::string arch_names() {
    std::string out;
    for (const ArchPreset &p : kPresets) out += (out.empty() ? "" : ", ") + std::string(p.name);
    return out;
}

}  // namespace host
}  // namespace wsp
