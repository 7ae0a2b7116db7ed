// `warpspan ipet GRAPH`: a WCET by the implicit path enumeration technique (wsp_host_ipet_solve) on a
// graph file with loop bounds (lib/host/ipet/graph_file.hpp). A solve stopped by --timeout claims no
// WCET: the result says so and the exit status is 1.
#include <sstream>

#include "commands.hpp"
#include "host/ipet/graph_file.hpp"
#include "plural.hpp"
#include "tool_identity.hpp"

namespace wsp_cli {

bool ipet_command(const ParsedArgs &a, ExitCode &exit, Failure &failure) {
    const std::string &path = a.operands[0];
    if (!wsp_host_ilp_available())
        return failure = cli_failure(ExitCode::kUnavailable, "warpspan ipet",
                                     "not available in this build: warpspan was built without lp_solve (install "
                                     "liblpsolve55-dev and lp-solve and rebuild)"),
               false;
    wsp::host::IpetFile f;
    unsigned line = 0;
    std::string message;
    if (!wsp::host::read_ipet_file(path, f, line, message)) {
        failure = cli_failure(ExitCode::kInput, line ? path + ":" + std::to_string(line) : path, message, "ipet_graph");
        failure.line = line;
        return false;
    }
    const wsp_host_ipet_graph g = f.graph();
    wsp_host_ipet_options o{};
    o.seconds = a.has(Flag::kIpetTimeout) ? a.decimal(Flag::kIpetTimeout) : 0;
    std::vector<uint64_t> counts(f.wcet.size(), 0);
    wsp_host_ipet_result r{};
    wsp_diag d{};
    const wsp_status s = wsp_host_ipet_solve(&g, &o, counts.data(), &r, &d);
    if (s != WSP_OK) return failure = library_failure(s, d, path), false;
    const bool optimal = r.stop == WSP_STOP_FINISHED;
    exit = optimal ? ExitCode::kOk : ExitCode::kInput;
    std::ostringstream out;
    if (a.given(Flag::kJson)) {
        JsonWriter j;
        j.begin_object();
        write_identity(j);
        j.member("time_unit", "cycles").member("input_graph", path).member("status", optimal ? "optimal" : "timeout");
        j.key("wcet");
        if (optimal)
            j.unsigned_integer(r.wcet);
        else
            j.null();
        j.member("back_edges", r.back_edges).member("seconds", r.seconds, 6).key("counts").begin_object(JsonWriter::Layout::kInline);
        for (size_t v = 0; v < counts.size(); ++v) j.member(std::to_string(f.label[v]), counts[v]);
        out << j.end_object().end_object().text();
    } else {
        out << "warpspan " << wsp_version() << ": WCET by IPET (ILP, lp_solve)\n\n"
            << "graph     " << path << ": " << plural(f.wcet.size(), "node", "nodes") << ", "
            << plural(f.edges.size(), "edge", "edges") << ", " << plural(r.back_edges, "back edge", "back edges") << ", "
            << plural(f.loops.size(), "loop bound", "loop bounds") << "\n";
        if (!optimal) {
            out << "status    timeout: no WCET (a path found so far is not a bound)\n";
        } else {
            out << "WCET      " << r.wcet << " cycles (IPET maximum, " << r.seconds << " s)\n"
                << "counts   ";
            for (size_t v = 0; v < counts.size(); ++v) out << " " << f.label[v] << ":" << counts[v];
            out << "\n";
        }
    }
    return write_stream(stdout, out.str(), "stdout", failure);
}

}  // namespace wsp_cli
