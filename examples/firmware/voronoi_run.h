/* The firmware example's computation, shared by the firmware (examples/firmware/main.c) and its host
 * twin (host_twin.c), so the two print one line from the same inputs and seed and can be diffed. */
#ifndef WSP_EXAMPLE_VORONOI_RUN_H
#define WSP_EXAMPLE_VORONOI_RUN_H

#include <stddef.h>

/** The line's longest form, NUL included. */
#define VORONOI_LINE_SIZE 320

/** Bounds T(W) of the Voronoi benchmark, runs the annealer, and writes one line (newline-terminated)
 *  into `line`. Returns 0, or 1 after writing an error line. Uses static buffers only. */
int voronoi_run(char line[VORONOI_LINE_SIZE]);

#endif
