//===- Execution.h - Running a kernel in the warp interpreter -------------===//
//
// A Kernel is one lowered `.entry`. Describe a launch in code (grid, block,
// a buffer or a scalar for every kernel parameter, by name), run it, and get
// back the buffers as the kernel left them, the runtime diagnostics
// (undefined behaviour of the warp instructions with the lanes involved,
// out-of-bounds accesses, step limits) and statistics. A Kernel is
// immutable: run it as often as needed, from several threads at once; every
// run gets fresh memory. Scheduling model: ../shared/oracle/convergence.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_EXECUTION_H
#define PTXWARP_API_EXECUTION_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Export.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace ptxwarp {
namespace api {

struct ModuleData;

/// The launch: grid and block dimensions and one value per kernel parameter.
class PTXWARP_API Launch {
public:
  Launch &grid(unsigned X, unsigned Y = 1, unsigned Z = 1);
  Launch &block(unsigned X, unsigned Y = 1, unsigned Z = 1);
  /// Bytes of dynamic shared memory (`extern .shared` arrays).
  Launch &dynamicShared(uint64_t Bytes);

  /// Binds parameter \p Param to a new global buffer holding \p Bytes; the
  /// kernel receives its address. The buffer is returned by RunResult.
  Launch &buffer(llvm::StringRef Param, std::vector<uint8_t> Bytes);
  /// Same, from an array of trivially copyable elements.
  template <typename T>
  Launch &buffer(llvm::StringRef Param, llvm::ArrayRef<T> Elements) {
    static_assert(std::is_trivially_copyable<T>::value, "plain data only");
    std::vector<uint8_t> Bytes(Elements.size() * sizeof(T));
    if (!Bytes.empty())
      std::memcpy(Bytes.data(), Elements.data(), Bytes.size());
    return buffer(Param, std::move(Bytes));
  }
  template <typename T>
  Launch &buffer(llvm::StringRef Param, const std::vector<T> &Elements) {
    return buffer(Param, llvm::ArrayRef<T>(Elements));
  }

  /// Binds parameter \p Param to a scalar: its bytes (little-endian, as
  /// many as the parameter's type holds). `float` passes its IEEE bits.
  template <typename T> Launch &scalar(llvm::StringRef Param, T Value) {
    static_assert(std::is_arithmetic<T>::value && sizeof(T) <= 8,
                  "integers and floating-point values only");
    uint64_t Bits = 0;
    if (std::is_signed<T>::value && std::is_integral<T>::value && Value < 0)
      Bits = ~uint64_t(0); // sign-extend to the parameter's width
    std::memcpy(&Bits, &Value, sizeof(T));
    return scalarBits(Param, Bits);
  }
  Launch &scalarBits(llvm::StringRef Param, uint64_t Bits);

  /// What was bound (used by Kernel::run).
  struct Binding {
    std::string Param;
    bool IsBuffer = false;
    uint64_t Bits = 0;
    std::vector<uint8_t> Bytes;
  };
  unsigned Grid[3] = {1, 1, 1};
  unsigned Block[3] = {32, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  std::vector<Binding> Bindings;
};

/// How threads are scheduled (DESIGN.md "Interpreter").
enum class Schedule {
  Converged, ///< deterministic: lanes at the same PC run together (default)
  Lockstep,  ///< pre-Volta: one PC per warp, reconvergence at the IPDOM
  Random     ///< seeded random interleavings (independent thread scheduling)
};

struct RunOptions {
  Schedule Sched = Schedule::Converged;
  uint64_t Seed = 1; ///< for Schedule::Random
  /// Stop with a diagnostic after this many warp instructions.
  uint64_t MaxSteps = 100000000;
  /// Bytes of shared, local and register state the launch may allocate.
  uint64_t MemoryLimit = 1ull << 30;
};

struct RunStats {
  uint64_t WarpInstructions = 0;
  uint64_t LaneInstructions = 0;
};

/// The outcome of one run.
class PTXWARP_API RunResult {
public:
  /// True when the launch ran to completion without a runtime error.
  bool succeeded() const { return Ok; }
  /// Runtime errors (with lanes) and warnings.
  const DiagnosticList &diagnostics() const { return Diags; }
  const RunStats &stats() const { return Stats; }
  /// The final bytes of the buffer bound to parameter \p Param; null when no
  /// buffer was bound to it.
  const std::vector<uint8_t> *buffer(llvm::StringRef Param) const;
  /// The buffer as elements of \p T (empty when there is no such buffer).
  template <typename T> std::vector<T> bufferAs(llvm::StringRef Param) const {
    static_assert(std::is_trivially_copyable<T>::value, "plain data only");
    std::vector<T> Out;
    if (const std::vector<uint8_t> *B = buffer(Param)) {
      Out.resize(B->size() / sizeof(T));
      if (!Out.empty())
        std::memcpy(Out.data(), B->data(), Out.size() * sizeof(T));
    }
    return Out;
  }

  // Filled by Kernel::run.
  bool Ok = false;
  DiagnosticList Diags;
  RunStats Stats;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> Buffers;
};

/// A lowered kernel, ready to run. Cheap to copy; keeps its module alive.
class PTXWARP_API Kernel {
public:
  ~Kernel();
  Kernel(const Kernel &);
  Kernel &operator=(const Kernel &);

  llvm::StringRef name() const;
  /// Parameter names in declaration order.
  std::vector<std::string> parameterNames() const;
  /// Warnings reported while checking and lowering.
  DiagnosticList diagnostics() const;
  /// The lowered IR as text (what `ptx-run --emit-ir` prints).
  std::string printIR() const;

  /// Runs one launch. Fails (without running) when the launch does not
  /// match the kernel: a parameter without a value, an unknown parameter
  /// name, a zero dimension. Runtime errors of the kernel are not failures
  /// of the call: they are in the result's diagnostics.
  llvm::Expected<RunResult> run(const Launch &L,
                                const RunOptions &Opts = {}) const;

  struct Impl;
  explicit Kernel(std::shared_ptr<const Impl> I);

private:
  std::shared_ptr<const Impl> I;
};

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_EXECUTION_H
