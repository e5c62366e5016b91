//===- WmmaSemantics.td - What wmma.load/store/mma compute ----------------===//
//
// PTX ISA 9.7.14.4 (wmma). The semantics functions of lib/Interp/Wmma.cpp;
// lib/Lower/LowerWmma.cpp lowers each wmma form (its shape, types, layout
// and .satfinite/.op/.rnd words, passed as an immediate) to them:
// wmma.load and wmma.store to per-lane addresses (WmmaAddr), ordinary
// checked ld/st and a collective that moves the elements between memory
// order and the fragment layout (WmmaLoad, WmmaStore); wmma.mma to WmmaMma.
// All are .aligned: the whole warp, converged.
//
//===----------------------------------------------------------------------===//

def WmmaAddr : Collective<"wmma.addresses", "wmmaAddr">;
def WmmaLoad : Collective<"wmma.load", "wmmaLoad">;
def WmmaStore : Collective<"wmma.store", "wmmaStore">;
def WmmaMma : Collective<"wmma.mma", "wmmaMma">;
