//===- Control.td - bra, call, ret, exit, brx, trap, brkpt, nanosleep ... -===//
//
// PTX ISA 9.0: 9.7.12 (control flow: bra, brx.idx, call, ret, exit) and
// 9.7.19 (miscellaneous: trap, brkpt, nanosleep, pmevent), 9.7.12.x
// griddepcontrol. ptxas 13.0 takes no other word on them; a type word is
// "Unexpected instruction types specified for 'bra'", a known word in the
// wrong place "Illegal modifier". An opcode's rows are all in this file.
//
//===----------------------------------------------------------------------===//

// bra{.uni} tgt (9.7.12.2).
def : Syntax<"bra{.uni}">;
// brx.idx{.uni} index, tlist (9.7.12.3, PTX 6.0): ptxas names it
// 'brx.idx' (the opcode's variant word); a bare `brx` is no instruction to
// ptxas ("Not a name of any known instruction: 'brx'"), here the variant's
// rows do not match ("Unexpected instruction types specified for 'brx'").
def : Syntax<"brx.idx{.uni}", [], Gate<Version<6, 0>, "brx.idx", 30>>;
// call{.uni} (9.7.12.4), ret{.uni} (9.7.12.5); exit takes no .uni
// (9.7.12.6: "Illegal modifier '.uni' for instruction 'exit'").
def : Syntax<"call{.uni}">;
def : Syntax<"ret{.uni}">;
def : Syntax<"exit">;
// trap, brkpt (9.7.19.1, 9.7.19.2).
def : Syntax<"trap">;
def : Syntax<"brkpt">;
// nanosleep.u32 t (9.7.19.3, PTX 6.3, sm_70). ptxas says "Instruction
// 'nanosleep' requires '.u32' type" for .s32; here every other type is
// "Unexpected instruction types specified for 'nanosleep'" (both errors).
def : Syntax<"nanosleep.u32", [], Gate<Version<6, 3>, "nanosleep", 70>>;
// pmevent a; pmevent.mask a (9.7.19.4, .mask from PTX 3.0): ptxas names
// the second 'pmevent.mask' (the opcode's variant word).
def : Syntax<"pmevent"> { let Args = "a:u32#~0..15"; } // ptxas 13.0: [0..15]
def : Syntax<"pmevent.mask", [], Gate<Version<3, 0>, "pmevent.mask", 20>>;
// griddepcontrol.action (9.7.12.x, PTX 7.8, sm_90): ptxas accepts PTX 7.8
// and says "Instruction 'griddepcontrol' requires .target sm_90 or higher".
def : Syntax<"griddepcontrol.action",
             [Words<"action", "launch_dependents,wait",
                    "Modifier '.{a}' cannot be combined with modifier '.{b}'",
                    "Duplicate .{a} modifier">],
             Gate<Version<7, 8>, "griddepcontrol", 90>> {
  let MissingMessages = [
    Missing<"action", "'.launch_dependents' or '.wait' modifier required "
                      # "for instruction '{instr}'">];
}
