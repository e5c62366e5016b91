//===- ptxwarp.h - The ptxwarp library: one header for embedders ----------===//
//
// Parse PTX, check it as ptxas does, walk it, ask the instruction table,
// lower kernels and run them in the warp interpreter, with every problem
// returned as a diagnostic value. Link with ptxwarp::ptxwarp (CMake) or
// `pkg-config --libs ptxwarp`. Only the headers included here are the
// library's public, stable interface (namespace ptxwarp::api).
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_PTXWARP_H
#define PTXWARP_PTXWARP_H

#include "ptxwarp/API/Diagnostics.h"
#include "ptxwarp/API/Execution.h"
#include "ptxwarp/API/Instructions.h"
#include "ptxwarp/API/Module.h"
#include "ptxwarp/API/Syntax.h"
#include "ptxwarp/API/Version.h"

#endif // PTXWARP_PTXWARP_H
