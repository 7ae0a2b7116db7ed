#include "json_reader.hpp"

#include <cstdlib>

namespace wsp_cli {

const JsonValue *JsonValue::get(const std::string &key) const {
    if (kind != Kind::kObject) return nullptr;
    const auto it = members.find(key);
    return it == members.end() ? nullptr : &it->second;
}

bool JsonValue::is_uint() const {
    if (kind != Kind::kNumber || text.empty() || text.size() > 20) return false;
    for (const char c : text)
        if (c < '0' || c > '9') return false;
    return text.size() < 20 || text <= "18446744073709551615";
}

uint64_t JsonValue::as_uint() const { return is_uint() ? std::strtoull(text.c_str(), nullptr, 10) : 0; }

namespace {

struct Parser {
    const std::string &s;
    size_t i = 0;
    std::string error;
    int depth = 0;

    size_t line() const {
        size_t n = 1;
        for (size_t k = 0; k < i && k < s.size(); ++k) n += s[k] == '\n';
        return n;
    }
    bool fail(const std::string &what) {
        if (error.empty()) error = "line " + std::to_string(line()) + ": " + what;
        return false;
    }
    void space() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    }
    bool literal(const char *word) {
        const std::string w(word);
        if (s.compare(i, w.size(), w) != 0) return false;
        i += w.size();
        return true;
    }
    bool string(std::string &out) {
        if (i >= s.size() || s[i] != '"') return fail("expected a string");
        ++i;
        out.clear();
        while (i < s.size() && s[i] != '"') {
            char c = s[i++];
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c == '\\') {
                if (i >= s.size()) break;
                c = s[i++];
                switch (c) {
                    case 'n': c = '\n'; break;
                    case 't': c = '\t'; break;
                    case 'r': c = '\r'; break;
                    case 'b': c = '\b'; break;
                    case 'f': c = '\f'; break;
                    case '"': case '\\': case '/': break;
                    case 'u': {  // only what the tool writes: ASCII
                        if (i + 4 > s.size()) return fail("short \\u escape");
                        const long v = std::strtol(s.substr(i, 4).c_str(), nullptr, 16);
                        i += 4;
                        if (v <= 0 || v > 0x7f) return fail("\\u escape outside ASCII");
                        c = static_cast<char>(v);
                        break;
                    }
                    default: return fail("bad escape in a string");
                }
            }
            out += c;
        }
        if (i >= s.size()) return fail("unterminated string");
        ++i;
        return true;
    }
    bool value(JsonValue &v) {
        space();
        if (i >= s.size()) return fail("unexpected end of the file");
        if (++depth > 64) return fail("nested too deeply");
        const char c = s[i];
        bool ok = true;
        if (c == '{') {
            v.kind = JsonValue::Kind::kObject;
            ++i;
            space();
            if (i < s.size() && s[i] == '}') {
                ++i;
            } else {
                for (;;) {
                    space();
                    std::string key;
                    if (!string(key)) return false;
                    space();
                    if (i >= s.size() || s[i] != ':') return fail("expected ':'");
                    ++i;
                    if (v.members.count(key)) return fail("key '" + key + "' given twice");
                    if (!value(v.members[key])) return false;
                    space();
                    if (i < s.size() && s[i] == ',') { ++i; continue; }
                    if (i < s.size() && s[i] == '}') { ++i; break; }
                    return fail("expected ',' or '}'");
                }
            }
        } else if (c == '[') {
            v.kind = JsonValue::Kind::kArray;
            ++i;
            space();
            if (i < s.size() && s[i] == ']') {
                ++i;
            } else {
                for (;;) {
                    v.items.emplace_back();
                    if (!value(v.items.back())) return false;
                    space();
                    if (i < s.size() && s[i] == ',') { ++i; continue; }
                    if (i < s.size() && s[i] == ']') { ++i; break; }
                    return fail("expected ',' or ']'");
                }
            }
        } else if (c == '"') {
            v.kind = JsonValue::Kind::kString;
            ok = string(v.text);
        } else if (literal("true")) {
            v.kind = JsonValue::Kind::kBool;
            v.boolean = true;
        } else if (literal("false")) {
            v.kind = JsonValue::Kind::kBool;
        } else if (literal("null")) {
            v.kind = JsonValue::Kind::kNull;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const size_t start = i;
            while (i < s.size() && std::string("+-0123456789.eE").find(s[i]) != std::string::npos) ++i;
            v.kind = JsonValue::Kind::kNumber;
            v.text = s.substr(start, i - start);
            char *end = nullptr;
            v.number = std::strtod(v.text.c_str(), &end);
            if (end != v.text.c_str() + v.text.size()) return fail("bad number '" + v.text + "'");
        } else {
            return fail(std::string("unexpected character '") + c + "'");
        }
        --depth;
        return ok;
    }
};

}  // namespace

bool parse_json(const std::string &text, JsonValue &out, std::string &error) {
    Parser p{text, 0, "", 0};
    out = JsonValue{};
    if (!p.value(out)) {
        error = p.error;
        return false;
    }
    p.space();
    if (p.i != text.size()) {
        p.fail("text after the JSON value");
        error = p.error;
        return false;
    }
    return true;
}

}  // namespace wsp_cli
