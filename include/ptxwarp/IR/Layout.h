//===- Layout.h - Where each state space lives in the generic space -------===//
//
// The interpreter's 64-bit generic address space (PTX ISA 5.1 "State
// spaces", 6.4.1 generic addressing): global buffers and module variables at
// ordinary addresses, the current CTA's shared memory and the current
// thread's local memory in fixed windows that `cvta` adds or subtracts.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_IR_LAYOUT_H
#define PTXWARP_IR_LAYOUT_H

#include <cstdint>

namespace ptxwarp {
namespace ir {

/// The address of the k-th function of a module (`mov.u64 %rd, f`, tables
/// of function pointers) is FunctionAddrBase + k * FunctionAddrStride: below
/// every data address, so no load or store reaches it.
constexpr uint64_t FunctionAddrBase = 0x00000000f0000000ULL;
constexpr uint64_t FunctionAddrStride = 16;
/// Module-scope .global/.const variables start here.
constexpr uint64_t GlobalVarBase = 0x0000000100000000ULL;
/// Buffers created by the runner start here.
constexpr uint64_t BufferBase = 0x0000000200000000ULL;
/// Generic address of shared-space address 0 of the running CTA.
constexpr uint64_t SharedWindow = 0x00007f0000000000ULL;
/// Generic address of local-space address 0 of the running thread.
constexpr uint64_t LocalWindow = 0x00007e0000000000ULL;
/// Generic address of the kernel parameters' .param-space address 0
/// (`cvta.param`; PTX ISA 5.1.6.1: the kernel parameter window lies within
/// the global window, which here is everything outside the other windows).
constexpr uint64_t KernelParamWindow = 0x00007d0000000000ULL;
/// Size of each window.
constexpr uint64_t WindowSize = 0x0000010000000000ULL;

} // namespace ir
} // namespace ptxwarp

#endif // PTXWARP_IR_LAYOUT_H
