; Scalar integer and float IR through llc-14: i64 sdiv/srem/udiv/urem, i16 and i8
; arithmetic (llc uses .b16 registers and byte loads), bit intrinsics (ctpop, ctlz,
; cttz, bitreverse, fshl), smin/umax, select, a loop with a data-dependent trip
; count, float division/sqrt/fma, and float<->int conversions.
;   out[t*12 + k] (i64): 0 a sdiv b 1 a srem b 2 a udiv b 3 a urem b
;     4 sext(i16 trunc(a) * i16 trunc(b)) 5 zext(i8 trunc(a) + i8 trunc(b))
;     6 ctpop(a) + ctlz(b) << 8 + cttz(a) << 16 (cttz of 0 = 64)
;     7 bitreverse(a) 8 fshl(a, b, t) 9 smin(a, b) xor umax(a, b)
;     10 sum of (a >> i) & 255 for i = 0, 8, ... while (a >> i) != 0
;     11 bits of float: fma(fa, fb, sqrt(|fa|)) / fb with fa, fb = sitofp of the low 16 bits
; Launch: 1 block x 32 threads; in holds a[32] then b[32] (b != 0, no INT64_MIN/-1).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.ctlz.i64(i64, i1)
declare i64 @llvm.cttz.i64(i64, i1)
declare i64 @llvm.bitreverse.i64(i64)
declare i64 @llvm.fshl.i64(i64, i64, i64)
declare i64 @llvm.smin.i64(i64, i64)
declare i64 @llvm.umax.i64(i64, i64)
declare float @llvm.sqrt.f32(float)
declare float @llvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)

define void @llvm_int_math(i64 addrspace(1)* %in, i64 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr inbounds i64, i64 addrspace(1)* %in, i32 %tid
  %a = load i64, i64 addrspace(1)* %pa, align 8
  %tb = add i32 %tid, 32
  %pb = getelementptr inbounds i64, i64 addrspace(1)* %in, i32 %tb
  %b = load i64, i64 addrspace(1)* %pb, align 8
  %base = mul i32 %tid, 12
  %o = getelementptr inbounds i64, i64 addrspace(1)* %out, i32 %base
  %r0 = sdiv i64 %a, %b
  store i64 %r0, i64 addrspace(1)* %o, align 8
  %r1 = srem i64 %a, %b
  %o1 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 1
  store i64 %r1, i64 addrspace(1)* %o1, align 8
  %r2 = udiv i64 %a, %b
  %o2 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 2
  store i64 %r2, i64 addrspace(1)* %o2, align 8
  %r3 = urem i64 %a, %b
  %o3 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 3
  store i64 %r3, i64 addrspace(1)* %o3, align 8
  %a16 = trunc i64 %a to i16
  %b16 = trunc i64 %b to i16
  %m16 = mul i16 %a16, %b16
  %r4 = sext i16 %m16 to i64
  %o4 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 4
  store i64 %r4, i64 addrspace(1)* %o4, align 8
  %a8 = trunc i64 %a to i8
  %b8 = trunc i64 %b to i8
  %s8 = add i8 %a8, %b8
  %r5 = zext i8 %s8 to i64
  %o5 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 5
  store i64 %r5, i64 addrspace(1)* %o5, align 8
  %pc = call i64 @llvm.ctpop.i64(i64 %a)
  %lz = call i64 @llvm.ctlz.i64(i64 %b, i1 false)
  %tz = call i64 @llvm.cttz.i64(i64 %a, i1 false)
  %lz8 = shl i64 %lz, 8
  %tz16 = shl i64 %tz, 16
  %bits1 = add i64 %pc, %lz8
  %r6 = add i64 %bits1, %tz16
  %o6 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 6
  store i64 %r6, i64 addrspace(1)* %o6, align 8
  %r7 = call i64 @llvm.bitreverse.i64(i64 %a)
  %o7 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 7
  store i64 %r7, i64 addrspace(1)* %o7, align 8
  %t64 = zext i32 %tid to i64
  %r8 = call i64 @llvm.fshl.i64(i64 %a, i64 %b, i64 %t64)
  %o8 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 8
  store i64 %r8, i64 addrspace(1)* %o8, align 8
  %mn = call i64 @llvm.smin.i64(i64 %a, i64 %b)
  %mx = call i64 @llvm.umax.i64(i64 %a, i64 %b)
  %r9 = xor i64 %mn, %mx
  %o9 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 9
  store i64 %r9, i64 addrspace(1)* %o9, align 8
  br label %loop

loop:
  %x = phi i64 [ %a, %entry ], [ %xn, %body ]
  %acc = phi i64 [ 0, %entry ], [ %accn, %body ]
  %nz = icmp ne i64 %x, 0
  br i1 %nz, label %body, label %done

body:
  %byte = and i64 %x, 255
  %accn = add i64 %acc, %byte
  %xn = lshr i64 %x, 8
  br label %loop

done:
  %o10 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 10
  store i64 %acc, i64 addrspace(1)* %o10, align 8
  %a16s = trunc i64 %a to i16
  %b16s = trunc i64 %b to i16
  %fa = sitofp i16 %a16s to float
  %fb = sitofp i16 %b16s to float
  %abs = call float @llvm.fabs.f32(float %fa)
  %sq = call float @llvm.sqrt.f32(float %abs)
  %fm = call float @llvm.fma.f32(float %fa, float %fb, float %sq)
  %fd = fdiv float %fm, %fb
  %fbits = bitcast float %fd to i32
  %r11 = zext i32 %fbits to i64
  %o11 = getelementptr inbounds i64, i64 addrspace(1)* %o, i32 11
  store i64 %r11, i64 addrspace(1)* %o11, align 8
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void (i64 addrspace(1)*, i64 addrspace(1)*)* @llvm_int_math, !"kernel", i32 1}
