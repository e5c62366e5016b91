//===- Words.td - The qualifier word sets the syntax rows share -----------===//
//
// Sets a row names with `.name` (PTX ISA 9.x writes them as `.rnd = { .rn,
// .rz, .rm, .rp }` below each syntax block), and the three sets that tell
// the checker what any word is: "types", "roundings", "spaces". The
// "Multiple" texts are ptxas 13.0's for two different words of one set.
//
//===----------------------------------------------------------------------===//

// Every type word (PTX ISA 5.2 "Fundamental Types", 5.2.5 packed types, the
// narrow floating-point formats of 5.2.5.2 and cvt).
def : WordSet<"types",
    "b8,b16,b32,b64,b128,u8,u16,u32,u64,s8,s16,s32,s64,f16,f16x2,bf16,bf16x2,"
    # "f32,f64,tf32,pred,u16x2,s16x2,f32x2,e4m3,e5m2,e4m3x2,e5m2x2,e2m1x2,"
    # "e2m3x2,e3m2x2,ue8m0x2,e2m1,e2m3,e3m2,ue8m0,s4,u4,b1,b4,b6,s2,u2,"
    # "e4m3x4,e5m2x4,e2m1x4,e2m3x4,e3m2x4,u8x4,s8x4,u8x2,s8x2">;
// Rounding modifiers (PTX ISA 9.7.3 floating-point rounding, 9.7.9.21 cvt).
def : WordSet<"roundings", "rn,rz,rm,rp,rna,rs,rni,rzi,rmi,rpi",
              "Multiple rounding modifiers specified">;
// State spaces (PTX ISA 5.1), with the sub-spaces of ld/st/cvta.
def : WordSet<"spaces",
    "reg,sreg,const,global,local,param,shared,tex,param::entry,param::func,"
    # "shared::cta,shared::cluster",
    "Multiple state space modifiers specified">;

// Floating-point rounding: .rnd of add/sub/mul/fma/mad/div/sqrt/rcp.
def : WordSet<"rnd", "rn,rz,rm,rp", "Multiple rounding modifiers specified">;
// Integer rounding of cvt/cvt.rni (PTX ISA 9.7.9.21).
def : WordSet<"irnd", "rni,rzi,rmi,rpi", "Multiple rounding modifiers specified">;
// Memory scopes (PTX ISA 8.5).
def : WordSet<"scope", "cta,cluster,gpu,sys", "Multiple scope modifiers specified">;
// ld/st state spaces.
def : WordSet<"ss", "const,global,local,param,param::entry,param::func,shared,"
                    # "shared::cta,shared::cluster",
              "Multiple state space modifiers specified">;
// Vector sizes.
def : WordSet<"vec", "v2,v4,v8", "Multiple vector modifiers specified">;

def : TypeMismatchMessage<"sat", "Modifier '.sat' does not apply to '.{type}' type">;
def : TypeMismatchMessage<"cc", "Modifier '.cc' applies only to {instr} integer types">;

// Words whose repetition ptxas 13.0 names (every row that writes them takes
// these sets): `sqrt.approx.ftz.ftz.f32`, `add.f32.ftz.ftz` are "Duplicate
// .ftz modifier", `max.xorsign.xorsign.abs.f32` "Multiple .xorsign modifiers
// specified".
def : WordSet<"ftz", "ftz", "Duplicate .{a} modifier">;
def : WordSet<"xorsign", "xorsign", "Multiple .{a} modifiers specified">;
