// Output proportional to the question (issue 18): a normalised kernel longer than kKernelShown
// instructions is reported as a summary (length, count per type, first and last instructions, an
// FNV-1a 64-bit hash of the string) unless --full-kernel asks for the string. A 1,000-instruction
// kernel with latency 1024 and sigma 1/1024 normalises to 2^30 letters: printed whole it made a 1 GB
// report for a bound-only question.
#ifndef WSP_CLI_KERNEL_SUMMARY_HPP
#define WSP_CLI_KERNEL_SUMMARY_HPP

#include <cstddef>
#include <cstdint>
#include <string>

namespace wsp_cli {

constexpr size_t kKernelShown = 256;  // longest normalised kernel printed whole by default
constexpr size_t kKernelEnds = 16;    // instructions shown at each end of a summary

struct KernelSummary {
    uint64_t length = 0;
    uint64_t counts[4] = {0, 0, 0, 0};  // L, C, S, D
    std::string first, last;            // the first and last kKernelEnds letters
    uint64_t fnv1a64 = 0;               // of the whole string
};

KernelSummary summarise_kernel(const char *kernel);
// "0x" and 16 hex digits.
std::string hash_text(uint64_t hash);
// One line: "LLLLLCCCCCCCCCLL ... CCCCCCCCCLLCCCCC (1048576 instructions: L 524288, C 524288; FNV-1a 0x...)".
std::string summary_text(const KernelSummary &s);

}  // namespace wsp_cli

#endif
