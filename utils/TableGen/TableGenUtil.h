//===- TableGenUtil.h - Helpers shared by ptxwarp-tblgen's emitters -*- C++
//-*-===//
//
// Record access and C++ spelling used by every emitter of ptxwarp-tblgen
// (PtxwarpTableGen.cpp: mode sets, semantic operations, warp families,
// opcodes; SyntaxRowsEmitter.cpp: the general instructions' syntax rows).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_UTILS_TABLEGEN_TABLEGENUTIL_H
#define PTXWARP_UTILS_TABLEGEN_TABLEGENUTIL_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"

#include <string>
#include <vector>

namespace ptxwarp_tblgen {

using namespace llvm;

/// Records of \p Class in the order the .td defines them (RecordKeeper
/// sorts by name; the table's order is meaningful: forms are tried in it).
inline std::vector<Record *> inOrder(RecordKeeper &Records, StringRef Class) {
  std::vector<Record *> Defs = Records.getAllDerivedDefinitions(Class);
  llvm::sort(Defs,
             [](Record *A, Record *B) { return A->getID() < B->getID(); });
  return Defs;
}

/// \p S as a C++ string literal.
inline std::string quote(StringRef S) {
  std::string Out = "\"";
  raw_string_ostream OS(Out);
  OS.write_escaped(S);
  OS << '"';
  return OS.str();
}

inline std::string cppOf(Record *R, StringRef Field) {
  return R->getValueAsDef(Field)->getValueAsString("Cpp").str();
}

inline std::string version(Record *R, StringRef Field) {
  Record *V = R->getValueAsDef(Field);
  return "{" + utostr(V->getValueAsInt("Major")) + ", " +
         utostr(V->getValueAsInt("Minor")) + "}";
}

inline std::string joined(Record *R, StringRef Field) {
  std::vector<StringRef> L = R->getValueAsListOfStrings(Field);
  return join(L.begin(), L.end(), ",");
}

/// The initializer of an isa::QualGate.
inline std::string qualGateInit(Record *Q) {
  return "{" + quote(Q->getValueAsString("Value")) + ", " +
         version(Q, "MinVersion") + ", " +
         quote(Q->getValueAsString("VersionMessage")) + ", " +
         itostr(Q->getValueAsInt("MinTarget")) + ", " +
         quote(Q->getValueAsString("TargetMessage")) + ", " +
         quote(Q->getValueAsString("OnlyTargets")) + "}";
}

/// The initializer of an isa::Gate.
inline std::string gateInit(Record *G) {
  return "{" + version(G, "MinVersion") + ", " + version(G, "IsaVersion") +
         ", " + quote(G->getValueAsString("VersionFeature")) + ", " +
         version(G, "MessageVersion") + ", " +
         utostr(G->getValueAsInt("MinTarget")) + ", " +
         quote(G->getValueAsString("TargetFeature")) + ", " +
         (G->getValueAsBit("TargetIsFeature") ? "true" : "false") + ", " +
         quote(G->getValueAsString("OnlyTargets")) + ", " +
         quote(G->getValueAsString("OnlyTargetsKind")) + "}";
}

/// -gen-syntax-rows (SyntaxRowsEmitter.cpp).
void emitSyntaxRows(raw_ostream &OS, RecordKeeper &Records);

} // namespace ptxwarp_tblgen

#endif // PTXWARP_UTILS_TABLEGEN_TABLEGENUTIL_H
