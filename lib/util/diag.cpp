#include "util/diag.hpp"

#include "util/divide.hpp"

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
    do {  // divide_small: no 64-bit division helper on Cortex-M4
        const uint64_t q = divide_small(v, 10);
        digits[n++] = static_cast<char>('0' + static_cast<uint32_t>(v - q * 10u));
        v = q;
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

DiagScope::DiagScope(wsp_diag *d, wsp_status status, uint32_t field)
    : diag(d),
      scratch{0, 0},
      message(d != nullptr ? d->message : scratch, d != nullptr ? sizeof d->message : sizeof scratch) {
    if (diag == nullptr) return;
    __builtin_memset(diag, 0, offsetof(wsp_diag, message));  // positions 0, reserved words 0
    diag->status = status;
    diag->field = field;
    diag->character = -1;
    diag->unit = -1;
}

DiagScope &DiagScope::line(uint32_t v) {
    if (diag != nullptr) diag->line = v;
    return *this;
}
DiagScope &DiagScope::column(uint32_t v) {
    if (diag != nullptr) diag->column = v;
    return *this;
}
DiagScope &DiagScope::index(uint32_t v) {
    if (diag != nullptr) diag->index = v;
    return *this;
}
DiagScope &DiagScope::character(int v) {
    if (diag != nullptr) diag->character = v;
    return *this;
}
DiagScope &DiagScope::unit(int v) {
    if (diag != nullptr) diag->unit = v;
    return *this;
}
DiagScope &DiagScope::warp(uint32_t v) {
    if (diag != nullptr) diag->warp = v;
    return *this;
}
DiagScope &DiagScope::instruction(uint32_t v) {
    if (diag != nullptr) diag->instruction = v;
    return *this;
}
DiagScope &DiagScope::cycle(uint32_t v) {
    if (diag != nullptr) diag->cycle = v;
    return *this;
}

wsp_status fail(wsp_diag *diag, wsp_status status, uint32_t field, const char *what) {
    DiagScope scope(diag, status, field);
    scope.message.text(what);
    return status;
}

wsp_status ok(wsp_diag *diag) {
    DiagScope scope(diag, WSP_OK, WSP_FIELD_NONE);
    return WSP_OK;
}

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
