// The one door from the core to the platform: the hooks of port/wsp_port.h (WSP_ASSERT). No other
// file under lib/ includes anything from port/.
#ifndef WSP_UTIL_PLATFORM_HPP
#define WSP_UTIL_PLATFORM_HPP

#include "wsp_port.h"

#endif
