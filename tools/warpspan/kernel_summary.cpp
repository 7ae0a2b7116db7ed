#include "kernel_summary.hpp"

#include <cstdio>
#include <cstring>

namespace wsp_cli {

KernelSummary summarise_kernel(const char *kernel) {
    KernelSummary s;
    if (kernel == nullptr) return s;
    const size_t n = std::strlen(kernel);
    s.length = n;
    uint64_t h = 14695981039346656037ull;  // FNV-1a 64 offset basis
    for (size_t k = 0; k < n; ++k) {
        const unsigned char c = static_cast<unsigned char>(kernel[k]);
        h = (h ^ c) * 1099511628211ull;  // FNV prime
        const char *at = std::strchr("LCSD", c);
        if (c != 0 && at != nullptr) ++s.counts[at - "LCSD"];
    }
    s.fnv1a64 = h;
    s.first.assign(kernel, n < kKernelEnds ? n : kKernelEnds);
    s.last.assign(kernel + (n < kKernelEnds ? 0 : n - kKernelEnds));
    return s;
}

std::string hash_text(uint64_t hash) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(hash));
    return buf;
}

std::string summary_text(const KernelSummary &s) {
    std::string out = s.first + " ... " + s.last + " (" + std::to_string(s.length) + " instructions:";
    const char *const names[] = {"L", "C", "S", "D"};
    bool any = false;
    for (int u = 0; u < 4; ++u)
        if (s.counts[u] != 0) {
            out += std::string(any ? ", " : " ") + names[u] + " " + std::to_string(s.counts[u]);
            any = true;
        }
    return out + "; FNV-1a " + hash_text(s.fnv1a64) + ")";
}

}  // namespace wsp_cli
