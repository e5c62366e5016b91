//===- ImageOperands.cpp - Data and address operands of tex/tld4/suld/sust ===//
//
// The texture and surface rows (lib/ISA/td/Forms/Texture.td, Surface.td)
// give the operand counts only: the coordinates sit inside the brackets
// (`[a, {b,} c]`). What ptxas 13.0 says of the operands themselves
// (test/Sema/heldout-operands.ptx pins each message):
// - the data vector (tex, tld4, suld's destination d; sust's source c) is a
//   brace list of the .vN word's size ("Argument vector size mismatch for
//   instruction 'tex'"); where the row has a .vN word, tex, tld4 and suld
//   need a brace list: a special register is "Special register argument not
//   allowed", a constant or a function name "Result register required", a
//   variable or an address "Arguments mismatch" (suld: "Result vector
//   expected"), a register of another type "Arguments mismatch", any other
//   register "Result vector expected" (sust takes a scalar there);
// - an element of the list, and a scalar destination of suld: a constant
//   is "Result register required" (sust takes one), a variable "Arguments
//   mismatch" (a function name "Result register required"), a register must fit
//   the data type: tex/tld4's .f32/.u32/.s32/.f16/.f16x2 as the typed ALU
//   instructions take registers (`.f32` an .f32 or .b32 one), suld/sust's
//   .b8 ... .b64 any register at least that wide ("Arguments mismatch");
//   suld's scalar destination is no `_` ("Result discard mode is not
//   allowed") and no special register; sust's source is no address
//   ("Argument 2 of instruction 'sust.b': must be register");
// - the address is `[a, c]` (`[a]`, or a register without brackets, is
//   "Arguments mismatch"); suld/sust take no sampler (`[a, b, c]`), and
//   their coordinates are 32-bit integer registers; tex/tld4's are of the
//   coordinate type (the last type word; .f32 takes any 32-bit register).
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

namespace {

struct ImageCheck {
  SemaState &S;
  const ast::InstructionStmt &I;
  std::string Name;
  bool Surface; // suld/sust: bit-size data, relaxed register sizes
  std::optional<isa::PtxType> DataType, CoordType;
  bool Reported = false;

  void say(SMRange R, const Twine &Msg) {
    Reported = true;
    S.report(DiagID::OperandType, R) << Msg.str();
  }

  const Symbol *registerOf(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    const Symbol *Sym = N && !O.Negated ? S.lookup(N->Name) : nullptr;
    return Sym && Sym->Space == ast::StateSpace::Reg ? Sym : nullptr;
  }

  bool isSpecial(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    return N && !S.lookup(N->Name) && isa::findSpecialReg(N->Name);
  }

  bool fits(const Symbol &Reg) const {
    if (!DataType || !Reg.Type)
      return true;
    return Surface ? isa::isRelaxedTypeCompatible(*DataType, *Reg.Type)
                   : isa::isTypeCompatible(*DataType, *Reg.Type);
  }

  /// One element of the data vector, or a scalar data operand.
  void element(const ast::Operand &O, bool Dest) {
    if (llvm::isa<ast::SinkOperand>(&O) || isSpecial(O))
      return; // `_` / a special register in a list: taken (or reported)
    if (const Symbol *Reg = registerOf(O)) {
      if (!fits(*Reg))
        say(O.Range, "Arguments mismatch for instruction '" + Name + "': '" +
                         O.text() + "' is not a register of the data type");
      return;
    }
    if (isVariable(O))
      say(O.Range, "Arguments mismatch for instruction '" + Name + "': '" +
                       O.text() + "' is a variable");
    else if (Dest && (llvm::isa<ast::ImmOperand>(&O) || isName(O)))
      say(O.Range, "Result register required for instruction '" + Name +
                       "': '" + O.text() + "' is no register");
  }

  /// A variable (not a register).
  bool isVariable(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    return N && !registerOf(O) && S.lookup(N->Name);
  }

  /// A name ptxas reads as a constant (a function, a label).
  bool isName(const ast::Operand &O) const {
    const auto *N = dyn_cast<ast::NameOperand>(&O);
    return N && !S.lookup(N->Name) && !isa::findSpecialReg(N->Name) &&
           S.isKnownName(N->Name);
  }

  void data(const ast::Operand &O, bool Dest) {
    unsigned Width = I.vectorWidth();
    if (const auto *V = dyn_cast<ast::VectorOperand>(&O)) {
      if (Width && V->Elements.size() != Width)
        return say(O.Range, "Argument vector size mismatch for instruction '" +
                                Name + "': '.v" + Twine(Width) +
                                "' takes a brace list of " + Twine(Width) +
                                " registers");
      for (const ast::Operand *E : V->Elements) // ptxas: one error
        if (element(*E, Dest), Reported)
          return;
      return;
    }
    if (!Dest) { // sust's source c
      if (llvm::isa<ast::AddressOperand>(&O))
        // ptxas counts the image and the coordinates as arguments 0, 1.
        return say(O.Range, "Argument 2 of instruction '" + Name +
                                "': must be register ('" + O.text() +
                                "' is an address)");
      if (!Width || registerOf(O))
        element(O, Dest);
      return;
    }
    if (isSpecial(O))
      return say(O.Range, "Special register argument not allowed for "
                          "instruction '" +
                              Name + "': '" + O.text() + "'");
    if (isVariable(O))
      return say(O.Range, "Arguments mismatch for instruction '" + Name +
                              "': '" + O.text() + "' is a variable");
    if (llvm::isa<ast::ImmOperand>(&O) || isName(O))
      return say(O.Range, "Result register required for instruction '" + Name +
                              "': '" + O.text() + "' is no register");
    if (!Width) { // suld without .vN: a scalar destination
      if (llvm::isa<ast::SinkOperand>(&O))
        return say(O.Range, "Result discard mode is not allowed for "
                            "instruction '" +
                                Name + "'");
      return element(O, Dest);
    }
    if (llvm::isa<ast::AddressOperand>(&O))
      return say(O.Range, Surface
                              ? "Result vector expected: '" + O.text() +
                                    "' is no brace list"
                              : "Arguments mismatch for instruction '" + Name +
                                    "': '" + O.text() + "' is an address");
    const Symbol *Reg = registerOf(O);
    if (Reg && !fits(*Reg))
      return say(O.Range, "Arguments mismatch for instruction '" + Name +
                              "': '" + O.text() +
                              "' is not a register of the data type");
    if (Reg && Reg->VectorWidth == Width)
      return; // a vector register
    if (Reg)
      say(O.Range, "Result vector expected: '.v" + Twine(Width) +
                       "' takes a brace list of " + Twine(Width) +
                       " registers, not '" + O.text() + "'");
  }

  void address(const ast::Operand &O) {
    const auto *A = dyn_cast<ast::AddressOperand>(&O);
    if (!A || A->Rest.empty() || (Surface && A->Rest.size() != 1))
      return say(O.Range, "Arguments mismatch for instruction '" + Name +
                              "': the address is '[a, c]' (an image and its "
                              "coordinates), not '" +
                              O.text() + "'");
    const ast::Operand *C = A->Rest.back();
    std::optional<isa::PtxType> T =
        Surface ? std::optional<isa::PtxType>(isa::PtxType::S32) : CoordType;
    // .f32 coordinates take any 32-bit register (ptxas 13.0:
    // `tex.1d.v4.f32.f32 d, [a, {%u1}]`, an .a2d array index), .s32 ones
    // and the surfaces' an integer or bit one.
    auto Fits = [&](isa::PtxType R) {
      if (*T == isa::PtxType::F32)
        return isa::typeBits(R) == 32 && R != isa::PtxType::Pred;
      return isa::isTypeCompatible(*T, R);
    };
    auto Check = [&](const ast::Operand &E) {
      const Symbol *Reg = registerOf(E);
      if (T && Reg && Reg->Type && !Fits(*Reg->Type))
        say(E.Range, "Arguments mismatch for instruction '" + Name + "': '" +
                         E.text() + "' is not a coordinate register");
    };
    if (const auto *V = dyn_cast<ast::VectorOperand>(C)) {
      for (const ast::Operand *E : V->Elements)
        if (Check(*E), Reported)
          return;
    } else {
      Check(*C);
    }
  }
};

} // namespace

bool checkImageOperands(SemaState &S, const ast::InstructionStmt &I) {
  bool Bits = false;
  int Data = isa::imageDataOperand(S.opcodeOf(I), Bits);
  if (Data < 0 || I.Operands.size() < 2)
    return false;
  bool Store = Data == 1; // sust: [a, b], c
  ImageCheck C{S, I, diagName(I), Bits, {}, {}};
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (std::optional<isa::PtxType> T = isa::parseType(Q.Text)) {
      if (!C.DataType)
        C.DataType = T;
      C.CoordType = T;
    }
  if (Store) {
    C.address(*I.Operands[0]);
    if (!C.Reported)
      C.data(*I.Operands[1], /*Dest=*/false);
  } else {
    C.data(*I.Operands[0], /*Dest=*/true);
    if (!C.Reported)
      C.address(*I.Operands[1]);
  }
  return C.Reported;
}

} // namespace sema
} // namespace ptxwarp
