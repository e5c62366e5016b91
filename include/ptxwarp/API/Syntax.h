//===- Syntax.h - A read-only view of a parsed PTX module -----------------===//
//
// Light handles over the parsed module for tools that inspect PTX: functions,
// their statements, instructions with their qualifiers and operands, each
// with its exact source text and file:line:col. The handles are small values
// that point into the Module they came from; they and every StringRef they
// return stay valid as long as that Module (or a copy of it) is alive.
//
// The views hide the internal AST so it can evolve; what they expose is the
// PTX syntax (PTX ISA 9.0 chapter 4 "Syntax", 6 "Instruction Operands").
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_SYNTAX_H
#define PTXWARP_API_SYNTAX_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Export.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace ptxwarp {
namespace api {

struct ModuleData;
class Statement;
struct InstructionInfo;

/// An instruction operand (PTX ISA 6): a register or symbol name, an
/// immediate, the sink `_`, a `d|p` pair, a vector `{a, b}`, an address
/// `[r+4]`, a call list `(a, b)` or a string.
class PTXWARP_API Operand {
public:
  enum class Kind {
    Name,
    Immediate,
    Sink,
    Pair,
    Vector,
    Address,
    List,
    String
  };

  Kind kind() const;
  /// Exact source text, e.g. "%r1", "0f3F800000", "[%rd1+4]", "!%p1".
  llvm::StringRef text() const;
  SourceLocation location() const;
  /// Written with a leading `!`.
  bool isNegated() const;
  /// Name: the identifier ("%tid" of "%tid.x"); Address: the base register
  /// or symbol (empty for an absolute address); String: the text between
  /// the quotes; otherwise empty.
  llvm::StringRef name() const;
  /// Immediate: the value when it is an integer constant expression.
  std::optional<int64_t> intValue() const;
  /// Pair, Vector, List and texture-style Address: the elements.
  std::vector<Operand> elements() const;

  Operand(const void *Node, const ModuleData *M) : Node(Node), M(M) {}

private:
  const void *Node;
  const ModuleData *M;
};

/// One instruction: `@!%p1 shfl.sync.bfly.b32 %r3, %r2, 16, 31, -1;`.
class PTXWARP_API Instruction {
public:
  /// "shfl" (the first word of the mnemonic).
  llvm::StringRef opcode() const;
  /// Qualifiers in source order without dots: {"sync", "bfly", "b32"}.
  std::vector<llvm::StringRef> qualifiers() const;
  /// The whole mnemonic as written: "shfl.sync.bfly.b32".
  std::string mnemonic() const;
  bool hasGuard() const;
  /// The guard predicate ("%p1"), empty without a guard.
  llvm::StringRef guardPredicate() const;
  bool isGuardNegated() const;
  std::vector<Operand> operands() const;
  /// Exact source text of the statement, up to and including the `;`.
  llvm::StringRef text() const;
  SourceLocation location() const;
  /// The instruction-table row this instruction resolves to (warp
  /// instructions and `mov`, see lookupInstruction()); empty for other
  /// instructions or when its qualifiers select no form.
  std::optional<InstructionInfo> info() const;

  Instruction(const void *Node, const ModuleData *M) : Node(Node), M(M) {}

private:
  const void *Node;
  const ModuleData *M;
};

/// A statement of a function body (or a top-level item).
class PTXWARP_API Statement {
public:
  enum class Kind {
    Instruction,
    Label,
    Block,       ///< a nested `{ ... }`
    Declaration, ///< `.reg .b32 %r<4>;`, `.shared .align 4 .b8 s[128];`
    Directive,   ///< `.maxntid`, `.loc`, `.pragma`, `.callprototype`, ...
    Other
  };

  Kind kind() const;
  llvm::StringRef text() const;
  SourceLocation location() const;
  /// The instruction, when kind() is Instruction.
  std::optional<Instruction> asInstruction() const;
  /// Label: its name (without the colon). Declaration: the first declared
  /// name. Directive: the directive name without the dot.
  llvm::StringRef name() const;
  /// Block: the nested statements.
  std::vector<Statement> children() const;

  Statement(const void *Node, const ModuleData *M) : Node(Node), M(M) {}

private:
  const void *Node;
  const ModuleData *M;
};

/// A kernel parameter or function parameter: `.param .u64 in`.
struct Parameter {
  llvm::StringRef Name;
  llvm::StringRef Type;   ///< "u64", "b32", ... without the dot
  bool IsPointer = false; ///< declared with `.ptr`
};

/// An `.entry` or `.func`.
class PTXWARP_API Function {
public:
  llvm::StringRef name() const;
  /// `.entry` (a kernel) rather than `.func`.
  bool isKernel() const;
  /// Has a body (not a prototype such as `.extern .func f();`).
  bool isDefinition() const;
  std::vector<Parameter> parameters() const;
  /// Body statements in source order (nested blocks are Block statements).
  std::vector<Statement> statements() const;
  /// Every instruction of the body in source order, nested blocks included.
  std::vector<Instruction> instructions() const;
  SourceLocation location() const;

  Function(const void *Node, const ModuleData *M) : Node(Node), M(M) {}

private:
  const void *Node;
  const ModuleData *M;
};

} // namespace api
} // namespace ptxwarp

#endif // PTXWARP_API_SYNTAX_H
