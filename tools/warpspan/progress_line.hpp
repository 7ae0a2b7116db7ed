// The one progress line of every long command: on stderr, only on a terminal and without --quiet,
// after the first second, redrawn at most twice a second, cleared when done:
//   exact: 42%, ETA 1 min 05 s; 1.20 M states/s; T(16) in [163, 209]; 47.3 s
// The percentage never goes backwards: the caller reports a fraction of something monotone (work
// against its budget, time against its limit, entries done), and the line shows the largest fraction
// seen so far, clamped to [0, 1]. A fraction that is unknown (no budget of any kind) shows no
// percentage and no ETA. The clock and the stream are injected, so tests draw lines without waiting.
#ifndef WSP_CLI_PROGRESS_LINE_HPP
#define WSP_CLI_PROGRESS_LINE_HPP

#include <cstdint>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>

namespace wsp_cli {

// Whether a progress line belongs on this process's stderr: a terminal, and no --quiet.
bool progress_wanted(bool quiet);

// Seconds on a monotonic clock.
double monotonic_seconds();

// Fractions of monotone quantities; -1 when there is no limit.
double budget_fraction(uint64_t work, uint64_t budget);
double time_fraction(double elapsed, double limit);
// The exact search's fraction done: the larger of the states expanded against their budget and the
// time against its limit, both monotone, so the percentage never goes backwards; the state table's size
// (which grows, and can be emptied) is no part of it. Negative when there is neither limit.
double exact_fraction(uint64_t work, uint64_t budget, double elapsed, double seconds);

// "0.4 s", "45 s", "3 min 05 s", "2 h 03 min".
std::string duration_text(double seconds);
// "950 states/s", "12.3 k states/s", "1.20 M states/s".
std::string rate_text(double per_second, const std::string &unit);

class ProgressLine {
public:
    using Clock = std::function<double()>;
    static constexpr double kDelay = 1.0;     // seconds before the first line
    static constexpr double kInterval = 0.5;  // seconds between redraws

    // `label` starts the line ("exact"); `unit` names the work ("states", "iterations", "entries").
    ProgressLine(std::ostream &out, bool enabled, std::string label, std::string unit,
                 Clock clock = monotonic_seconds);
    ~ProgressLine() { finish(); }
    ProgressLine(const ProgressLine &) = delete;
    ProgressLine &operator=(const ProgressLine &) = delete;

    // Work done so far (for the rate), the fraction of the whole (negative: unknown) and the method's
    // own words. Safe to call from several threads.
    void update(uint64_t work, double fraction, const std::string &detail);
    // Clears the line when one was drawn. update() draws nothing afterwards.
    void finish();

    double shown_fraction() const { return fraction_; }  // < 0 until a fraction was reported
    bool drawn() const { return drawn_; }

private:
    std::ostream &out_;
    bool enabled_;
    std::string label_, unit_;
    Clock clock_;
    double start_;
    double last_ = -1;
    double fraction_ = -1;
    bool drawn_ = false;
    bool finished_ = false;
    std::mutex mutex_;
};

}  // namespace wsp_cli

#endif
