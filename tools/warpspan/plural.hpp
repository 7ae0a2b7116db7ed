// Counts in words with the right number: "1 loop", "2 loops", "1 back edge", "0 branches".
#ifndef WSP_CLI_PLURAL_HPP
#define WSP_CLI_PLURAL_HPP

#include <cstdint>
#include <string>

namespace wsp_cli {

inline std::string plural(uint64_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace wsp_cli

#endif
