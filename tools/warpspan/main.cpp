// warpspan: the host command-line tool over the library. The command line is parsed against the flag
// table (flag_table.hpp), every error is a Failure (text on stderr, or a JSON object on stdout with
// --json), and each command is a function of the parsed arguments.
#include <cstdio>
#include <new>
#include <string>
#include <unistd.h>
#include <vector>

#include "analysis_command.hpp"
#include "commands.hpp"
#include "flag_docs.hpp"
#include "interrupt.hpp"

namespace {

// Nothing in the tool catches: an allocation that fails anywhere (a long kernel's strings, a job
// array, a report) ends the process here with its own message and exit status, never std::bad_alloc.
// Only async-signal-safe calls: the heap is exhausted.
void out_of_memory() {
    static const char kMessage[] = "warpspan: error: out of memory (exit 71)\n";
    ssize_t ignored = write(2, kMessage, sizeof kMessage - 1);
    (void)ignored;
    _exit(static_cast<int>(wsp_cli::ExitCode::kMemory));
}

}  // namespace

int main(int argc, char **argv) {
    using namespace wsp_cli;
    std::set_new_handler(out_of_memory);
    const std::vector<std::string> args(argv + 1, argv + argc);
    const bool json = json_requested(args);
    install_interrupt_handler();
    ParsedArgs a;
    Failure failure;
    if (!parse_command_line(args, a, failure)) return report_failure(failure, json);
    ExitCode exit = ExitCode::kOk;
    bool ok = true;
    if (a.help || a.command == Command::kHelp) {
        Command about = a.help ? a.command : Command::kAnalyse;
        if (!a.help && !a.operands.empty()) command_named(a.operands, about, failure);
        ok = write_stream(stdout, help_text(about), "stdout", failure);
    } else {
        switch (a.command) {
            case Command::kAnalyse: ok = analysis_command(a, exit, failure); break;
            case Command::kPtx: ok = ptx_command(a, exit, failure); break;
            case Command::kPws: ok = pws_command(a, exit, failure); break;
            case Command::kIpet: ok = ipet_command(a, exit, failure); break;
            case Command::kTable: ok = table_command(a, exit, failure); break;
            case Command::kMerge: ok = merge_command(a, exit, failure); break;
            case Command::kHelp: break;
        }
    }
    return ok ? static_cast<int>(exit) : report_failure(failure, json);
}
