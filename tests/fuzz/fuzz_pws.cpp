// libFuzzer target: PWS graph files (lib/host/pws: the text format and the CSV) on arbitrary bytes,
// then the whole analysis as `warpspan pws` runs it: normalisation, Select, the optimal split points.
// The first byte chooses the format, the CSV numbering and S. Checks: no crash, no leak, no undefined
// behaviour; an error always has a message and is never internal; a result keeps every path (the
// serialised WCET is at least the longest path of an acyclic input) and the optimum is never above
// Select.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "host/pws/analysis.hpp"
#include "host/pws/generate.hpp"
#include "host/pws/graph.hpp"

namespace {
void check(bool ok) {
    if (!ok) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const uint8_t mode = data[0];
    std::istringstream in(std::string(reinterpret_cast<const char *>(data) + 1, size - 1));
    wsp::host::SourceGraph g;
    std::string error;
    const bool csv = mode & 1u;
    const bool ok = csv ? wsp::host::read_graph_csv("fuzz.csv", in, (mode >> 1) & 1u, g, error)
                        : wsp::host::read_graph_text("fuzz.pws", in, g, error);
    if (!ok) {
        check(!error.empty());
        return 0;
    }
    if (g.nodes.empty() || g.nodes.size() > 200) return 0;
    wsp::host::PwsRequest rq;
    rq.params.spsimds = (mode >> 2) & 3u;
    rq.params.wf_contexts = 1;
    rq.params.wf_size = 64;
    rq.params.wg_size = 64;
    rq.params.workgroups = 1 + ((mode >> 4) & 15u);
    rq.params.split_cost = (mode >> 7) & 1u;
    rq.split = wsp::host::SplitChoice::kAll;
    wsp::host::PwsResult r;
    wsp::host::PwsError e;
    if (!wsp::host::analyse_graph(g, rq, r, e)) {
        check(!e.message.empty() && e.kind == wsp::host::PwsError::kInput);
        return 0;
    }
    check(r.optimal.kernel.kernel_pws <= r.select.kernel.kernel_pws);
    if (g.loops.empty()) {
        const uint64_t lp = wsp::host::longest_path(g);
        check(lp == UINT64_MAX || lp <= r.full);
    }
    return 0;
}
