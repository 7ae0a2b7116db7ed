#include "config_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "arch_presets.hpp"

namespace wsp_cli {

namespace {

enum class Field { kKernel, kWarps, kUnits, kLatency, kWarpSize, kSchedulers, kArch };

struct Key {
    const char *name;
    Field field;
    int unit;
};

const Key kKeys[] = {
    {"kernel", Field::kKernel, -1},
    {"warp_number", Field::kWarps, -1},
    {"ls_unit_number", Field::kUnits, WSP_UNIT_L},
    {"cuda_core_number", Field::kUnits, WSP_UNIT_C},
    {"sfu_unit_number", Field::kUnits, WSP_UNIT_S},
    {"dp_unit_number", Field::kUnits, WSP_UNIT_D},
    {"warp_size", Field::kWarpSize, -1},
    {"warp_schedulers", Field::kSchedulers, -1},
    {"ls_latency", Field::kLatency, WSP_UNIT_L},
    {"cuda_latency", Field::kLatency, WSP_UNIT_C},
    {"sfu_latency", Field::kLatency, WSP_UNIT_S},
    {"dp_latency", Field::kLatency, WSP_UNIT_D},
    {"arch", Field::kArch, -1},
};

std::string trim(const std::string &s) {
    const char *ws = " \t\r\n\f\v";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string known_keys() {
    std::string out;
    for (const Key &k : kKeys) out += (out.empty() ? "" : ", ") + std::string(k.name);
    return out;
}

// Shows a value safely in a message: printable ASCII as is, other bytes as \xNN, at most 40.
std::string shown(const std::string &s) {
    std::string out;
    for (size_t i = 0; i < s.size() && i < 40; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    if (s.size() > 40) out += "...";
    return out;
}

bool set_value(const Key &key, const std::string &value, const std::string &origin, Settings &s,
               Error &error) {
    if (key.field == Field::kKernel) {
        s.kernel = Sourced<std::string>{value, origin};
        return true;
    }
    if (key.field == Field::kArch) {
        if (find_arch_preset(value) == nullptr) {
            error = {kExitInput, origin + ": arch: unknown architecture '" + shown(value) +
                                     "' (known: " + arch_names() + ")"};
            return false;
        }
        s.arch = Sourced<std::string>{value, origin};
        return true;
    }
    uint32_t n = 0;
    if (!parse_u32(value, n)) {
        error = {kExitInput, origin + ": " + key.name + ": '" + shown(value) +
                                 "' is not a non-negative integer below 2^32"};
        return false;
    }
    const bool zero_means_none = key.field == Field::kSchedulers;
    if (n == 0 && !zero_means_none) {
        error = {kExitInput, origin + ": " + key.name + " must be at least 1"};
        return false;
    }
    const Sourced<uint32_t> v{n, origin};
    switch (key.field) {
        case Field::kWarps: s.warps = v; break;
        case Field::kUnits: s.units[key.unit] = v; break;
        case Field::kLatency: s.latency[key.unit] = v; break;
        case Field::kWarpSize: s.warp_size = v; break;
        case Field::kSchedulers: s.schedulers = v; break;
        case Field::kKernel:
        case Field::kArch: break;
    }
    return true;
}

}  // namespace

bool parse_u64(const std::string &text, uint64_t &out) {
    if (text.empty() || text.size() > 20) return false;
    uint64_t v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    out = v;
    return true;
}

bool parse_u32(const std::string &text, uint32_t &out) {
    uint64_t v = 0;
    if (!parse_u64(text, v) || v > UINT32_MAX) return false;
    out = static_cast<uint32_t>(v);
    return true;
}

bool parse_config_text(const std::string &text, const std::string &name, Settings &settings,
                       Error &error) {
    if (text.find('\0') != std::string::npos) {
        error = {kExitInput, name + ": not a text file (it holds NUL bytes)"};
        return false;
    }
    std::istringstream in(text);
    std::string raw;
    size_t line_no = 0;
    const Key *pending = nullptr;  // paper format: a key line waiting for its value line
    size_t pending_line = 0;
    std::map<std::string, size_t> seen;
    auto origin = [&](size_t l) { return name + ":" + std::to_string(l); };
    auto accept_key = [&](const std::string &word, size_t l, const Key *&found) {
        found = nullptr;
        for (const Key &k : kKeys)
            if (word == k.name) found = &k;
        if (found == nullptr) {
            error = {kExitInput, origin(l) + ": unknown key '" + shown(word) + "' (known keys: " +
                                     known_keys() + ")"};
            return false;
        }
        const auto it = seen.find(word);
        if (it != seen.end()) {
            error = {kExitInput, origin(l) + ": key '" + word + "' given again (first at line " +
                                     std::to_string(it->second) + ")"};
            return false;
        }
        seen[word] = l;
        return true;
    };
    while (std::getline(in, raw)) {
        ++line_no;
        const size_t hash = raw.find('#');
        const std::string line = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (line.empty()) continue;
        if (pending != nullptr) {
            if (!set_value(*pending, line, origin(line_no), settings, error)) return false;
            pending = nullptr;
            continue;
        }
        const size_t eq = line.find('=');
        const Key *key = nullptr;
        if (eq != std::string::npos) {
            const std::string word = trim(line.substr(0, eq));
            const std::string value = trim(line.substr(eq + 1));
            if (word.empty()) {
                error = {kExitInput, origin(line_no) + ": '=' without a key before it"};
                return false;
            }
            if (!accept_key(word, line_no, key)) return false;
            if (value.empty()) {
                error = {kExitInput, origin(line_no) + ": key '" + word + "' has an empty value"};
                return false;
            }
            if (!set_value(*key, value, origin(line_no), settings, error)) return false;
        } else {
            if (!accept_key(line, line_no, key)) return false;
            pending = key;
            pending_line = line_no;
        }
    }
    if (pending != nullptr) {
        error = {kExitInput, origin(pending_line) + ": key '" + pending->name +
                                 "' has no value line after it"};
        return false;
    }
    if (seen.empty()) {
        error = {kExitInput, name + ": no configuration keys in the file (known keys: " +
                                 known_keys() + ")"};
        return false;
    }
    return true;
}

bool read_config_file(const std::string &path, Settings &settings, Error &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = {kExitInput, "cannot open configuration file '" + path + "': " + std::strerror(errno)};
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        error = {kExitInput, "cannot read configuration file '" + path + "'"};
        return false;
    }
    return parse_config_text(text.str(), path, settings, error);
}

}  // namespace wsp_cli
