//===- LaunchRules.cpp - What a launch must satisfy to run a kernel -------===//
//
// CUDA's launch limits and the match of scalar arguments with the kernel's
// `.param` declarations (LaunchRules.h). Kernel::run (Execution.cpp) applies
// them to every Launch, whether it was built in code, read from a launch
// file or from ptx-run's --param, so the library and the tool refuse the
// same launches with the same words.
//
//===----------------------------------------------------------------------===//

#include "LaunchRules.h"

#include "ModuleData.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>

using namespace llvm;

namespace ptxwarp {
namespace api {

namespace {

const char *const DimName[3] = {"x", "y", "z"};

std::string where(const ir::Function &F, const ir::KernelParam &K) {
  return "parameter '" + K.Name + "' of kernel '" + F.Name + "'";
}

std::string declared(const ir::KernelParam &K) {
  std::string S = "." + K.Ty.str();
  if (K.Ty.bytes() && K.Size != K.Ty.bytes())
    S += "[" + std::to_string(K.Size / K.Ty.bytes()) + "]";
  return S;
}

/// The binding's value as `TYPE:VALUE`, the way --param spells it.
std::string written(const Launch::Binding &B) {
  if (B.Type.empty())
    return "the raw bits 0x" + utohexstr(B.Bits, /*LowerCase=*/true);
  if (B.Type == "ptr")
    return "ptr:0x" + utohexstr(B.Bits, true);
  ir::Type T = ir::Type::fromName(B.Type);
  std::string V;
  if (T.isFloat() && T.Bits == 32) {
    float F;
    uint32_t Bits = uint32_t(B.Bits);
    std::memcpy(&F, &Bits, 4);
    SmallString<32> S;
    APFloat(F).toString(S);
    V = S.str().str();
  } else if (T.isFloat()) {
    double D;
    std::memcpy(&D, &B.Bits, 8);
    SmallString<32> S;
    APFloat(D).toString(S);
    V = S.str().str();
  } else if (B.Negative) {
    V = std::to_string(int64_t(B.Bits));
  } else {
    V = std::to_string(B.Bits);
  }
  return B.Type + ":" + V;
}

} // namespace

bool fits(ir::Type T, bool Negative, uint64_t Bits) {
  unsigned N = T.Bits;
  if (Negative) {
    if (T.K == ir::Type::U)
      return false;
    return N >= 64 || int64_t(Bits) >= -(int64_t(1) << (N - 1));
  }
  if (T.K == ir::Type::S)
    return N >= 64 ? Bits <= uint64_t(INT64_MAX)
                   : Bits <= (uint64_t(1) << (N - 1)) - 1;
  return N >= 64 || Bits <= maxUIntN(N);
}

std::string rangeText(ir::Type T) {
  unsigned N = T.Bits;
  std::string Lo = T.K == ir::Type::U ? "0" : std::to_string(minIntN(N));
  std::string Hi = T.K == ir::Type::S ? std::to_string(maxIntN(N))
                                      : std::to_string(maxUIntN(N));
  return Lo + " to " + Hi;
}

namespace {

/// What a scalar for \p K must be.
std::string expected(const ir::KernelParam &K) {
  ir::Type T = K.Ty;
  if (T.isFloat())
    return "an " + T.str() + " value (" + K.Name + "=" + T.str() + ":VALUE)";
  std::string S = "an integer from " + rangeText(T) + " (" + K.Name + "=" +
                  T.str() + ":VALUE)";
  if (T.K == ir::Type::B && (T.Bits == 32 || T.Bits == 64))
    S += " or an f" + std::to_string(T.Bits) + " value";
  return S;
}

} // namespace

uint64_t maxSharedPerBlock(StringRef Target) {
  // CUDA C++ Programming Guide, "Technical Specifications per Compute
  // Capability", row "Maximum amount of shared memory per thread block"
  // (what a kernel may use after opting in with
  // cudaFuncAttributeMaxDynamicSharedMemorySize; without the opt-in 48 KB;
  // 1 KB = 1024 bytes): 48 KB up to 6.x, 96 KB 7.0/7.2, 64 KB 7.5, 163 KB
  // 8.0/8.7, 99 KB 8.6/8.9, 227 KB 9.0 and 10.x/11.0, 99 KB 12.x.
  unsigned SM = 0;
  StringRef N = Target;
  if (!N.consume_front("sm_") || N.consumeInteger(10, SM))
    return 48 * 1024;
  if (SM < 70)
    return 48 * 1024;
  if (SM == 70 || SM == 72)
    return 96 * 1024;
  if (SM == 75)
    return 64 * 1024;
  if (SM == 80 || SM == 87)
    return 163 * 1024;
  if (SM == 86 || SM == 89)
    return 99 * 1024;
  if (SM >= 90 && SM < 120)
    return 227 * 1024;
  return 99 * 1024; // 12.x
}

Error checkDimensions(const ir::Function &F, const Launch &L) {
  // CUDA C++ Programming Guide, "Technical Specifications per Compute
  // Capability" (every compute capability ptxwarp targets): a block has at
  // most 1024 threads, x and y up to 1024 and z up to 64; a grid is at most
  // 2^31-1 x 65535 x 65535 CTAs.
  const unsigned BlockMax[3] = {1024, 1024, 64};
  const unsigned GridMax[3] = {0x7fffffffu, 65535, 65535};
  std::string K = "kernel '" + F.Name + "': ";
  for (unsigned D = 0; D < 3; ++D) {
    if (L.Grid[D] == 0 || L.Block[D] == 0)
      return makeError(K + (L.Grid[D] == 0 ? "grid" : "block") + " dimension " +
                       DimName[D] +
                       " is 0; every dimension must be at least 1");
    if (L.Block[D] > BlockMax[D])
      return makeError(K + "block dimension " + DimName[D] + " is " +
                       Twine(L.Block[D]) + ", more than CUDA's limit of " +
                       Twine(BlockMax[D]));
    if (L.Grid[D] > GridMax[D])
      return makeError(K + "grid dimension " + DimName[D] + " is " +
                       Twine(L.Grid[D]) + ", more than CUDA's limit of " +
                       Twine(GridMax[D]));
  }
  uint64_t Threads = uint64_t(L.Block[0]) * L.Block[1] * L.Block[2];
  if (Threads > 1024)
    return makeError(K + "a block of " + Twine(L.Block[0]) + "x" +
                     Twine(L.Block[1]) + "x" + Twine(L.Block[2]) + " = " +
                     Twine(Threads) +
                     " threads is more than CUDA's limit of 1024 threads "
                     "per block");
  return Error::success();
}

Error checkSharedMemory(const ir::Function &F, const Launch &L,
                        StringRef Target, uint64_t MaxShared) {
  uint64_t Total = SaturatingAdd<uint64_t>(F.SharedBytes, L.DynamicSharedBytes);
  // Static shared memory alone over the maximum is the module's fault
  // (ptxas: "too much shared data"), not the launch's.
  if (Total <= MaxShared || F.SharedBytes > MaxShared)
    return Error::success();
  return makeError("kernel '" + F.Name + "' needs " + Twine(Total) +
                   " bytes of shared memory per CTA (" + Twine(F.SharedBytes) +
                   " static + " + Twine(L.DynamicSharedBytes) +
                   " dynamic), more than the " + Twine(MaxShared) + " bytes (" +
                   Twine(MaxShared / 1024) + " KB) a CTA may use on " +
                   (Target.empty() ? "this target" : Target));
}

Error checkThreadDirectives(const ast::FunctionStmt *Fn, const ir::Function &F,
                            const Launch &L) {
  // PTX ISA 11.4 (performance-tuning directives): .maxntid is the most
  // threads a CTA of the kernel may have, .reqntid the exact CTA shape it
  // requires; a launch that does not respect them fails.
  if (!Fn)
    return Error::success();
  for (const ast::DirectiveStmt *D : Fn->Directives) {
    bool Max = D->Name == "maxntid";
    if ((!Max && D->Name != "reqntid") || D->Args.empty() || D->Args.size() > 3)
      continue;
    uint64_t N[3] = {1, 1, 1};
    bool Ok = true;
    for (size_t I = 0; I < D->Args.size(); ++I) {
      const auto *Imm = dyn_cast<ast::ImmOperand>(D->Args[I]);
      auto V = Imm ? ast::evaluateInt(*Imm->Value) : None;
      Ok = Ok && V;
      if (V)
        N[I] = *V;
    }
    if (!Ok)
      continue;
    std::string Decl = "." + D->Name.str() + " " + Twine(N[0]).str();
    for (size_t I = 1; I < D->Args.size(); ++I)
      Decl += ", " + std::to_string(N[I]);
    std::string Block =
        (Twine(L.Block[0]) + "x" + Twine(L.Block[1]) + "x" + Twine(L.Block[2]))
            .str();
    uint64_t Threads = uint64_t(L.Block[0]) * L.Block[1] * L.Block[2];
    if (Max && Threads > N[0] * N[1] * N[2])
      return makeError("kernel '" + F.Name + "' declares " + Decl +
                       " (at most " + Twine(N[0] * N[1] * N[2]) +
                       " threads per CTA); the block " + Block + " has " +
                       Twine(Threads));
    if (!Max &&
        (L.Block[0] != N[0] || L.Block[1] != N[1] || L.Block[2] != N[2]))
      return makeError("kernel '" + F.Name + "' declares " + Decl +
                       " (a block of exactly " + Twine(N[0]) + "x" +
                       Twine(N[1]) + "x" + Twine(N[2]) + "); the block is " +
                       Block);
  }
  return Error::success();
}

std::vector<const ir::Inst *> addressUses(const ir::Function &F) {
  // A forward taint over the registers: a register loaded from a parameter
  // carries it through mov, and through add/sub when the other operand is
  // not itself tainted (pointer + offset). A parameter is an address when
  // its value reaches cvta/cvta.to or the base of a memory operand.
  std::vector<int> From(F.Regs.size(), -1);
  auto ParamAt = [&](uint64_t Offset) {
    for (size_t P = 0; P < F.Params.size(); ++P)
      if (Offset >= F.Params[P].Offset &&
          Offset < F.Params[P].Offset + F.Params[P].Size)
        return int(P);
    return -1;
  };
  auto Taint = [&](const ir::Operand &O) {
    return O.isReg() && size_t(O.RegNo) < From.size() ? From[O.RegNo] : -1;
  };
  std::vector<const ir::Inst *> Uses(F.Params.size(), nullptr);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const ir::Inst &I : F.Insts) {
      if (I.Ops.empty())
        continue;
      int Src = -1;
      switch (I.Op) {
      case ir::Opcode::Ld:
        if (I.Ops.size() == 2 && I.Ops[1].K == ir::Operand::Addr &&
            I.Ops[1].Sp == ir::Space::KernelParam && I.Ops[1].RegNo < 0 &&
            I.Ty.Bits == 64)
          Src = ParamAt(I.Ops[1].Imm);
        break;
      case ir::Opcode::Mov:
        if (I.Ops.size() == 2)
          Src = Taint(I.Ops[1]);
        break;
      case ir::Opcode::Cvta:
      case ir::Opcode::CvtaTo:
        if (I.Ops.size() == 2 && Taint(I.Ops[1]) >= 0) {
          Src = Taint(I.Ops[1]);
          if (!Uses[size_t(Src)])
            Uses[size_t(Src)] = &I;
        }
        break;
      case ir::Opcode::Add:
      case ir::Opcode::Sub:
        if (I.Ops.size() == 3 && (Taint(I.Ops[1]) < 0) != (Taint(I.Ops[2]) < 0))
          Src = std::max(Taint(I.Ops[1]), Taint(I.Ops[2]));
        break;
      default:
        break;
      }
      const ir::Operand &D = I.Ops[0];
      if (Src >= 0 && D.isReg() && size_t(D.RegNo) < From.size() &&
          From[D.RegNo] < 0) {
        From[D.RegNo] = Src;
        Changed = true;
      }
    }
  }
  for (const ir::Inst &I : F.Insts)
    for (const ir::Operand &O : I.Ops)
      if (O.K == ir::Operand::Addr && O.RegNo >= 0 &&
          size_t(O.RegNo) < From.size() && From[O.RegNo] >= 0 &&
          !Uses[size_t(From[O.RegNo])])
        Uses[size_t(From[O.RegNo])] = &I;
  return Uses;
}

Error checkBuffer(const ir::Function &F, const ir::KernelParam &K) {
  if (K.Size < 8)
    return makeError(where(F, K) + " is too narrow to hold a buffer address (" +
                     Twine(K.Size) + " bytes; an address needs 8)");
  if (K.Size == 8 && K.Ty.isFloat())
    return makeError(where(F, K) + " is declared " + declared(K) +
                     "; a buffer's address needs a .u64, .s64 or .b64 "
                     "parameter");
  return Error::success();
}

Error checkScalar(const ir::Function &F, const ir::KernelParam &K,
                  const Launch::Binding &B, const ir::Inst *AddressUse) {
  ir::Type D = K.Ty;
  // Byte arrays (structs passed by value) take raw bytes; so do types a
  // scalar cannot name.
  if (K.Size != D.bytes() || D.K == ir::Type::None || D.K == ir::Type::Pred)
    return Error::success();
  std::string Got = "; got " + written(B);
  if (B.Type == "ptr") {
    if (!K.IsPointer)
      return makeError(where(F, K) + " is declared " + declared(K) + Got +
                       ", but an address needs a .u64, .s64 or .b64 "
                       "parameter");
    return Error::success();
  }
  if (AddressUse && K.IsPointer)
    return makeError(
        where(F, K) + " is declared " + declared(K) +
        " and used as an address (line " + Twine(AddressUse->Line) + ": " +
        AddressUse->Text + ")" + Got + ", expected a buffer (" + K.Name +
        "=u32[N]) or an explicit address (" + K.Name + "=ptr:0x...)");
  if (B.Type.empty()) {
    // Raw bits (Launch::scalarBits): the parameter's width, zero- or
    // sign-extended.
    ir::Type Bits{ir::Type::B, D.Bits};
    if (fits(Bits, false, B.Bits) ||
        (int64_t(B.Bits) < 0 && fits(Bits, true, B.Bits)))
      return Error::success();
    return makeError(where(F, K) + " is declared " + declared(K) + Got +
                     ", which does not fit its " + Twine(D.bytes()) + " bytes");
  }
  ir::Type T = ir::Type::fromName(B.Type);
  if (T.isFloat()) {
    if ((D.isFloat() && D.K == T.K && D.Bits == T.Bits) ||
        (D.K == ir::Type::B && D.Bits == T.Bits))
      return Error::success();
    return makeError(where(F, K) + " is declared " + declared(K) + Got +
                     ", expected " + expected(K));
  }
  if (!fits(T, B.Negative, B.Bits))
    return makeError(where(F, K) + " is declared " + declared(K) + Got +
                     ", which is out of range for " + T.str() + " (" +
                     rangeText(T) + ")");
  // f16/bf16 parameters take their 16 bits (no scalar spelling has them).
  if (D.isFloat() && D.Bits == 16)
    D = ir::Type{ir::Type::B, 16};
  if (D.isFloat() || !fits(D, B.Negative, B.Bits))
    return makeError(where(F, K) + " is declared " + declared(K) + Got +
                     ", expected " + expected(K));
  return Error::success();
}

} // namespace api
} // namespace ptxwarp
