// The interpreter reaching up into the AST (layering.test expects an error).
#include "ptxwarp/AST/AST.h"
#include "ptxwarp/IR/IR.h"
