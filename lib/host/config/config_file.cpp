// See config_file.hpp.
#include "host/config/config_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "host/arch/arch_presets.hpp"

namespace wsp {
namespace host {
namespace {

enum class Key { kKernel, kWarps, kUnits, kLatency, kWarpSize, kSchedulers, kArch };

struct KeyName {
    const char *name;
    Key key;
    int unit;
    uint32_t field;
};

const KeyName kKeys[] = {
    {"kernel", Key::kKernel, -1, WSP_FIELD_KERNEL},
    {"warp_number", Key::kWarps, -1, WSP_FIELD_WARPS},
    {"ls_unit_number", Key::kUnits, WSP_UNIT_L, WSP_FIELD_UNITS},
    {"cuda_core_number", Key::kUnits, WSP_UNIT_C, WSP_FIELD_UNITS},
    {"sfu_unit_number", Key::kUnits, WSP_UNIT_S, WSP_FIELD_UNITS},
    {"dp_unit_number", Key::kUnits, WSP_UNIT_D, WSP_FIELD_UNITS},
    {"warp_size", Key::kWarpSize, -1, WSP_FIELD_WARP_SIZE},
    {"warp_schedulers", Key::kSchedulers, -1, WSP_FIELD_SCHEDULERS},
    {"ls_latency", Key::kLatency, WSP_UNIT_L, WSP_FIELD_LATENCY},
    {"cuda_latency", Key::kLatency, WSP_UNIT_C, WSP_FIELD_LATENCY},
    {"sfu_latency", Key::kLatency, WSP_UNIT_S, WSP_FIELD_LATENCY},
    {"dp_latency", Key::kLatency, WSP_UNIT_D, WSP_FIELD_LATENCY},
    {"arch", Key::kArch, -1, WSP_FIELD_NONE},
};

std::string trim(const std::string &s) {
    const char *ws = " \t\r\n\f\v";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string known_keys() {
    std::string out;
    for (const KeyName &k : kKeys) out += (out.empty() ? "" : ", ") + std::string(k.name);
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

bool fail(ConfigError &error, unsigned line, uint32_t field, const std::string &message) {
    error.line = line;
    error.field = field;
    error.message = message;
    return false;
}

// A strict unsigned decimal below 2^32: digits only.
bool parse_u32(const std::string &text, uint32_t &out) {
    if (text.empty() || text.size() > 10) return false;
    uint64_t v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + static_cast<uint64_t>(c - '0');
    }
    if (v > UINT32_MAX) return false;
    out = static_cast<uint32_t>(v);
    return true;
}

bool set_value(const KeyName &key, const std::string &value, unsigned line, ConfigFile &c, ConfigError &error) {
    if (key.key == Key::kKernel) {
        c.kernel = ConfigValue<std::string>{value, line};
        return true;
    }
    if (key.key == Key::kArch) {
        if (find_arch_preset(value) == nullptr)
            return fail(error, line, key.field,
                        "arch: unknown architecture '" + shown(value) + "' (known: " + arch_names() + ")");
        c.arch = ConfigValue<std::string>{value, line};
        return true;
    }
    uint32_t n = 0;
    if (!parse_u32(value, n))
        return fail(error, line, key.field,
                    std::string(key.name) + ": '" + shown(value) + "' is not a non-negative integer below 2^32");
    if (n == 0 && key.key != Key::kSchedulers)  // schedulers 0: no limit
        return fail(error, line, key.field, std::string(key.name) + " must be at least 1");
    const ConfigValue<uint32_t> v{n, line};
    switch (key.key) {
        case Key::kWarps: c.warps = v; break;
        case Key::kUnits: c.units[key.unit] = v; break;
        case Key::kLatency: c.latency[key.unit] = v; break;
        case Key::kWarpSize: c.warp_size = v; break;
        case Key::kSchedulers: c.schedulers = v; break;
        case Key::kKernel:
        case Key::kArch: break;
    }
    return true;
}

}  // namespace

bool parse_config_text(const std::string &text, ConfigFile &out, ConfigError &error) {
    out = ConfigFile();
    if (text.find('\0') != std::string::npos) return fail(error, 0, WSP_FIELD_NONE, "not a text file (it holds NUL bytes)");
    std::istringstream in(text);
    std::string raw;
    unsigned line_no = 0;
    const KeyName *pending = nullptr;  // paper format: a key line waiting for its value line
    unsigned pending_line = 0;
    std::map<std::string, unsigned> seen;
    auto accept_key = [&](const std::string &word, unsigned l, const KeyName *&found) {
        found = nullptr;
        for (const KeyName &k : kKeys)
            if (word == k.name) found = &k;
        if (found == nullptr)
            return fail(error, l, WSP_FIELD_NONE, "unknown key '" + shown(word) + "' (known keys: " + known_keys() + ")");
        const auto it = seen.find(word);
        if (it != seen.end())
            return fail(error, l, found->field,
                        "key '" + word + "' given again (first at line " + std::to_string(it->second) + ")");
        seen[word] = l;
        return true;
    };
    while (std::getline(in, raw)) {
        ++line_no;
        const size_t hash = raw.find('#');
        const std::string line = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (line.empty()) continue;
        if (pending != nullptr) {
            if (!set_value(*pending, line, line_no, out, error)) return false;
            pending = nullptr;
            continue;
        }
        const size_t eq = line.find('=');
        const KeyName *key = nullptr;
        if (eq == std::string::npos) {
            if (!accept_key(line, line_no, key)) return false;
            pending = key;
            pending_line = line_no;
            continue;
        }
        const std::string word = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        if (word.empty()) return fail(error, line_no, WSP_FIELD_NONE, "'=' without a key before it");
        if (!accept_key(word, line_no, key)) return false;
        if (value.empty()) return fail(error, line_no, key->field, "key '" + word + "' has an empty value");
        if (!set_value(*key, value, line_no, out, error)) return false;
    }
    if (pending != nullptr)
        return fail(error, pending_line, pending->field,
                    "key '" + std::string(pending->name) + "' has no value line after it");
    if (seen.empty())
        return fail(error, 0, WSP_FIELD_NONE, "no configuration keys in the file (known keys: " + known_keys() + ")");
    return true;
}

bool read_config_file(const std::string &path, ConfigFile &out, ConfigError &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(error, 0, WSP_FIELD_PATH, "cannot open configuration file '" + path + "': " + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail(error, 0, WSP_FIELD_PATH, "cannot read configuration file '" + path + "'");
    return parse_config_text(text.str(), out, error);
}

}  // namespace host
}  // namespace wsp
