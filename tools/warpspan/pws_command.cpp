// `warpspan pws GRAPH`: paper 001's kernel WCET under no splitting, DWS and PWS, with Select's split
// points and the optimal ones side by side. Reading the two graph formats, normalisation and the
// analysis live in the host library (lib/host/pws); this file turns the flags into a request and prints.
#include <cstdio>
#include <sstream>

#include "commands.hpp"
#include "host/pws/analysis.hpp"
#include "plural.hpp"
#include "tool_identity.hpp"
#include "warpspan_host.h"

namespace wsp_cli {
namespace {

using wsp::host::PwsColumn;
using wsp::host::PwsResult;
using Layout = JsonWriter::Layout;

// The split points of a column as node names.
std::vector<std::string> labels(const wsp::host::Normalised &g, const std::vector<uint8_t> &selected) {
    std::vector<std::string> out;
    for (size_t v = 0; v < selected.size(); ++v)
        if (selected[v]) out.push_back(g.name(static_cast<uint32_t>(v)));
    return out;
}

std::string joined(const std::vector<std::string> &words) {
    std::string s;
    for (const std::string &w : words) s += (s.empty() ? "" : " ") + w;
    return s.empty() ? "none" : s;
}

// The removed edges as the source's edges (node labels; added nodes by name).
std::vector<std::pair<std::string, std::string>> removed_edges(const wsp::host::SourceGraph &src,
                                                               const wsp::host::Normalised &g, const PwsColumn &c) {
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t e = 0; e < c.removed.size(); ++e) {
        if (!c.removed[e]) continue;
        const uint32_t o = g.edge_origin[e];
        if (o != wsp::pws::kNoNode)
            out.emplace_back(std::to_string(src.nodes[src.edges[o].from].label), std::to_string(src.nodes[src.edges[o].to].label));
        else
            out.emplace_back(g.name(g.edges[e].from), g.name(g.edges[e].to));
    }
    return out;
}

double ratio(uint64_t a, uint64_t b) { return b == 0 ? 1.0 : static_cast<double>(a) / static_cast<double>(b); }

// A node name as JSON: a number for a source node, a string for an added one ("7.bsb").
void node_json(JsonWriter &j, const std::string &name) {
    if (name.find_first_not_of("0123456789") == std::string::npos) j.unsigned_integer(std::stoull(name));
    else j.string(name);
}

void names_json(JsonWriter &j, const char *key, const std::vector<std::string> &names) {
    j.key(key).begin_array(Layout::kInline);
    for (const std::string &n : names) node_json(j, n);
    j.end_array();
}

void column_json(JsonWriter &j, const wsp::host::Normalised &g, const PwsColumn &c) {
    j.begin_object(Layout::kInline);
    names_json(j, "split_points", labels(g, c.selected));
    j.member("splits", c.splits).member("contexts", c.contexts).member("worst_swf_path", c.pruned);
    j.member("E_WF", c.kernel.wf_pws).member("N_SIMD_total", c.kernel.simds_total).member("DS", c.kernel.dispatches_pws);
    j.member("kernel", c.kernel.kernel_pws).end_object();
}

struct PwsReport {
    std::string path;
    wsp::host::PwsRequest request;
    wsp::host::SourceGraph src;
    PwsResult r;
    bool count_contexts = false;
    std::string normal_form;  // --explain
};

std::string pws_json(const PwsReport &p) {
    const PwsResult &r = p.r;
    const wsp::host::Normalised &g = r.g;
    const PwsColumn &main = r.primary();
    const wsp_pws_wcet &k = main.kernel;
    const wsp::pws::NormalCounts &c = g.counts;
    const wsp_pws_params &pp = p.request.params;
    JsonWriter j;
    j.begin_object();
    write_identity(j);
    j.member("time_unit", "cycles").member("input_graph", p.path);
    j.key("graph").begin_object(Layout::kInline).member("nodes", p.src.nodes.size()).member("edges", p.src.edges.size());
    j.member("branches", r.paths.branches).member("marked", r.paths.marked).end_object();
    j.key("normalised").begin_object(Layout::kInline).member("nodes", g.nodes.size());
    j.member("edges", g.edges.size() + g.back_edges.size()).member("bsbs_if", c.bsb_if).member("bsbs_serial", c.bsb_serial);
    j.member("reconv", c.reconv).member("exit", c.exits).member("lone_bsbs", c.lone_bsbs);
    j.member("dropped_marks", c.dropped_marks).member("loops", c.loops).end_object();
    j.key("params").begin_object(Layout::kInline).member("S", pp.spsimds).member("N_CU", pp.cus).member("N_SIMD", pp.simds);
    j.member("N_WFC", pp.wf_contexts).member("N_WI_WF", pp.wf_size).member("G", pp.workgroups).member("N_WI_WG", pp.wg_size);
    j.member("d", pp.init_delay).member("e_s", pp.split_cost).member("e_m", pp.merge_cost).end_object();
    j.member("split", r.primary_optimal ? "optimal" : "select").member("contexts_mode", p.count_contexts ? "count" : "paper");
    names_json(j, "split_points", labels(g, main.selected));
    j.member("contexts", main.contexts).key("removed_edges").begin_array(Layout::kInline);
    for (const auto &e : removed_edges(p.src, g, main)) {
        j.begin_array();
        node_json(j, e.first);
        node_json(j, e.second);
        j.end_array();
    }
    j.end_array().member("worst_swf_path", main.pruned).member("serialised_path", r.full);
    if (r.ipet_done)
        j.key("ipet").begin_object(Layout::kInline).member("worst_swf_path", r.ipet_pruned).member("serialised_path", r.ipet_full).end_object();
    j.key("E_WF").begin_object(Layout::kInline).member("pws", k.wf_pws).member("dws", k.wf_dws).member("none", k.wf_none).end_object();
    j.member("N_SIMD_total", k.simds_total);
    j.key("G_parallel").begin_object(Layout::kInline).member("pws", k.parallel_pws).member("other", k.parallel).end_object();
    j.key("DS").begin_object(Layout::kInline).member("pws", k.dispatches_pws).member("other", k.dispatches).end_object();
    j.key("kernel").begin_object(Layout::kInline).member("pws", k.kernel_pws).member("dws", k.kernel_dws);
    j.member("none", k.kernel_none).end_object();
    j.key("comparison").begin_object();
    j.key("none").begin_object(Layout::kInline).member("worst_swf_path", r.full).member("E_WF", k.wf_none);
    j.member("N_SIMD_total", pp.simds).member("DS", k.dispatches).member("kernel", k.kernel_none).end_object();
    column_json(j.key("select"), g, r.select);
    column_json(j.key("optimal"), g, r.optimal);
    j.member("optimal_over_select", ratio(r.optimal.kernel.kernel_pws, r.select.kernel.kernel_pws), 4).end_object();
    if (!p.normal_form.empty()) j.member("normal_form", p.normal_form);
    return j.end_object().text();
}

std::string pws_text(const PwsReport &p) {
    const PwsResult &r = p.r;
    const wsp::host::Normalised &g = r.g;
    const PwsColumn &main = r.primary();
    const wsp_pws_wcet &k = main.kernel;
    const wsp::pws::NormalCounts &c = g.counts;
    const wsp_pws_params &pp = p.request.params;
    std::ostringstream o;
    if (!p.normal_form.empty()) o << p.normal_form << "\n";
    o << "warpspan " << wsp_version() << ": kernel WCET under wavefront splitting (paper 001)\n\n"
      << "graph           " << p.path << ": " << plural(p.src.nodes.size(), "node", "nodes") << ", "
      << plural(p.src.edges.size(), "edge", "edges") << ", " << plural(r.paths.branches, "branch", "branches") << ", "
      << r.paths.marked << " marked for splitting\n";
    std::string added;
    auto item = [&](uint32_t count, const char *one, const char *many, const char *what) {
        if (count != 0) added += (added.empty() ? " " : ", ") + plural(count, one, many) + what;
    };
    item(c.bsb_if, "BSB", "BSBs", " added for if without else");
    item(c.bsb_serial, "BSB", "BSBs", " added to serialise two-sided branches");
    item(c.reconv, "reconvergence node", "reconvergence nodes", " added");
    item(c.exits, "exit", "exits", " added");
    item(c.lone_bsbs, "BSB", "BSBs", " without a branch (never split)");
    item(c.dropped_marks, "split mark", "split marks", " dropped (not a branch)");
    item(c.loops, "loop", "loops", ", nodes counted as often as they run");
    if (!added.empty()) o << "normalised      " << plural(g.nodes.size(), "node", "nodes") << ":" << added << "\n";
    o << "GPU             N_CU " << pp.cus << ", N_SIMD " << pp.simds << ", N_WFC " << pp.wf_contexts << ", N_WI_WF "
      << pp.wf_size << ", S " << pp.spsimds << "\n"
      << "launch          G " << pp.workgroups << ", N_WI_WG " << pp.wg_size << ", d " << pp.init_delay << ", e_s "
      << pp.split_cost << ", e_m " << pp.merge_cost << "\n\n";
    std::string er;
    for (const auto &e : removed_edges(p.src, g, main)) er += (er.empty() ? "" : " ") + e.first + "->" + e.second;
    o << "split points    " << joined(labels(g, main.selected)) << "   ("
      << (r.primary_optimal ? "optimal" : "Select, Alg. 1") << ": " << main.count << " of them, "
      << plural(main.contexts, "SWF context", "SWF contexts") << ")\n"
      << "removed edges   " << (er.empty() ? "none" : er) << "   (Prune, Alg. 2)\n"
      << "worst SWF path  " << main.pruned << "   (longest path of the pruned CFG)\n"
      << "serialised path " << r.full << "   (longest path of the whole CFG)\n";
    if (r.ipet_done)
        o << "IPET (ILP)       " << r.ipet_pruned << " and " << r.ipet_full
          << "   (lp_solve on the pruned and the whole CFG: equal to the longest paths)\n";
    o << "\n"
      << "E_WF            PWS " << k.wf_pws << "   DWS " << k.wf_dws << "   no splitting " << k.wf_none << "   (Lemma 5.1)\n"
      << "N_SIMD total    " << k.simds_total << "   (Eq. 2" << (p.count_contexts ? ", contexts counted" : "") << ")\n"
      << "G_parallel      PWS " << k.parallel_pws << "   otherwise " << k.parallel << "   (Def. 5.2)\n"
      << "DS              PWS " << k.dispatches_pws << "   otherwise " << k.dispatches << "   (Def. 5.3)\n\n"
      << "kernel WCET     PWS " << k.kernel_pws << "   DWS " << k.kernel_dws << "   no splitting " << k.kernel_none
      << "   (Lemmas 5.5, 5.7)\n\n";
    // Side by side: no splitting, Select, optimal (rows indented: a line at the left margin is one of
    // the report's own).
    auto row = [](const std::string &name, const std::string &a, const std::string &b, const std::string &c2) {
        std::string line = name;
        line.resize(18, ' ');
        line += a;
        line.resize(34, ' ');
        line += b;
        line.resize(50, ' ');
        return line + c2 + "\n";
    };
    auto n = [](uint64_t v) { return std::to_string(v); };
    const PwsColumn &s = r.select, &op = r.optimal;
    char ratio_text[32];
    std::snprintf(ratio_text, sizeof ratio_text, "%.4f", ratio(op.kernel.kernel_pws, s.kernel.kernel_pws));
    o << row("side by side", "no splitting", "Select", "optimal")
      << row("  split points", "none", joined(labels(g, s.selected)), joined(labels(g, op.selected)))
      << row("  SWF contexts", "0", n(s.contexts), n(op.contexts))
      << row("  worst SWF path", n(r.full), n(s.pruned), n(op.pruned))
      << row("  E_WF", n(k.wf_none), n(s.kernel.wf_pws), n(op.kernel.wf_pws))
      << row("  N_SIMD total", n(pp.simds), n(s.kernel.simds_total), n(op.kernel.simds_total))
      << row("  DS", n(k.dispatches), n(s.kernel.dispatches_pws), n(op.kernel.dispatches_pws))
      << row("  kernel WCET", n(k.kernel_none), n(s.kernel.kernel_pws), n(op.kernel.kernel_pws))
      << "  optimal / Select " << ratio_text << "\n";
    return o.str();
}

}  // namespace

bool pws_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    exit = ExitCode::kOk;
    PwsReport p;
    p.path = a.operands[0];
    wsp::host::PwsRequest &request = p.request;
    wsp_pws_params &pp = request.params;
    pp.spsimds = static_cast<uint32_t>(a.number(Flag::kSpsimds));
    pp.cus = static_cast<uint32_t>(a.number(Flag::kCus));
    pp.simds = static_cast<uint32_t>(a.number(Flag::kSimds));
    pp.wf_contexts = static_cast<uint32_t>(a.number(Flag::kWfContexts));
    pp.wf_size = static_cast<uint32_t>(a.number(Flag::kWfSize));
    pp.workgroups = a.number(Flag::kWorkgroups);
    pp.wg_size = static_cast<uint32_t>(a.number(Flag::kWgSize));
    pp.init_delay = a.number(Flag::kDelay);
    pp.split_cost = a.number(Flag::kSplitCost);
    pp.merge_cost = a.number(Flag::kMergeCost);
    if (!a.given(Flag::kSplit)) {
        request.split = wsp::host::SplitChoice::kFile;
    } else if (a[Flag::kSplit].keyword) {
        const SplitKeyword k = a.choice<SplitKeyword>(Flag::kSplit);
        request.split = k == SplitKeyword::kAll    ? wsp::host::SplitChoice::kAll
                        : k == SplitKeyword::kNone ? wsp::host::SplitChoice::kNone
                                                   : wsp::host::SplitChoice::kOptimal;
    } else {
        request.split = wsp::host::SplitChoice::kList;
        for (const uint64_t id : a[Flag::kSplit].items) request.split_labels.push_back(static_cast<uint32_t>(id));
    }
    p.count_contexts = a.choice<ContextsMode>(Flag::kContexts) == ContextsMode::kCount;
    request.contexts_mode = p.count_contexts ? wsp::pws::kContextsCount : wsp::pws::kContextsPaper;
    request.ipet = a.given(Flag::kIpet);
    if (request.ipet && !wsp_host_ilp_available())
        return failure = cli_failure(ExitCode::kUnavailable, "--ipet",
                                     "not available in this build: warpspan was built without lp_solve (install "
                                     "liblpsolve55-dev and lp-solve and rebuild)"),
               false;
    const std::string format = a.given(Flag::kGraphFormat) ? a.text(Flag::kGraphFormat) : "";
    std::string message;
    if (!wsp::host::read_graph_file(p.path, format, static_cast<unsigned>(a.number(Flag::kCsvBase)), p.src, message)) {
        const size_t colon = message.find(": ");
        return failure = cli_failure(ExitCode::kInput, colon == std::string::npos ? p.path : message.substr(0, colon),
                                     colon == std::string::npos ? message : message.substr(colon + 2), "cfg_node"),
               false;
    }
    wsp::host::PwsError error;
    if (!wsp::host::analyse_graph(p.src, request, p.r, error)) {
        std::string where = p.path;
        if (error.node != wsp::pws::kNoNode && error.node < p.src.line.size() && p.src.line[error.node] != 0)
            where += ":" + std::to_string(p.src.line[error.node]);
        const ExitCode code = error.kind == wsp::host::PwsError::kUnavailable ? ExitCode::kUnavailable
                              : error.kind == wsp::host::PwsError::kInternal  ? ExitCode::kInternal
                                                                              : ExitCode::kInput;
        // Messages about a flag ("--split: ...") or the whole run ("pws: ...") name their own origin.
        const size_t colon = error.message.find(": ");
        const bool own = error.message.compare(0, 2, "--") == 0 || error.message.compare(0, 4, "pws:") == 0;
        return failure = cli_failure(code, own ? error.message.substr(0, colon) : where,
                                     own ? error.message.substr(colon + 2) : error.message, "cfg_node"),
               false;
    }
    if (a.given(Flag::kExplain)) {
        std::ostringstream normal;
        wsp::host::write_normal_form(p.src, p.r.g, normal);
        p.normal_form = normal.str();
    }
    return write_stream(stdout, a.given(Flag::kJson) ? pws_json(p) : pws_text(p), "stdout", failure);
}

}  // namespace wsp_cli
