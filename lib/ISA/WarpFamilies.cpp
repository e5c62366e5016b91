//===- WarpFamilies.cpp - The warp-level families, emitted from the .td ---===//
//
// td/WarpInstrs.td, emitted into WarpFamilies.inc by ptxwarp-tblgen.
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

namespace ptxwarp {
namespace isa {

#include "ptxwarp/ISA/Generated/WarpFamilies.inc"

} // namespace isa
} // namespace ptxwarp
