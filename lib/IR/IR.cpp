//===- IR.cpp - IR types, names and the --emit-ir printer -----------------===//

#include "ptxwarp/IR/IR.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {

std::string Type::str() const {
  switch (K) {
  case None:
    return "none";
  case Pred:
    return "pred";
  case B:
    return "b" + std::to_string(Bits);
  case U:
    return "u" + std::to_string(Bits);
  case S:
    return "s" + std::to_string(Bits);
  case F:
    return "f" + std::to_string(Bits);
  case BF:
    return "bf16";
  }
  return "?";
}

Type Type::fromName(StringRef Name) {
  if (Name == "pred")
    return Type{Pred, 1};
  if (Name == "bf16")
    return Type{BF, 16};
  if (Name.size() < 2)
    return Type{};
  Kind K = StringSwitch<Kind>(Name.take_front(1))
               .Case("b", B)
               .Case("u", U)
               .Case("s", S)
               .Case("f", F)
               .Default(None);
  unsigned Bits = 0;
  if (K == None || Name.drop_front(1).getAsInteger(10, Bits))
    return Type{};
  if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64)
    return Type{};
  if (K == F && Bits == 8)
    return Type{};
  return Type{K, uint8_t(Bits)};
}

StringRef opcodeName(Opcode Op) {
  switch (Op) {
#define IR_OPCODE(NAME)                                                        \
  case Opcode::NAME:                                                           \
    return #NAME;
#include "ptxwarp/IR/Opcodes.def"
  }
  return "?";
}

const Function *Module::find(StringRef Name) const {
  for (const Function &F : Kernels)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

static StringRef spaceName(Space Sp) {
  switch (Sp) {
  case Space::Generic:
    return "generic";
  case Space::Global:
    return "global";
  case Space::Shared:
    return "shared";
  case Space::Local:
    return "local";
  case Space::KernelParam:
    return "kparam";
  case Space::FrameParam:
    return "fparam";
  case Space::Const:
    return "const";
  }
  return "?";
}

static void printOperand(const Operand &O, const Function &F, raw_ostream &OS) {
  if (O.Negated)
    OS << "!";
  switch (O.K) {
  case Operand::None:
    OS << "_";
    return;
  case Operand::Register:
    OS << "r" << O.RegNo;
    if (size_t(O.RegNo) < F.Regs.size())
      OS << "(" << F.Regs[O.RegNo].Name << ")";
    return;
  case Operand::Immediate:
    OS << format_hex(O.Imm, 2);
    return;
  case Operand::Special:
    OS << "%sreg" << unsigned(O.S);
    return;
  case Operand::Addr:
    OS << spaceName(O.Sp) << "[";
    if (O.RegNo >= 0)
      OS << "r" << O.RegNo << "+";
    OS << format_hex(O.Imm, 2) << "]";
    return;
  }
}

void print(const Inst &I, const Function &F, raw_ostream &OS) {
  if (I.Guard >= 0)
    OS << "@" << (I.GuardNeg ? "!" : "") << "r" << I.Guard << " ";
  OS << opcodeName(I.Op);
  if (I.Ty.K != Type::None)
    OS << "." << I.Ty.str();
  if (I.SrcTy.K != Type::None)
    OS << "." << I.SrcTy.str();
  if (I.Sub || I.Sub2)
    OS << " {" << unsigned(I.Sub) << "," << unsigned(I.Sub2) << "}";
  bool First = true;
  for (const Operand &O : I.Ops) {
    OS << (First ? " " : ", ");
    First = false;
    printOperand(O, F, OS);
  }
  if (I.Op == Opcode::Bra || I.Op == Opcode::Ret)
    OS << (First ? " " : ", ") << "-> " << I.Target << " (reconverge "
       << I.Reconverge << ")";
}

void print(const Function &F, raw_ostream &OS) {
  OS << "function " << F.Name << " (" << F.Insts.size() << " instructions, "
     << F.Regs.size() << " registers, params " << F.ParamBytes << " B, shared "
     << F.SharedBytes << " B, local " << F.LocalBytes << " B)\n";
  for (const KernelParam &P : F.Params)
    OS << "  param " << P.Name << ": " << P.Ty.str() << " at " << P.Offset
       << "\n";
  for (size_t K = 0; K < F.Insts.size(); ++K) {
    OS << format("%5u", unsigned(K)) << ": ";
    print(F.Insts[K], F, OS);
    if (F.Insts[K].Line)
      OS << "    ; line " << F.Insts[K].Line;
    OS << "\n";
  }
}

} // namespace ir
} // namespace ptxwarp
