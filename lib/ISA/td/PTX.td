//===- PTX.td - The PTX instruction table: the one declarative source -----===//
//
// ptxwarp-tblgen reads this file (and what it includes) and emits the C++
// tables of lib/ISA into the build tree (see lib/ISA/CMakeLists.txt). Every
// fact about an instruction that the checker, the lowering, the interpreter,
// `ptx-lint --list-instructions` and the README table use is written here.
//
//===----------------------------------------------------------------------===//

include "Classes.td"
include "ModeSets.td"
include "WarpInstrs.td"
include "Opcodes.td"
include "Forms/Words.td"
include "Forms/Arith.td"
include "Forms/Logic.td"
include "Forms/IntOps.td"
include "Forms/Video.td"
include "Forms/Float.td"
include "Forms/Compare.td"
include "Forms/Convert.td"
include "Forms/Matrix.td"
include "Forms/LdStMatrix.td"
include "Forms/WmmaSemantics.td"
include "Forms/Wmma.td"
include "Forms/Memory.td"
include "Forms/Atomics.td"
include "Forms/Control.td"
include "Forms/Sync.td"
include "Forms/Async.td"
include "Forms/AsyncCopy.td"
include "Forms/Wgmma.td"
include "Forms/Tcgen05.td"
include "Forms/Texture.td"
include "Forms/Surface.td"
include "Forms/Operands.td"
include "Forms/OperandsMemory.td"
include "Forms/OperandsAddr.td"
include "Forms/OperandsControl.td"
include "Forms/ClusterLaunch.td"
include "Forms/Tensormap.td"
include "Forms/Multimem.td"
