//===- Matrix.td - mma: the warp-level matrix multiply-accumulate ---------===//
//
// PTX ISA 9.0, 9.7.14.5.14 "Warp-level matrix multiply-accumulate
// instructions: mma" (the section numbers shift by one between ISA
// versions; the name does not). Every form of the syntax block, with what
// ptxas 13.0 enforces where it differs from the text or the text is silent
// (each fact below was found by running ptxas; utils/ptxas-diff/mma_diff.py
// enumerates them and test/Sema/mma-ptxas-diff.test replays its verdicts):
// - the qualifier words may come in any order, but the first .row/.col is
//   A's layout and the second B's ("Illegal alayout '.col'"), and a third
//   is a parse error;
// - the four types are .dtype.atype.btype.ctype in that order; with .f16
//   A and B the m16n8k8/k16 forms need .dtype = .ctype, m8n8k4 takes
//   .f16/.f16, .f32/.f16 and .f32/.f32 (".dtype must be '.f32' when .ctype
//   is '.f32'"); the fp8 forms need .dtype = .ctype too;
// - every operand is a brace list, even of one register ("Vector expected
//   for argument 1"), of the size the form's fragment has ("Argument vector
//   size mismatch"); the register types each accepts are below;
// - the gates: PTX version and target per shape and type (the ISA's
//   "Target ISA notes" and "PTX ISA notes", as ptxas applies them; the
//   kind::f8f6f4 forms only on the sm_100a/sm_120a families).
// The rows name the semantics function of lib/Interp/MatrixOps.cpp that
// computes them (fragment layouts and numerics are documented there); a row
// without one (the sparse kind::f8f6f4 ones) is checked but
// refused by ptx-run, naming the form. mma.sp's rows are at the end of this
// file.
//
//===----------------------------------------------------------------------===//

// The register types an operand accepts (ptxas 13.0), the first being the
// operand's own type (ptxas checks the first register of a brace list;
// lib/Sema/RowOperands.cpp): f32 accumulators take .f32 and .b32
// registers; packed .f16 fragments .b32 and .f16x2; .tf32 and .bf16
// fragments .b32 only; .s32 accumulators the 32-bit integer types; the integer, fp8,
// sub-byte and .b1 fragments any 32-bit register; .f64 any 64-bit one but
// none of the 32-bit ones.
defvar RegsF32 = "f32,b32";
defvar RegsTf32 = "b32";
defvar RegsF16x2 = "b32,f16x2";
defvar RegsBf16x2 = "b32";
defvar RegsS32 = "s32,b32,u32";
defvar Regs32 = "b32,u32,s32,f32,f16x2";
defvar RegsF64 = "f64,b64,u64,s64";

class MmaOperands<int d, string dregs, int a, string aregs, int b,
                  string bregs, int c, string cregs>
    : RowOperands<[RowOperand<Dest, d, dregs>, RowOperand<Source, a, aregs>,
                   RowOperand<Source, b, bregs>, RowOperand<Source, c, cregs>]>;

// The shapes ptxas knows: a shape word no mma row takes (a wmma shape) is
// "Illegal matrix shape" (an unknown word is "Unknown modifier").
def : WordSet<"matrix shapes",
    "m8n8k4,m8n8k16,m8n8k32,m8n8k128,m16n8k4,m16n8k8,m16n8k16,m16n8k32,"
    # "m16n8k64,m16n8k128,m16n8k256,m16n16k16,m32n8k16,m8n32k16,m16n16k8,"
    # "m8n8,m16n16,m8n16,m16n8k64">{
  let Untaken = "Illegal matrix shape '.{word}' for instruction '{instr}'";
}

// The words every row has, with ptxas's messages when they are missing or
// written twice.
defvar MmaAligned = Words<"aligned", "aligned", "",
                          "Multiple .aligned modifiers specified">;
class MmaShape<string shape>
    : Words<"shape", shape, "Multiple matrix shape modifiers specified",
            "Multiple matrix shape modifiers specified">;
defvar RowOnly = Words<"alayout", "row", "", "", "layout">;
defvar ColOnly = Words<"blayout", "col", "", "", "layout">;
defvar AnyALayout = Words<"alayout", "row,col", "", "", "layout">;
defvar AnyBLayout = Words<"blayout", "row,col", "", "", "layout">;
defvar MmaMissing = [
  Missing<"sync", ".sync modifier required for instruction '{instr}'">,
  Missing<"aligned", ".aligned modifier required for instruction '{instr}'">,
  Missing<"shape", "Shape modifier required for instruction '{instr}'">,
  Missing<"alayout", "'.alayout.blayout' modifier required for instruction '{instr}'">,
  Missing<"blayout", "'.blayout' modifier required for instruction '{instr}'">];

// A row: `mma.sync.aligned.<shape>.alayout.blayout<words>.<types>`.
class Mma<string shape, string words, string types, list<WordSet> sets,
          Gate gate, bit anyLayout = 0>
    : Syntax<"mma.sync.aligned.shape.alayout.blayout" # words # "." # types,
             !listconcat([MmaAligned, MmaShape<shape>],
                         !if(anyLayout, [AnyALayout, AnyBLayout],
                                        [RowOnly, ColOnly]),
                         sets), gate> {
  let MissingMessages = MmaMissing;
}

// Gates: "Feature '<feature>' requires PTX ISA .version X" and "... requires
// .target sm_N or higher", as ptxas 13.0 words them.
class MmaGate<int major, int minor, string feature, int sm,
              string targetFeature = feature>
    : Gate<Version<major, minor>, feature, sm, targetFeature, 1>;

// A shape's fragment sizes (registers of A, B and C/D per lane) and gate.
class Frag<string shape, int a, int b, int c, int major, int minor, int sm> {
  string Shape = shape;
  string Fn = "MmaM" # !substr(shape, 1);
  int A = a;
  int B = b;
  int C = c;
  int Major = major;
  int Minor = minor;
  int Sm = sm;
}

// What the rows compute (lib/Interp/MatrixOps.cpp).
foreach fn = ["M16n8k16F32F16", "M16n8k16F16F16", "M16n8k8F32F16",
              "M16n8k8F16F16", "M16n8k16F32Bf16", "M16n8k8F32Bf16",
              "M16n8k8F32Tf32", "M16n8k4F32Tf32"] in
  def Mma # fn : Collective<"mma." # fn, "mma" # fn>;
foreach shape = ["M8n8k4", "M16n8k4", "M16n8k8", "M16n8k16"] in
foreach rnd = ["Rn", "Rz", "Rm", "Rp"] in
  def Mma # shape # F64 # rnd : Collective<"mma." # shape # ".f64." # rnd,
                                           "mma" # shape # "F64" # rnd>;
foreach shape = ["M8n8k32", "M16n8k32", "M16n8k64"] in
foreach ab = ["S4S4", "S4U4", "U4S4", "U4U4"] in
foreach sat = ["", "Satfinite"] in
  def Mma # shape # S32 # ab # sat
      : Collective<"mma." # shape # ".s32." # ab # sat,
                   "mma" # shape # "S32" # ab # sat>;
foreach shape = ["M16n8k16", "M16n8k32"] in
foreach ct = ["F32", "F16"] in
foreach ab = ["E4m3E4m3", "E4m3E5m2", "E5m2E4m3", "E5m2E5m2"] in
  def Mma # shape # ct # ab : Collective<"mma." # shape # "." # ct # "." # ab,
                                         "mma" # shape # ct # ab>;
foreach shape = ["M8n8k128", "M16n8k128", "M16n8k256"] in
foreach op = ["Xor", "And"] in
  def Mma # shape # S32B1 # op
      : Collective<"mma." # shape # ".s32.b1." # op,
                   "mma" # shape # "S32B1" # op>;
foreach shape = ["M8n8k16", "M16n8k16", "M16n8k32"] in
foreach ab = ["S8S8", "S8U8", "U8S8", "U8U8"] in
foreach sat = ["", "Satfinite"] in
  def Mma # shape # S32 # ab # sat
      : Collective<"mma." # shape # ".s32." # ab # sat,
                   "mma" # shape # "S32" # ab # sat>;

//===----------------------------------------------------------------------===//
// .f16 A and B (PTX 6.4 sm_70 m8n8k4; PTX 6.5 sm_75 m16n8k8; PTX 7.0 sm_80
// m16n8k16). An .f16 accumulator is packed two to a register.
//===----------------------------------------------------------------------===//

// m8n8k4 takes either layout of A and B; a row per pair, each naming its
// function (lib/Interp/MmaM8n8k4.cpp).
foreach al = [["row", "Row"], ["col", "Col"]] in
foreach bl = [["row", "Row"], ["col", "Col"]] in
foreach dc = [["f16", "f16", "F16F16"], ["f32", "f16", "F32F16"],
              ["f32", "f32", "F32F32"]] in {
  defvar D = dc[0];
  defvar C = dc[1];
  defvar Fn = "M8n8k4" # al[1] # bl[1] # dc[2];
  def Mma # Fn : Collective<"mma." # Fn, "mma" # Fn>;
  def : Syntax<"mma.sync.aligned.shape.alayout.blayout." # D # ".f16.f16." # C,
               [MmaAligned, MmaShape<"m8n8k4">,
                Words<"alayout", al[0], "", "", "layout">,
                Words<"blayout", bl[0], "", "", "layout">],
               MmaGate<6, 4, "mma", 70>>,
        MmaOperands<!if(!eq(D, "f16"), 4, 8), !if(!eq(D, "f16"), RegsF16x2, RegsF32),
                    2, RegsF16x2, 2, RegsF16x2,
                    !if(!eq(C, "f16"), 4, 8), !if(!eq(C, "f16"), RegsF16x2, RegsF32)>,
        Computes<!cast<SemanticOp>("Mma" # Fn)> {
    let MissingMessages = MmaMissing;
  }
}
foreach t = ["f16", "f32"] in {
  defvar N = !if(!eq(t, "f16"), 2, 4);
  defvar R = !if(!eq(t, "f16"), RegsF16x2, RegsF32);
  defvar Ty = !if(!eq(t, "f16"), "F16", "F32");
  def : Mma<"m16n8k8", "", t # ".f16.f16." # t, [],
            MmaGate<6, 5, ".m16n8k8", 75>>,
        MmaOperands<N, R, 2, RegsF16x2, 1, RegsF16x2, N, R>,
        Computes<!cast<SemanticOp>("MmaM16n8k8" # Ty # "F16")>;
  def : Mma<"m16n8k16", "", t # ".f16.f16." # t, [],
            MmaGate<7, 0, ".m16n8k16", 80>>,
        MmaOperands<N, R, 4, RegsF16x2, 2, RegsF16x2, N, R>,
        Computes<!cast<SemanticOp>("MmaM16n8k16" # Ty # "F16")>;
}

//===----------------------------------------------------------------------===//
// .tf32 and .bf16 (PTX 7.0, sm_80): f32 accumulators.
//===----------------------------------------------------------------------===//

def : Mma<"m16n8k4", "", "f32.tf32.tf32.f32", [], MmaGate<7, 0, ".tf32", 80>>,
      MmaOperands<4, RegsF32, 2, RegsTf32, 1, RegsTf32, 4, RegsF32>,
      Computes<MmaM16n8k4F32Tf32>;
def : Mma<"m16n8k8", "", "f32.tf32.tf32.f32", [], MmaGate<7, 0, ".tf32", 80>>,
      MmaOperands<4, RegsF32, 4, RegsTf32, 2, RegsTf32, 4, RegsF32>,
      Computes<MmaM16n8k8F32Tf32>;
def : Mma<"m16n8k8", "", "f32.bf16.bf16.f32", [], MmaGate<7, 0, ".bf16", 80>>,
      MmaOperands<4, RegsF32, 2, RegsBf16x2, 1, RegsBf16x2, 4, RegsF32>,
      Computes<MmaM16n8k8F32Bf16>;
def : Mma<"m16n8k16", "", "f32.bf16.bf16.f32", [], MmaGate<7, 0, ".bf16", 80>>,
      MmaOperands<4, RegsF32, 4, RegsBf16x2, 2, RegsBf16x2, 4, RegsF32>,
      Computes<MmaM16n8k16F32Bf16>;

//===----------------------------------------------------------------------===//
// .e4m3/.e5m2 (sm_89; m16n8k32 with f32 from PTX 8.4, m16n8k16 and the f16
// accumulator from PTX 8.7), and .kind::f8f6f4 (PTX 8.6/8.7; its
// .e3m2/.e2m3/.e2m1 only on the sm_120a family). All execute.
//===----------------------------------------------------------------------===//

// What the kind::f8f6f4 rows compute (lib/Interp/MatrixOps.cpp).
class KCap<string w> {
  string S = !cond(!eq(w, "e4m3") : "E4m3", !eq(w, "e5m2") : "E5m2",
                   !eq(w, "e3m2") : "E3m2", !eq(w, "e2m3") : "E2m3",
                   true : "E2m1");
}
foreach ct = ["F32", "F16"] in
foreach a = ["E4m3", "E5m2", "E3m2", "E2m3", "E2m1"] in
foreach b = ["E4m3", "E5m2", "E3m2", "E2m3", "E2m1"] in
  def MmaKindM16n8k32 # ct # a # b
      : Collective<"mma.kind.m16n8k32." # ct # a # b,
                   "mmaKindM16n8k32" # ct # a # b>;
defvar MmaF8 = Words<"f8", "e4m3,e5m2">;
defvar Kind = Words<"kind::f8f6f4", "kind::f8f6f4", "",
                    "Multiple .kind modifiers specified">;
class KindGate<int minor, string feature, string targets>
    : Gate<Version<8, minor>, feature, 0, feature, 1> {
  let OnlyTargets = targets;
}
defvar KindTargets = "sm_100a,sm_100f,sm_103a,sm_103f,sm_110a,sm_110f,"
                     # "sm_120a,sm_120f,sm_121a,sm_121f";
defvar F6F4Targets = "sm_120a,sm_120f,sm_121a,sm_121f";
defvar F8F6F4 = Words<"f8f6f4", "e4m3,e5m2,e3m2,e2m3,e2m1">;
defvar F6F4 = Words<"f6f4", "e3m2,e2m3,e2m1">;
foreach t = ["f16", "f32"] in {
  defvar N = !if(!eq(t, "f16"), 2, 4);
  defvar R = !if(!eq(t, "f16"), RegsF16x2, RegsF32);
  foreach at = ["e4m3", "e5m2"] in
  foreach bt = ["e4m3", "e5m2"] in {
    defvar Fn = !if(!eq(t, "f16"), "F16", "F32")
                # !if(!eq(at, "e4m3"), "E4m3", "E5m2")
                # !if(!eq(bt, "e4m3"), "E4m3", "E5m2");
    def : Mma<"m16n8k16", "", t # "." # at # "." # bt # "." # t, [],
              MmaGate<8, 7, "mma with FP8 floating point type and .m16n8k16 shape",
                      89, "mma with FP8 floating point type">>,
          MmaOperands<N, R, 2, Regs32, 1, Regs32, N, R>,
          Computes<!cast<SemanticOp>("MmaM16n8k16" # Fn)>;
    def : Mma<"m16n8k32", "", t # "." # at # "." # bt # "." # t, [],
              !if(!eq(t, "f16"),
                  MmaGate<8, 7, "mma with FP8 floating point type and FP16 accumulation",
                          89, "mma with FP8 floating point type">,
                  MmaGate<8, 4, "mma with FP8 floating point type", 89>)>,
          MmaOperands<N, R, 4, Regs32, 2, Regs32, N, R>,
          Computes<!cast<SemanticOp>("MmaM16n8k32" # Fn)>;
  }
  // kind::f8f6f4 with fp8 A and B: the sm_100a and sm_120a families; with
  // an fp6 or fp4 A or B: the sm_120a family.
  foreach at = ["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"] in
  foreach bt = ["e4m3", "e5m2", "e3m2", "e2m3", "e2m1"] in {
    defvar F8 = !and(!or(!eq(at, "e4m3"), !eq(at, "e5m2")),
                     !or(!eq(bt, "e4m3"), !eq(bt, "e5m2")));
    def : Mma<"m16n8k32", ".kind::f8f6f4", t # "." # at # "." # bt # "." # t,
              [Kind],
              !if(F8, KindGate<!if(!eq(t, "f16"), 7, 6), ".kind::f8f6f4",
                               KindTargets>,
                  KindGate<7, "mma with with FP6/FP4 floating point type",
                           F6F4Targets>)>,
          MmaOperands<N, R, 4, Regs32, 2, Regs32, N, R>,
          Computes<!cast<SemanticOp>("MmaKindM16n8k32" # !if(!eq(t, "f16"), "F16", "F32")
                                     # KCap<at>.S # KCap<bt>.S)>;
  }
}

//===----------------------------------------------------------------------===//
// .f64 (m8n8k4: PTX 7.0, sm_80; m16n8k4/k8/k16: PTX 7.8, sm_90), with an
// optional rounding modifier (.rn when none is written).
//===----------------------------------------------------------------------===//

foreach s = [Frag<"m8n8k4", 1, 1, 2, 7, 0, 80>, Frag<"m16n8k4", 2, 1, 4, 7, 8, 90>,
             Frag<"m16n8k8", 4, 2, 4, 7, 8, 90>, Frag<"m16n8k16", 8, 4, 4, 7, 8, 90>] in {
  defvar Shape = s.Shape;
  defvar Fn = s.Fn # "F64";
  foreach rnd = [["", "Rn"], [".rn", "Rn"], [".rz", "Rz"], [".rm", "Rm"],
                 [".rp", "Rp"]] in
    def : Mma<Shape, rnd[0], "f64.f64.f64.f64",
              !if(!eq(rnd[0], ""), [],
                  [Words<!substr(rnd[0], 1), !substr(rnd[0], 1),
                         "Multiple rounding modifiers specified",
                         "Multiple rounding modifiers specified">]),
              MmaGate<s.Major, s.Minor, "." # Shape # " with double types", s.Sm>>,
          MmaOperands<s.C, RegsF64, s.A, RegsF64, s.B, RegsF64, s.C, RegsF64>,
          Computes<!cast<SemanticOp>(Fn # rnd[1])>;
}

//===----------------------------------------------------------------------===//
// Integer: .s8/.u8 (m8n8k16: PTX 6.5, sm_75; m16n8k16/k32: PTX 7.0, sm_80)
// and .s4/.u4 (m8n8k32: PTX 6.5, sm_75; m16n8k32/k64: PTX 7.0, sm_80), with
// an optional .satfinite; .s32 accumulators.
//===----------------------------------------------------------------------===//

defvar I8 = Words<"i8", "s8,u8">;
defvar I4 = Words<"i4", "s4,u4">;
foreach s = [Frag<"m8n8k16", 1, 1, 2, 6, 5, 75>, Frag<"m16n8k16", 2, 1, 4, 7, 0, 80>,
             Frag<"m16n8k32", 4, 2, 4, 7, 0, 80>] in {
  defvar Shape = s.Shape;
  foreach at = ["s8", "u8"] in
  foreach bt = ["s8", "u8"] in
  foreach sat = ["", "Satfinite"] in
    def : Mma<Shape, !if(!eq(sat, ""), "", ".satfinite"),
              "s32." # at # "." # bt # ".s32", [],
              MmaGate<s.Major, s.Minor, "." # Shape, s.Sm>>,
          MmaOperands<s.C, RegsS32, s.A, Regs32, s.B, Regs32, s.C, RegsS32>,
          Computes<!cast<SemanticOp>(s.Fn # "S32"
                                     # !if(!eq(at, "s8"), "S8", "U8")
                                     # !if(!eq(bt, "s8"), "S8", "U8") # sat)>;
}
foreach s = [Frag<"m8n8k32", 1, 1, 2, 6, 5, 75>, Frag<"m16n8k32", 2, 1, 4, 7, 0, 80>,
             Frag<"m16n8k64", 4, 2, 4, 7, 0, 80>] in
  foreach at = ["s4", "u4"] in
  foreach bt = ["s4", "u4"] in
  foreach sat = ["", "Satfinite"] in
    def : Mma<s.Shape, !if(!eq(sat, ""), "", ".satfinite"),
              "s32." # at # "." # bt # ".s32", [],
              MmaGate<s.Major, s.Minor, "." # s.Shape, s.Sm>>,
          MmaOperands<s.C, RegsS32, s.A, Regs32, s.B, Regs32, s.C, RegsS32>,
          Computes<!cast<SemanticOp>(s.Fn # "S32"
                                     # !if(!eq(at, "s4"), "S4", "U4")
                                     # !if(!eq(bt, "s4"), "S4", "U4") # sat)>;

//===----------------------------------------------------------------------===//
// .b1 (m8n8k128: PTX 7.0, sm_75 with .xor; m16n8k128/k256: PTX 7.0, sm_80;
// .and: PTX 7.1, sm_80): the bit operation and .popc are required.
//===----------------------------------------------------------------------===//

foreach s = [Frag<"m8n8k128", 1, 1, 2, 7, 0, 75>, Frag<"m16n8k128", 2, 1, 4, 7, 0, 80>,
             Frag<"m16n8k256", 4, 2, 4, 7, 0, 80>] in {
  def : Mma<s.Shape, ".xor.popc", "s32.b1.b1.s32", [],
            MmaGate<7, 0, "." # s.Shape, s.Sm>>,
        MmaOperands<s.C, RegsS32, s.A, Regs32, s.B, Regs32, s.C, RegsS32>,
        Computes<!cast<SemanticOp>(s.Fn # "S32B1Xor")>;
  def : Mma<s.Shape, ".and.popc", "s32.b1.b1.s32", [],
            MmaGate<7, 1, ".and", 80>>,
        MmaOperands<s.C, RegsS32, s.A, Regs32, s.B, Regs32, s.C, RegsS32>,
        Computes<!cast<SemanticOp>(s.Fn # "S32B1And")>;
}

//===----------------------------------------------------------------------===//
// mma.sp and mma.sp::ordered_metadata (PTX ISA 9.0 9.7.14.6 "Warp-level
// matrix multiply-accumulate with sparse matrix A": d, a, b, c, then the
// metadata e and the sparsity selector f). A holds half of its K columns,
// so its fragment is B's size. Gates as ptxas 13.0 applies them: .sp from
// PTX 7.1 (fp8: 8.4, .f32 only), .sp::ordered_metadata from 8.5; sm_80
// (fp8: sm_89); the fp8 forms with .f16 accumulators and the kind::f8f6f4
// ones only with .sp::ordered_metadata, on the sm_120a family (the
// kind::f8f6f4 fp8 forms with .f32 also on the sm_100a family). All but
// the kind::f8f6f4 rows execute (lib/Interp/MmaSparse.cpp).
//===----------------------------------------------------------------------===//

class MmaSp<string variant, string shape, string words, string types,
            list<WordSet> sets, Gate gate, int ab, int c, string cregs,
            string abregs = Regs32, string sel = "0..3">
    : Syntax<"mma.spvariant.sync.aligned.shape.alayout.blayout" # words # "."
                 # types,
             !listconcat([Words<"spvariant", variant>, MmaAligned,
                           MmaShape<shape>, RowOnly, ColOnly], sets), gate>,
      RowOperands<[RowOperand<Dest, c, cregs>, RowOperand<Source, ab, abregs>,
                   RowOperand<Source, ab, abregs>, RowOperand<Source, c, cregs>,
                   // The metadata: any 32-bit register, or a predicate
                   // (ptxas 13.0); the sparsity selector: a constant, in
                   // the range `sel` ("value '4' out of range, expected to
                   // be in range [0..1]") or, for the fp8 forms, the one
                   // value `sel` ("unexpected value '1', expected to be 0").
                   RowOperand<Source, 0, "b32,u32,s32,f32,f16x2,pred">,
                   RowOperand<Source, 0, "int", sel>]> {
  let MissingMessages = MmaMissing;
  // ptxas's name in its range and vector-size messages ("Sparse mma"); in
  // the fp8 forms' value message, "mma".
  let OperandsName = !if(!ne(!find(sel, ".."), -1), "Sparse mma", "");
}

// A sparse shape: its A and B registers, the type words of its rows, and
// the sparsity selectors ptxas 13.0 accepts (`bfSel`: of the .bf16 row; the
// ISA gives m16n8k32 .f16 only 0 and 1, ptxas takes 0..3 there, and ptx-run
// reports 2 and 3 when they run).
class SpShape<string shape, int ab, string ty = "", string sel = "0..3",
              string bfSel = sel> {
  string Shape = shape;
  int AB = ab;
  string Sel = sel;
  string BfSel = bfSel;
  string Ty = ty;
}

// What the rows compute (lib/Interp/MmaSparse.cpp): "Sp" for .sp, "SpOrd"
// for .sp::ordered_metadata (the metadata values each accepts differ).
foreach v = ["Sp", "SpOrd"] in {
  foreach fn = ["M16n8k16F32F16", "M16n8k16F16F16", "M16n8k32F32F16",
                "M16n8k32F16F16", "M16n8k16F32Bf16", "M16n8k32F32Bf16",
                "M16n8k8F32Tf32", "M16n8k16F32Tf32"] in
    def Mma # v # fn : Collective<"mma." # v # "." # fn, "mma" # v # fn>;
  foreach shape = ["M16n8k32S32", "M16n8k64S32"] in
  foreach ab = ["S8S8", "S8U8", "U8S8", "U8U8"] in
  foreach sat = ["", "Satfinite"] in
    def Mma # v # shape # ab # sat
        : Collective<"mma." # v # "." # shape # ab # sat,
                     "mma" # v # shape # ab # sat>;
  foreach shape = ["M16n8k64S32", "M16n8k128S32"] in
  foreach ab = ["S4S4", "S4U4", "U4S4", "U4U4"] in
  foreach sat = ["", "Satfinite"] in
    def Mma # v # shape # ab # sat
        : Collective<"mma." # v # "." # shape # ab # sat,
                     "mma" # v # shape # ab # sat>;
  foreach ab = ["E4m3E4m3", "E4m3E5m2", "E5m2E4m3", "E5m2E5m2"] in
    def Mma # v # M16n8k64F32 # ab
        : Collective<"mma." # v # ".M16n8k64F32" # ab,
                     "mma" # v # "M16n8k64F32" # ab>;
}
foreach ab = ["E4m3E4m3", "E4m3E5m2", "E5m2E4m3", "E5m2E5m2"] in
  def MmaSpOrdM16n8k64F16 # ab
      : Collective<"mma.SpOrd.M16n8k64F16" # ab, "mmaSpOrdM16n8k64F16" # ab>;

// The capitalised words of the function names.
class SpCap<string w> {
  string S = !cond(!eq(w, "f16") : "F16", !eq(w, "f32") : "F32",
                   !eq(w, "bf16") : "Bf16", !eq(w, "tf32") : "Tf32",
                   !eq(w, "s8") : "S8", !eq(w, "u8") : "U8", !eq(w, "s4") : "S4",
                   !eq(w, "u4") : "U4", !eq(w, "e4m3") : "E4m3",
                   !eq(w, "e5m2") : "E5m2", true : "?");
}
class SpOp<string variant, string shape, string rest>
    : Computes<!cast<SemanticOp>("Mma" # !if(!eq(variant, "sp"), "Sp", "SpOrd")
                                 # "M" # !substr(shape, 1) # rest)>;

foreach v = ["sp", "sp::ordered_metadata"] in {
  defvar Ordered = !ne(v, "sp");
  defvar Minor = !if(Ordered, 5, 1);
  defvar Major = !if(Ordered, 8, 7);
  defvar Feature = !if(Ordered, ".sp::ordered_metadata", "mma.sp");
  foreach s = [SpShape<"m16n8k16", 2>, SpShape<"m16n8k32", 4, "", "0..3", "0..1">] in {
    foreach t = ["f16", "f32"] in
      def : MmaSp<v, s.Shape, "", t # ".f16.f16." # t, [],
                  MmaGate<Major, Minor, Feature, 80>, s.AB,
                  !if(!eq(t, "f16"), 2, 4), !if(!eq(t, "f16"), RegsF16x2, RegsF32),
                  RegsF16x2, s.Sel>,
            SpOp<v, s.Shape, SpCap<t>.S # "F16">;
    def : MmaSp<v, s.Shape, "", "f32.bf16.bf16.f32", [],
                MmaGate<Major, Minor, Feature, 80>, s.AB, 4, RegsF32, Regs32,
                s.BfSel>,
          SpOp<v, s.Shape, "F32Bf16">;
  }
  foreach s = [SpShape<"m16n8k8", 2>, SpShape<"m16n8k16", 4, "", "0..1">] in
    def : MmaSp<v, s.Shape, "", "f32.tf32.tf32.f32", [],
                MmaGate<Major, Minor, Feature, 80>, s.AB, 4, RegsF32, Regs32,
                s.Sel>,
          SpOp<v, s.Shape, "F32Tf32">;
  foreach s = [SpShape<"m16n8k32", 2, "8", "0..1">, SpShape<"m16n8k64", 4, "8", "0..0">,
               SpShape<"m16n8k64", 2, "4", "0..1">, SpShape<"m16n8k128", 4, "4", "0..0">] in
  foreach at = ["s", "u"] in
  foreach bt = ["s", "u"] in
  foreach sat = ["", ".satfinite"] in
    def : MmaSp<v, s.Shape, sat,
                "s32." # at # s.Ty # "." # bt # s.Ty # ".s32", [],
                MmaGate<Major, Minor, Feature, 80>, s.AB, 4, RegsS32, Regs32,
                s.Sel>,
          SpOp<v, s.Shape, "S32" # SpCap<at # s.Ty>.S # SpCap<bt # s.Ty>.S
                           # !if(!eq(sat, ""), "", "Satfinite")>;
  foreach at = ["e4m3", "e5m2"] in
  foreach bt = ["e4m3", "e5m2"] in
    def : MmaSp<v, "m16n8k64", "", "f32." # at # "." # bt # ".f32", [],
                MmaGate<8, !if(Ordered, 5, 4), "mma with FP8 floating point type",
                        89>, 4, 4, RegsF32, Regs32, "0">,
          SpOp<v, "m16n8k64", "F32" # SpCap<at>.S # SpCap<bt>.S>;
}
foreach at = ["e4m3", "e5m2"] in
foreach bt = ["e4m3", "e5m2"] in
  def : MmaSp<"sp::ordered_metadata", "m16n8k64", "", "f16." # at # "." # bt # ".f16",
              [], KindGate<7, "mma with FP8 floating point type", F6F4Targets>,
              4, 2, RegsF16x2, Regs32, "0">,
        SpOp<"sp::ordered_metadata", "m16n8k64", "F16" # SpCap<at>.S # SpCap<bt>.S>;
foreach t = ["f16", "f32"] in {
  defvar N = !if(!eq(t, "f16"), 2, 4);
  defvar R = !if(!eq(t, "f16"), RegsF16x2, RegsF32);
  def : MmaSp<"sp::ordered_metadata", "m16n8k64", ".kind::f8f6f4",
              t # ".f8.f8." # t, [MmaF8, Kind],
              !if(!eq(t, "f32"), KindGate<6, ".kind::f8f6f4", KindTargets>,
                  KindGate<7, ".kind::f8f6f4", F6F4Targets>), 4, N, R, Regs32,
              "0">;
  foreach ab = [["f6f4", "f8f6f4"], ["f8", "f6f4"]] in
    def : MmaSp<"sp::ordered_metadata", "m16n8k64", ".kind::f8f6f4",
                t # "." # ab[0] # "." # ab[1] # "." # t,
                [MmaF8, F8F6F4, F6F4, Kind],
                KindGate<7, "mma with with FP6/FP4 floating point type",
                         F6F4Targets>, 4, N, R, Regs32, "0">;
}
