// Reserved words of input structs must be 0 (warpspan.h): a program built for a later 1.x that sets
// a newer field must not run silently without it. The first non-zero word is refused with
// WSP_ERR_RESERVED, field WSP_FIELD_RESERVED and diag.index its 1-based number. Words are numbered
// in memory order over the whole struct, nested structs included: in an options struct that begins
// with a wsp_control, control.reserved[0..3] are 1..4 and the options' own reserved words follow.
#ifndef WSP_UTIL_RESERVED_HPP
#define WSP_UTIL_RESERVED_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Checks words[0 .. n-1], numbered first, first + 1, ...; `what` names the struct in the message.
wsp_status check_reserved(const uint32_t *words, uint32_t n, uint32_t first, const char *what,
                          wsp_diag *diag);

template <uint32_t N>
wsp_status check_reserved(const uint32_t (&words)[N], uint32_t first, const char *what, wsp_diag *diag) {
    return check_reserved(words, N, first, what, diag);
}

// The reserved words of an options struct that begins with a wsp_control (control.reserved are
// 1..4, options.reserved follow).
template <typename Options>
wsp_status check_options_reserved(const Options &o, const char *what, wsp_diag *diag) {
    constexpr uint32_t kControl = sizeof o.control.reserved / sizeof o.control.reserved[0];
    const wsp_status st = check_reserved(o.control.reserved, 1, what, diag);
    return st != WSP_OK ? st : check_reserved(o.reserved, 1 + kControl, what, diag);
}

}  // namespace wsp

#endif
