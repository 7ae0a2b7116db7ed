#include <chrono>

#include "warpspan_host.h"

extern "C" double wsp_host_seconds(void) {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}
