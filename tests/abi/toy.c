/* The toy library of the ABI check's self-test (include/warpspan.h says which TOY_* macro changes
 * what). TOY_EXPORT_HELPER and TOY_HIDE_FUNCTION test the export check instead: a global name
 * outside wsp_*, and a declared function the library does not export. */
#define WSP_EXPERIMENTAL
#include "warpspan.h"

int32_t wsp_toy_apply(const wsp_toy_options *options, int32_t value) {
    return options->scale * value + (int32_t)options->count;
}

#ifdef TOY_CHANGE_RETURN
int64_t wsp_toy_kind_value(wsp_toy_kind kind) { return (int64_t)kind; }
#elif !defined(TOY_HIDE_FUNCTION)
int32_t wsp_toy_kind_value(wsp_toy_kind kind) { return (int32_t)kind; }
#endif

#ifdef TOY_CHANGE_PARAMETER
int32_t wsp_toy_scale(int32_t value, int64_t factor) { return (int32_t)(value * factor); }
#elif !defined(TOY_REMOVE_FUNCTION)
int32_t wsp_toy_scale(int32_t value, int32_t factor) { return value * factor; }
#endif

#ifdef TOY_ADD_FUNCTION
int32_t wsp_toy_added(void) { return 1; }
#endif

#ifndef TOY_REMOVE_EXPERIMENTAL
#ifdef TOY_CHANGE_EXPERIMENTAL
int64_t wsp_toy_trial(int64_t value) { return value; }
#else
int32_t wsp_toy_trial(int32_t value) { return value; }
#endif
#endif

#ifdef TOY_EXPORT_HELPER
WSP_API int toy_helper(void) { return 2; }
#endif
