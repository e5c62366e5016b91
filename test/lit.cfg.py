# lit configuration for ptxwarp's tests (see test/README.md for how to add one).
import os
import shutil

import lit.formats

config.name = "ptxwarp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ptx", ".test"]
config.excludes = ["Inputs", "lit-utils", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ptxwarp_obj_root, "test")

# Our tools first, then LLVM's FileCheck / not / count.
config.environment["PATH"] = os.pathsep.join(
    [config.ptxwarp_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Diagnostics are compared as plain text.
config.environment["TERM"] = "dumb"
config.environment.pop("CLICOLOR_FORCE", None)

config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python_executable))
# `%expect-exit N cmd...` succeeds only when cmd exits with status N.
config.substitutions.append(("%expect-exit", config.python_executable + " " + os.path.join(
    config.test_source_root, "lit-utils", "expect-exit.py")))
config.substitutions.append(("%oracle", os.path.abspath(
    os.path.join(config.ptxwarp_src_root, "..", "shared", "oracle"))))

# Features for REQUIRES: lines.
cuda_bin = "/usr/local/cuda/bin"
if os.path.exists(os.path.join(cuda_bin, "ptxas")) or shutil.which("ptxas"):
    config.available_features.add("ptxas")
if os.path.exists(os.path.join(cuda_bin, "nvcc")) or shutil.which("nvcc"):
    config.available_features.add("nvcc")
if os.path.isdir(os.path.join(config.ptxwarp_src_root, "..", "shared", "oracle")):
    config.available_features.add("oracle")
