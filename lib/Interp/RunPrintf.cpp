//===- RunPrintf.cpp - printf ---------------------------------------------===//
//
// The device printf (vprintf lowered to ir::Opcode::Printf): each lane's
// format string and arguments from its argument buffer, printed in lane
// order.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>

namespace ptxwarp {
namespace interp {
namespace detail {

bool Runner::execPrintf(Warp &W, const Inst &I, LaneMask E) {
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    std::string Where;
    auto Fail = [&](uint64_t Addr) {
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "printf reads address 0x" + utohexstr(Addr, true) + " " +
                       Where);
    };
    auto Read = [&](Space Sp, uint64_t Addr, unsigned Size,
                    uint64_t &Out) -> bool {
      uint8_t *P = resolve(W, Lane, Sp, Addr, Size, Where);
      Out = 0;
      if (P)
        std::memcpy(&Out, P, Size);
      return P != nullptr;
    };
    auto ReadString = [&](uint64_t Addr, std::string &Out) -> bool {
      for (unsigned K = 0; K < 4096; ++K) {
        uint64_t C;
        if (!Read(Space::Generic, Addr + K, 1, C))
          return false;
        if (!C)
          return true;
        Out += char(C);
      }
      return true;
    };
    uint64_t Fmt, Args;
    if (!Read(I.Ops[1].Sp, I.Ops[1].Imm, 8, Fmt))
      return Fail(I.Ops[1].Imm);
    if (!Read(I.Ops[2].Sp, I.Ops[2].Imm, 8, Args))
      return Fail(I.Ops[2].Imm);
    std::string Format, Out;
    if (!ReadString(Fmt, Format))
      return Fail(Fmt);
    uint64_t ArgOff = 0;
    for (size_t K = 0; K < Format.size(); ++K) {
      if (Format[K] != '%') {
        Out += Format[K];
        continue;
      }
      size_t Start = K++;
      while (K < Format.size() && strchr("-+ #0123456789.", Format[K]))
        ++K;
      unsigned Long = 0;
      while (K < Format.size() && strchr("hlzjt", Format[K]))
        Long += Format[K++] == 'l' || Format[K - 1] == 'z' ? 1 : 0;
      if (K >= Format.size())
        break;
      char Conv = Format[K];
      if (Conv == '%') {
        Out += '%';
        continue;
      }
      // Each argument is aligned to its own size in the buffer (CUDA's
      // vprintf ABI): doubles, pointers and longs take 8 bytes.
      bool Wide = Long || strchr("fFeEgGaAsp", Conv);
      unsigned Size = Wide ? 8 : 4;
      ArgOff = (ArgOff + Size - 1) / Size * Size;
      uint64_t V;
      if (!Read(Space::Generic, Args + ArgOff, Size, V))
        return Fail(Args + ArgOff);
      // Printing an undefined argument shows it to the host: a use.
      if (AnyShadow) {
        uint64_t Off, BufSize;
        uint32_t Origin;
        ShadowBytes *Sh = shadowOf(
            W, resolve(W, Lane, Space::Generic, Args + ArgOff, Size, Where),
            Off, BufSize);
        if (Sh && Sh->undefined(Off, Size, Origin))
          return undefinedUse(I, 1u << Lane, W, "a printf argument", Origin);
      }
      ArgOff += Size;
      std::string Spec = Format.substr(Start, K - Start);
      Spec.erase(std::remove_if(Spec.begin(), Spec.end(),
                                [](char C) { return strchr("hlzjt", C); }),
                 Spec.end());
      char Buf[512];
      if (strchr("fFeEgGaA", Conv)) {
        double D;
        std::memcpy(&D, &V, 8);
        snprintf(Buf, sizeof(Buf), (Spec + Conv).c_str(), D);
      } else if (Conv == 's') {
        std::string Str;
        if (!ReadString(V, Str))
          return Fail(V);
        snprintf(Buf, sizeof(Buf), (Spec + 's').c_str(), Str.c_str());
      } else if (Conv == 'p') {
        snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)V);
      } else if (strchr("di", Conv)) {
        long long S = Wide ? (long long)V : (long long)int32_t(V);
        snprintf(Buf, sizeof(Buf), (Spec + "ll" + Conv).c_str(), S);
      } else if (strchr("uxXoc", Conv)) {
        unsigned long long U = Wide ? V : uint32_t(V);
        if (Conv == 'c')
          snprintf(Buf, sizeof(Buf), (Spec + 'c').c_str(), int(U));
        else
          snprintf(Buf, sizeof(Buf), (Spec + "ll" + Conv).c_str(), U);
      } else {
        snprintf(Buf, sizeof(Buf), "%s", (Spec + Conv).c_str());
      }
      Out += Buf;
    }
    if (PrintOut)
      *PrintOut << Out;
    if (I.Ops[0].K == Operand::Addr) {
      uint64_t Count = uint32_t(Out.size());
      if (uint8_t *P = resolve(W, Lane, I.Ops[0].Sp, I.Ops[0].Imm, 4, Where))
        std::memcpy(P, &Count, 4);
    }
  }
  return true;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
