//===- Qualifiers.cpp - Qualifier slots: order, duplicates, missing, case -===//
//
// What ptxas 13.0 enforces (test/Sema/qualifiers.ptx): order is free; some
// duplicates are tolerated and others are errors with their own texts; required
// qualifiers; the type a mode needs; .abs/.NaN only with .f32; upper-case
// qualifiers are unknown. All the data lives in the table's QualGroup/TypeRule
// rows.
//
//===----------------------------------------------------------------------===//

#include "SemaState.h"

using namespace llvm;

namespace ptxwarp {
namespace sema {

std::string fillMessage(StringRef Msg,
                        ArrayRef<std::pair<StringRef, StringRef>> Values) {
  std::string Out;
  while (!Msg.empty()) {
    size_t Open = Msg.find('{');
    Out += Msg.substr(0, Open).str();
    if (Open == StringRef::npos)
      break;
    size_t Close = Msg.find('}', Open);
    StringRef Key = Msg.slice(Open + 1, Close);
    for (const auto &[K, V] : Values)
      if (K == Key) {
        Out += V.str();
        break;
      }
    Msg = Msg.substr(Close + 1);
  }
  return Out;
}

/// Fills {instr}, {mode}, {type} in a qualifier-group message.
static std::string format(StringRef Msg, StringRef Instr, StringRef Mode,
                          StringRef Type) {
  return fillMessage(Msg, {{"instr", Instr}, {"mode", Mode}, {"type", Type}});
}

static bool matches(StringRef List, StringRef V) {
  return List.empty() || isa::listContains(List, V);
}

ResolvedQuals SemaState::resolveQualifiers(const ast::InstructionStmt &I,
                                           const isa::InstrFamily &F) {
  ResolvedQuals Q;
  // Values seen per group, with where they were written.
  SmallVector<SmallVector<const ast::Qualifier *, 2>, 6> Seen(F.Groups.size());
  const ast::Qualifier *TypeQual = nullptr;
  // Then "type missing" / "shape missing" would say it twice.
  bool TypeRejected = false, ShapeRejected = false;
  ArrayRef<ast::Qualifier> Quals = I.Qualifiers;
  // A family named by two words (bar.warp): the second is no qualifier.
  Quals = Quals.drop_front(std::min<size_t>(F.Opcode.count('.'), Quals.size()));
  auto Error = [&](SMRange R) {
    Q.Ok = false;
    return report(DiagID::BadQualifier, R);
  };

  for (const ast::Qualifier &AQ : Quals) {
    StringRef V = AQ.Text;
    // A type word goes to the type slot, whatever the family.
    if (isa::parseType(V)) {
      int TypeGroup = -1;
      for (unsigned G = 0; G != F.Groups.size(); ++G)
        if (F.Groups[G].Kind == isa::QualGroupKind::Type)
          TypeGroup = G;
      if (TypeGroup < 0 || !isa::listContains(F.Groups[TypeGroup].Values, V)) {
        TypeRejected = true;
        Error(AQ.range()) << "Unexpected instruction types specified for '"
                          << F.DiagName << "': '." << V
                          << "' is not a type of this instruction";
        continue;
      }
      if (!Seen[TypeGroup].empty()) {
        Error(AQ.range()) << "Unexpected instruction types specified for '"
                          << F.DiagName << "': type given twice";
        continue;
      }
      Seen[TypeGroup].push_back(&AQ);
      TypeQual = &AQ;
      continue;
    }
    int Group = -1;
    for (unsigned G = 0; G != F.Groups.size(); ++G)
      if (F.Groups[G].Kind != isa::QualGroupKind::Type &&
          isa::listContains(F.Groups[G].Values, V))
        Group = G;
    // A matrix shape the family does not take (ptxas 13.0:
    // test/Sema/movmatrix.ptx).
    if (Group < 0 && isa::isMatrixShape(V) &&
        llvm::any_of(F.Groups, [](const isa::QualGroup &G) {
          return G.Kind == isa::QualGroupKind::Shape;
        })) {
      Error(AQ.range()) << "Illegal matrix shape '." << V
                        << "' for instruction '" << F.DiagName << "'";
      ShapeRejected = true;
      continue;
    }
    if (Group < 0) {
      if (isa::isComparisonQualifier(V))
        Error(AQ.range()) << "Comparison qualifier is not allowed for "
                             "instruction '"
                          << F.DiagName << "'";
      else if (isa::isKnownModifier(V))
        Error(AQ.range()) << "Illegal modifier '." << V << "' for instruction '"
                          << F.DiagName << "'";
      else
        Error(AQ.range()) << "Unknown modifier '." << V << "'";
      continue;
    }
    const isa::QualGroup &G = F.Groups[Group];
    if (!Seen[Group].empty()) {
      StringRef Prev = Seen[Group].front()->Text;
      for (const isa::DupRule &R : G.Dups) {
        if (!matches(R.First, Prev) || !matches(R.Second, V))
          continue;
        if (!R.Message.empty())
          Error(AQ.range()) << format(R.Message, F.DiagName, Prev, V);
        break;
      }
      continue;
    }
    Seen[Group].push_back(&AQ);
  }

  // Required slots, then the type each mode and flag needs.
  for (unsigned G = 0; G != F.Groups.size(); ++G) {
    const isa::QualGroup &Grp = F.Groups[G];
    if (!Seen[G].empty()) {
      StringRef V = Seen[G].front()->Text;
      switch (Grp.Kind) {
      case isa::QualGroupKind::Sync:
        Q.Sync = true;
        break;
      case isa::QualGroupKind::Mode:
        Q.Mode = V;
        break;
      case isa::QualGroupKind::Type:
        Q.Type = V;
        break;
      case isa::QualGroupKind::Flag:
      case isa::QualGroupKind::Scope:
      case isa::QualGroupKind::Shape:
        Q.Flags.push_back(V);
        break;
      }
      continue;
    }
    if (!Grp.Required ||
        (TypeRejected && Grp.Kind == isa::QualGroupKind::Type) ||
        (ShapeRejected && Grp.Kind == isa::QualGroupKind::Shape))
      continue;
    // ptxas 13.0 reports a missing shape as an illegal empty one too.
    if (Grp.Kind == isa::QualGroupKind::Shape)
      Error(I.OpcodeRange) << "Illegal matrix shape '' for instruction '"
                           << F.DiagName << "'";
    Error(I.OpcodeRange) << Grp.MissingMessage;
  }
  for (const isa::TypeRule &R : F.TypeRules) {
    if (Q.Mode.empty() || Q.Type.empty() ||
        !isa::listContains(R.Modes, Q.Mode) ||
        isa::listContains(R.Types, Q.Type))
      continue;
    Error(TypeQual ? TypeQual->range() : I.OpcodeRange)
        << format(R.Message, F.DiagName, Q.Mode, Q.Type);
    Q.Ok = false;
  }
  for (unsigned G = 0; G != F.Groups.size(); ++G) {
    const isa::QualGroup &Grp = F.Groups[G];
    if (Seen[G].empty() || Grp.RequiresType.empty() || Q.Type.empty() ||
        Q.Type == Grp.RequiresType)
      continue;
    // ptxas 13.0 prints both messages (test/Sema/qualifiers.ptx).
    Error(Seen[G].front()->range())
        << Grp.RequiresTypeMessage << " (Illegal modifier '" << Grp.Name
        << "' for instruction '" << F.DiagName << "' with type '." << Q.Type
        << "')";
  }
  return Q;
}

} // namespace sema
} // namespace ptxwarp
