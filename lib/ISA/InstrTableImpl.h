//===- InstrTableImpl.h - Private pieces shared by the table's files -----===//

#ifndef PTXWARP_LIB_ISA_INSTRTABLEIMPL_H
#define PTXWARP_LIB_ISA_INSTRTABLEIMPL_H

#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"

namespace ptxwarp {
namespace isa {

/// The warp-level families (WarpInstrs.cpp).
llvm::ArrayRef<InstrFamily> warpFamilies();
/// The general families with operand rules (GeneralInstrs.cpp).
llvm::ArrayRef<InstrFamily> generalFamilies();

} // namespace isa
} // namespace ptxwarp

#endif // PTXWARP_LIB_ISA_INSTRTABLEIMPL_H
