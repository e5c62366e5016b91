//===- Collectives.cpp - From a collective's table entry to its function --===//
//
// The table (lib/ISA/td) names each collective's semantics function; this is
// the one place that maps the IR's operation value to it. Adding a family
// changes nothing here: the list is generated.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Collective.h"

namespace ptxwarp {
namespace interp {

CollectiveFn collectiveFunction(unsigned Op) {
  switch (Op) {
#define COLLECTIVE(Name, Function, Value)                                      \
  case Value:                                                                  \
    return &Function;
#include "ptxwarp/ISA/Generated/SemanticOps.def"
  default:
    return nullptr;
  }
}

} // namespace interp
} // namespace ptxwarp
