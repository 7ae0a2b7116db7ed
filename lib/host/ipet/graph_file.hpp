// IPET graph files (`warpspan ipet GRAPH`, docs/formats.md), one item per line, `#` comments:
//   node ID WCET        a basic block (ID: a non-negative integer name below 2^32, WCET in cycles)
//   edge FROM TO        control flow
//   loop HEADER BOUND   the back edges into HEADER are taken at most BOUND times per entry
//   entry ID / exit ID  optional: by default the only node without in-edges / out-edges
// read into the arrays of wsp_host_ipet_graph. Internal C++ interface; it allocates.
#ifndef WSP_HOST_IPET_GRAPH_FILE_HPP
#define WSP_HOST_IPET_GRAPH_FILE_HPP

#include <stdint.h>

#include <map>
#include <string>
#include <vector>

#include "warpspan_host.h"

namespace wsp {
namespace host {

struct IpetFile {
    std::vector<uint64_t> wcet;
    std::vector<uint32_t> label;  // each node's ID in the file
    std::vector<wsp_pws_edge> edges;
    std::vector<wsp_host_ipet_loop> loops;
    uint32_t entry = 0, exit = 0;

    wsp_host_ipet_graph graph() const;  // views the vectors: keep the file alive while it is used
};

// False with `line` (1-based, 0 for the file as a whole) and `error` (without the file name) on the
// first problem.
bool read_ipet_file(const std::string &path, IpetFile &out, unsigned &line, std::string &error);

}  // namespace host
}  // namespace wsp

#endif
