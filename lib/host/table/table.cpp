// What a table is (table.hpp): its hash, entries, seeds, options text, and its kernels completed.
#include <cstdio>

#include "host/table/table.hpp"

namespace wsp {
namespace host {
namespace {

uint64_t fnv1a(const std::string &s, uint64_t h = 1469598103934665603ull) {
    for (const unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

std::string run_length(const std::string &kernel) {
    std::string out;
    for (size_t i = 0; i < kernel.size();) {
        size_t j = i;
        while (j < kernel.size() && kernel[j] == kernel[i]) ++j;
        out += kernel[i];
        if (j - i > 1) out += std::to_string(j - i);
        i = j;
    }
    return out;
}

}  // namespace

const char *column_name(TableColumn column) {
    switch (column) {
        case TableColumn::kBound: return "bound";
        case TableColumn::kExact: return "exact";
        case TableColumn::kAnneal: return "anneal";
        case TableColumn::kLower: return "lower";
    }
    return "?";
}

std::string kernel_line(const TableKernel &k) {
    return "kernel=" + k.kernel + " " + k.config + " warps=" + std::to_string(k.warps);
}

std::string spec_hash(const std::vector<TableKernel> &kernels) {
    uint64_t h = fnv1a("warpspan table spec 1\n");
    for (const TableKernel &k : kernels) h = fnv1a(k.name + " " + kernel_line(k) + "\n", h);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

void entry_at(const TableInfo &t, size_t index, size_t &kernel, uint32_t &warps) {
    for (kernel = 0; kernel < t.kernels.size(); ++kernel) {
        if (index < t.kernels[kernel].warps) {
            warps = static_cast<uint32_t>(index + 1);
            return;
        }
        index -= t.kernels[kernel].warps;
    }
}

uint64_t entry_seed(uint64_t base, const std::string &name, uint32_t warps) {
    return splitmix64(fnv1a(name + "/" + std::to_string(warps)) ^ splitmix64(base)) >> 32;
}

std::string options_text(const TableOptions &o) {
    std::string out;
    for (const TableColumn c : o.columns) {
        if (c == TableColumn::kExact) {
            char t[64] = "no time limit";
            if (o.seconds > 0) std::snprintf(t, sizeof t, "timeout %g s", o.seconds);
            out += std::string(out.empty() ? "" : "; ") + "exact: " +
                   (o.budget ? "budget " + std::to_string(o.budget) + " states" : "no state limit") + ", " + t +
                   ", memory " + std::to_string(o.memory_mib ? o.memory_mib : kDefaultMemoryMiB) + " MiB per entry";
        } else if (c == TableColumn::kLower) {
            out += std::string(out.empty() ? "" : "; ") + "lower: " +
                   (o.work ? std::to_string(o.work) + " units of work" : std::string("work sized to each entry")) +
                   " per entry, base seed " + std::to_string(o.seed);
        } else if (c == TableColumn::kAnneal) {
            out += std::string(out.empty() ? "" : "; ") + "anneal: " + std::to_string(o.iterations) + " iterations x " +
                   std::to_string(o.restarts ? o.restarts : uint32_t{WSP_POLICY_COUNT}) +
                   " restarts per entry, base seed " + std::to_string(o.seed);
        }
    }
    return out.empty() ? "bound only" : out;
}

bool complete_kernel(TableKernel &k, AnalysisError &error) {
    std::vector<uint64_t> storage;
    wsp_problem *p = nullptr;
    if (!make_problem(k.input_kernel, k.warps, k.sm, storage, p, error)) return false;
    k.kernel = run_length(wsp_problem_kernel(p));
    const wsp_sm_config c = resolve_defaults(k.sm);
    const char letters[] = "LCSD";
    std::string units = "units=", latency = "latency=";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        units += std::string(u ? "," : "") + letters[u] + "=" + std::to_string(c.units[u]);
        latency += std::string(u ? "," : "") + letters[u] + "=" + std::to_string(c.latency[u]);
    }
    k.config = units + " " + latency + " warp_size=" + std::to_string(c.warp_size) +
               " schedulers=" + std::to_string(c.schedulers);
    return true;
}

}  // namespace host
}  // namespace wsp
