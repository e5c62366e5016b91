; ModuleID = 'llvm/memory.cu'
source_filename = "llvm/memory.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Pair = type { i32, double, [3 x i8] }

@table = dso_local addrspace(4) externally_initialized global [32 x i32] zeroinitializer, align 4
@gbuf = dso_local addrspace(1) externally_initialized global [64 x float] zeroinitializer, align 4
@_ZZ6memoryE2sh = internal unnamed_addr addrspace(3) global [64 x float] undef, align 4
@llvm.compiler.used = appending global [2 x i8*] [i8* addrspacecast (i8 addrspace(1)* bitcast ([64 x float] addrspace(1)* @gbuf to i8 addrspace(1)*) to i8*), i8* addrspacecast (i8 addrspace(4)* bitcast ([32 x i32] addrspace(4)* @table to i8 addrspace(4)*) to i8*)], section "llvm.metadata"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn
define dso_local %struct.Pair @mk(%struct.Pair* nocapture noundef byval(%struct.Pair) align 8 %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = getelementptr inbounds %struct.Pair, %struct.Pair* %0, i64 0, i32 0
  %4 = load i32, i32* %3, align 8, !tbaa !5
  %5 = add nsw i32 %4, %1
  %6 = sitofp i32 %1 to double
  %7 = getelementptr inbounds %struct.Pair, %struct.Pair* %0, i64 0, i32 1
  %8 = load double, double* %7, align 8, !tbaa !11
  %9 = fmul contract double %8, %6
  %10 = trunc i32 %1 to i8
  %11 = getelementptr inbounds %struct.Pair, %struct.Pair* %0, i64 0, i32 2, i64 0
  %12 = load i8, i8* %11, align 8, !tbaa.struct !12
  %13 = getelementptr inbounds %struct.Pair, %struct.Pair* %0, i64 0, i32 2, i64 2
  %14 = load i8, i8* %13, align 2, !tbaa.struct !14
  %15 = insertvalue %struct.Pair poison, i32 %5, 0
  %16 = insertvalue %struct.Pair %15, double %9, 1
  %17 = insertvalue %struct.Pair %16, i8 %12, 2, 0
  %18 = insertvalue %struct.Pair %17, i8 %10, 2, 1
  %19 = insertvalue %struct.Pair %18, i8 %14, 2, 2
  ret %struct.Pair %19
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @memory(<4 x i32>* noalias nocapture noundef readonly %0, <4 x i32>* nocapture noundef %1, <2 x float>* nocapture noundef %2, i8* nocapture noundef %3, %struct.Pair* nocapture noundef readonly byval(%struct.Pair) align 8 %4, float* noalias nocapture noundef readonly %5) local_unnamed_addr #1 {
  %7 = alloca [24 x i32], align 4
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = bitcast [24 x i32]* %7 to i8*
  call void @llvm.lifetime.start.p0i8(i64 96, i8* nonnull %9) #7
  br label %78

10:                                               ; preds = %78
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds <4 x i32>, <4 x i32>* %0, i64 %11
  %13 = tail call <4 x i32> @llvm.nvvm.ldg.global.i.v4i32.p0v4i32(<4 x i32>* %12, i32 16)
  %14 = add nsw i32 %8, 1
  %15 = sext i32 %14 to i64
  %16 = getelementptr inbounds <4 x i32>, <4 x i32>* %0, i64 %15
  %17 = load <4 x i32>, <4 x i32>* %16, align 16, !tbaa !13
  %18 = add <4 x i32> %17, %13
  %19 = extractelement <4 x i32> %13, i64 0
  %20 = and i32 %19, 15
  %21 = zext i32 %20 to i64
  %22 = getelementptr inbounds [24 x i32], [24 x i32]* %7, i64 0, i64 %21
  %23 = load i32, i32* %22, align 4, !tbaa !15
  %24 = insertelement <4 x i32> poison, i32 %23, i64 0
  %25 = shufflevector <4 x i32> %24, <4 x i32> poison, <4 x i32> zeroinitializer
  %26 = add <4 x i32> %18, %25
  %27 = getelementptr inbounds <4 x i32>, <4 x i32>* %1, i64 %11
  store <4 x i32> %26, <4 x i32>* %27, align 16, !tbaa !13
  %28 = getelementptr inbounds float, float* %5, i64 %11
  %29 = tail call contract float @llvm.nvvm.ldg.global.f.f32.p0f32(float* %28, i32 4)
  %30 = and i32 %8, 63
  %31 = zext i32 %30 to i64
  %32 = getelementptr inbounds [64 x float], [64 x float] addrspace(1)* @gbuf, i64 0, i64 %31
  %33 = addrspacecast float addrspace(1)* %32 to float*
  %34 = load float, float* %33, align 4, !tbaa !16
  %35 = fadd contract float %29, %34
  %36 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @_ZZ6memoryE2sh, i64 0, i64 %31
  %37 = addrspacecast float addrspace(3)* %36 to float*
  store float %35, float* %37, align 4, !tbaa !16
  tail call void @llvm.nvvm.barrier0()
  %38 = getelementptr inbounds <2 x float>, <2 x float>* %2, i64 %11
  %39 = load <2 x float>, <2 x float>* %38, align 8, !tbaa !13
  %40 = add nsw i32 %8, 5
  %41 = and i32 %40, 63
  %42 = zext i32 %41 to i64
  %43 = getelementptr inbounds [64 x float], [64 x float] addrspace(3)* @_ZZ6memoryE2sh, i64 0, i64 %42
  %44 = addrspacecast float addrspace(3)* %43 to float*
  %45 = load float, float* %44, align 4, !tbaa !16
  %46 = insertelement <2 x float> poison, float %45, i64 0
  %47 = shufflevector <2 x float> %46, <2 x float> poison, <2 x i32> zeroinitializer
  %48 = fmul contract <2 x float> %39, %47
  store <2 x float> %48, <2 x float>* %38, align 8, !tbaa !13
  %49 = getelementptr inbounds i8, i8* %3, i64 %11
  %50 = load i8, i8* %49, align 1, !tbaa !13
  %51 = mul i8 %50, 3
  %52 = getelementptr inbounds i8, i8* %3, i64 %15
  %53 = load i8, i8* %52, align 1, !tbaa !13
  %54 = udiv i8 %53, 5
  %55 = add i8 %54, %51
  store i8 %55, i8* %49, align 1, !tbaa !13
  %56 = tail call %struct.Pair @mk(%struct.Pair* noundef nonnull byval(%struct.Pair) align 8 %4, i32 noundef %8) #7
  %57 = extractvalue %struct.Pair %56, 0
  %58 = extractvalue %struct.Pair %56, 1
  %59 = extractvalue %struct.Pair %56, 2
  %60 = extractvalue [3 x i8] %59, 1
  %61 = fptosi double %58 to i32
  %62 = add nsw i32 %57, %61
  %63 = sext i8 %60 to i32
  %64 = add nsw i32 %62, %63
  %65 = add nsw i32 %8, 64
  %66 = sext i32 %65 to i64
  %67 = getelementptr inbounds <4 x i32>, <4 x i32>* %1, i64 %66, i64 1
  store i32 %64, i32* %67, align 4
  %68 = srem i32 %8, 24
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds [24 x i32], [24 x i32]* %7, i64 0, i64 %69
  %71 = load i32, i32* %70, align 4, !tbaa !15
  %72 = sitofp i32 %71 to float
  store float %72, float* %33, align 4, !tbaa !16
  %73 = bitcast i8* %3 to i32*
  %74 = tail call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* %73, i32 1)
  %75 = getelementptr inbounds i8, i8* %3, i64 16
  %76 = bitcast i8* %75 to float*
  %77 = tail call contract float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0f32(float* nonnull %76, float 1.000000e+00)
  call void @llvm.lifetime.end.p0i8(i64 96, i8* nonnull %9) #7
  ret void

78:                                               ; preds = %78, %6
  %79 = phi i32 [ 0, %6 ], [ %109, %78 ]
  %80 = add nsw i32 %79, %8
  %81 = and i32 %80, 31
  %82 = zext i32 %81 to i64
  %83 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(4)* @table, i64 0, i64 %82
  %84 = addrspacecast i32 addrspace(4)* %83 to i32*
  %85 = load i32, i32* %84, align 4, !tbaa !15
  %86 = mul nsw i32 %85, %79
  %87 = zext i32 %79 to i64
  %88 = getelementptr inbounds [24 x i32], [24 x i32]* %7, i64 0, i64 %87
  store i32 %86, i32* %88, align 4, !tbaa !15
  %89 = add nuw nsw i32 %79, 1
  %90 = add nsw i32 %89, %8
  %91 = and i32 %90, 31
  %92 = zext i32 %91 to i64
  %93 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(4)* @table, i64 0, i64 %92
  %94 = addrspacecast i32 addrspace(4)* %93 to i32*
  %95 = load i32, i32* %94, align 4, !tbaa !15
  %96 = mul nsw i32 %95, %89
  %97 = zext i32 %89 to i64
  %98 = getelementptr inbounds [24 x i32], [24 x i32]* %7, i64 0, i64 %97
  store i32 %96, i32* %98, align 4, !tbaa !15
  %99 = add nuw nsw i32 %79, 2
  %100 = add nsw i32 %99, %8
  %101 = and i32 %100, 31
  %102 = zext i32 %101 to i64
  %103 = getelementptr inbounds [32 x i32], [32 x i32] addrspace(4)* @table, i64 0, i64 %102
  %104 = addrspacecast i32 addrspace(4)* %103 to i32*
  %105 = load i32, i32* %104, align 4, !tbaa !15
  %106 = mul nsw i32 %105, %99
  %107 = zext i32 %99 to i64
  %108 = getelementptr inbounds [24 x i32], [24 x i32]* %7, i64 0, i64 %107
  store i32 %106, i32* %108, align 4, !tbaa !15
  %109 = add nuw nsw i32 %79, 3
  %110 = icmp eq i32 %109, 24
  br i1 %110, label %10, label %78, !llvm.loop !18
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nofree nosync nounwind readnone speculatable
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: argmemonly nofree nounwind readonly
declare <4 x i32> @llvm.nvvm.ldg.global.i.v4i32.p0v4i32(<4 x i32>* nocapture, i32) #4

; Function Attrs: argmemonly nofree nounwind readonly
declare float @llvm.nvvm.ldg.global.f.f32.p0f32(float* nocapture, i32) #4

; Function Attrs: convergent nounwind
declare void @llvm.nvvm.barrier0() #5

; Function Attrs: argmemonly nounwind
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* nocapture, i32) #6

; Function Attrs: argmemonly nounwind
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0f32(float* nocapture, float) #6

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { nofree nosync nounwind readnone speculatable }
attributes #4 = { argmemonly nofree nounwind readonly }
attributes #5 = { convergent nounwind }
attributes #6 = { argmemonly nounwind }
attributes #7 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{void (<4 x i32>*, <4 x i32>*, <2 x float>*, i8*, %struct.Pair*, float*)* @memory, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !7, i64 0}
!6 = !{!"_ZTS4Pair", !7, i64 0, !10, i64 8, !8, i64 16}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!"double", !8, i64 0}
!11 = !{!6, !10, i64 8}
!12 = !{i64 0, i64 3, !13}
!13 = !{!8, !8, i64 0}
!14 = !{i64 0, i64 1, !13}
!15 = !{!7, !7, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"float", !8, i64 0}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.mustprogress"}
