//===- LowerWmma.cpp - Lowering wmma.load, wmma.store and wmma.mma --------===//
//
// PTX ISA 9.7.14.4 (wmma). The instruction's words give its form (shape,
// types, layout, .satfinite, the .b1 op, the .f64 rounding); a form the ISA
// does not list, or one not executed, is refused naming it. What each form
// becomes is in lib/Interp/Wmma.cpp's file comment: wmma.load and
// wmma.store are per-lane ld/st of the pieces of memory each lane owns
// (include/ptxwarp/IR/Wmma.h, MemoryPlan), so every access is checked
// like any ld/st (bounds, races, and the alignment the ISA asks of each row
// or column start: the fragment's size in bytes, 9.7.14.4.2 "Matrix Storage
// for WMMA"), between collectives that compute the addresses and move the
// elements; wmma.mma is one collective. All of them are .aligned (the whole
// warp, converged; the scheduler reports a violation), and a guard `@g`
// guards each of them.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/IR/Wmma.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

namespace wm = ir::wmma;

namespace {

std::optional<wm::Elem> elemOf(StringRef W) {
  return StringSwitch<std::optional<wm::Elem>>(W)
      .Case("f16", wm::Elem::F16)
      .Case("bf16", wm::Elem::Bf16)
      .Case("tf32", wm::Elem::Tf32)
      .Case("f32", wm::Elem::F32)
      .Case("f64", wm::Elem::F64)
      .Case("s8", wm::Elem::S8)
      .Case("u8", wm::Elem::U8)
      .Case("s4", wm::Elem::S4)
      .Case("u4", wm::Elem::U4)
      .Case("b1", wm::Elem::B1)
      .Case("s32", wm::Elem::S32)
      .Default(std::nullopt);
}

/// The A/B element type of the forms of a shape (9.7.14.4.3-5): f16, bf16,
/// s8 and u8 on m16n16k16, m32n8k16, m8n32k16; tf32 on m16n16k8; f64 on
/// m8n8k4; s4/u4 on m8n8k32; b1 on m8n8k128.
bool shapeTakes(unsigned M, unsigned N, unsigned K, wm::Elem AB) {
  bool F16Shapes = (M == 16 && N == 16 && K == 16) ||
                   (M == 32 && N == 8 && K == 16) ||
                   (M == 8 && N == 32 && K == 16);
  switch (AB) {
  case wm::Elem::F16:
  case wm::Elem::Bf16:
  case wm::Elem::S8:
  case wm::Elem::U8:
    return F16Shapes;
  case wm::Elem::Tf32:
    return M == 16 && N == 16 && K == 8;
  case wm::Elem::F64:
    return M == 8 && N == 8 && K == 4;
  case wm::Elem::S4:
  case wm::Elem::U4:
    return M == 8 && N == 8 && K == 32;
  case wm::Elem::B1:
    return M == 8 && N == 8 && K == 128;
  default:
    return false;
  }
}

/// The accumulator types an A/B type takes.
bool accumulatorOf(wm::Elem AB, wm::Elem C) {
  switch (AB) {
  case wm::Elem::F16:
    return C == wm::Elem::F16 || C == wm::Elem::F32;
  case wm::Elem::Bf16:
  case wm::Elem::Tf32:
    return C == wm::Elem::F32;
  case wm::Elem::F64:
    return C == wm::Elem::F64;
  default:
    return C == wm::Elem::S32;
  }
}

/// The A/B type a C/D type of a shape goes with (for the load/store of C and
/// D, whose words do not say): any that fits.
bool accumulatorFitsShape(unsigned M, unsigned N, unsigned K, wm::Elem C) {
  for (wm::Elem AB : {wm::Elem::F16, wm::Elem::Bf16, wm::Elem::Tf32,
                      wm::Elem::F64, wm::Elem::S8, wm::Elem::S4, wm::Elem::B1})
    if (shapeTakes(M, N, K, AB) && accumulatorOf(AB, C))
      return true;
  return false;
}

} // namespace

void Lowerer::lowerWmma(const ast::InstructionStmt &I, Inst &In, Scope &S) {
  auto Refuse = [&](const Twine &Why) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' is not supported by the interpreter: " + Why);
  };
  wm::Form Fm;
  SmallVector<wm::Elem, 4> Types;
  SmallVector<bool, 2> Layouts;
  bool Popc = false;
  StringRef Verb, Which;
  for (const ast::Qualifier &Q : I.Qualifiers) {
    StringRef W = Q.Text;
    unsigned M, N, K;
    if (W == "load" || W == "store" || W == "mma") {
      Verb = W;
    } else if (W == "a" || W == "b" || W == "c" || W == "d") {
      Which = W;
    } else if (W == "row" || W == "col") {
      Layouts.push_back(W == "col");
    } else if (std::optional<wm::Elem> E = elemOf(W)) {
      Types.push_back(*E);
    } else if (W.consume_front("m") && W.contains('n') && W.contains('k') &&
               !W.substr(0, W.find('n')).getAsInteger(10, M) &&
               !W.substr(W.find('n') + 1, W.find('k') - W.find('n') - 1)
                    .getAsInteger(10, N) &&
               !W.substr(W.find('k') + 1).getAsInteger(10, K)) {
      Fm.M = uint8_t(M), Fm.N = uint8_t(N), Fm.KDim = uint8_t(K);
    } else if (W == "satfinite") {
      Fm.Satfinite = true;
    } else if (W == "xor" || W == "and") {
      Fm.Op = W == "xor" ? wm::BitOp::Xor : wm::BitOp::And;
    } else if (W == "popc") {
      Popc = true;
    } else if (W == "rn" || W == "rz" || W == "rm" || W == "rp") {
      Fm.R = StringSwitch<wm::Rnd>(W)
                 .Case("rz", wm::Rnd::Rz)
                 .Case("rm", wm::Rnd::Rm)
                 .Case("rp", wm::Rnd::Rp)
                 .Default(wm::Rnd::Rn);
    } else if (W != "sync" && W != "aligned" && W != "global" &&
               W != "shared" && W != "shared::cta") {
      return Refuse("the word '." + Q.Text + "' is not one of wmma's");
    }
  }
  if (!Fm.M)
    return Refuse("it has no shape");

  // wmma.load / wmma.store.
  if (Verb == "load" || Verb == "store") {
    bool Load = Verb == "load";
    if (Types.size() != 1 || Layouts.size() != 1 ||
        (Load ? !(Which == "a" || Which == "b" || Which == "c")
              : Which != "d") ||
        Fm.Satfinite || Fm.Op != wm::BitOp::None || I.Operands.size() < 2 ||
        I.Operands.size() > 3)
      return Refuse("it is not a form of the PTX ISA's " + Verb);
    Fm.K = Load ? wm::Kind::Load : wm::Kind::Store;
    Fm.Mat = Which == "a"   ? wm::Matrix::A
             : Which == "b" ? wm::Matrix::B
                            : wm::Matrix::C;
    Fm.Ty = Types[0];
    Fm.Col = Layouts[0];
    bool Ok = Fm.Mat == wm::Matrix::C
                  ? accumulatorFitsShape(Fm.M, Fm.N, Fm.KDim, Fm.Ty)
                  : shapeTakes(Fm.M, Fm.N, Fm.KDim, Fm.Ty);
    // Sub-byte A must be .row and B .col (9.7.14.4.3).
    bool SubByte =
        Fm.Ty == wm::Elem::S4 || Fm.Ty == wm::Elem::U4 || Fm.Ty == wm::Elem::B1;
    if (SubByte && Fm.Col != (Fm.Mat == wm::Matrix::B))
      Ok = false;
    if (!Ok)
      return Refuse("its shape and type are no form of the PTX ISA's wmma");
    const wm::Geometry G = wm::geometry(Fm.M, Fm.N, Fm.KDim, Fm.Mat, Fm.Ty);
    const wm::MemoryPlan P = wm::memoryPlan(Fm);
    const uint64_t Desc = wm::pack(Fm);
    size_t AddrAt = Load ? 1 : 0, DataAt = Load ? 0 : 1;
    std::optional<Operand> A = address(I.Operands[AddrAt], spaceOf(I), S);
    if (!A)
      return;
    Operand Stride = Operand::imm(P.LineLen);
    if (I.Operands.size() == 3) {
      std::optional<Operand> St = source(I.Operands[2], Type{Type::U, 32}, S);
      if (!St)
        return;
      Stride = *St;
    }
    Type Word{Type::B, uint8_t(G.RegBits)};
    Type U64{Type::U, 64};
    auto Collective = [&](isa::SemanticOp Op) {
      Inst C = In;
      C.Op = Opcode::Collective;
      C.Sub = uint16_t(Op);
      C.AlignedWarp = true;
      C.ImplicitMask = true;
      C.Ops.clear();
      return C;
    };
    auto Finish = [&](Inst &C, unsigned NumDst) {
      C.Sub2 = uint8_t(NumDst);
      C.Ops.push_back(Operand::imm(Desc));
      C.Ops.push_back(Operand::imm(0)); // the (implicit) membermask
      F.Insts.push_back(C);
    };
    // The addresses of each lane's pieces.
    SmallVector<unsigned, 8> Addr;
    {
      Inst C = Collective(isa::SemanticOp::WmmaAddr);
      for (unsigned K = 0; K < P.Pieces; ++K) {
        Addr.push_back(newTemp(U64));
        C.Ops.push_back(Operand::reg(Addr.back()));
      }
      C.Ops.push_back(A->RegNo >= 0 ? Operand::reg(unsigned(A->RegNo))
                                    : Operand::imm(0));
      C.Ops.push_back(Stride);
      Finish(C, P.Pieces);
    }
    SmallVector<Operand, 8> Temps;
    for (unsigned K = 0; K < G.Regs; ++K)
      Temps.push_back(Operand::reg(newTemp(Word)));
    // The pieces, at most 16 bytes an access; the first access of a piece
    // starts its row (or column) or a fragment-sized part of it, so it
    // carries the fragment-size alignment.
    auto Accesses = [&] {
      const unsigned WordsPerPiece = P.PieceBits / G.RegBits,
                     MaxVec = 128 / G.RegBits;
      for (unsigned K = 0; K < P.Pieces; ++K)
        for (unsigned W = 0; W < WordsPerPiece; W += MaxVec) {
          Inst M = In;
          M.Op = Load ? Opcode::Ld : Opcode::St;
          M.Ty = Word;
          M.Vec = uint8_t(std::min(MaxVec, WordsPerPiece - W));
          M.MinAlign = W == 0 ? uint8_t(G.bytes()) : 0;
          Operand Mem = *A;
          Mem.RegNo = int32_t(Addr[K]);
          Mem.Imm = A->Imm + W * (G.RegBits / 8);
          M.Ops.clear();
          if (!Load)
            M.Ops.push_back(Mem);
          for (unsigned V = 0; V < M.Vec; ++V)
            M.Ops.push_back(Temps[K * WordsPerPiece + W + V]);
          if (Load)
            M.Ops.push_back(Mem);
          F.Insts.push_back(M);
        }
    };
    const auto *Data = I.Operands[DataAt];
    if (Load) {
      Accesses();
      Inst C = Collective(isa::SemanticOp::WmmaLoad);
      if (!destElements(Data, S, C.Ops))
        return;
      if (C.Ops.size() != G.Regs)
        return Refuse("its fragment is " + Twine(G.Regs) + " registers");
      C.Ops.append(Temps.begin(), Temps.end());
      Finish(C, G.Regs);
    } else {
      Inst C = Collective(isa::SemanticOp::WmmaStore);
      C.Ops.append(Temps.begin(), Temps.end());
      if (!sourceElements(Data, Word, S, C.Ops))
        return;
      if (C.Ops.size() != 2 * G.Regs)
        return Refuse("its fragment is " + Twine(G.Regs) + " registers");
      Finish(C, G.Regs);
      Accesses();
    }
    return;
  }

  // wmma.mma: .f16 forms name .dtype.ctype, the others
  // .dtype.atype.btype.ctype (9.7.14.4.5).
  if (Verb != "mma" || !Which.empty() || Layouts.size() != 2 ||
      I.Operands.size() != 4)
    return Refuse("it is not a form of the PTX ISA's wmma");
  Fm.K = wm::Kind::Mma;
  if (Types.size() == 2) {
    Fm.DT = Types[0];
    Fm.AT = Fm.BT = wm::Elem::F16;
    Fm.CT = Types[1];
  } else if (Types.size() == 4) {
    Fm.DT = Types[0], Fm.AT = Types[1], Fm.BT = Types[2], Fm.CT = Types[3];
  } else {
    return Refuse("its types are no form of the PTX ISA's wmma.mma");
  }
  bool IntAB = Fm.AT == wm::Elem::S8 || Fm.AT == wm::Elem::U8 ||
               Fm.AT == wm::Elem::S4 || Fm.AT == wm::Elem::U4;
  bool SameFamily =
      Fm.AT == Fm.BT || (IntAB &&
                         (Fm.BT == wm::Elem::S8 || Fm.BT == wm::Elem::U8 ||
                          Fm.BT == wm::Elem::S4 || Fm.BT == wm::Elem::U4) &&
                         wm::elemBits(Fm.AT) == wm::elemBits(Fm.BT));
  if (!SameFamily || !shapeTakes(Fm.M, Fm.N, Fm.KDim, Fm.AT) ||
      !accumulatorOf(Fm.AT, Fm.CT) || !accumulatorOf(Fm.AT, Fm.DT) ||
      (Fm.AT == wm::Elem::B1) != (Fm.Op != wm::BitOp::None) ||
      (Fm.Op != wm::BitOp::None && !Popc) ||
      (Fm.R != wm::Rnd::Rn && Fm.AT != wm::Elem::F64) ||
      (wm::elemBits(Fm.AT) < 8 && (Layouts[0] || !Layouts[1])))
    return Refuse("its shape, types and words are no form of the PTX ISA's "
                  "wmma.mma");
  if (Fm.Satfinite && !IntAB)
    return Refuse(".satfinite is executed on the integer forms only");
  const wm::Geometry GA = wm::geometry(Fm.M, Fm.N, Fm.KDim, wm::Matrix::A,
                                       Fm.AT),
                     GB = wm::geometry(Fm.M, Fm.N, Fm.KDim, wm::Matrix::B,
                                       Fm.BT),
                     GC = wm::geometry(Fm.M, Fm.N, Fm.KDim, wm::Matrix::C,
                                       Fm.CT),
                     GD = wm::geometry(Fm.M, Fm.N, Fm.KDim, wm::Matrix::C,
                                       Fm.DT);
  Inst C = In;
  C.Op = Opcode::Collective;
  C.Sub = uint16_t(isa::SemanticOp::WmmaMma);
  C.AlignedWarp = true;
  C.ImplicitMask = true;
  C.Ops.clear();
  if (!destElements(I.Operands[0], S, C.Ops))
    return;
  const unsigned Sizes[] = {GD.Regs, GA.Regs, GB.Regs, GC.Regs};
  const wm::Geometry *Gs[] = {&GD, &GA, &GB, &GC};
  if (C.Ops.size() != GD.Regs)
    return Refuse("its d fragment is " + Twine(GD.Regs) + " registers");
  for (unsigned K = 1; K < 4; ++K) {
    size_t Before = C.Ops.size();
    if (!sourceElements(I.Operands[K], Type{Type::B, uint8_t(Gs[K]->RegBits)},
                        S, C.Ops))
      return;
    if (C.Ops.size() - Before != Sizes[K])
      return Refuse("its " + Twine("dabc"[K]) + " fragment is " +
                    Twine(Sizes[K]) + " registers");
  }
  C.Sub2 = uint8_t(GD.Regs);
  C.Ops.push_back(Operand::imm(wm::pack(Fm)));
  C.Ops.push_back(Operand::imm(0)); // the (implicit) membermask
  F.Insts.push_back(C);
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
