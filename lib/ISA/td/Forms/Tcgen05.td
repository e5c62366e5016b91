//===- Tcgen05.td - tcgen05: the fifth-generation TensorCore instructions -===//
//
// PTX ISA 9.0, 9.7.16 "TensorCore 5th Generation Family Instructions":
// 9.7.16.7.1 tcgen05.alloc/dealloc/relinquish_alloc_permit, 9.7.16.8.3
// tcgen05.ld, 9.7.16.8.4 tcgen05.st, 9.7.16.8.5 tcgen05.wait, 9.7.16.9.3
// tcgen05.shift, 9.7.16.11.1 tcgen05.fence, 9.7.16.12.1 tcgen05.commit.
// Checked, not executed (Opcodes.td refuses tcgen05 at lowering). What
// ptxas 13.0 enforces where it differs from the text or the text is silent
// (found by enumeration; test/Sema/syntax-tcgen05.ptx pins the messages):
// - ptxas names the instruction by its operation up to '::'
//   ('tcgen05.wait', 'tcgen05.fence'; the opcode's variant words);
// - the targets: sm_100a/f, sm_101a/f, sm_103a/f, sm_110a/f (not sm_120a:
//   "Instruction 'tcgen05.alloc' not supported on .target 'sm_120a'");
//   tcgen05.shift not on the f targets but sm_101f; tcgen05.ld.red only on
//   sm_101a/f, sm_103a/f, sm_110a/f; PTX 8.6 ("Feature 'tcgen05.alloc'
//   requires PTX ISA .version 8.6"; ptxas 13.0 takes tcgen05.ld.red at 8.6
//   on sm_101a, though the ISA says 8.8);
// - .sync is required; .aligned is required for alloc, dealloc,
//   relinquish_alloc_permit and wait, optional for ld and st; .aligned
//   twice is "Multiple .aligned modifiers specified", .sync twice is
//   accepted; a .cta_group word twice is "Multiple .cta_group::1 modifiers
//   specified";
// - tcgen05.ld/st's r is always a brace list (also of one register) of
//   32-bit registers, of the size of ISA Table 49/50, or the sink `_`.
//
//===----------------------------------------------------------------------===//

defvar TcTargets = "sm_100a,sm_100f,sm_101a,sm_101f,sm_103a,sm_103f,sm_110a,"
                   # "sm_110f";
class TcGate<string feature, string targets = TcTargets, int minor = 6>
    : Gate<Version<8, minor>, feature, 0, feature, 1> {
  let OnlyTargets = targets;
  let OnlyTargetsKind = "Instruction";
}

defvar TcAligned = Words<"aligned", "aligned", "",
                         "Multiple .aligned modifiers specified">;
defvar TcCtaGroup = Words<"cta_group", "cta_group::1,cta_group::2",
                          "Multiple .{b} modifiers specified",
                          "Multiple .{a} modifiers specified">;
defvar TcSync = Missing<"sync", ".sync modifier required for instruction '{instr}'">;
defvar TcAlignedMissing =
    Missing<"aligned", ".aligned modifier required for instruction '{instr}'">;
defvar TcCtaMissing =
    Missing<"cta_group", ".cta_group modifier required for instruction '{instr}'">;
defvar TcSpaces = "Unexpected number of state spaces specified in instruction "
                  # "'{instr}'";

// tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols;
// tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols;
// tcgen05.relinquish_alloc_permit.cta_group.sync.aligned;
def : Syntax<"tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32",
             [TcCtaGroup, TcAligned,
              Words<"shared::cta", "shared::cta", "", TcSpaces>],
             TcGate<"tcgen05.alloc">>, Operands<2> {
  let MissingMessages = [TcCtaMissing, TcSync, TcAlignedMissing];
  let Args = "[a], b:u32";
}
def : Syntax<"tcgen05.dealloc.cta_group.sync.aligned.b32",
             [TcCtaGroup, TcAligned], TcGate<"tcgen05.dealloc">>, Operands<2> {
  let MissingMessages = [TcCtaMissing, TcSync, TcAlignedMissing];
  let Args = "a:u32, b:u32";
}
def : Syntax<"tcgen05.relinquish_alloc_permit.cta_group.sync.aligned",
             [TcCtaGroup, TcAligned],
             TcGate<"tcgen05.relinquish_alloc_permit">>, Operands<0> {
  let MissingMessages = [TcCtaMissing, TcSync, TcAlignedMissing];
}

// tcgen05.wait::ld / wait::st .sync.aligned;
// tcgen05.fence::before_thread_sync / fence::after_thread_sync;
def : Syntax<"tcgen05.waitop.sync.aligned",
             [Words<"waitop", "wait::ld,wait::st">, TcAligned],
             TcGate<"tcgen05.wait">>, Operands<0> {
  let MissingMessages = [TcSync, TcAlignedMissing];
}
def : Syntax<"tcgen05.fenceop",
             [Words<"fenceop", "fence::before_thread_sync,"
                               # "fence::after_thread_sync">],
             TcGate<"tcgen05.fence">>, Operands<0>;

// tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}
//     {.multicast::cluster}.b64 [mbar]{, ctaMask}; ctaMask (16 bits) exactly
// with .multicast::cluster.
defvar TcCommitWords = [TcCtaGroup,
  Words<"shared::cluster", "shared::cluster", "", TcSpaces>,
  Words<"mbarrier::arrive::one", "mbarrier::arrive::one", "",
        "Multiple .completion_mechanism modifiers specified">,
  Words<"multicast::cluster", "multicast::cluster", "",
        "Multiple .multicast modifiers specified">];
defvar TcCommitMissing = [TcCtaMissing,
  Missing<"mbarrier::arrive::one", ".completion_mechanism modifier required "
                                   # "for instruction '{instr}'">];
def : Syntax<"tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}"
                 # ".b64", TcCommitWords, TcGate<"tcgen05.commit">>,
      Operands<1> {
  let MissingMessages = TcCommitMissing;
  let Args = "[a]";
}
def : Syntax<"tcgen05.commit.cta_group.mbarrier::arrive::one{.shared::cluster}"
                 # ".multicast::cluster.b64", TcCommitWords,
             TcGate<"tcgen05.commit">>, Operands<2> {
  let MissingMessages = TcCommitMissing;
  let Args = "[a], b:any";
}

// tcgen05.shift.cta_group.down [taddr];
def : Syntax<"tcgen05.shift.cta_group.down", [TcCtaGroup],
             TcGate<"tcgen05.shift", "sm_100a,sm_101a,sm_101f,sm_103a,sm_110a">>,
      Operands<1> {
  let MissingMessages = [TcCtaMissing,
    Missing<"down", ".down modifier required for instruction '{instr}'">];
  let Args = "[a]";
}

//===----------------------------------------------------------------------===//
// tcgen05.ld.sync.aligned.shape.num{.pack::16b}.b32 r, [taddr]{, imm};
// tcgen05.st.sync.aligned.shape.num{.unpack::16b}.b32 [taddr]{, imm}, r;
// .16x32bx2 takes the immediate immHalfSplitoff. r: num registers (x2 for
// .16x128b, x4 for .16x256b), ISA Tables 49 and 50.
// tcgen05.ld.red.sync.aligned.shape.num.redOp{.abs}{.NaN}.f32 and
// .redOp.{u32,s32} r, redval, [taddr]{, imm} (.32x32b, .16x32bx2; .x2 up).
//===----------------------------------------------------------------------===//

defvar TcRegs32 = "b32,u32,s32,f32,f16x2";
class TcShapeWord<string shape>
    : Words<"shape", shape, "Multiple matrix shape modifiers specified",
            "Multiple matrix shape modifiers specified">;
class TcNum<string num>
    : Words<"num", num, "Multiple .num modifiers specified",
            "Multiple .num modifiers specified">;
defvar TcLdStMissing = [TcSync,
  Missing<"shape", "Shape modifier required for instruction '{instr}'">,
  Missing<"num", ".num modifier required for instruction '{instr}'">];
defvar TcAddr = RowOperand<AddressRole, 0, "">;
defvar TcSize = "Argument {k} of instruction '{instr}': Argument vector size "
                # "mismatch";
defvar TcImm = RowOperand<Source, 0, "int">;

class TcShape<string shape, int factor, list<int> nums> {
  string Shape = shape;
  int Factor = factor;
  list<int> Nums = nums;
}
foreach s = [TcShape<"16x64b", 1, [1, 2, 4, 8, 16, 32, 64, 128]>,
             TcShape<"32x32b", 1, [1, 2, 4, 8, 16, 32, 64, 128]>,
             TcShape<"16x32bx2", 1, [1, 2, 4, 8, 16, 32, 64, 128]>,
             TcShape<"16x128b", 2, [1, 2, 4, 8, 16, 32, 64]>,
             TcShape<"16x256b", 4, [1, 2, 4, 8, 16, 32]>] in
foreach n = s.Nums in {
  defvar Split = !eq(s.Shape, "16x32bx2");
  defvar Sets = [TcAligned, TcShapeWord<s.Shape>, TcNum<"x" # n>];
  defvar R = RowOperand<Dest, !mul(n, s.Factor), TcRegs32>;
  defvar W = RowOperand<Source, !mul(n, s.Factor), TcRegs32>;
  def : Syntax<"tcgen05.ld.sync{.aligned}.shape.num{.pack::16b}.b32", Sets,
               TcGate<"tcgen05.ld">>,
        RowOperands<!if(Split, [R, TcAddr, TcImm], [R, TcAddr])> {
    let MissingMessages = TcLdStMissing;
    let VectorSizeMessage = TcSize;
  }
  def : Syntax<"tcgen05.st.sync{.aligned}.shape.num{.unpack::16b}.b32", Sets,
               TcGate<"tcgen05.st">>,
        RowOperands<!if(Split, [TcAddr, TcImm, W], [TcAddr, W])> {
    let MissingMessages = TcLdStMissing;
    let VectorSizeMessage = TcSize;
  }
  if !and(!ne(n, 1), !eq(s.Factor, 1), !ne(s.Shape, "16x64b")) then {
    defvar RedGate = TcGate<"tcgen05.ld.red",
        "sm_101a,sm_101f,sm_103a,sm_103f,sm_110a,sm_110f">;
    defvar RedOps = !if(Split, [R, RowOperand<Dest, 0, TcRegs32>, TcAddr, TcImm],
                        [R, RowOperand<Dest, 0, TcRegs32>, TcAddr]);
    defvar RedWords = !listconcat(Sets, [Words<"redop", "min,max">]);
    def : Syntax<"tcgen05.ld.red.sync{.aligned}.shape.num.redop{.abs}{.NaN}.f32",
                 RedWords, RedGate>, RowOperands<RedOps> {
      let MissingMessages = TcLdStMissing;
    }
    def : Syntax<"tcgen05.ld.red.sync{.aligned}.shape.num.redop.itype",
                 !listconcat(RedWords, [Words<"itype", "u32,s32">]), RedGate>,
          RowOperands<RedOps> {
      let MissingMessages = TcLdStMissing;
    }
  }
}

//===----------------------------------------------------------------------===//
// tcgen05.cp.cta_group.shape{.multicast}{.dst_fmt.src_fmt} [taddr], s-desc;
// (9.7.16.9.1). .64x128b needs .warpx2::02_13 or .warpx2::01_23, .32x128b
// .warpx4 ("Modifier '.warptype' require for instruction tcgen05.cp with
// shape '.64x128b'"); the formats come as a pair .b8x16 and .b6x16_p32 or
// .b4x16_p64.
//===----------------------------------------------------------------------===//

defvar TcFormats = [Words<"dst_fmt", "b8x16">,
                    Words<"src_fmt", "b6x16_p32,b4x16_p64">];
foreach s = [["128x256b", ""], ["4x256b", ""], ["128x128b", ""],
             ["64x128b", "warpx2::02_13,warpx2::01_23"],
             ["32x128b", "warpx4"]] in
foreach fmt = ["", "{.dst_fmt.src_fmt}"] in
  if !eq(fmt, "{.dst_fmt.src_fmt}") then
    def : Syntax<"tcgen05.cp.cta_group.shape"
                     # !if(!eq(s[1], ""), "", ".multicast") # ".dst_fmt.src_fmt",
                 !listconcat([TcCtaGroup, TcShapeWord<s[0]>,
                              Words<"multicast", s[1]>], TcFormats),
                 TcGate<"tcgen05.cp">>, Operands<2> {
      let MissingMessages = [TcCtaMissing];
      let Args = "[a], b:b64";
    }
  else
    def : Syntax<"tcgen05.cp.cta_group.shape"
                     # !if(!eq(s[1], ""), "", ".multicast"),
                 [TcCtaGroup, TcShapeWord<s[0]>, Words<"multicast", s[1]>],
                 TcGate<"tcgen05.cp">>, Operands<2> {
      let MissingMessages = [TcCtaMissing];
      let Args = "[a], b:b64";
    }

//===----------------------------------------------------------------------===//
// tcgen05.mma (9.7.16.10.9.1), .sp (9.7.16.10.9.2), .ws (9.7.16.10.9.3):
//   tcgen05.mma{.sp}.cta_group.kind{.ashift}{.collector_usage}
//       [d-tmem], a-desc|[a-tmem], b-desc, {[sp-meta-tmem],} idesc
//       {, disable-output-lane}, enable-input-d {, scale-input-d};
//   tcgen05.mma{.sp}.cta_group.kind.block_scale{.scale_vectorsize}
//       {.collector_usage} [d-tmem], a-desc|[a-tmem], b-desc,
//       {[sp-meta-tmem],} idesc, [scale-A-tmem], [scale-B-tmem],
//       enable-input-d;
//   tcgen05.mma.ws{.sp}.cta_group::1.kind{.collector::bN::op}
//       [d-tmem], a-desc|[a-tmem], b-desc, {[sp-meta-tmem],} idesc,
//       enable-input-d {, zero-column-mask-desc};
// disable-output-lane: 4 (.cta_group::1) or 8 (.cta_group::2) 32-bit
// registers; enable-input-d a predicate or constant; scale-input-d a
// constant (.kind::f16, .tf32 and, in ptxas 13.0, .i8); .ashift only with
// A in Tensor Memory and not with a .collector word; descriptors 64-bit
// registers or constants, idesc a 32-bit one or a constant. ptxas names
// the instruction 'tcgen05.mma' ('tcgen05.mma.ws'; the opcode's variant
// words). No instruction operand is executed.
//===----------------------------------------------------------------------===//

defvar TcMmaMissing = [TcCtaMissing,
  Missing<"kind", ".kind modifier required for instruction '{instr}'">];
defvar TcTmem = RowOperand<AddressRole, 0, "">;
defvar TcDesc = RowOperand<Source, 0, "b64,u64,s64,int">;
defvar TcIdesc = RowOperand<Source, 0, "b32,u32,s32,int">;
defvar TcEnable = RowOperand<Source, 0, "pred,int">;
defvar TcScaleImm = RowOperand<Source, 0, "int">;
defvar TcCollectorA = Words<"collector",
    "collector::a::fill,collector::a::use,collector::a::lastuse,"
    # "collector::a::discard", "Multiple .collector_usage modifiers specified">;
defvar TcCollectorB = Words<"collector",
    !interleave(!foreach(b, ["b0", "b1", "b2", "b3"],
        !interleave(!foreach(op, ["fill", "use", "lastuse", "discard"],
                             "collector::" # b # "::" # op), ",")), ","),
    "Multiple .collector_usage modifiers specified">;
defvar TcKind = "Multiple .kind modifiers specified";

// `sp`: "" or ".sp"; `kinds`, `scale`: whether scale-input-d may follow.
multiclass TcMma<string sp, string kinds, bit scale> {
  defvar Sp = !ne(sp, "");
  foreach cta = [1, 2] in
  foreach tmem = [0, 1] in
  foreach lanes = [0, 1] in
  foreach sc = !if(scale, [0, 1], [0]) in {
    defvar Head = [TcTmem, !if(tmem, TcTmem, TcDesc), TcDesc];
    defvar Meta = !if(Sp, [TcTmem], []<RowOperand>);
    defvar Lanes = !if(lanes, [RowOperand<Source, !mul(4, cta),
                                          "b32,u32,s32,f32,f16x2">],
                       []<RowOperand>);
    defvar Tail = !listconcat([TcEnable],
                              !if(sc, [TcScaleImm], []<RowOperand>));
    def : Syntax<"tcgen05.mma" # sp # ".cta_group.kind"
                     # !if(tmem, "{.ashift}", "") # "{.collector}",
                 [Words<"cta_group", "cta_group::" # cta, "Multiple .{b} "
                        # "modifiers specified", "Multiple .{a} modifiers "
                        # "specified">,
                  Words<"kind", kinds, TcKind, TcKind>, TcCollectorA],
                 TcGate<"tcgen05.mma">>,
          RowOperands<!listconcat(Head, Meta, [TcIdesc], Lanes, Tail)> {
      let MissingMessages = TcMmaMissing;
    }
  }
}
// The block-scaled and weight-stationary forms. The scale vector sizes of
// each kind (ISA Table 53, as ptxas 13.0 applies it): .kind::mxf8f6f4 1X or
// block32 (or none), .kind::mxf4 2X or block32 (or none), .kind::mxf4nvf4
// 2X, 4X, block16 or block32 (required: "Modifier '.kind::mxf4nvf4'
// requires modifier '.scale_vectorsize'").
multiclass TcMmaScaledWs<string sp> {
  defvar Sp = !ne(sp, "");
  foreach kv = [["mxf8f6f4", "{.scale_vectorsize}", "scale_vec::1X,block32"],
                ["mxf4", "{.scale_vectorsize}", "scale_vec::2X,block32"],
                ["mxf4nvf4", ".scale_vectorsize",
                 "scale_vec::2X,scale_vec::4X,block16,block32"]] in
  foreach tmem = [0, 1] in
    def : Syntax<"tcgen05.mma" # sp # ".cta_group.kind.block_scale"
                     # kv[1] # "{.collector}",
                 [TcCtaGroup, Words<"kind", "kind::" # kv[0], TcKind, TcKind>,
                  Words<"scale_vectorsize", kv[2]>, TcCollectorA],
                 TcGate<"tcgen05.mma">>,
          RowOperands<!listconcat([TcTmem, !if(tmem, TcTmem, TcDesc), TcDesc],
                                  !if(Sp, [TcTmem], []<RowOperand>),
                                  [TcIdesc, TcTmem, TcTmem, TcEnable])> {
      let MissingMessages = !listconcat(TcMmaMissing, [
        Missing<"scale_vectorsize", "Modifier '.kind::" # kv[0] # "' requires "
                # "modifier '.scale_vectorsize' for instruction '{instr}'">]);
    }
  foreach tmem = [0, 1] in
  foreach zero = [0, 1] in
    def : Syntax<"tcgen05.mma.ws" # sp # ".cta_group::1.kind{.collector}",
                 [Words<"cta_group::1", "cta_group::1", "", "Multiple "
                        # ".cta_group::1 modifiers specified">,
                  Words<"kind", "kind::f16,kind::tf32,kind::f8f6f4,kind::i8",
                        TcKind, TcKind>, TcCollectorB],
                 TcGate<"tcgen05.mma">>,
          RowOperands<!listconcat([TcTmem, !if(tmem, TcTmem, TcDesc), TcDesc],
                                  !if(Sp, [TcTmem], []<RowOperand>), [TcIdesc, TcEnable],
                                  !if(zero, [TcDesc], []<RowOperand>))> {
      let MissingMessages = [
        Missing<"cta_group::1", ".cta_group modifier required for "
                                # "instruction '{instr}'">,
        Missing<"kind", ".kind modifier required for instruction '{instr}'">];
    }
}
defm : TcMma<"", "kind::f16,kind::tf32,kind::i8", 1>;
defm : TcMma<"", "kind::f8f6f4", 0>;
defm : TcMma<".sp", "kind::f16,kind::tf32,kind::i8", 1>;
defm : TcMma<".sp", "kind::f8f6f4", 0>;
defm : TcMmaScaledWs<"">;
defm : TcMmaScaledWs<".sp">;
