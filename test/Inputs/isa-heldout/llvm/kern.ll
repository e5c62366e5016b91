; ModuleID = 'llvm/kern.cu'
source_filename = "llvm/kern.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S3 = type { i32, float, double }

@_ZZ4kernE2sd = internal addrspace(3) global [64 x double] undef, align 8
@_ZZ4kernE2su = internal addrspace(3) global [64 x i64] undef, align 8

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readonly willreturn
define dso_local %struct.S3 @combine(%struct.S3* nocapture noundef readonly byval(%struct.S3) align 8 %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = getelementptr inbounds %struct.S3, %struct.S3* %0, i64 0, i32 0
  %4 = load i32, i32* %3, align 8, !tbaa !5
  %5 = mul nsw i32 %4, %1
  %6 = getelementptr inbounds %struct.S3, %struct.S3* %0, i64 0, i32 1
  %7 = load float, float* %6, align 4, !tbaa !12
  %8 = sitofp i32 %1 to float
  %9 = fadd contract float %7, %8
  %10 = getelementptr inbounds %struct.S3, %struct.S3* %0, i64 0, i32 2
  %11 = load double, double* %10, align 8, !tbaa !13
  %12 = fpext float %7 to double
  %13 = fmul contract double %11, %12
  %14 = insertvalue %struct.S3 poison, i32 %5, 0
  %15 = insertvalue %struct.S3 %14, float %9, 1
  %16 = insertvalue %struct.S3 %15, double %13, 2
  ret %struct.S3 %16
}

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @collatz(i32 noundef %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = icmp slt i32 %0, 2
  br i1 %3, label %15, label %4

4:                                                ; preds = %2, %4
  %5 = phi i32 [ %13, %4 ], [ %1, %2 ]
  %6 = phi i32 [ %12, %4 ], [ %0, %2 ]
  %7 = and i32 %6, 1
  %8 = icmp eq i32 %7, 0
  %9 = mul nsw i32 %6, 3
  %10 = add nsw i32 %9, 1
  %11 = lshr i32 %6, 1
  %12 = select i1 %8, i32 %11, i32 %10
  %13 = add nsw i32 %5, 1
  %14 = icmp slt i32 %12, 2
  br i1 %14, label %15, label %4

15:                                               ; preds = %4, %2
  %16 = phi i32 [ %1, %2 ], [ %13, %4 ]
  ret i32 %16
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @kern(double* nocapture noundef %0, <2 x double>* nocapture noundef %1, <4 x i32>* nocapture noundef %2, <2 x i16>* nocapture noundef %3, i8* nocapture noundef %4, i32* nocapture noundef %5, i64* nocapture noundef %6, float* nocapture noundef %7, %struct.S3* nocapture noundef %8, i32 noundef %9) local_unnamed_addr #2 {
  %11 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %12 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %13 = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %14 = mul nsw i32 %12, %13
  %15 = add nsw i32 %14, %11
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds double, double* %0, i64 %16
  %18 = load double, double* %17, align 8, !tbaa !14
  %19 = tail call contract double @llvm.nvvm.fma.rz.d(double %18, double %18, double 1.000000e+00)
  %20 = tail call contract double @llvm.nvvm.div.rm.d(double %18, double 3.000000e+00)
  %21 = fadd contract double %19, %20
  %22 = tail call contract double @llvm.nvvm.add.rp.d(double %18, double 5.000000e-01)
  %23 = fadd contract double %22, %21
  %24 = tail call double @llvm.maxnum.f64(double %18, double 2.000000e+00)
  %25 = fadd contract double %24, %23
  %26 = tail call contract double @llvm.nvvm.sqrt.rz.d(double %18)
  %27 = fadd contract double %26, %25
  %28 = tail call contract double @llvm.nvvm.rsqrt.approx.d(double %18)
  %29 = fadd contract double %28, %27
  %30 = tail call contract float @llvm.nvvm.d2f.rm(double %18)
  %31 = fpext float %30 to double
  %32 = fadd contract double %29, %31
  %33 = tail call i32 @llvm.nvvm.d2i.hi(double %18)
  %34 = sitofp i32 %33 to double
  %35 = fadd contract double %32, %34
  %36 = tail call i64 @llvm.nvvm.d2ll.rp(double %18)
  %37 = sitofp i64 %36 to double
  %38 = fadd contract double %35, %37
  %39 = getelementptr inbounds i64, i64* %6, i64 %16
  %40 = load i64, i64* %39, align 8, !tbaa !15
  %41 = uitofp i64 %40 to double
  %42 = fadd contract double %38, %41
  %43 = getelementptr inbounds i32, i32* %5, i64 %16
  %44 = load i32, i32* %43, align 4, !tbaa !17
  %45 = tail call contract double @llvm.nvvm.lohi.i2d(i32 %44, i32 %11)
  %46 = fadd contract double %45, %42
  store double %46, double* %17, align 8, !tbaa !14
  %47 = getelementptr inbounds float, float* %7, i64 %16
  %48 = load float, float* %47, align 4, !tbaa !18
  %49 = tail call contract float @llvm.nvvm.fmax.ftz.f(float %48, float 1.000000e+00)
  %50 = tail call contract float @llvm.nvvm.mul.rz.ftz.f(float %48, float 3.000000e+00)
  %51 = fadd contract float %49, %50
  %52 = tail call contract float @llvm.nvvm.ex2.approx.ftz.f(float %48)
  %53 = fadd contract float %52, %51
  %54 = tail call contract float @llvm.nvvm.cos.approx.ftz.f(float %48)
  %55 = fadd contract float %54, %53
  %56 = tail call i32 @llvm.nvvm.f2i.rm(float %48)
  %57 = sitofp i32 %56 to float
  %58 = fadd contract float %55, %57
  %59 = tail call i64 @llvm.nvvm.f2ull.rp(float %48)
  %60 = uitofp i64 %59 to float
  %61 = fadd contract float %58, %60
  %62 = tail call contract float @llvm.nvvm.fabs.ftz.f(float %48)
  %63 = fadd contract float %62, %61
  %64 = tail call contract float @llvm.nvvm.rsqrt.approx.ftz.f(float %48)
  %65 = fadd contract float %64, %63
  %66 = tail call float @llvm.round.f32(float %48)
  %67 = fadd contract float %66, %65
  %68 = tail call contract float @llvm.nvvm.trunc.ftz.f(float %48)
  %69 = fadd contract float %68, %67
  store float %69, float* %47, align 4, !tbaa !18
  %70 = getelementptr inbounds <2 x double>, <2 x double>* %1, i64 %16
  %71 = load <2 x double>, <2 x double>* %70, align 16, !tbaa !19
  %72 = add nsw i32 %15, 1
  %73 = sext i32 %72 to i64
  %74 = getelementptr inbounds <2 x double>, <2 x double>* %1, i64 %73
  %75 = load <2 x double>, <2 x double>* %74, align 16, !tbaa !19
  %76 = fmul contract <2 x double> %71, %75
  %77 = insertelement <2 x double> <double poison, double 1.000000e+00>, double %18, i64 0
  %78 = fadd contract <2 x double> %77, %76
  store <2 x double> %78, <2 x double>* %70, align 16, !tbaa !19
  %79 = getelementptr inbounds <4 x i32>, <4 x i32>* %2, i64 %16
  %80 = load <4 x i32>, <4 x i32>* %79, align 16, !tbaa !19
  %81 = ashr <4 x i32> %80, <i32 2, i32 2, i32 2, i32 2>
  %82 = getelementptr inbounds <4 x i32>, <4 x i32>* %2, i64 %73
  %83 = load <4 x i32>, <4 x i32>* %82, align 16, !tbaa !19
  %84 = xor <4 x i32> %81, %83
  %85 = insertelement <4 x i32> <i32 poison, i32 poison, i32 1, i32 2>, i32 %11, i64 0
  %86 = insertelement <4 x i32> %85, i32 %9, i64 1
  %87 = or <4 x i32> %84, %86
  store <4 x i32> %87, <4 x i32>* %79, align 16, !tbaa !19
  %88 = getelementptr inbounds <2 x i16>, <2 x i16>* %3, i64 %16
  %89 = load <2 x i16>, <2 x i16>* %88, align 4, !tbaa !19
  %90 = getelementptr inbounds <2 x i16>, <2 x i16>* %3, i64 %73
  %91 = load <2 x i16>, <2 x i16>* %90, align 4, !tbaa !19
  %92 = mul <2 x i16> %91, %89
  %93 = trunc i32 %11 to i16
  %94 = insertelement <2 x i16> <i16 poison, i16 3>, i16 %93, i64 0
  %95 = sub <2 x i16> %92, %94
  store <2 x i16> %95, <2 x i16>* %88, align 4, !tbaa !19
  %96 = getelementptr inbounds i8, i8* %4, i64 %16
  %97 = load i8, i8* %96, align 1, !tbaa !19
  %98 = getelementptr inbounds i8, i8* %4, i64 %73
  %99 = load i8, i8* %98, align 1, !tbaa !19
  %100 = mul i8 %99, %97
  %101 = lshr i8 %97, 3
  %102 = add i8 %100, %101
  store i8 %102, i8* %96, align 1, !tbaa !19
  %103 = and i32 %11, 63
  %104 = zext i32 %103 to i64
  %105 = getelementptr inbounds [64 x double], [64 x double] addrspace(3)* @_ZZ4kernE2sd, i64 0, i64 %104
  %106 = addrspacecast double addrspace(3)* %105 to double*
  store double %18, double* %106, align 8, !tbaa !14
  %107 = load i64, i64* %39, align 8, !tbaa !15
  %108 = getelementptr inbounds [64 x i64], [64 x i64] addrspace(3)* @_ZZ4kernE2su, i64 0, i64 %104
  %109 = addrspacecast i64 addrspace(3)* %108 to i64*
  store i64 %107, i64* %109, align 8, !tbaa !15
  tail call void @llvm.nvvm.barrier0()
  %110 = tail call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* %5, i32 %11)
  %111 = getelementptr inbounds i32, i32* %5, i64 1
  %112 = tail call i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0i32(i32* nonnull %111, i32 %11)
  %113 = getelementptr inbounds i32, i32* %5, i64 2
  %114 = tail call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0i32(i32* nonnull %113, i32 0, i32 %11)
  %115 = getelementptr inbounds i64, i64* %6, i64 5
  %116 = tail call i64 @llvm.nvvm.atomic.add.gen.i.sys.i64.p0i64(i64* nonnull %115, i64 1)
  %117 = trunc i64 %116 to i32
  %118 = getelementptr inbounds i32, i32* %5, i64 3
  %119 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* nonnull %118, i32 9)
  %120 = getelementptr inbounds i32, i32* %5, i64 4
  %121 = tail call i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* nonnull %120, i32 9)
  %122 = and i32 %11, 3
  %123 = icmp ne i32 %122, 0
  %124 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %123)
  %125 = zext i1 %124 to i32
  %126 = icmp sgt i32 %11, 2
  %127 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %126)
  %128 = zext i1 %127 to i32
  %129 = tail call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %11, i32 1, i32 0)
  %130 = sitofp i32 %11 to float
  %131 = tail call contract float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %130, i32 0, i32 31)
  %132 = fptosi float %131 to i32
  %133 = tail call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %134 = tail call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  %135 = tail call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %136 = trunc i64 %135 to i32
  %137 = add nsw i32 %11, %9
  %138 = tail call i32 @collatz(i32 noundef %137, i32 noundef 0) #10
  %139 = add i32 %134, %133
  %140 = add i32 %139, %110
  %141 = add i32 %140, %112
  %142 = add i32 %141, %114
  %143 = add i32 %142, %117
  %144 = add i32 %143, %119
  %145 = add i32 %144, %121
  %146 = add i32 %145, %125
  %147 = add i32 %146, %128
  %148 = add i32 %147, %129
  %149 = add i32 %148, %132
  %150 = add i32 %149, %136
  %151 = add i32 %150, %138
  store i32 %151, i32* %43, align 4, !tbaa !17
  %152 = add nsw i32 %11, 1
  %153 = and i32 %152, 63
  %154 = zext i32 %153 to i64
  %155 = getelementptr inbounds [64 x i64], [64 x i64] addrspace(3)* @_ZZ4kernE2su, i64 0, i64 %154
  %156 = addrspacecast i64 addrspace(3)* %155 to i64*
  %157 = atomicrmw add i64* %156, i64 2 seq_cst, align 8
  %158 = getelementptr inbounds i64, i64* %6, i64 6
  %159 = atomicrmw and i64* %158, i64 7 seq_cst, align 8
  %160 = add nsw i64 %159, %157
  %161 = add nsw i32 %11, 2
  %162 = and i32 %161, 63
  %163 = zext i32 %162 to i64
  %164 = getelementptr inbounds [64 x double], [64 x double] addrspace(3)* @_ZZ4kernE2sd, i64 0, i64 %163
  %165 = addrspacecast double addrspace(3)* %164 to double*
  %166 = atomicrmw fadd double* %165, double 1.000000e+00 seq_cst, align 8
  %167 = fptoui double %166 to i64
  %168 = add i64 %160, %167
  store i64 %168, i64* %39, align 8, !tbaa !15
  %169 = getelementptr inbounds %struct.S3, %struct.S3* %8, i64 %16
  %170 = tail call %struct.S3 @combine(%struct.S3* noundef nonnull byval(%struct.S3) align 8 %169, i32 noundef %9) #10
  %171 = extractvalue %struct.S3 %170, 0
  %172 = extractvalue %struct.S3 %170, 1
  %173 = extractvalue %struct.S3 %170, 2
  %174 = getelementptr inbounds %struct.S3, %struct.S3* %8, i64 %73, i32 0
  store i32 %171, i32* %174, align 8, !tbaa.struct !20
  %175 = getelementptr inbounds %struct.S3, %struct.S3* %8, i64 %73, i32 1
  store float %172, float* %175, align 4, !tbaa.struct !21
  %176 = getelementptr inbounds %struct.S3, %struct.S3* %8, i64 %73, i32 2
  store double %173, double* %176, align 8, !tbaa.struct !22
  %177 = srem i32 %9, 9
  switch i32 %177, label %201 [
    i32 0, label %178
    i32 1, label %181
    i32 2, label %184
    i32 3, label %187
    i32 4, label %190
    i32 5, label %193
    i32 6, label %196
  ]

178:                                              ; preds = %10
  %179 = load i32, i32* %43, align 4, !tbaa !17
  %180 = add nsw i32 %179, 3
  br label %199

181:                                              ; preds = %10
  %182 = load i32, i32* %43, align 4, !tbaa !17
  %183 = mul nsw i32 %182, 5
  br label %199

184:                                              ; preds = %10
  %185 = load i32, i32* %43, align 4, !tbaa !17
  %186 = sub nsw i32 %185, %11
  br label %199

187:                                              ; preds = %10
  %188 = load i32, i32* %43, align 4, !tbaa !17
  %189 = xor i32 %188, 85
  br label %199

190:                                              ; preds = %10
  %191 = load i32, i32* %43, align 4, !tbaa !17
  %192 = xor i32 %191, -1
  br label %199

193:                                              ; preds = %10
  %194 = load i32, i32* %43, align 4, !tbaa !17
  %195 = shl i32 %194, 2
  br label %199

196:                                              ; preds = %10
  %197 = load i32, i32* %43, align 4, !tbaa !17
  %198 = sub nsw i32 0, %197
  br label %199

199:                                              ; preds = %178, %181, %184, %187, %190, %193, %196
  %200 = phi i32 [ %198, %196 ], [ %195, %193 ], [ %192, %190 ], [ %189, %187 ], [ %186, %184 ], [ %183, %181 ], [ %180, %178 ]
  store i32 %200, i32* %43, align 4, !tbaa !17
  br label %201

201:                                              ; preds = %199, %10
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1)
  tail call void @llvm.nvvm.membar.sys()
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #3

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.nvvm.fma.rz.d(double, double, double) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare double @llvm.nvvm.div.rm.d(double, double) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.nvvm.add.rp.d(double, double) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare double @llvm.nvvm.sqrt.rz.d(double) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare double @llvm.nvvm.rsqrt.approx.d(double) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.d2f.rm(double) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.nvvm.d2i.hi(double) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i64 @llvm.nvvm.d2ll.rp(double) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.nvvm.lohi.i2d(i32, i32) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.fmax.ftz.f(float, float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.mul.rz.ftz.f(float, float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.ex2.approx.ftz.f(float) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.cos.approx.ftz.f(float) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.nvvm.f2i.rm(float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i64 @llvm.nvvm.f2ull.rp(float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.fabs.ftz.f(float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.rsqrt.approx.ftz.f(float) #5

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.trunc.ftz.f(float) #4

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #6

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* nocapture, i32) #7

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0i32(i32* nocapture, i32) #7

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0i32(i32* nocapture, i32, i32) #7

; Function Attrs: argmemonly nounwind
declare i64 @llvm.nvvm.atomic.add.gen.i.sys.i64.p0i64(i64* nocapture, i64) #7

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.load.inc.32.p0i32(i32* nocapture, i32) #7

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.load.dec.32.p0i32(i32* nocapture, i32) #7

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #8

; Function Attrs: convergent inaccessiblememonly nounwind
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #8

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #8

; Function Attrs: convergent inaccessiblememonly nounwind
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32) #8

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.nvvm.read.ptx.sreg.laneid() #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.nvvm.read.ptx.sreg.warpid() #4

; Function Attrs: inaccessiblememonly nounwind
declare i64 @llvm.nvvm.read.ptx.sreg.clock64() #9

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.bar.warp.sync(i32) #6

; Function Attrs: nounwind
declare void @llvm.nvvm.membar.sys() #10

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.maxnum.f64(double, double) #11

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.round.f32(float) #11

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind readonly willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #1 = { mustprogress nofree noinline nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #2 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { mustprogress nofree nosync nounwind readnone willreturn }
attributes #6 = { convergent nounwind }
attributes #7 = { argmemonly nounwind }
attributes #8 = { convergent inaccessiblememonly nounwind }
attributes #9 = { inaccessiblememonly nounwind }
attributes #10 = { nounwind }
attributes #11 = { nofree nosync nounwind readnone speculatable willreturn }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (double*, <2 x double>*, <4 x i32>*, <2 x i16>*, i8*, i32*, i64*, float*, %struct.S3*, i32)* @kern, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !7, i64 0}
!6 = !{!"_ZTS2S3", !7, i64 0, !10, i64 4, !11, i64 8}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!"float", !8, i64 0}
!11 = !{!"double", !8, i64 0}
!12 = !{!6, !10, i64 4}
!13 = !{!6, !11, i64 8}
!14 = !{!11, !11, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long long", !8, i64 0}
!17 = !{!7, !7, i64 0}
!18 = !{!10, !10, i64 0}
!19 = !{!8, !8, i64 0}
!20 = !{i64 0, i64 4, !17, i64 4, i64 4, !18, i64 8, i64 8, !14}
!21 = !{i64 0, i64 4, !18, i64 4, i64 8, !14}
!22 = !{i64 0, i64 8, !14}
