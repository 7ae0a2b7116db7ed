// warpspan_docgen man|bash|markdown [FILE] | help [COMMAND]: a rendering of the flag table on stdout
// or into FILE (whole or not at all), for the build step that writes docs/warpspan.1,
// tools/completion/warpspan.bash and docs/cli.md (cmake --build build/host --target cli-docs).
#include <cstdio>
#include <string>
#include <vector>

#include "docs.hpp"
#include "flag_docs.hpp"
#include "flag_parser.hpp"
#include "output_file.hpp"

int main(int argc, char **argv) {
    using namespace wsp_cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    std::string text;
    const bool file = args.size() == 2 && args[0] != "help";
    if ((args.size() == 1 || file) && args[0] == "man") text = man_page();
    else if ((args.size() == 1 || file) && args[0] == "bash") text = bash_completion();
    else if ((args.size() == 1 || file) && args[0] == "markdown") text = cli_reference();
    else if (!args.empty() && args[0] == "help") {
        Command command = Command::kAnalyse;
        Failure failure;
        if (args.size() > 1 && !command_named(std::vector<std::string>(args.begin() + 1, args.end()), command, failure))
            return report_failure(failure, false);
        text = help_text(command);
    } else {
        std::fprintf(stderr, "usage: warpspan_docgen man|bash|markdown [FILE] | help [COMMAND]\n");
        return static_cast<int>(ExitCode::kUsage);
    }
    Failure failure;
    if (file) {
        OutputFile out;
        if (!out.open(args[1], args[0], failure) || !out.write(text, failure) || !out.commit(failure))
            return report_failure(failure, false);
        return 0;
    }
    if (!write_stream(stdout, text, "stdout", failure)) return report_failure(failure, false);
    return 0;
}
