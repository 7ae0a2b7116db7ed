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
    std::vector<uint64_t> loop_bound(r.blocks.size(), 0);
    std::vector<bool> is_header(r.blocks.size(), false);
    for (const Loop &l : r.loops) {
        pws << "# loop " << l.header << " (" << l.label << ", line " << l.line << "): the header runs at most "
            << l.bound << (l.bound == 1 ? " time" : " times") << " per entry (" << l.source << ")\n";
        // PTX bounds count the header's runs per entry (N); the PWS formats count the back edge's
        // (the body runs bound + 1 times), so a PTX bound N is written N - 1.
        if (l.header < loop_bound.size() && l.bound != 0) {
            loop_bound[l.header] = l.bound - 1;
            is_header[l.header] = true;
        }
    }
    // The CSV's first five columns are the PWS split-point solver's; warpspan pws finds its columns by
    // name and ignores the last three (the block's instructions, label and PTX line).
    csv << "wcet,is_bsb_node,is_reconv_node,successors,loop_bound,instructions,label,line\n";
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
        csv << wcet << ",0," << (reconv[b.id] ? 1 : 0) << "," << succ << ","
            << (is_header[b.id] ? std::to_string(loop_bound[b.id]) : std::string()) << ","
            << letters_text(b.letters) << "," << b.label << "," << b.first_line << "\n";
    }
    for (const Loop &l : r.loops)
        if (l.bound != 0) pws << "loop " << l.header << " " << l.bound - 1 << "   # back edge taken at most " << l.bound - 1
                              << " times: the header runs " << l.bound << " times per entry\n";
}

}  // namespace ptx
}  // namespace wsp
