; Warp intrinsics through the NVPTX back end (llc-14): ballot, all/any votes,
; match.any, float butterfly shuffles and an idx shuffle with a
; width-8 clamp value, on one warp.
;   out[lane*6 + k]: 0 ballot(v odd) 1 vote.all(v != 0) 2 vote.any(v > 1000)
;                    3 match.any.b32 of (v & 3) << 20 (llc-14 prints match.any.sync.b64
;                      with a 64-bit destination, which ptxas rejects)
;                    4 bits of the float butterfly sum of (float)v
;                    5 shfl.sync.idx(v, lane + 3, c = 0x181f) (width 8: within the segment)
; Launch: 1 block x 32 threads.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)

define void @llvm_warp_ops(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %pin = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %tid
  %v = load i32, i32 addrspace(1)* %pin, align 4
  %base = mul i32 %lane, 6
  %odd1 = and i32 %v, 1
  %odd = icmp ne i32 %odd1, 0
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  %nz = icmp ne i32 %v, 0
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %nz)
  %big = icmp sgt i32 %v, 1000
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %big)
  %k3 = and i32 %v, 3
  %key = shl i32 %k3, 20
  %match = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %key)
  %f0 = sitofp i32 %v to float
  br label %loop

loop:
  %f = phi float [ %f0, %entry ], [ %fsum, %loop ]
  %o = phi i32 [ 16, %entry ], [ %onext, %loop ]
  %sh = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %f, i32 %o, i32 31)
  %fsum = fadd float %f, %sh
  %onext = lshr i32 %o, 1
  %more = icmp ne i32 %onext, 0
  br i1 %more, label %loop, label %done

done:
  %src = add i32 %lane, 3
  %idx = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 %src, i32 6175)
  %allz = zext i1 %all to i32
  %anyz = zext i1 %any to i32
  %fbits = bitcast float %fsum to i32
  %p0 = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %base
  store i32 %ballot, i32 addrspace(1)* %p0, align 4
  %p1 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i32 1
  store i32 %allz, i32 addrspace(1)* %p1, align 4
  %p2 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i32 2
  store i32 %anyz, i32 addrspace(1)* %p2, align 4
  %p3 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i32 3
  store i32 %match, i32 addrspace(1)* %p3, align 4
  %p4 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i32 4
  store i32 %fbits, i32 addrspace(1)* %p4, align 4
  %p5 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i32 5
  store i32 %idx, i32 addrspace(1)* %p5, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i32 addrspace(1)*, i32 addrspace(1)*)* @llvm_warp_ops, !"kernel", i32 1}
