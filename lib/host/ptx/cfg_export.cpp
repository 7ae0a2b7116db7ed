// See cfg_export.hpp.
#include "host/ptx/cfg_export.hpp"

namespace wsp {
namespace ptx {
namespace {

// The proven upper bound on the block's own string run by W identical warps on the SM.
uint64_t block_wcet(const wsp_sm_config &sm, uint32_t warps, const Letters &letters) {
    if (letters.empty()) return 0;
    WarpFamily f;
    f.warps = warps;
    letters_mix(letters, f.max_count);
    KernelBound b;
    std::string error;
    return kernel_upper_bound(sm, f, b, error) ? b.upper : 0;
}

}  // namespace

bool kernel_bound_over(const Result &r, uint32_t warps, const std::vector<wsp_sm_config> &configs,
                       KernelBound &worst, std::vector<KernelBound> &each, std::string &error) {
    WarpFamily family;
    family.warps = warps;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) family.max_count[u] = r.serialised_mix[u];
    worst = KernelBound();
    each.clear();
    for (const wsp_sm_config &c : configs) {
        KernelBound b;
        if (!kernel_upper_bound(c, family, b, error)) return false;
        each.push_back(b);
        if (b.upper > worst.upper || worst.terms.empty()) worst = b;
    }
    return true;
}

void write_cfg_files(const Result &r, const std::string &file, const wsp_sm_config &sm, uint32_t warps,
                     std::ostream &pws, std::ostream &csv) {
    std::vector<bool> reconv(r.blocks.size(), false);
    for (const Block &b : r.blocks)
        if (b.conditional && b.ipdom != kExit) reconv[b.ipdom] = true;
    pws << "# warpspan ptx --write-cfg: " << file << ", .entry " << r.entry << ", " << r.blocks.size()
        << " blocks (ids in layout order, calls inlined; the exit is implicit)\n"
        << "# WCET per block: proven upper bound on T(" << warps << ") of the block's own string on this SM\n"
        << "# kinds: branch = ends in a conditional branch, reconv = immediate post-dominator of one; no BSBs\n";
    for (const Loop &l : r.loops)
        pws << "# loop " << l.header << " (" << l.label << ", line " << l.line << ") bound " << l.bound << ": "
            << l.source << "\n";
    csv << "wcet,is_bsb_node,is_reconv_node,successors,instructions,label,line\n";
    for (const Block &b : r.blocks) {
        const uint64_t wcet = block_wcet(sm, warps, b.letters);
        const char *kind = b.conditional ? "branch" : reconv[b.id] ? "reconv" : "block";
        pws << b.id << " " << kind << " " << wcet;
        std::string succ;
        for (const uint32_t s : b.succ)
            if (s != kExit) {
                pws << (succ.empty() ? " -> " : " ") << s;
                succ += (succ.empty() ? "" : ";") + std::to_string(s);
            }
        pws << "   # " << (b.label.empty() ? "-" : b.label) << " line " << b.first_line << ": "
            << (b.letters.empty() ? "(empty)" : letters_text(b.letters)) << "\n";
        csv << wcet << ",0," << (reconv[b.id] ? 1 : 0) << "," << succ << "," << letters_text(b.letters) << ","
            << b.label << "," << b.first_line << "\n";
    }
}

}  // namespace ptx
}  // namespace wsp
