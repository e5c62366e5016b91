//===- LaunchRules.h - What a launch must satisfy to run a kernel -*- C++ -*-=//
//
// The rules Kernel::run applies to every Launch before anything is
// allocated (Execution.cpp's bind is their one caller): CUDA's grid, block
// and shared-memory limits, and the match of each scalar argument with the
// parameter's declared type. Each returns an error that names the
// parameter or dimension, the value and what was expected.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_API_LAUNCHRULES_H
#define PTXWARP_LIB_API_LAUNCHRULES_H

#include "ptxwarp/API/Execution.h"
#include "ptxwarp/AST/AST.h"
#include "ptxwarp/IR/IR.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace ptxwarp {
namespace api {

/// Whether the integer (\p Negative ? int64_t(Bits) : Bits) is a value of
/// the integer type \p T: uN 0..2^N-1, sN -2^(N-1)..2^(N-1)-1, bN either.
bool fits(ir::Type T, bool Negative, uint64_t Bits);
/// The values of \p T, "0 to 255".
std::string rangeText(ir::Type T);

/// The largest shared memory (static + dynamic) one CTA may use on
/// `.target` \p Target ("sm_90a"), with the opt-in of
/// cudaFuncAttributeMaxDynamicSharedMemorySize.
uint64_t maxSharedPerBlock(llvm::StringRef Target);

/// Grid and block dimensions within CUDA's limits.
llvm::Error checkDimensions(const ir::Function &F, const Launch &L);

/// Static plus dynamic shared memory within \p MaxShared (maxSharedPerBlock
/// of \p Target).
llvm::Error checkSharedMemory(const ir::Function &F, const Launch &L,
                              llvm::StringRef Target, uint64_t MaxShared);

/// The block against the entry's `.maxntid` (at most that many threads)
/// and `.reqntid` (exactly those dimensions), when \p Fn declares them.
llvm::Error checkThreadDirectives(const ast::FunctionStmt *Fn,
                                  const ir::Function &F, const Launch &L);

/// For each parameter, the first instruction that uses its value as an
/// address (null when none does): the kernel reads it as a pointer.
std::vector<const ir::Inst *> addressUses(const ir::Function &F);

/// A scalar binding that fits parameter \p K (a pointer parameter,
/// \p AddressUse non-null, takes only an explicit address).
llvm::Error checkScalar(const ir::Function &F, const ir::KernelParam &K,
                        const Launch::Binding &B, const ir::Inst *AddressUse);

/// A buffer binding (an address) that fits parameter \p K.
llvm::Error checkBuffer(const ir::Function &F, const ir::KernelParam &K);

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_LIB_API_LAUNCHRULES_H
