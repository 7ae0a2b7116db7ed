/* Arm semihosting for the warpspan firmware example: the two calls it needs, without newlib's rdimon.
 * The debugger (here QEMU with -semihosting-config enable=on) services `bkpt 0xab`. */
#ifndef WSP_PORT_SEMIHOSTING_H
#define WSP_PORT_SEMIHOSTING_H

/** SYS_WRITE0: writes a NUL-terminated string to the host's console. */
void wsp_semihost_write0(const char *text);

/** SYS_EXIT: ends the run; status 0 reports ADP_Stopped_ApplicationExit (QEMU exits with 0), anything
 *  else ADP_Stopped_RunTimeErrorUnknown (QEMU exits with 1). Does not return. */
void wsp_semihost_exit(int status) __attribute__((noreturn));

#endif
