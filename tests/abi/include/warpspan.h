/* A toy stand-in for include/warpspan.h, for the self-test of the ABI and export checks
 * (tests/abi/self-test.sh): built as a tiny libwarpspan.so.1 from toy.c, once as the baseline and
 * once per TOY_* macro below, each making one change whose verdict the test knows. */
#ifndef TOY_WARPSPAN_H
#define TOY_WARPSPAN_H

#include <stdint.h>

#ifndef WSP_API
#define WSP_API __attribute__((visibility("default")))
#endif

#define WSP_VERSION_MAJOR 1
#ifdef TOY_ADD_CONSTANT
#define WSP_TOY_LIMIT 7 /* a new constant: not in the binary, accepted */
#endif

typedef enum wsp_toy_kind {
    WSP_TOY_FIRST = 0,
#ifdef TOY_CHANGE_ENUMERATOR
    WSP_TOY_SECOND = 5, /* a changed value: rejected */
#else
    WSP_TOY_SECOND = 1,
#endif
#ifdef TOY_ADD_ENUMERATOR
    WSP_TOY_THIRD = 2, /* a new enumerator at the end: accepted */
#endif
} wsp_toy_kind;

typedef struct wsp_toy_options {
#ifdef TOY_SWAP_FIELDS
    uint32_t count; /* two fields trade places: rejected */
    int32_t scale;
#else
    int32_t scale;
#if defined(TOY_CHANGE_FIELD)
    int32_t count; /* a field's type changes, same size: rejected */
#elif defined(TOY_GROW_FIELD)
    uint64_t count; /* a field grows: rejected */
#else
    uint32_t count;
#endif
#endif
#ifdef TOY_CARVE_RESERVED
    uint32_t added; /* a field carved from the reserved words: abidiff cannot prove it compatible, */
    uint32_t reserved[3]; /* so the check rejects it; tools/abi-baseline.sh --reviewed takes it */
#else
    uint32_t reserved[4];
#endif
} wsp_toy_options;

WSP_API int32_t wsp_toy_apply(const wsp_toy_options *options, int32_t value);
#ifdef TOY_CHANGE_RETURN
WSP_API int64_t wsp_toy_kind_value(wsp_toy_kind kind); /* a changed return type: rejected */
#else
WSP_API int32_t wsp_toy_kind_value(wsp_toy_kind kind);
#endif
#ifdef TOY_CHANGE_PARAMETER
WSP_API int32_t wsp_toy_scale(int32_t value, int64_t factor); /* a changed parameter: rejected */
#elif !defined(TOY_REMOVE_FUNCTION)
WSP_API int32_t wsp_toy_scale(int32_t value, int32_t factor); /* removed: rejected */
#endif
#ifdef TOY_ADD_FUNCTION
WSP_API int32_t wsp_toy_added(void); /* a new function: accepted */
#endif

#ifdef WSP_EXPERIMENTAL
/* No promise: removing or changing these is accepted. */
#ifndef TOY_REMOVE_EXPERIMENTAL
#ifdef TOY_CHANGE_EXPERIMENTAL
WSP_API int64_t wsp_toy_trial(int64_t value);
#else
WSP_API int32_t wsp_toy_trial(int32_t value);
#endif
#endif
#endif

#endif
