#include "ilp_run.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "analysis.hpp"

namespace wsp_cli {

namespace {

const char kWhyNotBuilt[] =
    " is not available in this build: warpspan was built without lp_solve (install "
    "liblpsolve55-dev and lp-solve and rebuild)";

// The progress line: after the first second, at most twice a second, on a terminal only (as for
// the exact solver). The library calls it from the model build and from lp_solve's abort hook.
struct ProgressLine {
    double start = 0;
    double last = -1;
    bool shown = false;
};

// work = branch-and-bound nodes (0 while the model is built), lower = the incumbent, upper = the
// horizon.
uint32_t show_progress(void *context, const wsp_progress *pr) {
    ProgressLine *line = static_cast<ProgressLine *>(context);
    const double seconds = wsp_host_seconds() - line->start;
    if (seconds < 1.0 || (line->last >= 0 && seconds - line->last < 0.5)) return 0;
    line->last = seconds;
    line->shown = true;
    if (pr->work == 0 && pr->lower == 0) {
        std::fprintf(stderr, "\r\033[Kilp: building the model; %.1f s", seconds);
    } else {
        char best[32] = "none yet";
        if (pr->lower != 0) std::snprintf(best, sizeof best, "%u", pr->lower);
        std::fprintf(stderr, "\r\033[Kilp: best schedule %s (horizon %u); %llu nodes; %.1f s", best, pr->upper,
                     static_cast<unsigned long long>(pr->work), seconds);
    }
    std::fflush(stderr);
    return 0;
}

bool wants_ilp(const Settings &s) {
    for (const std::string &m : s.methods)
        if (m == "ilp") return true;
    return false;
}

wsp_host_ilp_options options_of(const Settings &s) {
    wsp_host_ilp_options o{};
    o.constraints = ilp_constraints(s);
    o.seconds = s.timeout ? *s.timeout : 0;
    return o;
}

}  // namespace

uint32_t ilp_constraints(const Settings &s) {
    return s.constraints ? *s.constraints : uint32_t{WSP_HOST_ILP_SHORT};
}

const char *constraints_name(uint32_t c) { return c == WSP_HOST_ILP_LONG ? "long" : "short"; }

bool constraints_from_name(const std::string &name, uint32_t &c) {
    if (name == "short") c = WSP_HOST_ILP_SHORT;
    else if (name == "long") c = WSP_HOST_ILP_LONG;
    else return false;
    return true;
}

const char *ilp_status_name(uint32_t status) {
    switch (status) {
        case WSP_STOP_FINISHED: return "optimal";
        case WSP_STOP_TIME: return "timeout";
        case WSP_STOP_CANCELLED: return "cancelled";
    }
    return "?";
}

const char *ilp_model_format(const std::string &path) {
    const std::string suffix = ".mps";  // the rule of wsp_host_ilp_write
    const bool mps = path.size() >= suffix.size() &&
                     path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
    return mps ? "mps" : "lp";
}

bool check_ilp_built(const Settings &s, Error &error) {
    if (wsp_host_ilp_available()) return true;
    if (wants_ilp(s)) {
        error = {kExitNotBuilt, std::string("method 'ilp'") + kWhyNotBuilt};
        return false;
    }
    if (s.write_lp) {
        error = {kExitNotBuilt, std::string("--write-lp") + kWhyNotBuilt};
        return false;
    }
    return true;
}

bool run_ilp(const Settings &s, const Analysis &a, IlpRun &run, Error &error) {
    if (!check_ilp_built(s, error)) return false;
    wsp_host_ilp_options o = options_of(s);
    run.constraints = ilp_constraints(s);
    run.witness.assign(static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem), 0);
    ProgressLine line;
    line.start = wsp_host_seconds();
    if (!s.quiet && isatty(STDERR_FILENO)) {
        o.progress = show_progress;
        o.context = &line;
        o.progress_interval = 0.5;
    }
    wsp_diag d{};
    const wsp_status st =
        wsp_host_ilp_solve(a.problem, &o, run.witness.data(), run.witness.size(), &run.result, &d);
    if (line.shown) std::fprintf(stderr, "\r\033[K");
    if (st != WSP_OK) {
        error = method_error("ilp", st, d);
        return false;
    }
    return true;
}

bool write_ilp_model(const Settings &s, const Analysis &a, Error &error) {
    if (!check_ilp_built(s, error)) return false;
    const wsp_host_ilp_options o = options_of(s);
    const std::string &path = *s.write_lp;
    wsp_diag d{};
    errno = 0;
    const wsp_status st = wsp_host_ilp_write(a.problem, &o, path.c_str(), &d);
    if (st == WSP_ERR_IO) {
        // The library's message cuts long paths; name the whole one and, when known, the reason.
        const int why = errno;
        error = {kExitInput, "--write-lp: cannot write '" + path + "'" +
                                 (why != 0 ? std::string(": ") + std::strerror(why) : std::string())};
        return false;
    }
    if (st != WSP_OK) {
        error = method_error("ilp", st, d);
        return false;
    }
    return true;
}

}  // namespace wsp_cli
