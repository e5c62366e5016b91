//===- IR.cpp - IR types, names and the --emit-ir printer -----------------===//

#include "ptxwarp/IR/IR.h"
#include "ptxwarp/IR/ScalarModes.h"
#include "ptxwarp/IR/WarpModes.h"

#include "llvm/ADT/SmallVector.h"
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
    return Packed ? "u16x2" : "u" + std::to_string(Bits);
  case S:
    return Packed ? "s16x2" : "s" + std::to_string(Bits);
  case F:
    return Packed ? "f16x2" : "f" + std::to_string(Bits);
  case BF:
    return Packed ? "bf16x2" : "bf16";
  }
  return "?";
}

Type Type::fromName(StringRef Name) {
  if (Name == "pred")
    return Type{Pred, 1};
  if (Name == "bf16")
    return Type{BF, 16};
  if (Name == "f16x2")
    return Type{F, 32, true};
  if (Name == "bf16x2")
    return Type{BF, 32, true};
  // The packed integer pairs (PTX ISA 5.2.5; add/min/max, PTX ISA 8.0).
  if (Name == "u16x2")
    return Type{U, 32, true};
  if (Name == "s16x2")
    return Type{S, 32, true};
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

std::optional<Opcode> opcodeFromName(StringRef Name) {
#define IR_OPCODE(NAME)                                                        \
  if (Name == #NAME)                                                           \
    return Opcode::NAME;
#include "ptxwarp/IR/Opcodes.def"
  return std::nullopt;
}

std::optional<SReg> sregFromName(StringRef Name) {
#define IR_SREG(NAME, SPELLING)                                                \
  if (Name == #NAME)                                                           \
    return SReg::NAME;
#include "ptxwarp/IR/SpecialRegs.def"
  return std::nullopt;
}

StringRef sregSpelling(SReg S) {
  switch (S) {
#define IR_SREG(NAME, SPELLING)                                                \
  case SReg::NAME:                                                             \
    return SPELLING;
#include "ptxwarp/IR/SpecialRegs.def"
  }
  return "%sreg?";
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
    OS << sregSpelling(O.S);
    return;
  case Operand::Addr:
    OS << spaceName(O.Sp) << "[";
    if (O.RegNo >= 0)
      OS << "r" << O.RegNo << "+";
    OS << format_hex(O.Imm, 2) << "]";
    return;
  }
}

/// The decoded modes of \p I as PTX-like qualifier words.
static SmallVector<StringRef, 4> modifiers(const Inst &I) {
  using isa::modeSpelling;
  SmallVector<StringRef, 4> Q;
  switch (I.Op) {
  case Opcode::Setp:
  case Opcode::Set:
    Q.push_back(modeSpelling(CmpOp(I.Sub)));
    if (I.Sub2)
      Q.push_back(modeSpelling(BoolOp(I.Sub2)));
    break;
  case Opcode::Mul:
  case Opcode::Mad:
    Q.push_back(I.Sub == 1 ? "hi" : I.Sub == 2 ? "wide" : "lo");
    break;
  case Opcode::Shfl:
    Q.push_back(modeSpelling(ShflMode(I.Sub)));
    break;
  case Opcode::Vote:
    Q.push_back(modeSpelling(VoteMode(I.Sub)));
    break;
  case Opcode::Match:
    Q.push_back(modeSpelling(MatchMode(I.Sub)));
    break;
  case Opcode::Redux:
    Q.push_back(modeSpelling(ReduxOp(I.Sub)));
    break;
  case Opcode::Atom:
  case Opcode::Red:
    Q.push_back(modeSpelling(AtomOp(I.Sub)));
    break;
  case Opcode::Collective: {
    // What the table calls the operation ("movmatrix.trans").
    static const StringRef Texts[] = {
#define SEMANTIC_OP(Name, Text, Kind, Function) Text,
#include "ptxwarp/ISA/Generated/SemanticOps.def"
    };
    if (I.Sub < std::size(Texts))
      Q.push_back(Texts[I.Sub]);
    if (I.AlignedWarp)
      Q.push_back("aligned");
    break;
  }
  case Opcode::BarSync:
    Q.push_back(BarMode(I.Sub) == BarMode::Arrive ? "arrive" : "sync");
    if (I.Sub2)
      Q.push_back("aligned");
    break;
  case Opcode::BarRed:
    Q.push_back(BarRedOp(I.Sub) == BarRedOp::Popc  ? "popc"
                : BarRedOp(I.Sub) == BarRedOp::And ? "and"
                                                   : "or");
    if (I.Sub2)
      Q.push_back("aligned");
    break;

  case Opcode::CvtNarrow: {
    static const char *const Dir[] = {"from-f32x2", "from-f16x2", "to-f16x2",
                                      "from-f32"};
    static const char *const Fmt[] = {"e4m3", "e5m2", "tf32",
                                      "e2m3", "e3m2", "e2m1"};
    Q.push_back(Fmt[I.Sub2 % 6]);
    Q.push_back(Dir[I.Sub % 4]);
    break;
  }
  case Opcode::Prmt: {
    if (I.Sub)
      Q.push_back(modeSpelling(PrmtMode(I.Sub)));
    break;
  }
  case Opcode::Szext:
    Q.push_back(I.Sub ? "wrap" : "clamp");
    break;
  case Opcode::Isspacep: {
    static const char *const Space[] = {"global", "shared", "local"};
    Q.push_back(Space[I.Sub % 3]);
    break;
  }
  case Opcode::Ld:
  case Opcode::St:
    if (I.Vec > 1)
      Q.push_back(I.Vec == 2 ? "v2" : I.Vec == 4 ? "v4" : "v8");
    break;
  default:
    break;
  }
  if (I.Rnd != Rounding::None)
    Q.push_back(modeSpelling(I.Rnd));
  if (I.Sat)
    Q.push_back("sat");
  if (I.SatFinite)
    Q.push_back("satfinite");
  if (I.Ftz)
    Q.push_back("ftz");
  if (I.Abs)
    Q.push_back("abs");
  if (I.Relu)
    Q.push_back("relu");
  if (I.NaN)
    Q.push_back("NaN");
  if (I.CarryOut)
    Q.push_back("cc");
  if (I.CarryIn)
    Q.push_back("carry-in");
  if (I.ImplicitMask)
    Q.push_back("legacy");
  return Q;
}

void print(const Inst &I, const Function &F, raw_ostream &OS) {
  if (I.Guard >= 0)
    OS << "@" << (I.GuardNeg ? "!" : "") << "r" << I.Guard << " ";
  OS << opcodeName(I.Op);
  if (I.Ty.K != Type::None)
    OS << "." << I.Ty.str();
  if (I.SrcTy.K != Type::None)
    OS << "." << I.SrcTy.str();
  for (StringRef Q : modifiers(I))
    OS << "." << Q;
  bool First = true;
  for (const Operand &O : I.Ops) {
    OS << (First ? " " : ", ");
    First = false;
    printOperand(O, F, OS);
  }
  if (I.Op == Opcode::Bra || I.Op == Opcode::Ret)
    OS << (First ? " " : ", ") << "-> " << I.Target << " (reconverge "
       << I.Reconverge << ")";
  if (I.Op == Opcode::BrxIdx && I.Target < F.JumpTables.size()) {
    OS << " -> {";
    for (size_t K = 0; K < F.JumpTables[I.Target].size(); ++K)
      OS << (K ? ", " : "") << F.JumpTables[I.Target][K];
    OS << "} (reconverge " << I.Reconverge << ")";
  }
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
