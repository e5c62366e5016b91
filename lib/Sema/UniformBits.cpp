//===- UniformBits.cpp - Which bits of a value differ between lanes -------===//
//
// The divergence analysis (Divergence.cpp) gives each value one kind:
// uniform, warp-aligned or lane-dependent. Some compares read only bits that
// are the same in every lane of a value that is not: nvcc's cooperative
// groups pack a group descriptor as `(size << 8) | type` and branch on
// `(d >> 1) & 127 == type` before a group's sync, where only the size
// differs between lanes. Here a value's varying bits are followed through the
// bit operations the table folds (isa::constFoldOf: mov, and, or, xor, not,
// shl, shr, add, sub) and cvt, per the PTX ISA semantics of 9.7.1 and 9.7.8
// (shifts fill with zeros, or with the sign bit for shr.s; a carry moves
// differences only upwards), so that such a compare is uniform.
//
//===----------------------------------------------------------------------===//

#include "Divergence.h"

#include "llvm/ADT/bit.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

static constexpr uint64_t AllBits = ~0ULL;

static uint64_t widthMask(unsigned W) {
  return W >= 64 ? AllBits : (1ULL << W) - 1;
}

/// The bits of an integer type word ("b32", "s16"), and whether signed.
static std::optional<std::pair<unsigned, bool>> intType(StringRef Word) {
  std::optional<unsigned> Bits = isa::integerTypeWidth(Word);
  if (!Bits)
    return std::nullopt;
  return std::make_pair(*Bits, isa::typeKind(*isa::parseType(Word)) ==
                                   isa::TypeKind::Signed);
}

uint64_t DivergenceLint::varyingBits(unsigned Inst, unsigned K,
                                     unsigned Depth) const {
  const ast::Operand &O = *Insts[Inst]->Operands[K];
  if (!llvm::isa<ast::NameOperand>(O)) {
    At = Inst;
    return kindOf(O) == isa::LaneVariance::Uniform ? 0 : AllBits;
  }
  // The register's id: a name operand's only name.
  unsigned Reg = Regs.operand(Inst, K).front();
  if (const isa::SpecialReg *R = specialOf(Reg))
    return R->Variance == isa::LaneVariance::Uniform ? 0 : AllBits;
  if (DefsOf[Reg].empty())
    return 0;
  uint64_t Bits = 0;
  ArrayRef<unsigned> R = reachingDefs(Reg, Inst);
  SmallVector<unsigned, 2> Defs(R.begin(), R.end());
  for (unsigned D : Defs)
    Bits |= varyingBitsOfDef(D, Depth + 1);
  return Bits;
}

uint64_t DivergenceLint::varyingBitsOfDef(unsigned D, unsigned Depth) const {
  if (DefKind[D] == isa::LaneVariance::Uniform)
    return 0;
  if (Depth > 12)
    return AllBits;
  if (DefBitsSweep[D] == Sweep)
    return DefBits[D];
  DefBitsSweep[D] = Sweep;
  DefBits[D] = AllBits; // while open
  const ast::InstructionStmt &I = *Insts[D];
  uint64_t Result = AllBits;
  auto Src = [&](unsigned K) {
    return K < I.Operands.size() ? varyingBits(D, K, Depth) : AllBits;
  };
  auto Const = [&](unsigned K) -> std::optional<uint64_t> {
    return K < I.Operands.size() ? constOf(*I.Operands[K]) : std::nullopt;
  };
  std::optional<std::pair<unsigned, bool>> T;
  if (!I.Qualifiers.empty())
    T = intType(I.Qualifiers.back().Text);
  bool GuardOk = !I.G.isPresent() || !isVaryingAt(I.G.Pred, D);
  // The table's copies that do not fold as mov: cvt.
  isa::ConstFold Fold = isa::constFoldOf(Ops[D]);
  bool Convert = isa::indexArithOf(Ops[D]) == isa::IndexArith::Copy &&
                 Fold != isa::ConstFold::Copy;
  if (GuardOk && Convert && I.Qualifiers.size() >= 2) {
    // cvt.dtype.atype d, a (PTX ISA 9.7.9.21): truncate or extend.
    auto DT = intType(I.Qualifiers[I.Qualifiers.size() - 2].Text);
    if (DT && T) {
      uint64_t A = Src(1) & widthMask(T->first);
      if (T->second && DT->first > T->first && (A >> (T->first - 1) & 1))
        A |= widthMask(DT->first) & ~widthMask(T->first);
      Result = A & widthMask(DT->first);
    }
  } else if (GuardOk && T && I.Qualifiers.size() == 1) {
    uint64_t M = widthMask(T->first);
    switch (Fold) {
    case isa::ConstFold::Copy:
    case isa::ConstFold::Not:
      Result = Src(1) & M;
      break;
    case isa::ConstFold::And:
      if (std::optional<uint64_t> C = Const(2))
        Result = Src(1) & *C & M;
      else if (std::optional<uint64_t> C = Const(1))
        Result = Src(2) & *C & M;
      else
        Result = (Src(1) | Src(2)) & M;
      break;
    case isa::ConstFold::Or:
      if (std::optional<uint64_t> C = Const(2))
        Result = Src(1) & ~*C & M;
      else if (std::optional<uint64_t> C = Const(1))
        Result = Src(2) & ~*C & M;
      else
        Result = (Src(1) | Src(2)) & M;
      break;
    case isa::ConstFold::Xor:
      Result = (Src(1) | Src(2)) & M;
      break;
    case isa::ConstFold::Add:
    case isa::ConstFold::Sub: {
      // A difference in bit k can carry into every bit above it.
      uint64_t V = (Src(1) | Src(2)) & M;
      Result = V ? M & ~widthMask(llvm::countTrailingZeros(V)) : 0;
      break;
    }
    case isa::ConstFold::Shl:
      if (std::optional<uint64_t> C = Const(2); C && Src(2) == 0)
        Result = *C >= T->first ? 0 : (Src(1) << *C) & M;
      break;
    case isa::ConstFold::Shr:
      if (std::optional<uint64_t> C = Const(2); C && Src(2) == 0) {
        uint64_t A = Src(1) & M;
        unsigned Sh = std::min<uint64_t>(*C, T->first);
        Result = Sh >= 64 ? 0 : A >> Sh;
        if (T->second && (A >> (T->first - 1) & 1))
          Result |= M & ~widthMask(T->first - Sh);
      }
      break;
    case isa::ConstFold::None:
      break;
    }
  }
  DefBits[D] = Result;
  return Result;
}

/// A compare of integer values whose compared bits are the same in every
/// lane is the same in every lane.
bool DivergenceLint::isUniformBitsCompare(const ast::InstructionStmt &I,
                                          unsigned Inst) const {
  if (I.Operands.size() != 3 || I.Qualifiers.empty())
    return false;
  std::optional<std::pair<unsigned, bool>> T =
      intType(I.Qualifiers.back().Text);
  if (!T)
    return false;
  uint64_t M = widthMask(T->first);
  return (varyingBits(Inst, 1, 0) & M) == 0 &&
         (varyingBits(Inst, 2, 0) & M) == 0;
}

} // namespace sema
} // namespace ptxwarp
