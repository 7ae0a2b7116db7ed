/*
 * Platform hooks of the warpspan core. Each hook has a default and can be overridden by defining it
 * before this header is read (for instance with -include my_port.h or -DWSP_PORT_CONFIG=<file>).
 * Feature options (threads, lp_solve) are not here: they belong to the host build only.
 */
#ifndef WSP_PORT_H
#define WSP_PORT_H

#ifdef WSP_PORT_CONFIG
#include WSP_PORT_CONFIG
#endif

/* WSP_ASSERT(cond): a contract check inside the core. It never replaces an error status: every input
 * error is reported as a wsp_status; an assertion only guards invariants the code itself proves.
 * Under UNIT_TESTING it calls cmocka's mock_assert so tests can expect the failure; WSP_NO_ASSERT
 * compiles it out; the default traps, which on a bare-metal target stops in the debugger. */
#ifndef WSP_ASSERT
#if defined(UNIT_TESTING)
#ifdef __cplusplus
extern "C" void mock_assert(const int result, const char *const expression, const char *const file,
                            const int line);
#else
void mock_assert(const int result, const char *const expression, const char *const file,
                 const int line);
#endif
#define WSP_ASSERT(cond) mock_assert((int)(cond), #cond, __FILE__, __LINE__)
#elif defined(WSP_NO_ASSERT)
#define WSP_ASSERT(cond) ((void)0)
#else
#define WSP_ASSERT(cond) ((cond) ? (void)0 : __builtin_trap())
#endif
#endif

#endif /* WSP_PORT_H */
