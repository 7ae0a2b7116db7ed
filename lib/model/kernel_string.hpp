// The kernel instruction string (docs/formats.md): letters L, C, S, D in any case, each optionally
// followed by a repeat count, spaces ignored; "L5 C9 L2 C9" is five L, nine C, two L, nine C.
// The count must follow its letter directly: "L 5" is an error, not L5, so that a stray digit
// ("L5 5C") can never silently change the kernel being bounded.
#ifndef WSP_MODEL_KERNEL_STRING_HPP
#define WSP_MODEL_KERNEL_STRING_HPP

#include <stdint.h>

#include "warpspan.h"

namespace wsp {

// Parses `kernel`, applying normalisation: every U instruction becomes copies[U] instructions.
// Reports the normalised length in *length. When `units` and `letters` are not NULL they receive the
// normalised kernel (unit codes, and upper-case letters plus a NUL); they must hold *length (+1)
// entries, which a first call with NULL outputs tells. Errors name the character and its column.
wsp_status parse_kernel(const char *kernel, const uint32_t copies[WSP_UNIT_COUNT], uint32_t *length,
                        uint8_t *units, char *letters, wsp_diag *diag);

}  // namespace wsp

#endif
