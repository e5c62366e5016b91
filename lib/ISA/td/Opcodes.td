//===- Opcodes.td - One row per PTX opcode --------------------------------===//
//
// Every opcode of PTX ISA 9.0 chapter 9 (the first dotted word of a
// mnemonic), with what each layer asks of it:
// - checking: the operand-count range from the ISA syntax of the instruction
//   (`d|p` counts as one operand; where a form takes optional operands the
//   range covers them all), whether every operand follows the instruction
//   type (PTX ISA 9.7.1 / 9.7.8), and the operands whose size must equal the
//   type's (PTX ISA 9.4, Table 26: shl/shr's shift amount is .u32, mul/mad
//   .wide's d and c are twice as wide). Warp-level opcodes are described by
//   their families (WarpInstrs.td); the others are checked for the opcode
//   and declared registers.
// - execution: the IR operation ptx-run lowers it to (an IR_OPCODE name of
//   include/ptxwarp/IR/Opcodes.def, checked by an IR unit test), or why it
//   refuses it. Variants sharing an operation differ by flags (addc = add
//   with the carry flag read, PTX ISA 9.7.2) or by qualifiers the lowering
//   reads (cvta.to, bar.red, mul.hi/.wide, ret in an entry = exit).
// - analyses: how it transfers control (PTX ISA 9.7.12), what it does to a
//   thread index (for the divergence lint), how its register operands may
//   exceed its type (PTX ISA 6.4.1), whether its result differs per lane
//   for equal operands (atom, PTX ISA 9.7.13.5).
//
//===----------------------------------------------------------------------===//

// Slots of the general families whose operands all follow the type.
def TypedDst : Slot<"d", Dest, InstrType, []>;
def TypedSrc : Slot<"a", Source, InstrType, [IntImm, F32Imm, F64Imm]>;
class UnaryTyped<int n> { OperandCheck Check = OperandCheck<n, n, [TypedDst, TypedSrc]>; }
class BinaryTyped<int n> { OperandCheck Check = OperandCheck<n, n, [TypedDst, TypedSrc, TypedSrc]>; }
class OperandSizeIs<SizeRule r> { SizeRule OperandSize = r; }

// bar / barrier (PTX ISA 9.7.13.1): their words are their syntax rows
// (Forms/Sync.td), which set each form's operand count (barrier.cluster
// takes none); 16 named barriers, so a constant barrier number must be
// below 16. .cta, .arrive, .red (and .cluster, .wait) name the instruction.
class CtaBarrier<string variants> {
  OperandCheck Check = OperandCheck<0, 4>;
  int BarrierIdLimit = 16;
  string TypeNameModes = variants;
}

// Reasons several opcodes share for not running.
defvar NoTextures = "textures and surfaces need bound texture/surface objects, which a launch does not describe";
defvar NoStack = "ptx-run has no per-thread dynamic stack to allocate from (only the .local variables the kernel declares)";
defvar NoCluster = "addresses in other CTAs of a cluster are not modelled";

def : Opcode<"abs">, Checked<2>, Runs<"Abs">, Exact<0b11>, Typed<>;
def : Opcode<"activemask">;
def : Opcode<"add">, BinaryTyped<3>, Runs<"Add">, Arith<ArithAdd>, Typed<>, Folds<FoldAdd>;
def : Opcode<"addc">, Checked<3>, Runs<"Add">, Typed<> { let CarryIn = 1; }
def : Opcode<"alloca">, Refused<NoStack>;
def : Opcode<"and">, BinaryTyped<3>, Runs<"And">, Arith<ArithBitAnd>, Typed<>, Folds<FoldAnd>;
def : Opcode<"applypriority">, Checked<2>, Runs<"Fence">, Memory<0>;
def : Opcode<"atom">, Runs<"Atom">, Memory<1>, Typed<> { let ResultVariesPerLane = 1; }
def : Opcode<"bar">, CtaBarrier<"cta,arrive,red">, Runs<"BarSync"> { let AlignedForm = 1; }
def : Opcode<"barrier">, CtaBarrier<"cta,arrive,red,cluster,wait">, Runs<"BarSync">;
def : Opcode<"bfe">, Checked<4>, Runs<"Bfe">, Typed<>;
def : Opcode<"bfi">, Checked<5>, Runs<"Bfi">, Typed<>;
def : Opcode<"bfind">, Checked<2>, Runs<"Bfind">, Typed<>;
def : Opcode<"bmsk">, Checked<3>, Runs<"Bmsk">;
def : Opcode<"bra">, Checked<1>, Runs<"Bra">, Flow<Branch>;
def : Opcode<"brev">, Checked<2>, Runs<"Brev">, Typed<>;
def : Opcode<"brkpt">, Checked<0>, Refused<"a breakpoint suspends the thread for a debugger, and ptx-run has none">;
def : Opcode<"brx">, Runs<"BrxIdx">, Flow<IndirectBranch> { let TypeNameModes = "idx"; }
def : Opcode<"call">, Runs<"Call"> { let Inlined = 1; }
def : Opcode<"clusterlaunchcontrol">, Refused<"cancelling and querying CTAs that the hardware schedules is not modelled"> { let TypeNameModes = "try_cancel,async,query_cancel"; }
def : Opcode<"clz">, Checked<2>, Runs<"Clz">, Typed<>;
def : Opcode<"cnot">, UnaryTyped<2>, Runs<"CNot">, Typed<>;
def : Opcode<"copysign">, Checked<3>, Runs<"Copysign">, Typed<>;
def : Opcode<"cos">, Checked<2>, Runs<"Cos">, Typed<>;
def : Opcode<"cp">, Checked<0, 6>, Runs<"AsyncCopy"> { let TypeNameModes = "async,reduce,bulk,tensor,prefetch,commit_group,wait_group,wait_all,mbarrier,arrive"; }
def : Opcode<"createpolicy">, Checked<1, 4>, Refused<"the cache-eviction policy it creates is an opaque hardware value, which ptx-run does not model"> { let TypeNameModes = "fractional,range,cvt"; }
def : Opcode<"cvt">, Checked<2, 4>, Runs<"Cvt">, Arith<ArithCopy>, OperandSizeIs<SizeConvert>, Typed<"pack"> { let ReadsSpecialRegs = 1; }
def : Opcode<"cvta">, Checked<2>, Runs<"Cvta">, Memory<1>, Typed<"to">, Code32Rule<"type">;
def : Opcode<"discard">, Checked<2>, Memory<0>, Refused<"discard leaves the cache line's contents indeterminate, which ptx-run's memory cannot represent">;
def : Opcode<"div">, Checked<3>, Runs<"Div">, Arith<ArithDivide>, Exact<0b111>, Typed<"full">;
def : Opcode<"dp2a">, Checked<4>, Runs<"Dp2a">, Typed<"hi,lo">;
def : Opcode<"dp4a">, Checked<4>, Runs<"Dp4a">, Typed<>;
def : Opcode<"elect">;
def : Opcode<"ex2">, Checked<2>, Runs<"Ex2">, Typed<>;
def : Opcode<"exit">, Checked<0>, Runs<"Exit">, Flow<ExitThread>;
def : Opcode<"fence">, Checked<0, 2>, Runs<"Fence"> { let TypeNameModes = "proxy"; }
def : Opcode<"fma">, Checked<4>, Runs<"Fma">, Typed<>;
def : Opcode<"fns">, Checked<4>, Runs<"Fns">;
def : Opcode<"getctarank">, Refused<NoCluster>;
def : Opcode<"griddepcontrol">, Checked<0>, Runs<"Fence">;
def : Opcode<"isspacep">, Runs<"Isspacep">;
def : Opcode<"istypep">, Checked<2>, Refused<NoTextures>;
def : Opcode<"ld">, Runs<"Ld">, OperandSizeIs<SizeLoad>, Checked<2, 3>, Memory<1>, Typed<> { let CachePolicyOperand = 2; }
def : Opcode<"ldmatrix">, Checked<2>, Runs<"Collective">;
def : Opcode<"ldu">, Runs<"Ld">, OperandSizeIs<SizeLoad>, Memory<1>, Typed<>;
def : Opcode<"lg2">, Checked<2>, Runs<"Lg2">, Typed<>;
def : Opcode<"lop3">, Checked<5, 6>, Runs<"Lop3">, Typed<>;
def : Opcode<"mad">, Checked<4>, Runs<"Mad">, Exact<0b1111, 0b110>, Typed<"hi,lo,wide">;
def : Opcode<"mad24">, Checked<4>, Runs<"Mad24">, Typed<"hi,lo">;
def : Opcode<"madc">, Checked<4>, Runs<"Mad">, Typed<"hi,lo"> { let CarryIn = 1; }
def : Opcode<"mapa">, Refused<NoCluster>;
def : Opcode<"match">;
def : Opcode<"max">, Checked<3, 4>, Runs<"Max">, Exact<0b111>, Typed<>;
def : Opcode<"mbarrier">, Checked<1, 4>, Runs<"Mbarrier">, Code32Rule<"generic"> { let TypeNameModes = "init,inval,arrive,arrive_drop,expect_tx,complete_tx,test_wait,try_wait,parity,pending_count"; }
def : Opcode<"membar">, Checked<0>, Runs<"Fence"> { let TypeNameModes = "proxy"; }
def : Opcode<"min">, Checked<3, 4>, Runs<"Min">, Exact<0b111>, Typed<>;
// mma: its syntax rows (Forms/Matrix.td) say which forms run (the
// collective each names) and check their operands; d, a, b, c, and the
// block-scale and sparse forms' further operands.
def : Opcode<"mma">, Checked<4, 10>, Runs<"Collective">;
def : Opcode<"mov">, Runs<"Mov">, Arith<ArithCopy>, Folds<FoldCopy>, Code32Rule<"global">;
def : Opcode<"movmatrix">;
def : Opcode<"mul">, Checked<3>, Runs<"Mul">, Exact<0b111, 0b110>, Typed<"hi,lo,wide">;
def : Opcode<"mul24">, Checked<3>, Runs<"Mul24">, Typed<"hi,lo">;
def : Opcode<"multimem">, Refused<"multimem addresses name memory on several GPUs; ptx-run models one">, Code32Rule<"address"> { let TypeNameModes = "ld_reduce,st,red"; }
def : Opcode<"nanosleep">, Checked<1>, Runs<"Fence">;
def : Opcode<"neg">, UnaryTyped<2>, Runs<"Neg">, Typed<>;
def : Opcode<"not">, UnaryTyped<2>, Runs<"Not">, Typed<>, Folds<FoldNot>;
def : Opcode<"or">, BinaryTyped<3>, Runs<"Or">, Typed<>, Folds<FoldOr>;
def : Opcode<"pmevent">, Checked<1>, Runs<"Fence"> { let TypeNameModes = "mask"; }
def : Opcode<"popc">, Checked<2>, Runs<"Popc">, Typed<>;
def : Opcode<"prefetch">, Runs<"Fence">, Memory<0>;
def : Opcode<"prefetchu">, Runs<"Fence">, Memory<0>;
def : Opcode<"prmt">, Checked<4>, Runs<"Prmt">, Typed<>;
def : Opcode<"rcp">, Checked<2>, Runs<"Rcp">, Typed<>;
def : Opcode<"red">, Runs<"Red">, Memory<0>, Typed<"async">;
def : Opcode<"redux">;
def : Opcode<"rem">, Checked<3>, Runs<"Rem">, Exact<0b111>, Typed<>;
def : Opcode<"ret">, Checked<0>, Runs<"Ret">, Flow<Return>;
def : Opcode<"rsqrt">, Checked<2>, Runs<"Rsqrt">, Typed<>;
def : Opcode<"sad">, Checked<4>, Runs<"Sad">, Typed<>;
def : Opcode<"selp">, Checked<4>, Runs<"Selp">, Typed<>;
def : Opcode<"set">, Checked<3, 4>, Runs<"Set">, Typed<>;
def : Opcode<"setmaxnreg">, Checked<1>, Refused<"warpgroup register reallocation is not modelled"> { let TypeNameModes = "inc,dec"; }
def : Opcode<"setp">, Checked<3, 4>, Runs<"Setp">, Arith<ArithCompare>, Typed<>;
def : Opcode<"shf">, Checked<4>, Runs<"Shf">, Typed<"l,r">;
def : Opcode<"shfl">;
def : Opcode<"shl">, Checked<3>, Runs<"Shl">, Exact<0b11>, Typed<>, Folds<FoldShl>;
def : Opcode<"shr">, Checked<3>, Runs<"Shr">, Arith<ArithShiftRight>, Exact<0b11>, Typed<>, Folds<FoldShr>;
def : Opcode<"sin">, Checked<2>, Runs<"Sin">, Typed<>;
def : Opcode<"slct">, Checked<4>, Runs<"Slct">, Typed<>;
def : Opcode<"sqrt">, Checked<2>, Runs<"Sqrt">, Typed<>;
def : Opcode<"st">, Runs<"St">, OperandSizeIs<SizeStore>, Checked<2, 3>, Memory<0>, Typed<"async,bulk"> { let CachePolicyOperand = 2; }
def : Opcode<"stackrestore">, Refused<NoStack>;
def : Opcode<"stacksave">, Refused<NoStack>;
def : Opcode<"stmatrix">, Checked<2>, Runs<"Collective">;
def : Opcode<"sub">, BinaryTyped<3>, Runs<"Sub">, Arith<ArithSub>, Typed<>, Folds<FoldSub>;
def : Opcode<"subc">, Checked<3>, Runs<"Sub">, Typed<> { let CarryIn = 1; }
def : Opcode<"suld">, Checked<2>, Refused<NoTextures>, Image<0, 1> { let TypeNameModes = "b,p"; }
def : Opcode<"suq">, Checked<2>, Refused<NoTextures>;
def : Opcode<"sured">, Checked<2>, Refused<NoTextures> { let TypeNameModes = "b,p"; }
def : Opcode<"sust">, Checked<2>, Refused<NoTextures>, Image<1, 1> { let TypeNameModes = "b,p"; }
def : Opcode<"szext">, Checked<3>, Runs<"Szext">;
def : Opcode<"tanh">, Checked<2>, Runs<"Tanh">, Typed<>;
// tcgen05: its syntax rows (Forms/Tcgen05.td) check the forms; none runs.
def : Opcode<"tcgen05">, Checked<0, 12>, Refused<"Tensor Memory and the fifth-generation tensor core instructions (sm_100a) are not modelled"> { let TypeNameModes = "alloc,dealloc,relinquish_alloc_permit,ld,st,red,wait::ld,wait::st,fence::before_thread_sync,fence::after_thread_sync,commit,cp,shift,mma,sp,ws"; }
def : Opcode<"tensormap">, Refused<"tensor-map objects (the descriptors of bulk tensor copies) are not modelled"> { let TypeNameModes = "replace,cp_fenceproxy"; }
def : Opcode<"testp">, Runs<"Testp">, Typed<>;
def : Opcode<"tex">, Checked<2, 6>, Refused<NoTextures>, Image<0> { let TypeNameModes = "base,level,grad"; }
def : Opcode<"tld4">, Checked<2, 4>, Refused<NoTextures>, Image<0>;
def : Opcode<"trap">, Checked<0>, Runs<"Trap">, Flow<ExitThread>;
def : Opcode<"txq">, Checked<2, 3>, Refused<NoTextures> { let TypeNameModes = "level"; }
def : Opcode<"vabsdiff">, Checked<3, 4>, Runs<"VAbsdiff">;
def : Opcode<"vabsdiff2">, Checked<4>, Runs<"VAbsdiff2">;
def : Opcode<"vabsdiff4">, Checked<4>, Runs<"VAbsdiff4">;
def : Opcode<"vadd">, Checked<3, 4>, Runs<"VAdd">;
def : Opcode<"vadd2">, Checked<4>, Runs<"VAdd2">;
def : Opcode<"vadd4">, Checked<4>, Runs<"VAdd4">;
def : Opcode<"vavrg2">, Checked<4>, Runs<"VAvrg2">;
def : Opcode<"vavrg4">, Checked<4>, Runs<"VAvrg4">;
def : Opcode<"vmad">, Checked<4>, Runs<"VMad">;
def : Opcode<"vmax">, Checked<3, 4>, Runs<"VMax">;
def : Opcode<"vmax2">, Checked<4>, Runs<"VMax2">;
def : Opcode<"vmax4">, Checked<4>, Runs<"VMax4">;
def : Opcode<"vmin">, Checked<3, 4>, Runs<"VMin">;
def : Opcode<"vmin2">, Checked<4>, Runs<"VMin2">;
def : Opcode<"vmin4">, Checked<4>, Runs<"VMin4">;
def : Opcode<"vote">;
def : Opcode<"vset">, Checked<3, 4>, Runs<"VSet">;
def : Opcode<"vset2">, Checked<4>, Runs<"VSet2">;
def : Opcode<"vset4">, Checked<4>, Runs<"VSet4">;
def : Opcode<"vshl">, Checked<3, 4>, Runs<"VShl">;
def : Opcode<"vshr">, Checked<3, 4>, Runs<"VShr">;
def : Opcode<"vsub">, Checked<3, 4>, Runs<"VSub">;
def : Opcode<"vsub2">, Checked<4>, Runs<"VSub2">;
def : Opcode<"vsub4">, Checked<4>, Runs<"VSub4">;
// wgmma: its syntax rows (Forms/Wgmma.td) check every form; none runs.
def : Opcode<"wgmma">, Checked<0, 8>, Refused<"warpgroup-level asynchronous matrix multiply (sm_90a) is not modelled"> { let TypeNameModes = "fence,commit_group,wait_group,mma_async"; }
// wmma: its syntax rows (Forms/Wmma.td) check it; lib/Lower/LowerWmma.cpp
// lowers each form from its words (refusing, naming the form, what it does
// not execute) to the collectives of Forms/WmmaSemantics.td.
def : Opcode<"wmma">, Checked<2, 4>, Runs<"Collective"> { let TypeNameModes = "load,store,mma,a,b,c,d"; let LowersWmma = 1; }
def : Opcode<"xor">, BinaryTyped<3>, Runs<"Xor">, Typed<>, Folds<FoldXor>;

//===----------------------------------------------------------------------===//
// Modifier words ptxas knows on some instruction: a known word in the wrong
// place is "Illegal modifier", an unknown one "Unknown modifier" (both are
// errors). The words of the listed mode sets, and the others.
//===----------------------------------------------------------------------===//

def KnownModifiers : ModifierVocabulary<
    [ShflMode, VoteMode, MatchMode, ReduxOp, Rounding, BoolOp],
    ["sync", "aligned", "abs", "NaN", "cta", "gpu", "sys", "cluster", "warp", "relaxed", "acquire", "release", "acq_rel", "sc", "volatile", "shared", "global", "local", "const", "param", "generic", "wide", "hi", "lo", "ftz", "sat", "approx", "full", "arrive", "red", "popc", "cc", "to", "nc", "v2", "v4", "v8", "x1", "x2", "x4"]>;
