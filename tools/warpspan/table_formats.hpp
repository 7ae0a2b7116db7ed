// The formats of `warpspan table` (docs/formats.md): a C99 header, CSV, JSON, the partial JSON of a
// shard that `warpspan table merge` reads back, and the SVG of every entry's bracket against W.
// Without --timing every output depends only on the inputs and the options.
#ifndef WSP_CLI_TABLE_FORMATS_HPP
#define WSP_CLI_TABLE_FORMATS_HPP

#include <string>
#include <vector>

#include "failure.hpp"
#include "flag_parser.hpp"
#include "host/table/table.hpp"
#include "output_file.hpp"

namespace wsp_cli {

struct Shard {
    unsigned index = 0, count = 0;  // 1-based i of n; count 0: not sharded
};

// Where a table goes and how: -o (opened before any work, whole or not at all) or stdout, the format
// from --format or the -o name, the header's guard, --timing, and --svg.
struct TableOutputs {
    TableFormat format = TableFormat::kCsv;
    std::string guard;
    bool timing = false;
    OutputFile file;  // -o; not open: stdout
    OutputFile svg;   // --svg; not open: none
};
bool open_table_outputs(const ParsedArgs &a, TableOutputs &out, Failure &failure);

// The table as text; a shard's part is the partial JSON whatever the format.
std::string table_text(const wsp::host::TableInfo &t, const std::vector<wsp::host::EntryResult> &results,
                       const TableOutputs &out, const Shard &shard);
// Every entry's bracket against W, one panel per kernel (svg_bracket.hpp).
std::string table_svg(const wsp::host::TableInfo &t, const std::vector<wsp::host::EntryResult> &results);

// Writes and commits the outputs.
bool write_table(const wsp::host::TableInfo &t, const std::vector<wsp::host::EntryResult> &results,
                 TableOutputs &out, const Shard &shard, Failure &failure);

}  // namespace wsp_cli

#endif
