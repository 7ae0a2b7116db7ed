#include "number_parse.hpp"

#include <cstdio>
#include <cstdlib>

namespace wsp_cli {
namespace {

std::string quoted(const std::string &text) { return "'" + text + "'"; }

std::string decimal_text(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

}  // namespace

std::string unsigned_range_text(uint64_t lo, uint64_t hi) {
    if (hi == UINT64_MAX) return "at least " + std::to_string(lo);
    return std::to_string(lo) + ".." + std::to_string(hi);
}

std::string decimal_range_text(double lo, double hi, bool lo_open) {
    return lo_open ? "above " + decimal_text(lo) + ", up to " + decimal_text(hi) : decimal_text(lo) + ".." + decimal_text(hi);
}

bool parse_unsigned(const std::string &text, uint64_t lo, uint64_t hi, uint64_t &out, std::string &why) {
    if (text.empty()) return why = "empty value: expected a number in " + unsigned_range_text(lo, hi), false;
    uint64_t v = 0;
    bool overflow = false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return why = quoted(text) + " is not a decimal integer (digits only, in " + unsigned_range_text(lo, hi) +
                         ")",
                   false;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) overflow = true;
        else v = v * 10 + d;
    }
    if (hi == UINT64_MAX && (overflow || v < lo))  // an open range: "'0' is out of range (at least 1)"
        return why = quoted(text) + (overflow ? " is too large (at most " + std::to_string(UINT64_MAX) + ")"
                                              : " is out of range (" + unsigned_range_text(lo, hi) + ")"),
               false;
    if (overflow || v < lo || v > hi)
        return why = quoted(text) + " is out of range " + unsigned_range_text(lo, hi), false;
    out = v;
    return true;
}

bool parse_decimal(const std::string &text, double lo, double hi, bool lo_open, double &out, std::string &why) {
    const std::string range = decimal_range_text(lo, hi, lo_open);
    if (text.empty()) return why = "empty value: expected a number (" + range + ")", false;
    size_t digits = 0, points = 0, others = 0;
    for (const char c : text) {
        if (c >= '0' && c <= '9') ++digits;
        else if (c == '.') ++points;
        else ++others;  // a sign, an exponent, "inf", "nan", spaces, hex: not a plain decimal
    }
    if (digits == 0 || points > 1 || others > 0 || text.size() > 40)
        return why = quoted(text) + " is not a decimal number (digits and one '.'; " + range + ")", false;
    const double v = std::strtod(text.c_str(), nullptr);  // the "C" locale: the CLI never sets another
    if (v < lo || v > hi || (lo_open && v == lo)) return why = quoted(text) + " is out of range (" + range + ")", false;
    out = v;
    return true;
}

}  // namespace wsp_cli
