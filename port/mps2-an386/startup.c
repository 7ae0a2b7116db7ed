/* Start-up code for the MPS2 AN386 (Cortex-M4F) under QEMU: the vector table, a reset handler that
 * turns on the FPU, copies .data from its load address, zeroes .bss, runs the static constructors (the
 * core has none; kept so a C++ caller's work) and calls main, and fault handlers that report over
 * semihosting and end the run instead of hanging until the time limit. */
#include <stddef.h>
#include <stdint.h>

#include "semihosting.h"

int main(void);

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];
typedef void (*wsp_port_init_fn)(void);
extern wsp_port_init_fn __init_array_start[], __init_array_end[];

void wsp_port_reset(void) __attribute__((noreturn));
static void fault(void) __attribute__((noreturn));

/* The core is built with -mfloat-abi=hard: it may use FPU registers, which fault while CP10/CP11 are
 * off (the reset state). CPACR is at 0xE000ED88 (Armv7-M ARM, B3.2.20). */
#define CPACR (*(volatile uint32_t *)0xE000ED88u)

void wsp_port_reset(void) {
    CPACR |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    const uint32_t *from = __data_load;
    for (uint32_t *to = __data_start; to < __data_end;) {
        *to++ = *from++;
    }
    for (uint32_t *to = __bss_start; to < __bss_end;) {
        *to++ = 0;
    }
    for (wsp_port_init_fn *f = __init_array_start; f < __init_array_end; ++f) {
        (*f)();
    }
    wsp_semihost_exit(main());
}

static void fault(void) {
    wsp_semihost_write0("firmware: fault exception\n");
    wsp_semihost_exit(1);
}

/* Only the 16 system exceptions: the example enables no interrupt. The stack pointer comes first, as
 * a data pointer, so the table is a struct rather than an array of function pointers. */
typedef void (*wsp_port_handler)(void);
struct wsp_port_vectors {
    uint32_t *initial_sp;
    wsp_port_handler handler[15];
};
__attribute__((section(".vectors"), used)) static const struct wsp_port_vectors vectors = {
    __stack_top,
    {
        wsp_port_reset, /* reset */
        fault,          /* NMI */
        fault,          /* HardFault */
        fault,          /* MemManage */
        fault,          /* BusFault */
        fault,          /* UsageFault */
        0, 0, 0, 0,     /* reserved */
        fault,          /* SVCall */
        fault,          /* DebugMonitor */
        0,              /* reserved */
        fault,          /* PendSV */
        fault,          /* SysTick */
    },
};

/* The two C library functions the core calls (tools/check-symbols.sh lists them), so the image links
 * without any C library. Built with -fno-tree-loop-distribute-patterns: otherwise GCC may turn these
 * loops back into calls to themselves. */
void *memcpy(void *restrict to, const void *restrict from, size_t n) {
    unsigned char *d = to;
    const unsigned char *s = from;
    while (n--) {
        *d++ = *s++;
    }
    return to;
}

void *memset(void *to, int value, size_t n) {
    unsigned char *d = to;
    while (n--) {
        *d++ = (unsigned char)value;
    }
    return to;
}
