// The IR depending on the lowering above it (layering.test expects an error).
#include "ptxwarp/ISA/InstrTable.h"
#include "ptxwarp/ISA/Modes.h"
#include "ptxwarp/Lower/Lower.h"
