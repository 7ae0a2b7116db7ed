// A small JSON reader for the files the tool writes itself (the partial results of `warpspan table
// --shard`): objects, arrays, strings (with the usual escapes), numbers, true, false, null.
#ifndef WSP_CLI_JSON_READER_HPP
#define WSP_CLI_JSON_READER_HPP

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace wsp_cli {

struct JsonValue {
    enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
    bool boolean = false;
    double number = 0;
    std::string text;        // the string, or the number as written (exact for integers)
    std::vector<JsonValue> items;
    std::map<std::string, JsonValue> members;

    const JsonValue *get(const std::string &key) const;  // nullptr when absent or not an object
    bool is_uint() const;                                 // a non-negative integer below 2^64
    uint64_t as_uint() const;
};

// Parses `text`; on failure returns false and says where ("line 3: expected ','").
bool parse_json(const std::string &text, JsonValue &out, std::string &error);

}  // namespace wsp_cli

#endif
