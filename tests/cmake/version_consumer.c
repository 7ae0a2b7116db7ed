/* Links the installed core (static or shared) and checks that the library it runs with is the version
 * of the header it was compiled with: wsp_version() is "MAJOR.MINOR.PATCH" of WSP_VERSION_* and
 * wsp_version_number() is WSP_VERSION_NUMBER. Prints one line; exits 0 when both agree. */
#include <stdio.h>
#include <string.h>

#include "warpspan.h"

#define WSP_STRINGIFY_(x) #x
#define WSP_STRINGIFY(x) WSP_STRINGIFY_(x)
#define HEADER_VERSION \
    WSP_STRINGIFY(WSP_VERSION_MAJOR) "." WSP_STRINGIFY(WSP_VERSION_MINOR) "." WSP_STRINGIFY(WSP_VERSION_PATCH)

int main(void) {
    const char *version = wsp_version();
    const unsigned long number = (unsigned long)wsp_version_number();
    const int ok = version != NULL && strcmp(version, HEADER_VERSION) == 0 &&
                   number == (unsigned long)WSP_VERSION_NUMBER;
    printf("version consumer: header %s (%lu), library %s (%lu): %s\n", HEADER_VERSION,
           (unsigned long)WSP_VERSION_NUMBER, version != NULL ? version : "(null)", number,
           ok ? "agree" : "DIFFER");
    return ok ? 0 : 1;
}
