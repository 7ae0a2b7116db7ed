// Ctrl-C. The first SIGINT only sets a flag (the handler is async-signal-safe): the long-running
// methods poll it through their progress callbacks and stop with WSP_STOP_CANCELLED, so the command
// still prints and saves the best bracket found so far, then exits with status 130. A second Ctrl-C
// exits at once with 130, after removing the temporary files of outputs not yet committed
// (output_file.hpp registers them here), so that no half-written file is left behind.
#ifndef WSP_CLI_INTERRUPT_HPP
#define WSP_CLI_INTERRUPT_HPP

#include <cstdint>
#include <string>

namespace wsp_cli {

// Installs the SIGINT handler; calling it again does nothing.
void install_interrupt_handler();

// True once Ctrl-C was pressed.
bool interrupt_requested();

// What a progress callback returns: WSP_STOP_CANCELLED after Ctrl-C, else 0.
uint32_t interrupt_stop();

// Temporary files the second Ctrl-C removes (from the thread that opens outputs only).
// register_temporary returns a slot, or -1 when all are taken: the file is then removed by its owner
// only.
int register_temporary(const std::string &path);
void unregister_temporary(int slot);

// For tests: forget an earlier Ctrl-C.
void reset_interrupt();

}  // namespace wsp_cli

#endif
