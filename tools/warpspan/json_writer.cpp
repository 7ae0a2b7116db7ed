#include "json_writer.hpp"

#include <cassert>
#include <cmath>
#include <cstdio>

namespace wsp_cli {
namespace {

// Length of the valid UTF-8 sequence at s[i] (1..4), or 0 when the bytes there are not one
// (overlong forms, surrogates and values above U+10FFFF are invalid, as RFC 3629 says).
size_t utf8_sequence(const std::string &s, size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = 0;
    uint32_t min = 0, cp = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80, cp = c & 0x1Fu;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800, cp = c & 0x0Fu;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000, cp = c & 0x07u;
    else return 0;
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        const unsigned char d = static_cast<unsigned char>(s[i + k]);
        if ((d & 0xC0u) != 0x80u) return 0;
        cp = (cp << 6) | (d & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

}  // namespace

std::string json_quote(const std::string &text) {
    std::string out = "\"";
    for (size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
            ++i;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out += buf;
            ++i;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
        } else if (const size_t n = utf8_sequence(text, i)) {
            out.append(text, i, n);
            i += n;
        } else {
            out += "\\ufffd";
            ++i;
        }
    }
    return out + "\"";
}

bool JsonWriter::inline_here() const {
    return style_ == Style::kCompact || (!stack_.empty() && stack_.back().inline_layout);
}

void JsonWriter::newline(size_t depth) {
    out_ += '\n';
    out_.append(2 * depth, ' ');
}

// Before a member (an object's key, an array's element) of the innermost container.
void JsonWriter::separate() {
    Level &top = stack_.back();
    if (top.count++ > 0) out_ += ',';
    if (!inline_here()) newline(stack_.size());
    else if (top.count > 1 && style_ == Style::kPretty) out_ += ' ';
}

void JsonWriter::before_value() {
    assert(!done_ && "a JSON document holds one value");
    if (stack_.empty()) return;
    if (stack_.back().object) {
        assert(key_pending_ && "a value inside an object needs a key");
        key_pending_ = false;
    } else {
        separate();
    }
}

JsonWriter &JsonWriter::scalar(const std::string &text) {
    before_value();
    out_ += text;
    if (stack_.empty()) done_ = true;
    return *this;
}

JsonWriter &JsonWriter::key(const std::string &name) {
    assert(!stack_.empty() && stack_.back().object && !key_pending_ && "a key belongs in an object");
    separate();
    out_ += json_quote(name);
    out_ += style_ == Style::kPretty ? ": " : ":";
    key_pending_ = true;
    return *this;
}

void JsonWriter::open(bool object, Layout layout) {
    before_value();
    out_ += object ? '{' : '[';
    const bool parent_inline = inline_here();
    stack_.push_back(Level{object, parent_inline || layout == Layout::kInline, 0});
}

void JsonWriter::close(bool object) {
    assert(!stack_.empty() && stack_.back().object == object && !key_pending_ && "close what is open");
    const Level top = stack_.back();
    stack_.pop_back();
    if (top.count > 0 && !top.inline_layout && style_ == Style::kPretty) newline(stack_.size());
    out_ += object ? '}' : ']';
    if (stack_.empty()) done_ = true;
}

JsonWriter &JsonWriter::begin_object(Layout layout) {
    open(true, layout);
    return *this;
}
JsonWriter &JsonWriter::end_object() {
    close(true);
    return *this;
}
JsonWriter &JsonWriter::begin_array(Layout layout) {
    open(false, layout);
    return *this;
}
JsonWriter &JsonWriter::end_array() {
    close(false);
    return *this;
}

JsonWriter &JsonWriter::string(const std::string &value) { return scalar(json_quote(value)); }
JsonWriter &JsonWriter::integer(int64_t value) { return scalar(std::to_string(value)); }
JsonWriter &JsonWriter::unsigned_integer(uint64_t value) { return scalar(std::to_string(value)); }
JsonWriter &JsonWriter::boolean(bool value) { return scalar(value ? "true" : "false"); }
JsonWriter &JsonWriter::null() { return scalar("null"); }

JsonWriter &JsonWriter::number(double value, int decimals) {
    if (!std::isfinite(value)) return null();
    assert(decimals >= 0 && decimals <= 17);
    char buf[400];  // %.17f of DBL_MAX has 309 digits before the point
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string text = buf;
    // -0.000 is 0.000: a sign on zero means nothing to a reader.
    if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
    return scalar(text);
}

}  // namespace wsp_cli
