// PWS graph files and the normal form in vectors (graph.hpp).
#include "host/pws/graph.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <istream>
#include <map>
#include <ostream>
#include <sstream>

#include "pws/pws.hpp"

namespace wsp {
namespace host {
namespace {

using pws::kNoNode;

std::string trim(const std::string &s) {
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// Strict unsigned decimals: digits only, no sign, no spaces.
bool parse_u64(const std::string &text, uint64_t &out) {
    if (text.empty() || text.size() > 20) return false;
    uint64_t v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    out = v;
    return true;
}

bool parse_u32(const std::string &text, uint32_t &out) {
    uint64_t v = 0;
    if (!parse_u64(text, v) || v > UINT32_MAX) return false;
    out = static_cast<uint32_t>(v);
    return true;
}

bool fail(std::string &error, const std::string &where, const std::string &what) {
    error = where + ": " + what;
    return false;
}

bool parse_kind(const std::string &word, uint8_t &flags) {
    flags = 0;
    std::stringstream ss(word);
    std::string part;
    bool any = false;
    while (std::getline(ss, part, '+')) {
        any = true;
        if (part == "block") continue;
        if (part == "branch") flags |= pws::kSourceBranch;
        else if (part == "bsb") flags |= pws::kSourceBsb;
        else if (part == "reconv") flags |= pws::kSourceReconv;
        else return false;
    }
    return any && word.back() != '+';
}

std::string kind_word(uint8_t flags) {
    std::string s;
    if (flags & pws::kSourceBranch) s += "branch";
    if (flags & pws::kSourceBsb) s += std::string(s.empty() ? "" : "+") + "bsb";
    if (flags & pws::kSourceReconv) s += std::string(s.empty() ? "" : "+") + "reconv";
    return s.empty() ? "block" : s;
}

}  // namespace

pws::SourceCfg SourceGraph::view() const {
    return pws::SourceCfg{nodes.data(), static_cast<uint32_t>(nodes.size()), edges.data(),
                          static_cast<uint32_t>(edges.size()), loops.data(), static_cast<uint32_t>(loops.size())};
}

uint32_t SourceGraph::find(uint32_t label) const {
    for (size_t v = 0; v < nodes.size(); ++v)
        if (nodes[v].label == label) return static_cast<uint32_t>(v);
    return kNoNode;
}

bool read_graph_text(const std::string &name, std::istream &in, SourceGraph &g, std::string &error) {
    g = SourceGraph{};
    std::map<uint32_t, uint32_t> index;
    struct Ref {
        uint32_t from, label;
        unsigned line;
    };
    std::vector<Ref> succ;
    struct LoopRef {
        uint32_t label, bound;
        unsigned line;
    };
    std::vector<LoopRef> loops;
    std::string raw;
    unsigned ln = 0;
    while (std::getline(in, raw)) {
        ++ln;
        const std::string where = name + ":" + std::to_string(ln);
        const std::string text = trim(raw.substr(0, raw.find('#')));
        if (text.empty()) continue;
        std::istringstream words(text);
        std::string id_s, kind_s, wcet_s, w;
        words >> id_s >> kind_s >> wcet_s;
        if (id_s == "loop") {
            uint32_t label = 0, bound = 0;
            if (!parse_u32(kind_s, label) || !parse_u32(wcet_s, bound) || (words >> w))
                return fail(error, where, "expected 'loop ID BOUND' (a node id and a number below 2^32)");
            loops.push_back({label, bound, ln});
            continue;
        }
        pws::SourceNode node{};
        if (!parse_u32(id_s, node.label)) return fail(error, where, "node id '" + id_s + "' is not a number below 2^32");
        if (!parse_kind(kind_s, node.flags))
            return fail(error, where, "kind '" + kind_s + "' is not block, branch, bsb or reconv (or several joined by +)");
        if (!parse_u64(wcet_s, node.wcet)) return fail(error, where, "WCET '" + wcet_s + "' is not a number below 2^64");
        bool arrow = false;
        while (words >> w) {
            if (!arrow && w == "split") {
                if (node.flags == pws::kSourceBsb) return fail(error, where, "a BSB cannot be marked split");
                node.split = 1;
            } else if (!arrow && w == "->") {
                arrow = true;
            } else if (arrow) {
                uint32_t s = 0;
                if (!parse_u32(w, s)) return fail(error, where, "successor '" + w + "' is not a node id");
                succ.push_back({static_cast<uint32_t>(g.nodes.size()), s, ln});
            } else {
                return fail(error, where, "unexpected '" + w + "' (expected split or ->)");
            }
        }
        if (!index.emplace(node.label, static_cast<uint32_t>(g.nodes.size())).second)
            return fail(error, where, "node " + id_s + " is defined twice");
        g.nodes.push_back(node);
        g.line.push_back(ln);
    }
    for (const Ref &r : succ) {
        const auto it = index.find(r.label);
        if (it == index.end())
            return fail(error, name + ":" + std::to_string(r.line),
                        "edge to node " + std::to_string(r.label) + ", which is not defined");
        g.edges.push_back(wsp_pws_edge{r.from, it->second});
    }
    for (const LoopRef &l : loops) {
        const auto it = index.find(l.label);
        if (it == index.end())
            return fail(error, name + ":" + std::to_string(l.line),
                        "loop bound for node " + std::to_string(l.label) + ", which is not defined");
        g.loops.push_back(pws::SourceLoop{it->second, l.bound});
    }
    return true;
}

bool read_graph_csv(const std::string &name, std::istream &in, unsigned base, SourceGraph &g, std::string &error) {
    g = SourceGraph{};
    struct Ref {
        uint32_t from;
        uint64_t row;
        unsigned line;
    };
    std::vector<Ref> succ;
    std::string raw;
    unsigned ln = 0;
    bool first = true;
    // With a header row, the columns are found by name (wcet, is_bsb[_node], is_reconv[_node],
    // successors, loop_bound) and other columns are ignored (warpspan ptx --write-cfg adds the
    // instructions, label and line of each block); without one they are positional.
    constexpr size_t kColumns = 5, kNone = SIZE_MAX;
    const char *const kNames[kColumns] = {"wcet", "is_bsb", "is_reconv", "successors", "loop_bound"};
    size_t column[kColumns] = {0, 1, 2, 3, 4};
    size_t header_fields = 0;  // 0: no header
    unsigned header_line = 0;
    while (std::getline(in, raw)) {
        ++ln;
        const std::string where = name + ":" + std::to_string(ln);
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
            for (size_t k = 0; k < kColumns; ++k) column[k] = kNone;
            for (size_t i = 0; i < f.size(); ++i) {
                std::string n = f[i];
                if (n.size() > 5 && n.compare(n.size() - 5, 5, "_node") == 0 && n != "successors")
                    n.erase(n.size() - 5);
                for (size_t k = 0; k < kColumns; ++k) {
                    if (n != kNames[k]) continue;
                    if (column[k] != kNone)
                        return fail(error, where, "the header names column '" + std::string(kNames[k]) + "' twice");
                    column[k] = i;
                }
            }
            for (size_t k = 0; k < 3; ++k)
                if (column[k] == kNone)
                    return fail(error, where, "the header has no column '" + std::string(kNames[k]) +
                                                  "' (needed: wcet, is_bsb, is_reconv; optional: successors, loop_bound)");
            header_fields = f.size();
            header_line = ln;
            continue;
        }
        first = false;
        if (header_fields != 0) {
            size_t needed = 0;  // up to the last of the needed columns; the optional ones may be cut off
            for (size_t k = 0; k < 3; ++k) needed = std::max(needed, column[k] + 1);
            if (f.size() < needed || f.size() > header_fields)
                return fail(error, where,
                            "expected " + (needed == header_fields ? std::to_string(needed)
                                                                   : std::to_string(needed) + " to " +
                                                                         std::to_string(header_fields)) +
                                " fields (the header on line " + std::to_string(header_line) + " names " +
                                std::to_string(header_fields) + "), found " + std::to_string(f.size()));
            std::vector<std::string> by_name(kColumns);
            for (size_t k = 0; k < kColumns; ++k)
                if (column[k] != kNone && column[k] < f.size()) by_name[k] = f[column[k]];
            f = by_name;
        } else if (f.size() < 3 || f.size() > 5) {
            return fail(error, where,
                        "expected 3 to 5 fields (wcet, is_bsb, is_reconv, successors, loop_bound), found " +
                            std::to_string(f.size()));
        }
        pws::SourceNode node{};
        if (!parse_u64(f[0], node.wcet)) return fail(error, where, "WCET '" + f[0] + "' is not a number below 2^64");
        auto flag = [&](const std::string &v, const char *what, bool &out) {
            if (v == "1" || v == "true" || v == "True") return out = true, true;
            if (v == "0" || v == "false" || v == "False") return out = false, true;
            return fail(error, where, std::string(what) + " '" + v + "' is not 0 or 1");
        };
        bool bsb = false, rec = false;
        if (!flag(f[1], "is_bsb", bsb) || !flag(f[2], "is_reconv", rec)) return false;
        node.flags = static_cast<uint8_t>((bsb ? pws::kSourceBsb : 0) | (rec ? pws::kSourceReconv : 0));
        const uint32_t row = static_cast<uint32_t>(g.nodes.size());
        if (f.size() >= 4 && !f[3].empty()) {
            std::stringstream s2(f[3]);
            std::string id;
            while (std::getline(s2, id, ';')) {
                uint64_t s = 0;
                id = trim(id);
                if (!parse_u64(id, s) || s < base) return fail(error, where, "successor '" + id + "' is not a row number");
                succ.push_back({row, s - base, ln});
            }
        }
        if (f.size() == 5 && !f[4].empty()) {
            uint32_t bound = 0;
            if (!parse_u32(f[4], bound)) return fail(error, where, "loop_bound '" + f[4] + "' is not a number below 2^32");
            g.loops.push_back(pws::SourceLoop{row, bound});
        }
        node.label = row + base;
        g.nodes.push_back(node);
        g.line.push_back(ln);
    }
    g.mark_all = true;
    for (const Ref &r : succ) {
        if (r.row >= g.nodes.size())
            return fail(error, name + ":" + std::to_string(r.line),
                        "successor " + std::to_string(r.row + base) + " is not a row (the file has " +
                            std::to_string(g.nodes.size()) + " rows)");
        g.edges.push_back(wsp_pws_edge{r.from, static_cast<uint32_t>(r.row)});
    }
    return true;
}

bool read_graph_file(const std::string &path, const std::string &format, unsigned base, SourceGraph &g,
                     std::string &error) {
    std::string f = format;
    if (f.empty()) f = path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0 ? "csv" : "text";
    if (f != "csv" && f != "text") return fail(error, "--format", "'" + format + "' is not text or csv");
    std::ifstream in(path);
    if (!in) return fail(error, path, "cannot open the file");
    const bool ok = f == "csv" ? read_graph_csv(path, in, base, g, error) : read_graph_text(path, in, g, error);
    if (ok && g.nodes.empty()) return fail(error, path, "the graph has no node");
    return ok;
}

void write_graph_text(const SourceGraph &g, std::ostream &out) {
    std::vector<std::vector<uint32_t>> succ(g.nodes.size());
    for (const wsp_pws_edge &e : g.edges) succ[e.from].push_back(e.to);
    for (size_t v = 0; v < g.nodes.size(); ++v) {
        const pws::SourceNode &n = g.nodes[v];
        out << n.label << " " << kind_word(n.flags) << " " << n.wcet << (n.split ? " split" : "");
        if (!succ[v].empty()) {
            out << " ->";
            for (uint32_t s : succ[v]) out << " " << g.nodes[s].label;
        }
        out << "\n";
    }
    for (const pws::SourceLoop &l : g.loops) out << "loop " << g.nodes[l.header].label << " " << l.bound << "\n";
}

void write_graph_csv(const SourceGraph &g, std::ostream &out) {
    std::vector<std::vector<uint32_t>> succ(g.nodes.size());
    for (const wsp_pws_edge &e : g.edges) succ[e.from].push_back(e.to);
    std::vector<uint32_t> bound(g.nodes.size(), kNoNode);
    for (const pws::SourceLoop &l : g.loops) bound[l.header] = l.bound;
    out << "wcet,is_bsb_node,is_reconv_node,successors" << (g.loops.empty() ? "" : ",loop_bound") << "\n";
    for (size_t v = 0; v < g.nodes.size(); ++v) {
        const pws::SourceNode &n = g.nodes[v];
        out << n.wcet << "," << ((n.flags & pws::kSourceBsb) ? "True" : "False") << ","
            << ((n.flags & pws::kSourceReconv) ? "True" : "False") << ",";
        for (size_t k = 0; k < succ[v].size(); ++k) out << (k ? ";" : "") << succ[v][k];
        if (!g.loops.empty()) out << "," << (bound[v] != kNoNode ? std::to_string(bound[v]) : "");
        out << "\n";
    }
}

wsp_pws_cfg Normalised::cfg() const {
    wsp_pws_cfg c{};
    c.nodes = nodes.data();
    c.node_count = static_cast<uint32_t>(nodes.size());
    c.edges = edges.data();
    c.edge_count = static_cast<uint32_t>(edges.size());
    return c;
}

std::string Normalised::name(uint32_t v) const {
    if (v < source_nodes) return std::to_string(nodes[v].label);
    switch (made[v]) {
        case pws::kMadeBsbIf:
        case pws::kMadeBsbSerial: return std::to_string(nodes[v].label) + ".bsb";
        case pws::kMadeReconv: return std::to_string(nodes[v].label) + ".rec";
        default: return "exit";
    }
}

wsp_status normalise_graph(const SourceGraph &g, Normalised &out, wsp_diag *diag) {
    const pws::SourceCfg src = g.view();
    uint32_t cap_nodes = 0, cap_edges = 0;
    if (!pws::normal_form_capacity(src.node_count, src.edge_count, &cap_nodes, &cap_edges)) {
        if (diag != nullptr) {
            *diag = wsp_diag{};
            diag->status = WSP_ERR_RANGE;
            snprintf(diag->message, sizeof diag->message, "the graph is too large to normalise");
        }
        return WSP_ERR_RANGE;
    }
    std::vector<uint64_t> ws(pws::normalise_workspace(src.node_count, src.edge_count) / 8 + 1);
    out = Normalised{};
    out.nodes.resize(cap_nodes);
    out.made.resize(cap_nodes);
    out.owner.resize(cap_nodes);
    out.multiplicity.resize(cap_nodes);
    out.edges.resize(cap_edges);
    out.edge_origin.resize(cap_edges);
    out.back_edges.resize(src.loop_count + 1);
    out.back_bound.resize(src.loop_count + 1);
    pws::NormalForm f{};
    f.nodes = out.nodes.data();
    f.made = out.made.data();
    f.owner = out.owner.data();
    f.multiplicity = out.multiplicity.data();
    f.node_capacity = cap_nodes;
    f.edges = out.edges.data();
    f.edge_origin = out.edge_origin.data();
    f.edge_capacity = cap_edges;
    f.back_edges = out.back_edges.data();
    f.back_bound = out.back_bound.data();
    f.back_capacity = src.loop_count + 1;
    const wsp_status st = pws::normalise(&src, ws.data(), ws.size() * 8, &f, diag);
    if (st != WSP_OK) return st;
    out.nodes.resize(f.node_count);
    out.made.resize(f.node_count);
    out.owner.resize(f.node_count);
    out.multiplicity.resize(f.node_count);
    out.edges.resize(f.edge_count);
    out.edge_origin.resize(f.edge_count);
    out.back_edges.resize(f.back_edge_count);
    out.back_bound.resize(f.back_edge_count);
    out.counts = f.counts;
    out.source_nodes = src.node_count;
    return WSP_OK;
}

void write_normal_form(const SourceGraph &g, const Normalised &n, std::ostream &out) {
    uint32_t next_id = 0;
    for (const pws::SourceNode &s : g.nodes) next_id = s.label >= next_id ? s.label + 1 : next_id;
    std::vector<uint32_t> id(n.nodes.size());
    for (uint32_t v = 0; v < n.nodes.size(); ++v) id[v] = v < n.source_nodes ? g.nodes[v].label : next_id++;
    std::vector<std::vector<uint32_t>> succ(n.nodes.size());
    for (const wsp_pws_edge &e : n.edges) succ[e.from].push_back(e.to);
    for (const wsp_pws_edge &e : n.back_edges) succ[e.from].push_back(e.to);
    static const char *const kinds[] = {"block", "branch", "bsb", "reconv"};
    const pws::NormalCounts &c = n.counts;
    out << "# the normal form (strict: branch -> path 1 -> BSB -> path 2 -> reconvergence node): "
        << n.nodes.size() << " nodes, " << n.edges.size() + n.back_edges.size() << " edges\n"
        << "# added: " << c.bsb_if << (c.bsb_if == 1 ? " BSB" : " BSBs") << " for an if without else, " << c.bsb_serial
        << (c.bsb_serial == 1 ? " BSB" : " BSBs") << " serialising two-sided branches, " << c.reconv
        << (c.reconv == 1 ? " reconvergence node, " : " reconvergence nodes, ") << c.exits << (c.exits == 1 ? " exit\n" : " exits\n");
    if (c.lone_bsbs != 0 || c.dropped_marks != 0)
        out << "# " << c.lone_bsbs << " BSBs without a branch of their own (branches never split), " << c.dropped_marks
            << " split marks on nodes that are not branches (dropped)\n";
    for (uint32_t v = 0; v < n.nodes.size(); ++v) {
        const wsp_pws_node &node = n.nodes[v];
        std::ostringstream line;
        // A BSB that no branch owns stays a BSB in the file, so that reading it back gives the same.
        const char *kind = n.made[v] == pws::kMadeLoneBsb ? "bsb" : kinds[node.kind];
        line << id[v] << " " << kind << " " << node.wcet << (node.split ? " split" : "");
        if (!succ[v].empty()) {
            line << " ->";
            for (uint32_t s : succ[v]) line << " " << id[s];
        }
        std::string text = line.str();
        if (text.size() < 32) text.resize(32, ' ');
        out << text << "  # ";
        const std::string owner = n.owner[v] != kNoNode ? std::to_string(g.nodes[n.owner[v]].label) : "";
        switch (n.made[v]) {
            case pws::kMadeSource: out << "node " << owner; break;
            case pws::kMadeLoneBsb: out << "node " << owner << ", a BSB no branch owns: a branch never split"; break;
            case pws::kMadeBsbIf: out << "added: BSB of branch " << owner << " (no else)"; break;
            case pws::kMadeBsbSerial: out << "added: BSB serialising the two sides of branch " << owner; break;
            case pws::kMadeReconv: out << "added: reconvergence node of branch " << owner; break;
            default: out << "added: the exit joining the sinks"; break;
        }
        if (n.multiplicity[v] > 1) out << "; runs " << n.multiplicity[v] << " times";
        out << "\n";
    }
    for (size_t k = 0; k < n.back_edges.size(); ++k)
        out << "loop " << id[n.back_edges[k].to] << " " << n.back_bound[k] << "\n";
}

}  // namespace host
}  // namespace wsp
