//===- LaunchSpec.h - ptx-run's launch description ------------------------===//
//
// What the user asked for on the command line (`--grid`, `--block`,
// `--param`) or in a launch file (`--launch`, format in issue #4 item 6),
// and how it becomes an interp::Launch with buffers in an interp::Memory.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_TOOLS_PTXRUN_LAUNCHSPEC_H
#define PTXWARP_TOOLS_PTXRUN_LAUNCHSPEC_H

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/Interp/Interpreter.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ptxwarp {
namespace run {

struct ParamSpec {
  std::string Name; ///< empty: matched by position
  bool IsBuffer = false;
  ir::Type Ty;
  /// Scalar: the value's bits. Buffer: the initial bytes.
  uint64_t ScalarBits = 0;
  std::vector<uint8_t> Bytes;
};

struct LaunchSpec {
  std::string Entry;
  std::optional<std::array<unsigned, 3>> Grid, Block;
  uint64_t DynamicSharedBytes = 0;
  std::vector<ParamSpec> Params;
};

/// Parses a launch file's text. Buffers above \p MaxBytes are refused
/// before anything is allocated.
llvm::Error parseLaunchJSON(llvm::StringRef Text, LaunchSpec &Spec,
                            uint64_t MaxBytes);
/// Parses `--param NAME=SPEC`.
llvm::Expected<ParamSpec> parseParamOption(llvm::StringRef Text,
                                           uint64_t MaxBytes);
/// Parses `X[,Y[,Z]]`.
llvm::Expected<std::array<unsigned, 3>> parseDims(llvm::StringRef Text);

/// A buffer made for a kernel parameter, for printing afterwards.
struct BoundBuffer {
  std::string Name; ///< the kernel parameter's name
  ir::Type ElemTy;
  uint64_t Base = 0;
  uint64_t Bytes = 0;
};

/// Matches \p Spec's params to \p F's (by name, or by position when names
/// are absent), allocates buffers in \p Mem and fills \p L.
llvm::Error bindParams(const ir::Function &F, const LaunchSpec &Spec,
                       interp::Memory &Mem, interp::Launch &L,
                       std::vector<BoundBuffer> &Buffers);

} // namespace run
} // namespace ptxwarp

#endif // PTXWARP_TOOLS_PTXRUN_LAUNCHSPEC_H
