// `warpspan pws GRAPH [options] [--json]`: paper 001's kernel WCET under no splitting, DWS and PWS,
// with Select's split points and the optimal ones side by side. Reading the two graph formats,
// normalisation and the analysis live in the host library (lib/host/pws); this file parses the
// flags and prints.
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_error.hpp"
#include "config_file.hpp"
#include "host/pws/analysis.hpp"
#include "host/pws/graph.hpp"
#include "pws_command.hpp"
#include "warpspan.h"

namespace wsp_cli {
namespace {

using wsp::host::PwsColumn;
using wsp::host::PwsRequest;
using wsp::host::PwsResult;
using wsp::host::SplitChoice;

std::string usage() {
    return "usage: warpspan pws GRAPH [--spsimds S] [--cus N] [--simds N] [--wf-contexts N] [--wf-size N]\n"
           "                     [--workgroups G] [--wg-size N] [--delay D] [--split-cost ES] [--merge-cost EM]\n"
           "                     [--split all|none|optimal|ID,ID,...] [--contexts paper|count]\n"
           "                     [--format text|csv] [--csv-base 0|1] [--explain] [--ipet] [--json]\n"
           "Kernel WCET under no splitting, DWS and PWS (paper 001), with Select's split points and the optimal\n"
           "ones side by side. GRAPH: our text format (one node per line: ID KIND WCET [split] [-> SUCC ...],\n"
           "KIND block|branch|bsb|reconv; `loop ID BOUND` lines bound loops) or, for .csv files, the PWS\n"
           "split-point solver's CSV (wcet,is_bsb,is_reconv,succ;succ[,loop_bound]; rows numbered from\n"
           "--csv-base, default 0). Compiler shapes (if without else, shared or doubled reconvergence nodes,\n"
           "early exits, branches without BSB, bounded loops) are normalised first; --explain prints the result.\n"
           "--split optimal: the split points that minimise the kernel WCET (exact). --contexts count: Eq. 2 with\n"
           "the SWF contexts a wavefront holds instead of |SB| (proven in docs/pws.md).\n"
           "Defaults: S 1, N_CU 4, N_SIMD 4, N_WFC 10, N_WI_WF 64, G 1, N_WI_WG 64, d = e_s = e_m = 0.\n";
}

std::string labels(const wsp::host::Normalised &g, const std::vector<uint8_t> &selected, const char *sep) {
    std::string s;
    for (size_t v = 0; v < selected.size(); ++v)
        if (selected[v]) s += (s.empty() ? "" : sep) + g.name(static_cast<uint32_t>(v));
    return s;
}

// The removed edges as the source's edges (node labels), JSON pairs or "a->b" words.
std::string removed_edges(const wsp::host::SourceGraph &src, const wsp::host::Normalised &g, const PwsColumn &c,
                          bool json) {
    std::string s;
    for (size_t e = 0; e < c.removed.size(); ++e) {
        if (!c.removed[e]) continue;
        std::string a, b;
        const uint32_t o = g.edge_origin[e];
        if (o != wsp::pws::kNoNode) {
            a = std::to_string(src.nodes[src.edges[o].from].label);
            b = std::to_string(src.nodes[src.edges[o].to].label);
        } else {
            a = g.name(g.edges[e].from);
            b = g.name(g.edges[e].to);
            if (json) a = "\"" + a + "\"", b = "\"" + b + "\"";
        }
        if (json) s += (s.empty() ? "[" : ", [") + a + ", " + b + "]";
        else s += (s.empty() ? "" : " ") + a + "->" + b;
    }
    return s;
}

std::string ratio(uint64_t a, uint64_t b) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", b == 0 ? 1.0 : static_cast<double>(a) / static_cast<double>(b));
    return buf;
}

std::string json_string(const std::string &s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\', o += c;
        else if (c == '\n') o += "\\n";
        else o += c;
    }
    return o + "\"";
}

std::string column_json(const wsp::host::Normalised &g, const PwsColumn &c) {
    std::ostringstream o;
    o << "{\"split_points\": [" << labels(g, c.selected, ", ") << "], \"splits\": " << c.splits
      << ", \"contexts\": " << c.contexts << ", \"worst_swf_path\": " << c.pruned << ", \"E_WF\": " << c.kernel.wf_pws
      << ", \"N_SIMD_total\": " << c.kernel.simds_total << ", \"DS\": " << c.kernel.dispatches_pws
      << ", \"kernel\": " << c.kernel.kernel_pws << "}";
    return o.str();
}

}  // namespace

int pws_main(const std::vector<std::string> &args) {
    std::string path, format, split = "file", contexts = "paper";
    bool json = false, ipet = false, explain = false;
    unsigned base = 0;
    PwsRequest request;
    wsp_pws_params &p = request.params;
    p.spsimds = 1;
    p.wf_contexts = 10;
    p.wf_size = 64;
    p.workgroups = 1;
    p.wg_size = 64;
    auto fail = [](const std::string &m) {
        std::cerr << "warpspan: error: " << m << "\n";
        return static_cast<int>(kExitInput);
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << usage();
            return kExitOk;
        }
        if (a == "--json") { json = true; continue; }
        if (a == "--ipet") { ipet = true; continue; }
        if (a == "--explain") { explain = true; continue; }
        if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
            if (i + 1 >= args.size()) return fail(a + ": missing value");
            const std::string v = args[++i];
            uint64_t n64 = 0;
            uint32_t n32 = 0;
            const bool is64 = parse_u64(v, n64), is32 = parse_u32(v, n32);
            if (a == "--split") split = v;
            else if (a == "--contexts" && (v == "paper" || v == "count")) contexts = v;
            else if (a == "--format") format = v;
            else if (a == "--csv-base" && is32 && n32 <= 1) base = n32;
            else if (a == "--spsimds" && is32) p.spsimds = n32;
            else if (a == "--cus" && is32 && n32 > 0) p.cus = n32;
            else if (a == "--simds" && is32 && n32 > 0) p.simds = n32;
            else if (a == "--wf-contexts" && is32 && n32 > 0) p.wf_contexts = n32;
            else if (a == "--wf-size" && is32 && n32 > 0) p.wf_size = n32;
            else if (a == "--wg-size" && is32 && n32 > 0) p.wg_size = n32;
            else if (a == "--workgroups" && is64 && n64 > 0) p.workgroups = n64;
            else if (a == "--delay" && is64) p.init_delay = n64;
            else if (a == "--split-cost" && is64) p.split_cost = n64;
            else if (a == "--merge-cost" && is64) p.merge_cost = n64;
            else return fail(a + ": unknown option or invalid value '" + v + "'");
            continue;
        }
        if (!path.empty()) return fail("more than one graph file: '" + path + "' and '" + a + "'");
        path = a;
    }
    if (path.empty()) return fail("pws: no graph file\n" + usage());
    if (split == "file") request.split = SplitChoice::kFile;
    else if (split == "all") request.split = SplitChoice::kAll;
    else if (split == "none") request.split = SplitChoice::kNone;
    else if (split == "optimal") request.split = SplitChoice::kOptimal;
    else {
        request.split = SplitChoice::kList;
        std::stringstream ss(split);
        std::string id;
        while (std::getline(ss, id, ',')) {
            uint32_t label = 0;
            if (!parse_u32(id, label)) return fail("--split: '" + id + "' is not a node id");
            request.split_labels.push_back(label);
        }
    }
    request.contexts_mode = contexts == "count" ? wsp::pws::kContextsCount : wsp::pws::kContextsPaper;
    request.ipet = ipet;

    wsp::host::SourceGraph src;
    std::string message;
    if (!wsp::host::read_graph_file(path, format, base, src, message)) return fail(message);
    PwsResult r;
    wsp::host::PwsError error;
    if (!wsp::host::analyse_graph(src, request, r, error)) {
        std::string where = path;
        if (error.node != wsp::pws::kNoNode && error.node < src.line.size() && src.line[error.node] != 0)
            where += ":" + std::to_string(src.line[error.node]);
        if (error.kind == wsp::host::PwsError::kUnavailable) {
            std::cerr << "warpspan: error: " << error.message << "\n";
            return kExitNotBuilt;
        }
        if (error.kind == wsp::host::PwsError::kInternal) {
            std::cerr << "warpspan: error: internal: " << error.message << "\n";
            return kExitInternal;
        }
        if (error.message.compare(0, 2, "--") == 0 || error.message.compare(0, 4, "pws:") == 0) return fail(error.message);
        return fail(where + ": " + error.message);
    }
    const wsp::host::Normalised &g = r.g;
    const PwsColumn &main = r.primary();
    const wsp_pws_wcet &k = main.kernel;
    const wsp::pws::NormalCounts &c = g.counts;
    const unsigned cus = p.cus ? p.cus : 4, simds = p.simds ? p.simds : 4;
    const char *chooser = r.primary_optimal ? "optimal" : "Select, Alg. 1";
    std::ostringstream normal_text;
    if (explain) wsp::host::write_normal_form(src, g, normal_text);
    if (json) {
        std::cout << "{\"graph\": {\"nodes\": " << src.nodes.size() << ", \"edges\": " << src.edges.size()
                  << ", \"branches\": " << r.paths.branches << ", \"marked\": " << r.paths.marked << "},\n"
                  << " \"normalised\": {\"nodes\": " << g.nodes.size() << ", \"edges\": "
                  << g.edges.size() + g.back_edges.size() << ", \"bsbs_if\": " << c.bsb_if << ", \"bsbs_serial\": "
                  << c.bsb_serial << ", \"reconv\": " << c.reconv << ", \"exit\": " << c.exits << ", \"lone_bsbs\": "
                  << c.lone_bsbs << ", \"dropped_marks\": " << c.dropped_marks << ", \"loops\": " << c.loops << "},\n"
                  << " \"params\": {\"S\": " << p.spsimds << ", \"N_CU\": " << cus << ", \"N_SIMD\": " << simds
                  << ", \"N_WFC\": " << p.wf_contexts << ", \"N_WI_WF\": " << p.wf_size << ", \"G\": " << p.workgroups
                  << ", \"N_WI_WG\": " << p.wg_size << ", \"d\": " << p.init_delay << ", \"e_s\": " << p.split_cost
                  << ", \"e_m\": " << p.merge_cost << "},\n"
                  << " \"split\": \"" << (r.primary_optimal ? "optimal" : "select") << "\", \"contexts_mode\": \""
                  << contexts << "\",\n"
                  << " \"split_points\": [" << labels(g, main.selected, ", ") << "], \"contexts\": " << main.contexts
                  << ", \"removed_edges\": [" << removed_edges(src, g, main, true) << "],\n"
                  << " \"worst_swf_path\": " << main.pruned << ", \"serialised_path\": " << r.full << ",\n";
        if (r.ipet_done)
            std::cout << " \"ipet\": {\"worst_swf_path\": " << r.ipet_pruned << ", \"serialised_path\": " << r.ipet_full
                      << "},\n";
        std::cout << " \"E_WF\": {\"pws\": " << k.wf_pws << ", \"dws\": " << k.wf_dws << ", \"none\": " << k.wf_none
                  << "},\n"
                  << " \"N_SIMD_total\": " << k.simds_total << ", \"G_parallel\": {\"pws\": " << k.parallel_pws
                  << ", \"other\": " << k.parallel << "}, \"DS\": {\"pws\": " << k.dispatches_pws << ", \"other\": "
                  << k.dispatches << "},\n"
                  << " \"kernel\": {\"pws\": " << k.kernel_pws << ", \"dws\": " << k.kernel_dws << ", \"none\": "
                  << k.kernel_none << "},\n"
                  << " \"comparison\": {\"none\": {\"worst_swf_path\": " << r.full << ", \"E_WF\": " << k.wf_none
                  << ", \"N_SIMD_total\": " << simds << ", \"DS\": " << k.dispatches << ", \"kernel\": " << k.kernel_none
                  << "},\n  \"select\": " << column_json(g, r.select) << ",\n  \"optimal\": "
                  << column_json(g, r.optimal) << ",\n  \"optimal_over_select\": "
                  << ratio(r.optimal.kernel.kernel_pws, r.select.kernel.kernel_pws) << "}";
        if (explain) std::cout << ",\n \"normal_form\": " << json_string(normal_text.str());
        std::cout << "}\n";
    } else {
        if (explain) std::cout << normal_text.str() << "\n";
        std::cout << "warpspan " << wsp_version() << ": kernel WCET under wavefront splitting (paper 001)\n\n"
                  << "graph           " << path << ": " << src.nodes.size() << " nodes, " << src.edges.size()
                  << " edges, " << r.paths.branches << " branches, " << r.paths.marked << " marked for splitting\n";
        if (c.bsb_if + c.bsb_serial + c.reconv + c.exits + c.lone_bsbs + c.dropped_marks + c.loops != 0) {
            std::cout << "normalised      " << g.nodes.size() << " nodes:";
            const char *sep = " ";
            auto item = [&](uint32_t count, const char *what) {
                if (count == 0) return;
                std::cout << sep << count << " " << what;
                sep = ", ";
            };
            item(c.bsb_if, "BSB(s) added for if without else");
            item(c.bsb_serial, "BSB(s) added to serialise two-sided branches");
            item(c.reconv, "reconvergence node(s) added");
            item(c.exits, "exit added");
            item(c.lone_bsbs, "BSB(s) without a branch (never split)");
            item(c.dropped_marks, "split mark(s) dropped (not a branch)");
            item(c.loops, "loop(s), nodes counted as often as they run");
            std::cout << "\n";
        }
        std::cout << "GPU             N_CU " << cus << ", N_SIMD " << simds << ", N_WFC " << p.wf_contexts
                  << ", N_WI_WF " << p.wf_size << ", S " << p.spsimds << "\n"
                  << "launch          G " << p.workgroups << ", N_WI_WG " << p.wg_size << ", d " << p.init_delay
                  << ", e_s " << p.split_cost << ", e_m " << p.merge_cost << "\n\n";
        const std::string sb = labels(g, main.selected, " "), er = removed_edges(src, g, main, false);
        std::cout << "split points    " << (sb.empty() ? "none" : sb) << "   (" << chooser << ": " << main.count
                  << " of them, " << main.contexts << " SWF contexts)\n"
                  << "removed edges   " << (er.empty() ? "none" : er) << "   (Prune, Alg. 2)\n"
                  << "worst SWF path  " << main.pruned << "   (longest path of the pruned CFG)\n"
                  << "serialised path " << r.full << "   (longest path of the whole CFG)\n";
        if (r.ipet_done)
            std::cout << "IPET (ILP)       " << r.ipet_pruned << " and " << r.ipet_full
                      << "   (lp_solve on the pruned and the whole CFG: equal to the longest paths)\n";
        std::cout << "\n"
                  << "E_WF            PWS " << k.wf_pws << "   DWS " << k.wf_dws << "   no splitting " << k.wf_none
                  << "   (Lemma 5.1)\n"
                  << "N_SIMD total    " << k.simds_total << "   (Eq. 2" << (contexts == "count" ? ", contexts counted" : "")
                  << ")\n"
                  << "G_parallel      PWS " << k.parallel_pws << "   otherwise " << k.parallel << "   (Def. 5.2)\n"
                  << "DS              PWS " << k.dispatches_pws << "   otherwise " << k.dispatches << "   (Def. 5.3)\n\n"
                  << "kernel WCET     PWS " << k.kernel_pws << "   DWS " << k.kernel_dws << "   no splitting "
                  << k.kernel_none << "   (Lemmas 5.5, 5.7)\n\n";
        // Side by side: no splitting, Select, optimal (rows indented: a line that starts at the left
        // margin is one of the report's own).
        auto row = [](const std::string &name, const std::string &a, const std::string &b, const std::string &o) {
            std::string line = name;
            line.resize(18, ' ');
            line += a;
            line.resize(34, ' ');
            line += b;
            line.resize(50, ' ');
            return line + o + "\n";
        };
        const PwsColumn &s = r.select, &o = r.optimal;
        const std::string ss = labels(g, s.selected, " "), os = labels(g, o.selected, " ");
        std::cout << row("side by side", "no splitting", "Select", "optimal")
                  << row("  split points", "none", ss.empty() ? "none" : ss, os.empty() ? "none" : os)
                  << row("  SWF contexts", "0", std::to_string(s.contexts), std::to_string(o.contexts))
                  << row("  worst SWF path", std::to_string(r.full), std::to_string(s.pruned), std::to_string(o.pruned))
                  << row("  E_WF", std::to_string(k.wf_none), std::to_string(s.kernel.wf_pws),
                         std::to_string(o.kernel.wf_pws))
                  << row("  N_SIMD total", std::to_string(simds), std::to_string(s.kernel.simds_total),
                         std::to_string(o.kernel.simds_total))
                  << row("  DS", std::to_string(k.dispatches), std::to_string(s.kernel.dispatches_pws),
                         std::to_string(o.kernel.dispatches_pws))
                  << row("  kernel WCET", std::to_string(k.kernel_none), std::to_string(s.kernel.kernel_pws),
                         std::to_string(o.kernel.kernel_pws))
                  << "  optimal / Select " << ratio(o.kernel.kernel_pws, s.kernel.kernel_pws) << "\n";
    }
    std::cout.flush();
    return std::cout ? kExitOk : kExitInternal;
}

}  // namespace wsp_cli
