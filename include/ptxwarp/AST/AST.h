//===- AST.h - The PTX abstract syntax tree
//--------------------------------===//
//
// Our own plain C++ types for a parsed PTX module. Every node carries an
// llvm::SMRange into the source buffer ([Start, End): End is one past the last
// character) and keeps names, qualifiers and literal spellings as StringRefs
// into that buffer, so diagnostics and the printer reproduce the input
// exactly. Nodes live in an ast::ASTContext arena (ASTContext.h) and are
// trivially destructible; lists are ArrayRefs into the same arena.
//
// Three LLVM-style hierarchies (Kind enum + classof, so llvm::isa/dyn_cast
// work): Expr (constant expressions and literals), Operand (instruction and
// directive operands) and Stmt (body statements AND top-level items: a
// Module's items are Stmts of the kinds Function, VarDecl, Section and the
// directive kinds).
//
// The grammar decides only the shape; meaning (which opcodes, qualifiers and
// operand kinds are legal) is decided later by Sema from the instruction
// table. PTX ISA 9.0, chapters 4 (syntax), 5 (state spaces, types, variables)
// and 11 (directives) describe the forms modelled here.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_AST_AST_H
#define PTXWARP_AST_AST_H

#include "ptxwarp/AST/ASTContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Optional.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ptxwarp {
namespace ast {

/// The exact source text of \p R (empty for an invalid range).
llvm::StringRef textOf(llvm::SMRange R);
/// The range covering exactly \p Text, which must point into the buffer.
inline llvm::SMRange rangeOf(llvm::StringRef Text) {
  return llvm::SMRange(llvm::SMLoc::getFromPointer(Text.begin()),
                       llvm::SMLoc::getFromPointer(Text.end()));
}

//===----------------------------------------------------------------------===//
// Expressions (PTX ISA 4.5 "Constants" and 4.6 "Constant expressions")
//===----------------------------------------------------------------------===//

class Expr {
public:
  enum class Kind : uint8_t { Int, Float, Name, Unary, Binary, Conditional };

  Kind getKind() const { return K; }
  /// Source range of the whole expression.
  llvm::SMRange Range;
  /// Exact spelling (== textOf(Range)).
  llvm::StringRef text() const { return textOf(Range); }

protected:
  Expr(Kind K, llvm::SMRange R) : Range(R), K(K) {}

private:
  Kind K;
};

/// An integer literal: decimal `12`, hex `0x1F`, octal `017`, binary `0b101`,
/// optionally with the `U` suffix. A leading `-` is a UnaryExpr.
class IntExpr : public Expr {
public:
  enum class Radix : uint8_t { Decimal, Hex, Octal, Binary };

  IntExpr(llvm::SMRange R, uint64_t Value, Radix Rdx, bool Unsigned,
          bool Overflow)
      : Expr(Kind::Int, R), Value(Value), Rdx(Rdx), Unsigned(Unsigned),
        Overflow(Overflow) {}

  /// The value modulo 2^64.
  uint64_t Value;
  Radix Rdx;
  /// Spelled with the `U` suffix.
  bool Unsigned;
  /// The literal needs more than 64 bits (Value is truncated); Sema reports.
  bool Overflow;

  static bool classof(const Expr *E) { return E->getKind() == Kind::Int; }
};

/// A floating-point literal: `0f3F800000` (exactly 8 hex digits, the bits of
/// an f32), `0d3FF0000000000000` (16 hex digits, an f64), or decimal `1.5`,
/// `1e-3` (an f64 value).
class FloatExpr : public Expr {
public:
  enum class Spelling : uint8_t { HexF32, HexF64, Decimal };

  FloatExpr(llvm::SMRange R, Spelling S, uint64_t Bits)
      : Expr(Kind::Float, R), Spell(S), Bits(Bits) {}

  Spelling Spell;
  /// HexF32: the 32 IEEE bits (upper half zero). HexF64 and Decimal: the 64
  /// IEEE bits of the double.
  uint64_t Bits;

  bool isF32() const { return Spell == Spelling::HexF32; }
  /// The value as a double (an f32 literal is widened exactly).
  double asDouble() const;

  static bool classof(const Expr *E) { return E->getKind() == Kind::Float; }
};

/// An identifier or register used inside an expression: `sym` in `sym+8`,
/// `%rd1` in `[%rd1+4]`, a label in `bra L`.
class NameExpr : public Expr {
public:
  NameExpr(llvm::SMRange R, llvm::StringRef Name)
      : Expr(Kind::Name, R), Name(Name) {}
  llvm::StringRef Name;
  static bool classof(const Expr *E) { return E->getKind() == Kind::Name; }
};

enum class UnaryOp : uint8_t { Neg, BitNot, LogNot, Plus };
llvm::StringRef spelling(UnaryOp Op);

class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMRange R, UnaryOp Op, const Expr *Sub)
      : Expr(Kind::Unary, R), Op(Op), Sub(Sub) {}
  UnaryOp Op;
  const Expr *Sub;
  static bool classof(const Expr *E) { return E->getKind() == Kind::Unary; }
};

/// C operators with C precedence (PTX ISA table "Operator precedence").
enum class BinaryOp : uint8_t {
  Mul,
  Div,
  Rem,
  Add,
  Sub,
  Shl,
  Shr,
  Lt,
  Gt,
  Le,
  Ge,
  Eq,
  Ne,
  BitAnd,
  BitXor,
  BitOr,
  LogAnd,
  LogOr
};
llvm::StringRef spelling(BinaryOp Op);
/// Higher binds tighter (Mul = 10 ... LogOr = 1).
unsigned precedence(BinaryOp Op);

class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMRange R, BinaryOp Op, const Expr *LHS, const Expr *RHS)
      : Expr(Kind::Binary, R), Op(Op), LHS(LHS), RHS(RHS) {}
  BinaryOp Op;
  const Expr *LHS;
  const Expr *RHS;
  static bool classof(const Expr *E) { return E->getKind() == Kind::Binary; }
};

class ConditionalExpr : public Expr {
public:
  ConditionalExpr(llvm::SMRange R, const Expr *Cond, const Expr *Then,
                  const Expr *Else)
      : Expr(Kind::Conditional, R), Cond(Cond), Then(Then), Else(Else) {}
  const Expr *Cond;
  const Expr *Then;
  const Expr *Else;
  static bool classof(const Expr *E) {
    return E->getKind() == Kind::Conditional;
  }
};

/// Folds an expression made only of integer literals and operators, with
/// 64-bit wrap-around (signed division/shift as PTX does for constant
/// expressions: operands are s64 unless a U literal makes them u64). None when
/// it names a symbol, contains a float, or divides by zero.
llvm::Optional<uint64_t> evaluateInt(const Expr &E);

//===----------------------------------------------------------------------===//
// Operands (PTX ISA 6 "Instruction Operands")
//===----------------------------------------------------------------------===//

class Operand {
public:
  enum class Kind : uint8_t {
    Name,    ///< %r1, %tid.x, param0, a label or function name
    Imm,     ///< an Expr: 1, -1, 0f3F800000, sym+4 ...
    Sink,    ///< _
    Pair,    ///< d|p
    Vector,  ///< {a, b, _}
    Address, ///< [expr] and [tex, {x, y}]
    List,    ///< (a, b) in call forms
    String   ///< "text" (directive arguments)
  };

  Kind getKind() const { return K; }
  llvm::SMRange Range;
  /// Written with a leading `!` (`!p`, `!1`); Range includes the `!`.
  bool Negated = false;
  /// A register with a selector written with a leading `-` (`-%r2.b1`, the
  /// negated vmad sources, PTX ISA 9.7.18.1.3); Range includes the `-`.
  /// (`-%r2` without a selector is an ImmOperand holding a UnaryExpr.)
  bool Minus = false;
  llvm::StringRef text() const { return textOf(Range); }

protected:
  Operand(Kind K, llvm::SMRange R) : Range(R), K(K) {}

private:
  Kind K;
};

class NameOperand : public Operand {
public:
  NameOperand(llvm::SMRange R, llvm::StringRef Name,
              llvm::StringRef Component = {})
      : Operand(Kind::Name, R), Name(Name), Component(Component) {}
  /// The identifier including a leading `%` or `$`.
  llvm::StringRef Name;
  /// `x` of `%tid.x` (without the dot); empty when absent.
  llvm::StringRef Component;
  static bool classof(const Operand *O) { return O->getKind() == Kind::Name; }
};

class ImmOperand : public Operand {
public:
  ImmOperand(llvm::SMRange R, const Expr *Value)
      : Operand(Kind::Imm, R), Value(Value) {}
  const Expr *Value;
  static bool classof(const Operand *O) { return O->getKind() == Kind::Imm; }
};

class SinkOperand : public Operand {
public:
  explicit SinkOperand(llvm::SMRange R) : Operand(Kind::Sink, R) {}
  static bool classof(const Operand *O) { return O->getKind() == Kind::Sink; }
};

/// `d|p`: the grammar allows exactly two elements, each a name or `_`
/// (ptxas: `d|p|q`, `-1|p` and `_|_` are syntax errors).
class PairOperand : public Operand {
public:
  PairOperand(llvm::SMRange R, const Operand *First, const Operand *Second)
      : Operand(Kind::Pair, R), First(First), Second(Second) {}
  const Operand *First;
  const Operand *Second;
  static bool classof(const Operand *O) { return O->getKind() == Kind::Pair; }
};

class VectorOperand : public Operand {
public:
  VectorOperand(llvm::SMRange R, llvm::ArrayRef<const Operand *> Elements)
      : Operand(Kind::Vector, R), Elements(Elements) {}
  llvm::ArrayRef<const Operand *> Elements;
  static bool classof(const Operand *O) { return O->getKind() == Kind::Vector; }
};

/// `[expr]` (`[%rd1+-4]`, `[sym+8]`, `[0x100]`), and the texture/surface form
/// `[tex, {x, y}]` / `[a, b, c]` whose further elements are in Rest.
class AddressOperand : public Operand {
public:
  AddressOperand(llvm::SMRange R, const Expr *Base,
                 llvm::ArrayRef<const Operand *> Rest = {})
      : Operand(Kind::Address, R), Base(Base), Rest(Rest) {}
  const Expr *Base;
  llvm::ArrayRef<const Operand *> Rest;

  /// Splits Base into `name + constant` when it has that shape
  /// (`%rd1`, `sym+8`, `%rd1+-4`, `sym-4`, `0x100` gives an empty name).
  struct BaseOffset {
    llvm::StringRef Name; ///< empty for an absolute address
    int64_t Offset = 0;
  };
  llvm::Optional<BaseOffset> splitBaseOffset() const;

  static bool classof(const Operand *O) {
    return O->getKind() == Kind::Address;
  }
};

/// `(a, b)` in `call (ret), f, (a, b);` (may be empty: `()`).
class ListOperand : public Operand {
public:
  ListOperand(llvm::SMRange R, llvm::ArrayRef<const Operand *> Elements)
      : Operand(Kind::List, R), Elements(Elements) {}
  llvm::ArrayRef<const Operand *> Elements;
  static bool classof(const Operand *O) { return O->getKind() == Kind::List; }
};

class StringOperand : public Operand {
public:
  StringOperand(llvm::SMRange R, llvm::StringRef Value)
      : Operand(Kind::String, R), Value(Value) {}
  /// The text between the quotes, escapes not processed.
  llvm::StringRef Value;
  static bool classof(const Operand *O) { return O->getKind() == Kind::String; }
};

//===----------------------------------------------------------------------===//
// Statements and top-level items
//===----------------------------------------------------------------------===//

/// A dotted word: `sync` of `.sync`, `L2::cache_hint`, `m8n8`, `v4`, `b32`.
struct Qualifier {
  llvm::StringRef Text; ///< without the leading dot
  llvm::SMLoc Loc;      ///< of the dot
  llvm::SMRange range() const {
    return llvm::SMRange(Loc, llvm::SMLoc::getFromPointer(Text.end()));
  }
};

class Stmt {
public:
  enum class Kind : uint8_t {
    // Body statements.
    Instruction,
    Label,
    Block,
    CallPrototype,
    BranchTargets,
    CallTargets,
    // Both in bodies and at top level.
    VarDecl,
    Directive, ///< generic `.name args;` (also .maxntid etc. in bodies)
    Loc,
    Pragma,
    // Top level only.
    Version,
    Target,
    AddressSize,
    File,
    Function,
    Section,
    DataDirective, ///< `.b8 1, 2;` inside a .section
  };

  Kind getKind() const { return K; }
  /// From the first token to the terminating `;` or `}` inclusive.
  llvm::SMRange Range;
  llvm::StringRef text() const { return textOf(Range); }

protected:
  Stmt(Kind K, llvm::SMRange R) : Range(R), K(K) {}

private:
  Kind K;
};

/// `@p` / `@!p`.
struct Guard {
  llvm::StringRef Pred; ///< empty when there is no guard
  bool Negated = false;
  llvm::SMRange Range; ///< from the `@`
  bool isPresent() const { return !Pred.empty(); }
};

class InstructionStmt : public Stmt {
public:
  InstructionStmt(llvm::SMRange R) : Stmt(Kind::Instruction, R) {}
  Guard G;
  llvm::StringRef Opcode; ///< `shfl` of `shfl.sync.bfly.b32`
  llvm::SMRange OpcodeRange;
  /// In source order, e.g. {sync, bfly, b32}.
  llvm::ArrayRef<Qualifier> Qualifiers;
  llvm::ArrayRef<const Operand *> Operands;

  bool hasQualifier(llvm::StringRef Q) const;
  /// The N of a `.v2`/`.v4`/`.v8` qualifier (the last one written); 0 when
  /// there is none.
  unsigned vectorWidth() const;
  /// A hash of the instruction's words: the opcode, the qualifiers, the
  /// operand count and whether each operand is a vector, an address or
  /// neither (what the checker looks its syntax rows up by). Computed once
  /// and kept; the parser computes it on the thread that built the node, so
  /// the checker's thread does not.
  uint64_t wordsHash() const {
    if (!WordsHash)
      WordsHash = computeWordsHash();
    return WordsHash;
  }
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::Instruction;
  }

private:
  uint64_t computeWordsHash() const; ///< never 0
  mutable uint64_t WordsHash = 0;    ///< 0: not computed yet
};

class LabelStmt : public Stmt {
public:
  LabelStmt(llvm::SMRange R, llvm::StringRef Name)
      : Stmt(Kind::Label, R), Name(Name) {}
  llvm::StringRef Name; ///< without the colon
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Label; }
};

/// A nested `{ ... }` scope.
class BlockStmt : public Stmt {
public:
  BlockStmt(llvm::SMRange R, llvm::ArrayRef<const Stmt *> Body)
      : Stmt(Kind::Block, R), Body(Body) {}
  llvm::ArrayRef<const Stmt *> Body;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Block; }
};

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };
llvm::StringRef spelling(Linkage L); ///< "visible", ... ("" for None)

enum class StateSpace : uint8_t {
  None,
  Reg,
  SReg,
  Local,
  Shared,
  Param,
  Const,
  Global,
  Tex,
  Other ///< any other dotted word in the space position; see SpaceText
};
StateSpace stateSpaceFromName(llvm::StringRef Name); ///< name without dot
/// A state-space word up to its first "::" (`shared` of `shared::cta`).
llvm::StringRef stateSpaceBase(llvm::StringRef Name);

/// An array dimension `[N]` or unsized `[]`.
struct ArrayDim {
  const Expr *Size = nullptr; ///< null for `[]`
  llvm::SMRange Range;
};

/// An initialiser: an expression (`1`, `sym+4`, `0f3F800000`), a braced list
/// (`{1, 2, {3}}`), or `generic(sym)` with an optional `+offset` (PTX ISA
/// 5.4.4: `generic(foo)+8`).
class Initializer {
public:
  enum class Kind : uint8_t { Expr, List, Generic };
  Initializer(llvm::SMRange R, const ast::Expr *E, bool IsGeneric)
      : Range(R), Value(E), K(IsGeneric ? Kind::Generic : Kind::Expr) {}
  Initializer(llvm::SMRange R, llvm::ArrayRef<const Initializer *> Elements)
      : Range(R), Elements(Elements), K(Kind::List) {}
  Kind getKind() const { return K; }
  llvm::SMRange Range;
  const ast::Expr *Value = nullptr;  ///< Expr and Generic (the symbol)
  const ast::Expr *Offset = nullptr; ///< Generic: the `+offset`, if any
  llvm::ArrayRef<const Initializer *> Elements; ///< List

private:
  Kind K;
};

/// One declared name: `%r<12>`, `buf[4][8]`, `x = 1`.
struct Declarator {
  llvm::StringRef Name;
  llvm::SMRange Range; ///< name through the initialiser
  /// `<N>` of a parameterised register name (`%r<12>` declares %r0..%r11).
  bool HasRangeCount = false;
  uint64_t RangeCount = 0;
  llvm::ArrayRef<ArrayDim> Dims;
  const Initializer *Init = nullptr;
};

/// A variable, register or parameter declaration (PTX ISA 5.4):
/// `[linkage] space [.align N] [.v2|.v4] type [.ptr [space] [.align N]]
/// declarator, ...;`. Also used for function parameters (no trailing `;`).
class VarDeclStmt : public Stmt {
public:
  VarDeclStmt(llvm::SMRange R) : Stmt(Kind::VarDecl, R) {}
  Linkage Link = Linkage::None;
  StateSpace Space = StateSpace::None;
  llvm::StringRef SpaceText; ///< `shared::cta`, `reg`, ... (without dot)
  uint64_t Align = 0;        ///< 0 when no .align
  unsigned VectorWidth = 0;  ///< 0, 2, 4 or 8
  llvm::StringRef Type;      ///< `b32`, `pred`, `u64`, `texref`, ...
  bool IsPtr = false;        ///< `.ptr` (kernel params)
  llvm::StringRef PtrSpace;  ///< `global` of `.ptr.global`; may be empty
  uint64_t PtrAlign = 0;     ///< `.align N` after .ptr; 0 when absent
  /// Every dotted word of the declaration in source order (linkage, space,
  /// align, vector, type, ptr, ...), for tools that need the exact spelling.
  llvm::ArrayRef<Qualifier> Attributes;
  llvm::ArrayRef<Declarator> Declarators;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::VarDecl; }
};

/// Any other directive: `.maxntid 256, 1, 1`, `.alias a, b`, `.noreturn`,
/// `.explicitcluster`, ... Name is without the dot.
class DirectiveStmt : public Stmt {
public:
  DirectiveStmt(llvm::SMRange R, llvm::StringRef Name,
                llvm::ArrayRef<const Operand *> Args)
      : Stmt(Kind::Directive, R), Name(Name), Args(Args) {}
  llvm::StringRef Name;
  llvm::ArrayRef<const Operand *> Args;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Directive; }
};

/// `.loc file line col [, function_name sym [, inlined_at f l c]]`.
class LocStmt : public Stmt {
public:
  LocStmt(llvm::SMRange R) : Stmt(Kind::Loc, R) {}
  uint64_t FileIndex = 0, Line = 0, Column = 0;
  llvm::StringRef FunctionName; ///< may include `+off`; empty when absent
  bool HasInlinedAt = false;
  uint64_t InlinedFile = 0, InlinedLine = 0, InlinedColumn = 0;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Loc; }
};

/// `.pragma "nounroll";` (one or more strings).
class PragmaStmt : public Stmt {
public:
  PragmaStmt(llvm::SMRange R, llvm::ArrayRef<const Operand *> Strings)
      : Stmt(Kind::Pragma, R), Strings(Strings) {}
  llvm::ArrayRef<const Operand *> Strings; ///< StringOperands
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Pragma; }
};

/// `label: .callprototype (ret params) _ (params) [.noreturn];`
class CallPrototypeStmt : public Stmt {
public:
  CallPrototypeStmt(llvm::SMRange R) : Stmt(Kind::CallPrototype, R) {}
  llvm::StringRef Label;
  bool HasReturnList = false;
  llvm::ArrayRef<const VarDeclStmt *> ReturnParams;
  llvm::ArrayRef<const VarDeclStmt *> Params;
  llvm::ArrayRef<Qualifier> Attributes; ///< e.g. {noreturn}
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::CallPrototype;
  }
};

/// `label: .branchtargets L1, L2;` and `label: .calltargets f, g;`.
class TargetListStmt : public Stmt {
public:
  TargetListStmt(Kind K, llvm::SMRange R, llvm::StringRef Label,
                 llvm::ArrayRef<const Operand *> Targets)
      : Stmt(K, R), Label(Label), Targets(Targets) {}
  llvm::StringRef Label;
  llvm::ArrayRef<const Operand *> Targets;
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::BranchTargets ||
           S->getKind() == Kind::CallTargets;
  }
};

/// `.version 6.10`: Major/Minor are parsed as two integers (6.10 > 6.5).
class VersionStmt : public Stmt {
public:
  VersionStmt(llvm::SMRange R) : Stmt(Kind::Version, R) {}
  llvm::StringRef VersionText; ///< `6.10`
  unsigned Major = 0, Minor = 0;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Version; }
};

/// `.target sm_80, debug` / `.target sm_100a, texmode_independent`.
class TargetStmt : public Stmt {
public:
  struct Entry {
    llvm::StringRef Name;
    llvm::SMRange Range;
  };
  TargetStmt(llvm::SMRange R, llvm::ArrayRef<Entry> Targets)
      : Stmt(Kind::Target, R), Targets(Targets) {}
  llvm::ArrayRef<Entry> Targets;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Target; }
};

class AddressSizeStmt : public Stmt {
public:
  AddressSizeStmt(llvm::SMRange R, const Expr *Size)
      : Stmt(Kind::AddressSize, R), Size(Size) {}
  const Expr *Size; ///< normally an IntExpr 32 or 64
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::AddressSize;
  }
};

/// `.file 1 "name" [, timestamp, size]`.
class FileStmt : public Stmt {
public:
  FileStmt(llvm::SMRange R) : Stmt(Kind::File, R) {}
  uint64_t Index = 0;
  llvm::StringRef FileName; ///< without quotes
  bool HasTimestamp = false;
  uint64_t Timestamp = 0, Size = 0;
  static bool classof(const Stmt *S) { return S->getKind() == Kind::File; }
};

/// `.entry` / `.func` definitions and prototypes (PTX ISA 11.2/11.3).
class FunctionStmt : public Stmt {
public:
  FunctionStmt(llvm::SMRange R) : Stmt(Kind::Function, R) {}
  bool IsEntry = false;
  Linkage Link = Linkage::None;
  llvm::SMRange LinkageRange;
  llvm::StringRef Name;
  llvm::SMRange NameRange;
  /// `.func (.reg .b32 r) f(...)`: the return list (maybe empty `()`).
  bool HasReturnList = false;
  llvm::ArrayRef<const VarDeclStmt *> ReturnParams;
  bool HasParamList = false;
  llvm::ArrayRef<const VarDeclStmt *> Params;
  /// Performance-tuning and other directives between the parameter list and
  /// the body: `.maxntid 256,1,1`, `.reqntid`, `.minnctapersm`, `.maxnreg`,
  /// `.noreturn`, `.pragma "..."`, `.explicitcluster`, ...
  llvm::ArrayRef<const DirectiveStmt *> Directives;
  /// The body; null for a prototype (`.extern .func f(...);`).
  const BlockStmt *Body = nullptr;
  bool isDefinition() const { return Body != nullptr; }
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Function; }
};

/// `.b8 1, 2;` / `.b32 sym;` / `.b64 sym+4;` inside a `.section`.
class DataDirectiveStmt : public Stmt {
public:
  DataDirectiveStmt(llvm::SMRange R, llvm::StringRef Type,
                    llvm::ArrayRef<const Operand *> Values)
      : Stmt(Kind::DataDirective, R), Type(Type), Values(Values) {}
  llvm::StringRef Type; ///< `b8`, `b32`, ... without the dot
  llvm::ArrayRef<const Operand *> Values;
  static bool classof(const Stmt *S) {
    return S->getKind() == Kind::DataDirective;
  }
};

/// `.section .debug_info { label: .b8 1, 2; .b32 sym; ... }`.
class SectionStmt : public Stmt {
public:
  SectionStmt(llvm::SMRange R) : Stmt(Kind::Section, R) {}
  llvm::StringRef Name; ///< `.debug_info` (with the dot, as written)
  llvm::ArrayRef<const Stmt *> Body; ///< LabelStmts and DataDirectiveStmts
  static bool classof(const Stmt *S) { return S->getKind() == Kind::Section; }
};

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

/// A parsed PTX module. Owns the nodes (its ASTContext) and keeps the source
/// buffer alive (it shares the SourceMgr holding it), so every StringRef and
/// SMRange in the tree stays valid as long as the Module lives.
class Module {
public:
  Module(std::shared_ptr<llvm::SourceMgr> SM, unsigned BufferID)
      : SM(std::move(SM)), BufferID(BufferID) {}

  ASTContext &context() { return Ctx; }
  const llvm::SourceMgr &sourceMgr() const { return *SM; }
  std::shared_ptr<llvm::SourceMgr> sharedSourceMgr() const { return SM; }
  unsigned bufferID() const { return BufferID; }
  llvm::StringRef bufferName() const;
  llvm::StringRef bufferText() const;
  /// The buffer's first lines that were generated around the user's text
  /// (ptx-run -e): line numbers shown to the user count after them.
  unsigned hiddenLines() const { return HiddenLines; }
  void setHiddenLines(unsigned N) { HiddenLines = N; }

  /// Top-level items in source order.
  const std::vector<const Stmt *> &items() const { return Items; }
  void addItem(const Stmt *S) { Items.push_back(S); }
  /// Takes ownership of an arena holding items added with addItem (the
  /// parser builds each top-level chunk in its own arena, possibly on
  /// another thread).
  void adoptContext(std::unique_ptr<ASTContext> C) {
    Arenas.push_back(std::move(C));
  }

  /// The first `.version` / `.target` / `.address_size`, or null.
  const VersionStmt *version() const;
  const TargetStmt *target() const;
  const AddressSizeStmt *addressSize() const;
  /// Every `.entry`/`.func` (definitions and prototypes) in order.
  std::vector<const FunctionStmt *> functions() const;

private:
  std::shared_ptr<llvm::SourceMgr> SM;
  unsigned BufferID;
  unsigned HiddenLines = 0;
  ASTContext Ctx;
  std::vector<std::unique_ptr<ASTContext>> Arenas;
  std::vector<const Stmt *> Items;
};

} // namespace ast
} // namespace ptxwarp

#endif // PTXWARP_AST_AST_H
