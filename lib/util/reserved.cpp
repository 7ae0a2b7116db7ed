#include "util/reserved.hpp"

#include "util/diag.hpp"

namespace wsp {

wsp_status check_reserved(const uint32_t *words, uint32_t n, uint32_t first, const char *what,
                          wsp_diag *diag) {
    for (uint32_t k = 0; k < n; ++k) {
        if (words[k] == 0) continue;
        DiagScope scope(diag, WSP_ERR_RESERVED, WSP_FIELD_RESERVED);
        scope.index(first + k);
        scope.message.text("reserved word ").number(first + k).text(" of ").text(what)
            .text(" is not 0");
        return WSP_ERR_RESERVED;
    }
    return WSP_OK;
}

}  // namespace wsp
