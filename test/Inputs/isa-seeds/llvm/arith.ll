; ModuleID = 'llvm/arith.cu'
source_filename = "llvm/arith.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ5arithE2sh = internal unnamed_addr addrspace(3) global [128 x i32] undef, align 4

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i64 @fact(i64 noundef %0) local_unnamed_addr #0 {
  %2 = icmp slt i64 %0, 2
  br i1 %2, label %9, label %3

3:                                                ; preds = %1, %3
  %4 = phi i64 [ %6, %3 ], [ %0, %1 ]
  %5 = phi i64 [ %7, %3 ], [ 1, %1 ]
  %6 = add nsw i64 %4, -1
  %7 = mul nsw i64 %4, %5
  %8 = icmp ult i64 %4, 3
  br i1 %8, label %9, label %3

9:                                                ; preds = %3, %1
  %10 = phi i64 [ 1, %1 ], [ %7, %3 ]
  ret i64 %10
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @arith(float* nocapture noundef %0, i32* nocapture noundef %1, double* nocapture noundef %2, i64* nocapture noundef %3, i16* nocapture noundef %4, <4 x float>* nocapture noundef %5, i32 noundef %6) local_unnamed_addr #1 {
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %11 = mul nsw i32 %9, %10
  %12 = add nsw i32 %11, %8
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds float, float* %0, i64 %13
  %15 = load float, float* %14, align 4, !tbaa !5
  %16 = tail call float @llvm.sqrt.f32(float %15)
  %17 = tail call float @llvm.fma.f32(float %15, float 2.000000e+00, float 1.000000e+00)
  %18 = fadd contract float %16, %17
  %19 = tail call contract float @llvm.nvvm.ex2.approx.f(float %15)
  %20 = fadd contract float %19, %18
  %21 = tail call contract float @llvm.nvvm.lg2.approx.f(float %15)
  %22 = fadd contract float %21, %20
  %23 = tail call contract float @llvm.nvvm.sin.approx.f(float %15)
  %24 = fadd contract float %23, %22
  %25 = fdiv float 1.000000e+00, %15
  %26 = fadd contract float %25, %24
  %27 = fdiv float %15, 3.000000e+00
  %28 = fadd contract float %27, %26
  %29 = tail call float @llvm.minnum.f32(float %15, float 1.000000e+00)
  %30 = fadd contract float %29, %28
  %31 = tail call float @llvm.fabs.f32(float %15)
  %32 = fadd contract float %31, %30
  %33 = tail call contract float @llvm.nvvm.saturate.f(float %15)
  %34 = fadd contract float %33, %32
  %35 = tail call float @llvm.floor.f32(float %15)
  %36 = fadd contract float %35, %34
  store float %36, float* %14, align 4, !tbaa !5
  %37 = getelementptr inbounds double, double* %2, i64 %13
  %38 = load double, double* %37, align 8, !tbaa !9
  %39 = tail call double @llvm.fma.f64(double %38, double 2.000000e+00, double 1.000000e+00)
  %40 = fdiv double 1.000000e+00, %38
  %41 = fadd contract double %39, %40
  %42 = getelementptr inbounds i32, i32* %1, i64 %13
  %43 = load i32, i32* %42, align 4, !tbaa !11
  %44 = sitofp i32 %43 to double
  %45 = fadd contract double %41, %44
  %46 = add nsw i32 %12, 1
  %47 = sext i32 %46 to i64
  %48 = getelementptr inbounds double, double* %2, i64 %47
  %49 = load double, double* %48, align 8, !tbaa !9
  %50 = tail call double @llvm.sqrt.f64(double %49)
  %51 = fadd contract double %45, %50
  store double %51, double* %37, align 8, !tbaa !9
  %52 = mul nsw i32 %43, 7
  %53 = or i32 %6, 1
  %54 = sdiv i32 %43, %53
  %55 = srem i32 %43, 5
  %56 = tail call i32 @llvm.ctpop.i32(i32 %43), !range !13
  %57 = tail call i32 @llvm.ctlz.i32(i32 %43, i1 true), !range !13
  %58 = tail call i32 @llvm.bitreverse.i32(i32 %43)
  %59 = tail call i32 @llvm.nvvm.mulhi.i(i32 %43, i32 %6)
  %60 = tail call i32 @llvm.nvvm.prmt(i32 %43, i32 %6, i32 12816)
  %61 = add i32 %55, %52
  %62 = add i32 %61, %56
  %63 = add i32 %62, %57
  %64 = add i32 %63, %58
  %65 = add i32 %64, %59
  %66 = add i32 %65, %54
  %67 = add i32 %66, %60
  %68 = and i32 %12, 127
  %69 = zext i32 %68 to i64
  %70 = getelementptr inbounds [128 x i32], [128 x i32] addrspace(3)* @_ZZ5arithE2sh, i64 0, i64 %69
  %71 = addrspacecast i32 addrspace(3)* %70 to i32*
  store i32 %67, i32* %71, align 4, !tbaa !11
  tail call void @llvm.nvvm.barrier0()
  %72 = and i32 %46, 127
  %73 = zext i32 %72 to i64
  %74 = getelementptr inbounds [128 x i32], [128 x i32] addrspace(3)* @_ZZ5arithE2sh, i64 0, i64 %73
  %75 = addrspacecast i32 addrspace(3)* %74 to i32*
  %76 = load i32, i32* %75, align 4, !tbaa !11
  %77 = getelementptr inbounds i32, i32* %1, i64 1
  %78 = atomicrmw add i32* %77, i32 %12 seq_cst, align 4
  %79 = add nsw i32 %78, %76
  %80 = getelementptr inbounds i32, i32* %1, i64 2
  %81 = cmpxchg i32* %80, i32 0, i32 %12 seq_cst seq_cst, align 4
  %82 = extractvalue { i32, i1 } %81, 0
  %83 = add nsw i32 %79, %82
  %84 = getelementptr inbounds i32, i32* %1, i64 3
  %85 = atomicrmw max i32* %84, i32 %12 seq_cst, align 4
  %86 = add nsw i32 %83, %85
  %87 = getelementptr inbounds i32, i32* %1, i64 4
  %88 = atomicrmw xchg i32* %87, i32 %12 seq_cst, align 4
  %89 = add nsw i32 %86, %88
  %90 = tail call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %12, i32 1, i32 31)
  %91 = add nsw i32 %89, %90
  %92 = and i32 %12, 1
  %93 = icmp ne i32 %92, 0
  %94 = tail call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %93)
  %95 = add i32 %91, %94
  store i32 %95, i32* %42, align 4, !tbaa !11
  %96 = getelementptr inbounds i64, i64* %3, i64 %13
  %97 = load i64, i64* %96, align 8, !tbaa !14
  %98 = sext i32 %53 to i64
  %99 = udiv i64 %97, %98
  %100 = lshr i64 %97, 3
  %101 = add i64 %99, %100
  %102 = sext i32 %6 to i64
  %103 = tail call i64 @fact(i64 noundef %102) #7
  %104 = and i32 %6, 63
  %105 = zext i32 %104 to i64
  %106 = shl i64 %97, %105
  %107 = add i64 %101, %106
  %108 = add i64 %107, %103
  store i64 %108, i64* %96, align 8, !tbaa !14
  %109 = getelementptr inbounds i16, i16* %4, i64 %13
  %110 = load i16, i16* %109, align 2, !tbaa !16
  %111 = getelementptr inbounds i16, i16* %4, i64 %47
  %112 = load i16, i16* %111, align 2, !tbaa !16
  %113 = mul i16 %112, %110
  %114 = ashr i16 %110, 2
  %115 = add i16 %113, %114
  store i16 %115, i16* %109, align 2, !tbaa !16
  %116 = and i32 %6, 7
  switch i32 %116, label %135 [
    i32 0, label %117
    i32 1, label %121
    i32 2, label %127
    i32 3, label %129
    i32 4, label %133
  ]

117:                                              ; preds = %7
  %118 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %13
  %119 = load <4 x float>, <4 x float>* %118, align 16, !tbaa !18
  %120 = fmul contract <4 x float> %119, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  store <4 x float> %120, <4 x float>* %118, align 16, !tbaa !18
  br label %135

121:                                              ; preds = %7
  %122 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %13
  %123 = load <4 x float>, <4 x float>* %122, align 16, !tbaa !18
  %124 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %47
  %125 = load <4 x float>, <4 x float>* %124, align 16, !tbaa !18
  %126 = fadd contract <4 x float> %123, %125
  store <4 x float> %126, <4 x float>* %122, align 16, !tbaa !18
  br label %135

127:                                              ; preds = %7
  %128 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %13, i64 0
  store float 0.000000e+00, float* %128, align 16
  br label %135

129:                                              ; preds = %7
  %130 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %13
  %131 = load <4 x float>, <4 x float>* %130, align 16, !tbaa !18
  %132 = fadd contract <4 x float> %131, <float -1.000000e+00, float -1.000000e+00, float -1.000000e+00, float -1.000000e+00>
  store <4 x float> %132, <4 x float>* %130, align 16, !tbaa !18
  br label %135

133:                                              ; preds = %7
  %134 = getelementptr inbounds <4 x float>, <4 x float>* %5, i64 %13, i64 3
  store float %15, float* %134, align 4
  br label %135

135:                                              ; preds = %7, %133, %129, %127, %121, %117
  tail call void @llvm.nvvm.membar.gl()
  tail call void @llvm.nvvm.membar.cta()
  ret void
}

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.ex2.approx.f(float) #3

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.lg2.approx.f(float) #3

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare float @llvm.nvvm.sin.approx.f(float) #3

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.nvvm.saturate.f(float) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctpop.i32(i32) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.bitreverse.i32(i32) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.nvvm.mulhi.i(i32, i32) #4

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
declare i32 @llvm.nvvm.prmt(i32, i32, i32) #3

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #5

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #6

; Function Attrs: convergent inaccessiblememonly nounwind
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #6

; Function Attrs: nounwind
declare void @llvm.nvvm.membar.gl() #7

; Function Attrs: nounwind
declare void @llvm.nvvm.membar.cta() #7

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.sqrt.f32(float) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fma.f32(float, float, float) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.minnum.f32(float, float) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.fabs.f32(float) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare float @llvm.floor.f32(float) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.fma.f64(double, double, double) #8

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare double @llvm.sqrt.f64(double) #8

attributes #0 = { mustprogress nofree noinline nosync nounwind readnone willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }
attributes #2 = { nofree nosync nounwind readnone speculatable }
attributes #3 = { mustprogress nofree nosync nounwind readnone willreturn }
attributes #4 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #5 = { convergent nounwind }
attributes #6 = { convergent inaccessiblememonly nounwind }
attributes #7 = { nounwind }
attributes #8 = { nofree nosync nounwind readnone speculatable willreturn }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (float*, i32*, double*, i64*, i16*, <4 x float>*, i32)* @arith, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"double", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = !{i32 0, i32 33}
!14 = !{!15, !15, i64 0}
!15 = !{!"long long", !7, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"short", !7, i64 0}
!18 = !{!7, !7, i64 0}
