//===- Wmma.td - wmma: the warp-level matrix load, store and multiply -----===//
//
// PTX ISA 9.0, 9.7.14.4 "Matrix multiply-accumulate operation using wmma
// instructions": 9.7.14.4.1 wmma.load, 9.7.14.4.2 wmma.store, 9.7.14.4.3
// wmma.mma (the section numbers shift between ISA versions; the names do
// not). The syntax blocks:
//
//   wmma.load.{a,b,c}.sync.aligned.layout.shape{.ss}.type r, [p] {, stride};
//   wmma.store.d.sync.aligned.layout.shape{.ss}.type [p], r {, stride};
//   wmma.mma.sync.aligned.alayout.blayout.shape.dtype.ctype d, a, b, c;
//   wmma.mma.sync.aligned.alayout.blayout.shape.s32.atype.btype.s32{.satfinite}
//   wmma.mma.sync.aligned.alayout.blayout.shape.f32.atype.btype.f32  (bf16, tf32)
//   wmma.mma.sync.aligned.alayout.blayout.shape{.rnd}.f64.f64.f64.f64
//   wmma.mma.sync.aligned.row.col.m8n8k32.s32.atype.btype.s32{.satfinite}
//   wmma.mma.op.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32
//   .layout = {.row, .col}; .ss = {.global, .shared{::cta}};
//   .shape .m16n16k16 .m8n32k16 .m32n8k16: .f16 (.f16/.f32 C and D), .s8/.u8
//     (.s32), .bf16 (.f32); .m16n16k8: .tf32 (.f32); .m8n8k4: .f64;
//     .m8n8k32: .s4/.u4 (A .row, B .col); .m8n8k128: .b1 (A .row, B .col);
//   .rnd = {.rn, .rz, .rm, .rp}; .op = {.xor, .and}.
//
// r, d, a, b, c are brace lists of the registers of one lane's fragment
// (the ISA's "Matrix fragments for WMMA"): per shape and type, A and B
// take: .f16 8 (two halves a register); .s8/.u8 m16n16k16 2/2, m8n32k16 1/4,
// m32n8k16 4/1; .bf16 m16n16k16 4/4, m8n32k16 2/8, m32n8k16 8/2; .tf32 4/4;
// .f64 1/1; .s4/.u4 and .b1 1/1. C and D: .f16 4, .f32 and .s32 8 (the
// m8n8k32/m8n8k128 .s32 and the .f64 ones 2).
//
// What ptxas 13.0 enforces beyond the text (utils/ptxas-diff/wmma_diff.py
// enumerates it; test/Sema/wmma-ptxas-diff.test replays its verdicts):
// - ptxas names the instruction 'wmma.load.a', 'wmma.store.d', 'wmma.mma'
//   (the opcode's variant words), and the other words may come in any
//   order; two layouts on a load or store is "layout modifier required";
// - the register types each list accepts are below (the first of a list
//   decides, lib/Sema/RowVectors.cpp); the stride is a 32-bit integer
//   register or an integer constant; the address any `[p]` but an
//   immediate one, its variable in the state space written (the generic
//   space takes .global, .shared and .local ones), a 32-bit register too;
// - the gates: "Feature 'WMMA with floating point types'" (sm_70),
//   "'WMMA with integer types'" (PTX 6.3, sm_72), sub-byte and .b1 (PTX 6.3,
//   sm_75), .bf16/.tf32/.f64 (PTX 7.0, sm_80), .and (PTX 7.1, sm_80), the
//   .m8n32k16/.m32n8k16 shapes PTX 6.1, and .aligned PTX 6.3. Before PTX 6.3
//   the ISA's wmma had no .aligned; the rows require it (as ptxas does from
//   6.3 on), so pre-6.3 code without .aligned is refused (not seen from
//   nvcc since CUDA 10);
// - wmma.load and wmma.store take a vector word (.v2, .v4, .v8; "Multiple
//   vector modifiers specified") that must name the size of their brace
//   list ("Argument vector size mismatch"; ptxas warns "Vector Type not
//   specified properly") and, with the type, hold at most 128 bits ("Vector
//   type too large"); wmma.mma refuses one (its lists differ in size);
// - .satfinite on a floating-point wmma.mma is refused from PTX 6.5 on
//   ("is not supported starting from PTX ISA version 6.5", the rows' Refuse;
//   before 6.5 ptxas only warns, and the rows refuse it too).
//
// The rows are checked; ptx-run refuses wmma (Opcodes.td), naming it.
//
//===----------------------------------------------------------------------===//

// The register types of a fragment (ptxas 13.0, enumerated): packed .f16
// pairs take .b32 and .f16x2; .f32 accumulators .f32 and .b32; .s32
// accumulators and .s8/.u8 A/B the 32-bit integer types; .bf16/.tf32 A/B
// .b32 only; .f64 .f64 and .b64 (wmma.mma's C and D also .u64/.s64); the
// sub-byte and .b1 A/B of wmma.load any 32-bit type (of wmma.mma the integer
// ones).
defvar WRegsF16 = "b32,f16x2";
defvar WRegsF32 = "f32,b32";
defvar WRegsS32 = "s32,b32,u32";
defvar WRegsInt = "b32,u32,s32";
defvar WRegsAny32 = "b32,u32,s32,f32,f16x2";
defvar WRegsBf16 = "b32";
defvar WRegsTf32 = "b32";
defvar WRegsF64 = "f64,b64";
defvar WRegsF64D = "f64,b64,u64,s64";
// The stride: a 32-bit integer register or an integer constant.
defvar WRegsStride = "u32,b32,s32,int"; // and an integer constant

defvar WmmaSync = Words<"sync", "sync">;
defvar WmmaSS = Words<"ss", "global,shared,shared::cta",
    "Unexpected number of state spaces specified in instruction '{instr}'",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
defvar WmmaMissing = [
  Missing<"sync", ".sync modifier required for instruction '{instr}'">,
  Missing<"aligned", ".aligned modifier required for instruction '{instr}'">,
  Missing<"shape", "Shape modifier required for instruction '{instr}'">,
  Missing<"layout", "layout modifier required for instruction '{instr}'">];
// .aligned arrived with PTX 6.3.
defvar WmmaAlignedGate = QualGate<"aligned", Version<6, 3>,
    "Feature '.aligned modifier for wmma' requires PTX ISA .version 6.3 or later",
    0, "">;

// The gates, with ptxas 13.0's feature names.
class WmmaGate<int major, int minor, string feature, int sm,
               string targetFeature = feature>
    : Gate<Version<major, minor>, feature, sm, targetFeature, 1>;
defvar IntGate = WmmaGate<6, 3, "WMMA with integer types", 72>;
defvar SubByteGate = WmmaGate<6, 3, "WMMA with sub-byte integer types", 75>;
defvar B1Gate = WmmaGate<6, 3, "WMMA with single-bit type", 75>;
defvar Bf16Gate = WmmaGate<7, 0, ".bf16", 80>;
defvar Tf32Gate = WmmaGate<7, 0, "WMMA with .bf16/.tf32 FP types", 80>;
defvar F64Gate = WmmaGate<7, 0, "WMMA with fp64 types", 80>;

// The .f16 shapes' version: m16n16k16 PTX 6.0, the others 6.1.
class ShapeFpGate<string shape>
    : Gate<Version<6, !if(!eq(shape, "m16n16k16"), 0, 1)>,
           !if(!eq(shape, "m16n16k16"), "WMMA with floating point types",
               "." # shape),
           70, "WMMA with floating point types", 1>;

// A load or store row: `wmma.<variant>.sync.aligned.layout.shape{.ss}.type`,
// its brace list of `count` registers of `regs`, the address and the
// optional stride.
class WmmaLdSt<string variant, string layout, string shape, string type,
               int count, string regs, Gate gate>
    : Syntax<"wmma." # variant # ".sync.aligned.layout.shape{.ss}{.vec}." # type,
             [WmmaSync, MmaAligned, MmaShape<shape>,
              Words<"layout", layout,
                    "layout modifier required for instruction '{instr}'",
                    "layout modifier required for instruction '{instr}'">,
              WmmaSS], gate>,
      Operands<2, 3>,
      RowOperands<!if(!eq(variant, "store.d"),
                      [RowOperand<AddressRole, 0, "generic">,
                       RowOperand<Source, count, regs>,
                       RowOperand<Source, 0, WRegsStride>],
                      [RowOperand<Dest, count, regs>,
                       RowOperand<AddressRole, 0, "generic">,
                       RowOperand<Source, 0, WRegsStride>])>,
      WordGated<[WmmaAlignedGate]> {
  let MissingMessages = WmmaMissing;
}

// A wmma.mma row: `wmma.mma<op>.sync.aligned.alayout.blayout.shape<words>.<types>`.
class WmmaMma<string op, string shape, string words, string types,
              list<WordSet> sets, Gate gate, int d, string dregs, int a,
              string aregs, int b, string bregs, int c, string cregs,
              bit anyLayout = 1, list<QualGate> wordGates = []>
    : Syntax<"wmma.mma" # op # ".sync.aligned.alayout.blayout.shape" # words
                 # "." # types,
             !listconcat([WmmaSync, MmaAligned, MmaShape<shape>],
                         !if(anyLayout, [AnyALayout, AnyBLayout],
                                        [RowOnly, ColOnly]),
                         sets), gate>,
      RowOperands<[RowOperand<Dest, d, dregs>, RowOperand<Source, a, aregs>,
                   RowOperand<Source, b, bregs>, RowOperand<Source, c, cregs>]>,
      WordGated<!listconcat([WmmaAlignedGate], wordGates)> {
  let MissingMessages = MmaMissing;
}

// A shape's A and B fragment sizes for one type.
class WFrag<string shape, int a, int b> {
  string Shape = shape;
  int A = a;
  int B = b;
}
defvar F16Frags = [WFrag<"m16n16k16", 8, 8>, WFrag<"m8n32k16", 8, 8>,
                   WFrag<"m32n8k16", 8, 8>];
defvar I8Frags = [WFrag<"m16n16k16", 2, 2>, WFrag<"m8n32k16", 1, 4>,
                  WFrag<"m32n8k16", 4, 1>];
defvar Bf16Frags = [WFrag<"m16n16k16", 4, 4>, WFrag<"m8n32k16", 2, 8>,
                    WFrag<"m32n8k16", 8, 2>];

defvar AnyLayout = "row,col";

//===----------------------------------------------------------------------===//
// wmma.load and wmma.store
//===----------------------------------------------------------------------===//

foreach s = F16Frags in {
  foreach m = ["a", "b"] in
    def : WmmaLdSt<"load." # m, AnyLayout, s.Shape, "f16", 8, WRegsF16,
                   ShapeFpGate<s.Shape>>;
  def : WmmaLdSt<"load.c", AnyLayout, s.Shape, "f16", 4, WRegsF16,
                 ShapeFpGate<s.Shape>>;
  def : WmmaLdSt<"load.c", AnyLayout, s.Shape, "f32", 8, WRegsF32,
                 ShapeFpGate<s.Shape>>;
  def : WmmaLdSt<"store.d", AnyLayout, s.Shape, "f16", 4, WRegsF16,
                 ShapeFpGate<s.Shape>>;
  def : WmmaLdSt<"store.d", AnyLayout, s.Shape, "f32", 8, WRegsF32,
                 ShapeFpGate<s.Shape>>;
  def : WmmaLdSt<"load.c", AnyLayout, s.Shape, "s32", 8, WRegsS32, IntGate>;
  def : WmmaLdSt<"store.d", AnyLayout, s.Shape, "s32", 8, WRegsS32, IntGate>;
}
foreach s = I8Frags in
foreach t = ["s8", "u8"] in {
  def : WmmaLdSt<"load.a", AnyLayout, s.Shape, t, s.A, WRegsInt, IntGate>;
  def : WmmaLdSt<"load.b", AnyLayout, s.Shape, t, s.B, WRegsInt, IntGate>;
}
foreach s = Bf16Frags in {
  def : WmmaLdSt<"load.a", AnyLayout, s.Shape, "bf16", s.A, WRegsBf16, Bf16Gate>;
  def : WmmaLdSt<"load.b", AnyLayout, s.Shape, "bf16", s.B, WRegsBf16, Bf16Gate>;
}
// .tf32: m16n16k8, with .f32 C and D.
foreach m = ["a", "b"] in
  def : WmmaLdSt<"load." # m, AnyLayout, "m16n16k8", "tf32", 4, WRegsTf32, Tf32Gate>;
def : WmmaLdSt<"load.c", AnyLayout, "m16n16k8", "f32", 8, WRegsF32, Tf32Gate>;
def : WmmaLdSt<"store.d", AnyLayout, "m16n16k8", "f32", 8, WRegsF32, Tf32Gate>;
// .f64: m8n8k4.
foreach m = ["a", "b"] in
  def : WmmaLdSt<"load." # m, AnyLayout, "m8n8k4", "f64", 1, WRegsF64, F64Gate>;
def : WmmaLdSt<"load.c", AnyLayout, "m8n8k4", "f64", 2, WRegsF64, F64Gate>;
def : WmmaLdSt<"store.d", AnyLayout, "m8n8k4", "f64", 2, WRegsF64, F64Gate>;
// Sub-byte (.s4/.u4, m8n8k32) and single-bit (.b1, m8n8k128): A .row and
// B .col only; .s32 C and D in either layout.
class WSub<string shape, string type, Gate gate> {
  string Shape = shape;
  string Type = type;
  Gate G = gate;
}
foreach s = [WSub<"m8n8k32", "s4", SubByteGate>, WSub<"m8n8k32", "u4", SubByteGate>,
             WSub<"m8n8k128", "b1", B1Gate>] in {
  def : WmmaLdSt<"load.a", "row", s.Shape, s.Type, 1, WRegsAny32, s.G>;
  def : WmmaLdSt<"load.b", "col", s.Shape, s.Type, 1, WRegsAny32, s.G>;
}
foreach s = [WSub<"m8n8k32", "s32", SubByteGate>, WSub<"m8n8k128", "s32", B1Gate>] in {
  def : WmmaLdSt<"load.c", AnyLayout, s.Shape, "s32", 2, WRegsS32, s.G>;
  def : WmmaLdSt<"store.d", AnyLayout, s.Shape, "s32", 2, WRegsS32, s.G>;
}

//===----------------------------------------------------------------------===//
// wmma.mma
//===----------------------------------------------------------------------===//

defvar FpSatfinite = Refuse<"satfinite", "satfinite",
    "Instruction ''wmma.mma' with floating point type' with '.satfinite' is "
    # "not supported starting from PTX ISA version 6.5">;
// ptxas 13.0 takes .satfinite twice.
defvar WSat = Words<"satfinite", "satfinite">;

foreach s = F16Frags in
foreach d = ["f16", "f32"] in
foreach c = ["f16", "f32"] in
  def : WmmaMma<"", s.Shape, "{.satfinite}", d # "." # c, [WSat],
                ShapeFpGate<s.Shape>,
                !if(!eq(d, "f16"), 4, 8), !if(!eq(d, "f16"), WRegsF16, WRegsF32),
                8, WRegsF16, 8, WRegsF16,
                !if(!eq(c, "f16"), 4, 8), !if(!eq(c, "f16"), WRegsF16, WRegsF32)>,
        Refuses<[FpSatfinite]>;
// A and B of one type (ptxas 13.0 refuses .s8.u8: "Unexpected instruction
// types", though the ISA lists .atype and .btype apart).
foreach s = I8Frags in
foreach t = ["s8", "u8"] in
  def : WmmaMma<"", s.Shape, "{.satfinite}", "s32." # t # "." # t # ".s32",
                [WSat], IntGate, 8, WRegsS32, s.A, WRegsInt, s.B, WRegsInt,
                8, WRegsS32>;
foreach s = Bf16Frags in
  def : WmmaMma<"", s.Shape, "", "f32.bf16.bf16.f32", [], Bf16Gate,
                8, WRegsF32, s.A, WRegsBf16, s.B, WRegsBf16, 8, WRegsF32>;
def : WmmaMma<"", "m16n16k8", "", "f32.tf32.tf32.f32", [], Tf32Gate,
              8, WRegsF32, 4, WRegsTf32, 4, WRegsTf32, 8, WRegsF32>;
def : WmmaMma<"", "m8n8k4", "{.rnd}", "f64.f64.f64.f64", [], F64Gate,
              2, WRegsF64D, 1, WRegsF64, 1, WRegsF64, 2, WRegsF64D>;
foreach t = ["s4", "u4"] in
  def : WmmaMma<"", "m8n8k32", "{.satfinite}", "s32." # t # "." # t # ".s32",
                [WSat], SubByteGate, 2, WRegsS32, 1, WRegsInt, 1, WRegsInt,
                2, WRegsS32, /*anyLayout=*/0>;
def : WmmaMma<".xor.popc", "m8n8k128", "", "s32.b1.b1.s32", [], B1Gate,
              2, WRegsS32, 1, WRegsInt, 1, WRegsInt, 2, WRegsS32,
              /*anyLayout=*/0>;
def : WmmaMma<".and.popc", "m8n8k128", "", "s32.b1.b1.s32", [], B1Gate,
              2, WRegsS32, 1, WRegsInt, 1, WRegsInt, 2, WRegsS32,
              /*anyLayout=*/0,
              [QualGate<"and", Version<7, 1>,
                        "Modifier '.and' on 'wmma.mma' requires PTX ISA "
                        # ".version 7.1 or later", 80,
                        "Modifier '.and' on 'wmma.mma' requires .target sm_80 "
                        # "or higher">]>;
