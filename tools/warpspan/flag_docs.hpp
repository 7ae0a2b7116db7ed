// What a person reads about the command line, generated from the flag table (flag_table.hpp) and
// the exit codes (exit_codes.hpp): --help and `warpspan help COMMAND` (help_text.cpp), and the pieces
// the documents of docgen/ (the man page, bash completion, docs/cli.md) share with it.
#ifndef WSP_CLI_FLAG_DOCS_HPP
#define WSP_CLI_FLAG_DOCS_HPP

#include <string>
#include <vector>

#include "flag_table.hpp"

namespace wsp_cli {

// --help of `command`; the main command's also lists the other commands and the exit codes.
std::string help_text(Command command);

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
