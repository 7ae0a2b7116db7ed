#include "host/jobs/pool.hpp"

#include <chrono>
#include <cmath>
#include <thread>

#include "util/diag.hpp"
#include "util/reserved.hpp"

namespace wsp {
namespace host {

namespace {

bool valid_seconds(double s) { return std::isfinite(s) && s >= 0; }

wsp_host_monitor_status snapshot(const std::vector<Live> &live, double start) {
    wsp_host_monitor_status s{};
    s.count = live.size();
    for (const Live &l : live) {
        const uint32_t lower = l.lower.load(std::memory_order_relaxed);
        if (lower > s.lower) s.lower = lower;
        s.work += l.work.load(std::memory_order_relaxed);
        s.finished += l.done.load() ? 1u : 0u;
    }
    s.elapsed = wsp_host_seconds() - start;
    return s;
}

}  // namespace

wsp_status check_run_options(const wsp_host_run_options *options, size_t count, RunSettings *settings,
                             wsp_diag *diag, uint32_t first) {
    settings->start = wsp_host_seconds();
    uint32_t threads = 0;
    if (options != nullptr) {
        const wsp_host_run_options &o = *options;
        wsp_status st = check_reserved(&o.reserved0, 1, first, "the run options", diag);
        if (st == WSP_OK) st = check_reserved(o.reserved, first + 1u, "the run options", diag);
        if (st != WSP_OK) return st;
        if (o.threads > kMaxThreads) {
            DiagScope scope(diag, WSP_ERR_RANGE, WSP_FIELD_THREADS);
            scope.message.text("threads = ").number(o.threads).text(" exceeds the maximum ").number(kMaxThreads);
            return WSP_ERR_RANGE;
        }
        if (!valid_seconds(o.seconds))
            return fail(diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, "seconds must be a finite number >= 0");
        if (!valid_seconds(o.monitor_interval))
            return fail(diag, WSP_ERR_RANGE, WSP_FIELD_SECONDS, "monitor_interval must be a finite number >= 0");
        threads = o.threads;
        if (o.seconds > 0) settings->deadline = settings->start + o.seconds;
        settings->monitor = o.monitor;
        settings->context = o.context;
        if (o.monitor_interval > 0) settings->interval = o.monitor_interval;
    }
    if (threads == 0) threads = std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    settings->asked = threads;
    if (threads > count) threads = static_cast<uint32_t>(count);
    settings->threads = threads > 0 ? threads : 1u;
    return WSP_OK;
}

wsp_status job_error(wsp_diag *diag, wsp_status status, size_t job, const char *what) {
    DiagScope scope(diag, status, WSP_FIELD_JOB);
    scope.index(static_cast<uint32_t>(job + 1));
    scope.message.text("job ").number(job + 1).text(": ").text(what);
    return status;
}

void run_pool(size_t count, const RunSettings &settings, std::vector<Live> &live,
              const std::function<void(size_t)> &run_one) {
    std::atomic<size_t> next{0};
    auto worker = [&]() {
        for (size_t k; (k = next.fetch_add(1)) < count;) {
            run_one(k);
            live[k].done = true;
        }
    };
    // With a monitor the calling thread watches and `threads` workers run; without, it is a worker.
    const uint32_t spawned = settings.monitor != nullptr ? settings.threads : settings.threads - 1u;
    std::vector<std::thread> pool;
    try {
        for (uint32_t t = 0; t < spawned; ++t) pool.emplace_back(worker);
    } catch (...) {
        // Fewer threads than asked (the system refused one): the jobs still all run.
    }
    if (settings.monitor == nullptr || pool.empty()) worker();
    if (settings.monitor != nullptr) {
        const auto step = std::chrono::milliseconds(10);
        double next_report = settings.start + settings.interval;
        for (;;) {
            const wsp_host_monitor_status s = snapshot(live, settings.start);
            if (s.finished == count) break;
            if (wsp_host_seconds() >= next_report) {
                settings.monitor(settings.context, &s);
                next_report += settings.interval;
            }
            std::this_thread::sleep_for(step);
        }
    }
    for (std::thread &t : pool) t.join();
    if (settings.monitor != nullptr) {
        const wsp_host_monitor_status s = snapshot(live, settings.start);
        settings.monitor(settings.context, &s);
    }
}

}  // namespace host
}  // namespace wsp
