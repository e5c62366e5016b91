//===- WarpInstrs.cpp - Table rows of the warp-level instructions ---------===//
//
// shfl, vote, match, redux, activemask, elect, bar.warp.sync and mov (the way
// %laneid / %lanemask_* are read). Operand slots and type classes follow
// FINDINGS.md section 3 (what ptxas accepts), immediates section 4, the sink
// section 5, counts and `|p` section 6, qualifiers section 7, gates section 2.
// ISA text: seed 000 (shfl.sync, vote.sync, match.sync, activemask, redux,
// elect, bar.warp.sync) and seed 002/004 (legacy shfl/vote, special
// registers).
//
//===----------------------------------------------------------------------===//

#include "InstrTableImpl.h"

namespace ptxwarp {
namespace isa {
namespace {

constexpr uint16_t SrcImm32 = SF_IntImm | SF_F32Imm;

// --- Operand slot lists --------------------------------------------------

const OperandSlot MaskSlot = {"membermask", SlotRole::Membermask,
                              SlotClass::Int32, SF_IntImm};

const OperandSlot ShflSyncOps[] = {
    {"d", SlotRole::Dest, SlotClass::Data32, SF_PredOut | SF_SinkPred},
    {"a", SlotRole::Source, SlotClass::Data32, SrcImm32},
    {"b", SlotRole::Source, SlotClass::Data32, SrcImm32},
    {"c", SlotRole::Source, SlotClass::Data32, SrcImm32},
    MaskSlot};
const OperandSlot ShflLegacyOps[] = {
    {"d", SlotRole::Dest, SlotClass::Data32, SF_PredOut | SF_SinkPred},
    {"a", SlotRole::Source, SlotClass::Data32, SrcImm32},
    {"b", SlotRole::Source, SlotClass::Data32, SrcImm32},
    {"c", SlotRole::Source, SlotClass::Data32, SrcImm32}};

const OperandSlot VotePredSyncOps[] = {
    {"d", SlotRole::Dest, SlotClass::VotePred, SF_None},
    {"a", SlotRole::Source, SlotClass::VotePred, SF_Negatable | SF_IntImm},
    MaskSlot};
const OperandSlot VoteBallotSyncOps[] = {
    {"d", SlotRole::Dest, SlotClass::Data32, SF_None},
    {"a", SlotRole::Source, SlotClass::Pred, SF_Negatable | SF_IntImm},
    MaskSlot};
const OperandSlot VotePredLegacyOps[] = {
    {"d", SlotRole::Dest, SlotClass::VotePred, SF_None},
    {"a", SlotRole::Source, SlotClass::VotePred, SF_Negatable | SF_IntImm}};
const OperandSlot VoteBallotLegacyOps[] = {
    {"d", SlotRole::Dest, SlotClass::Data32, SF_None},
    {"a", SlotRole::Source, SlotClass::Pred, SF_Negatable | SF_IntImm}};

const OperandSlot MatchAny32Ops[] = {
    {"d", SlotRole::Dest, SlotClass::Int32, SF_None},
    {"a", SlotRole::Source, SlotClass::Data32, SrcImm32},
    MaskSlot};
const OperandSlot MatchAny64Ops[] = {
    {"d", SlotRole::Dest, SlotClass::Int32, SF_None},
    {"a", SlotRole::Source, SlotClass::Data64, SF_IntImm | SF_F64Imm},
    MaskSlot};
const OperandSlot MatchAll32Ops[] = {
    {"d", SlotRole::Dest, SlotClass::Int32,
     SF_PredOut | SF_SinkDest | SF_SinkPred},
    {"a", SlotRole::Source, SlotClass::Data32, SrcImm32},
    MaskSlot};
const OperandSlot MatchAll64Ops[] = {
    {"d", SlotRole::Dest, SlotClass::Int32,
     SF_PredOut | SF_SinkDest | SF_SinkPred},
    {"a", SlotRole::Source, SlotClass::Data64, SF_IntImm | SF_F64Imm},
    MaskSlot};

const OperandSlot ReduxIntOps[] = {
    {"d", SlotRole::Dest, SlotClass::Int32, SF_None},
    {"a", SlotRole::Source, SlotClass::Int32, SF_IntImm},
    MaskSlot};
// redux.f32 takes only float literals in a (FINDINGS.md 4).
const OperandSlot ReduxF32Ops[] = {
    {"d", SlotRole::Dest, SlotClass::ReduxF32, SF_None},
    {"a", SlotRole::Source, SlotClass::ReduxF32, SF_F32Imm | SF_F64Imm},
    MaskSlot};

const OperandSlot ActiveMaskOps[] = {
    {"d", SlotRole::Dest, SlotClass::Data32, SF_None}};
const OperandSlot ElectOps[] = {{"d", SlotRole::Dest, SlotClass::Int32,
                                 SF_PredOut | SF_PredOutRequired | SF_SinkDest},
                                MaskSlot};
const OperandSlot BarWarpOps[] = {MaskSlot};

const OperandSlot MovOps[] = {
    {"d", SlotRole::Dest, SlotClass::InstrType, SF_None},
    {"a", SlotRole::Source, SlotClass::InstrType,
     SF_IntImm | SF_F32Imm | SF_F64Imm | SF_SpecialReg}};

// --- Gates (FINDINGS.md section 2) ---------------------------------------

// ptxas accepts the .sync warp instructions from PTX 5.1 although the ISA
// text (and ptxas's own message) says 6.0 (FINDINGS.md 8.1).
const Gate ShflSyncGate = {{5, 1}, {6, 0}, "shfl.sync", {6, 0},
                           30,     "shfl", false,       ""};
const Gate ShflLegacyGate = {{3, 0}, {3, 0}, "shfl", {3, 0},
                             30,     "shfl", false,  ""};
const Gate VoteSyncGate = {{5, 1}, {6, 0},      "vote.sync", {6, 0},
                           30,     "vote.sync", false,       ""};
const Gate VoteLegacyGate = {{1, 2}, {1, 2}, "vote", {1, 2},
                             12,     "vote", false,  ""};
const Gate BallotLegacyGate = {{2, 0}, {2, 0}, "vote", {2, 0},
                               20,     "vote", false,  ""};
const Gate MatchGate = {{5, 1}, {6, 0},  "match", {6, 0},
                        70,     "match", false,   ""};
const Gate ReduxIntGate = {{7, 0}, {7, 0},  "redux", {7, 0},
                           80,     "redux", true,    ""};
const Gate ReduxF32Gate = {
    {8, 6}, {8, 6},      "redux.f32", {8, 6},
    0,      "redux.f32", false,       "sm_100a,sm_100f,sm_103a,sm_103f"};
// FINDINGS.md found no target gate from sm_30 up; below it ptxas 13.0 says
// "Feature 'activemask' requires .target sm_30 or higher".
const Gate ActiveMaskGate = {{6, 2}, {6, 2},       "activemask", {6, 2},
                             30,     "activemask", true,         ""};
const Gate ElectGate = {{8, 0}, {8, 0}, "elect", {8, 0}, 90, "elect", true, ""};
const Gate BarWarpGate = {{5, 1}, {6, 0},     "bar.warp", {6, 0},
                          30,     "bar.warp", false,      ""};
const Gate NoGate = {{0, 0}, {0, 0}, "", {0, 0}, 0, "", false, ""};

// --- Forms ---------------------------------------------------------------

const char ShflSyntax[] = "d[|p], a, b, c, membermask";
const char ShflLegacySyntax[] = "d[|p], a, b, c";

const InstrForm ShflForms[] = {
    {"shfl.sync.up.b32", SemanticOp::ShflUp, true, "up", "b32", ShflSyncOps,
     ShflSyncGate, false, ShflSyntax},
    {"shfl.sync.down.b32", SemanticOp::ShflDown, true, "down", "b32",
     ShflSyncOps, ShflSyncGate, false, ShflSyntax},
    {"shfl.sync.bfly.b32", SemanticOp::ShflBfly, true, "bfly", "b32",
     ShflSyncOps, ShflSyncGate, false, ShflSyntax},
    {"shfl.sync.idx.b32", SemanticOp::ShflIdx, true, "idx", "b32", ShflSyncOps,
     ShflSyncGate, false, ShflSyntax},
    {"shfl.up.b32", SemanticOp::ShflUp, false, "up", "b32", ShflLegacyOps,
     ShflLegacyGate, true, ShflLegacySyntax},
    {"shfl.down.b32", SemanticOp::ShflDown, false, "down", "b32", ShflLegacyOps,
     ShflLegacyGate, true, ShflLegacySyntax},
    {"shfl.bfly.b32", SemanticOp::ShflBfly, false, "bfly", "b32", ShflLegacyOps,
     ShflLegacyGate, true, ShflLegacySyntax},
    {"shfl.idx.b32", SemanticOp::ShflIdx, false, "idx", "b32", ShflLegacyOps,
     ShflLegacyGate, true, ShflLegacySyntax},
};

const InstrForm VoteForms[] = {
    {"vote.sync.all.pred", SemanticOp::VoteAll, true, "all", "pred",
     VotePredSyncOps, VoteSyncGate, false, "d, {!}a, membermask"},
    {"vote.sync.any.pred", SemanticOp::VoteAny, true, "any", "pred",
     VotePredSyncOps, VoteSyncGate, false, "d, {!}a, membermask"},
    {"vote.sync.uni.pred", SemanticOp::VoteUni, true, "uni", "pred",
     VotePredSyncOps, VoteSyncGate, false, "d, {!}a, membermask"},
    {"vote.sync.ballot.b32", SemanticOp::VoteBallot, true, "ballot", "b32",
     VoteBallotSyncOps, VoteSyncGate, false, "d, {!}a, membermask"},
    {"vote.all.pred", SemanticOp::VoteAll, false, "all", "pred",
     VotePredLegacyOps, VoteLegacyGate, true, "d, {!}a"},
    {"vote.any.pred", SemanticOp::VoteAny, false, "any", "pred",
     VotePredLegacyOps, VoteLegacyGate, true, "d, {!}a"},
    {"vote.uni.pred", SemanticOp::VoteUni, false, "uni", "pred",
     VotePredLegacyOps, VoteLegacyGate, true, "d, {!}a"},
    {"vote.ballot.b32", SemanticOp::VoteBallot, false, "ballot", "b32",
     VoteBallotLegacyOps, BallotLegacyGate, true, "d, {!}a"},
};

const InstrForm MatchForms[] = {
    {"match.any.sync.b32", SemanticOp::MatchAny, true, "any", "b32",
     MatchAny32Ops, MatchGate, false, "d, a, membermask"},
    {"match.any.sync.b64", SemanticOp::MatchAny, true, "any", "b64",
     MatchAny64Ops, MatchGate, false, "d, a, membermask"},
    {"match.all.sync.b32", SemanticOp::MatchAll, true, "all", "b32",
     MatchAll32Ops, MatchGate, false, "d[|p], a, membermask"},
    {"match.all.sync.b64", SemanticOp::MatchAll, true, "all", "b64",
     MatchAll64Ops, MatchGate, false, "d[|p], a, membermask"},
};

#define REDUX_INT(OP, TY, SEM)                                                 \
  {                                                                            \
    "redux.sync." OP "." TY, SemanticOp::SEM, true, OP, TY, ReduxIntOps,       \
        ReduxIntGate, false, "d, a, membermask"                                \
  }
const InstrForm ReduxForms[] = {
    REDUX_INT("add", "u32", ReduxAdd),
    REDUX_INT("add", "s32", ReduxAdd),
    REDUX_INT("min", "u32", ReduxMin),
    REDUX_INT("min", "s32", ReduxMin),
    REDUX_INT("max", "u32", ReduxMax),
    REDUX_INT("max", "s32", ReduxMax),
    REDUX_INT("and", "b32", ReduxAnd),
    REDUX_INT("or", "b32", ReduxOr),
    REDUX_INT("xor", "b32", ReduxXor),
    {"redux.sync.min{.abs}{.NaN}.f32", SemanticOp::ReduxFMin, true, "min",
     "f32", ReduxF32Ops, ReduxF32Gate, false, "d, a, membermask"},
    {"redux.sync.max{.abs}{.NaN}.f32", SemanticOp::ReduxFMax, true, "max",
     "f32", ReduxF32Ops, ReduxF32Gate, false, "d, a, membermask"},
};
#undef REDUX_INT

const InstrForm ActiveMaskForms[] = {{"activemask.b32", SemanticOp::ActiveMask,
                                      false, "", "b32", ActiveMaskOps,
                                      ActiveMaskGate, false, "d"}};
const InstrForm ElectForms[] = {{"elect.sync", SemanticOp::Elect, true, "", "",
                                 ElectOps, ElectGate, false,
                                 "d|p, membermask"}};
const InstrForm BarWarpForms[] = {{"bar.warp.sync", SemanticOp::BarWarpSync,
                                   true, "", "", BarWarpOps, BarWarpGate, false,
                                   "membermask"}};
const InstrForm MovForms[] = {{"mov.type", SemanticOp::Mov, false, "", "",
                               MovOps, NoGate, false, "d, a"}};

// --- Qualifier groups (FINDINGS.md section 7) ----------------------------

const DupRule Tolerated[] = {{"", "", ""}};
const DupRule ShflModeDups[] = {
    {"down", "down", "Multiple .down modifiers specified"},
    {"", "", "Multiple shuffle modifiers specified"}};
const DupRule VoteModeDups[] = {
    {"uni", "uni", ""},
    {"all,any", "all,any", "Multiple .any/.all modifiers specified"},
    {"", "", "Multiple vote modifiers specified"}};
const DupRule MatchModeDups[] = {
    {"", "", "Multiple .any/.all modifiers specified"}};
const DupRule ReduxOpDups[] = {
    {"", "", "Multiple instruction post-operation flags set"}};
const DupRule AbsDups[] = {{"", "", "Multiple .abs modifiers specified"}};
const DupRule TypeDups[] = {
    {"", "", "Unexpected instruction types specified for '{instr}'"}};

const QualGroup ShflGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", false, "", Tolerated, "", ""},
    {QualGroupKind::Mode, "mode", modeWordList<ShflMode>(), true,
     "Shuffle modifier required for instruction 'shfl'", ShflModeDups, "", ""},
    {QualGroupKind::Type, "type", "b32", true,
     "Unexpected instruction types specified for 'shfl'", TypeDups, "", ""}};
const QualGroup VoteGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", false, "", Tolerated, "", ""},
    {QualGroupKind::Mode, "mode", modeWordList<VoteMode>(), true,
     ".mode modifier required for instruction 'vote'", VoteModeDups, "", ""},
    {QualGroupKind::Type, "type", "pred,b32", true,
     "Unexpected instruction types specified for 'vote'", TypeDups, "", ""}};
const QualGroup MatchGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", true,
     ".sync modifier required for instruction 'match'", Tolerated, "", ""},
    {QualGroupKind::Mode, "mode", modeWordList<MatchMode>(), true,
     "'.any' or '.all' modifier required for instruction 'match'",
     MatchModeDups, "", ""},
    {QualGroupKind::Type, "type", "b32,b64", true,
     "Unexpected instruction types specified for 'match'", TypeDups, "", ""}};
const QualGroup ReduxGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", true,
     ".sync modifier required for instruction 'redux'", Tolerated, "", ""},
    {QualGroupKind::Mode, "operation", modeWordList<ReduxOp>(), true,
     "Reduction operation is required for instruction 'redux'", ReduxOpDups, "",
     ""},
    {QualGroupKind::Flag, ".abs", "abs", false, "", AbsDups, "f32",
     "Instruction 'redux' requires '.f32' type with '.abs' modifier."},
    {QualGroupKind::Flag, ".NaN", "NaN", false, "", Tolerated, "f32",
     "Instruction 'redux' requires '.f32' type with '.NaN' modifier."},
    {QualGroupKind::Type, "type", "u32,s32,b32,f32", true,
     "Unexpected instruction types specified for 'redux'", TypeDups, "", ""}};
const QualGroup ActiveMaskGroups[] = {
    {QualGroupKind::Type, "type", "b32", true,
     "Unexpected instruction types specified for 'activemask'", TypeDups, "",
     ""}};
const QualGroup ElectGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", true,
     ".sync modifier required for instruction 'elect'", Tolerated, "", ""}};
const QualGroup BarWarpGroups[] = {
    {QualGroupKind::Sync, "sync", "sync", true,
     ".sync modifier required for instruction 'bar.warp'", Tolerated, "", ""}};
// PTX ISA "Data Movement and Conversion Instructions: mov": .pred,
// .b16/.b32/.b64, .u16/.u32/.u64, .s16/.s32/.s64, .f32, .f64, and .b128; no
// 8-bit, .f16 or packed types (ptxas: "Unexpected instruction types specified
// for 'mov'" for mov.f16, mov.u8, mov.f16x2).
const QualGroup MovGroups[] = {
    {QualGroupKind::Type, "type",
     "b16,u16,s16,b32,u32,s32,f32,b64,u64,s64,f64,b128,pred", true,
     "Unexpected instruction types specified for 'mov'", TypeDups, "", ""},
    // mov.v2/.v4 between vector registers and brace lists (PTX ISA 5.4.2
    // "Vectors"; 9.7.9.1 "mov").
    {QualGroupKind::Flag, "vec", "v2,v4", false, "", Tolerated, "", ""}};

const TypeRule VoteTypeRules[] = {
    {"all,any,uni", "pred",
     "Instruction 'vote' requires '.pred' type with '.{mode}' modifier."},
    {"ballot", "b32",
     "Instruction 'vote' requires '.b32' type with '.ballot' modifier."}};
const TypeRule ReduxTypeRules[] = {
    {"add", "u32,s32",
     "Incorrect type '.{type}' for operation '.{mode}' in instruction "
     "'redux'"},
    {"min,max", "u32,s32,f32",
     "Incorrect type '.{type}' for operation '.{mode}' in instruction "
     "'redux'"},
    {"and,or,xor", "b32",
     "Incorrect type '.{type}' for operation '.{mode}' in instruction "
     "'redux'"}};

// FINDINGS.md section 2, "Extra .abs / .NaN gate errors".
const QualGate ReduxQualGates[] = {
    {"abs",
     {7, 2},
     "Feature '.abs' requires PTX ISA .version 7.2 or later",
     86,
     "Feature '.abs' requires .target sm_86 or higher"},
    {"NaN",
     {7, 0},
     "Feature '.NaN' requires PTX ISA .version 7.0 or later",
     80,
     "Modifier '.NaN' requires .target sm_80 or higher"}};

} // namespace

llvm::ArrayRef<InstrFamily> warpFamilies() {
  static const InstrFamily Families[] = {
      {"shfl", "shfl", ShflGroups, {}, ShflForms, {}},
      {"vote", "vote", VoteGroups, VoteTypeRules, VoteForms, {}},
      {"match", "match", MatchGroups, {}, MatchForms, {}},
      {"redux", "redux", ReduxGroups, ReduxTypeRules, ReduxForms,
       ReduxQualGates},
      {"activemask", "activemask", ActiveMaskGroups, {}, ActiveMaskForms, {}},
      {"elect", "elect", ElectGroups, {}, ElectForms, {}},
      {"bar.warp", "bar.warp", BarWarpGroups, {}, BarWarpForms, {}},
      {"mov", "mov", MovGroups, {}, MovForms, {}, false, 0, 0, true},
  };
  return Families;
}

} // namespace isa
} // namespace ptxwarp
