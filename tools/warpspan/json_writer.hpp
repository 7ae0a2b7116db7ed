// One JSON writer for every output of the CLI: a small streaming writer into a string. Strings are
// escaped completely: '"', '\\' and every control character (U+0000..U+001F, as \u00XX); valid
// UTF-8 passes through unchanged, and a byte that is not part of valid UTF-8 becomes U+FFFD, so the
// output is always valid JSON whatever a file name or message holds. Doubles are written with a fixed
// number of decimals; NaN and infinities, which JSON lacks, are written as null.
//
// Pretty output puts each member of an object or array on its own line, indented by two spaces;
// a container opened with Layout::kInline stays on one line (witness strings, small records).
// Compact output has no line breaks at all. Misuse (a value without a key inside an object, a key in
// an array, closing what is not open) is a bug of the caller: it trips an assert.
#ifndef WSP_CLI_JSON_WRITER_HPP
#define WSP_CLI_JSON_WRITER_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace wsp_cli {

// `text` as a JSON string literal, quotes included.
std::string json_quote(const std::string &text);

class JsonWriter {
public:
    enum class Style { kPretty, kCompact };
    enum class Layout { kBlock, kInline };

    explicit JsonWriter(Style style = Style::kPretty) : style_(style) {}

    JsonWriter &begin_object(Layout layout = Layout::kBlock);
    JsonWriter &end_object();
    JsonWriter &begin_array(Layout layout = Layout::kBlock);
    JsonWriter &end_array();
    // The key of the next value; only inside an object.
    JsonWriter &key(const std::string &name);

    JsonWriter &string(const std::string &value);
    JsonWriter &integer(int64_t value);
    JsonWriter &unsigned_integer(uint64_t value);
    JsonWriter &number(double value, int decimals);  // fixed point, e.g. decimals 3: 0.250
    JsonWriter &boolean(bool value);
    JsonWriter &null();

    // Shorthands for a member of an object.
    template <typename T>
    JsonWriter &member(const std::string &name, const T &value) {
        key(name);
        return put(value);
    }
    JsonWriter &member(const std::string &name, double value, int decimals) {
        key(name);
        return number(value, decimals);
    }

    // True when one complete value has been written and every container closed.
    bool complete() const { return done_ && stack_.empty(); }
    // The text so far; with a final newline once complete.
    std::string text() const { return complete() ? out_ + "\n" : out_; }

private:
    struct Level {
        bool object;
        bool inline_layout;
        size_t count;
    };
    JsonWriter &put(const std::string &v) { return string(v); }
    JsonWriter &put(const char *v) { return string(v); }
    JsonWriter &put(bool v) { return boolean(v); }
    JsonWriter &put(int v) { return integer(v); }
    JsonWriter &put(long v) { return integer(v); }
    JsonWriter &put(long long v) { return integer(v); }
    JsonWriter &put(unsigned v) { return unsigned_integer(v); }
    JsonWriter &put(unsigned long v) { return unsigned_integer(v); }
    JsonWriter &put(unsigned long long v) { return unsigned_integer(v); }
    void before_value();
    void separate();
    JsonWriter &scalar(const std::string &text);
    void open(bool object, Layout layout);
    void close(bool object);
    void newline(size_t depth);
    bool inline_here() const;

    Style style_;
    std::string out_;
    std::vector<Level> stack_;
    bool key_pending_ = false;
    bool done_ = false;
};

}  // namespace wsp_cli

#endif
