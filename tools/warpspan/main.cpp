// warpspan: the host command-line tool over the core library.
#include <iostream>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "figures.hpp"
#include "options.hpp"
#include "ipet_command.hpp"
#include "ptx_command.hpp"
#include "pws_command.hpp"
#include "report.hpp"
#include "table_command.hpp"
#include "warpspan_host.h"

int main(int argc, char **argv) {
    using namespace wsp_cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "ptx") return ptx_main(std::vector<std::string>(args.begin() + 1, args.end()));
    if (!args.empty() && args[0] == "pws") return pws_main(std::vector<std::string>(args.begin() + 1, args.end()));
    if (!args.empty() && args[0] == "ipet") return ipet_main(std::vector<std::string>(args.begin() + 1, args.end()));
    if (!args.empty() && args[0] == "table")
        return table_main(std::vector<std::string>(args.begin() + 1, args.end()));
    return analysis_main(args);
}

// The main command; `warpspan ptx` with analysis flags comes here too.
int wsp_cli::analysis_main(const std::vector<std::string> &args) {
    using namespace wsp_cli;
    Settings settings;
    Action action = Action::kAnalyse;
    Error error{kExitOk, ""};
    if (!parse_arguments(args, settings, action, error)) {
        std::cerr << "warpspan: error: " << error.message << "\n";
        return error.exit;
    }
    if (action == Action::kHelp) {
        std::cout << usage_text();
        return kExitOk;
    }
    if (action == Action::kVersion) {
        std::cout << "warpspan " << wsp_version() << "\n"
                  << (wsp_host_ilp_available() ? "ilp: lp_solve (--method ilp, --write-lp)\n"
                                               : "ilp: not built (no lp_solve)\n");
        return kExitOk;
    }
    Analysis analysis;
    if (!analyse(settings, analysis, error)) {
        std::cerr << "warpspan: error: " << error.message << "\n";
        return error.exit;
    }
    if (!write_figures(settings, analysis, error)) {
        std::cerr << "warpspan: error: " << error.message << "\n";
        return error.exit;
    }
    if (settings.json)
        write_json(std::cout, settings, analysis);
    else
        write_text(std::cout, settings, analysis);
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "warpspan: error: cannot write the output\n";
        return kExitInternal;
    }
    return kExitOk;
}
