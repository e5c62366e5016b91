//===- FunctionCFG.cpp - A function body as basic blocks -----------------===//

#include "FunctionCFG.h"
#include "ShortNames.h"
#include "ptxwarp/ISA/InstrTable.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace llvm;

namespace ptxwarp {
namespace sema {

bool FunctionCFG::build(const ast::BlockStmt &Body) {
  if (!flatten(Body.Body) || !buildBlocks())
    return false;
  Regs.build(Insts);
  return true;
}

size_t RegisterIds::shortSlot(uint64_t Key, unsigned Size) const {
  size_t Mask = Shorts.size() - 1;
  size_t At = hashShortName(Key, Size, ShortBits);
  while (Shorts[At].Size && (Shorts[At].Key != Key || Shorts[At].Size != Size))
    At = (At + 1) & Mask;
  return At;
}

void RegisterIds::growShorts() {
  std::vector<Short> Old = std::move(Shorts);
  Shorts.assign(Old.size() * 2, Short());
  ++ShortBits;
  for (const Short &E : Old)
    if (E.Size)
      Shorts[shortSlot(E.Key, E.Size)] = E;
}

int RegisterIds::find(StringRef Name) const {
  if (isShortName(Name)) {
    const Short &E = Shorts[shortSlot(packShortName(Name), Name.size())];
    return E.Size ? int(E.Id) : -1;
  }
  auto It = Ids.find(Name);
  return It == Ids.end() ? -1 : int(It->second);
}

unsigned RegisterIds::idOf(StringRef Name) {
  if (isShortName(Name)) {
    uint64_t Key = packShortName(Name);
    size_t At = shortSlot(Key, Name.size());
    if (Shorts[At].Size)
      return Shorts[At].Id;
    if (2 * (NumShorts + 1) > Shorts.size()) {
      growShorts();
      At = shortSlot(Key, Name.size());
    }
    ++NumShorts;
    Shorts[At] = {Key, unsigned(Name.size()), unsigned(Names.size())};
    Names.push_back(Name);
    return Shorts[At].Id;
  }
  auto [It, New] = Ids.try_emplace(Name, Names.size());
  if (New)
    Names.push_back(Name);
  return It->second;
}

void RegisterIds::addOperand(const ast::Operand &O, bool Dest) {
  // forEachName's order; \p Dest: the names destinations() lists.
  switch (O.getKind()) {
  case ast::Operand::Kind::Name: {
    unsigned Id = idOf(cast<ast::NameOperand>(O).Name);
    Occ.push_back(Id);
    if (Dest)
      Dests.push_back(Id);
    return;
  }
  case ast::Operand::Kind::Pair:
    addOperand(*cast<ast::PairOperand>(O).First, Dest);
    return addOperand(*cast<ast::PairOperand>(O).Second, Dest);
  case ast::Operand::Kind::Vector:
    for (const ast::Operand *E : cast<ast::VectorOperand>(O).Elements)
      addOperand(*E, Dest);
    return;
  case ast::Operand::Kind::List:
    for (const ast::Operand *E : cast<ast::ListOperand>(O).Elements)
      addOperand(*E, Dest);
    return;
  case ast::Operand::Kind::Address: {
    const auto &A = cast<ast::AddressOperand>(O);
    if (A.Base)
      forEachName(*A.Base, [&](StringRef Name) { Occ.push_back(idOf(Name)); });
    for (const ast::Operand *E : A.Rest)
      addOperand(*E, false);
    return;
  }
  default:
    forEachName(O, [&](StringRef Name) { Occ.push_back(idOf(Name)); });
    return;
  }
}

void RegisterIds::build(ArrayRef<const ast::InstructionStmt *> Insts) {
  Shorts.assign(llvm::PowerOf2Ceil(2 * Insts.size() + 16), Short());
  ShortBits = llvm::Log2_64(Shorts.size());
  SlotOf.reserve(Insts.size());
  DestAt.reserve(Insts.size() + 1);
  Occ.reserve(Insts.size() * 3);
  SlotAt.reserve(Insts.size() * 4);
  for (const ast::InstructionStmt *I : Insts) {
    SlotOf.push_back(SlotAt.size());
    SlotAt.push_back(Occ.size());
    if (I->G.isPresent())
      Occ.push_back(idOf(I->G.Pred));
    DestAt.push_back(Dests.size());
    for (size_t K = 0; K != I->Operands.size(); ++K) {
      SlotAt.push_back(Occ.size());
      addOperand(*I->Operands[K], K == 0);
    }
  }
  SlotAt.push_back(Occ.size());
  DestAt.push_back(Dests.size());
}

bool FunctionCFG::flatten(ArrayRef<const ast::Stmt *> Body) {
  for (const ast::Stmt *St : Body) {
    if (const auto *L = dyn_cast<ast::LabelStmt>(St))
      LabelAt[L->Name] = Insts.size();
    else if (const auto *I = dyn_cast<ast::InstructionStmt>(St)) {
      // An indirect branch's targets are not worth modelling here.
      isa::OpcodeRef Op(I->Opcode);
      if (isa::controlFlowOf(Op) == isa::ControlFlow::IndirectBranch)
        return false;
      Insts.push_back(I);
      Ops.push_back(Op);
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
    if (isa::controlFlowOf(Ops[N]) != isa::ControlFlow::None)
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
    switch (isa::controlFlowOf(Ops[BB.End - 1])) {
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
  return callSiteOf(I, isa::OpcodeRef(I.Opcode));
}

std::optional<CallSite> callSiteOf(const ast::InstructionStmt &I,
                                   isa::OpcodeRef Op) {
  const isa::ExecInfo *X = isa::findExec(Op);
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
