#include "util/diag.hpp"

namespace wsp {

MessageWriter::MessageWriter(char *buffer, size_t capacity)
    : buffer_(buffer), capacity_(capacity), length_(0) {
    if (capacity_ > 0) buffer_[0] = '\0';
}

void MessageWriter::put(char c) {
    if (length_ + 1 >= capacity_) return;
    buffer_[length_++] = c;
    buffer_[length_] = '\0';
}

MessageWriter &MessageWriter::text(const char *s) {
    while (s != nullptr && *s != '\0') put(*s++);
    return *this;
}

MessageWriter &MessageWriter::number(uint64_t v) {
    char digits[20];
    int n = 0;
    do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) put(digits[--n]);
    return *this;
}

MessageWriter &MessageWriter::character(int c) {
    if (c >= 0x21 && c <= 0x7e) {
        put('\'');
        put(static_cast<char>(c));
        put('\'');
        return *this;
    }
    static const char hex[] = "0123456789abcdef";
    text("byte 0x");
    put(hex[(c >> 4) & 0xf]);
    put(hex[c & 0xf]);
    return *this;
}

DiagScope::DiagScope(wsp_diag *d, wsp_status status)
    : diag(d),
      scratch{0, 0},
      message(d != nullptr ? d->message : scratch, d != nullptr ? sizeof d->message : sizeof scratch) {
    if (diag == nullptr) return;
    diag->status = status;
    diag->position = 0;
    diag->character = -1;
    diag->unit = -1;
    diag->warp = 0;
    diag->instruction = 0;
    diag->cycle = 0;
}

wsp_status fail(wsp_diag *diag, wsp_status status, const char *what) {
    DiagScope scope(diag, status);
    scope.message.text(what);
    return status;
}

void clear(wsp_diag *diag) { DiagScope scope(diag, WSP_OK); }

const char *unit_name(int unit) {
    switch (unit) {
        case WSP_UNIT_L: return "L";
        case WSP_UNIT_C: return "C";
        case WSP_UNIT_S: return "S";
        case WSP_UNIT_D: return "D";
        default: return "?";
    }
}

}  // namespace wsp
