/* The proven upper bounds this library computes beyond the ids of the 1.0 header (include/warpspan.h
 * lists WSP_BOUND_TRIVIAL, _SATURATION and _LAST_WARP). wsp_bounds_compute fills their slots of
 * wsp_bounds.bound[] and takes them into `upper` and `upper_id`; wsp_bound_name names them. Proposed
 * for the header as they are here; until then the tests reach them through this internal header.
 * C and C++. Proofs: docs/bounds.md. */
#ifndef WSP_BOUNDS_BOUND_IDS_H
#define WSP_BOUNDS_BOUND_IDS_H

#include "warpspan.h"

#ifndef WSP_BOUND_DISTINCT
/* the last warp, blocked only by sigma_U distinct issuers, with the effective scheduler limit */
#define WSP_BOUND_DISTINCT 3
#endif
#ifndef WSP_BOUND_PIPELINE
/* the k-th passage of each instruction: warps running the same kernel only */
#define WSP_BOUND_PIPELINE 4
#endif
/* bound[0 .. WSP_BOUND_FILLED - 1] are filled; the other slots stay 0 */
#define WSP_BOUND_FILLED 5

#endif
