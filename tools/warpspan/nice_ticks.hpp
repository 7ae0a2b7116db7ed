// Axis ticks at round numbers: the multiples of a step that is 1, 2 or 5 times a power of ten, as a
// person would mark an axis by hand (0, 20, 40, ...; 0.05, 0.1, 0.15, ...). Labels are written with
// exactly the decimals the step needs, so they never show float noise such as 0.30000000000000004.
#ifndef WSP_CLI_NICE_TICKS_HPP
#define WSP_CLI_NICE_TICKS_HPP

#include <string>
#include <vector>

namespace wsp_cli {

struct Ticks {
    double step = 1;             // 1, 2 or 5 times 10^exponent
    int exponent = 0;
    std::vector<double> values;  // every multiple of step in [lo, hi], ascending
};

// The smallest round step >= min_step that puts at most max_count ticks in [lo, hi] (lo <= hi,
// max_count >= 1). min_step 1 keeps ticks on whole numbers (cycles, warps).
Ticks nice_ticks(double lo, double hi, int max_count, double min_step = 0);

// An axis that begins and ends on a tick: [lo, hi] widened to the nearest multiples of the step that
// nice_ticks chooses for it (a range of one point by one step on each side), and the ticks of the
// widened range with that step (up to max_count + 2 of them).
Ticks nice_axis(double &lo, double &hi, int max_count, double min_step = 0);

// A tick value as text with the decimals of the step: "0", "0.2", "1500", "0.05".
std::string tick_label(double value, const Ticks &ticks);

// The smallest 1, 2 or 5 times 10^k (k >= 0) that is >= x (x >= 1): how many cycles one column of a
// summarised chart holds.
unsigned long long nice_ceiling(unsigned long long x);

}  // namespace wsp_cli

#endif
