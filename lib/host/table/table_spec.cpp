// Table spec files (table.hpp, docs/formats.md): one table per line, `NAME key=value ...`, `#`
// comments, double quotes around values with spaces. Keys override the values of a `config` file (whose
// own keys beat its `arch` preset); every error names the line.
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "host/arch/arch_presets.hpp"
#include "host/config/config_file.hpp"
#include "host/table/table.hpp"

namespace wsp {
namespace host {
namespace {

const char kLetters[] = "LCSD";

bool is_identifier(const std::string &s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (const char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

bool split_words(const std::string &line, std::vector<std::string> &words, std::string &error) {
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
    if (quoted) return error = "unterminated quote", false;
    if (in_word) words.push_back(cur);
    return true;
}

bool parse_u32(const std::string &text, uint32_t &out) {
    if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    const unsigned long long v = std::stoull(text);
    if (v > UINT32_MAX) return false;
    out = static_cast<uint32_t>(v);
    return true;
}

// units=L=32,C=128 and latency=S=4: TYPE=N pairs, N >= 1.
bool parse_pairs(const std::string &key, const std::string &value, uint32_t (&target)[WSP_UNIT_COUNT],
                 std::string &error) {
    std::stringstream items(value);
    std::string item;
    bool any = false;
    while (std::getline(items, item, ',')) {
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        const char *letter = eq == 1 ? std::strchr(kLetters, std::toupper(static_cast<unsigned char>(item[0]))) : nullptr;
        uint32_t n = 0;
        if (!letter || !*letter) return error = key + ": '" + item + "' is not TYPE=N with TYPE one of L, C, S, D", false;
        if (!parse_u32(item.substr(eq + 1), n) || n == 0)
            return error = key + ": '" + item + "': N must be an integer >= 1", false;
        target[letter - kLetters] = n;
        any = true;
    }
    return any || (error = key + ": expected TYPE=N pairs such as L=32,C=128", false);
}

std::string directory_of(const std::string &path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// The config file's values under the line's own keys.
bool apply_config(const std::string &file, TableKernel &k, bool &has_kernel, bool &has_warps, std::string &error) {
    ConfigFile c;
    ConfigError e;
    if (!read_config_file(file, c, e))
        return error = "config: " + (e.line ? file + ":" + std::to_string(e.line) + ": " : std::string()) + e.message, false;
    if (c.arch) {
        const ArchPreset &p = *find_arch_preset(c.arch->value);
        for (int u = 0; u < WSP_UNIT_COUNT; ++u) k.sm.units[u] = p.units[u];
        k.sm.warp_size = p.warp_size;
        k.sm.schedulers = p.schedulers;
    }
    if (c.kernel) k.input_kernel = c.kernel->value, has_kernel = true;
    if (c.warps) k.warps = c.warps->value, has_warps = true;
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) {
        if (c.units[u]) k.sm.units[u] = c.units[u]->value;
        if (c.latency[u]) k.sm.latency[u] = c.latency[u]->value;
    }
    if (c.warp_size) k.sm.warp_size = c.warp_size->value;
    if (c.schedulers) k.sm.schedulers = c.schedulers->value;
    return true;
}

bool parse_spec_line(const std::string &path, const std::vector<std::string> &words, TableKernel &k, std::string &error) {
    k.name = words[0];
    if (!is_identifier(k.name))
        return error = "table name '" + k.name + "' is not a C identifier (letters, digits, _; it names the arrays)", false;
    std::map<std::string, std::string> keys;
    static const char *const kKeys[] = {"kernel", "config", "units", "latency", "warp_size", "schedulers", "warps"};
    for (size_t i = 1; i < words.size(); ++i) {
        const size_t eq = words[i].find('=');
        const std::string key = eq == std::string::npos ? words[i] : words[i].substr(0, eq);
        bool known = false;
        for (const char *kk : kKeys) known = known || key == kk;
        if (!known)
            return error = "unknown key '" + key + "' (keys: kernel, config, units, latency, warp_size, schedulers, warps)",
                   false;
        if (eq == std::string::npos || eq + 1 == words[i].size())
            return error = "key '" + key + "' has no value (write " + key + "=VALUE)", false;
        if (keys.count(key)) return error = "key '" + key + "' given twice", false;
        keys[key] = words[i].substr(eq + 1);
    }
    bool has_kernel = false, has_warps = false;
    if (keys.count("config")) {
        std::string file = keys["config"];
        if (file[0] != '/') file = directory_of(path) + file;
        if (!apply_config(file, k, has_kernel, has_warps, error)) return false;
    }
    if (keys.count("kernel")) k.input_kernel = keys["kernel"], has_kernel = true;
    if (keys.count("units") && !parse_pairs("units", keys["units"], k.sm.units, error)) return false;
    if (keys.count("latency") && !parse_pairs("latency", keys["latency"], k.sm.latency, error)) return false;
    auto number = [&](const char *key, uint32_t &out, bool allow_zero) {
        if (!parse_u32(keys[key], out) || (!allow_zero && out == 0))
            return error = std::string(key) + ": '" + keys[key] + "' is not " +
                           (allow_zero ? "a non-negative" : "a positive") + " integer",
                   false;
        return true;
    };
    if (keys.count("warp_size") && !number("warp_size", k.sm.warp_size, false)) return false;
    if (keys.count("schedulers") && !number("schedulers", k.sm.schedulers, true)) return false;
    if (keys.count("warps")) {
        std::string &w = keys["warps"];
        if (w.rfind("1..", 0) == 0) w = w.substr(3);
        if (w.find("..") != std::string::npos) return error = "warps: a table starts at W = 1: write warps=N or warps=1..N", false;
        if (!number("warps", k.warps, false)) return false;
        has_warps = true;
    }
    if (!has_kernel) return error = "no kernel (kernel=K or config=FILE with 'kernel')", false;
    if (!has_warps) return error = "no warp count (warps=N: W = 1..N)", false;
    return true;
}

}  // namespace

bool read_table_spec(const std::string &path, std::vector<TableKernel> &kernels, unsigned &line_no, std::string &error) {
    line_no = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) return error = "cannot open table spec '" + path + "': " + std::strerror(errno), false;
    std::string line;
    std::map<std::string, unsigned> first_line;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.find('\0') != std::string::npos) return error = "not a text file (NUL byte)", false;
        std::vector<std::string> words;
        if (!split_words(line, words, error)) return false;
        if (words.empty()) continue;
        TableKernel k;
        if (!parse_spec_line(path, words, k, error)) return false;
        if (first_line.count(k.name))
            return error = "table name '" + k.name + "' given again (first at line " + std::to_string(first_line[k.name]) + ")",
                   false;
        first_line[k.name] = line_no;
        AnalysisError e;
        if (!complete_kernel(k, e)) return error = e.message, false;
        kernels.push_back(std::move(k));
    }
    line_no = 0;
    if (in.bad()) return error = "cannot read table spec '" + path + "'", false;
    if (kernels.empty()) return error = "no tables (every line is empty or a comment)", false;
    return true;
}

}  // namespace host
}  // namespace wsp
