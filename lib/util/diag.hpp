// The one way the core fills a caller's wsp_diag: every return of a call that takes a `wsp_diag *`
// goes through a DiagScope (an error) or ok() (success). A scope resets the whole diag (status,
// field, every position, the reserved words, the message), then the caller adds where the error is
// and one line for a person. The core has no printf, so the message is assembled from pieces with a
// bounded writer.
#ifndef WSP_UTIL_DIAG_HPP
#define WSP_UTIL_DIAG_HPP

#include <stddef.h>
#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Appends text and numbers to a fixed buffer, truncating (never overrunning) and keeping it
// NUL-terminated.
class MessageWriter {
public:
    MessageWriter(char *buffer, size_t capacity);
    MessageWriter &text(const char *s);
    MessageWriter &number(uint64_t v);
    MessageWriter &character(int c);  // printable as 'x', others as byte 0xNN

private:
    void put(char c);
    char *buffer_;
    size_t capacity_;
    size_t length_;
};

// Resets *diag (if not NULL) to "no location" with `status` and `field` (a wsp_field_code), and
// returns a writer on its message; the setters record where the error is. With diag == NULL the
// setters do nothing and the writer writes into a scratch buffer that nobody reads.
struct DiagScope {
    DiagScope(wsp_diag *diag, wsp_status status, uint32_t field);
    DiagScope &line(uint32_t v);
    DiagScope &column(uint32_t v);
    DiagScope &index(uint32_t v);
    DiagScope &character(int v);
    DiagScope &unit(int v);
    DiagScope &warp(uint32_t v);
    DiagScope &instruction(uint32_t v);
    DiagScope &cycle(uint32_t v);
    wsp_diag *diag;
    char scratch[2];
    MessageWriter message;
};

// An error with no position: status, field and a message.
wsp_status fail(wsp_diag *diag, wsp_status status, uint32_t field, const char *what);
// Success: status WSP_OK, field WSP_FIELD_NONE, no position, empty message. Returns WSP_OK.
wsp_status ok(wsp_diag *diag);
const char *unit_name(int unit);  // "L", "C", "S", "D"

// Zeroes a result struct (if not NULL): every call does it first, so that no error return leaves
// stale values behind.
template <typename T>
void zero(T *out) {
    if (out != nullptr) __builtin_memset(out, 0, sizeof *out);
}

}  // namespace wsp

#endif
