//===- RunMemory.cpp - Memory accesses, shadow memory, cp.async -----------===//
//
// ld, st, atom and red (execMemory), the resolution of an address to host
// bytes with its bounds checks (resolve), the definedness of shared, local
// and .param memory (the shadow helpers) and cp.async / cp.async.bulk /
// mbarrier through AsyncEngine (execAsync).
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ptxwarp/IR/AsyncOps.h"
#include "ptxwarp/IR/Layout.h"
#include "ptxwarp/Interp/Alu.h"

#include "llvm/Support/Endian.h"

#include <cstring>

namespace ptxwarp {
namespace interp {
namespace detail {

namespace {

/// [Off, Off+Total) lies within [0, Size), without wrapping for offsets
/// near 2^64 (an address like [%r+-4] in the shared window).
bool fitsIn(uint64_t Off, uint64_t Total, uint64_t Size) {
  return Total <= Size && Off <= Size - Total;
}

/// An access of \p Size-byte elements, \p Total bytes in all, at \p Addr
/// that is aligned neither to its elements nor to the whole access (up to
/// 16 bytes). The general path reports it; the fast path leaves it to it.
bool misalignedElements(uint64_t Addr, unsigned Size, uint64_t Total) {
  return Size && Addr % std::min<uint64_t>(Total, 16) != 0 && Addr % Size != 0;
}

/// Whether the 32 addresses in \p Addr have the same high 32 bits.
bool sameHighHalves(const uint64_t *Addr) {
  uint64_t Differ = 0;
  for (unsigned L = 0; L < WarpSize; ++L)
    Differ |= Addr[L] ^ Addr[0];
  return !(Differ >> 32);
}

/// The lowest, the highest and the OR of the addresses of \p E's lanes in
/// \p Addr (loops over all 32 lanes, which vectorise).
template <typename T>
void lanesSpan(const T *Addr, LaneMask E, T &Lo, T &Hi, T &Or) {
  Lo = ~T(0);
  Hi = Or = 0;
  if (E == ~0u) {
    for (unsigned L = 0; L < WarpSize; ++L) {
      Or |= Addr[L];
      Lo = std::min(Lo, Addr[L]);
      Hi = std::max(Hi, Addr[L]);
    }
    return;
  }
  for (unsigned L = 0; L < WarpSize; ++L) {
    T A = Addr[L], In = -T((E & LaneBits[L]) != 0);
    Or |= A & In;
    Lo = std::min(Lo, A | ~In);
    Hi = std::max(Hi, A & In);
  }
}

/// lanesSpan of 64-bit addresses (\p E: more than one lane).
void spanOf(const uint64_t *Addr, LaneMask E, uint64_t &Lo, uint64_t &Hi,
            uint64_t &Or) {
  if (E == ~0u && sameHighHalves(Addr)) {
    // SSE2 has no 64-bit min and max; within one 4 GiB window the low
    // halves order the addresses, in 32-bit lanes.
    uint32_t Lo32 = ~0u, Hi32 = 0, Or32 = 0;
    for (unsigned L = 0; L < WarpSize; ++L) {
      uint32_t A = uint32_t(Addr[L]);
      Or32 |= A;
      Lo32 = std::min(Lo32, A);
      Hi32 = std::max(Hi32, A);
    }
    uint64_t Top = Addr[0] & ~uint64_t(0xffffffffu);
    Lo = Top | Lo32;
    Hi = Top | Hi32;
    Or = Top | Or32;
    return;
  }
  lanesSpan(Addr, E, Lo, Hi, Or);
}

/// A row access of ldmatrix/stmatrix that breaks its instruction's
/// MinAlign.
bool misalignedRow(const Inst &I, uint64_t Addr) {
  return I.MinAlign && Addr % I.MinAlign != 0;
}

} // namespace

uint8_t *Runner::resolve(Warp &W, unsigned Lane, Space Sp, uint64_t Addr,
                         uint64_t Total, std::string &Where) {
  uint64_t Off = Addr;
  if (Sp == Space::Generic) {
    if (Addr >= ir::SharedWindow && Addr - ir::SharedWindow < ir::WindowSize) {
      Sp = Space::Shared;
      Off = Addr - ir::SharedWindow;
    } else if (Addr >= ir::LocalWindow &&
               Addr - ir::LocalWindow < ir::WindowSize) {
      Sp = Space::Local;
      Off = Addr - ir::LocalWindow;
    } else if (Addr >= ir::KernelParamWindow &&
               Addr - ir::KernelParamWindow < ir::WindowSize) {
      Sp = Space::KernelParam; // cvta.param (PTX ISA 9.7.9.20)
      Off = Addr - ir::KernelParamWindow;
    } else {
      Sp = Space::Global;
    }
  }
  switch (Sp) {
  case Space::Global:
  case Space::Const: {
    if (Region *R = Mem.find(Addr, Total))
      return R->Data.data() + (Addr - R->Base);
    const Region *N = Mem.nearest(Addr);
    if (N && Addr >= N->Base + N->Data.size())
      Where = "past the end of buffer '" + N->Name + "' (" +
              std::to_string(N->Data.size()) + " bytes at 0x" +
              utohexstr(N->Base, true) + ")";
    else if (N && Addr + Total > N->Base && Addr >= N->Base)
      Where = "overlapping the end of buffer '" + N->Name + "'";
    else
      Where = N ? "outside every buffer (nearest: '" + N->Name + "', " +
                      std::to_string(N->Data.size()) + " bytes at 0x" +
                      utohexstr(N->Base, true) + ")"
                : "outside every buffer";
    return nullptr;
  }
  case Space::Shared:
    if (fitsIn(Off, Total, Shared.size()))
      return Shared.data() + Off;
    Where =
        "outside shared memory (" + std::to_string(Shared.size()) + " bytes)";
    return nullptr;
  case Space::Local:
    if (fitsIn(Off, Total, F.LocalBytes))
      return W.Local.data() + Lane * F.LocalBytes + Off;
    Where = "outside local memory (" + std::to_string(F.LocalBytes) + " bytes)";
    return nullptr;
  case Space::KernelParam:
    if (fitsIn(Off, Total, L.ParamBlock.size()))
      return const_cast<uint8_t *>(L.ParamBlock.data()) + Off;
    Where = "outside the kernel parameters";
    return nullptr;
  case Space::FrameParam:
    if (fitsIn(Off, Total, F.FrameParamBytes))
      return W.Frame.data() + Lane * F.FrameParamBytes + Off;
    Where = "outside the call parameters";
    return nullptr;
  default:
    Where = "in an unknown state space";
    return nullptr;
  }
}

bool Runner::shadowed(Space Sp, uint64_t Addr) {
  switch (Sp) {
  case Space::Shared:
  case Space::Local:
  case Space::FrameParam:
    return true;
  case Space::Generic:
    return (Addr >= ir::SharedWindow &&
            Addr - ir::SharedWindow < ir::WindowSize) ||
           (Addr >= ir::LocalWindow && Addr - ir::LocalWindow < ir::WindowSize);
  default:
    return false;
  }
}

ShadowBytes *Runner::shadowOf(Warp &W, const uint8_t *P, uint64_t &Off,
                              uint64_t &Size) {
  auto In = [&](const std::vector<uint8_t> &B) {
    uintptr_t X = reinterpret_cast<uintptr_t>(P),
              Base = reinterpret_cast<uintptr_t>(B.data());
    if (B.empty() || X < Base || X - Base >= B.size())
      return false;
    Off = X - Base;
    Size = B.size();
    return true;
  };
  if (In(Shared))
    return &SharedShadow;
  if (In(W.Local))
    return &W.LocalShadow;
  if (In(W.Frame))
    return &W.FrameShadow;
  return nullptr;
}

void Runner::loadShadow(Warp &W, const Inst &I, unsigned Lane,
                        const uint8_t *Ptr, unsigned Size) {
  uint64_t Off, BufSize;
  ShadowBytes *Sh = shadowOf(W, Ptr, Off, BufSize);
  if (!Sh || !Sh->live())
    return;
  for (unsigned K = 0; K < I.Vec; ++K) {
    uint32_t Origin;
    if (Sh->undefined(Off + K * Size, Size, Origin))
      setUndef(W, I.Ops[K], 1u << Lane, 1u << Lane, Origin);
  }
}

void Runner::storeShadow(Warp &W, const Inst &I, unsigned Lane,
                         const uint8_t *Ptr, unsigned Size) {
  uint64_t Off, BufSize;
  ShadowBytes *Sh = shadowOf(W, Ptr, Off, BufSize);
  if (!Sh)
    return;
  // A partial-width store (st.u8 of a 32-bit register) marks its bytes only.
  for (unsigned K = 0; K < I.Vec; ++K) {
    const Operand &O = I.Ops[1 + K];
    if (hasLane(undefOf(W, O), Lane)) {
      Sh->poison(BufSize, Off + K * Size, Size, originOf(W, O));
      AnyShadow = true;
    } else {
      Sh->unpoison(Off + K * Size, Size);
    }
  }
}

bool Runner::copyShadow(Warp &W, const Inst &I, unsigned Lane,
                        const AsyncResult &R) {
  uint64_t SrcOff = 0, SrcBuf = 0, DstOff = 0, DstBuf = 0;
  ShadowBytes *Src =
      R.CopySrc ? shadowOf(W, R.CopySrc, SrcOff, SrcBuf) : nullptr;
  ShadowBytes *Dst = shadowOf(W, R.CopyDst, DstOff, DstBuf);
  uint32_t Origin;
  bool Undef = Src && Src->undefined(SrcOff, R.CopySrcSize, Origin);
  if (Undef && !Dst)
    return undefinedUse(I, 1u << Lane, W, "a copied value", Origin);
  if (!Dst)
    return true;
  if (Undef)
    Dst->copyFrom(DstBuf, DstOff, *Src, SrcOff, R.CopySrcSize);
  else
    Dst->unpoison(DstOff, R.CopySrcSize);
  Dst->unpoison(DstOff + R.CopySrcSize, R.CopySize - R.CopySrcSize);
  return true;
}

const Inst *Runner::paramLoadAsMov(const Inst &I) {
  // `ld.param.T d, [param+imm]`: the kernel parameters are read-only for
  // the whole launch and always defined, so the group loop may run it as
  // `mov d, value` (the value read and extended as execMemory does); the
  // general path (stepWarp, exec) still runs the load itself.
  if (I.Op != Opcode::Ld || I.Vec != 1 || I.Ops.size() != 2 ||
      I.Ops[0].K != Operand::Register || I.Ops[0].Negated)
    return nullptr;
  const Operand &A = I.Ops[1];
  unsigned Size = I.Ty.bytes();
  if (A.K != Operand::Addr || A.Sp != Space::KernelParam || A.RegNo >= 0 ||
      A.DynShared || I.MinAlign ||
      !(Size == 1 || Size == 2 || Size == 4 || Size == 8))
    return nullptr;
  uint64_t At = A.Imm;
  if (At % Size || Size > L.ParamBlock.size() ||
      At > L.ParamBlock.size() - Size)
    return nullptr;
  ir::Type DT = F.Regs[unsigned(I.Ops[0].RegNo)].Ty;
  if (DT.K == ir::Type::Pred || DT.Bits == 0)
    return nullptr;
  uint64_t V = 0;
  for (unsigned B = 0; B < Size; ++B) // little-endian
    V |= uint64_t(L.ParamBlock[At + B]) << (8 * B);
  if (I.Ty.isSigned())
    V = uint64_t(sext(V, I.Ty.Bits));
  Inst &M = ParamMovs.emplace_back();
  M.Op = Opcode::Mov;
  M.Ty = DT;
  M.Ty.K = ir::Type::B; // a copy of the bits, whatever the register's kind
  M.Ty.Packed = false;
  M.Guard = I.Guard;
  M.GuardNeg = I.GuardNeg;
  M.Ops = {I.Ops[0], Operand::imm(truncTo(DT, V))};
  return &M;
}

bool Runner::execMemory(Warp &W, const Inst &I, LaneMask E) {
  bool IsLoad = I.Op == Opcode::Ld;
  bool IsAtom = I.Op == Opcode::Atom || I.Op == Opcode::Red;
  bool IsCas = IsAtom && ir::AtomOp(I.Sub) == ir::AtomOp::Cas;
  unsigned AddrIdx = IsLoad ? I.Vec : (IsAtom ? 1 : 0);
  const Operand &AO = I.Ops[AddrIdx];
  unsigned Size = I.Ty.bytes();
  // CTAs on other threads (RunGrid.cpp) see each read-modify-write whole.
  std::unique_lock<std::mutex> AtomicGuard;
  if (IsAtom && AtomicLock)
    AtomicGuard = std::unique_lock<std::mutex>(*AtomicLock);
  // Uses (README, d): the address ([%r], [%r+imm]: its base register)...
  if (LaneMask AU = undefOf(W, AO) & E)
    return undefinedUse(I, AU, W, "an address", originOf(W, AO));
  // ... atom.cas's b, whose comparison decides what is written, like a
  // branch condition (MSan checks cmpxchg's compare operand alike) ...
  if (IsCas && (undefOf(W, I.Ops[2]) & E))
    return undefinedUse(I, undefOf(W, I.Ops[2]) & E, W, "a compare value",
                        originOf(W, I.Ops[2]));
  // ... and a value written to global memory, the boundary the host sees.
  // Written to shared, local or .param memory it is no use: its bytes
  // become undefined in their shadow. The values written: st's a0..an,
  // atom's and red's b (cas: c).
  ArrayRef<Operand> Vals =
      ArrayRef<Operand>(I.Ops).drop_front(IsLoad   ? I.Ops.size()
                                          : IsAtom ? (IsCas ? 3 : 2)
                                                   : 1);
  LaneMask VU = 0;
  for (const Operand &O : Vals)
    VU |= undefOf(W, O);
  VU &= E;
  if (VU) {
    LaneMask Out = 0;
    for (LaneMask X = VU; X; X &= X - 1)
      if (!shadowed(AO.Sp, get(W, AO, countTrailingZeros(X))))
        Out |= X & -X;
    if (Out)
      return undefinedUse(I, Out, W,
                          IsAtom ? "an atomic operand" : "a stored value",
                          firstOrigin(W, Vals, Out));
  }
  if (IsLoad)
    for (unsigned K = 0; K < I.Vec; ++K)
      setUndef(W, I.Ops[K], E, 0);
  // The shadow matters only once some byte is undefined or this
  // instruction writes an undefined value (decided once, not per lane: a
  // store of defined values cannot make AnyShadow true).
  const bool Track = VU || AnyShadow;
  if (!Track && !IsAtom && !Async.busy() && fastAccess(W, I, E, AO, Size))
    return true;
  // Lanes in ascending order: atomics then have a deterministic order.
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    uint64_t Addr = get(W, AO, Lane);
    unsigned Total = Size * I.Vec;
    if (misalignedElements(Addr, Size, Total)) {
      return error(DiagID::MisalignedAccess, I, 1u << Lane, W,
                   "misaligned " + Twine(Size) + "-byte access at address 0x" +
                       utohexstr(Addr) + " by '" + I.Text + "'");
    }
    if (misalignedRow(I, Addr))
      return error(DiagID::MisalignedAccess, I, 1u << Lane, W,
                   "misaligned " + Twine(Total) + "-byte row at address 0x" +
                       utohexstr(Addr) + " by '" + I.Text + "' (its rows " +
                       "must be " + Twine(unsigned(I.MinAlign)) +
                       "-byte aligned)");
    std::string Where;
    uint8_t *Ptr = resolve(W, Lane, AO.Sp, Addr, Total, Where);
    if (!Ptr)
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "'" + I.Text + "' accesses " + Twine(Total) +
                       " bytes at address 0x" + utohexstr(Addr, true) + " " +
                       Where);
    DiagID HID;
    if (Async.busy())
      if (std::string H = Async.hazard(Ptr, Total, !IsLoad, &HID); !H.empty())
        return error(HID, I, 1u << Lane, W, "'" + I.Text + "' " + H);
    if (IsLoad) {
      for (unsigned K = 0; K < I.Vec; ++K) {
        uint64_t V = 0;
        std::memcpy(&V, Ptr + K * Size, Size);
        if (I.Ty.isSigned())
          V = uint64_t(sext(V, I.Ty.Bits));
        set(W, I.Ops[K], Lane, V);
      }
      if (Track)
        loadShadow(W, I, Lane, Ptr, Size);
      continue;
    }
    // Kernel parameters are read-only (PTX ISA 5.1.6.1), also through a
    // generic address from cvta.param.
    if (inParamBlock(Ptr))
      return error(DiagID::OutOfBounds, I, 1u << Lane, W,
                   "'" + I.Text + "' writes the read-only kernel parameters");
    if (!IsAtom) {
      for (unsigned K = 0; K < I.Vec; ++K) {
        uint64_t V = get(W, I.Ops[1 + K], Lane);
        std::memcpy(Ptr + K * Size, &V, Size);
      }
      if (Track)
        storeShadow(W, I, Lane, Ptr, Size);
      continue;
    }
    // The old value's definedness (shared and local memory have shadow).
    uint64_t ShOff = 0, ShSize = 0;
    ShadowBytes *Sh = Track ? shadowOf(W, Ptr, ShOff, ShSize) : nullptr;
    uint32_t OldOrigin = 0;
    bool OldUndef = Sh && Sh->undefined(ShOff, Size, OldOrigin);
    uint64_t Old = 0;
    std::memcpy(&Old, Ptr, Size);
    uint64_t Bv = get(W, I.Ops[2], Lane);
    uint64_t Cv = I.Ops.size() > 3 ? get(W, I.Ops[3], Lane) : 0;
    uint64_t New = Old;
    ir::Inst Tmp;
    Tmp.Ty = I.Ty;
    switch (ir::AtomOp(I.Sub)) {
    case ir::AtomOp::Add:
      Tmp.Op = Opcode::Add;
      Tmp.Rnd = ir::Rounding::Rn;
      // PTX ISA 9.7.13.5 atom: atom.add.f32 on global memory flushes
      // subnormal inputs and results to sign-preserving zero; on shared
      // memory it keeps them (f16/bf16 forms are .noftz, f64 never flushes).
      Tmp.Ftz = I.Ty.isFloat() && I.Ty.Bits == 32 && !I.Ty.Packed &&
                !(AO.Sp == Space::Shared ||
                  (AO.Sp == Space::Generic && Addr >= ir::SharedWindow &&
                   Addr - ir::SharedWindow < ir::WindowSize));
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Min:
      Tmp.Op = Opcode::Min;
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Max:
      Tmp.Op = Opcode::Max;
      New = evalAlu(Tmp, Old, Bv, 0);
      break;
    case ir::AtomOp::Inc:
      New = truncTo(I.Ty, Old) >= truncTo(I.Ty, Bv) ? 0 : Old + 1;
      break;
    case ir::AtomOp::Dec:
      New = (truncTo(I.Ty, Old) == 0 || truncTo(I.Ty, Old) > truncTo(I.Ty, Bv))
                ? Bv
                : Old - 1;
      break;
    case ir::AtomOp::And:
      New = Old & Bv;
      break;
    case ir::AtomOp::Or:
      New = Old | Bv;
      break;
    case ir::AtomOp::Xor:
      New = Old ^ Bv;
      break;
    case ir::AtomOp::Exch:
      New = Bv;
      break;
    case ir::AtomOp::Cas:
      New = truncTo(I.Ty, Old) == truncTo(I.Ty, Bv) ? Cv : Old;
      break;
    }
    std::memcpy(Ptr, &New, Size);
    if (Sh) {
      // An atomic on shared/local memory computes like any instruction: the
      // new value is undefined when the old one or the value combined with
      // it is (exch: the value alone; cas: c only when it is written). MSan
      // instead gives atomics clean shadow, because it cannot see both
      // sides reliably; the interpreter can.
      bool ValUndef = hasLane(VU, Lane);
      uint32_t ValOrigin = ValUndef ? firstOrigin(W, Vals, 1u << Lane) : 0;
      ir::AtomOp AOp = ir::AtomOp(I.Sub);
      bool Writes =
          AOp != ir::AtomOp::Cas || truncTo(I.Ty, Old) == truncTo(I.Ty, Bv);
      bool NewUndef =
          AOp == ir::AtomOp::Exch ? ValUndef : OldUndef || (Writes && ValUndef);
      if (NewUndef) {
        Sh->poison(ShSize, ShOff, Size,
                   AOp != ir::AtomOp::Exch && OldUndef ? OldOrigin : ValOrigin);
        AnyShadow = true;
      } else {
        Sh->unpoison(ShOff, Size);
      }
    }
    if (I.Op == Opcode::Atom) {
      set(W, I.Ops[0], Lane,
          I.Ty.isSigned() ? uint64_t(sext(Old, I.Ty.Bits)) : Old);
      setUndef(W, I.Ops[0], 1u << Lane, OldUndef ? 1u << Lane : 0, OldOrigin);
    }
  }
  return true;
}

bool Runner::findSpan(Warp &W, const Inst &I, LaneMask E, const Operand &AO,
                      unsigned Size, uint64_t Total, uintptr_t *Host) {
  // Alignment by a mask: with Size a power of two (at most 8, so that
  // min(Total, 16) is a multiple of it), misalignedElements holds exactly
  // when Size does not divide the address.
  if (!isPowerOf2_32(Size) || (I.MinAlign && !isPowerOf2_32(I.MinAlign)))
    return false;
  const uint64_t AlignMask = (Size - 1) | (I.MinAlign ? I.MinAlign - 1u : 0u);
  const unsigned R = unsigned(AO.RegNo);
  const unsigned Bits = F.Regs[R].Ty.Bits;
  // Every lane's address (a loop over all 32 lanes, which vectorises), and
  // the lowest, the highest and the OR of E's.
  uint64_t Addr[WarpSize];
  uint64_t Lo, Hi, Or;
  const bool One = !(E & (E - 1)); // E's only lane's address only
  if (Narrow[R] && Bits <= 32) {
    // [%r+imm] with a 32-bit base register wraps modulo 2^32, as get().
    const uint32_t *V = static_cast<const uint32_t *>(W.RegLanes[R]);
    const uint32_t Imm = uint32_t(AO.Imm);
    uint32_t Lo32 = ~0u, Hi32 = 0, Or32 = 0;
    if (One) { // one lane (`if (lane == 0) smem[w] = x;`)
      Lo32 = Hi32 = Or32 = Imm + V[countTrailingZeros(E)];
      Addr[countTrailingZeros(E)] = Lo32;
    } else {
      uint32_t A32[WarpSize];
      for (unsigned L = 0; L < WarpSize; ++L)
        A32[L] = Imm + V[L];
      lanesSpan(A32, E, Lo32, Hi32, Or32);
      for (unsigned L = 0; L < WarpSize; ++L)
        Addr[L] = A32[L];
    }
    Lo = Lo32;
    Hi = Hi32;
    Or = Or32;
  } else if (!Narrow[R] && Bits > 32) {
    const uint64_t *V = static_cast<const uint64_t *>(W.RegLanes[R]);
    if (One) {
      unsigned Lane = countTrailingZeros(E);
      Lo = Hi = Or = Addr[Lane] = AO.Imm + V[Lane];
    } else {
      for (unsigned L = 0; L < WarpSize; ++L)
        Addr[L] = AO.Imm + V[L];
      spanOf(Addr, E, Lo, Hi, Or);
    }
  } else {
    return false;
  }
  if (Or & AlignMask)
    return false;
  // Every lane's bytes lie within one buffer when the lowest and the
  // highest lane's do; the host byte of address A is then Base + (A - At).
  const uint8_t *Base;
  uint64_t At = 0;
  switch (AO.Sp) {
  case Space::Shared:
    if (!fitsIn(Hi, Total, Shared.size()))
      return false;
    Base = Shared.data();
    break;
  case Space::KernelParam:
    if (!fitsIn(Hi, Total, L.ParamBlock.size()))
      return false;
    Base = L.ParamBlock.data();
    break;
  default: {
    Region *Rg = LastRegion;
    auto Holds = [&](const Region *G) {
      return G && Lo >= G->Base && fitsIn(Hi - G->Base, Total, G->Data.size());
    };
    if (!Holds(Rg)) {
      Rg = Mem.find(Lo, Total);
      if (!Holds(Rg))
        return false;
    }
    LastRegion = Rg;
    Base = Rg->Data.data();
    At = Rg->Base;
    break;
  }
  }
  if (One) {
    unsigned Lane = countTrailingZeros(E);
    Host[Lane] = reinterpret_cast<uintptr_t>(Base) + uintptr_t(Addr[Lane] - At);
    return true;
  }
  for (unsigned L = 0; L < WarpSize; ++L) // integers: E's lanes are used
    Host[L] = reinterpret_cast<uintptr_t>(Base) + uintptr_t(Addr[L] - At);
  return true;
}

bool Runner::fastAccess(Warp &W, const Inst &I, LaneMask E, const Operand &AO,
                        unsigned Size) {
  if (AO.K != Operand::Addr || !E || Size > 8)
    return false;
  Space Sp = AO.Sp;
  bool IsLoad = I.Op == Opcode::Ld;
  if (Sp != Space::Global && Sp != Space::Const && Sp != Space::Shared &&
      !(Sp == Space::KernelParam && IsLoad))
    return false;
  unsigned N = I.Vec;
  ArrayRef<Operand> Vals(I.Ops.data() + (IsLoad ? 0 : 1), N);
  for (const Operand &O : Vals)
    if (O.K != Operand::Register && (IsLoad || O.K != Operand::Immediate))
      return false;
  uint64_t Total = uint64_t(Size) * N;
  // The lane's host bytes, or null when the general path must handle it.
  auto Find = [&](uint64_t Addr) -> uint8_t * {
    if (!Size || misalignedElements(Addr, Size, Total) ||
        misalignedRow(I, Addr))
      return nullptr;
    switch (Sp) {
    case Space::Shared:
      return fitsIn(Addr, Total, Shared.size()) ? Shared.data() + Addr
                                                : nullptr;
    case Space::KernelParam:
      return fitsIn(Addr, Total, L.ParamBlock.size())
                 ? const_cast<uint8_t *>(L.ParamBlock.data()) + Addr
                 : nullptr;
    default: {
      Region *R = LastRegion;
      if (!R || Addr < R->Base ||
          !fitsIn(Addr - R->Base, Total, R->Data.size()))
        R = Mem.find(Addr, Total);
      if (!R)
        return nullptr;
      LastRegion = R;
      return R->Data.data() + (Addr - R->Base);
    }
    }
  };
  // Each lane's host bytes as an integer (only E's lanes are meaningful).
  uintptr_t Host[WarpSize];
  bool Uniform = AO.RegNo < 0; // [imm]: one address for every lane
  if (Uniform) {
    uint8_t *P = Find(AO.Imm);
    if (!P)
      return false;
    Host[0] = reinterpret_cast<uintptr_t>(P);
  } else if (!findSpan(W, I, E, AO, Size, Total, Host)) {
    bool Narrow32 = F.Regs[AO.RegNo].Ty.Bits <= 32;
    for (LaneMask X = E; X; X &= X - 1) {
      unsigned Lane = countTrailingZeros(X);
      uint64_t Addr = AO.Imm + readReg(W, AO.RegNo, Lane);
      if (Narrow32) // as get(): [%r+imm] wraps modulo 2^32
        Addr = uint32_t(Addr);
      uint8_t *P = Find(Addr);
      if (!P)
        return false;
      Host[Lane] = reinterpret_cast<uintptr_t>(P);
    }
  }
  auto PtrOf = [&](unsigned Lane) {
    return reinterpret_cast<uint8_t *>(Host[Uniform ? 0 : Lane]);
  };
  if (IsLoad) {
    bool Signed = I.Ty.isSigned();
    for (unsigned K = 0; K < N; ++K) {
      const Operand &D = Vals[K];
      ir::Type DT = F.Regs[D.RegNo].Ty;
      auto Value = [&](const uint8_t *P) {
        P += K * Size;
        uint64_t V = 0;
        switch (Size) { // fixed sizes: no call to memcpy
        case 1:
          V = *P;
          break;
        case 2:
          V = llvm::support::endian::read16le(P);
          break;
        case 4:
          V = llvm::support::endian::read32le(P);
          break;
        default:
          std::memcpy(&V, P, 8);
          break;
        }
        if (Signed)
          V = uint64_t(sext(V, I.Ty.Bits));
        return truncTo(DT, V);
      };
      void *Lanes = regLanes(W, D.RegNo);
      if (Uniform) {
        // One value for every lane of E: a blend, which vectorises.
        uint64_t V = Value(PtrOf(0));
        if (Narrow[D.RegNo]) {
          uint32_t *R = static_cast<uint32_t *>(Lanes);
          for (unsigned L = 0; L < WarpSize; ++L)
            R[L] = (E & LaneBits[L]) ? uint32_t(V) : R[L];
        } else if (E == ~0u) {
          std::fill_n(static_cast<uint64_t *>(Lanes), WarpSize, V);
        } else {
          uint64_t *R = static_cast<uint64_t *>(Lanes);
          for (unsigned L = 0; L < WarpSize; ++L)
            R[L] = (E & LaneBits[L]) ? V : R[L];
        }
        continue;
      }
      if (E == ~0u && Size == 4 && DT.Bits == 32 && DT.K != ir::Type::Pred &&
          Narrow[D.RegNo]) {
        // The whole warp loads a word each into 32-bit lanes (sign
        // extension from and truncation to 32 bits change nothing), often
        // 32 consecutive words (one copy: the host is little-endian, as
        // read32le reads).
        uint32_t *R = static_cast<uint32_t *>(Lanes);
        uintptr_t Apart = 0;
        for (unsigned L = 0; L < WarpSize; ++L)
          Apart |= Host[L] ^ (Host[0] + 4 * L);
        if (!Apart && llvm::sys::IsLittleEndianHost) {
          // 16 bytes at a time: a 128-byte memcpy becomes `rep movs`.
          for (unsigned Q = 0; Q < WarpSize; Q += 4)
            std::memcpy(R + Q, PtrOf(0) + K * Size + 4 * Q, 16);
          continue;
        }
        for (unsigned L = 0; L < WarpSize; ++L)
          R[L] = llvm::support::endian::read32le(PtrOf(L) + K * Size);
        continue;
      }
      if (Narrow[D.RegNo]) {
        uint32_t *R = static_cast<uint32_t *>(Lanes);
        for (LaneMask X = E; X; X &= X - 1) {
          unsigned Lane = countTrailingZeros(X);
          R[Lane] = uint32_t(Value(PtrOf(Lane)));
        }
      } else {
        uint64_t *R = static_cast<uint64_t *>(Lanes);
        for (LaneMask X = E; X; X &= X - 1) {
          unsigned Lane = countTrailingZeros(X);
          R[Lane] = Value(PtrOf(Lane));
        }
      }
    }
    return true;
  }
  // Stores, lane by lane in ascending order (the last lane to write a byte
  // leaves its value, as in execMemory).
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    uint8_t *P = PtrOf(Lane);
    for (unsigned K = 0; K < N; ++K) {
      const Operand &O = Vals[K];
      uint64_t V = O.K == Operand::Register ? readReg(W, O.RegNo, Lane) : O.Imm;
      std::memcpy(P + K * Size, &V, Size);
    }
  }
  return true;
}

bool Runner::execAsync(Warp &W, const Inst &I, LaneMask E, LaneMask &Blocked) {
  for (const Operand &O : I.Ops)
    if (O.K == Operand::Addr && (undefOf(W, O) & E))
      return undefinedUse(I, undefOf(W, O) & E, W, "an address",
                          originOf(W, O));
  uint32_t PC = uint32_t(&I - F.Insts.data());
  bool HasDest = I.Op == Opcode::Mbarrier && I.Ops[0].K == Operand::Register &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::Init &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::ExpectTx &&
                 ir::MbarOp(I.Sub) != ir::MbarOp::CompleteTx;
  for (LaneMask X = E; X; X &= X - 1) {
    unsigned Lane = countTrailingZeros(X);
    AsyncLane AL;
    AL.Thread = W.Id * WarpSize + Lane;
    auto Get = [&](const Operand &O) { return get(W, O, Lane); };
    auto Resolve = [&](Space Sp, uint64_t Addr, uint64_t N,
                       std::string &Where) {
      return resolve(W, Lane, Sp, Addr, N, Where);
    };
    AL.Get = Get;
    AL.Resolve = Resolve;
    AsyncResult R = Async.execLane(I, PC, AL);
    if (R.K == AsyncResult::Error)
      return error(R.ID, I, 1u << Lane, W, "'" + I.Text + "' " + R.Msg);
    if (R.CopyDst && AnyShadow && !copyShadow(W, I, Lane, R))
      return false;
    if (R.K == AsyncResult::Blocked)
      Blocked |= 1u << Lane;
    else if (HasDest)
      set(W, I.Ops[0], Lane, R.Out);
  }
  if (HasDest)
    setUndef(W, I.Ops[0], E & ~Blocked, 0);
  return true;
}

} // namespace detail
} // namespace interp
} // namespace ptxwarp
