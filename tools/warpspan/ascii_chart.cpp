#include "ascii_chart.hpp"

#include <algorithm>
#include <cstdio>

#include "nice_ticks.hpp"

namespace wsp_cli {

namespace {

const char kIndent[] = "  cycle      ";  // as wide as "  warp    1  "

struct Label {
    size_t column;
    std::string text;
};

// Places labels in priority order, each only where it keeps one blank from those already placed.
void place(std::vector<Label> &placed, size_t column, uint64_t value) {
    const std::string text = std::to_string(value);
    for (const Label &l : placed)
        if (column < l.column + l.text.size() + 1 && l.column < column + text.size() + 1) return;
    placed.push_back({column, text});
}

std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

}  // namespace

std::string ascii_chart(const ScheduleFacts &f, uint32_t width, uint32_t max_blocks) {
    if (f.makespan == 0 || f.warps == 0 || f.length == 0) return "";
    width = std::max<uint32_t>(width, 10);
    max_blocks = std::max<uint32_t>(max_blocks, 1);
    const uint64_t makespan = f.makespan;
    // Cycles per column: 1, or the smallest round k that fits the schedule into one block.
    const uint64_t k = makespan > static_cast<uint64_t>(width) * max_blocks
                           ? nice_ceiling((makespan + width - 1) / width)
                           : 1;
    const uint64_t columns = (makespan + k - 1) / k;
    const uint64_t blocks = (columns + width - 1) / width;
    std::string out;
    char note[256];
    if (k > 1) {
        std::snprintf(note, sizeof note,
                      "  (summarised: %llu cycles in %llu columns of %llu; letter = the type issued most, . = only "
                      "waiting)\n",
                      static_cast<unsigned long long>(makespan), static_cast<unsigned long long>(columns),
                      static_cast<unsigned long long>(k));
        out += note;
    } else if (blocks > 1) {
        std::snprintf(note, sizeof note, "  (wrapped: %llu cycles in %llu blocks of at most %u)\n",
                      static_cast<unsigned long long>(makespan), static_cast<unsigned long long>(blocks), width);
        out += note;
    }
    // The column of every instruction, and per warp and column the issues of each type.
    for (uint64_t b = 0; b < blocks; ++b) {
        const uint64_t c0 = b * width, c1 = std::min<uint64_t>(columns, c0 + width);  // columns [c0, c1)
        const size_t n = static_cast<size_t>(c1 - c0);
        std::vector<Label> labels;
        place(labels, 0, c0 * k + 1);                                  // the first cycle shown
        place(labels, n - 1, std::min<uint64_t>(c1 * k, makespan));   // the last cycle shown
        std::string ticks(n, ' ');
        for (const Label &l : labels) ticks[l.column] = '|';
        for (uint64_t c = c0; c < c1; ++c)
            if ((c + 1) % 10 == 0) {  // the column holding cycle 10 m k: round numbers
                ticks[c - c0] = '|';
                place(labels, static_cast<size_t>(c - c0), (c + 1) * k);
            }
        std::string ruler(n, ' ');
        for (const Label &l : labels) {
            if (ruler.size() < l.column + l.text.size()) ruler.resize(l.column + l.text.size(), ' ');
            ruler.replace(l.column, l.text.size(), l.text);
        }
        if (b) out += "\n";
        out += kIndent + trimmed(ruler) + "\n";
        out += std::string(sizeof kIndent - 1, ' ') + trimmed(ticks) + "\n";
        for (uint32_t w = 0; w < f.warps; ++w) {
            const uint32_t *c = f.cycles.data() + static_cast<size_t>(w) * f.length;
            const uint64_t done = c[f.length - 1];
            std::vector<uint32_t> count(n * WSP_UNIT_COUNT, 0);
            for (uint32_t i = 0; i < f.length; ++i) {
                const uint64_t col = (c[i] - 1) / k;
                if (col >= c0 && col < c1) ++count[(col - c0) * WSP_UNIT_COUNT + f.unit[i]];
            }
            std::string row(n, ' ');
            for (size_t j = 0; j < n; ++j) {
                const uint32_t *per = count.data() + j * WSP_UNIT_COUNT;
                const uint32_t *most = std::max_element(per, per + WSP_UNIT_COUNT);  // first of the ties
                if (*most > 0) row[j] = kUnitLetters[most - per];
                else if ((c0 + j) * k + 1 <= done) row[j] = '.';
            }
            char head[32];
            std::snprintf(head, sizeof head, "  warp %4u  ", w + 1);
            out += head + trimmed(row) + "\n";
        }
    }
    return out;
}

}  // namespace wsp_cli
