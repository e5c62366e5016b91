//===- lint_in_memory.cpp - Check PTX a JIT just generated ----------------===//
//
// A code generator builds PTX in memory and checks it before handing it to
// the driver: parse the string under a name of our choosing, check it for
// the architecture we will run on, print the diagnostics. The generated
// kernel has two deliberate mistakes (a register that was never declared and
// a zero membermask), so the program exits 0 only when both are reported.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include <iostream>
#include <sstream>
#include <string>

namespace pw = ptxwarp::api;

/// The "JIT": a warp-broadcast kernel for \p Lanes lanes.
static std::string generateKernel(unsigned Lanes) {
  std::ostringstream PTX;
  PTX << ".version 7.8\n.target sm_80\n.address_size 64\n\n"
      << ".visible .entry bcast(.param .u64 out)\n{\n"
      << "\t.reg .b32 %r<4>;\n"
      << "\tmov.u32 %r1, %laneid;\n"
      << "\tshfl.sync.idx.b32 %r2, %r1, 0, " << Lanes - 1 << ", %r7;\n"
      << "\tshfl.sync.idx.b32 %r3, %r1, 0, " << Lanes - 1 << ", 0;\n"
      << "\tret;\n}\n";
  return PTX.str();
}

int main() {
  pw::Session Session;
  llvm::Expected<pw::Module> M =
      Session.parseBuffer(generateKernel(32), "jit/bcast.ptx");
  if (!M) {
    std::cerr << "parse failed: " << llvm::toString(M.takeError()) << "\n";
    return 2;
  }
  llvm::Expected<pw::DiagnosticList> Diags = M->check({"sm_90"});
  if (!Diags) {
    std::cerr << "check failed: " << llvm::toString(Diags.takeError()) << "\n";
    return 2;
  }

  // As the tools print them...
  std::cout << Diags->renderText();
  // ...and as values.
  bool SawUndeclared = false, SawZeroMask = false;
  for (const pw::Diagnostic &D : *Diags) {
    std::cout << pw::severityName(D.Sev).str() << " " << D.Id << " at line "
              << D.Location.Line << ", column " << D.Location.Column << "\n";
    SawUndeclared |= D.Id == "undeclared-symbol";
    SawZeroMask |= D.Id == "membermask-zero";
  }
  std::cout << Diags->errorCount() << " error(s), " << Diags->warningCount()
            << " warning(s)\n";
  return SawUndeclared && SawZeroMask ? 0 : 1;
}
