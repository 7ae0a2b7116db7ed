// The documents generated from the flag table at build time, not part of the warpspan binary: the man
// page docs/warpspan.1, bash completion tools/completion/warpspan.bash and the reference docs/cli.md.
// The committed files are compared with these renderings by the tests (test_cli_parts);
// `cmake --build build/host --target cli-docs` rewrites them (main.cpp).
#ifndef WSP_CLI_DOCGEN_DOCS_HPP
#define WSP_CLI_DOCGEN_DOCS_HPP

#include <string>

namespace wsp_cli {

std::string man_page();
std::string bash_completion();
std::string cli_reference();

}  // namespace wsp_cli

#endif
