// Filling a caller's wsp_diag: the status, where the error is, and one line for a person. The core has
// no printf, so the message is assembled from pieces with a bounded writer.
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

// Resets *diag (if not NULL) to "no location", sets its status, and returns a writer on its message.
// With diag == NULL the writer writes into a scratch buffer that nobody reads.
struct DiagScope {
    DiagScope(wsp_diag *diag, wsp_status status);
    wsp_diag *diag;
    char scratch[2];
    MessageWriter message;
};

wsp_status fail(wsp_diag *diag, wsp_status status, const char *what);
void clear(wsp_diag *diag);
const char *unit_name(int unit);  // "L", "C", "S", "D"

}  // namespace wsp

#endif
