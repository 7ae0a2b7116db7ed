// libFuzzer target: the PTX reader (port/host/ptx/, `warpspan ptx`) on arbitrary bytes: truncated
// files, unknown directives, missing entries and binary junk must give an error, never a crash.
//
// NOT BUILT YET. tests/fuzz/CMakeLists.txt adds this target only once port/host/ptx/ exists AND
// include/warpspan_host.h declares the reader. The reader is written by another branch; the call
// below is a PLACEHOLDER for its interface, to be wired when the branches meet.
#include <cstdint>
#include <cstdlib>

#include "warpspan_host.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // ---- PLACEHOLDER: replace with the PTX reader's real entry point and result type ---------------
    // Expected shape: parse `size` bytes of PTX (no NUL needed), fill a result or an error with a
    // message, free whatever it allocated.
    //
    //   wsp_host_ptx_result result;
    //   wsp_diag diag;
    //   const wsp_status st = wsp_host_ptx_read(reinterpret_cast<const char *>(data), size,
    //                                           /* options */ nullptr, &result, &diag);
    //   if (st == WSP_OK) wsp_host_ptx_free(&result);
    //   else if (diag.message[0] == '\0') std::abort();  // an error must say what is wrong
    // ---- end of PLACEHOLDER -----------------------------------------------------------------------
    (void)data;
    (void)size;
    return 0;
}
