//===- MatrixOps.h - The mma.sync semantics functions ---------------------===//
//
// The semantics functions of mma.sync.aligned (lib/Interp/MatrixOps.cpp),
// each with the collective signature of ptxwarp/Interp/Collective.h. Once
// the instruction table names one, Collective.h declares it too (the same
// declaration, so both may be seen). The operand convention and the numeric
// model are in the comment of MatrixOps.cpp.
//
// PTXWARP_MMA_FUNCTIONS(X) calls X(Function) for each function.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_INTERP_MATRIXOPS_H
#define PTXWARP_INTERP_MATRIXOPS_H

#include "ptxwarp/Interp/Collective.h"

#define PTXWARP_MMA_FUNCTIONS(X)                                               \
  X(mmaM16n8k16F32F16)                                                         \
  X(mmaM16n8k16F16F16)                                                         \
  X(mmaM16n8k8F32F16)                                                          \
  X(mmaM16n8k8F16F16)                                                          \
  X(mmaM16n8k16F32Bf16)                                                        \
  X(mmaM16n8k8F32Bf16)                                                         \
  X(mmaM16n8k8F32Tf32)                                                         \
  X(mmaM16n8k4F32Tf32)                                                         \
  X(mmaM16n8k32S32S8S8)                                                        \
  X(mmaM16n8k32S32S8U8)                                                        \
  X(mmaM16n8k32S32U8S8)                                                        \
  X(mmaM16n8k32S32U8U8)                                                        \
  X(mmaM16n8k32S32S8S8Satfinite)                                               \
  X(mmaM16n8k32S32S8U8Satfinite)                                               \
  X(mmaM16n8k32S32U8S8Satfinite)                                               \
  X(mmaM16n8k32S32U8U8Satfinite)                                               \
  X(mmaM16n8k16S32S8S8)                                                        \
  X(mmaM16n8k16S32S8U8)                                                        \
  X(mmaM16n8k16S32U8S8)                                                        \
  X(mmaM16n8k16S32U8U8)                                                        \
  X(mmaM16n8k16S32S8S8Satfinite)                                               \
  X(mmaM16n8k16S32S8U8Satfinite)                                               \
  X(mmaM16n8k16S32U8S8Satfinite)                                               \
  X(mmaM16n8k16S32U8U8Satfinite)                                               \
  X(mmaM8n8k16S32S8S8)                                                         \
  X(mmaM8n8k16S32S8U8)                                                         \
  X(mmaM8n8k16S32U8S8)                                                         \
  X(mmaM8n8k16S32U8U8)                                                         \
  X(mmaM8n8k16S32S8S8Satfinite)                                                \
  X(mmaM8n8k16S32S8U8Satfinite)                                                \
  X(mmaM8n8k16S32U8S8Satfinite)                                                \
  X(mmaM8n8k16S32U8U8Satfinite)                                                \
  X(mmaM8n8k4F64Rn)                                                            \
  X(mmaM8n8k4F64Rz)                                                            \
  X(mmaM8n8k4F64Rm)                                                            \
  X(mmaM8n8k4F64Rp)                                                            \
  X(mmaM16n8k4F64Rn)                                                           \
  X(mmaM16n8k4F64Rz)                                                           \
  X(mmaM16n8k4F64Rm)                                                           \
  X(mmaM16n8k4F64Rp)                                                           \
  X(mmaM16n8k8F64Rn)                                                           \
  X(mmaM16n8k8F64Rz)                                                           \
  X(mmaM16n8k8F64Rm)                                                           \
  X(mmaM16n8k8F64Rp)                                                           \
  X(mmaM16n8k16F64Rn)                                                          \
  X(mmaM16n8k16F64Rz)                                                          \
  X(mmaM16n8k16F64Rm)                                                          \
  X(mmaM16n8k16F64Rp)                                                          \
  X(mmaM8n8k32S32S4S4)                                                         \
  X(mmaM8n8k32S32S4S4Satfinite)                                                \
  X(mmaM8n8k32S32S4U4)                                                         \
  X(mmaM8n8k32S32S4U4Satfinite)                                                \
  X(mmaM8n8k32S32U4S4)                                                         \
  X(mmaM8n8k32S32U4S4Satfinite)                                                \
  X(mmaM8n8k32S32U4U4)                                                         \
  X(mmaM8n8k32S32U4U4Satfinite)                                                \
  X(mmaM16n8k32S32S4S4)                                                        \
  X(mmaM16n8k32S32S4S4Satfinite)                                               \
  X(mmaM16n8k32S32S4U4)                                                        \
  X(mmaM16n8k32S32S4U4Satfinite)                                               \
  X(mmaM16n8k32S32U4S4)                                                        \
  X(mmaM16n8k32S32U4S4Satfinite)                                               \
  X(mmaM16n8k32S32U4U4)                                                        \
  X(mmaM16n8k32S32U4U4Satfinite)                                               \
  X(mmaM16n8k64S32S4S4)                                                        \
  X(mmaM16n8k64S32S4S4Satfinite)                                               \
  X(mmaM16n8k64S32S4U4)                                                        \
  X(mmaM16n8k64S32S4U4Satfinite)                                               \
  X(mmaM16n8k64S32U4S4)                                                        \
  X(mmaM16n8k64S32U4S4Satfinite)                                               \
  X(mmaM16n8k64S32U4U4)                                                        \
  X(mmaM16n8k64S32U4U4Satfinite)                                               \
  X(mmaM8n8k128S32B1Xor)                                                       \
  X(mmaM8n8k128S32B1And)                                                       \
  X(mmaM16n8k128S32B1Xor)                                                      \
  X(mmaM16n8k128S32B1And)                                                      \
  X(mmaM16n8k256S32B1Xor)                                                      \
  X(mmaM16n8k256S32B1And)                                                      \
  X(mmaM16n8k16F32E4m3E4m3)                                                    \
  X(mmaM16n8k16F32E4m3E5m2)                                                    \
  X(mmaM16n8k16F32E5m2E4m3)                                                    \
  X(mmaM16n8k16F32E5m2E5m2)                                                    \
  X(mmaM16n8k16F16E4m3E4m3)                                                    \
  X(mmaM16n8k16F16E4m3E5m2)                                                    \
  X(mmaM16n8k16F16E5m2E4m3)                                                    \
  X(mmaM16n8k16F16E5m2E5m2)                                                    \
  X(mmaM16n8k32F32E4m3E4m3)                                                    \
  X(mmaM16n8k32F32E4m3E5m2)                                                    \
  X(mmaM16n8k32F32E5m2E4m3)                                                    \
  X(mmaM16n8k32F32E5m2E5m2)                                                    \
  X(mmaM16n8k32F16E4m3E4m3)                                                    \
  X(mmaM16n8k32F16E4m3E5m2)                                                    \
  X(mmaM16n8k32F16E5m2E4m3)                                                    \
  X(mmaM16n8k32F16E5m2E5m2)                                                    \
  X(mmaM8n8k4RowRowF16F16)                                                     \
  X(mmaM8n8k4RowRowF32F16)                                                     \
  X(mmaM8n8k4RowRowF32F32)                                                     \
  X(mmaM8n8k4RowColF16F16)                                                     \
  X(mmaM8n8k4RowColF32F16)                                                     \
  X(mmaM8n8k4RowColF32F32)                                                     \
  X(mmaM8n8k4ColRowF16F16)                                                     \
  X(mmaM8n8k4ColRowF32F16)                                                     \
  X(mmaM8n8k4ColRowF32F32)                                                     \
  X(mmaM8n8k4ColColF16F16)                                                     \
  X(mmaM8n8k4ColColF32F16)                                                     \
  X(mmaM8n8k4ColColF32F32)

namespace ptxwarp {
namespace interp {

#define PTXWARP_DECLARE_MMA(Function)                                          \
  void Function(const CollectiveIn &In, CollectiveOut &Out);
PTXWARP_MMA_FUNCTIONS(PTXWARP_DECLARE_MMA)
#undef PTXWARP_DECLARE_MMA

} // namespace interp
} // namespace ptxwarp

#endif // PTXWARP_INTERP_MATRIXOPS_H
