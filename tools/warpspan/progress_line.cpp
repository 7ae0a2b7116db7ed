#include "progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace wsp_cli {

bool progress_wanted(bool quiet) { return !quiet && ::isatty(STDERR_FILENO) == 1; }

double monotonic_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double budget_fraction(uint64_t work, uint64_t budget) {
    return budget == 0 ? -1.0 : static_cast<double>(work) / static_cast<double>(budget);
}

double time_fraction(double elapsed, double limit) { return limit > 0 ? elapsed / limit : -1.0; }

double exact_fraction(uint64_t work, uint64_t budget, double elapsed, double seconds) {
    return std::max(budget_fraction(work, budget), time_fraction(elapsed, seconds));
}

std::string duration_text(double seconds) {
    char buf[48];
    if (!(seconds >= 0)) seconds = 0;
    if (seconds < 10) std::snprintf(buf, sizeof buf, "%.1f s", seconds);
    else if (seconds < 60) std::snprintf(buf, sizeof buf, "%.0f s", seconds);
    else if (seconds < 3600) {
        const long s = static_cast<long>(seconds);
        std::snprintf(buf, sizeof buf, "%ld min %02ld s", s / 60, s % 60);
    } else {
        const long m = static_cast<long>(seconds / 60);
        std::snprintf(buf, sizeof buf, "%ld h %02ld min", m / 60, m % 60);
    }
    return buf;
}

std::string rate_text(double per_second, const std::string &unit) {
    char buf[64];
    if (!(per_second >= 0)) per_second = 0;
    if (per_second >= 1e6) std::snprintf(buf, sizeof buf, "%.2f M", per_second / 1e6);
    else if (per_second >= 1e4) std::snprintf(buf, sizeof buf, "%.1f k", per_second / 1e3);
    else std::snprintf(buf, sizeof buf, "%.0f", per_second);
    return std::string(buf) + " " + unit + "/s";
}

ProgressLine::ProgressLine(std::ostream &out, bool enabled, std::string label, std::string unit, Clock clock)
    : out_(out), enabled_(enabled), label_(std::move(label)), unit_(std::move(unit)), clock_(std::move(clock)),
      start_(clock_()) {}

void ProgressLine::update(uint64_t work, double fraction, const std::string &detail) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (finished_) return;
    if (fraction >= 0) fraction_ = std::max(fraction_, std::min(fraction, 1.0));
    if (!enabled_) return;
    const double now = clock_(), elapsed = now - start_;
    if (elapsed < kDelay || (last_ >= 0 && now - last_ < kInterval)) return;
    last_ = now;
    std::string line = "\r\033[K" + label_ + ": ";
    if (fraction_ >= 0) {
        // Rounded down, so 100% means done.
        line += std::to_string(static_cast<int>(100.0 * fraction_)) + "%";
        if (fraction_ > 0 && fraction_ < 1) line += ", ETA " + duration_text(elapsed * (1 - fraction_) / fraction_);
        line += "; ";
    }
    line += rate_text(static_cast<double>(work) / elapsed, unit_);
    if (!detail.empty()) line += "; " + detail;
    line += "; " + duration_text(elapsed);
    out_ << line << std::flush;
    drawn_ = true;
}

void ProgressLine::finish() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (finished_) return;
    finished_ = true;
    if (drawn_) out_ << "\r\033[K" << std::flush;
}

}  // namespace wsp_cli
