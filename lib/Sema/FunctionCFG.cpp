//===- FunctionCFG.cpp - A function body as basic blocks -----------------===//

#include "FunctionCFG.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

using namespace llvm;

namespace ptxwarp {
namespace sema {

bool FunctionCFG::build(const ast::BlockStmt &Body) {
  return flatten(Body.Body) && buildBlocks();
}

bool FunctionCFG::flatten(ArrayRef<const ast::Stmt *> Body) {
  for (const ast::Stmt *St : Body) {
    if (const auto *L = dyn_cast<ast::LabelStmt>(St))
      LabelAt[L->Name] = Insts.size();
    else if (const auto *I = dyn_cast<ast::InstructionStmt>(St)) {
      // An indirect branch's targets are not worth modelling here.
      if (isa::controlFlowOf(I->Opcode) == isa::ControlFlow::IndirectBranch)
        return false;
      Insts.push_back(I);
    } else if (const auto *B = dyn_cast<ast::BlockStmt>(St)) {
      if (!flatten(B->Body))
        return false;
    }
  }
  return true;
}

bool FunctionCFG::buildBlocks() {
  if (Insts.empty())
    return false;
  BitVector Leader(Insts.size() + 1);
  Leader.set(0);
  for (const auto &L : LabelAt)
    Leader.set(L.second);
  for (unsigned N = 0; N != Insts.size(); ++N)
    if (isa::controlFlowOf(Insts[N]->Opcode) != isa::ControlFlow::None)
      Leader.set(N + 1);
  BlockOf.assign(Insts.size(), NoBlock);
  for (unsigned N = 0; N != Insts.size(); ++N) {
    if (Leader.test(N)) {
      Blocks.emplace_back();
      Blocks.back().Begin = N;
    }
    Blocks.back().End = N + 1;
    BlockOf[N] = Blocks.size() - 1;
  }
  auto BlockAt = [&](unsigned InstIndex) {
    return InstIndex < Insts.size() ? BlockOf[InstIndex] : NoBlock;
  };
  for (unsigned B = 0; B != Blocks.size(); ++B) {
    BasicBlock &BB = Blocks[B];
    const ast::InstructionStmt &Last = *Insts[BB.End - 1];
    unsigned Next = BlockAt(BB.End);
    bool FallsThrough = true;
    switch (isa::controlFlowOf(Last.Opcode)) {
    case isa::ControlFlow::Branch: {
      const auto *Target = Last.Operands.empty()
                               ? nullptr
                               : dyn_cast<ast::NameOperand>(Last.Operands[0]);
      auto It = Target ? LabelAt.find(Target->Name) : LabelAt.end();
      if (It == LabelAt.end())
        return false; // the checker reports unknown labels
      unsigned T = BlockAt(It->second);
      if (T == NoBlock)
        BB.ExitsFunction = true;
      else
        BB.Succs.push_back(T);
      FallsThrough = Last.G.isPresent();
      break;
    }
    case isa::ControlFlow::Return:
    case isa::ControlFlow::Exit:
      FallsThrough = Last.G.isPresent();
      if (!FallsThrough)
        BB.ExitsFunction = true;
      break;
    default:
      break;
    }
    if (FallsThrough) {
      if (Next == NoBlock)
        BB.ExitsFunction = true;
      else if (!is_contained(BB.Succs, Next))
        BB.Succs.push_back(Next);
    }
  }
  for (unsigned B = 0; B != Blocks.size(); ++B)
    for (unsigned T : Blocks[B].Succs)
      Blocks[T].Preds.push_back(B);
  return true;
}

void destinations(const ast::InstructionStmt &I,
                  SmallVectorImpl<StringRef> &Out) {
  if (I.Operands.empty())
    return;
  std::function<void(const ast::Operand &)> Add = [&](const ast::Operand &O) {
    if (const auto *N = dyn_cast<ast::NameOperand>(&O))
      Out.push_back(N->Name);
    else if (const auto *P = dyn_cast<ast::PairOperand>(&O)) {
      Add(*P->First);
      Add(*P->Second);
    } else if (const auto *V = dyn_cast<ast::VectorOperand>(&O))
      for (const ast::Operand *E : V->Elements)
        Add(*E);
    else if (const auto *L = dyn_cast<ast::ListOperand>(&O))
      for (const ast::Operand *E : L->Elements)
        Add(*E);
  };
  Add(*I.Operands[0]);
}

std::optional<CallSite> callSiteOf(const ast::InstructionStmt &I) {
  const isa::ExecInfo *X = isa::findExec(I.Opcode);
  if (!X || !(X->Flags & isa::ExecInfo::Inlined))
    return std::nullopt;
  // As the lowering reads it (LowerCalls.cpp): the list before the callee
  // is the return list, the one after it the arguments.
  CallSite C;
  for (const ast::Operand *O : I.Operands) {
    if (const auto *L = dyn_cast<ast::ListOperand>(O)) {
      if (!C.Callee.empty() && !C.Args)
        C.Args = L;
    } else if (const auto *N = dyn_cast<ast::NameOperand>(O)) {
      if (C.Callee.empty())
        C.Callee = N->Name;
    } else if (const auto *Im = dyn_cast<ast::ImmOperand>(O)) {
      if (const auto *NE = dyn_cast<ast::NameExpr>(Im->Value))
        if (C.Callee.empty())
          C.Callee = NE->Name;
    }
  }
  if (C.Callee.empty())
    return std::nullopt;
  return C;
}

} // namespace sema
} // namespace ptxwarp
