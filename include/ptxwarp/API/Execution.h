//===- Execution.h - Running a kernel in the warp interpreter -------------===//
//
// A Kernel is one lowered `.entry`. Describe a launch in code (grid, block,
// a buffer or a scalar for every kernel parameter, by name), run it, and get
// back the buffers as the kernel left them, the runtime diagnostics
// (undefined behaviour of the warp instructions with the lanes involved,
// out-of-bounds accesses, step limits) and statistics. A Kernel is
// immutable: run it as often as needed, from several threads at once; every
// run gets fresh memory. Scheduling model: README.md, "ptx-run" and
// docs/ARCHITECTURE.md, "The interpreter's model".
//
// A launch can also be read from the text ptx-run takes: a launch file
// (parseLaunchFile) and `NAME=SPEC` parameters (addParameterSpec). However a
// Launch was made, Kernel::run binds it to the kernel with one set of rules.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_EXECUTION_H
#define PTXWARP_API_EXECUTION_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Export.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

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
    const auto *First = reinterpret_cast<const uint8_t *>(Elements.data());
    return buffer(Param, std::vector<uint8_t>(First, First + Elements.size() *
                                                                 sizeof(T)));
  }
  template <typename T>
  Launch &buffer(llvm::StringRef Param, const std::vector<T> &Elements) {
    return buffer(Param, llvm::ArrayRef<T>(Elements));
  }
  /// Binds parameter \p Param to a new buffer of \p Count zeroed elements
  /// and returns them, to be filled in place: a large input is then written
  /// once rather than built and copied in. They stay valid while this
  /// Launch lives (not in copies of it) and are what run() reads.
  template <typename T>
  llvm::MutableArrayRef<T> bufferToFill(llvm::StringRef Param, size_t Count) {
    static_assert(std::is_trivially_copyable<T>::value, "plain data only");
    static_assert(alignof(T) <= alignof(std::max_align_t),
                  "the bytes are aligned for any fundamental type");
    buffer(Param, std::vector<uint8_t>(Count * sizeof(T)));
    return {reinterpret_cast<T *>(Bindings.back().Bytes.data()), Count};
  }

  /// Binds parameter \p Param to a scalar of the C++ type's PTX type
  /// (`float` f32, `double` f64, `int` s32, `uint64_t` u64, ...). Kernel::run
  /// checks it against the parameter's declaration: an integer must be a
  /// value of the parameter's type (-1 for a .u32 is an error), a float
  /// needs a float parameter of its width (or .b32/.b64), never an integer
  /// one; a parameter the kernel uses as an address takes a buffer or
  /// address().
  template <typename T> Launch &scalar(llvm::StringRef Param, T Value) {
    static_assert(std::is_arithmetic<T>::value && sizeof(T) <= 8,
                  "integers and floating-point values only");
    uint64_t Bits = 0;
    bool Negative = false;
    if constexpr (std::is_signed<T>::value && std::is_integral<T>::value) {
      Negative = Value < 0;
      if (Negative)
        Bits = ~uint64_t(0); // the value as int64_t
    }
    std::memcpy(&Bits, &Value, sizeof(T));
    scalarBits(Param, Bits);
    Bindings.back().Negative = Negative;
    Bindings.back().Type = (std::is_floating_point<T>::value ? "f"
                            : std::is_signed<T>::value       ? "s"
                                                             : "u") +
                           std::to_string(sizeof(T) * 8);
    return *this;
  }
  /// Binds parameter \p Param to raw bits, stored little-endian in the
  /// parameter's width; they must fit it (zero- or sign-extended).
  Launch &scalarBits(llvm::StringRef Param, uint64_t Bits);
  /// Binds a 64-bit parameter to an explicit address (ptx-run's
  /// `ptr:0x...`): the one scalar a parameter used as a pointer accepts.
  Launch &address(llvm::StringRef Param, uint64_t Address);
  /// Binds parameter \p Param to a buffer of elements of \p ElementType
  /// ("u32", "f32", ... as in a launch file); RunResult::bufferType reports
  /// it back. The untyped buffer() is "b8".
  Launch &typedBuffer(llvm::StringRef Param, llvm::StringRef ElementType,
                      std::vector<uint8_t> Bytes);

  /// What was bound (used by Kernel::run). An empty Param binds by
  /// position: the binding at index N of Bindings goes to the kernel's
  /// N-th parameter (unnamed params of a launch file).
  ///
  /// Kernel::run's rules: every parameter gets exactly one value (one bound
  /// twice, by name or position, is an error); a buffer's address needs a
  /// .u64/.s64/.b64 parameter (a narrower one is an error, never a
  /// truncated pointer); a scalar must be a value of the parameter's
  /// declared type (see scalar()) and is stored little-endian in its width.
  struct Binding {
    std::string Param;
    bool IsBuffer = false;
    /// Scalar: the value's bits (an integer as uint64_t, or as int64_t when
    /// Negative; a float as its IEEE bits).
    uint64_t Bits = 0;
    bool Negative = false;
    std::vector<uint8_t> Bytes;
    /// Buffer: its element type ("b8" when untyped). Scalar: the type it was
    /// written with ("u32", "f64", "ptr" for an address; "" for raw bits).
    std::string Type;
  };
  unsigned Grid[3] = {1, 1, 1};
  unsigned Block[3] = {32, 1, 1};
  uint64_t DynamicSharedBytes = 0;
  std::vector<Binding> Bindings;
};

/// How threads are scheduled (docs/ARCHITECTURE.md, "The interpreter's
/// model").
enum class Schedule {
  Converged, ///< deterministic: lanes at the same PC run together (default)
  Lockstep,  ///< pre-Volta: one PC per warp, reconvergence at the IPDOM
  Random     ///< seeded random interleavings (independent thread scheduling)
};

struct RunOptions {
  Schedule Sched = Schedule::Converged;
  uint64_t Seed = 1; ///< for Schedule::Random
  /// Stop with a diagnostic after this many warp instructions (of the whole
  /// launch, counted in CTA order).
  uint64_t MaxSteps = 100000000;
  /// Threads that run CTAs at once; 0 (the default): one per core. Every
  /// value gives the outcome of running the CTAs one after another in
  /// linear order (x fastest) -- buffers, printf output and trace in CTA
  /// order, statistics, the first runtime error in CTA order -- for kernels
  /// whose result does not depend on the order in which CTAs run (README,
  /// "ptx-run", --jobs). 1 runs them in order on the calling thread.
  unsigned Jobs = 0;
  /// Bytes of shared, local and register state the launch may allocate.
  uint64_t MemoryLimit = 1ull << 30;
  /// When set, every executed warp instruction and its lanes is written
  /// here (what `ptx-run --trace` prints).
  llvm::raw_ostream *Trace = nullptr;
  /// Where device printf (vprintf) writes; null discards it.
  llvm::raw_ostream *PrintfOut = nullptr;
  /// Registers whose final per-thread values (in CTA DumpCta)
  /// RunResult::registers() reports; names the kernel does not have are
  /// skipped (Kernel::registerNames() lists them). A name declared in
  /// several blocks means the one declared last.
  std::vector<std::string> DumpRegisters;
  /// The CTA (%ctaid.x, .y, .z) whose registers are reported; Kernel::run
  /// fails when it is outside the launch's grid.
  std::array<unsigned, 3> DumpCta = {0, 0, 0};
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

  /// The element type a buffer was bound with ("u32"; "b8" when untyped),
  /// empty when no buffer was bound to \p Param.
  llvm::StringRef bufferType(llvm::StringRef Param) const;

  /// The final value of one register in every thread of CTA
  /// RunOptions::DumpCta.
  struct RegisterValues {
    std::string Name; ///< "%r1"
    std::string Type; ///< "u32", "f32", "pred", "f16x2", ...
    std::array<unsigned, 3> Cta = {0, 0, 0}; ///< the CTA they are from
    /// Per thread id: the register's bits (zero-extended).
    std::vector<uint64_t> Values;
    /// Per thread id: true when the value is undefined (never written, or
    /// computed from an undefined value).
    std::vector<bool> Undefined;
  };
  /// The registers named in RunOptions::DumpRegisters, in that order.
  const std::vector<RegisterValues> &registers() const { return Registers; }
  /// One of them by name; null when it was not requested or does not exist.
  const RegisterValues *registerValues(llvm::StringRef Name) const;

  // Filled by Kernel::run.
  bool Ok = false;
  DiagnosticList Diags;
  RunStats Stats;
  /// The buffers, in the kernel's parameter order.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> Buffers;
  /// The element type of Buffers[I].
  std::vector<std::string> BufferTypes;
  std::vector<RegisterValues> Registers;
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
  /// The kernel's register names ("%r1", "%p0", ...), for
  /// RunOptions::DumpRegisters.
  std::vector<std::string> registerNames() const;

  /// Runs one launch. Fails (without running) when the launch does not
  /// match the kernel: a parameter without a value, an unknown parameter
  /// name, a parameter bound twice, a buffer for a parameter that cannot
  /// hold an address, a scalar that is no value of its parameter's type
  /// (Launch::scalar), a zero dimension, CUDA's limits (block x/y <= 1024,
  /// z <= 64, 1024 threads; grid 2^31-1 x 65535 x 65535 CTAs; static +
  /// dynamic shared memory within the target's maximum per block), a block
  /// that breaks the kernel's `.maxntid` or `.reqntid`, or
  /// buffers and dynamic shared memory that alone exceed Opts.MemoryLimit.
  /// Runtime errors of the kernel (its own memory crossing the limit too)
  /// are not failures of the call: they are in the result's diagnostics.
  llvm::Expected<RunResult> run(const Launch &L,
                                const RunOptions &Opts = {}) const;

  struct Impl;
  explicit Kernel(std::shared_ptr<const Impl> I);

private:
  std::shared_ptr<const Impl> I;
};

/// Reads a launch file, the JSON object `ptx-run --launch` takes:
///
///   {"entry": "k", "grid": [X,Y,Z], "block": [X,Y,Z],
///    "dynamic_shared_bytes": N,
///    "params": [{"name": "n", "scalar": {"type": "u32", "value": 7}},
///               {"name": "out", "buffer": {"type": "f32", "count": 64,
///                "init": "zero"|"iota", "data": [...], "bits": [...]}}]}
///
/// Every key is optional; a param without "name" binds by position. The
/// file is validated strictly, each error naming the key as a path
/// (`params[1].buffer.data[2]`): an unknown key is an error (with the
/// nearest known one: "did you mean 'dynamic_shared_bytes'?"), so is a
/// value of the wrong JSON type, a param named twice, one with both or
/// neither of "scalar" and "buffer", a scalar with both "value" and "bits",
/// a buffer with more than one of "init", "data" and "bits", a "count"
/// that differs from the length of "data"/"bits", a buffer element that is
/// no value of its type (u8 300, a fraction for an integer type), "bits"
/// wider than the type, and a "dynamic_shared_bytes" that is no
/// non-negative integer. A scalar's "value" keeps its written type and sign
/// (Kernel::run checks it against the parameter); "type": "ptr" is an
/// explicit address. Numbers may be quoted ("0x10", or integers wider than
/// int64). Buffers larger than \p MaxBufferBytes are refused before
/// anything is allocated. The "entry" (empty when absent) goes to \p Entry.
PTXWARP_API llvm::Expected<Launch>
parseLaunchFile(llvm::StringRef JSONText, uint64_t MaxBufferBytes = 1ull << 30,
                std::string *Entry = nullptr);

/// Adds the binding `NAME=SPEC` (ptx-run's --param) to \p L. SPEC is a
/// scalar `TYPE:VALUE` (u32:7, s32:-1, f32:1.5, u64:0x10), an address
/// `ptr:0x1000`, or a buffer `TYPE[N]` with an optional `=zero`, `=iota`,
/// `=v1,v2,...` (at most N values of the type, padded with zeros to N) or
/// `=@FILE` (exactly N elements' bytes).
PTXWARP_API llvm::Error addParameterSpec(Launch &L, llvm::StringRef Spec,
                                         uint64_t MaxBufferBytes = 1ull << 30);

/// Reads grid or block dimensions written `X[,Y[,Z]]` (ptx-run's --grid and
/// --block): positive decimal numbers, the missing ones 1.
PTXWARP_API llvm::Expected<std::array<unsigned, 3>>
parseDimensions(llvm::StringRef Text);

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_EXECUTION_H
