//===- LowerMemory.cpp - Lowering ld, st, atom, red and cvta --------------===//
//
// The memory instructions: their state space, vector width and address
// operand (Lowerer::address), with brace lists and vector registers
// expanded by LowerVectors.cpp.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/WarpModes.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"

#include "llvm/Support/Casting.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

/// cvta and cvta.to (PTX ISA 9.7.9.17).
void Lowerer::lowerCvta(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                        Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  In.Op = I.hasQualifier("to") ? Opcode::CvtaTo : Opcode::Cvta;
  Space Sp = spaceOf(I);
  if (Sp == Space::Generic || Ops.size() != 2)
    return unsupported(I);
  // .param in a function body: the parameter's .local copy
  // (LowerCalls.cpp); in an entry, the kernel parameters.
  if (Sp == Space::FrameParam)
    Sp = S.IsEntry ? Space::KernelParam : Space::Local;
  In.Sub = uint8_t(Sp);
  if (!push(In, dest(Ops[0], S)) || !push(In, source(Ops[1], In.Ty, S)))
    return;
  return emit(In);
}

/// ld, st, atom and red.
void Lowerer::lowerMemory(const ast::InstructionStmt &I, const isa::ExecInfo &X,
                          Opcode Exec, Inst &In, Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  // The checker does not hold every memory form's operand count (fuzz:
  // `st.globres2;` reached here with no operands).
  if (Ops.size() < 2)
    return unsupported(I);
  Space Sp = spaceOf(I);
  if (unsigned W = I.vectorWidth())
    In.Vec = uint8_t(W);
  bool AddrFirst = Exec == Opcode::St || Exec == Opcode::Red;
  const ast::Operand *AddrOp = AddrFirst ? Ops[0] : Ops[1];
  if (Ops.size() < 2)
    return unsupported(I);
  std::optional<Operand> A = address(AddrOp, Sp, S);
  if (!A)
    return;
  // A .param address in a register inside a function body is the local
  // address `mov` gave (LowerCalls.cpp); in an entry, the .param-space
  // address of a kernel parameter `mov` gave (PTX ISA 5.1.6.1).
  if (Sp == Space::FrameParam && A->RegNo >= 0)
    A->Sp = S.IsEntry ? Space::KernelParam : Space::Local;
  if (Sp == Space::FrameParam && A->RegNo < 0 && A->Sp == Space::FrameParam) {
    // Resolved through the variable: kernel or frame param.
  }
  if (Exec == Opcode::Ld || Exec == Opcode::St) {
    In.Op = Exec;
    bool Load = Exec == Opcode::Ld;
    const ast::Operand *Val = Load ? Ops[0] : Ops[1];
    if (Load)
      push(In, A);
    // A .b128 access moves two .b64 halves, the low half first.
    if (I.hasQualifier("b128"))
      In.Ty = Type{Type::B, 64};
    // Brace lists and whole vector registers give their elements.
    In.Ops.clear();
    if (!Load)
      In.Ops.push_back(*A);
    if (Load ? !destElements(Val, S, In.Ops)
             : !sourceElements(Val, In.Ty, S, In.Ops))
      return;
    In.Vec = uint8_t(Load ? In.Ops.size() : In.Ops.size() - 1);
    if (Load)
      In.Ops.push_back(*A); // destinations first, then the address
    return emit(In);
  }
  // atom / red.
  In.Op = Exec;
  std::optional<AtomOp> AO;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (auto Op = isa::parseMode<AtomOp>(Q.Text))
      AO = Op;
  if (!AO)
    return unsupported(I);
  // atom .b128 (sm_90) needs 128-bit registers, which are not modelled.
  if (I.hasQualifier("b128"))
    return error(DiagID::UnsupportedInstruction, I.OpcodeRange,
                 "'" + mnemonic(I) +
                     "' is not supported by the interpreter: 128-bit "
                     "registers are not modelled");
  In.Sub = uint8_t(*AO);
  if (In.Vec != 1)
    return lowerVectorAtom(I, In, *A, S); // LowerVectors.cpp
  if (In.Op == Opcode::Atom) {
    if (!push(In, dest(Ops[0], S)))
      return;
  } else {
    In.Ops.push_back(Operand());
  }
  In.Ops.push_back(*A);
  for (size_t K = In.Op == Opcode::Atom ? 2 : 1; K < Ops.size(); ++K)
    if (!push(In, source(Ops[K], In.Ty, S)))
      return;
  return emit(In);
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
