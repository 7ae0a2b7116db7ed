/* The firmware's twin on the host: the same computation (voronoi_run.c) against the host build of the
 * core, printing the same line. tools/check-firmware.sh diffs the two. */
#include <stdio.h>

#include "voronoi_run.h"

int main(void) {
    static char line[VORONOI_LINE_SIZE];
    int status = voronoi_run(line);
    fputs(line, stdout);
    return status;
}
