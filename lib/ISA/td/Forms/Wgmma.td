//===- Wgmma.td - wgmma: warpgroup-level matrix multiply-accumulate -------===//
//
// PTX ISA 9.0, 9.7.15 "Asynchronous Warpgroup Level Matrix Multiply-
// Accumulate Instructions": 9.7.15.5.2 wgmma.mma_async, 9.7.15.6.2
// wgmma.mma_async.sp, 9.7.15.7.1 wgmma.fence, 9.7.15.7.2
// wgmma.commit_group, 9.7.15.7.3 wgmma.wait_group. Checked, not executed
// (Opcodes.td refuses wgmma at lowering). What ptxas 13.0 enforces where it
// differs from the text or the text is silent (found by enumeration;
// test/Sema/syntax-wgmma.ptx pins the messages):
// - .sync is required ("'.sync modifier required"), .aligned is optional
//   (`wgmma.fence.sync;` is accepted); .aligned twice is "Multiple .aligned
//   modifiers specified", .sync twice is accepted;
// - mma_async takes optional .row/.col layout words (at most two, "too
//   many layout specifiers"), which the ISA does not list;
// - the targets: sm_90a, and also sm_101a/sm_101f (not sm_100a, sm_110a or
//   sm_120a: "Instruction 'wgmma.fence' not supported on .target
//   'sm_100a'"); PTX 8.0 ("Feature 'WGMMA' requires PTX ISA .version 8.0");
// - mma_async's operands: d a brace list of N/2 registers (.f32/.s32
//   accumulators) or N/4 (.f16, packed), "Argument vector size mismatch for
//   instruction 'wgmma.mma_async with floating point types'" (with FP8
//   types, integer types, mixed integer types, boolean type); a-desc and
//   b-desc .b64 registers or integer constants; a, from registers, four
//   32-bit registers; scale-d a predicate (also `!p`) or 0/1;
//   imm-scale-a/b the constants -1 or 1; imm-trans-a/b 0 or 1 ("Argument 4
//   of instruction '...': unexpected value '2', expected to be -1 or 1");
// - the integer and .b1 shapes are the ISA's lists, .b1 only with .and.
//
//===----------------------------------------------------------------------===//

defvar WgSync = Missing<"sync", ".sync modifier required for instruction '{instr}'">;
defvar WgAligned = Words<"aligned", "aligned", "",
                         "Multiple .aligned modifiers specified">;
defvar WgTargets = "sm_90a,sm_101a,sm_101f";
class WgGate<string versionFeature, string feature, int minor = 0>
    : Gate<Version<8, minor>, versionFeature, 0, feature, 1> {
  let OnlyTargets = WgTargets;
  let OnlyTargetsKind = "Instruction";
}

// wgmma.fence / commit_group .sync{.aligned}; (no operands);
// wait_group .sync{.aligned} N, N a non-negative integer constant.
foreach v = ["fence", "commit_group"] in
  def : Syntax<"wgmma." # v # ".sync{.aligned}", [WgAligned],
               WgGate<"WGMMA", "wgmma." # v>>, Operands<0> {
    let MissingMessages = [WgSync];
  }
def : Syntax<"wgmma.wait_group.sync{.aligned}", [WgAligned],
             WgGate<"WGMMA", "wgmma.wait_group">>,
      RowOperands<[RowOperand<Source, 0, "int">]> {
  let MissingMessages = [WgSync];
}

//===----------------------------------------------------------------------===//
// wgmma.mma_async.sync.aligned.shape.dtype.atype.btype d, a-desc|a, b-desc,
// scale-d{, imm-scale-a, imm-scale-b{, imm-trans-a,} imm-trans-b}.
//===----------------------------------------------------------------------===//

defvar WgLayoutA = Words<"alayout", "row,col", "", "", "layout">;
defvar WgLayoutB = Words<"blayout", "row,col", "", "", "layout">;
class WgShape<string shape>
    : Words<"shape", shape, "Multiple matrix shape modifiers specified",
            "Multiple matrix shape modifiers specified">;
defvar WgMissing = [
  WgSync,
  Missing<"shape", "Shape modifier required for instruction '{instr}'">];

// The register types of the operands (ptxas 13.0): .f32 accumulators .f32
// or .b32; packed .f16 ones .f16x2 or .b32; .s32 ones .s32, .b32 or .u32;
// A from registers: floating-point A (.f16, .bf16, .tf32, fp8) .b32 or
// .f16x2, integer and .b1 A any 32-bit register; descriptors any 64-bit register or an
// integer constant.
defvar WgDesc = RowOperand<Source, 0, "b64,u64,s64,int">;
defvar WgScaleDImm = RowOperand<Source, 0, "pred", "0,1">;
defvar WgNeg = RowOperand<Source, 0, "", "-1,1">;
defvar WgTrans = RowOperand<Source, 0, "", "0,1">;

// One category of types: its ptxas name, A's registers, the operands after
// b-desc, and the shapes (N = 8, 16, ..., 256, or the integer list).
class WgKind<string name, string aregs, list<RowOperand> tail> {
  string Name = "wgmma.mma_async with " # name;
  string ARegs = aregs;
  list<RowOperand> Tail = tail;
}
defvar WgNs = [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
               128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224,
               232, 240, 248, 256];
defvar WgIntNs = [8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192,
                  208, 224, 240, 256];
class WgShapes<list<int> ns, int k> {
  string Words = !interleave(!foreach(n, ns, "m64n" # n # "k" # k), ",");
}

// A row: `words` (.satfinite, .and.popc), `types` (.dtype.atype.btype), the
// shapes, and the accumulator: N/dshare registers of dregs.
// `sp`: the sparse form (9.7.15.6.2: .sp, and sp-meta, sp-sel after b-desc;
// ptxas calls it 'Sparse wgmma.mma_async with ...' in its messages).
class WgRow<WgShapes shapes, string words, string types, list<WordSet> sets,
            WgKind kind, bit fromRegs, int dshare, string dregs, bit sp = 0>
    : Syntax<"wgmma.mma_async" # !if(sp, ".sp", "")
                 # ".sync{.aligned}.shape{.alayout}{.blayout}" # words # "."
                 # types,
             !listconcat([WgAligned, WgShape<shapes.Words>, WgLayoutA,
                          WgLayoutB], sets),
             WgGate<!if(sp, "Sparse ", "")
                        # !subst("wgmma.mma_async", "WGMMA", kind.Name),
                    !if(sp, "Sparse ", "") # kind.Name, !if(sp, 2, 0)>>,
      RowOperands<!listconcat(
          [RowOperand<Dest, !sub(0, dshare), dregs>,
           !if(fromRegs, RowOperand<Source, 4, kind.ARegs>, WgDesc), WgDesc],
          // The sparse form's metadata (any 32-bit register or a predicate,
          // or a brace list of them) and selector (0 or 1).
          !if(sp, [RowOperand<Source, 0, "b32,u32,s32,f32,f16x2,pred,list">,
                   RowOperand<Source, 0, "", "0,1">], []<RowOperand>),
          // imm-trans-a only with descriptors (.f16/.bf16).
          !if(fromRegs, !if(!eq(!size(kind.Tail), 5),
                            [kind.Tail[0], kind.Tail[1], kind.Tail[2],
                             kind.Tail[4]], kind.Tail),
              kind.Tail))> {
  let MissingMessages = WgMissing;
  let OperandsName = !if(sp, "Sparse ", "") # kind.Name;
}

defvar WgFloat = WgKind<"floating point types", "b32,f16x2",
                        [WgScaleDImm, WgNeg, WgNeg, WgTrans, WgTrans]>;
defvar WgTf32 = WgKind<"floating point types", "b32,f16x2",
                       [WgScaleDImm, WgNeg, WgNeg]>;
defvar WgFp8 = WgKind<"FP8 types", "b32,f16x2",
                      [WgScaleDImm, WgNeg, WgNeg]>;
defvar WgInt = WgKind<"integer types", "b32,u32,s32,f32,f16x2", [WgScaleDImm]>;
defvar WgMixed = WgKind<"mixed integer types", "b32,u32,s32,f32,f16x2",
                        [WgScaleDImm]>;
defvar WgBool = WgKind<"boolean type", "b32,u32,s32,f32,f16x2", [WgScaleDImm]>;

defvar WgRegsF32 = "f32,b32";
defvar WgRegsF16 = "f16x2,b32";
defvar WgRegsS32 = "s32,b32,u32";

// .f16/.bf16 (k16), .tf32 (k8), fp8 (k32): N = 8, 16, ..., 256; the sparse
// forms have twice the K.
foreach sp = [0, 1] in
foreach fromRegs = [0, 1] in {
  foreach d = ["f16", "f32"] in {
    defvar DS = !if(!eq(d, "f16"), 4, 2);
    defvar DR = !if(!eq(d, "f16"), WgRegsF16, WgRegsF32);
    def : WgRow<WgShapes<WgNs, !shl(16, sp)>, "", d # ".f16.f16", [], WgFloat,
                fromRegs, DS, DR, sp>;
    def : WgRow<WgShapes<WgNs, !shl(32, sp)>, "", d # ".f8a.f8b",
                [Words<"f8a", "e4m3,e5m2">, Words<"f8b", "e4m3,e5m2">], WgFp8,
                fromRegs, DS, DR, sp>;
  }
  def : WgRow<WgShapes<WgNs, !shl(16, sp)>, "", "f32.bf16.bf16", [], WgFloat,
              fromRegs, 2, WgRegsF32, sp>;
  def : WgRow<WgShapes<WgNs, !shl(8, sp)>, "", "f32.tf32.tf32", [], WgTf32,
              fromRegs, 2, WgRegsF32, sp>;
}

// Integer (.s8/.u8, optional .satfinite; k32) and .b1 (.and.popc; k256):
// N = 8, 16, 24, then multiples of 16 up to 256.
defvar WgSat = Words<"satfinite", "satfinite", "",
                     "Multiple .satfinite modifiers specified">;
foreach fromRegs = [0, 1] in {
  foreach sp = [0, 1] in
  foreach ab = [["s8", "s8"], ["u8", "u8"], ["s8", "u8"], ["u8", "s8"]] in
    def : WgRow<WgShapes<WgIntNs, !shl(32, sp)>, "{.satfinite}",
                "s32." # ab[0] # "." # ab[1], [WgSat],
                !if(!eq(ab[0], ab[1]), WgInt, WgMixed), fromRegs, 2, WgRegsS32,
                sp>;
  def : WgRow<WgShapes<WgIntNs, 256>, ".and.popc", "s32.b1.b1", [], WgBool,
              fromRegs, 2, WgRegsS32>;
}
