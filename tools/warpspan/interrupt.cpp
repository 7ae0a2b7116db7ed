#include "interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

#include "warpspan.h"
#include "exit_codes.hpp"

namespace wsp_cli {
namespace {

constexpr int kSlots = 16;
constexpr size_t kPathMax = 4096;

// State shared with the signal handler: lock-free atomics and fixed arrays only. A slot's path is
// written before its flag is set and cleared after, so the handler never reads a path being written.
std::atomic<int> g_interrupts{0};
std::atomic<bool> g_installed{false};
std::atomic<bool> g_slot_used[kSlots];
char g_slot_path[kSlots][kPathMax];
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the signal handler needs lock-free atomics");

void write_stderr(const char *text) {
    const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;
}

extern "C" void on_sigint(int) {
    if (g_interrupts.fetch_add(1) == 0) {
        write_stderr("\nwarpspan: interrupted: stopping with the best result so far (Ctrl-C again to quit now)\n");
        return;
    }
    for (int i = 0; i < kSlots; ++i)
        if (g_slot_used[i].load()) ::unlink(g_slot_path[i]);
    write_stderr("\nwarpspan: interrupted\n");
    ::_exit(static_cast<int>(ExitCode::kInterrupted));
}

}  // namespace

void install_interrupt_handler() {
    if (g_installed.exchange(true)) return;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // reads and writes in progress go on rather than fail with EINTR
    sigaction(SIGINT, &action, nullptr);
}

bool interrupt_requested() { return g_interrupts.load() > 0; }

uint32_t interrupt_stop() { return interrupt_requested() ? static_cast<uint32_t>(WSP_STOP_CANCELLED) : 0u; }

int register_temporary(const std::string &path) {
    if (path.size() >= kPathMax) return -1;
    for (int i = 0; i < kSlots; ++i) {
        if (g_slot_used[i].load()) continue;
        std::memcpy(g_slot_path[i], path.c_str(), path.size() + 1);
        g_slot_used[i].store(true);  // published after the path is complete
        return i;
    }
    return -1;
}

void unregister_temporary(int slot) {
    if (slot >= 0 && slot < kSlots) g_slot_used[slot].store(false);
}

void reset_interrupt() { g_interrupts.store(0); }

}  // namespace wsp_cli
