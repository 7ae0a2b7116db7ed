// `warpspan ipet GRAPH [--timeout S] [--json]`. The graph file, one item per line, '#' comments:
//   node ID WCET        a basic block (ID: a non-negative integer name, WCET in cycles)
//   edge FROM TO        control flow
//   loop HEADER BOUND   the back edges into HEADER are taken at most BOUND times per entry
//   entry ID / exit ID  optional: by default the only node without in-edges / out-edges
#include "ipet_command.hpp"

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "config_file.hpp"
#include "warpspan_host.h"

namespace wsp_cli {

namespace {

int fail(const Error &e) {
    std::cerr << "warpspan: error: " << e.message << "\n";
    return e.exit;
}

struct File {
    std::vector<uint64_t> wcet;
    std::vector<uint32_t> label;
    std::vector<wsp_pws_edge> edges;
    std::vector<wsp_host_ipet_loop> loops;
    std::map<uint64_t, uint32_t> index;
    int64_t entry = -1, exit = -1;
};

bool read_graph(const std::string &path, File &f, Error &error) {
    std::ifstream in(path);
    if (!in) return error = {kExitInput, path + ": cannot open the file"}, false;
    std::string raw;
    struct Pending {
        std::string kind;
        uint64_t a, b;
        unsigned line;
    };
    std::vector<Pending> refs;
    for (unsigned ln = 1; std::getline(in, raw); ++ln) {
        const std::string where = path + ":" + std::to_string(ln) + ": ";
        std::stringstream ss(raw.substr(0, raw.find('#')));
        std::vector<std::string> w;
        for (std::string t; ss >> t;) w.push_back(t);
        if (w.empty()) continue;
        uint64_t a = 0, b = 0;
        const bool two = w.size() == 3 && parse_u64(w[1], a) && parse_u64(w[2], b);
        const bool one = w.size() == 2 && parse_u64(w[1], a);
        if (w[0] == "node" && two) {
            if (a > UINT32_MAX) return error = {kExitInput, where + "node ids are at most 4294967295"}, false;
            if (f.index.count(a)) return error = {kExitInput, where + "node " + w[1] + " is defined twice"}, false;
            f.index[a] = static_cast<uint32_t>(f.wcet.size());
            f.wcet.push_back(b);
            f.label.push_back(static_cast<uint32_t>(a));
        } else if ((w[0] == "edge" || w[0] == "loop") && two) {
            refs.push_back({w[0], a, b, ln});
        } else if ((w[0] == "entry" || w[0] == "exit") && one) {
            refs.push_back({w[0], a, 0, ln});
        } else {
            return error = {kExitInput, where + "expected 'node ID WCET', 'edge FROM TO', 'loop HEADER BOUND', "
                                                "'entry ID' or 'exit ID' (non-negative integers)"}, false;
        }
    }
    for (const Pending &r : refs) {
        const std::string where = path + ":" + std::to_string(r.line) + ": ";
        auto node = [&](uint64_t id, uint32_t &out) {
            auto it = f.index.find(id);
            if (it == f.index.end()) return error = {kExitInput, where + "no node " + std::to_string(id)}, false;
            out = it->second;
            return true;
        };
        uint32_t x = 0, y = 0;
        if (!node(r.a, x)) return false;
        if (r.kind == "edge") {
            if (!node(r.b, y)) return false;
            f.edges.push_back(wsp_pws_edge{x, y});
        } else if (r.kind == "loop") {
            f.loops.push_back(wsp_host_ipet_loop{x, 0, r.b});
        } else {
            (r.kind == "entry" ? f.entry : f.exit) = x;
        }
    }
    if (f.wcet.empty()) return error = {kExitInput, path + ": the graph has no node"}, false;
    for (int end = 0; end < 2; ++end) {
        int64_t &which = end == 0 ? f.entry : f.exit;
        if (which >= 0) continue;
        std::vector<bool> has(f.wcet.size(), false);
        for (const wsp_pws_edge &e : f.edges) has[end == 0 ? e.to : e.from] = true;
        for (size_t v = 0; v < has.size(); ++v)
            if (!has[v]) {
                if (which >= 0)
                    return error = {kExitInput, path + ": more than one node without " +
                                                    (end == 0 ? "in-edges: say 'entry ID'" : "out-edges: say 'exit ID'")},
                           false;
                which = static_cast<int64_t>(v);
            }
        if (which < 0)
            return error = {kExitInput, path + ": no node without " +
                                            std::string(end == 0 ? "in-edges: say 'entry ID'" : "out-edges: say 'exit ID'")},
                   false;
    }
    return true;
}

}  // namespace

int ipet_main(const std::vector<std::string> &args) {
    std::string path;
    bool json = false;
    double seconds = 0;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: warpspan ipet GRAPH [--timeout S] [--json]\n"
                         "GRAPH lines: node ID WCET | edge FROM TO | loop HEADER BOUND | entry ID | exit ID\n";
            return kExitOk;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--timeout" && i + 1 < args.size()) {
            char *end = nullptr;
            seconds = std::strtod(args[++i].c_str(), &end);
            if (*end != '\0' || !(seconds > 0))
                return fail({kExitInput, "--timeout: '" + args[i] + "' is not a positive number of seconds"});
        } else if (a.rfind("-", 0) == 0) {
            return fail({kExitInput, "ipet: unknown option '" + a + "'"});
        } else if (!path.empty()) {
            return fail({kExitInput, "ipet: more than one graph file"});
        } else {
            path = a;
        }
    }
    if (path.empty()) return fail({kExitInput, "ipet: no graph file (warpspan ipet --help)"});
    if (!wsp_host_ilp_available())
        return fail({kExitNotBuilt, "ipet is not available in this build: warpspan was built without lp_solve "
                                    "(install liblpsolve55-dev and lp-solve and rebuild)"});
    File f;
    Error error{kExitOk, ""};
    if (!read_graph(path, f, error)) return fail(error);
    wsp_host_ipet_graph g{};
    g.wcet = f.wcet.data();
    g.node_count = static_cast<uint32_t>(f.wcet.size());
    g.edges = f.edges.data();
    g.edge_count = static_cast<uint32_t>(f.edges.size());
    g.entry = static_cast<uint32_t>(f.entry);
    g.exit = static_cast<uint32_t>(f.exit);
    g.loops = f.loops.data();
    g.loop_count = static_cast<uint32_t>(f.loops.size());
    g.labels = f.label.data();
    wsp_host_ipet_options o{};
    o.seconds = seconds;
    std::vector<uint64_t> counts(f.wcet.size(), 0);
    wsp_host_ipet_result r{};
    wsp_diag d{};
    const wsp_status s = wsp_host_ipet_solve(&g, &o, counts.data(), &r, &d);
    if (s != WSP_OK) {
        return fail({s == WSP_ERR_INTERNAL ? kExitInternal : kExitInput,
                     path + ": " + (d.message[0] ? d.message : wsp_strerror(s))});
    }
    const bool optimal = r.stop == WSP_STOP_FINISHED;
    if (json) {
        std::cout << "{\"status\": \"" << (optimal ? "optimal" : "timeout") << "\", \"wcet\": "
                  << (optimal ? std::to_string(r.wcet) : "null") << ", \"back_edges\": " << r.back_edges
                  << ", \"seconds\": " << r.seconds << ", \"counts\": {";
        for (size_t v = 0; v < counts.size(); ++v)
            std::cout << (v ? ", " : "") << "\"" << f.label[v] << "\": " << counts[v];
        std::cout << "}}\n";
    } else {
        std::cout << "warpspan " << wsp_version() << ": WCET by IPET (ILP, lp_solve)\n\n"
                  << "graph     " << path << ": " << f.wcet.size() << " nodes, " << f.edges.size() << " edges, "
                  << r.back_edges << " back edges, " << f.loops.size() << " loop bounds\n";
        if (!optimal) {
            std::cout << "status    timeout: no WCET (a path found so far is not a bound)\n";
        } else {
            std::cout << "WCET      " << r.wcet << " cycles (IPET maximum, " << r.seconds << " s)\n"
                      << "counts   ";
            for (size_t v = 0; v < counts.size(); ++v) std::cout << " " << f.label[v] << ":" << counts[v];
            std::cout << "\n";
        }
    }
    std::cout.flush();
    if (!optimal) return kExitInput;
    return std::cout ? kExitOk : kExitInternal;
}

}  // namespace wsp_cli
