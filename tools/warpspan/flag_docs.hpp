// Everything a person reads about the command line, generated from the flag table (flag_table.hpp)
// and the exit codes (exit_codes.hpp): --help and `warpspan help COMMAND` (help_text.cpp), the man
// page docs/warpspan.1 (man_page.cpp), bash completion tools/completion/warpspan.bash
// (bash_completion.cpp) and the reference docs/cli.md (cli_reference.cpp). The committed files are
// compared with these renderings by the tests; `cmake --build build/host --target cli-docs` rewrites
// them.
#ifndef WSP_CLI_FLAG_DOCS_HPP
#define WSP_CLI_FLAG_DOCS_HPP

#include <string>
#include <vector>

#include "flag_table.hpp"

namespace wsp_cli {

// --help of `command`; the main command's also lists the other commands and the exit codes.
std::string help_text(Command command);
std::string man_page();
std::string bash_completion();
std::string cli_reference();

// Pieces shared by the renderers.
// "--warps W", "-o, --output FILE", "--json".
std::string flag_usage(const FlagSpec &spec);
// What values a flag takes and its default, e.g. "1..65536", "one of: short, long; default short";
// empty for a switch or a free-form value.
std::string value_summary(const FlagSpec &spec);
// The help text with the value summary appended in brackets: "... [1..65536]".
std::string flag_description(const FlagSpec &spec);
// `text` broken into lines of at most `width` characters (longer words stay whole).
std::vector<std::string> wrap_words(const std::string &text, size_t width);
// The group headings: "problem", "analysis", ...
const char *group_title(Group group);

}  // namespace wsp_cli

#endif
