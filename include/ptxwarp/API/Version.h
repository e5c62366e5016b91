//===- Version.h - The library's version ----------------------------------===//

#ifndef PTXWARP_API_VERSION_H
#define PTXWARP_API_VERSION_H

#include "ptxwarp/API/Export.h"

namespace ptxwarp {
namespace api {

/// The version of the library ("0.1.0"), as in the CMake package.
PTXWARP_API const char *version();

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_VERSION_H
