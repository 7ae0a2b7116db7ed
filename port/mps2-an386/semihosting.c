/* Arm semihosting (Arm IHI 0058: "Semihosting for AArch32 and AArch64"): r0 holds the operation, r1
 * its argument, and on M-profile cores the trap is `bkpt 0xab`. */
#include "semihosting.h"

#include <stdint.h>

#define SYS_WRITE0 0x04u
#define SYS_EXIT 0x18u
#define ADP_STOPPED_RUNTIME_ERROR_UNKNOWN 0x20023u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static uint32_t semihost_call(uint32_t operation, uint32_t argument) {
    register uint32_t r0 __asm__("r0") = operation;
    register uint32_t r1 __asm__("r1") = argument;
    /* "memory": the host reads the string r1 points to. */
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void wsp_semihost_write0(const char *text) {
    (void)semihost_call(SYS_WRITE0, (uint32_t)(uintptr_t)text);
}

void wsp_semihost_exit(int status) {
    /* On AArch32 SYS_EXIT takes the reason itself in r1, not a parameter block. */
    (void)semihost_call(SYS_EXIT, status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                              : ADP_STOPPED_RUNTIME_ERROR_UNKNOWN);
    for (;;) {
        /* A debugger that ignores SYS_EXIT stops here. */
    }
}
