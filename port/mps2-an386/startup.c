/* Start-up code for the MPS2 AN386 (Cortex-M4F) under QEMU: the vector table, a reset handler that
 * turns on the FPU, copies .data from its load address, zeroes .bss, runs the static constructors (the
 * core has none; kept so a C++ caller's work), paints the free stack and calls main, then reports how
 * much stack the run used (a check on make stack's static figure); and fault handlers that report over
 * semihosting and end the run instead of hanging until the time limit. */
#include <stddef.h>
#include <stdint.h>

#include "semihosting.h"

int main(void);

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_limit[], __stack_top[];
typedef void (*wsp_port_init_fn)(void);
extern wsp_port_init_fn __init_array_start[], __init_array_end[];

void wsp_port_reset(void) __attribute__((noreturn));
static void fault(void) __attribute__((noreturn));

/* The core is built with -mfloat-abi=hard: it may use FPU registers, which fault while CP10/CP11 are
 * off (the reset state). CPACR is at 0xE000ED88 (Armv7-M ARM, B3.2.20). */
#define CPACR (*(volatile uint32_t *)0xE000ED88u)
#define STACK_PAINT 0x5741524Bu /* any value the program is unlikely to leave on the stack */

/* Fills the free part of the stack, below the caller's frame, with STACK_PAINT. */
static void paint_stack(void) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (volatile uint32_t *w = __stack_limit; w < sp - 16; ++w) {
        *w = STACK_PAINT;
    }
}

/* Bytes of stack the run used: from the top down to the deepest word that lost its paint. */
static uint32_t stack_used(void) {
    const volatile uint32_t *w = __stack_limit;
    while (w < __stack_top && *w == STACK_PAINT) {
        ++w;
    }
    return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)w);
}

/* "stack: N of M B used\n", without a C library. */
static void report_stack(void) {
    static char line[48];
    const char *parts[3] = {"stack: ", " of ", " B used (measured, start-up included)\n"};
    uint32_t values[2] = {stack_used(), (uint32_t)((uintptr_t)__stack_top - (uintptr_t)__stack_limit)};
    size_t at = 0;
    for (int k = 0; k < 2; ++k) {
        char digits[11];
        int n = 0;
        for (const char *c = parts[k]; *c != '\0';) {
            line[at++] = *c++;
        }
        do {
            digits[n++] = (char)('0' + (int)(values[k] % 10u));
            values[k] /= 10u;
        } while (values[k] != 0u);
        while (n > 0) {
            line[at++] = digits[--n];
        }
    }
    line[at] = '\0';
    wsp_semihost_write0(line);
    wsp_semihost_write0(parts[2]);
}

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
    paint_stack();
    int status = main();
    report_stack();
    wsp_semihost_exit(status);
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
