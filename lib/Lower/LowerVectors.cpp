//===- LowerVectors.cpp - Vector registers and vector operands ------------===//
//
// A vector register `.reg .v4 .u32 %v;` (PTX ISA 5.4.2 "Vectors") lowers to
// one IR register per element; `%v.x` (or `%v.r`) names element 0, `.y`/`.g`
// element 1, `.z`/`.b` element 2, `.w`/`.a` element 3. A whole vector
// register in ld/st/mov reads or writes all its elements, like the brace
// list `{%v.x, %v.y, ...}`. A `.b128` register is two `.b64` halves, the low
// half first, so `mov.b128`, `ld.b128` and `st.b128` move both halves.
//
// mov has three vector forms (PTX ISA 9.7.9.1 "mov"): `mov.v2/.v4` copies
// vector to vector element by element (all sources are read before any
// element is written), `mov.b64 {a, b}, d` unpacks a scalar into elements
// (the first element from the low bits) and `mov.b64 d, {a, b}` packs them.
//
//===----------------------------------------------------------------------===//

#include "LowerImpl.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ptxwarp {
namespace ir {
namespace lower {

namespace {
/// The element a component selects: x y z w or r g b a (PTX ISA 5.4.2).
int componentIndex(StringRef C) {
  return StringSwitch<int>(C)
      .Cases("x", "r", 0)
      .Cases("y", "g", 1)
      .Cases("z", "b", 2)
      .Cases("w", "a", 3)
      .Default(-1);
}

const char *const ElementNames[] = {"x", "y", "z", "w"};
} // namespace

unsigned Lowerer::newTemp(Type Ty) {
  unsigned R = unsigned(F.Regs.size());
  F.Regs.push_back(RegInfo{"%tmp" + std::to_string(R), Ty});
  return R;
}

void Lowerer::declareVectorReg(const ast::VarDeclStmt &D,
                               const ast::Declarator &X, Scope &S) {
  Type T = Type::fromName(D.Type);
  bool Wide = !D.VectorWidth && D.Type == "b128";
  unsigned N = Wide ? 2 : D.VectorWidth;
  Type Elem = Wide ? Type{Type::B, 64} : T;
  if ((N != 2 && N != 4) || Elem.K == Type::None || Elem.K == Type::Pred ||
      Elem.Bits * N > 128) {
    // ptxas: "Vector type too large, exceeds 128 bit limit".
    error(DiagID::UnsupportedInstruction, X.Range,
          "vector register '" + X.Name +
              "' is not supported by the interpreter (vectors hold 2 or 4 "
              "non-predicate elements of at most 128 bits in all)");
    return;
  }
  auto Add = [&](const std::string &Name) {
    Scope::VectorReg V;
    V.Wide128 = Wide;
    for (unsigned K = 0; K < N; ++K) {
      V.Elems.push_back(unsigned(F.Regs.size()));
      F.Regs.push_back(RegInfo{Name + "." + ElementNames[K], Elem});
    }
    S.Vectors[Name] = std::move(V);
  };
  if (X.HasRangeCount && X.RangeCount > (1u << 18)) {
    error(DiagID::LoweringError, X.Range,
          "more than 262144 vector registers in one declaration are not "
          "supported by the interpreter");
    return;
  }
  if (X.HasRangeCount) {
    for (uint64_t I = 0; I < X.RangeCount; ++I)
      Add((X.Name + Twine(I)).str());
  } else {
    Add(X.Name.str());
  }
}

std::optional<unsigned> Lowerer::vectorElement(const ast::NameOperand &N,
                                               Scope &S) const {
  auto It = S.Vectors.find(N.Name);
  int K = componentIndex(N.Component);
  if (It == S.Vectors.end() || It->second.Wide128 || K < 0 ||
      unsigned(K) >= It->second.Elems.size())
    return std::nullopt;
  return It->second.Elems[K];
}

const Scope::VectorReg *Lowerer::wholeVector(const ast::Operand *O,
                                             Scope &S) const {
  const auto *N = dyn_cast_or_null<ast::NameOperand>(O);
  if (!N || !N->Component.empty())
    return nullptr;
  auto It = S.Vectors.find(N->Name);
  return It == S.Vectors.end() ? nullptr : &It->second;
}

bool Lowerer::isVectorValue(const ast::Operand *O, Scope &S) const {
  return isa_and_nonnull<ast::VectorOperand>(O) || wholeVector(O, S);
}

bool Lowerer::elements(
    const ast::Operand *O, Scope &S, SmallVectorImpl<Operand> &Out,
    function_ref<std::optional<Operand>(const ast::Operand *)> One) {
  if (const Scope::VectorReg *V = wholeVector(O, S)) {
    for (unsigned R : V->Elems)
      Out.push_back(Operand::reg(R));
    return true;
  }
  ArrayRef<const ast::Operand *> Elems(O);
  if (const auto *V = dyn_cast_or_null<ast::VectorOperand>(O))
    Elems = V->Elements;
  for (const ast::Operand *E : Elems) {
    std::optional<Operand> X = One(E);
    if (!X)
      return false;
    Out.push_back(*X);
  }
  return true;
}

bool Lowerer::destElements(const ast::Operand *O, Scope &S,
                           SmallVectorImpl<Operand> &Out) {
  return elements(O, S, Out, [&](const ast::Operand *E) { return dest(E, S); });
}

bool Lowerer::sourceElements(const ast::Operand *O, Type Ty, Scope &S,
                             SmallVectorImpl<Operand> &Out) {
  return elements(O, S, Out,
                  [&](const ast::Operand *E) { return source(E, Ty, S); });
}

bool Lowerer::lowerVectorMov(const ast::InstructionStmt &I, Inst &In,
                             Scope &S) {
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  unsigned Vec = 1;
  for (const ast::Qualifier &Q : I.Qualifiers)
    if (Q.Text == "v2" || Q.Text == "v4")
      Vec = unsigned(Q.Text[1] - '0');
  bool Wide = I.hasQualifier("b128");
  bool DV = isVectorValue(Ops[0], S), SV = isVectorValue(Ops[1], S);
  if (Vec == 1 && !Wide && !DV && !SV)
    return false;
  auto Refuse = [&](const Twine &Why) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + I.text().trim().rtrim(";") +
              "' is not supported by the interpreter (" + Why + ")");
    return true;
  };
  if (Vec > 1 || Wide) {
    // Element-wise copy: mov.v2/.v4 of In.Ty, or mov.b128 as two .b64.
    Type Elem = Wide ? Type{Type::B, 64} : In.Ty;
    unsigned N = Wide ? 2 : Vec;
    SmallVector<Operand, 4> Ds, Ss;
    if (!destElements(Ops[0], S, Ds) || !sourceElements(Ops[1], Elem, S, Ss))
      return true;
    if (Ds.size() != N || Ss.size() != N)
      return Refuse("expected " + Twine(N) + " elements on each side");
    // All sources are read before any element is written: a source that is
    // also a destination goes through a temporary.
    for (Operand &A : Ss) {
      bool Clobbered = false;
      for (const Operand &D : Ds)
        Clobbered |= A.isReg() && D.isReg() && D.RegNo == A.RegNo;
      if (!Clobbered)
        continue;
      Inst T = In;
      T.Op = Opcode::Mov;
      T.Ty = Elem;
      unsigned R = newTemp(Elem);
      T.Ops = {Operand::reg(R), A};
      F.Insts.push_back(T);
      A = Operand::reg(R);
    }
    for (unsigned K = 0; K < N; ++K) {
      if (Ds[K].K == Operand::None)
        continue;
      Inst M = In;
      M.Op = Opcode::Mov;
      M.Ty = Elem;
      M.Ops = {Ds[K], Ss[K]};
      F.Insts.push_back(M);
    }
    return true;
  }
  if (DV && SV)
    return Refuse("a vector to vector copy needs .v2 or .v4");
  if (DV) {
    // Unpack: the first element from the low bits.
    In.Op = Opcode::Unpack;
    if (!destElements(Ops[0], S, In.Ops))
      return true;
    if (In.Ty.Bits % In.Ops.size())
      return Refuse("the elements do not divide the type");
    std::optional<Operand> A = source(Ops[1], In.Ty, S);
    if (!A)
      return true;
    In.Ops.push_back(*A);
  } else {
    In.Op = Opcode::Pack;
    std::optional<Operand> D = dest(Ops[0], S);
    if (!D)
      return true;
    In.Ops.push_back(*D);
    unsigned N =
        llvm::isa<ast::VectorOperand>(Ops[1])
            ? unsigned(cast<ast::VectorOperand>(Ops[1])->Elements.size())
            : unsigned(wholeVector(Ops[1], S)->Elems.size());
    if (!N || In.Ty.Bits % N)
      return Refuse("the elements do not divide the type");
    Type Elem{In.Ty.K, uint8_t(In.Ty.Bits / N)};
    if (!sourceElements(Ops[1], Elem, S, In.Ops))
      return true;
  }
  F.Insts.push_back(std::move(In));
  return true;
}

void Lowerer::lowerVectorAtom(const ast::InstructionStmt &I, Inst &In,
                              Operand Addr, Scope &S) {
  // atom/red{.global}.op.vN.type (PTX ISA 9.7.13.5 "atom", 9.7.13.6
  // "red"): each element is a scalar atomic operation on its own address,
  // with no atomicity across the elements, so one scalar atomic per element.
  ArrayRef<const ast::Operand *> Ops = I.Operands;
  bool IsAtom = In.Op == Opcode::Atom;
  AtomOp AO = AtomOp(In.Sub);
  auto Refuse = [&](const Twine &Why) {
    error(DiagID::UnsupportedInstruction, I.OpcodeRange,
          "'" + I.text().trim().rtrim(";") +
              "' is not supported by the interpreter (" + Why + ")");
  };
  if (AO != AtomOp::Add && AO != AtomOp::Min && AO != AtomOp::Max)
    return Refuse("vector atomics are .add, .min and .max");
  if (Ops.size() != (IsAtom ? 3u : 2u))
    return Refuse("expected the vector operands only");
  SmallVector<Operand, 8> Ds, Bs;
  if ((IsAtom && !destElements(Ops[0], S, Ds)) ||
      !sourceElements(Ops[IsAtom ? 2 : 1], In.Ty, S, Bs))
    return;
  if (Bs.size() != In.Vec || (IsAtom && Ds.size() != In.Vec))
    return Refuse("expected " + Twine(unsigned(In.Vec)) +
                  " elements in each vector");
  // Every source is read before a result is written.
  for (Operand &B : Bs) {
    bool Clobbered = false;
    for (const Operand &D : Ds)
      Clobbered |= B.isReg() && D.isReg() && D.RegNo == B.RegNo;
    if (!Clobbered)
      continue;
    Inst T = In;
    T.Op = Opcode::Mov;
    unsigned R = newTemp(In.Ty);
    T.Ops = {Operand::reg(R), B};
    F.Insts.push_back(T);
    B = Operand::reg(R);
  }
  for (unsigned K = 0; K < In.Vec; ++K) {
    Inst E = In;
    E.Vec = 1;
    Operand A = Addr;
    A.Imm += uint64_t(K) * In.Ty.bytes();
    E.Ops = {IsAtom ? Ds[K] : Operand(), A, Bs[K]};
    F.Insts.push_back(std::move(E));
  }
}

} // namespace lower
} // namespace ir
} // namespace ptxwarp
