// `warpspan table`: WCET tables T(W) for W = 1..N of one kernel/configuration or of every line of a
// table spec file, one column per method (bound, exact, anneal), as a C header, CSV or JSON; parallel
// over the entries; `--shard i/n` writes a partial result and `warpspan table merge PART...` joins
// the parts into the full table (README, "WCET tables").
#ifndef WSP_CLI_TABLE_COMMAND_HPP
#define WSP_CLI_TABLE_COMMAND_HPP

#include <string>
#include <vector>

namespace wsp_cli {

// The arguments after the word `table` (`merge` as the first one selects the merge step).
int table_main(const std::vector<std::string> &args);

}  // namespace wsp_cli

#endif
