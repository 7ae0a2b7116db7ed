// The compute-capability presets. Every value is per streaming multiprocessor (SM), for warps of 32
// threads; sigma[U] = units[U] / 32 must be an integer or 1/n (docs/model.md), and every row
// below satisfies that (tests/test_cli.c initialises a problem with each preset).
//
// Sources (cited per value as [PG] and [WP-...]):
//   [PG]  CUDA C Programming Guide (later: CUDA C++ Programming Guide), section "Arithmetic
//         Instructions", table "Throughput of Native Arithmetic Instructions (operations per clock
//         cycle per multiprocessor)", rows: 32-bit floating-point add, multiply, multiply-add
//         (-> C); 32-bit integer add/subtract (-> C, see the C rule below); 32-bit floating-point
//         reciprocal, reciprocal square root, base-2 logarithm, base-2 exponential, sine, cosine
//         (-> S); 64-bit floating-point add, multiply, multiply-add (-> D).
//   [WP-GF100] NVIDIA Fermi Compute Architecture Whitepaper (GF100), v1.1, 2009.
//   [WP-GF104] NVIDIA GF104 (GeForce GTX 460) architecture brief, 2010.
//   [WP-GK110] NVIDIA Kepler GK110 Architecture Whitepaper, 2012 (also describes GK104's SMX).
//   [WP-GM204] NVIDIA GeForce GTX 980 (Maxwell GM204) Whitepaper, 2014.
//   [WP-GP100] NVIDIA Tesla P100 (Pascal GP100) Whitepaper, 2016.
//   [WP-GV100] NVIDIA Tesla V100 (Volta GV100) Whitepaper, 2017.
//   [WP-GA100] NVIDIA A100 Tensor Core GPU Architecture (Ampere GA100), 2020.
//   [WP-GA102] NVIDIA Ampere GA102 GPU Architecture, 2020.
//   [WP-GH100] NVIDIA H100 Tensor Core GPU Architecture (Hopper GH100), 2022.
// The load/store units and the warp schedulers are not in [PG]'s table: they come from the SM
// diagrams and text of the whitepapers.
//
// NOT RE-CHECKED HERE: this table was written without access to the documents themselves; the
// values are the well-known public ones as recalled, checked only where a stored public page said
// the same (GA10x: one of the two FP32 datapaths per SM partition is shared with INT32; Fermi GF100:
// 16 load/store units and 4 SFUs per SM). Re-check against the sources above before relying on a
// preset for a certification argument; --units, --warp-size and --schedulers override any value.
//
// Rules applied where a value is not one number:
//   * SAFE CHOICE. Where sources (or products sharing one compute capability) disagree, the row
//     takes the smaller unit count: fewer units mean more contention and a larger T(W), the
//     pessimistic side for an upper bound. Caveat: that is a rule of thumb, not a theorem of the
//     model; work-conserving list schedules can show anomalies where more capacity lengthens the
//     worst case, so a user who knows the exact part should give its units explicitly.
//   * C covers everything that is not L, S or D: FP32 arithmetic, but also integer arithmetic,
//     compares (setp) and selects (selp). So C = min(FP32 add/mul/FMA, 32-bit integer add) from
//     [PG]; where both rates are equal this is simply the FP32 lane count ("CUDA cores").
//   * sigma must be an integer or 1/n: a rate that is not (sm_21's 48 lanes) is rounded DOWN to the
//     nearest valid count, never up.
//   * Schedulers: the number of warp schedulers per SM. Dual issue (Fermi GF104, Kepler) issues two
//     instructions of ONE warp per cycle, which the model (one instruction per warp per cycle) does
//     not represent; it does not change how many warps may issue per cycle.
#include "host/arch/arch_presets.hpp"

namespace wsp {
namespace host {

namespace {

// Indexed by uint32_t: {L, C, S, D}.
const ArchPreset kPresets[] = {
    // sm_20, Fermi GF100 (Tesla C2050/M2090, GeForce GTX 480/580).
    //   L 16: [WP-GF100] "16 load/store units" per SM.
    //   C 32: [PG] cc 2.0 FP32 32, int add 32; [WP-GF100] 32 CUDA cores per SM.
    //   S 4:  [PG] cc 2.0 SFU 4; [WP-GF100] "four Special Function Units" per SM.
    //   D 4:  DISAGREE. [PG] cc 2.0 FP64 16 (Tesla parts, half the FP32 rate, [WP-GF100]); the
    //         GeForce GF100/GF110 boards are limited to a quarter of that, 4 per clock per SM.
    //         Chosen: 4 (safe: it holds for every cc 2.0 part). Tesla users: --units D=16.
    //   schedulers 2: [WP-GF100] "two warp schedulers and two instruction dispatch units" per SM.
    {"sm_20", "Fermi GF100", {16, 32, 4, 4}, 32, 2, {{0}, {0}, {0}, {16, 0}}},
    // sm_21, Fermi GF104/GF114 (GeForce GTX 460/560).
    //   L 16: [WP-GF104] 16 load/store units per SM.
    //   C 32: [PG] cc 2.1 FP32 48, int add 48; [WP-GF104] 48 CUDA cores in three groups of 16.
    //         48/32 = 3/2 is not a valid sigma (neither integer nor 1/n), so it is rounded DOWN to 32
    //         (sigma 1). Also, the third group is only reachable by dual issue from the same warp,
    //         which the model does not have.
    //   S 8:  [PG] cc 2.1 SFU 8; [WP-GF104] 8 SFUs per SM.
    //   D 4:  [PG] cc 2.1 FP64 4.
    //   schedulers 2: [WP-GF104] two warp schedulers, each dual-issue.
    {"sm_21", "Fermi GF104", {16, 32, 8, 4}, 32, 2, {{0}, {0}, {0}, {0}}},
    // sm_30, Kepler GK104 (GeForce GTX 680, Tesla K10).
    //   L 32: [WP-GK110] (GK104 SMX as GK110's) 32 LD/ST units per SMX.
    //   C 160: [PG] cc 3.0 FP32 192 (192 CUDA cores per SMX), but 32-bit integer add 160; by the C
    //         rule above 160 (sigma 5). With 4 schedulers the scheduler limit binds first anyway
    //         (at most 4 warps per cycle < 5), so T(W) is the same with 192.
    //   S 32: [PG] cc 3.0 SFU 32; [WP-GK110] 32 SFUs per SMX.
    //   D 8:  [PG] cc 3.0 FP64 8.
    //   schedulers 4: [WP-GK110] four warp schedulers, each with two dispatch units.
    {"sm_30", "Kepler GK104", {32, 160, 32, 8}, 32, 4, {{0}, {192, 0}, {0}, {0}}},
    // sm_35, Kepler GK110/GK208 (Tesla K20/K40, GeForce GTX 780/Titan).
    //   L 32: [WP-GK110] 32 LD/ST units per SMX.
    //   C 160: as sm_30 ([PG] cc 3.5 FP32 192, int add 160).
    //   S 32: [PG] cc 3.5 SFU 32; [WP-GK110] 32 SFUs per SMX.
    //   D 8:  DISAGREE. [PG] cc 3.5 FP64 64 and [WP-GK110] 64 DP units per SMX (Tesla K20/K40,
    //         GTX Titan in its DP mode); GeForce GK110 boards (GTX 780) run FP64 at 1/24 of FP32,
    //         8 per clock per SMX, and GK208 (also cc 3.5) has 8. Chosen: 8 (safe for every cc 3.5
    //         part). Tesla users: --units D=64.
    //   schedulers 4: [WP-GK110].
    {"sm_35", "Kepler GK110", {32, 160, 32, 8}, 32, 4, {{0}, {192, 0}, {0}, {64, 0}}},
    // sm_50, Maxwell (first generation GM107 is cc 5.0; GM204 is 5.2 with the same SMM layout).
    //   L 32: [WP-GM204] 8 LD/ST units per SMM partition, 4 partitions.
    //   C 128: [PG] cc 5.x FP32 128, int add 128; [WP-GM204] 128 CUDA cores per SMM.
    //   S 32: [PG] cc 5.x SFU 32; [WP-GM204] 8 SFUs per partition.
    //   D 4:  [PG] cc 5.x FP64 4.
    //   schedulers 4: [WP-GM204] one warp scheduler per partition.
    //   (This is examples/voronoi.cfg's "Maxwell-class SM": L 32, C 128, 4 schedulers.)
    {"sm_50", "Maxwell GM107/GM204", {32, 128, 32, 4}, 32, 4, {{0}, {0}, {0}, {1, 0}}},
    // sm_60, Pascal GP100 (Tesla P100). cc 6.0 is GP100 only.
    //   L 16: [WP-GP100] 8 LD/ST units per processing block, 2 blocks per SM.
    //   C 64: [PG] cc 6.0 FP32 64, int add 64; [WP-GP100] 64 CUDA cores per SM.
    //   S 16: [PG] cc 6.0 SFU 16; [WP-GP100] 8 SFUs per block.
    //   D 32: [PG] cc 6.0 FP64 32; [WP-GP100] 32 FP64 units per SM. (The often quoted "Pascal FP64
    //         is 1/32 of FP32" is GP102/GP104/GP106, cc 6.1: [PG] cc 6.1 FP64 4. That is a different
    //         compute capability, not sm_60, so there is no conflict for this row: 32.)
    //   schedulers 2: [WP-GP100] two processing blocks per SM, one warp scheduler each.
    {"sm_60", "Pascal GP100", {16, 64, 16, 32}, 32, 2, {{32, 0}, {0}, {0}, {0}}},
    // sm_70, Volta GV100 (Tesla V100).
    //   L 32: [WP-GV100] 8 LD/ST units per SM partition (SM diagram), 4 partitions.
    //   C 64: [PG] cc 7.0 FP32 64, int add 64; [WP-GV100] 16 FP32 + 16 INT32 cores per partition
    //         (separate datapaths).
    //   S 16: [PG] cc 7.0 SFU 16.
    //   D 32: [PG] cc 7.0 FP64 32; [WP-GV100] 8 FP64 units per partition.
    //   schedulers 4: [WP-GV100] one warp scheduler per partition.
    {"sm_70", "Volta GV100", {32, 64, 16, 32}, 32, 4, {{16, 0}, {0}, {0}, {0}}},
    // sm_80, Ampere GA100 (A100).
    //   L 16: UNCERTAIN. The [WP-GA100] SM diagram draws LD/ST units per partition like GV100's
    //         (which would give 32 per SM), but the count is not stated in a table we could check,
    //         and GA10x parts draw 4 per partition (16 per SM). Chosen: 16 (sigma 1/2, the safe
    //         side). If you know your part has 32: --units L=32.
    //   C 64: [PG] cc 8.0 FP32 64, int add 64; [WP-GA100] 16 FP32 + 16 INT32 per partition.
    //   S 16: [PG] cc 8.0 SFU 16.
    //   D 32: [PG] cc 8.0 FP64 32 (GA100; sm_86's GA10x parts have 2, see below).
    //   schedulers 4: [WP-GA100] one warp scheduler per partition.
    {"sm_80", "Ampere GA100", {16, 64, 16, 32}, 32, 4, {{32, 0}, {0}, {0}, {0}}},
    // sm_86, Ampere GA102/GA104/GA106 (RTX 30 series, A40, A10).
    //   L 16: [WP-GA102] 4 LD/ST units per partition, 4 partitions.
    //   C 64: DISAGREE. [PG] cc 8.6 FP32 128 and [WP-GA102] "128 CUDA cores" per SM, but one of
    //         the two 16-lane datapaths of each partition runs EITHER FP32 OR INT32: 128 FP32
    //         results per clock only for pure FP32 code, 64 once integer or compare instructions
    //         (also class C) are mixed in; [PG] cc 8.6 int add 64. Chosen: 64 (sigma 2), safe for
    //         any mix. Pure FP32 kernels: --units C=128.
    //   S 16: [PG] cc 8.6 SFU 16.
    //   D 2:  [PG] cc 8.6 FP64 2 (vs GA100's 32: GA102 keeps only 2 FP64 units per SM).
    //   schedulers 4: [WP-GA102] one warp scheduler per partition.
    {"sm_86", "Ampere GA102", {16, 64, 16, 2}, 32, 4, {{0}, {128, 0}, {0}, {4, 0}}},
    // sm_90, Hopper GH100 (H100).
    //   L 16: UNCERTAIN, as sm_80: the [WP-GH100] SM diagram draws LD/ST units per partition as
    //         GA100's; 32 per SM is plausible but not checked. Chosen: 16 (safe). --units L=32
    //         to take the larger figure.
    //   C 64: DISAGREE. [PG] cc 9.0 FP32 128 ([WP-GH100] 32 FP32 lanes per partition) but INT32
    //         64 ([WP-GH100] 16 INT32 per partition; [PG] cc 9.0 int add 64). By the C rule: 64
    //         (sigma 2). Pure FP32 kernels: --units C=128.
    //   S 16: [PG] cc 9.0 SFU 16.
    //   D 64: [PG] cc 9.0 FP64 64; [WP-GH100] 16 FP64 units per partition.
    //   schedulers 4: [WP-GH100] one warp scheduler per partition.
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
