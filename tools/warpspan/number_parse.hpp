// The one checked parser for every number on the command line: decimal digits only (no sign, no
// hex, no exponent, no spaces), in a stated range, never wrapped around (4294967296 threads is out of
// range, not 0). On failure `why` says what is wrong and names the range, for a message such as
// "--threads: '4294967296' is out of range 1..4096".
#ifndef WSP_CLI_NUMBER_PARSE_HPP
#define WSP_CLI_NUMBER_PARSE_HPP

#include <cstdint>
#include <string>

namespace wsp_cli {

// An unsigned integer in [lo, hi].
bool parse_unsigned(const std::string &text, uint64_t lo, uint64_t hi, uint64_t &out, std::string &why);

// A decimal fraction (digits with at most one '.', at least one digit: "2", "0.5", ".5", "2.")
// in [lo, hi], or (lo, hi] when lo_open.
bool parse_decimal(const std::string &text, double lo, double hi, bool lo_open, double &out, std::string &why);

// The ranges as the messages and the help print them: "1..4096", "at least 1", "0..65535",
// "above 0, up to 1000000000".
std::string unsigned_range_text(uint64_t lo, uint64_t hi);
std::string decimal_range_text(double lo, double hi, bool lo_open);

}  // namespace wsp_cli

#endif
