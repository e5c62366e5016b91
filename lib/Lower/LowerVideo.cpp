//===- LowerVideo.cpp - The video instructions and dp4a/dp2a --------------===//
//
// Reads the qualifiers and the operand selectors (`%r1.b0`, `%r2.h1`,
// `%r3.b7654`, `%r1.h10`) of the video instructions (PTX ISA 9.7.18) and of
// dp4a/dp2a (PTX ISA 9.7.1.23, 9.7.1.24) into ir::VideoModes. What each
// computes is Interp/Video.cpp. Every form outside the ISA's syntax (which
// ptxas rejects too: a selector where none is allowed, .sat with .add on a
// SIMD form, -a with -c in vmad, ...) is refused here, with the reason, so
// that nothing runs with a meaning we did not model.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/IR/VideoModes.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

namespace {

using Shape = VideoShape;

/// `b0`, `h10`, `b7654`: a letter and digits (`%v.b` is a vector element).
bool isSelectorText(StringRef C) {
  return C.size() >= 2 && (C[0] == 'b' || C[0] == 'h') &&
         C.drop_front().find_first_not_of("0123456789") == StringRef::npos;
}

/// A scalar selector .b0-.b3, .h0, .h1 (PTX ISA 9.7.18.1).
std::optional<VSel> scalarSel(StringRef C) {
  return StringSwitch<std::optional<VSel>>(C)
      .Case("b0", VSel::B0)
      .Case("b1", VSel::B1)
      .Case("b2", VSel::B2)
      .Case("b3", VSel::B3)
      .Case("h0", VSel::H0)
      .Case("h1", VSel::H1)
      .Default(std::nullopt);
}

/// A SIMD destination mask (PTX ISA 9.7.18.2): `h` or `b` and distinct
/// element numbers in decreasing order (.h10, .b31), as bits.
std::optional<uint8_t> simdMask(StringRef C, unsigned N) {
  if (C.size() < 2 || C[0] != (N == 2 ? 'h' : 'b'))
    return std::nullopt;
  uint8_t Bits = 0;
  int Prev = 100;
  for (char Ch : C.drop_front()) {
    int K = Ch - '0';
    if (K < 0 || K >= int(N) || K >= Prev)
      return std::nullopt;
    Bits |= uint8_t(1u << K);
    Prev = K;
  }
  return Bits;
}

/// A SIMD source selector (PTX ISA 9.7.18.2): .hxy (x, y in 0-3) or .bxyzw
/// (in 0-7); the last digit picks element 0. Packed 3 bits per element.
std::optional<uint16_t> simdSel(StringRef C, unsigned N) {
  if (C.size() != N + 1 || C[0] != (N == 2 ? 'h' : 'b'))
    return std::nullopt;
  uint16_t Sel = 0;
  for (unsigned I = 0; I < N; ++I) {
    int K = C[N - I] - '0';
    if (K < 0 || K >= int(2 * N))
      return std::nullopt;
    Sel |= uint16_t(K << (3 * I));
  }
  return Sel;
}

/// The default SIMD selectors: a .h10/.b3210, b .h32/.b7654.
uint16_t defaultSel(unsigned N, bool OfB) {
  uint16_t Sel = 0;
  for (unsigned I = 0; I < N; ++I)
    Sel |= uint16_t((I + (OfB ? N : 0)) << (3 * I));
  return Sel;
}

} // namespace

void Lowerer::lowerVideo(const ast::InstructionStmt &I, Inst &In, Opcode Op,
                         Scope &S) {
  auto Refuse = [&](const Twine &Why) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter: " + Why);
  };
  auto RefuseAt = [&](const ast::Operand *O, const Twine &Why) {
    error(DiagID::UnsupportedInstruction, O->Range,
          "operand '" + O->text() + "' of '" + mnemonic(I) +
              "' is not supported by the interpreter: " + Why);
  };
  Shape Sh = videoShape(Op);
  bool IsSet = Op == Opcode::VSet || Op == Opcode::VSet2 || Op == Opcode::VSet4;
  bool IsShift = Op == Opcode::VShl || Op == Opcode::VShr;
  bool Simd = Sh == Shape::Simd2 || Sh == Shape::Simd4;
  unsigned N = Sh == Shape::Simd2 ? 2 : 4;

  // Qualifiers: types, then the modes each form allows.
  VideoModes M;
  SmallVector<Type, 3> Ts;
  bool HasCmp = false, HasMode = false, HasLoHi = false;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    StringRef T = Q.Text;
    Type Ty = Type::fromName(T);
    if (Ty.K != Type::None) {
      if (Ty.Bits != 32 || (Ty.K != Type::U && Ty.K != Type::S))
        return Refuse("its operand types are .u32 or .s32, not ." + T);
      Ts.push_back(Ty);
      continue;
    }
    if (T == "sat" && !IsSet && Sh != Shape::Dot) {
      M.Sat = true;
    } else if (T == "add" && Sh != Shape::Mad && Sh != Shape::Dot) {
      M.Op2 = VOp2::Add;
    } else if ((T == "min" || T == "max") && Sh == Shape::Scalar) {
      M.Op2 = T == "min" ? VOp2::Min : VOp2::Max;
    } else if (IsSet && StringSwitch<bool>(T)
                            .Cases("eq", "ne", "lt", "le", "gt", "ge", true)
                            .Default(false)) {
      HasCmp = true;
      M.Cmp = StringSwitch<VCmp>(T)
                  .Case("eq", VCmp::Eq)
                  .Case("ne", VCmp::Ne)
                  .Case("lt", VCmp::Lt)
                  .Case("le", VCmp::Le)
                  .Case("gt", VCmp::Gt)
                  .Default(VCmp::Ge);
    } else if (IsShift && (T == "clamp" || T == "wrap") && !HasMode) {
      HasMode = true;
      M.Clamp = T == "clamp";
    } else if (Sh == Shape::Mad && T == "po") {
      M.Po = true;
    } else if (Sh == Shape::Mad && (T == "shr7" || T == "shr15") && !M.Shr) {
      M.Shr = T == "shr7" ? 7 : 15;
    } else if (Op == Opcode::Dp2a && (T == "lo" || T == "hi") && !HasLoHi) {
      HasLoHi = true;
      M.Hi = T == "hi";
    } else {
      return Refuse("'." + T + "' is not a qualifier of this instruction");
    }
  }
  unsigned NTypes = IsSet || Sh == Shape::Dot ? 2 : 3;
  if (Ts.size() != NTypes)
    return Refuse("it takes " + Twine(NTypes) + " types");
  if (NTypes == 3)
    M.DSigned = Ts[0].isSigned();
  M.ASigned = Ts[NTypes - 2].isSigned();
  M.BSigned = Ts[NTypes - 1].isSigned();
  if (IsShift && (M.BSigned || !HasMode))
    return Refuse("vshl/vshr take a .u32 b and .clamp or .wrap");
  if (IsSet && !HasCmp)
    return Refuse("it needs a comparison");
  if (Op == Opcode::Dp2a && !HasLoHi)
    return Refuse("dp2a needs .lo or .hi");
  if (Simd && M.Sat && M.Op2 == VOp2::Add)
    return Refuse(".sat cannot be combined with .add");

  ArrayRef<const ast::Operand *> Ops = I.Operands;
  bool ThreeOk = Sh == Shape::Scalar && M.Op2 == VOp2::None;
  if (Ops.size() != 4 && !(ThreeOk && Ops.size() == 3))
    return Refuse("wrong number of operands");

  // An operand with its selector text and a leading `-` (vmad).
  struct Src {
    Operand O;
    StringRef Sel;
    bool Neg = false;
  };
  auto Read = [&](const ast::Operand *O, bool IsDest, Src &R) -> bool {
    if (O->Negated) {
      RefuseAt(O, "'!' is for predicates");
      return false;
    }
    if (const auto *Nm = dyn_cast<ast::NameOperand>(O)) {
      if (isSelectorText(Nm->Component)) {
        auto It = S.Regs.find(Nm->Name);
        if (It == S.Regs.end()) {
          error(DiagID::LoweringError, O->Range,
                "'" + Nm->Name + "' is not a register");
          return false;
        }
        R.O = Operand::reg(It->second);
        R.Sel = Nm->Component;
        R.Neg = Nm->Minus;
        return true;
      }
    }
    if (const auto *Im = dyn_cast<ast::ImmOperand>(O))
      if (const auto *U = dyn_cast<ast::UnaryExpr>(Im->Value))
        if (const auto *NE = dyn_cast<ast::NameExpr>(U->Sub)) {
          auto It = S.Regs.find(NE->Name);
          if (U->Op == ast::UnaryOp::Neg && It != S.Regs.end()) {
            R.O = Operand::reg(It->second);
            R.Neg = true;
            return true;
          }
        }
    std::optional<Operand> X =
        IsDest ? dest(O, S) : source(O, Type{Type::U, 32}, S);
    if (!X)
      return false;
    R.O = *X;
    return true;
  };

  Src D, A, B, C;
  if (!Read(Ops[0], true, D) || !Read(Ops[1], false, A) ||
      !Read(Ops[2], false, B) || (Ops.size() > 3 && !Read(Ops[3], false, C)))
    return;
  if (!D.O.isReg() || D.Neg)
    return RefuseAt(Ops[0], "the destination is a register");
  if (!C.Sel.empty())
    return RefuseAt(Ops[3], "c takes no selector");
  if (C.Neg && Sh != Shape::Mad)
    return RefuseAt(Ops[3], "only vmad negates operands");
  for (const Src *X : {&A, &B})
    if (X->Neg && Sh != Shape::Mad)
      return RefuseAt(X == &A ? Ops[1] : Ops[2], "only vmad negates operands");

  switch (Sh) {
  case Shape::Scalar:
  case Shape::Mad: {
    for (const Src *X : {&A, &B}) {
      if (X->Sel.empty())
        continue;
      std::optional<VSel> V = scalarSel(X->Sel);
      if (!V)
        return RefuseAt(X == &A ? Ops[1] : Ops[2],
                        "a scalar video selector is .b0-.b3, .h0 or .h1");
      (X == &A ? M.ASel : M.BSel) = uint16_t(*V);
    }
    if (!D.Sel.empty()) {
      std::optional<VSel> V = scalarSel(D.Sel);
      if (!V || Sh == Shape::Mad || Ops.size() != 4 || M.Op2 != VOp2::None)
        return RefuseAt(Ops[0], "a destination selector (.b0-.b3, .h0, .h1) "
                                "needs the merge form `d.dsel, a, b, c`");
      M.DSel = uint8_t(*V);
    }
    if (Sh == Shape::Mad) {
      M.NegA = A.Neg;
      M.NegB = B.Neg;
      M.NegC = C.Neg;
      // PTX ISA 9.7.18.1.3: "PTX allows negation of either (a*b) or c";
      // "Source operands may not be negated in .po mode".
      if ((M.NegA != M.NegB) && M.NegC)
        return Refuse("it negates both a*b and c");
      if (M.Po && (M.NegA || M.NegB || M.NegC))
        return Refuse(".po does not allow negated operands");
    }
    break;
  }
  case Shape::Simd2:
  case Shape::Simd4: {
    // ptxas: the SIMD sources are registers ("Incorrect video selector").
    for (unsigned K = 1; K < 4; ++K)
      if (!(K == 1 ? A : K == 2 ? B : C).O.isReg())
        return RefuseAt(Ops[K], "the SIMD video sources are registers");
    M.ASel = defaultSel(N, false);
    M.BSel = defaultSel(N, true);
    for (const Src *X : {&A, &B}) {
      if (X->Sel.empty())
        continue;
      std::optional<uint16_t> V = simdSel(X->Sel, N);
      if (!V)
        return RefuseAt(X == &A ? Ops[1] : Ops[2],
                        N == 2 ? "the selector is .hxy, x and y in 0-3"
                               : "the selector is .bxyzw, each digit in 0-7");
      (X == &A ? M.ASel : M.BSel) = *V;
    }
    M.DSel = uint8_t((1u << N) - 1);
    if (!D.Sel.empty()) {
      std::optional<uint8_t> V = simdMask(D.Sel, N);
      if (!V)
        return RefuseAt(Ops[0], N == 2 ? "the mask is .h0, .h1 or .h10"
                                       : "the mask is .b and distinct digits "
                                         "0-3 in decreasing order");
      M.DSel = *V;
    }
    break;
  }
  case Shape::Dot:
    for (unsigned K = 0; K < 3; ++K)
      if (!(K == 0 ? D : K == 1 ? A : B).Sel.empty())
        return RefuseAt(Ops[K], "dp4a/dp2a take no selectors");
    break;
  }

  In.Op = Op;
  In.Ty = NTypes == 3 ? Ts[0] : Type{Type::U, 32};
  In.Sat = M.Sat;
  In.Modes = M.pack();
  In.Ops.push_back(D.O);
  In.Ops.push_back(A.O);
  In.Ops.push_back(B.O);
  if (Ops.size() > 3)
    In.Ops.push_back(C.O);
  F.Insts.push_back(std::move(In));
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
