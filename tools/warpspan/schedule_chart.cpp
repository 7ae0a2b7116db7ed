// The witness schedule as a text chart (report.hpp).
#include <algorithm>
#include <iomanip>
#include <string>

#include "report.hpp"

namespace wsp_cli {

void write_chart(std::ostream &out, const wsp_problem *p, const std::vector<uint32_t> &cycles, uint32_t makespan,
                 uint32_t width) {
    const uint32_t W = wsp_problem_warps(p);
    const uint32_t I = wsp_problem_length(p);
    for (uint32_t first = 1; first <= makespan; first += width) {
        const uint32_t last = static_cast<uint32_t>(std::min<uint64_t>(makespan, static_cast<uint64_t>(first) + width - 1));
        std::string ruler(last - first + 1, ' ');
        std::string ticks(last - first + 1, ' ');
        for (uint32_t t = first; t <= last; ++t) {
            if (t % 10 == 0 || t == first) {
                const std::string label = std::to_string(t);
                ticks[t - first] = '|';
                for (size_t k = 0; k < label.size() && t - first + k < ruler.size(); ++k) ruler[t - first + k] = label[k];
            }
        }
        out << "  cycle      " << ruler << "\n"
            << "             " << ticks << "\n";
        for (uint32_t w = 0; w < W; ++w) {
            std::string row(last - first + 1, ' ');
            const uint32_t *c = cycles.data() + static_cast<size_t>(w) * I;
            const uint32_t done = c[I - 1];
            for (uint32_t t = first; t <= last && t <= done; ++t) row[t - first] = '.';
            for (uint32_t i = 0; i < I; ++i)
                if (c[i] >= first && c[i] <= last) row[c[i] - first] = "LCSD"[wsp_problem_unit_at(p, i)];
            out << "  warp " << std::setw(4) << w + 1 << "  " << row << "\n";
        }
        if (last < makespan) out << "\n";
    }
}

}  // namespace wsp_cli
