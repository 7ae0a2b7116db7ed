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
    double last = -1;
    bool shown = false;
    uint32_t horizon = 0;
};

int show_progress(void *context, const wsp_ilp_progress *pr) {
    ProgressLine *line = static_cast<ProgressLine *>(context);
    if (pr->seconds < 1.0 || (line->last >= 0 && pr->seconds - line->last < 0.5)) return 0;
    line->last = pr->seconds;
    line->shown = true;
    if (pr->building) {
        std::fprintf(stderr, "\r\033[Kilp: building the model; %.1f s", pr->seconds);
    } else {
        char best[32] = "none yet";
        if (pr->incumbent != 0) std::snprintf(best, sizeof best, "%u", pr->incumbent);
        std::fprintf(stderr, "\r\033[Kilp: best schedule %s (horizon %u); %llu nodes; %.1f s", best,
                     line->horizon, static_cast<unsigned long long>(pr->nodes), pr->seconds);
    }
    std::fflush(stderr);
    return 0;
}

bool wants_ilp(const Settings &s) {
    for (const std::string &m : s.methods)
        if (m == "ilp") return true;
    return false;
}

wsp_ilp_options options_of(const Settings &s) {
    wsp_ilp_options o{};
    o.constraints = ilp_constraints(s);
    o.seconds = s.timeout ? *s.timeout : 0;
    return o;
}

}  // namespace

wsp_ilp_constraints ilp_constraints(const Settings &s) {
    return s.constraints ? *s.constraints : WSP_ILP_SHORT;
}

const char *constraints_name(wsp_ilp_constraints c) { return c == WSP_ILP_LONG ? "long" : "short"; }

bool constraints_from_name(const std::string &name, wsp_ilp_constraints &c) {
    if (name == "short") c = WSP_ILP_SHORT;
    else if (name == "long") c = WSP_ILP_LONG;
    else return false;
    return true;
}

const char *ilp_status_name(uint32_t status) {
    switch (status) {
        case WSP_ILP_OPTIMAL: return "optimal";
        case WSP_ILP_TIMEOUT: return "timeout";
        case WSP_ILP_CANCELLED: return "cancelled";
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
    wsp_ilp_options o = options_of(s);
    run.constraints = ilp_constraints(s);
    run.witness.assign(static_cast<size_t>(wsp_problem_warps(a.problem)) * wsp_problem_length(a.problem), 0);
    ProgressLine line;
    line.horizon = static_cast<uint32_t>(a.bounds.upper);
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
    const wsp_ilp_options o = options_of(s);
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
