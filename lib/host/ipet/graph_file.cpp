// See graph_file.hpp.
#include "host/ipet/graph_file.hpp"

#include <fstream>
#include <sstream>

namespace wsp {
namespace host {
namespace {

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

bool fail(unsigned &line, std::string &error, unsigned at, const std::string &what) {
    line = at;
    error = what;
    return false;
}

}  // namespace

wsp_host_ipet_graph IpetFile::graph() const {
    wsp_host_ipet_graph g{};
    g.wcet = wcet.data();
    g.node_count = static_cast<uint32_t>(wcet.size());
    g.edges = edges.data();
    g.edge_count = static_cast<uint32_t>(edges.size());
    g.entry = entry;
    g.exit = exit;
    g.loops = loops.data();
    g.loop_count = static_cast<uint32_t>(loops.size());
    g.labels = label.data();
    return g;
}

bool read_ipet_file(const std::string &path, IpetFile &f, unsigned &line, std::string &error) {
    std::ifstream in(path);
    if (!in) return fail(line, error, 0, "cannot open the file");
    struct Pending {
        std::string kind;
        uint64_t a, b;
        unsigned line;
    };
    std::vector<Pending> refs;
    std::map<uint64_t, uint32_t> index;
    std::string raw;
    for (unsigned ln = 1; std::getline(in, raw); ++ln) {
        std::stringstream ss(raw.substr(0, raw.find('#')));
        std::vector<std::string> w;
        for (std::string t; ss >> t;) w.push_back(t);
        if (w.empty()) continue;
        uint64_t a = 0, b = 0;
        const bool two = w.size() == 3 && parse_u64(w[1], a) && parse_u64(w[2], b);
        const bool one = w.size() == 2 && parse_u64(w[1], a);
        if (w[0] == "node" && two) {
            if (a > UINT32_MAX) return fail(line, error, ln, "node ids are at most 4294967295");
            if (index.count(a)) return fail(line, error, ln, "node " + w[1] + " is defined twice");
            index[a] = static_cast<uint32_t>(f.wcet.size());
            f.wcet.push_back(b);
            f.label.push_back(static_cast<uint32_t>(a));
        } else if ((w[0] == "edge" || w[0] == "loop") && two) {
            refs.push_back({w[0], a, b, ln});
        } else if ((w[0] == "entry" || w[0] == "exit") && one) {
            refs.push_back({w[0], a, 0, ln});
        } else {
            return fail(line, error, ln,
                        "expected 'node ID WCET', 'edge FROM TO', 'loop HEADER BOUND', 'entry ID' or 'exit ID' "
                        "(non-negative integers)");
        }
    }
    int64_t ends[2] = {-1, -1};  // entry, exit
    for (const Pending &r : refs) {
        uint32_t x = 0, y = 0;
        auto node = [&](uint64_t id, uint32_t &out) {
            const auto it = index.find(id);
            if (it == index.end()) return fail(line, error, r.line, "no node " + std::to_string(id));
            out = it->second;
            return true;
        };
        if (!node(r.a, x)) return false;
        if (r.kind == "edge") {
            if (!node(r.b, y)) return false;
            f.edges.push_back(wsp_pws_edge{x, y});
        } else if (r.kind == "loop") {
            f.loops.push_back(wsp_host_ipet_loop{x, 0, r.b});
        } else {
            ends[r.kind == "entry" ? 0 : 1] = x;
        }
    }
    if (f.wcet.empty()) return fail(line, error, 0, "the graph has no node");
    for (int end = 0; end < 2; ++end) {
        const char *say = end == 0 ? "in-edges: say 'entry ID'" : "out-edges: say 'exit ID'";
        if (ends[end] < 0) {
            std::vector<bool> has(f.wcet.size(), false);
            for (const wsp_pws_edge &e : f.edges) has[end == 0 ? e.to : e.from] = true;
            for (size_t v = 0; v < has.size(); ++v)
                if (!has[v]) {
                    if (ends[end] >= 0) return fail(line, error, 0, std::string("more than one node without ") + say);
                    ends[end] = static_cast<int64_t>(v);
                }
            if (ends[end] < 0) return fail(line, error, 0, std::string("no node without ") + say);
        }
    }
    f.entry = static_cast<uint32_t>(ends[0]);
    f.exit = static_cast<uint32_t>(ends[1]);
    return true;
}

}  // namespace host
}  // namespace wsp
