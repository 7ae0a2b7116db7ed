// The public header compiles as C++ and its functions link from C++.
#include "warpspan.h"

#include <cstdio>

int main() {
    alignas(8) static unsigned char ws[WSP_PROBLEM_WORKSPACE_SIZE(3)];
    wsp_problem *p = nullptr;
    wsp_diag diag;
    if (wsp_problem_init("LCL", 2, nullptr, ws, sizeof ws, &p, &diag) != WSP_OK) {
        std::printf("FAIL: %s\n", diag.message);
        return 1;
    }
    wsp_bounds b;
    if (wsp_bounds_compute(p, &b, nullptr) != WSP_OK || b.upper < 4) return 1;
    std::printf("1 passed, 0 failed\n");
    return 0;
}
