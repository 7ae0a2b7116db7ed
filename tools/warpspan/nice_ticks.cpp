#include "nice_ticks.hpp"

#include <cmath>
#include <cstdio>

namespace wsp_cli {

namespace {

const int kMantissa[] = {1, 2, 5};

// Number of multiples of step in [lo, hi], counted in whole units of the step.
double multiples(double lo, double hi, double step) {
    return std::floor(hi / step + 1e-9) - std::ceil(lo / step - 1e-9) + 1;
}

}  // namespace

Ticks nice_ticks(double lo, double hi, int max_count, double min_step) {
    if (max_count < 1) max_count = 1;
    if (hi < lo) hi = lo;
    const double span = hi - lo > 0 ? hi - lo : (std::fabs(lo) > 0 ? std::fabs(lo) : 1);
    int exponent = static_cast<int>(std::floor(std::log10(span / max_count))) - 1;
    Ticks t;
    for (;; ++exponent) {
        bool found = false;
        for (const int m : kMantissa) {
            const double step = m * std::pow(10.0, exponent);
            if (step < min_step * (1 - 1e-12)) continue;
            if (multiples(lo, hi, step) <= max_count) {
                t.step = step;
                t.exponent = exponent;
                found = true;
                break;
            }
        }
        if (found) break;
    }
    const double first = std::ceil(lo / t.step - 1e-9), last = std::floor(hi / t.step + 1e-9);
    for (double k = first; k <= last; ++k) {
        // k * 10^e * m computed as a decimal: exact for the labels (printed with the step's decimals).
        const double v = k * t.step;
        t.values.push_back(v == 0 ? 0.0 : v);  // no -0
    }
    return t;
}

Ticks nice_axis(double &lo, double &hi, int max_count, double min_step) {
    if (hi < lo) hi = lo;
    Ticks t = nice_ticks(lo, hi, max_count, min_step);
    const double step = t.step;
    double a = std::floor(lo / step + 1e-9) * step, b = std::ceil(hi / step - 1e-9) * step;
    if (b - a < step / 2) {
        a -= step;
        b += step;
    }
    lo = a == 0 ? 0.0 : a;
    hi = b == 0 ? 0.0 : b;
    t.values.clear();
    for (double k = std::round(a / step); k <= std::round(b / step); ++k) {
        const double v = k * step;
        t.values.push_back(v == 0 ? 0.0 : v);
    }
    return t;
}

std::string tick_label(double value, const Ticks &ticks) {
    const int decimals = ticks.exponent < 0 ? -ticks.exponent : 0;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string s = buf;
    if (s == "-0" || s.rfind("-0.", 0) == 0) {
        bool zero = true;
        for (char c : s) zero = zero && (c == '-' || c == '0' || c == '.');
        if (zero) s.erase(0, 1);
    }
    return s;
}

unsigned long long nice_ceiling(unsigned long long x) {
    for (unsigned long long p = 1;; p *= 10)
        for (const int m : kMantissa)
            if (m * p >= x) return m * p;
}

}  // namespace wsp_cli
