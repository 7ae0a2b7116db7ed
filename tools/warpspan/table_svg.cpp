// `warpspan table --svg`: every entry's bracket against W (table_formats.hpp), one panel per kernel.
// A vertical bar joins an entry's lower and upper ends (the annealer's or the exact search's lower
// bound; the exact search's or the bound's upper), a filled dot marks T(W) where it is known exactly.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "table_formats.hpp"

namespace wsp_cli {
namespace {

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

}  // namespace

std::string table_svg(const wsp::host::TableInfo &t, const std::vector<wsp::host::EntryResult> &results) {
    const double width = 640, panel = 220, left = 70, right = 20, top = 30, bottom = 40;
    std::ostringstream out;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
        << panel * static_cast<double>(t.kernels.size()) << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    size_t first = 0;
    for (size_t k = 0; k < t.kernels.size(); ++k) {
        const wsp::host::TableKernel &kernel = t.kernels[k];
        const double y0 = panel * static_cast<double>(k), ph = panel - top - bottom, pw = width - left - right;
        uint64_t hi = 1;
        for (uint32_t w = 1; w <= kernel.warps; ++w)
            for (const wsp::host::ColumnResult &r : results[first + w - 1].columns) hi = std::max(hi, r.value);
        auto x = [&](uint32_t w) { return left + pw * (kernel.warps > 1 ? (w - 1.0) / (kernel.warps - 1.0) : 0.5); };
        auto y = [&](uint64_t v) { return y0 + top + ph * (1.0 - static_cast<double>(v) / static_cast<double>(hi)); };
        out << "<text x=\"" << left << "\" y=\"" << number(y0 + 18) << "\" font-size=\"13\">" << kernel.name
            << ": T(W) in cycles against W (bar: [lower, upper]; dot: exact)</text>\n"
            << "<line x1=\"" << left << "\" y1=\"" << number(y0 + top + ph) << "\" x2=\"" << left + pw << "\" y2=\""
            << number(y0 + top + ph) << "\" stroke=\"#444\"/>\n"
            << "<text x=\"" << left - 6 << "\" y=\"" << number(y(hi) + 4) << "\" text-anchor=\"end\">" << hi << "</text>\n";
        for (uint32_t w = 1; w <= kernel.warps; ++w) {
            uint64_t lower = 0, upper = UINT64_MAX;
            for (const wsp::host::ColumnResult &r : results[first + w - 1].columns) {
                if (r.lower) lower = std::max(lower, *r.lower);
                if (r.upper) upper = std::min(upper, *r.upper);
            }
            const bool exact = upper == lower;
            if (upper == UINT64_MAX) upper = lower;  // no upper bound in the table's columns
            out << "<line x1=\"" << number(x(w)) << "\" y1=\"" << number(y(lower)) << "\" x2=\"" << number(x(w))
                << "\" y2=\"" << number(y(upper)) << "\" stroke=\"#4e79a7\" stroke-width=\"3\"><title>W=" << w << ": ["
                << lower << ", " << upper << "]</title></line>\n";
            if (exact)
                out << "<circle cx=\"" << number(x(w)) << "\" cy=\"" << number(y(upper)) << "\" r=\"3.5\" fill=\"#e15759\"/>\n";
            out << "<text x=\"" << number(x(w)) << "\" y=\"" << number(y0 + top + ph + 14)
                << "\" text-anchor=\"middle\">" << w << "</text>\n";
        }
        first += kernel.warps;
    }
    out << "</svg>\n";
    return out.str();
}

}  // namespace wsp_cli
