//===- SemaState.h - The state shared by the checker's rule families -----===//
//
// One object, as in SPIRV-Tools' ValidationState_t: module facts (version,
// target, arch), the symbol tables, and the reporting helpers every rule
// family file uses. Private to lib/Sema.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_SEMA_SEMASTATE_H
#define PTXWARP_LIB_SEMA_SEMASTATE_H

#include "ptxwarp/AST/AST.h"
#include "ptxwarp/Diagnostics/Diagnostic.h"
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/SyntaxRows.h"
#include "ptxwarp/ISA/Target.h"
#include "ptxwarp/Sema/Checker.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/StringSaver.h"

#include <array>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ptxwarp {
namespace sema {

struct FunctionCFG;
class ConstantValues;

/// A declared register or variable.
struct Symbol {
  std::optional<isa::PtxType> Type; ///< none for .texref etc.
  ast::StateSpace Space = ast::StateSpace::None;
  llvm::SMRange Range;
  unsigned VectorWidth = 0; ///< `.v2`/`.v4` registers: the element count
  /// A parameter of the function being checked: its inputs are read-only,
  /// its return parameters write-only (ptxas 13.0; StateSpaces.cpp).
  enum class ParamRole : uint8_t { None, Input, Return };
  ParamRole Role = ParamRole::None;
  /// A .param variable's layout, for the calls it is an argument of
  /// (Calls.cpp): an array, its size in bytes and its alignment.
  bool Array = false;
  uint64_t Bytes = 0;
  uint64_t Align = 0;
};

/// What a call compares of an argument and its formal parameter (Calls.cpp).
struct ParamShape {
  std::optional<isa::PtxType> Type; ///< none: not compared
  /// A type word that is no PtxType (`.f32x2`): no argument agrees with it.
  bool OtherType = false;
  ast::StateSpace Space = ast::StateSpace::Param;
  unsigned Vector = 0;
  bool Array = false;
  uint64_t Bytes = 0;
  uint64_t Align = 0;
};

/// A function's or a .callprototype's parameter lists (Calls.cpp).
struct Signature {
  struct Formal {
    std::string Name;
    ParamShape Shape;
  };
  std::vector<Formal> Rets, Params;
};

/// `%r<N>`: names %r0 .. %r(N-1).
struct RangeDecl {
  Symbol Sym;
  uint64_t Count = 0;
};

/// One scope of declarations (module, function, nested block).
struct Scope {
  llvm::StringMap<Symbol> Names;
  llvm::StringMap<RangeDecl> Ranges;
  /// Labels of the block (`L:`, and the labels of .callprototype,
  /// .branchtargets and .calltargets): visible in the block and the blocks
  /// nested in it, before and after their definition (Labels.cpp).
  llvm::StringMap<llvm::SMRange> Labels;
  /// The labels of the block's .branchtargets lists (brx.idx's tlist).
  llvm::StringSet<> TargetLists;
  /// The block's .callprototype and .calltargets labels (Calls.cpp).
  llvm::StringMap<Signature> Prototypes;
  llvm::StringSet<> CallTargetLists;
  /// Per prefix of the single names with a decimal index (`%r` of `%r7`):
  /// the lowest index and its name (for `%r<N>` covering one).
  llvm::StringMap<std::pair<uint64_t, llvm::StringRef>> LowestIndexed;
  /// For lookup, which every register operand calls: while the scope has at
  /// most MaxRangeList ranges, a copy of them to scan instead of hashing the
  /// prefix; and whether any single name begins with '%' (compilers declare
  /// their registers as ranges only, so `%` names need no Names lookup).
  static constexpr unsigned MaxRangeList = 16;
  struct ListedRange {
    std::string Prefix;
    uint64_t Word; ///< packShortName(Prefix) for a short prefix, else 0
    RangeDecl R;
  };
  llvm::SmallVector<ListedRange, 4> RangeList;
  bool ManyRanges = false;
  bool PercentNames = false;
};

/// What the qualifiers of a warp instruction resolved to.
struct ResolvedQuals {
  bool Sync = false;
  llvm::StringRef Mode;
  llvm::StringRef Type;
  llvm::SmallVector<llvm::StringRef, 2> Flags;
  bool Ok = true;
};

/// Per-function facts for the beyond-ptxas warnings.
struct FunctionFacts {
  const ast::InstructionStmt *FirstLegacy = nullptr;
  const ast::InstructionStmt *FirstSync = nullptr;
  bool MixReported = false;
  /// Whether a warp .sync instruction (not mov) is in the body: the
  /// function-level lints have nothing to report otherwise.
  bool HasWarpSync = false;
  /// The warp instructions whose operands checked clean, for the lints that
  /// need what their registers hold (lintWarpRegisters).
  struct CheckedWarp {
    const ast::InstructionStmt *I;
    const isa::InstrFamily *F;
    const isa::InstrForm *Form;
  };
  std::vector<CheckedWarp> CheckedWarps;
};

/// What calling a .func does at the warp level on every call, for the lints
/// at its call sites: nvcc -G calls a helper per warp intrinsic
/// (`__shfl_sync(mask, v, lane, width)`) that loads its parameters and runs
/// the instruction with them (WarpCalls.cpp).
struct WarpCallee {
  /// Runs a warp .sync instruction on every call.
  bool Syncs = false;
  /// A parameter that reaches a linted operand unchanged.
  struct Use {
    enum Kind : uint8_t { Membermask, ShflLane } What;
    unsigned Param;      ///< its index among the .param parameters
    unsigned Width;      ///< the bits the callee loads
    llvm::SMRange Range; ///< the operand in the callee
    const isa::InstrFamily *F;
    const isa::InstrForm *Form;
  };
  llvm::SmallVector<Use, 2> Uses;
};

/// Where a variable sits in its state space: its size and alignment.
struct VarLayout {
  std::string Name;       ///< module .shared variables only
  uint64_t Size = 0;      ///< modulo 2^64 (ptxas keeps the low 32 bits)
  uint64_t Saturated = 0; ///< the size, or UINT64_MAX when it overflows
  uint64_t Align = 1;
};
VarLayout layoutOf(const ast::VarDeclStmt &D, const ast::Declarator &Decl);

/// What a function definition uses, for the per-kernel resource checks
/// once the module is read (Resources.cpp). Copied out of the AST.
struct FunctionUsage {
  std::string Name;
  bool IsEntry = false;
  llvm::SMRange NameRange;
  /// The names its operands mention that may be functions or module
  /// variables (mayNameModuleSymbol), each once, in the order first met.
  std::vector<std::string> Names;
  std::vector<VarLayout> Shared; ///< the .shared variables it declares
};

/// A use of a function's name in a body: a call, or its address taken.
struct FunctionUse {
  llvm::StringRef Name;
  llvm::SMRange Range;
  bool Call;
};

/// What the bodies checked so far record for finishChecks (Linking.cpp,
/// Resources.cpp).
struct BodyRecords {
  /// Uses of function names, in order (checkLinking).
  std::vector<FunctionUse> FunctionUses;
  /// Definitions, in module order; a second definition of a name replaces
  /// the first in place.
  std::deque<FunctionUsage> Usages;
  llvm::StringMap<size_t> UsageIndex;
  void addUsage(FunctionUsage U);
  /// Appends \p Later, the records of the bodies after these.
  void append(BodyRecords Later);
};

/// A table message with its `{key}` placeholders filled from \p Values (a
/// key without a value is left out): the one rule every table message of
/// ptxas's texts is written in (Qualifiers.cpp).
std::string
fillMessage(llvm::StringRef Msg,
            llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> Values);

struct SemaState {
  SemaState(DiagnosticEngine &Diags, SemaOptions Opts)
      : Diags(Diags), Opts(std::move(Opts)) {}

  DiagnosticEngine &Diags;
  SemaOptions Opts;

  // --- Module facts --------------------------------------------------------
  // Copied out of the items: in streaming mode an item is freed after
  // checkItem returns (only the source buffer outlives it).
  bool HasVersion = false;
  std::string VersionText;
  llvm::SMRange VersionRange;
  std::optional<isa::PtxVersion> Version; ///< only when ptxas accepts it
  bool HasTarget = false;
  llvm::SMRange TargetRange;           ///< of the sm_ entry (or the directive)
  std::optional<isa::SmTarget> Target; ///< only when it is a known target
  bool ModuleBroken = false;           ///< fatal module error: skip gates
  /// Where the module is in its header: .version, .target(s), then at most
  /// one .address_size, then the rest.
  enum class HeaderPhase : uint8_t { Version, Target, AfterTarget, Body };
  HeaderPhase Header = HeaderPhase::Version;
  bool HeaderReported = false;
  /// The arch in effect: --arch, or the module's target.
  std::optional<isa::SmTarget> arch() const {
    return Opts.Arch ? Opts.Arch : Target;
  }

  // --- Symbols -------------------------------------------------------------
  std::vector<Scope> Scopes; ///< [0] = module scope
  /// The opcode of the instruction being checked (of the last one, after
  /// it), looked up once for the rules checkInstruction runs; CurrentInst
  /// is that instruction while checkInstruction runs, else null.
  isa::OpcodeRef CurrentOp;
  const ast::InstructionStmt *CurrentInst = nullptr;
  /// \p I's opcode (the one looked up already while \p I is being checked).
  isa::OpcodeRef opcodeOf(const ast::InstructionStmt &I) const {
    return &I == CurrentInst ? CurrentOp : isa::OpcodeRef(I.Opcode);
  }
  FunctionFacts Facts;
  /// When set, checkFunction hands each body to this instead of running
  /// lintFunctionBody: PipelinedChecker runs those lints on its own thread,
  /// with the Facts and Forms it takes from here (Pipeline.cpp).
  std::function<void(const ast::FunctionStmt &)> DeferBodyLints;
  /// The functions checked so far whose calls the warp lints look into.
  llvm::StringMap<WarpCallee> WarpCallees;
  /// The summary of the callee of \p I when it is a call to one.
  const WarpCallee *warpCalleeOf(const ast::InstructionStmt &I) const;

  void pushScope() {
    Scopes.emplace_back();
    ++LookupGeneration;
  }
  void popScope() {
    Scopes.pop_back();
    ++LookupGeneration;
  }
  /// Where a declaration stands: its rules differ (ptxas 13.0).
  enum class DeclSite { Module, Body, EntryParam, FuncParam };
  /// Checks \p D (Declarations.cpp) and declares every declarator of it in
  /// the innermost scope.
  void declare(const ast::VarDeclStmt &D, DeclSite Site);
  void checkDeclaration(const ast::VarDeclStmt &D, DeclSite Site);
  /// A .global/.const initialiser against the type (Initializers.cpp).
  void checkInitialValues(const ast::VarDeclStmt &D,
                          const ast::Declarator &Decl);
  /// Reports a declaration's type word that is no PtxType when ptxas
  /// refuses it; false when it is no type at all (nothing more to check).
  bool checkTypeWord(const ast::VarDeclStmt &D);
  /// Reports \p D when \p S already declares its name (Symbols.cpp).
  bool findRedeclaration(const Scope &S, const ast::Declarator &D);
  /// Finds a register/variable by name, with `%r01` resolving to `%r1`
  /// inside a `%r<N>` range, as in ptxas 13.0 (test/Sema/operands.ptx).
  const Symbol *lookup(llvm::StringRef Name) const;
  const Symbol *lookupInScopes(llvm::StringRef Name) const;
  /// lookup's recent answers (the checks of one instruction look its names
  /// up several times), direct-mapped: short names by their word
  /// (ShortNames.h), others by their length and last characters. An answer
  /// holds until the next declaration or scope change, which start a new
  /// generation.
  struct ShortLookup {
    uint64_t Word = 0;
    size_t Size = 0;
    uint64_t Generation = 0;
    const Symbol *Sym = nullptr;
  };
  static constexpr unsigned ShortLookupBits = 8;
  mutable std::array<ShortLookup, 1u << ShortLookupBits> ShortLookups;
  struct LookupCacheEntry {
    std::string Name;
    const Symbol *Sym = nullptr;
    uint64_t Generation = 0;
  };
  mutable std::array<LookupCacheEntry, 64> LookupCache;
  uint64_t LookupGeneration = 1;
  /// Functions declared or defined so far (a call needs a prototype first).
  llvm::StringMap<llvm::SMRange> Functions;
  /// Whether some name in Functions starts with '%', as registers do.
  bool PercentFunctionNames = false;
  llvm::StringSet<> DefinedFunctions;
  /// Linking.cpp: each function's first declaration (linkage, name), the
  /// uses of function names in order (calls and addresses taken), and the
  /// module's .extern .global/.const variables.
  llvm::StringMap<std::pair<ast::Linkage, llvm::SMRange>> FunctionLink;
  std::vector<std::pair<llvm::StringRef, llvm::SMRange>> ExternVariables;
  /// Calls.cpp: each function's parameter lists as first declared; a later
  /// declaration or the definition must agree ("Inconsistent prototypes").
  llvm::StringMap<Signature> Signatures;
  void recordSignature(const ast::FunctionStmt &F);
  void recordCallPrototype(const ast::CallPrototypeStmt &P);
  /// A call's operands against ptxas's grammar for them, and its argument
  /// lists against the callee's (or the prototype's) parameters.
  void checkCall(const ast::InstructionStmt &I);
  /// A function defined twice, or named like a module variable, is a
  /// duplicate for ptxas 13.0 (Labels.cpp); then records it.
  void declareFunction(const ast::FunctionStmt &F);
  /// Records the labels a block defines in the innermost scope, reporting
  /// duplicates (Labels.cpp); call before checking the block.
  void declareLabels(llvm::ArrayRef<const ast::Stmt *> Body);
  /// A label statement met in order: a variable of the same name declared
  /// before it in the block makes it a duplicate (Labels.cpp).
  void checkLabel(const ast::LabelStmt &L);
  /// The label \p Name visible here, or null.
  const llvm::SMRange *lookupLabel(llvm::StringRef Name) const;
  /// Whether a plain (non-%) name is a visible variable, label, function
  /// or predefined identifier (Labels.cpp).
  bool isKnownName(llvm::StringRef Name) const;

  // --- Resources (Resources.cpp) -------------------------------------------
  std::vector<VarLayout> ModuleShared; ///< in declaration order
  /// What function bodies record for the end-of-module checks, and nothing
  /// else reads: PipelinedChecker checks bodies on several threads, each
  /// with a SemaState of its own, and merges these in module order.
  BodyRecords Records;
  /// Whether \p Name, in the body being checked (its nested blocks
  /// closed), may name a function or a module variable: it is none of the
  /// function's own registers, parameters or labels (Resources.cpp).
  bool mayNameModuleSymbol(llvm::StringRef Name) const;
  void recordModuleShared(const ast::VarDeclStmt &D);
  /// Records \p F's usage; reports an entry's parameter space at once.
  void recordUsage(const ast::FunctionStmt &F);
  /// .maxnreg, .maxntid, .reqntid, .minnctapersm, .maxnctapersm.
  void checkTuningDirectives(const ast::FunctionStmt &F);
  /// Per-kernel static shared memory, once every function is known.
  void checkResources();

  // --- Reporting -----------------------------------------------------------
  DiagnosticEngine::Builder report(DiagID ID, llvm::SMRange R) {
    ++Reports;
    return Diags.report(ID, R);
  }
  /// Reports ptxas's "Constant overflow" at the first literal of \p E that
  /// overflows (Operands.cpp); returns whether there was one.
  bool reportOverflow(const ast::Expr &E);
  /// Adds a note at the .target line (for gate errors).
  void noteTarget(DiagnosticEngine::Builder &B);
  void noteVersion(DiagnosticEngine::Builder &B);

  /// One top-level item, in source order (Checker::checkItem). Without
  /// \p Body, a function definition's body is left out: what the module
  /// knows after the item is the same, but for Records (PipelinedChecker
  /// has another SemaState check the body).
  void checkItem(const ast::Stmt &Item, bool Body = true);
  /// The end-of-module checks (Checker::finish).
  void finishChecks();

  // --- Rule families (one file each) ---------------------------------------
  void checkModuleOrder(const ast::Stmt &S);            // ModuleRules.cpp
  void checkModuleItem(const ast::Stmt &S);             // ModuleRules.cpp
  void checkAddressSize(const ast::AddressSizeStmt &A); // ModuleRules.cpp
  void finishModule();                                  // ModuleRules.cpp
  // Linking.cpp: what ptxas checks in whole-program mode (no -c).
  void checkFunctionLinkage(const ast::FunctionStmt &F);
  void recordFunctionUses(const ast::InstructionStmt &I);
  void recordExternVariable(const ast::VarDeclStmt &D);
  void checkLinking();
  void checkFunction(const ast::FunctionStmt &F);         // Checker.cpp
  void checkBody(llvm::ArrayRef<const ast::Stmt *> Body); // Checker.cpp
  void checkInstruction(const ast::InstructionStmt &I);   // Instructions.cpp
  bool checkGuard(const ast::InstructionStmt &I);         // Instructions.cpp
  ResolvedQuals resolveQualifiers(const ast::InstructionStmt &I,
                                  const isa::InstrFamily &F); // Qualifiers.cpp
  void checkGates(const ast::InstructionStmt &I, const isa::InstrFamily &F,
                  const isa::InstrForm &Form,
                  const ResolvedQuals &Q); // Gates.cpp
  bool checkOperands(const ast::InstructionStmt &I, const isa::InstrFamily &F,
                     const isa::InstrForm &Form,
                     const ResolvedQuals &Q); // Operands.cpp
  void checkGeneral(const ast::InstructionStmt &I,
                    const isa::InstrFamily *F);   // Operands.cpp
  void checkDeclaredNames(const ast::Operand &O); // Symbols.cpp
  /// The qualifiers of a general instruction against its opcode's syntax
  /// rows (SyntaxRows.cpp): the row they select, or null when they fit none
  /// (reported).
  const isa::SyntaxRow *checkSyntaxRows(const ast::InstructionStmt &I);
  /// checkSyntaxRows for words not seen before (kept out of line: the
  /// cached path runs for every instruction).
  LLVM_ATTRIBUTE_NOINLINE const isa::SyntaxRow *
  findSyntaxRow(const ast::InstructionStmt &I,
                llvm::ArrayRef<isa::SyntaxRow> All, llvm::StringRef Key,
                uint64_t Hash);
  /// The form of each instruction of a warp family checked so far (null:
  /// none), for the lints that run after a function's body (formOf). The
  /// general families' instructions, most of a body, are not recorded.
  llvm::DenseMap<const ast::InstructionStmt *, const isa::InstrForm *> Forms;
  /// The form findForm() gives \p I, an instruction of the function whose
  /// body was checked: checkInstruction records one for every instruction
  /// of a warp family whose qualifiers resolve, and findForm() gives none
  /// to the others (unknown opcodes, general families, bad qualifiers).
  const isa::InstrForm *formOf(const ast::InstructionStmt &I) const {
    return Forms.lookup(&I);
  }
  /// The row an instruction's words selected, and the gate state
  /// (gateState) under which its gates reported nothing (0: not known).
  struct CachedRow {
    const isa::SyntaxRow *Row = nullptr;
    uint64_t CleanGates = 0;
  };
  /// The rows instructions' words selected, by "opcode.word.word"
  /// (SyntaxRows.cpp, syntaxRowKey), and the same entries by the words'
  /// hash (ast::InstructionStmt::wordsHash; the last entry of a hash).
  llvm::StringMap<CachedRow> SyntaxRowCache;
  llvm::DenseMap<uint64_t, llvm::StringMapEntry<CachedRow> *> SyntaxRowByHash;
  /// What the version and target gates read of the module (never 0).
  uint64_t gateState() const;
  /// The gates of \p C's row for \p I, unless they passed already for its
  /// words under the present gateState; returns the row.
  const isa::SyntaxRow *checkRowGates(CachedRow &C,
                                      const ast::InstructionStmt &I);
  /// Diagnostics reported so far (report()), to tell a check that reported
  /// nothing.
  unsigned Reports = 0;
  /// The operand checks of a general instruction's list (checkGeneral) that
  /// reported nothing, in this function (checkFunction clears them), by the
  /// hash of their key (operandKey): the key's bytes, kept in SilentKeys.
  llvm::DenseMap<uint64_t, llvm::StringRef> SilentOperands;
  llvm::BumpPtrAllocator SilentKeyArena;
  llvm::StringSaver SilentKeys{SilentKeyArena};
  /// Instructions whose operand checks SilentOperands answered.
  uint64_t SilentOperandHits = 0;
  /// Appends to \p Key all that checkGeneral's list checks read of \p I:
  /// its opcode, words and operands (a register as what its symbol says,
  /// not its name; a literal as its text). False when an operand is of
  /// another kind (a variable, a label, a special register...), whose
  /// checks read more.
  bool operandKey(const ast::InstructionStmt &I,
                  llvm::SmallVectorImpl<char> &Key) const;
  bool appendOperandKey(llvm::SmallVectorImpl<char> &Key,
                        const ast::Operand &O) const;
  /// A register operand's part of the key; false when \p Name is no
  /// register's.
  bool appendRegisterKey(llvm::SmallVectorImpl<char> &Key,
                         llvm::StringRef Name) const;
  /// A general instruction's operands against the table's operand list for
  /// it (GeneralOperands.cpp).
  void checkListedOperands(const ast::InstructionStmt &I,
                           const isa::OperandList &Args,
                           const isa::SyntaxRow *Row);
  /// Negated registers and the `d|p` pair, as the row says (RowOperands.cpp);
  /// false when it reported. \p Listed: a missing `|p` is left to
  /// checkListedOperands.
  bool checkRowOperands(const ast::InstructionStmt &I,
                        const isa::SyntaxRow &Row, bool Listed = false);
  /// The register of `-%r1` or `-%r1.b0` (a negated register operand).
  const Symbol *negatedRegister(const ast::Operand &O) const;
  /// The brace-list operands of a warp-level row (RowVectors.cpp).
  void checkRowVectorOperands(const ast::InstructionStmt &I,
                              const isa::SyntaxRow &Row);
  /// A scalar operand (Count 0) of a warp-level row (RowVectors.cpp).
  void checkRowScalar(const ast::InstructionStmt &I, const isa::SyntaxRow &Row,
                      const isa::RowOperand &Spec, unsigned K,
                      const ast::Operand &O);
  /// The PTX-version/target gate of a state-space word (`.shared::cta`).
  void checkSpaceGate(const ast::Qualifier &SpaceQual); // StateSpaces.cpp
  /// The address `[p]` of a warp-level row (RowVectors.cpp).
  /// Whether it is an address at all. \p AnySpace: the address may be in
  /// any state space (wmma), not only .shared (ldmatrix).
  bool checkRowAddress(const ast::InstructionStmt &I, const ast::Operand &O,
                       bool AnySpace);
  /// The row's gates of single words the instruction writes.
  void checkWordGates(const isa::SyntaxRow &R, const ast::InstructionStmt &I);
  /// A Gate row against the module's .version and .target (Gates.cpp).
  void checkGate(const isa::Gate &G, llvm::SMRange Where, llvm::StringRef Name);
  /// The variable an address operand names against the state space the
  /// instruction names, and the spaces the opcode refuses (StateSpaces.cpp).
  void checkStateSpaces(const ast::InstructionStmt &I);
  /// The variable of a warp-level row's address `[v]`, `[v+4]` against the
  /// state space the instruction names (StateSpaces.cpp).
  void checkAddressVariable(const ast::InstructionStmt &I,
                            const ast::AddressOperand &A);
  /// ptxas 13.0's fatal error for 32-bit code, whose text depends on the
  /// arch (`.address_size 32`, a 32-bit generic address; ModuleRules.cpp).
  DiagnosticEngine::Builder report32BitCode(llvm::SMRange R);
  /// The register an address is made of (StateSpaces.cpp).
  void checkAddressRegister(const ast::AddressOperand &A,
                            ast::StateSpace Space);
  /// The other instructions that make ptxas compile 32-bit code: cvta.u32,
  /// `mov.u32 %r, gv`, a 32-bit mbarrier/multimem address (StateSpaces.cpp).
  void check32BitForms(const ast::InstructionStmt &I);
  /// ld/st/cvt registers against PTX ISA 9.4.1 (OperandSize.cpp).
  /// With \p Args, only the operands its list gives relaxed sizes (not
  /// cvt's `.f32` pair of a .bf16x2 result, which the list checks).
  void checkRelaxedOperands(const ast::InstructionStmt &I,
                            const isa::OperandList *Args = nullptr);
  /// shl, min, mul... operands of exactly the type (OperandSize.cpp).
  void checkExactOperands(const ast::InstructionStmt &I);
  /// The `.x` of a special register: only on the vector ones (%tid), which
  /// need it. False after reporting.
  bool checkSpecialRegField(const ast::NameOperand &N,
                            const isa::SpecialReg &SR,
                            llvm::StringRef Instr); // Symbols.cpp
  /// The lints of one warp instruction on its immediates (\p CV null) or,
  /// after the body, on the constants its registers hold (WarpLints.cpp).
  void lintWarpInstruction(const ast::InstructionStmt &I,
                           const isa::InstrFamily &F,
                           const isa::InstrForm &Form,
                           const ConstantValues *CV = nullptr);
  /// The lints that need the whole function body: constants in registers,
  /// divergence (WarpLints.cpp).
  void lintFunctionBody(const ast::FunctionStmt &F);
  /// A .func's WarpCallee summary (WarpCalls.cpp).
  void summarizeWarpCallee(const ast::FunctionStmt &F, const FunctionCFG &G,
                           const ConstantValues &CV);
  /// The operand-value lints on the constants a call passes to a
  /// summarized callee (WarpCalls.cpp).
  void lintWarpCalls(const FunctionCFG &G, const ConstantValues &CV);
  void lintDivergence(const FunctionCFG &G,
                      const ConstantValues &CV); // Divergence.cpp
};

/// Finds the value of an integer constant operand (literal or constant
/// expression); none for registers, floats and symbols.
std::optional<uint64_t> intValueOf(const ast::Operand &O);

/// The name ptxas gives the instruction in its messages: the opcode, with
/// the variant words that follow it ('mul.wide', 'barrier.cta.arrive',
/// 'wmma.load.a'), each up to its '::' ('tcgen05.wait::ld' is 'tcgen05.wait').
std::string diagName(const ast::InstructionStmt &I); // GeneralOperands.cpp
/// The data and address operands of tex, tld4, suld and sust; true when
/// it reported an error (ImageOperands.cpp).
bool checkImageOperands(SemaState &S, const ast::InstructionStmt &I);

} // namespace sema
} // namespace ptxwarp

#endif // PTXWARP_LIB_SEMA_SEMASTATE_H
