// A tool going around the public API (layering.test expects an error).
#include "ptxwarp/ptxwarp.h"
#include <ptxwarp/Sema/Checker.h>
