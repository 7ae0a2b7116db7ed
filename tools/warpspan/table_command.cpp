#include "table_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "analysis.hpp"
#include "anneal_run.hpp"
#include "cli_error.hpp"
#include "config_file.hpp"
#include "exact_run.hpp"
#include "json_reader.hpp"
#include "options.hpp"
#include "warpspan_host.h"

namespace wsp_cli {
namespace {

const char *const kColumnNames[] = {"bound", "exact", "anneal"};
constexpr uint64_t kDefaultTableIterations = 100000;
const char kLetters[WSP_UNIT_COUNT + 1] = "LCSD";

const char *table_usage() {
    return "usage: warpspan table [CONFIG] [--kernel K] --warps N [--units ...] [--latency ...]\n"
           "                      [--warp-size N] [--schedulers N] [--name NAME] [options]\n"
           "       warpspan table --spec FILE [options]\n"
           "       warpspan table merge PART... [--format header|csv|json] [-o FILE] [--guard G]\n"
           "                      [--timing]\n"
           "\n"
           "WCET tables: T(W) for W = 1..N, one column per method. One kernel from a configuration\n"
           "file and/or flags (as for warpspan itself; --warps is the largest W), or every line of a\n"
           "table spec file (--spec; README, \"WCET tables\").\n"
           "\n"
           "  --columns LIST      comma-separated, default bound:\n"
           "                        bound   proven upper bound (the safe bound)\n"
           "                        exact   the exact solver: T(W) (optimal) or a bracket; the table\n"
           "                                holds its upper end, a safe value either way\n"
           "                        anneal  simulated annealing: a lower bound whose witness\n"
           "                                schedule was decoded and validated (NOT a WCET)\n"
           "  --timeout S         exact: seconds per entry (the result then depends on the machine)\n"
           "  --budget N          exact: expanded states per entry (deterministic)\n"
           "  --memory MIB        exact: memory per entry (default 256; touched only as needed)\n"
           "  --iterations N      anneal: iterations per restart (default 100000)\n"
           "  --restarts N        anneal: restarts per entry (default 6, one per initial solution)\n"
           "  --seed N            anneal: base seed (default 1); each entry's seed is derived from\n"
           "                      the seed, the table name and W (recorded in the JSON)\n"
           "  --threads N         entries computed at once (default: all cores); the results do\n"
           "                      not depend on it\n"
           "  --format F          header (C99, static const uint32_t arrays), csv or json;\n"
           "                      default: from the -o name (.h, .csv, .json), else csv\n"
           "  -o, --output FILE   write there instead of stdout\n"
           "  --guard NAME        include guard of the header (default: from the -o name)\n"
           "  --timing            fill in the seconds of each entry (CSV, JSON); without it the\n"
           "                      output is deterministic and a merged table equals an unsharded one\n"
           "  --shard i/n         compute only entries k (0-based, in table order) with\n"
           "                      k % n == i - 1 and write a partial result (JSON) for merge\n"
           "  --quiet             no progress bar on stderr (shown only on a terminal)\n";
}

Error input_error(const std::string &message) { return Error{kExitInput, message}; }

bool set_error(Error &error, const std::string &message) {
    error = input_error(message);
    return false;
}

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

std::string hex64(uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string json_string(const std::string &s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

std::string trim(const std::string &s) {
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool is_identifier(const std::string &s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (const char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

// A C identifier from any text: other characters become '_', a leading digit gets one before it.
std::string identifier_from(const std::string &s) {
    std::string out;
    for (const char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
    return out;
}

std::string upper_case(std::string s) {
    for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// ---- what a table is ------------------------------------------------------------------------

// One kernel/configuration of the table: W = 1..warps.
struct KernelInfo {
    std::string name;
    std::string kernel;  // normalised, run-length written ("L5C9L2C9")
    std::string config;  // "units=L=32,C=128,S=32,D=32 latency=... warp_size=32 schedulers=4"
    uint32_t warps = 0;
    Settings settings;   // for computing (not kept in a partial file)
};

struct TableOptions {
    std::vector<std::string> columns;
    uint64_t seed = 1, iterations = kDefaultTableIterations;
    std::optional<uint64_t> restarts, budget, memory;
    std::optional<double> timeout;
};

struct TableInfo {
    std::string tool;
    std::vector<KernelInfo> kernels;
    std::vector<std::string> columns;
    std::string options;  // the canonical text of the options that shape the results
    size_t total = 0;     // entries: the sum of the kernels' warps
};

struct ColumnResult {
    std::string method;
    uint64_t value = 0;
    std::optional<uint64_t> lower, upper, seed;
    std::string status;      // "proven upper", "optimal", "bracket", "lower bound"
    std::string stopped_by;  // exact bracket: "states", "memory", "time"; else empty
    double seconds = 0;
};

struct EntryResult {
    bool done = false;
    std::vector<ColumnResult> columns;  // in the table's column order
};

// The kernel line as a spec line would give it (after the name): what the spec hash covers.
std::string kernel_line(const KernelInfo &k) {
    return "kernel=" + k.kernel + " " + k.config + " warps=" + std::to_string(k.warps);
}

std::string spec_hash(const std::vector<KernelInfo> &kernels) {
    uint64_t h = fnv1a("warpspan table spec 1\n");
    for (const KernelInfo &k : kernels) h = fnv1a(k.name + " " + kernel_line(k) + "\n", h);
    return hex64(h);
}

// Entry k of the table (kernels in order, W ascending).
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
    for (const std::string &c : o.columns) {
        if (c == "exact") {
            char t[64] = "no time limit";
            if (o.timeout) std::snprintf(t, sizeof t, "timeout %g s", *o.timeout);
            out += std::string(out.empty() ? "" : "; ") + "exact: " +
                   (o.budget ? "budget " + std::to_string(*o.budget) + " states" : "no state limit") + ", " +
                   t + ", memory " + std::to_string(o.memory ? *o.memory : kDefaultMemoryMiB) +
                   " MiB per entry";
        } else if (c == "anneal") {
            out += std::string(out.empty() ? "" : "; ") + "anneal: " + std::to_string(o.iterations) +
                   " iterations x " +
                   std::to_string(o.restarts ? *o.restarts : static_cast<uint64_t>(WSP_POLICY_COUNT)) +
                   " restarts per entry, base seed " + std::to_string(o.seed);
        }
    }
    return out.empty() ? "bound only" : out;
}

std::string join(const std::vector<std::string> &v, const char *sep) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
    return out;
}

// ---- setting a kernel up ----------------------------------------------------------------------

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

// Checks the kernel at its largest W (errors name the file line or the flag) and fills in the
// normalised kernel and the canonical configuration.
bool complete_kernel(KernelInfo &k, Error &error) {
    Settings s = k.settings;
    s.methods = {"bound"};
    s.quiet = true;
    Analysis a;
    if (!analyse(s, a, error)) return false;
    k.kernel = run_length(wsp_problem_kernel(a.problem));
    k.warps = s.warps->value;
    const uint32_t warp_size = a.sm.warp_size ? a.sm.warp_size : 32;
    std::string units = "units=", latency = "latency=";
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        units += std::string(u ? "," : "") + kLetters[u] + "=" +
                 std::to_string(a.sm.units[u] ? a.sm.units[u] : warp_size);
        latency += std::string(u ? "," : "") + kLetters[u] + "=" +
                   std::to_string(a.sm.latency[u] ? a.sm.latency[u] : 1);
    }
    k.config = units + " " + latency + " warp_size=" + std::to_string(warp_size) +
               " schedulers=" + std::to_string(a.sm.schedulers);
    return true;
}

// ---- the table spec file ------------------------------------------------------------------------

bool split_words(const std::string &line, std::vector<std::string> &words, std::string &problem) {
    words.clear();
    std::string cur;
    bool in_word = false, quoted = false;
    for (const char c : line) {
        if (quoted) {
            if (c == '"') quoted = false;
            else cur += c;
        } else if (c == '"') {
            quoted = in_word = true;
        } else if (c == '#') {
            break;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            if (in_word) words.push_back(cur);
            cur.clear();
            in_word = false;
        } else {
            cur += c;
            in_word = true;
        }
    }
    if (quoted) {
        problem = "unterminated quote";
        return false;
    }
    if (in_word) words.push_back(cur);
    return true;
}

bool parse_pairs(const std::string &where, const std::string &key, const std::string &value,
                 std::optional<Sourced<uint32_t>> (&target)[WSP_UNIT_COUNT], Error &error) {
    std::stringstream items(value);
    std::string item;
    bool any = false;
    while (std::getline(items, item, ',')) {
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        const char *letter = eq == 1 ? std::strchr(kLetters, std::toupper(static_cast<unsigned char>(item[0]))) : nullptr;
        uint32_t n = 0;
        if (!letter || !*letter)
            return (error = input_error(where + ": " + key + ": '" + item +
                                        "' is not TYPE=N with TYPE one of L, C, S, D")), false;
        if (!parse_u32(item.substr(eq + 1), n) || n == 0)
            return (error = input_error(where + ": " + key + ": '" + item + "': N must be an integer >= 1")), false;
        target[letter - kLetters] = Sourced<uint32_t>{n, where};
        any = true;
    }
    if (!any) return (error = input_error(where + ": " + key + ": expected TYPE=N pairs such as L=32,C=128")), false;
    return true;
}

std::string directory_of(const std::string &path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// One line of the spec: NAME key=value ...
bool parse_spec_line(const std::string &path, size_t line_no, const std::vector<std::string> &words,
                     KernelInfo &k, Error &error) {
    const std::string where = path + ":" + std::to_string(line_no);
    k.name = words[0];
    if (!is_identifier(k.name))
        return (error = input_error(where + ": table name '" + k.name +
                                    "' is not a C identifier (letters, digits, _; it names the arrays)")), false;
    std::map<std::string, std::string> keys;
    static const char *const kKeys[] = {"kernel", "config", "units", "latency", "warp_size", "schedulers", "warps"};
    for (size_t i = 1; i < words.size(); ++i) {
        const size_t eq = words[i].find('=');
        const std::string key = eq == std::string::npos ? words[i] : words[i].substr(0, eq);
        bool known = false;
        for (const char *kk : kKeys) known = known || key == kk;
        if (!known)
            return (error = input_error(where + ": unknown key '" + key +
                                        "' (keys: kernel, config, units, latency, warp_size, schedulers, warps)")), false;
        if (eq == std::string::npos || eq + 1 == words[i].size())
            return (error = input_error(where + ": key '" + key + "' has no value (write " + key + "=VALUE)")), false;
        if (keys.count(key)) return (error = input_error(where + ": key '" + key + "' given twice")), false;
        keys[key] = words[i].substr(eq + 1);
    }
    Settings &s = k.settings;
    if (keys.count("config")) {
        std::string file = keys["config"];
        if (file[0] != '/') file = directory_of(path) + file;
        Error inner{kExitOk, ""};
        if (!read_config_file(file, s, inner))
            return (error = input_error(where + ": config: " + inner.message)), false;
    }
    if (keys.count("kernel")) s.kernel = Sourced<std::string>{keys["kernel"], where};
    if (keys.count("units") && !parse_pairs(where, "units", keys["units"], s.units, error)) return false;
    if (keys.count("latency") && !parse_pairs(where, "latency", keys["latency"], s.latency, error)) return false;
    auto number = [&](const char *key, std::optional<Sourced<uint32_t>> &out, bool allow_zero) {
        uint32_t v = 0;
        if (!parse_u32(keys[key], v) || (!allow_zero && v == 0))
            return (error = input_error(where + ": " + key + ": '" + keys[key] + "' is not " +
                                        (allow_zero ? "a non-negative" : "a positive") + " integer")), false;
        out = Sourced<uint32_t>{v, where};
        return true;
    };
    if (keys.count("warp_size") && !number("warp_size", s.warp_size, false)) return false;
    if (keys.count("schedulers") && !number("schedulers", s.schedulers, true)) return false;
    if (keys.count("warps")) {
        std::string w = keys["warps"];
        if (w.rfind("1..", 0) == 0) w = w.substr(3);
        keys["warps"] = w;
        if (w.find("..") != std::string::npos)
            return (error = input_error(where + ": warps: a table starts at W = 1: write warps=N or warps=1..N")), false;
        if (!number("warps", s.warps, false)) return false;
    }
    if (!s.kernel) return (error = input_error(where + ": no kernel (kernel=K or config=FILE with 'kernel')")), false;
    if (!s.warps) return (error = input_error(where + ": no warp count (warps=N: W = 1..N)")), false;
    // Every value names this line, also those read from the config file.
    s.kernel->origin = where;
    s.warps->origin = where;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (s.units[u]) s.units[u]->origin = where;
        if (s.latency[u]) s.latency[u]->origin = where;
    }
    if (s.warp_size) s.warp_size->origin = where;
    if (s.schedulers) s.schedulers->origin = where;
    return true;
}

bool read_spec(const std::string &path, std::vector<KernelInfo> &kernels, Error &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return (error = input_error("cannot open table spec '" + path + "': " + std::strerror(errno))), false;
    std::string line;
    std::map<std::string, size_t> first_line;
    size_t line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.find('\0') != std::string::npos)
            return (error = input_error(path + ":" + std::to_string(line_no) + ": not a text file (NUL byte)")), false;
        std::vector<std::string> words;
        std::string problem;
        if (!split_words(line, words, problem))
            return (error = input_error(path + ":" + std::to_string(line_no) + ": " + problem)), false;
        if (words.empty()) continue;
        KernelInfo k;
        if (!parse_spec_line(path, line_no, words, k, error)) return false;
        if (first_line.count(k.name))
            return (error = input_error(path + ":" + std::to_string(line_no) + ": table name '" + k.name +
                                        "' given again (first at line " + std::to_string(first_line[k.name]) + ")")), false;
        first_line[k.name] = line_no;
        if (!complete_kernel(k, error)) return false;
        kernels.push_back(std::move(k));
    }
    if (in.bad()) return (error = input_error("cannot read table spec '" + path + "'")), false;
    if (kernels.empty()) return (error = input_error(path + ": no tables (every line is empty or a comment)")), false;
    return true;
}

// ---- computing one entry ------------------------------------------------------------------------

bool compute_entry(const KernelInfo &k, uint32_t warps, const TableOptions &o, EntryResult &r, Error &error) {
    Settings s = k.settings;
    s.warps = Sourced<uint32_t>{warps, s.warps->origin};
    s.methods = {"bound"};
    s.quiet = true;
    s.threads = 1;
    Analysis a;
    double start = wsp_host_seconds();
    if (!analyse(s, a, error)) return false;
    const double bound_seconds = wsp_host_seconds() - start;
    std::map<std::string, ColumnResult> got;
    {
        ColumnResult c;
        c.method = "bound";
        c.value = a.bounds.upper;
        c.upper = a.bounds.upper;
        c.status = "proven upper";
        c.seconds = bound_seconds;
        got["bound"] = c;
    }
    auto wanted = [&](const char *m) {
        for (const std::string &c : o.columns)
            if (c == m) return true;
        return false;
    };
    if (wanted("anneal")) {  // first, so that its witness gives the exact solver a head start
        Settings sa = s;
        sa.iterations = o.iterations;
        sa.restarts = o.restarts;
        sa.seed = entry_seed(o.seed, k.name, warps);
        AnnealRun run;
        start = wsp_host_seconds();
        if (!run_anneal(sa, a, run, error)) return false;
        Witness w;
        if (!decode_witness(a.problem, run.instances[run.best].witness, "the annealer's witness", w, error))
            return false;
        if (w.makespan != run.lower)
            return (error = Error{kExitInternal, "internal: the annealer's witness does not decode to its result"}), false;
        a.witness = w;
        ColumnResult c;
        c.method = "anneal";
        c.value = run.lower;
        c.lower = run.lower;
        c.seed = *sa.seed;
        c.status = "lower bound";
        c.seconds = wsp_host_seconds() - start;
        got["anneal"] = c;
    }
    if (wanted("exact")) {
        Settings se = s;
        se.budget = o.budget;
        se.timeout = o.timeout;
        se.memory = o.memory;
        ExactRun run;
        start = wsp_host_seconds();
        if (!run_exact(se, a, run, error)) return false;
        Witness w;
        if (!decode_witness(a.problem, run.witness, "the exact solver's witness", w, error)) return false;
        if (w.makespan != run.result.lower)
            return (error = Error{kExitInternal, "internal: the exact witness does not decode to its lower bound"}), false;
        ColumnResult c;
        c.method = "exact";
        const uint64_t upper = std::min<uint64_t>(run.result.upper, a.bounds.upper);
        c.value = upper;
        c.lower = run.result.lower;
        c.upper = upper;
        c.status = run.result.stop == WSP_STOP_FINISHED ? "optimal" : "bracket";
        if (const char *why = exact_stop_reason(run)) c.stopped_by = why;
        c.seconds = wsp_host_seconds() - start;
        got["exact"] = c;
    }
    r.columns.clear();
    for (const std::string &c : o.columns) r.columns.push_back(got[c]);
    r.done = true;
    return true;
}

// The progress bar: stderr, a terminal only, redrawn as entries finish.
struct ProgressBar {
    bool enabled = false;
    size_t done = 0, total = 0;
    double start = 0;
    std::mutex mutex;
    void tick() {
        std::lock_guard<std::mutex> lock(mutex);
        ++done;
        if (!enabled) return;
        const size_t width = 30, filled = total ? done * width / total : width;
        std::fprintf(stderr, "\r\033[Ktable: [%s%s] %zu/%zu entries; %.1f s", std::string(filled, '#').c_str(),
                     std::string(width - filled, '.').c_str(), done, total, wsp_host_seconds() - start);
        std::fflush(stderr);
    }
    void finish() {
        if (enabled) std::fprintf(stderr, "\r\033[K");
    }
};

bool compute_table(const TableInfo &t, const TableOptions &o, const std::vector<size_t> &indices, unsigned threads,
                   bool quiet, std::vector<EntryResult> &results, Error &error) {
    results.assign(t.total, EntryResult{});
    std::vector<Error> errors(t.total, Error{kExitOk, ""});
    ProgressBar bar;
    bar.enabled = !quiet && isatty(STDERR_FILENO);
    bar.total = indices.size();
    bar.start = wsp_host_seconds();
    std::atomic<size_t> next{0};
    std::atomic<bool> failed{false};
    auto worker = [&]() {
        for (size_t k; (k = next.fetch_add(1)) < indices.size() && !failed.load();) {
            const size_t index = indices[k];
            size_t kernel = 0;
            uint32_t warps = 0;
            entry_at(t, index, kernel, warps);
            if (!compute_entry(t.kernels[kernel], warps, o, results[index], errors[index])) failed = true;
            bar.tick();
        }
    };
    if (threads == 0) threads = std::thread::hardware_concurrency();
    if (threads == 0) threads = 1;
    if (threads > indices.size()) threads = static_cast<unsigned>(indices.size() ? indices.size() : 1);
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < threads; ++i) pool.emplace_back(worker);
    worker();
    for (std::thread &th : pool) th.join();
    bar.finish();
    for (const size_t index : indices)
        if (errors[index].exit != kExitOk) {
            size_t kernel = 0;
            uint32_t warps = 0;
            entry_at(t, index, kernel, warps);
            error = errors[index];
            error.message = "table " + t.kernels[kernel].name + ", W=" + std::to_string(warps) + ": " + error.message;
            return false;
        }
    return true;
}

// ---- writing ------------------------------------------------------------------------------------

struct Shard {
    unsigned index = 0, count = 0;  // 1-based i of n; count 0: not sharded
};

void write_json(std::ostream &out, const TableInfo &t, const std::vector<EntryResult> &results, bool timing,
                const Shard &shard) {
    out << "{\"format\": \"" << (shard.count ? "warpspan-table-part" : "warpspan-table") << "\", \"version\": 1"
        << ", \"tool\": " << json_string(t.tool) << ",\n \"spec_hash\": \"" << spec_hash(t.kernels) << "\""
        << ", \"columns\": [";
    for (size_t c = 0; c < t.columns.size(); ++c) out << (c ? ", " : "") << json_string(t.columns[c]);
    out << "], \"options\": " << json_string(t.options);
    if (shard.count)
        out << ",\n \"shard\": " << shard.index << ", \"shards\": " << shard.count << ", \"total_entries\": " << t.total;
    out << ",\n \"kernels\": [";
    for (size_t k = 0; k < t.kernels.size(); ++k) {
        const KernelInfo &ki = t.kernels[k];
        out << (k ? ",\n  " : "\n  ") << "{\"name\": " << json_string(ki.name) << ", \"kernel\": " << json_string(ki.kernel)
            << ", \"config\": " << json_string(ki.config) << ", \"warps\": " << ki.warps << "}";
    }
    out << "],\n \"entries\": [";
    bool first = true;
    for (size_t index = 0; index < t.total; ++index) {
        if (!results[index].done) continue;
        size_t kernel = 0;
        uint32_t warps = 0;
        entry_at(t, index, kernel, warps);
        out << (first ? "\n  " : ",\n  ") << "{";
        first = false;
        if (shard.count) out << "\"index\": " << index << ", ";
        out << "\"name\": " << json_string(t.kernels[kernel].name) << ", \"kernel\": " << json_string(t.kernels[kernel].kernel)
            << ", \"warps\": " << warps << ", \"results\": {";
        const std::vector<ColumnResult> &cols = results[index].columns;
        for (size_t c = 0; c < cols.size(); ++c) {
            const ColumnResult &r = cols[c];
            out << (c ? ", " : "") << json_string(r.method) << ": {\"value\": " << r.value;
            if (r.lower) out << ", \"lower\": " << *r.lower;
            if (r.upper) out << ", \"upper\": " << *r.upper;
            out << ", \"status\": " << json_string(r.status);
            if (r.method == "exact")
                out << ", \"stopped_by\": " << (r.stopped_by.empty() ? "null" : json_string(r.stopped_by));
            if (r.seed) out << ", \"seed\": " << *r.seed << ", \"witness_checked\": true";
            if (timing || shard.count) out << ", \"seconds\": " << seconds_text(r.seconds);
            out << "}";
        }
        out << "}}";
    }
    out << "\n ]}\n";
}

void write_csv(std::ostream &out, const TableInfo &t, const std::vector<EntryResult> &results, bool timing) {
    out << "name,kernel,warps,method,value,lower,upper,status,seconds\n";
    for (size_t index = 0; index < t.total; ++index) {
        size_t kernel = 0;
        uint32_t warps = 0;
        entry_at(t, index, kernel, warps);
        for (const ColumnResult &r : results[index].columns) {
            out << t.kernels[kernel].name << "," << t.kernels[kernel].kernel << "," << warps << "," << r.method << ","
                << r.value << "," << (r.lower ? std::to_string(*r.lower) : "") << ","
                << (r.upper ? std::to_string(*r.upper) : "") << "," << r.status << ","
                << (timing ? seconds_text(r.seconds) : "") << "\n";
        }
    }
}

std::string entry_comment(const ColumnResult &r, uint32_t warps) {
    std::string s = "W=" + std::to_string(warps) + ": " + r.method + ", " + r.status;
    if (r.status == "bracket")
        s += " [" + std::to_string(*r.lower) + ", " + std::to_string(*r.upper) + "], stopped by " + r.stopped_by;
    return s;
}

void write_header(std::ostream &out, const TableInfo &t, const std::vector<EntryResult> &results,
                  const std::string &guard) {
    out << "/* Generated by `warpspan table` (" << t.tool << "); do not edit.\n"
        << " *\n"
        << " * Worst-case makespans T(W) in cycles of W warps of one kernel on one SM, for W = 1..N:\n"
        << " * array[W - 1] holds W warps. Columns (methods):\n"
        << " *   bound   a proven upper bound on T(W) (the safe bound, wsp_bounds_compute): a WCET\n"
        << " *   exact   the exact solver (wsp_exact_solve): T(W) where its status is optimal, else the upper\n"
        << " *           end of its bracket [lower, upper]: a WCET either way\n"
        << " *   anneal  simulated annealing (paper 003): a lower bound on T(W), witnessed by a schedule\n"
        << " *           that was decoded and validated; NOT a WCET\n"
        << " *\n"
        << " * Made with: columns " << join(t.columns, ",") << "; " << t.options << ".\n"
        << " * Tables (each as a line of a `warpspan table --spec` file):\n";
    for (const KernelInfo &k : t.kernels) out << " *   " << k.name << " " << kernel_line(k) << "\n";
    out << " */\n"
        << "#ifndef " << guard << "\n"
        << "#define " << guard << "\n\n"
        << "#include <stdint.h>\n";
    size_t index = 0;
    for (const KernelInfo &k : t.kernels) {
        out << "\n/* " << k.name << ": kernel " << k.kernel << ", " << k.config << " */\n"
            << "#define " << upper_case(k.name) << "_WARPS " << k.warps << "u\n";
        for (size_t c = 0; c < t.columns.size(); ++c) {
            out << "\n/* " << k.name << ", column " << t.columns[c] << " */\n"
                << "static const uint32_t " << k.name << "_" << t.columns[c] << "[" << k.warps << "] = {\n";
            for (uint32_t w = 1; w <= k.warps; ++w) {
                const ColumnResult &r = results[index + w - 1].columns[c];
                out << "    " << r.value << "u, /* " << entry_comment(r, w) << " */\n";
            }
            out << "};\n"
                << "/* " << k.name << "_" << t.columns[c] << "[W - 1] for 1 <= W <= " << k.warps
                << ", else 0 (no value) */\n"
                << "static inline uint32_t " << k.name << "_" << t.columns[c] << "_at(uint32_t warps) {\n"
                << "    return warps >= 1u && warps <= " << k.warps << "u ? " << k.name << "_" << t.columns[c]
                << "[warps - 1u] : 0u;\n"
                << "}\n";
        }
        index += k.warps;
    }
    out << "\n#endif /* " << guard << " */\n";
}

std::string base_name(const std::string &path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool ends_with(const std::string &s, const std::string &tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

struct OutputOptions {
    std::string format;  // empty: from the file name
    std::string file;
    std::string guard;
    bool timing = false;
};

bool write_output(const OutputOptions &o, const TableInfo &t, const std::vector<EntryResult> &results,
                  const Shard &shard, Error &error) {
    std::string format = o.format;
    if (format.empty()) {
        format = ends_with(o.file, ".h") ? "header" : ends_with(o.file, ".json") ? "json" : "csv";
    }
    std::ostringstream text;
    if (shard.count) {
        write_json(text, t, results, true, shard);
    } else if (format == "header") {
        const std::string guard = !o.guard.empty() ? o.guard
                                  : !o.file.empty() ? upper_case(identifier_from(base_name(o.file)))
                                                    : "WARPSPAN_TABLE_H";
        write_header(text, t, results, guard);
    } else if (format == "json") {
        write_json(text, t, results, o.timing, shard);
    } else {
        write_csv(text, t, results, o.timing);
    }
    if (o.file.empty()) {
        std::cout << text.str();
        std::cout.flush();
        if (!std::cout) return (error = Error{kExitInternal, "cannot write the output"}), false;
        return true;
    }
    std::ofstream f(o.file, std::ios::binary);
    if (f) f << text.str();
    if (f) f.close();
    if (!f) return (error = input_error("-o: cannot write '" + o.file + "': " + std::strerror(errno))), false;
    return true;
}

// The flag at args[i] without an inline value ("--format=csv" gives "--format").
std::string flag_at(const std::vector<std::string> &args, size_t i) {
    const std::string &a = args[i];
    return a.rfind("--", 0) == 0 && a.find('=') != std::string::npos ? a.substr(0, a.find('=')) : a;
}

// The value of the flag at args[i]: inline after '=', or the next word (then i moves on to it).
bool flag_value(const std::vector<std::string> &args, size_t &i, std::string &v, Error &error) {
    const std::string &a = args[i];
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos) {
        v = a.substr(a.find('=') + 1);
        return true;
    }
    if (i + 1 >= args.size()) return (error = input_error(a + " needs a value")), false;
    v = args[++i];
    return true;
}

// Output flags common to `table` and `table merge`; returns true when `flag` was one of them.
bool output_flag(const std::string &flag, const std::function<bool(std::string &)> &value, OutputOptions &o,
                 bool &ok, Error &error) {
    std::string v;
    if (flag == "--format") {
        if (!(ok = value(v))) return true;
        if (v != "header" && v != "csv" && v != "json") {
            error = input_error("--format: '" + v + "' is not header, csv or json");
            ok = false;
        }
        o.format = v;
    } else if (flag == "-o" || flag == "--output") {
        if (!(ok = value(v))) return true;
        if (v.empty()) {
            error = input_error(flag + ": empty file name");
            ok = false;
        }
        o.file = v;
    } else if (flag == "--guard") {
        if (!(ok = value(v))) return true;
        if (!is_identifier(v)) {
            error = input_error("--guard: '" + v + "' is not a C identifier");
            ok = false;
        }
        o.guard = v;
    } else if (flag == "--timing") {
        o.timing = true;
        ok = true;
    } else {
        return false;
    }
    return true;
}

// ---- merge --------------------------------------------------------------------------------------

struct Part {
    std::string path;
    TableInfo info;
    std::string hash;
    Shard shard;
    std::vector<std::pair<size_t, EntryResult>> entries;
};

bool read_part(const std::string &path, Part &part, Error &error) {
    auto bad = [&](const std::string &why) {
        error = input_error("merge: '" + path + "' is not a partial table from `warpspan table --shard`: " + why);
        return false;
    };
    std::ifstream in(path, std::ios::binary);
    if (!in) return (error = input_error("merge: cannot open '" + path + "': " + std::strerror(errno))), false;
    std::ostringstream text;
    text << in.rdbuf();
    JsonValue root;
    std::string why;
    if (!parse_json(text.str(), root, why)) return bad(why);
    const JsonValue *format = root.get("format");
    if (!format || format->text != "warpspan-table-part") {
        if (format && format->text == "warpspan-table") return bad("it is a whole table (JSON output), not a part");
        return bad("no \"format\": \"warpspan-table-part\"");
    }
    auto str = [&](const JsonValue *v, const char *key, std::string &out) {
        const JsonValue *f = v ? v->get(key) : nullptr;
        if (!f || f->kind != JsonValue::Kind::kString) return bad(std::string("no string \"") + key + "\"");
        out = f->text;
        return true;
    };
    auto num = [&](const JsonValue *v, const char *key, uint64_t &out) {
        const JsonValue *f = v ? v->get(key) : nullptr;
        if (!f || !f->is_uint()) return bad(std::string("no number \"") + key + "\"");
        out = f->as_uint();
        return true;
    };
    part.path = path;
    uint64_t shard = 0, shards = 0, total = 0;
    if (!str(&root, "tool", part.info.tool) || !str(&root, "spec_hash", part.hash) ||
        !str(&root, "options", part.info.options) || !num(&root, "shard", shard) || !num(&root, "shards", shards) ||
        !num(&root, "total_entries", total))
        return false;
    if (shards == 0 || shard == 0 || shard > shards || shards > 1000000) return bad("bad shard numbers");
    part.shard = Shard{static_cast<unsigned>(shard), static_cast<unsigned>(shards)};
    const JsonValue *columns = root.get("columns");
    if (!columns || columns->kind != JsonValue::Kind::kArray) return bad("no \"columns\"");
    for (const JsonValue &c : columns->items) part.info.columns.push_back(c.text);
    const JsonValue *kernels = root.get("kernels");
    if (!kernels || kernels->kind != JsonValue::Kind::kArray) return bad("no \"kernels\"");
    for (const JsonValue &k : kernels->items) {
        KernelInfo ki;
        uint64_t w = 0;
        if (!str(&k, "name", ki.name) || !str(&k, "kernel", ki.kernel) || !str(&k, "config", ki.config) ||
            !num(&k, "warps", w))
            return false;
        ki.warps = static_cast<uint32_t>(w);
        part.info.total += ki.warps;
        part.info.kernels.push_back(ki);
    }
    if (spec_hash(part.info.kernels) != part.hash) return bad("its spec hash does not match its kernels (edited?)");
    if (part.info.total != total) return bad("total_entries does not match its kernels");
    const JsonValue *entries = root.get("entries");
    if (!entries || entries->kind != JsonValue::Kind::kArray) return bad("no \"entries\"");
    for (const JsonValue &e : entries->items) {
        uint64_t index = 0, warps = 0;
        std::string name;
        if (!num(&e, "index", index) || !num(&e, "warps", warps) || !str(&e, "name", name)) return false;
        if (index >= total) return bad("entry " + std::to_string(index) + " is outside the table");
        size_t kernel = 0;
        uint32_t w = 0;
        entry_at(part.info, index, kernel, w);
        if (part.info.kernels[kernel].name != name || w != warps)
            return bad("entry " + std::to_string(index) + " is not " + name + ", W=" + std::to_string(warps));
        const JsonValue *res = e.get("results");
        EntryResult r;
        r.done = true;
        for (const std::string &c : part.info.columns) {
            const JsonValue *cv = res ? res->get(c) : nullptr;
            if (!cv) return bad("entry " + std::to_string(index) + " has no result for column " + c);
            ColumnResult cr;
            cr.method = c;
            uint64_t v = 0;
            if (!num(cv, "value", cr.value) || !str(cv, "status", cr.status)) return false;
            if (cv->get("lower")) {
                if (!num(cv, "lower", v)) return false;
                cr.lower = v;
            }
            if (cv->get("upper")) {
                if (!num(cv, "upper", v)) return false;
                cr.upper = v;
            }
            if (cv->get("seed")) {
                if (!num(cv, "seed", v)) return false;
                cr.seed = v;
            }
            const JsonValue *sb = cv->get("stopped_by");
            if (sb && sb->kind == JsonValue::Kind::kString) cr.stopped_by = sb->text;
            const JsonValue *sec = cv->get("seconds");
            if (sec && sec->kind == JsonValue::Kind::kNumber) cr.seconds = sec->number;
            r.columns.push_back(cr);
        }
        part.entries.emplace_back(static_cast<size_t>(index), r);
    }
    return true;
}

int fail(const Error &error) {
    std::cerr << "warpspan: error: " << error.message << "\n";
    return error.exit;
}

int merge_main(const std::vector<std::string> &args) {
    OutputOptions out;
    std::vector<std::string> paths;
    Error error{kExitOk, ""};
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string flag = flag_at(args, i);
        auto value = [&](std::string &v) { return flag_value(args, i, v, error); };
        bool ok = true;
        if (flag == "--help" || flag == "-h") {
            std::cout << table_usage();
            return kExitOk;
        } else if (output_flag(flag, value, out, ok, error)) {
            if (!ok) return fail(error);
        } else if (flag.size() > 1 && flag[0] == '-') {
            return fail(input_error("table merge: unknown option '" + flag + "' (see warpspan table --help)"));
        } else {
            paths.push_back(flag);
        }
    }
    if (paths.empty()) return fail(input_error("table merge: no parts (give the files of `warpspan table --shard i/n`)"));
    std::vector<Part> parts(paths.size());
    for (size_t p = 0; p < paths.size(); ++p)
        if (!read_part(paths[p], parts[p], error)) return fail(error);
    const Part &first = parts[0];
    std::map<unsigned, std::string> seen;
    for (const Part &p : parts) {
        if (p.hash != first.hash)
            return fail(input_error("merge: '" + p.path + "' belongs to a different table than '" + first.path +
                                    "' (spec hash " + p.hash + " vs " + first.hash + ")"));
        if (p.info.columns != first.info.columns || p.info.options != first.info.options)
            return fail(input_error("merge: '" + p.path + "' was computed with other columns or options than '" +
                                    first.path + "' (" + join(p.info.columns, ",") + "; " + p.info.options + " vs " +
                                    join(first.info.columns, ",") + "; " + first.info.options + ")"));
        if (p.info.tool != first.info.tool)
            return fail(input_error("merge: '" + p.path + "' was made by " + p.info.tool + ", '" + first.path +
                                    "' by " + first.info.tool));
        if (p.shard.count != first.shard.count)
            return fail(input_error("merge: '" + p.path + "' is shard " + std::to_string(p.shard.index) + "/" +
                                    std::to_string(p.shard.count) + " but '" + first.path + "' is shard " +
                                    std::to_string(first.shard.index) + "/" + std::to_string(first.shard.count) +
                                    " (different shard counts)"));
        const std::string name = std::to_string(p.shard.index) + "/" + std::to_string(p.shard.count);
        if (seen.count(p.shard.index))
            return fail(input_error("merge: shard " + name + " given twice: '" + seen[p.shard.index] + "' and '" +
                                    p.path + "'"));
        seen[p.shard.index] = p.path;
    }
    std::string missing;
    for (unsigned i = 1; i <= first.shard.count; ++i)
        if (!seen.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(first.shard.count);
    if (!missing.empty())
        return fail(input_error("merge: missing shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") +
                                missing + " (" + std::to_string(parts.size()) + " of " +
                                std::to_string(first.shard.count) + " parts given)"));
    std::vector<EntryResult> results(first.info.total);
    for (const Part &p : parts) {
        for (const auto &e : p.entries) {
            if (e.first % p.shard.count != p.shard.index - 1)
                return fail(input_error("merge: '" + p.path + "' holds entry " + std::to_string(e.first) +
                                        ", which belongs to another shard"));
            if (results[e.first].done)
                return fail(input_error("merge: entry " + std::to_string(e.first) + " given twice in '" + p.path + "'"));
            results[e.first] = e.second;
        }
    }
    for (size_t index = 0; index < results.size(); ++index)
        if (!results[index].done) {
            size_t kernel = 0;
            uint32_t warps = 0;
            entry_at(first.info, index, kernel, warps);
            return fail(input_error("merge: entry " + std::to_string(index) + " (" + first.info.kernels[kernel].name +
                                    ", W=" + std::to_string(warps) + ") is missing from '" +
                                    seen[static_cast<unsigned>(index % first.shard.count) + 1] + "'"));
        }
    if (!write_output(out, first.info, results, Shard{}, error)) return fail(error);
    return kExitOk;
}

}  // namespace

int table_main(const std::vector<std::string> &args) {
    if (!args.empty() && args[0] == "merge") return merge_main(std::vector<std::string>(args.begin() + 1, args.end()));
    Error error{kExitOk, ""};
    OutputOptions out;
    TableOptions opt;
    std::vector<std::string> problem_args;
    std::string spec, name, config;
    std::optional<uint64_t> threads;
    Shard shard;
    bool quiet = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string flag = flag_at(args, i);
        auto value = [&](std::string &v) { return flag_value(args, i, v, error); };
        auto number = [&](std::optional<uint64_t> &out_value) {
            std::string v;
            uint64_t n = 0;
            if (!value(v)) return false;
            if (!parse_u64(v, n) || (n == 0 && flag != "--seed"))
                return (error = input_error(flag + ": '" + v + "' is not a positive integer")), false;
            out_value = n;
            return true;
        };
        bool ok = true;
        std::string v;
        std::optional<uint64_t> n;
        if (flag == "--help" || flag == "-h") {
            std::cout << table_usage();
            return kExitOk;
        } else if (output_flag(flag, value, out, ok, error)) {
        } else if (flag == "--kernel" || flag == "--warps" || flag == "--units" || flag == "--latency" ||
                   flag == "--warp-size" || flag == "--schedulers") {
            ok = value(v);
            problem_args.push_back(flag);
            problem_args.push_back(v);
        } else if (flag == "--spec") {
            ok = value(spec);
        } else if (flag == "--name") {
            ok = value(name);
            if (ok && !is_identifier(name))
                ok = set_error(error, "--name: '" + name + "' is not a C identifier (it names the arrays)");
        } else if (flag == "--columns") {
            ok = value(v);
            opt.columns.clear();
            std::stringstream items(v);
            std::string item;
            while (ok && std::getline(items, item, ',')) {
                item = trim(item);
                if (item.empty()) continue;
                bool known = false;
                for (const char *c : kColumnNames) known = known || item == c;
                if (!known) ok = set_error(error, "--columns: unknown column '" + item + "' (bound, exact, anneal)");
                for (const std::string &c : opt.columns)
                    if (ok && c == item) ok = set_error(error, "--columns: '" + item + "' given twice");
                if (ok) opt.columns.push_back(item);
            }
            if (ok && opt.columns.empty()) ok = set_error(error, "--columns: empty list");
        } else if (flag == "--timeout") {
            ok = value(v);
            char *end = nullptr;
            const double t = ok ? std::strtod(v.c_str(), &end) : 0;
            if (ok && (v.empty() || *end != '\0' || !(t > 0) || t > 1e9))
                ok = set_error(error, "--timeout: '" + v + "' is not a positive number of seconds");
            opt.timeout = t;
        } else if (flag == "--budget") {
            ok = number(opt.budget);
        } else if (flag == "--memory") {
            ok = number(opt.memory);
        } else if (flag == "--restarts") {
            ok = number(opt.restarts);
        } else if (flag == "--iterations") {
            ok = number(n);
            if (ok) opt.iterations = *n;
        } else if (flag == "--seed") {
            ok = number(n);
            if (ok) opt.seed = *n;
        } else if (flag == "--threads") {
            ok = number(threads);
        } else if (flag == "--quiet") {
            quiet = true;
        } else if (flag == "--shard") {
            ok = value(v);
            const size_t slash = v.find('/');
            uint32_t a = 0, b = 0;
            if (ok && (slash == std::string::npos || !parse_u32(v.substr(0, slash), a) ||
                       !parse_u32(v.substr(slash + 1), b) || a == 0 || b == 0 || a > b || b > 1000000))
                ok = set_error(error, "--shard: '" + v + "' is not i/n with 1 <= i <= n");
            shard = Shard{a, b};
        } else if (flag.size() > 1 && flag[0] == '-') {
            ok = set_error(error, "table: unknown option '" + flag + "' (see warpspan table --help)");
        } else {
            if (!config.empty())
                ok = set_error(error, "table: more than one configuration file: '" + config + "' and '" + flag + "'");
            config = flag;
            problem_args.insert(problem_args.begin(), flag);
        }
        if (!ok) return fail(error);
    }
    if (opt.columns.empty()) opt.columns = {"bound"};
    if (shard.count && !out.format.empty())
        return fail(input_error("--shard writes a partial result (JSON) for `warpspan table merge`; give --format to merge"));
    TableInfo t;
    t.tool = std::string("warpspan ") + wsp_version();
    t.columns = opt.columns;
    t.options = options_text(opt);
    if (!spec.empty()) {
        if (!problem_args.empty())
            return fail(input_error("table: --spec and a single kernel (CONFIG, --kernel, --warps, ...) exclude each other"));
        if (!name.empty()) return fail(input_error("--name names a single kernel's table; a spec line names its own"));
        if (!read_spec(spec, t.kernels, error)) return fail(error);
    } else {
        if (problem_args.empty())
            return fail(input_error("table: nothing to tabulate: give a CONFIG file, --kernel and --warps, or --spec FILE"));
        KernelInfo k;
        Action action = Action::kAnalyse;
        if (!parse_arguments(problem_args, k.settings, action, error)) return fail(error);
        k.name = !name.empty() ? name : !config.empty() ? identifier_from(base_name(config).substr(0, base_name(config).find('.')))
                                                        : "kernel";
        if (!complete_kernel(k, error)) return fail(error);
        t.kernels.push_back(std::move(k));
    }
    for (const KernelInfo &k : t.kernels) t.total += k.warps;
    std::vector<size_t> indices;
    for (size_t index = 0; index < t.total; ++index)
        if (!shard.count || index % shard.count == shard.index - 1) indices.push_back(index);
    std::vector<EntryResult> results;
    if (!compute_table(t, opt, indices, threads ? static_cast<unsigned>(*threads) : 0u, quiet, results, error))
        return fail(error);
    if (!write_output(out, t, results, shard, error)) return fail(error);
    return kExitOk;
}

}  // namespace wsp_cli
