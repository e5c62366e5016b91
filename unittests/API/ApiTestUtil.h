//===- ApiTestUtil.h - Shared helpers of the API unit tests ---------------===//
//
// The API tests include only the installed public header
// (ptxwarp/ptxwarp.h), as an embedder would.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UNITTESTS_API_APITESTUTIL_H
#define PTXWARP_UNITTESTS_API_APITESTUTIL_H

#include "ptxwarp/ptxwarp.h"

#include "gtest/gtest.h"

#include <string>

/// Asserts that the llvm::Expected \p E holds a value, printing its error.
#define ASSERT_OK(E)                                                           \
  ASSERT_TRUE(static_cast<bool>(E)) << llvm::toString((E).takeError())

namespace ptxwarp {
namespace api {
namespace testing {

/// The message of \p E's error, or "<no error>" when it holds a value.
template <typename T> std::string errorOf(llvm::Expected<T> E) {
  if (E)
    return "<no error>";
  return llvm::toString(E.takeError());
}

/// The warp-reduction kernel of examples/warp_reduce.ptx.
std::string readFile(const std::string &Path);

} // namespace testing
} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_UNITTESTS_API_APITESTUTIL_H
