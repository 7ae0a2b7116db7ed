// `warpspan pws GRAPH [options] [--json]`: paper 001's kernel WCET under no splitting, DWS and PWS.
// Two graph formats: our text format (README, "PWS graph files") and the CSV of the public PWS
// split-point solver (one row per basic block: wcet, is-BSB, is-reconvergence, successors "a;b").
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_error.hpp"
#include "config_file.hpp"
#include "ipet_command.hpp"
#include "pws_command.hpp"
#include "warpspan.h"

namespace wsp_cli {
namespace {

struct Graph {
    std::vector<wsp_pws_node> nodes;
    std::vector<wsp_pws_edge> edges;
    std::vector<unsigned> line;  // file line of each node
};

std::string trim(const std::string &s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

Error input(const std::string &where, const std::string &what) { return Error{kExitInput, where + ": " + what}; }

// Text format: `ID KIND WCET [split] [-> SUCC ...]`, `#` comments; KIND is block, branch, bsb, reconv.
bool read_text(const std::string &path, std::istream &in, Graph &g, Error &error) {
    std::map<uint32_t, uint32_t> index;
    std::vector<std::vector<std::pair<uint32_t, unsigned>>> succ;  // (label, line)
    std::string raw;
    unsigned ln = 0;
    while (std::getline(in, raw)) {
        ++ln;
        const std::string where = path + ":" + std::to_string(ln);
        const std::string text = trim(raw.substr(0, raw.find('#')));
        if (text.empty()) continue;
        std::istringstream words(text);
        std::string id_s, kind_s, wcet_s, w;
        words >> id_s >> kind_s >> wcet_s;
        wsp_pws_node node{};
        if (!parse_u32(id_s, node.label)) return error = input(where, "node id '" + id_s + "' is not a number below 2^32"), false;
        if (kind_s == "block") node.kind = WSP_PWS_BLOCK;
        else if (kind_s == "branch") node.kind = WSP_PWS_BRANCH;
        else if (kind_s == "bsb") node.kind = WSP_PWS_BSB;
        else if (kind_s == "reconv") node.kind = WSP_PWS_RECONV;
        else return error = input(where, "kind '" + kind_s + "' is not block, branch, bsb or reconv"), false;
        if (!parse_u64(wcet_s, node.wcet))
            return error = input(where, "WCET '" + wcet_s + "' is not a number below 2^64"), false;
        std::vector<std::pair<uint32_t, unsigned>> out;
        bool arrow = false;
        while (words >> w) {
            if (!arrow && w == "split") {
                if (node.kind != WSP_PWS_BRANCH) return error = input(where, "only a branch can be marked split"), false;
                node.split = 1;
            } else if (!arrow && w == "->") {
                arrow = true;
            } else if (arrow) {
                uint32_t s = 0;
                if (!parse_u32(w, s)) return error = input(where, "successor '" + w + "' is not a node id"), false;
                out.emplace_back(s, ln);
            } else {
                return error = input(where, "unexpected '" + w + "' (expected split or ->)"), false;
            }
        }
        if (!index.emplace(node.label, static_cast<uint32_t>(g.nodes.size())).second)
            return error = input(where, "node " + id_s + " is defined twice"), false;
        g.nodes.push_back(node);
        g.line.push_back(ln);
        succ.push_back(out);
    }
    for (size_t v = 0; v < succ.size(); ++v)
        for (const auto &s : succ[v]) {
            const auto it = index.find(s.first);
            if (it == index.end())
                return error = input(path + ":" + std::to_string(s.second),
                                     "edge to node " + std::to_string(s.first) + ", which is not defined"), false;
            g.edges.push_back(wsp_pws_edge{static_cast<uint32_t>(v), it->second});
        }
    return true;
}

// CSV: row k (from `base`) = `wcet,is_bsb,is_reconv,succ;succ`; an optional header row; every branch
// is marked for splitting (the solver's input has no marks; --split chooses).
bool read_csv(const std::string &path, std::istream &in, unsigned base, Graph &g, Error &error) {
    std::vector<std::vector<std::pair<uint64_t, unsigned>>> succ;
    std::string raw;
    unsigned ln = 0;
    bool first = true;
    while (std::getline(in, raw)) {
        ++ln;
        const std::string where = path + ":" + std::to_string(ln);
        const std::string text = trim(raw);
        if (text.empty() || text[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(text);
        std::string cell;
        while (std::getline(ss, cell, ',')) f.push_back(trim(cell));
        if (text.back() == ',') f.push_back("");
        // A header row names its columns: its first field starts with a letter. Anything else is
        // data, so a malformed first row ("5" in quotes, 1e3) is an error, never a skipped header.
        if (first && !f.empty() && !f[0].empty() && std::isalpha(static_cast<unsigned char>(f[0][0]))) {
            first = false;
            continue;
        }
        first = false;
        if (f.size() < 3 || f.size() > 4)
            return error = input(where, "expected 3 or 4 fields (wcet, is_bsb, is_reconv, successors), found " +
                                            std::to_string(f.size())), false;
        wsp_pws_node node{};
        if (!parse_u64(f[0], node.wcet)) return error = input(where, "WCET '" + f[0] + "' is not a number below 2^64"), false;
        const bool bsb = f[1] == "1" || f[1] == "true" || f[1] == "True";
        const bool rec = f[2] == "1" || f[2] == "true" || f[2] == "True";
        if (!bsb && !(f[1] == "0" || f[1] == "false" || f[1] == "False"))
            return error = input(where, "is_bsb '" + f[1] + "' is not 0 or 1"), false;
        if (!rec && !(f[2] == "0" || f[2] == "false" || f[2] == "False"))
            return error = input(where, "is_reconv '" + f[2] + "' is not 0 or 1"), false;
        if (bsb && rec) return error = input(where, "a row cannot be both a BSB and a reconvergence node"), false;
        std::vector<std::pair<uint64_t, unsigned>> out;
        if (f.size() == 4 && !f[3].empty()) {
            std::stringstream s2(f[3]);
            std::string id;
            while (std::getline(s2, id, ';')) {
                uint64_t s = 0;
                id = trim(id);
                if (!parse_u64(id, s) || s < base)
                    return error = input(where, "successor '" + id + "' is not a row number"), false;
                out.emplace_back(s - base, ln);
            }
        }
        node.kind = bsb ? WSP_PWS_BSB : rec ? WSP_PWS_RECONV : out.size() >= 2 ? WSP_PWS_BRANCH : WSP_PWS_BLOCK;
        node.split = node.kind == WSP_PWS_BRANCH;
        node.label = static_cast<uint32_t>(g.nodes.size() + base);
        g.nodes.push_back(node);
        g.line.push_back(ln);
        succ.push_back(out);
    }
    for (size_t v = 0; v < succ.size(); ++v)
        for (const auto &s : succ[v]) {
            if (s.first >= succ.size())
                return error = input(path + ":" + std::to_string(s.second),
                                     "successor " + std::to_string(s.first + base) + " is not a row (the file has " +
                                         std::to_string(succ.size()) + " rows)"), false;
            g.edges.push_back(wsp_pws_edge{static_cast<uint32_t>(v), static_cast<uint32_t>(s.first)});
        }
    return true;
}

std::string usage() {
    return "usage: warpspan pws GRAPH [--spsimds S] [--cus N] [--simds N] [--wf-contexts N] [--wf-size N]\n"
           "                     [--workgroups G] [--wg-size N] [--delay D] [--split-cost ES] [--merge-cost EM]\n"
           "                     [--split all|none|ID,ID,...] [--format text|csv] [--csv-base 0|1] [--ipet] [--json]\n"
           "Kernel WCET under no splitting, DWS and PWS (paper 001). GRAPH: our text format (one node per line:\n"
           "ID KIND WCET [split] [-> SUCC ...], KIND block|branch|bsb|reconv) or, for .csv files, the PWS\n"
           "split-point solver's CSV (wcet,is_bsb,is_reconv,succ;succ; rows numbered from --csv-base, default 0).\n"
           "Defaults: S 1, N_CU 4, N_SIMD 4, N_WFC 10, N_WI_WF 64, G 1, N_WI_WG 64, d = e_s = e_m = 0.\n";
}

}  // namespace

int pws_main(const std::vector<std::string> &args) {
    std::string path, format, split = "file";
    bool json = false, ipet = false;
    unsigned base = 0;
    wsp_pws_params p{};
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
        if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
            if (i + 1 >= args.size()) return fail(a + ": missing value");
            const std::string v = args[++i];
            uint64_t n64 = 0;
            uint32_t n32 = 0;
            const bool is64 = parse_u64(v, n64), is32 = parse_u32(v, n32);
            if (a == "--split") split = v;
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
    if (format.empty()) format = path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0 ? "csv" : "text";
    if (format != "csv" && format != "text") return fail("--format: '" + format + "' is not text or csv");
    std::ifstream in(path);
    if (!in) return fail(path + ": cannot open the file");
    Graph g;
    Error error{kExitOk, ""};
    if (!(format == "csv" ? read_csv(path, in, base, g, error) : read_text(path, in, g, error)))
        return fail(error.message);
    if (g.nodes.empty()) return fail(path + ": the graph has no node");
    if (split != "file") {
        const bool all = split == "all";
        for (auto &n : g.nodes) n.split = all && n.kind == WSP_PWS_BRANCH;
        if (!all && split != "none") {
            std::stringstream ss(split);
            std::string id;
            while (std::getline(ss, id, ',')) {
                uint32_t label = 0;
                bool found = false;
                if (!parse_u32(id, label)) return fail("--split: '" + id + "' is not a node id");
                for (auto &n : g.nodes)
                    if (n.label == label) {
                        if (n.kind != WSP_PWS_BRANCH) return fail("--split: node " + id + " is not a branch");
                        n.split = 1;
                        found = true;
                    }
                if (!found) return fail("--split: no node " + id);
            }
        }
    }
    wsp_pws_cfg cfg{};
    cfg.nodes = g.nodes.data();
    cfg.node_count = static_cast<uint32_t>(g.nodes.size());
    cfg.edges = g.edges.data();
    cfg.edge_count = static_cast<uint32_t>(g.edges.size());
    size_t need = 0;
    if (wsp_pws_workspace_size(&cfg, &need, nullptr) != WSP_OK) return fail(path + ": the graph is too large");
    std::vector<uint64_t> ws(need / 8 + 1);
    std::vector<uint8_t> selected(g.nodes.size()), removed(g.edges.size() + 1);
    wsp_pws_paths paths{};
    wsp_pws_wcet k{};
    wsp_diag diag{};
    wsp_status st = wsp_pws_analyse(&cfg, p.spsimds, ws.data(), ws.size() * 8, selected.data(), removed.data(),
                                    nullptr, &paths, &diag);
    if (st != WSP_OK) {
        std::string where = path;
        // The file line of the node the error is about, or of the node an edge leaves from.
        uint32_t node = 0;  // 1-based, 0 for none
        if (diag.field == WSP_FIELD_CFG_NODE) node = diag.index;
        if (diag.field == WSP_FIELD_CFG_EDGE && diag.index > 0 && diag.index <= g.edges.size())
            node = g.edges[diag.index - 1].from + 1;
        if (node > 0 && node <= g.line.size()) where += ":" + std::to_string(g.line[node - 1]);
        return fail(where + ": " + (diag.message[0] ? diag.message : wsp_strerror(st)));
    }
    if ((st = wsp_pws_wcet_compute(&p, &paths, &k, &diag)) != WSP_OK)
        return fail(std::string("pws: ") + (diag.message[0] ? diag.message : wsp_strerror(st)));
    // --ipet: the worst SWF path and the serialised path again, as IPET ILPs (host, lp_solve) on the
    // pruned and the whole CFG; they must equal the core's longest paths.
    uint64_t ipet_pruned = 0, ipet_full = 0;
    if (ipet) {
        std::vector<uint64_t> wcet;
        std::vector<uint8_t> has_in(g.nodes.size(), 0), has_out(g.nodes.size(), 0), none(g.edges.size(), 0);
        for (const auto &n : g.nodes) wcet.push_back(n.wcet);
        for (const auto &e : g.edges) has_in[e.to] = has_out[e.from] = 1;
        uint32_t entry = 0, exit = 0;
        for (uint32_t v = 0; v < g.nodes.size(); ++v) {
            if (!has_in[v]) entry = v;
            if (!has_out[v]) exit = v;
        }
        std::vector<uint8_t> skip(removed.begin(), removed.begin() + static_cast<long>(g.edges.size()));
        if (!ipet_of_paths(wcet, g.edges, skip, entry, exit, &ipet_pruned, error) ||
            !ipet_of_paths(wcet, g.edges, none, entry, exit, &ipet_full, error)) {
            std::cerr << "warpspan: error: " << error.message << "\n";
            return error.exit;
        }
        if (ipet_pruned != paths.pruned || ipet_full != paths.full) {
            std::cerr << "warpspan: error: internal: IPET (" << ipet_pruned << ", " << ipet_full
                      << ") disagrees with the longest paths (" << paths.pruned << ", " << paths.full << ")\n";
            return kExitInternal;
        }
    }
    std::string sb, er, sb_json, er_json;
    for (size_t v = 0; v < g.nodes.size(); ++v)
        if (selected[v]) {
            sb += (sb.empty() ? "" : " ") + std::to_string(g.nodes[v].label);
            sb_json += (sb_json.empty() ? "" : ", ") + std::to_string(g.nodes[v].label);
        }
    for (size_t e = 0; e < g.edges.size(); ++e)
        if (removed[e]) {
            const std::string a = std::to_string(g.nodes[g.edges[e].from].label), b = std::to_string(g.nodes[g.edges[e].to].label);
            er += (er.empty() ? "" : " ") + a + "->" + b;
            er_json += (er_json.empty() ? "" : ", ") + std::string("[") + a + ", " + b + "]";
        }
    const unsigned cus = p.cus ? p.cus : 4, simds = p.simds ? p.simds : 4;
    if (json) {
        std::cout << "{\"graph\": {\"nodes\": " << g.nodes.size() << ", \"edges\": " << g.edges.size()
                  << ", \"branches\": " << paths.branches << ", \"marked\": " << paths.marked << "},\n"
                  << " \"params\": {\"S\": " << p.spsimds << ", \"N_CU\": " << cus << ", \"N_SIMD\": " << simds
                  << ", \"N_WFC\": " << p.wf_contexts << ", \"N_WI_WF\": " << p.wf_size << ", \"G\": " << p.workgroups
                  << ", \"N_WI_WG\": " << p.wg_size << ", \"d\": " << p.init_delay << ", \"e_s\": " << p.split_cost
                  << ", \"e_m\": " << p.merge_cost << "},\n"
                  << " \"split_points\": [" << sb_json << "], \"contexts\": " << paths.contexts
                  << ", \"removed_edges\": [" << er_json << "],\n"
                  << " \"worst_swf_path\": " << paths.pruned << ", \"serialised_path\": " << paths.full << ",\n";
        if (ipet)
            std::cout << " \"ipet\": {\"worst_swf_path\": " << ipet_pruned << ", \"serialised_path\": " << ipet_full
                      << "},\n";
        std::cout
                  << " \"E_WF\": {\"pws\": " << k.wf_pws << ", \"dws\": " << k.wf_dws << ", \"none\": " << k.wf_none << "},\n"
                  << " \"N_SIMD_total\": " << k.simds_total << ", \"G_parallel\": {\"pws\": " << k.parallel_pws
                  << ", \"other\": " << k.parallel << "}, \"DS\": {\"pws\": " << k.dispatches_pws << ", \"other\": "
                  << k.dispatches << "},\n"
                  << " \"kernel\": {\"pws\": " << k.kernel_pws << ", \"dws\": " << k.kernel_dws << ", \"none\": "
                  << k.kernel_none << "}}\n";
    } else {
        std::cout << "warpspan " << wsp_version() << ": kernel WCET under wavefront splitting (paper 001)\n\n"
                  << "graph           " << path << ": " << g.nodes.size() << " nodes, " << g.edges.size() << " edges, "
                  << paths.branches << " branches, " << paths.marked << " marked for splitting\n"
                  << "GPU             N_CU " << cus << ", N_SIMD " << simds << ", N_WFC " << p.wf_contexts
                  << ", N_WI_WF " << p.wf_size << ", S " << p.spsimds << "\n"
                  << "launch          G " << p.workgroups << ", N_WI_WG " << p.wg_size << ", d " << p.init_delay
                  << ", e_s " << p.split_cost << ", e_m " << p.merge_cost << "\n\n"
                  << "split points    " << (sb.empty() ? "none" : sb) << "   (Select, Alg. 1: " << paths.selected
                  << " of them, " << paths.contexts << " SWF contexts)\n"
                  << "removed edges   " << (er.empty() ? "none" : er) << "   (Prune, Alg. 2)\n"
                  << "worst SWF path  " << paths.pruned << "   (longest path of the pruned CFG)\n"
                  << "serialised path " << paths.full << "   (longest path of the whole CFG)\n";
        if (ipet)
            std::cout << "IPET (ILP)       " << ipet_pruned << " and " << ipet_full
                      << "   (lp_solve on the pruned and the whole CFG: equal to the longest paths)\n";
        std::cout << "\n"
                  << "E_WF            PWS " << k.wf_pws << "   DWS " << k.wf_dws << "   no splitting " << k.wf_none
                  << "   (Lemma 5.1)\n"
                  << "N_SIMD total    " << k.simds_total << "   (Eq. 2)\n"
                  << "G_parallel      PWS " << k.parallel_pws << "   otherwise " << k.parallel << "   (Def. 5.2)\n"
                  << "DS              PWS " << k.dispatches_pws << "   otherwise " << k.dispatches << "   (Def. 5.3)\n\n"
                  << "kernel WCET     PWS " << k.kernel_pws << "   DWS " << k.kernel_dws << "   no splitting "
                  << k.kernel_none << "   (Lemmas 5.5, 5.7)\n";
    }
    std::cout.flush();
    return std::cout ? kExitOk : kExitInternal;
}

}  // namespace wsp_cli
