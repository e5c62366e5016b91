//===- ShapeProgram.h - The encoding of a shape template ----*- C++ -*-===//
//
// Internal to lib/Parse, shared by the recorder (ShapeRecord.cpp) and the
// replayer (ShapeReplay.cpp) of ShapeCache.h's templates.
//
// A template is a post-order program for a small stack machine: each
// instruction builds one node from the values on the stack (its children)
// and pushes it. Source positions are packed token references: (token index
// in the statement, from its start or its end, byte offset). Literals are
// decoded again from their token by the builder's own functions
// (makeIntLiteral, makeFloatLiteral). Everything else in a template is a
// plain copy: the key (shapeKey) includes the text of every token whose text
// the builder branches on, so those fields are equal for every statement of
// the key.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_LIB_PARSE_SHAPEPROGRAM_H
#define PTXWARP_LIB_PARSE_SHAPEPROGRAM_H

#include <cstdint>

namespace ptxwarp {
namespace parse {
namespace shape {

enum Op : uint32_t {
  OpInt,
  OpFloat,
  OpNameExpr,
  OpUnary,
  OpBinary,
  OpCond,
  OpNameOperand,
  OpImm,
  OpSink,
  OpPair,
  OpVector,
  OpAddress,
  OpList,
  OpString,
  OpInitExpr,
  OpInitGeneric,
  OpInitList,
  OpInstr,
  OpLabel,
  OpTargets,
  OpDirective,
  OpPragma,
  OpLoc,
  OpVarDecl,
  OpData,
};

constexpr uint32_t NullRef = ~0u;
constexpr int32_t OffsetBias = 1 << 14;

} // namespace shape
} // namespace parse
} // namespace ptxwarp

#endif // PTXWARP_LIB_PARSE_SHAPEPROGRAM_H
