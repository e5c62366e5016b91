//===- Core.cpp - ptxwarp._core: the C++ API as Python sees it ------------===//
//
// The extension module under the `ptxwarp` package (python/ptxwarp): thin
// handles on the library's values (include/ptxwarp/API). Every Python habit
// (argument conversion from numpy, dataclasses, exceptions with the
// diagnostics) lives in the package's Python code; this file only moves
// values across and turns llvm::Error into Python exceptions:
//   - OSError for a file that cannot be read,
//   - ValueError for everything else the API refuses (an unknown arch, a
//     launch that does not fit the kernel); the package re-raises them as
//     its own exception types.
// A kernel runs with the GIL released: Kernel::run is const and
// thread-safe, and the launch holds its own copies of the buffers.
//
//===----------------------------------------------------------------------===//

#include "ptxwarp/ptxwarp.h"

#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

namespace py = pybind11;
using namespace ptxwarp::api;

namespace {

/// Raises the error as a Python exception of type \p Kind.
[[noreturn]] void raise(llvm::Error E, PyObject *Kind = PyExc_ValueError) {
  std::string Msg = llvm::toString(std::move(E));
  PyErr_SetString(Kind, Msg.c_str());
  throw py::error_already_set();
}

template <typename T> T take(llvm::Expected<T> V, PyObject *Kind) {
  if (!V)
    raise(V.takeError(), Kind);
  return std::move(*V);
}

py::dict location(const SourceLocation &L) {
  py::dict D;
  D["file"] = L.File;
  D["line"] = L.Line;
  D["column"] = L.Column;
  return D;
}

/// One diagnostic as a dict (the package makes a Diagnostic of it).
py::dict toDict(const Diagnostic &Diag) {
  py::dict D = location(Diag.Location);
  D["id"] = Diag.Id;
  D["group"] = Diag.Group;
  D["severity"] = std::string(severityName(Diag.Sev));
  D["message"] = Diag.Message;
  py::list Notes;
  for (const DiagnosticNote &N : Diag.Notes) {
    py::dict ND = location(N.Location);
    ND["message"] = N.Message;
    Notes.append(ND);
  }
  D["notes"] = Notes;
  D["warp"] = Diag.Warp;
  D["lanes"] = Diag.Lanes;
  D["threads"] = Diag.Threads;
  return D;
}

py::list items(const DiagnosticList &L) {
  py::list Out;
  for (const Diagnostic &D : L)
    Out.append(toDict(D));
  return Out;
}

std::array<unsigned, 3> dims(const std::vector<unsigned> &V) {
  if (V.empty() || V.size() > 3)
    throw py::value_error("dimensions take one to three numbers");
  std::array<unsigned, 3> D = {1, 1, 1};
  std::copy(V.begin(), V.end(), D.begin());
  return D;
}

/// The bits of \p Value as a scalar of PTX type \p Type ("u32", "f32",
/// "s64"): a float is rounded to the type's width, an integer must be a
/// value of it (Kernel::run checks the range against the declaration).
void bindScalar(Launch &L, const std::string &Param, const std::string &Type,
                const py::handle &Value) {
  if (Type == "f32" || Type == "f64") {
    double D = py::cast<double>(Value);
    uint64_t Bits = 0;
    if (Type == "f32") {
      float F = static_cast<float>(D);
      uint32_t B32;
      std::memcpy(&B32, &F, 4);
      Bits = B32;
    } else {
      std::memcpy(&Bits, &D, 8);
    }
    L.scalarBits(Param, Bits);
    L.Bindings.back().Type = Type;
    return;
  }
  if (!PyLong_Check(Value.ptr()))
    throw py::type_error(
        "parameter '" + Param + "': a ." + Type +
        " value must be an int, not " +
        std::string(py::str(Value.get_type().attr("__name__"))));
  auto I = py::reinterpret_borrow<py::int_>(Value);
  bool Negative = I < py::int_(0);
  // As int64 when negative, else as uint64; Kernel::run checks the range
  // against the parameter's declaration.
  uint64_t Bits = Negative ? static_cast<uint64_t>(PyLong_AsLongLong(I.ptr()))
                           : PyLong_AsUnsignedLongLong(I.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error("parameter '" + Param + "': " +
                          std::string(py::str(I)) + " does not fit in 64 bits");
  }
  L.scalarBits(Param, Bits);
  L.Bindings.back().Negative = Negative;
  L.Bindings.back().Type = Type;
}

Schedule schedule(const std::string &S) {
  if (S == "converged")
    return Schedule::Converged;
  if (S == "lockstep")
    return Schedule::Lockstep;
  if (S == "random")
    return Schedule::Random;
  throw py::value_error("sched must be 'converged', 'lockstep' or 'random', "
                        "not '" +
                        S + "'");
}

/// Kernel::run with the GIL released; the result as a dict.
py::dict run(const Kernel &K, const Launch &L, const std::string &Sched,
             uint64_t Seed, uint64_t MaxSteps, uint64_t MemoryLimit,
             const std::vector<std::string> &DumpRegisters,
             const std::vector<unsigned> &DumpCta, bool Trace, unsigned Jobs) {
  RunOptions Opts;
  Opts.Jobs = Jobs;
  Opts.Sched = schedule(Sched);
  Opts.Seed = Seed;
  Opts.MaxSteps = MaxSteps;
  Opts.MemoryLimit = MemoryLimit;
  Opts.DumpRegisters = DumpRegisters;
  Opts.DumpCta = dims(DumpCta);
  std::string PrintfText, TraceText;
  llvm::raw_string_ostream PrintfOS(PrintfText), TraceOS(TraceText);
  Opts.PrintfOut = &PrintfOS;
  if (Trace)
    Opts.Trace = &TraceOS;
  std::optional<llvm::Expected<RunResult>> R;
  {
    py::gil_scoped_release NoGil;
    R.emplace(K.run(L, Opts));
  }
  RunResult Res = take(std::move(*R), PyExc_ValueError);
  PrintfOS.flush();
  TraceOS.flush();
  py::dict D;
  D["ok"] = Res.succeeded();
  D["diagnostics"] = Res.diagnostics();
  D["warp_instructions"] = Res.stats().WarpInstructions;
  D["lane_instructions"] = Res.stats().LaneInstructions;
  py::dict Buffers;
  for (size_t I = 0; I != Res.Buffers.size(); ++I) {
    const auto &[Name, Bytes] = Res.Buffers[I];
    Buffers[py::str(Name)] = py::make_tuple(
        py::bytes(reinterpret_cast<const char *>(Bytes.data()), Bytes.size()),
        Res.BufferTypes[I]);
  }
  D["buffers"] = Buffers;
  py::list Regs;
  for (const RunResult::RegisterValues &V : Res.registers()) {
    py::dict RD;
    RD["name"] = V.Name;
    RD["type"] = V.Type;
    RD["cta"] = std::vector<unsigned>(V.Cta.begin(), V.Cta.end());
    RD["values"] = V.Values;
    RD["undefined"] = V.Undefined;
    Regs.append(RD);
  }
  D["registers"] = Regs;
  D["printf"] = PrintfText;
  D["trace"] = Trace ? py::object(py::str(TraceText)) : py::object(py::none());
  return D;
}

} // namespace

PYBIND11_MODULE(_core, M) {
  M.doc() = "ptxwarp's C++ library; use the `ptxwarp` package, not this.";
  M.attr("version") = std::string(version());

  py::class_<DiagnosticList>(M, "DiagnosticList")
      .def("items", &items)
      .def(
          "render_text",
          [](const DiagnosticList &L, bool Color, const std::string &Tool) {
            return L.renderText(Color, Tool);
          },
          py::arg("color") = false, py::arg("tool") = "ptxwarp")
      .def("render_json", &DiagnosticList::renderJSON)
      .def(
          "render_sarif",
          [](const DiagnosticList &L, const std::string &Tool) {
            return L.renderSARIF(Tool);
          },
          py::arg("tool") = "ptxwarp");
  M.def("render_sarif",
        [](const std::vector<DiagnosticList> &Lists, const std::string &Tool) {
          return renderSARIF(Lists, Tool);
        });

  py::class_<Session>(M, "Session")
      .def(py::init([](const std::vector<std::string> &Flags, bool NoWarnings,
                       unsigned ErrorLimit) {
        SessionOptions O;
        O.WarningFlags = Flags;
        O.NoWarnings = NoWarnings;
        O.ErrorLimit = ErrorLimit;
        return take(Session::create(std::move(O)), PyExc_ValueError);
      }))
      .def("parse",
           [](const Session &S, const std::string &Text,
              const std::string &Name) {
             return take(S.parseBuffer(Text, Name), PyExc_ValueError);
           })
      .def("parse_file",
           [](const Session &S, const std::string &Path) {
             return take(S.parseFile(Path), PyExc_OSError);
           })
      .def("lint_file", [](const Session &S, const std::string &Path,
                           const std::string &Arch, bool CompileOnly) {
        LintOptions O;
        O.Check.Arch = Arch;
        O.Check.CompileOnly = CompileOnly;
        LintResult R = take(S.lintFile(Path, O), PyExc_ValueError);
        return py::make_tuple(R.Diagnostics, R.Readable);
      });

  py::class_<Module>(M, "Module")
      .def("name", [](const Module &Mod) { return Mod.name().str(); })
      .def("text", [](const Module &Mod) { return Mod.text().str(); })
      .def("version", [](const Module &Mod) { return Mod.ptxVersion().str(); })
      .def("targets",
           [](const Module &Mod) {
             std::vector<std::string> Out;
             for (llvm::StringRef T : Mod.targets())
               Out.push_back(T.str());
             return Out;
           })
      .def("kernels", &Module::kernelNames)
      .def("functions",
           [](const Module &Mod) {
             py::list Out;
             for (const Function &F : Mod.functions()) {
               py::list Params;
               for (const Parameter &P : F.parameters())
                 Params.append(
                     py::make_tuple(P.Name.str(), P.Type.str(), P.IsPointer));
               Out.append(py::make_tuple(F.name().str(), F.isKernel(),
                                         F.isDefinition(), Params));
             }
             return Out;
           })
      .def("parse_diagnostics", &Module::parseDiagnostics)
      .def("check",
           [](const Module &Mod, const std::string &Arch, bool CompileOnly) {
             CheckOptions O;
             O.Arch = Arch;
             O.CompileOnly = CompileOnly;
             return take(Mod.check(O), PyExc_ValueError);
           })
      .def("lower",
           [](const Module &Mod, const std::string &Name) {
             DiagnosticList Diags;
             llvm::Expected<Kernel> K = Mod.lower(Name, {}, Diags);
             if (!K) {
               llvm::consumeError(K.takeError()); // the diagnostics say why
               return py::make_tuple(py::none(), Diags);
             }
             return py::make_tuple(py::cast(std::move(*K)), Diags);
           })
      .def("print", &Module::print)
      .def("dump_ast", &Module::dumpAST, py::arg("json") = false);

  py::class_<Kernel>(M, "Kernel")
      .def("name", [](const Kernel &K) { return K.name().str(); })
      .def("parameter_names", &Kernel::parameterNames)
      .def("diagnostics", &Kernel::diagnostics)
      .def("ir", &Kernel::printIR)
      .def("register_names", &Kernel::registerNames)
      .def("run", &run);

  py::class_<Launch>(M, "Launch")
      .def(py::init<>())
      .def_static("from_json",
                  [](const std::string &Text) {
                    std::string Entry;
                    Launch L = take(parseLaunchFile(Text, 1ull << 30, &Entry),
                                    PyExc_ValueError);
                    return py::make_tuple(L, Entry);
                  })
      .def("set_grid",
           [](Launch &L, const std::vector<unsigned> &V) {
             std::array<unsigned, 3> D = dims(V);
             L.grid(D[0], D[1], D[2]);
           })
      .def("set_block",
           [](Launch &L, const std::vector<unsigned> &V) {
             std::array<unsigned, 3> D = dims(V);
             L.block(D[0], D[1], D[2]);
           })
      .def("set_dynamic_shared", &Launch::dynamicShared)
      .def("buffer",
           [](Launch &L, const std::string &Param, const py::bytes &Data,
              const std::string &Type) {
             std::string_view View = Data;
             std::vector<uint8_t> Bytes(View.begin(), View.end());
             L.typedBuffer(Param, Type, std::move(Bytes));
           })
      .def("scalar", &bindScalar)
      .def("address", &Launch::address)
      .def("add_spec", [](Launch &L, const std::string &Spec) {
        if (llvm::Error E = addParameterSpec(L, Spec))
          raise(std::move(E));
      });
}
