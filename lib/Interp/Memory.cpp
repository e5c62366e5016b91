//===- Memory.cpp - The global address space of a launch ------------------===//
//
// Buffers are placed from ir::BufferBase upwards, 256-byte aligned with a
// 256-byte gap between them, so an access just past one buffer never lands
// in the next (bounds checks then name the buffer it overran).
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/Interp/Interpreter.h"

#include "ptxwarp/IR/Layout.h"

#include <algorithm>

namespace ptxwarp {
namespace interp {

uint64_t Memory::allocate(llvm::StringRef Name, std::vector<uint8_t> Data,
                          ir::Type ElemTy) {
  if (Next == 0)
    Next = ir::BufferBase;
  Region R;
  R.Name = Name.str();
  R.Base = Next;
  R.ElemTy = ElemTy;
  Total += Data.size();
  Next += (Data.size() + 511) / 256 * 256;
  R.Data = std::move(Data);
  Regions.push_back(std::move(R));
  return Regions.back().Base;
}

void Memory::place(llvm::StringRef Name, uint64_t Base,
                   std::vector<uint8_t> Data) {
  Region R;
  R.Name = Name.str();
  R.Base = Base;
  Total += Data.size();
  R.Data = std::move(Data);
  Regions.push_back(std::move(R));
}

Region *Memory::find(uint64_t Addr, uint64_t Size) {
  for (Region &R : Regions)
    if (Addr >= R.Base && Addr - R.Base + Size <= R.Data.size() &&
        Addr - R.Base < R.Data.size() + 1)
      return &R;
  return nullptr;
}

const Region *Memory::nearest(uint64_t Addr) const {
  const Region *Best = nullptr;
  uint64_t BestDist = ~0ull;
  for (const Region &R : Regions) {
    uint64_t End = R.Base + R.Data.size();
    uint64_t D = Addr < R.Base ? R.Base - Addr : Addr >= End ? Addr - End : 0;
    if (D < BestDist) {
      BestDist = D;
      Best = &R;
    }
  }
  return Best;
}

const Region *Memory::byName(llvm::StringRef Name) const {
  for (const Region &R : Regions)
    if (R.Name == Name)
      return &R;
  return nullptr;
}

} // namespace interp
} // namespace ptxwarp
