//===- LdStMatrix.td - ldmatrix and stmatrix: warp-level matrix load/store ===//
//
// PTX ISA 9.0, 9.7.14.5.15 "Warp-level matrix load instruction: ldmatrix"
// and 9.7.14.5.16 "Warp-level matrix store instruction: stmatrix":
//
//   ldmatrix.sync.aligned.shape.num{.trans}{.ss}.type r, [p];
//   ldmatrix.sync.aligned.m8n16.num{.ss}.dst_fmt.src_fmt r, [p];
//   ldmatrix.sync.aligned.m16n16.num.trans{.ss}.dst_fmt.src_fmt r, [p];
//   stmatrix.sync.aligned.shape.num{.trans}{.ss}.type [p], r;
//   .ss = {.shared{::cta}}; .num = {.x1, .x2, .x4} (.m16n16: .x1, .x2)
//   ldmatrix .shape/.type = .m8n8 .b16, .m16n16 .b8 (.trans required);
//   stmatrix .shape/.type = .m8n8 .b16, .m16n8 .b8 (.trans required);
//   .dst_fmt = .b8x16; .src_fmt = .b6x16_p32, .b4x16_p64.
//
// r is a brace list of one 32-bit register per matrix (.m16n16: two), [p]
// a .shared address (the generic space when no .ss is written). What
// ptxas 13.0 enforces beyond the text (utils/ptxas-diff/ldmatrix_diff.py
// enumerates it; test/Sema/ldmatrix-ptxas-diff.test replays its verdicts):
// - the words may come in any order; .sync twice is accepted, the other
//   words twice are not ("Multiple .num modifiers specified");
// - every 32-bit register type is accepted in r (and .pred ones: ptxas 13.0
//   quirk, followed), a 16- or 64-bit one is "Arguments mismatch";
// - a 32-bit register is a valid address even without .shared;
// - the gates: ldmatrix PTX 6.5 and sm_75; stmatrix PTX 7.8 and sm_90; the
//   .m16n16/.m8n16/.m16n8 forms PTX 8.6 on the sm_100a/sm_101a/sm_103a/
//   sm_110a/sm_120a/sm_121a families (their 'a' and 'f' targets) only.
// ptxas 13.0 also accepts, and the rows do not (not ISA forms; left as
// disagreements of the differential): a .num of .x8, .x16 or .x32 with a
// scalar or a list of 1, 2 or 4 registers, a .row or .col word anywhere, and
// a format word (.b8x16, .b6x16_p32, .b4x16_p64) on stmatrix .m8n8.
// The rows name the collective that runs them (lib/Interp/LoadMatrix.cpp);
// the .m16n16/.m8n16/.m16n8 rows are checked, not executed yet.
//
//===----------------------------------------------------------------------===//

def : WordSet<"matrix counts", "x1,x2,x4">;

defvar LdstMissing = [
  Missing<"sync", ".sync modifier required for instruction '{instr}'">,
  Missing<"aligned", ".aligned modifier required for instruction '{instr}'">,
  Missing<"shape", "Shape modifier required for instruction '{instr}'">,
  Missing<"num", ".num modifier required for instruction '{instr}'">];
defvar FmtMissing = [
  Missing<"dst_fmt", "Unexpected number of 'format conversion' modifiers "
                     # "specified">,
  Missing<"src_fmt", "Unexpected number of 'format conversion' modifiers "
                     # "specified">];
defvar LdstSync = Words<"sync", "sync">;
defvar LdstTrans = Words<"trans", "trans", "", "Multiple .trans modifiers specified">;
defvar LdstSS = Words<"ss", "shared,shared::cta",
    "Unexpected number of state spaces specified in instruction '{instr}'",
    "Unexpected number of state spaces specified in instruction '{instr}'">;
class LdstNum<string num>
    : Words<"num", num, "Multiple .num modifiers specified",
            "Multiple .num modifiers specified">;
defvar DstFmt = Words<"dst_fmt", "b8x16", "",
                      "Unexpected number of 'format conversion' modifiers specified">;
defvar SrcFmt = Words<"src_fmt", "b6x16_p32,b4x16_p64",
                      "Unexpected number of 'format conversion' modifiers specified",
                      "Unexpected number of 'format conversion' modifiers specified">;

// The registers of r: any 32-bit type (ptxas 13.0 also takes .pred).
defvar LdstRegs = "b32,u32,s32,f32,f16x2,bf16x2,pred";

// A row: `<op>.sync.aligned.<shape>.<num><words>{.ss}<tail>`, its brace list
// of `count` registers and the address.
class LdSt<string op, string shape, string num, string words, string tail,
           list<WordSet> sets, Gate gate, int count>
    : Syntax<op # ".sync.aligned.shape.num" # words # "{.ss}" # tail,
             !listconcat([LdstSync, MmaAligned, MmaShape<shape>, LdstNum<num>,
                          LdstSS], sets), gate>,
      RowOperands<!if(!eq(op, "ldmatrix"),
                      [RowOperand<Dest, count, LdstRegs>,
                       RowOperand<AddressRole, 0, "">],
                      [RowOperand<AddressRole, 0, "">,
                       RowOperand<Source, count, LdstRegs>])> {
  let VectorSizeMessage =
      "Vector of size {n} is expected for argument {k} of instruction '{instr}'";
  let MissingMessages = !listconcat(LdstMissing,
    !if(!ne(!find(words, "trans"), -1),
        [Missing<"trans", "Modifier '.trans' require for instruction {instr} "
                          # "with shape '." # shape # "'">], []<Missing>),
    !if(!ne(!find(tail, "dst_fmt"), -1), FmtMissing, []<Missing>));
}

// The gates as ptxas 13.0 words them.
class LdstGate<int major, int minor, string feature, int sm>
    : Gate<Version<major, minor>, feature, sm, feature, 1>;
class NewShapeGate<string feature>
    : Gate<Version<8, 6>, feature, 0, feature, 1> {
  let OnlyTargets = "sm_100a,sm_100f,sm_101a,sm_101f,sm_103a,sm_103f,"
                    # "sm_110a,sm_110f,sm_120a,sm_120f,sm_121a,sm_121f";
  let OnlyTargetsKind = "Feature";
}

// What the .m8n8 rows compute (lib/Interp/LoadMatrix.cpp).
foreach n = ["1", "2", "4"] in
foreach tr = ["", "Trans"] in {
  def LdmatrixX # n # tr : Collective<"ldmatrix.m8n8.x" # n # tr,
                                      "ldmatrixM8n8X" # n # tr>;
  def StmatrixX # n # tr : Collective<"stmatrix.m8n8.x" # n # tr,
                                      "stmatrixM8n8X" # n # tr>;
}

foreach n = [1, 2, 4] in {
  defvar Num = "x" # n;
  foreach tr = ["", "Trans"] in {
    defvar Words = !if(!eq(tr, ""), "", ".trans");
    defvar Sets = !if(!eq(tr, ""), []<WordSet>, [LdstTrans]);
    def : LdSt<"ldmatrix", "m8n8", Num, Words, ".b16", Sets,
               LdstGate<6, 5, "ldmatrix", 75>, n>,
          Computes<!cast<SemanticOp>("LdmatrixX" # n # tr)>;
    def : LdSt<"stmatrix", "m8n8", Num, Words, ".b16", Sets,
               LdstGate<7, 8, "stmatrix", 90>, n>,
          Computes<!cast<SemanticOp>("StmatrixX" # n # tr)>;
  }
  // stmatrix .m16n8 .b8 (.trans required).
  def : LdSt<"stmatrix", "m16n8", Num, ".trans", ".b8", [LdstTrans],
             NewShapeGate<".m16n8">, n>;
  // ldmatrix .m8n16 with a format conversion (no .trans).
  def : LdSt<"ldmatrix", "m8n16", Num, "", ".dst_fmt.src_fmt",
             [DstFmt, SrcFmt], NewShapeGate<".m8n16">, n>;
}
// ldmatrix .m16n16 (.x1, .x2; two registers per matrix), .trans required.
foreach n = [1, 2] in {
  def : LdSt<"ldmatrix", "m16n16", "x" # n, ".trans", ".b8", [LdstTrans],
             NewShapeGate<".m16n16">, !mul(2, n)>;
  def : LdSt<"ldmatrix", "m16n16", "x" # n, ".trans", ".dst_fmt.src_fmt",
             [LdstTrans, DstFmt, SrcFmt], NewShapeGate<".m16n16">, !mul(2, n)>;
}
