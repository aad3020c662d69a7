# lit configuration for privateer's test suites.
import os
import shutil
import lit.formats

config.name = "privateer"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test", ".mlir"]
# ThreadSanitizer and LeakSanitizer need the runtimes of libclang-rt-22-dev.
# Unit holds the GoogleTest sources; its own suite runs the binary.
config.excludes = ["Inputs", "Unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.privateer_obj_root, "test")

# FileCheck, not, count and split-file come with llvm-22-tools.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])

clangxx = config.clang + "++"
archer = os.path.join(config.llvm_lib_dir, "libarcher.so")

# %cc and %cxx: the compilers with OpenMP and privateer loaded, checking only.
config.substitutions.append(("%plugin", config.plugin))
config.substitutions.append(("%archer", archer))
# ThreadSanitizer with the Archer tool, four threads, libomp's own traffic
# suppressed (see test/Fix/Inputs/tsan.supp).
# A racy input runs with `%tsan-env:exitcode=0:halt_on_error=1`: it stops at
# the first report, which is all its check needs (a race on a shared
# container can corrupt it and leave the program looping).
tsan_supp = os.path.join(config.privateer_src_root, "test", "Fix", "Inputs", "tsan.supp")
config.substitutions.append(("%tsan-env",
    f"env OMP_NUM_THREADS=4 OMP_TOOL_LIBRARIES={archer} TSAN_OPTIONS=suppressions={tsan_supp}"))
config.substitutions.append(
    ("%cc", f"{config.clang} -fopenmp -fsyntax-only -fplugin={config.plugin}"))
config.substitutions.append(
    ("%cxx", f"{clangxx} -std=c++17 -fopenmp -fsyntax-only -fplugin={config.plugin}"))
config.substitutions.append(("%privateer_include",
                             os.path.join(config.privateer_src_root, "include")))
config.substitutions.append(("%clangxx", clangxx))
config.substitutions.append(("%clang", config.clang))

# clang-tidy with the module loaded, the CLI, and the helpers that compare
# them (test/Inputs).
inputs = os.path.join(config.privateer_src_root, "test", "Inputs")
config.substitutions.append(("%tidy", f"{config.clang_tidy} --load={config.tidy_module}"))
config.substitutions.append(("%check_clang_tidy",
    f"python3 {inputs}/check_clang_tidy.py --tidy={config.clang_tidy} --load={config.tidy_module}"))
config.substitutions.append(("%expect-exit", f"python3 {inputs}/expect_exit.py"))
config.substitutions.append(("%privateer", config.privateer))
config.substitutions.append(("%findings", f"python3 {inputs}/findings.py"))
config.substitutions.append(("%mutants", "python3 " + os.path.join(
    config.privateer_src_root, "utils", "mutants")))
# run-clang-tidy with the module: %tidy_module first, %tidy is its prefix.
config.substitutions.insert(0, ("%tidy_module", config.tidy_module))
if config.run_clang_tidy and os.path.exists(config.run_clang_tidy):
    config.available_features.add("run-clang-tidy")
    config.substitutions.append(("%run_clang_tidy", config.run_clang_tidy))
# The benchmark runner, for its --targets-of arithmetic (no measuring).
config.substitutions.append(("%bench-run", "python3 " + os.path.join(
    config.privateer_src_root, "benchmarks", "run")))
config.substitutions.append(("%validate-sarif", f"python3 {inputs}/validate_sarif.py"))
config.substitutions.append(("%apply-replacements", config.apply_replacements))
# Test inputs lose their own RUN and check lines before a front end rewrites
# them, so that a check can only match the rewritten code.
config.substitutions.append(("%strip-checks", "sed -e '\\#^// [A-Z][A-Z0-9-]*:#d'"))
# The MLIR front end: mlir-opt (mlir-22-tools) loads the pass plugin; a pass
# registered by a plugin is selected with --pass-pipeline, never a flag.
config.substitutions.append(("%mlir_plugin", config.mlir_plugin))
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%fir_opt", os.path.join(config.llvm_tools_dir, "fir-opt")))
# privateer-opt: mlir-opt with privateer's passes built in (first: %privateer
# is a prefix of it).
config.substitutions.insert(0, ("%privateer_opt", config.privateer_opt))
# Lowering to the LLVM dialect, sequentially or with OpenMP threads
# (finalize-memref-to-llvm before scf-to-cf: it inlines the multi-block
# memref.alloca_scope that convert-scf-to-openmp wraps each body in), and
# mlir-runner with the runtimes the lowered code calls.
config.substitutions.append(("%lower-seq",
    "--convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts"))
config.substitutions.append(("%lower-omp",
    "--convert-scf-to-openmp --finalize-memref-to-llvm --convert-scf-to-cf "
    "--convert-to-llvm --reconcile-unrealized-casts"))
runner_libs = ",".join(os.path.join(config.llvm_lib_dir, lib) for lib in
                       ["libmlir_c_runner_utils.so", "libmlir_runner_utils.so", "libomp.so"])
config.substitutions.append(("%mlir_runner",
    f"{os.path.join(config.llvm_tools_dir, 'mlir-runner')} -e main "
    f"-entry-point-result=void -shared-libs={runner_libs}"))
# Flang lowers Fortran to HLFIR with its source locations, for fir-opt.
config.substitutions.append(("%flang_hlfir", os.path.join(config.llvm_tools_dir, "flang") +
                             " -fc1 -fopenmp -emit-hlfir -mmlir -mlir-print-debuginfo"))
# The Flang driver, to build and run fixed Fortran programs.
config.substitutions.append(("%flang_exe", os.path.join(config.llvm_tools_dir, "flang")))
# Fortran in one step: flang, then fir-opt with the plugin.
# (First: lit substitutes in order, and %privateer is a prefix of it.)
config.substitutions.insert(0, ("%privateer_fortran",
                                os.path.join(config.privateer_obj_root, "bin", "privateer-fortran")))

# The installed package (test/Package): cmake installs this build and
# configures projects with it, with each generator whose tool is here.
# (%privateer_obj_root and %tidy_binary first: %privateer and %tidy are
# prefixes of them.)
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.insert(0, ("%privateer_obj_root", config.privateer_obj_root))
config.substitutions.insert(0, ("%tidy_binary", config.clang_tidy))
# File ownership (test/Fortran/fix-owner.test) is only testable as root,
# which can give files to other users and run as one (setpriv).
if os.geteuid() == 0 and shutil.which("setpriv"):
    config.available_features.add("root")
# A user who may not write what this one made read-only: as root (who may
# write anything), another user; otherwise this user.
config.substitutions.append(
    ("%as_other_user",
     "setpriv --reuid=nobody --regid=nogroup --clear-groups"
     if os.geteuid() == 0 and shutil.which("setpriv") else ""))
for tool in ["ninja", "make", "gcc", "git"]:
    if shutil.which(tool):
        config.available_features.add(tool)

# Distributed builds (test/Distcc): a distccd of each test's own on loopback
# (utils/setup installs distcc).
if shutil.which("distcc") and shutil.which("distccd"):
    config.available_features.add("distcc")
config.substitutions.append(("%with-distccd", "python3 " + os.path.join(
    config.privateer_src_root, "test", "Distcc", "Inputs", "with_distccd.py")))
