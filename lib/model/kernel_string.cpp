#include "model/kernel_string.hpp"

#include "util/diag.hpp"

namespace wsp {

namespace {

int unit_of(char c) {
    switch (c) {
        case 'L': case 'l': return WSP_UNIT_L;
        case 'C': case 'c': return WSP_UNIT_C;
        case 'S': case 's': return WSP_UNIT_S;
        case 'D': case 'd': return WSP_UNIT_D;
        default: return -1;
    }
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A 1-based column (saturated: no kernel string is 4 GiB long, but nothing may wrap).
uint32_t column_of(size_t index) {
    return index >= UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(index + 1);
}

wsp_status at(wsp_diag *diag, wsp_status status, size_t index, char c, const char *what) {
    DiagScope scope(diag, status, WSP_FIELD_KERNEL);
    scope.column(column_of(index)).character(static_cast<unsigned char>(c));
    scope.message.text(what).text(" ").character(static_cast<unsigned char>(c))
        .text(" at position ").number(index + 1).text(" of the kernel string");
    return status;
}

}  // namespace

wsp_status parse_kernel(const char *kernel, const uint32_t copies[WSP_UNIT_COUNT], uint32_t *length,
                        uint8_t *units, char *letters, wsp_diag *diag) {
    if (kernel == nullptr || copies == nullptr || length == nullptr)
        return fail(diag, WSP_ERR_NULL_ARGUMENT, WSP_FIELD_KERNEL, "no kernel string");
    uint64_t total = 0;
    size_t i = 0;
    while (kernel[i] != '\0') {
        const char c = kernel[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        const int unit = unit_of(c);
        if (unit < 0) {
            if (is_digit(c))
                return at(diag, WSP_ERR_KERNEL_COUNT, i, c,
                          "repeat count not directly after an instruction letter (write L5, not L 5):");
            return at(diag, WSP_ERR_KERNEL_CHARACTER, i, c,
                      "unexpected character (expected L, C, S or D):");
        }
        const size_t letter_index = i++;
        uint64_t repeat = 1;
        if (is_digit(kernel[i])) {
            const size_t count_index = i;
            repeat = 0;
            while (is_digit(kernel[i])) {
                repeat = repeat * 10 + static_cast<uint64_t>(kernel[i] - '0');
                if (repeat > WSP_MAX_REPEAT) {
                    DiagScope scope(diag, WSP_ERR_KERNEL_COUNT, WSP_FIELD_KERNEL);
                    scope.column(column_of(count_index))
                        .character(static_cast<unsigned char>(kernel[count_index]));
                    scope.message.text("repeat count at position ").number(count_index + 1)
                        .text(" of the kernel string exceeds ").number(WSP_MAX_REPEAT);
                    return WSP_ERR_KERNEL_COUNT;
                }
                ++i;
            }
            if (repeat == 0)
                return at(diag, WSP_ERR_KERNEL_COUNT, count_index, kernel[count_index],
                          "repeat count 0 after an instruction letter:");
        }
        const uint64_t n = repeat * copies[unit];  // <= 1e6 * 2^20: no overflow
        if (n > WSP_MAX_CELLS - total) {
            DiagScope scope(diag, WSP_ERR_OVERFLOW, WSP_FIELD_KERNEL);
            scope.column(column_of(letter_index));
            scope.message.text("the normalised kernel exceeds ").number(WSP_MAX_CELLS)
                .text(" instructions at position ").number(letter_index + 1);
            return WSP_ERR_OVERFLOW;
        }
        if (units != nullptr && letters != nullptr) {
            for (uint64_t k = 0; k < n; ++k) {
                units[total + k] = static_cast<uint8_t>(unit);
                letters[total + k] = unit_name(unit)[0];
            }
        }
        total += n;
    }
    if (total == 0)
        return fail(diag, WSP_ERR_KERNEL_EMPTY, WSP_FIELD_KERNEL, "the kernel string holds no instruction");
    if (letters != nullptr) letters[total] = '\0';
    *length = static_cast<uint32_t>(total);
    return ok(diag);
}

}  // namespace wsp
