//===- LowerMatrix.cpp - Lowering the warp-level rows (mma.sync) ----------===//
//
// An opcode whose table row runs as "Collective" (mma, ldmatrix, stmatrix) is
// lowered from the syntax row its qualifiers select
// (lib/ISA/td/Forms/Matrix.td): the row names the collective function and the
// contract, and lists the operands as brace lists, flattened here one register
// per element (destinations, then sources), as lib/Interp/MatrixOps.cpp's
// operand convention says (mma.sp's metadata and sparsity selector follow
// c as two more sources). A row without a function is refused, naming the
// form.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/ISA/SyntaxRows.h"
#include "ptxwarp/Sema/Checker.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

void Lowerer::lowerRowCollective(const ast::InstructionStmt &I, Inst &In,
                                 Scope &S) {
  const isa::SyntaxRow *R = sema::findSyntaxRow(I);
  if (!R || R->VectorOperands.size() != I.Operands.size()) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) + "' matches no form of the instruction table");
    return;
  }
  if (!R->HasOp) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + mnemonic(I) +
              "' is not supported by the interpreter: the form '" + R->Pattern +
              "' has no semantics function yet");
    return;
  }
  if (llvm::any_of(R->VectorOperands, [](const isa::RowOperand &O) {
        return O.Role == isa::SlotRole::Address;
      }))
    return lowerMatrixMemory(I, *R, In, S);
  In.Op = Opcode::Collective;
  In.Sub = uint16_t(R->Op);
  In.AlignedWarp = R->Contract == isa::WarpContract::AlignedWarp;
  emitCollective(
      I, R->VectorOperands.size(),
      [&](size_t K) { return R->VectorOperands[K].Role; },
      [&](size_t K) {
        // A constant operand (mma.sp's sparsity selector) is a .u32.
        StringRef First = R->VectorOperands[K].Regs.split(',').first;
        return First == "int" ? Type{Type::U, 32} : Type::fromName(First);
      },
      /*Mask=*/nullptr, In, S);
}

// ldmatrix and stmatrix (PTX ISA 9.7.14.5.15, 9.7.14.5.16): the row
// addresses come from lanes 0..8N-1 (N matrices of 8 rows; lane 8m+r names
// row r of matrix m), each row 16 bytes. A collective cannot touch memory,
// so the instruction becomes ordinary per-lane accesses around a pure
// collective that moves the rows between lanes (lib/Interp/LoadMatrix.cpp):
//
//   ldmatrix:  [setp.lt.u32 q, %laneid, 8N]
//              [@q] ld<.ss>.v4.b32 {t0..t3}, [p]   (lane L: its row)
//              collective {d..}, {t0..t3}          (rows -> fragments)
//   stmatrix:  collective {t0..t3}, {r..}  (fragments -> rows)
//              [setp q]  [@q] st<.ss>.v4.b32 [p], {t0..t3}
//
// so each row access is checked like any ld/st (bounds, the 16-byte
// alignment the ISA asks of a row address, races) and the collective
// keeps the .aligned whole-warp contract. A guard `@g` guards the
// collective (lanes guarded off break the contract, which is reported) and
// the accesses (combined with the lane test: `setp.lt.and`).
void Lowerer::lowerMatrixMemory(const ast::InstructionStmt &I,
                                const isa::SyntaxRow &R, Inst &In, Scope &S) {
  bool Load = R.VectorOperands[0].Role != isa::SlotRole::Address;
  size_t AddrAt = Load ? 1 : 0, DataAt = Load ? 0 : 1;
  const auto *Data = dyn_cast<ast::VectorOperand>(I.Operands[DataAt]);
  unsigned N = Data ? unsigned(Data->Elements.size()) : 0;
  if (I.Operands.size() != 2 || (N != 1 && N != 2 && N != 4))
    return unsupported(I);
  std::optional<Operand> A = address(I.Operands[AddrAt], spaceOf(I), S);
  if (!A)
    return;
  Type B32{Type::B, 32}, U32{Type::U, 32}, Pred{Type::Pred, 1},
      U64{Type::U, 64};
  // Without .shared the address is generic and must fall in the .shared
  // window (else undefined behaviour): it is converted (cvta.to.shared), so
  // an address elsewhere is reported as outside shared memory instead of
  // reaching other memory.
  if (A->Sp == Space::Generic) {
    unsigned T = newTemp(U64);
    Inst Sum = In;
    Sum.Guard = -1;
    Sum.GuardNeg = false;
    Sum.Op = Opcode::Add;
    Sum.Ty = U64;
    Sum.Ops = {Operand::reg(T),
               A->RegNo >= 0 ? Operand::reg(unsigned(A->RegNo))
                             : Operand::imm(0),
               Operand::imm(A->Imm)};
    F.Insts.push_back(Sum);
    Inst To = Sum;
    To.Op = Opcode::CvtaTo;
    To.Sub = uint8_t(Space::Shared);
    To.Ops = {Operand::reg(T), Operand::reg(T)};
    F.Insts.push_back(To);
    Operand Shared;
    Shared.K = Operand::Addr;
    Shared.Sp = Space::Shared;
    Shared.RegNo = int32_t(T);
    A = Shared;
  }
  Operand Rows[4];
  for (Operand &O : Rows)
    O = Operand::reg(newTemp(B32));
  // The row access of lanes 0..8N-1 (and of those the guard lets through).
  auto Access = [&] {
    Inst M = In;
    if (N != 4) {
      Inst Q = In;
      Q.Guard = -1;
      Q.GuardNeg = false;
      Q.Op = Opcode::Setp;
      Q.Ty = U32;
      Q.SrcTy = U32;
      Q.Sub = uint8_t(CmpOp::Lt);
      Q.Sub2 = uint8_t(In.Guard >= 0 ? BoolOp::And : BoolOp::None);
      unsigned QR = newTemp(Pred);
      Q.Ops = {Operand::reg(QR), Operand(), Operand::special(SReg::LaneId),
               Operand::imm(8 * N)};
      if (In.Guard >= 0) {
        Operand G = Operand::reg(unsigned(In.Guard));
        G.Negated = In.GuardNeg;
        Q.Ops.push_back(G);
      }
      F.Insts.push_back(Q);
      M.Guard = int32_t(QR);
      M.GuardNeg = false;
    }
    M.Op = Load ? Opcode::Ld : Opcode::St;
    M.Ty = B32;
    M.Vec = 4;
    M.MinAlign = 16; // "naturally aligned" 16-byte rows
    M.Ops.clear();
    if (!Load)
      M.Ops.push_back(*A);
    M.Ops.append(std::begin(Rows), std::end(Rows));
    if (Load)
      M.Ops.push_back(*A);
    F.Insts.push_back(M);
  };
  Inst C = In;
  C.Op = Opcode::Collective;
  C.Sub = uint16_t(R.Op);
  C.AlignedWarp = R.Contract == isa::WarpContract::AlignedWarp;
  C.Ops.clear();
  if (Load) {
    Access();
    if (!destElements(Data, S, C.Ops))
      return;
    C.Sub2 = uint8_t(C.Ops.size());
    C.Ops.append(std::begin(Rows), std::end(Rows));
  } else {
    C.Ops.append(std::begin(Rows), std::end(Rows));
    C.Sub2 = 4;
    if (!sourceElements(Data, B32, S, C.Ops))
      return;
  }
  C.ImplicitMask = true;
  C.Ops.push_back(Operand::imm(0));
  F.Insts.push_back(C);
  if (!Load)
    Access();
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
