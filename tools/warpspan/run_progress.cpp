// See run_progress.hpp.
#include "run_progress.hpp"

#include <algorithm>
#include <iostream>

#include "interrupt.hpp"

namespace wsp_cli {

uint32_t RunProgress::stop() { return interrupt_stop(); }

void RunProgress::begin(const char *method) {
    method_ = method;
    start_ = monotonic_seconds();
    const std::string m = method;
    const char *unit = m == "exact" || m == "estimate" || m == "table exact" ? "states"
                       : m == "ilp"                                          ? "nodes"
                       : m == "lower" || m == "table lower" || m == "bracket"                ? "units"
                                                                              : "iterations";
    line_.reset(new ProgressLine(std::cerr, enabled_, method, unit));
}

void RunProgress::end() {
    if (line_) line_->finish();
    line_.reset();
}

void RunProgress::exact_progress(const wsp_progress &p) {
    if (!line_) return;
    const double fraction = exact_fraction(p.work, limits_.budget, monotonic_seconds() - start_, limits_.seconds);
    const unsigned full = p.capacity ? static_cast<unsigned>(100.0 * static_cast<double>(p.stored) / p.capacity) : 0;
    line_->update(p.work, fraction,
                  "T(" + std::to_string(limits_.warps) + ") in [" + std::to_string(p.lower) + ", " +
                      std::to_string(p.upper) + "], testing >= " + std::to_string(p.current) + "; table " +
                      std::to_string(full) + "% full");
}

void RunProgress::jobs_progress(const wsp_host_monitor_status &s) {
    if (!line_) return;
    const double elapsed = monotonic_seconds() - start_;
    double fraction = std::max(s.count ? static_cast<double>(s.finished) / static_cast<double>(s.count) : -1.0,
                               time_fraction(elapsed, limits_.seconds));
    std::string detail = std::to_string(s.finished) + " of " + std::to_string(s.count) +
                         (method_ == "anneal"     ? " restarts done"
                          : method_ == "estimate" ? " solves done"
                          : method_ == "lower"    ? " searches done"
                                                  : " done");
    if (method_ == "lower" || method_ == "bracket") detail = "best " + std::to_string(s.lower) + "; " + detail;
    if (method_ == "anneal") {
        if (limits_.anneal_iterations != 0)
            fraction = std::max(fraction, budget_fraction(s.work, limits_.anneal_iterations * s.count));
        detail = "best " + std::to_string(s.lower) + "; " + detail;
    }
    line_->update(s.work, fraction, detail);
}

void RunProgress::ilp_progress(const wsp_progress &p) {
    if (!line_) return;
    const double fraction = time_fraction(monotonic_seconds() - start_, limits_.seconds);
    line_->update(p.work, fraction,
                  p.work == 0 && p.lower == 0 ? std::string("building the model")
                                              : "best schedule " + (p.lower ? std::to_string(p.lower) : std::string("none yet")) +
                                                    " (horizon " + std::to_string(p.upper) + ")");
}

}  // namespace wsp_cli
