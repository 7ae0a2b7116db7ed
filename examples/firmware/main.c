/* warpspan on a Cortex-M4 without an OS: the Voronoi bound and a fixed-seed annealing run, printed over
 * semihosting. Start-up code, linker script and semihosting are in port/mps2-an386/; build and run
 * with `make firmware` (QEMU machine mps2-an386). */
#include "semihosting.h"
#include "voronoi_run.h"

int main(void) {
    static char line[VORONOI_LINE_SIZE];
    int status = voronoi_run(line);
    wsp_semihost_write0(line);
    return status;
}
