//===- FlangLowering.cpp - Flang's lowering, in this process --------------===//
//
// Part of privateer. What flang -fc1 does with its arguments (fc1_main and
// executeCompilerInvocation), with one action of privateer's own in place
// of the one the arguments name.
//
//===----------------------------------------------------------------------===//

#include "FlangLowering.h"

#include "flang/Frontend/CompilerInstance.h"
#include "flang/Frontend/CompilerInvocation.h"
#include "flang/Frontend/FrontendActions.h"
#include "flang/Frontend/TextDiagnosticBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <unistd.h>

#include <vector>

using namespace Fortran::frontend;

namespace privateer {
namespace fortran {

namespace {

/// Flang's lowering to HLFIR, as `-emit-hlfir` runs it (parse, semantics,
/// lowering with the OpenMP version and offload attributes Flang sets,
/// its verifier), then the analysis on the module instead of the printer.
class LowerAndAnalyze : public CodeGenAction {
public:
  explicit LowerAndAnalyze(llvm::function_ref<void(mlir::ModuleOp)> Analyze)
      : CodeGenAction(BackendActionTy::Backend_EmitHLFIR), Analyze(Analyze) {}

private:
  void executeAction() override {
    if (mlirModule)
      Analyze(*mlirModule);
  }

  llvm::function_ref<void(mlir::ModuleOp)> Analyze;
};

} // namespace

void initializeFlang() {
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
}

bool lowerFortran(llvm::ArrayRef<std::string> Fc1Args,
                  llvm::function_ref<void(mlir::ModuleOp)> Analyze) {
  CompilerInstance CI;
  CI.createDiagnostics();
  if (!CI.hasDiagnostics())
    return false;
  // As fc1_main: what the arguments say wrong is buffered, then printed
  // through the instance's diagnostics.
  auto *ArgumentDiags = new TextDiagnosticBuffer;
  clang::DiagnosticOptions DiagOpts;
  clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), DiagOpts,
                                 ArgumentDiags);
  std::vector<const char *> Argv;
  for (const std::string &A : Fc1Args)
    Argv.push_back(A.c_str());
  bool Parsed =
      CompilerInvocation::createFromArgs(CI.getInvocation(), Argv, Diags);
  ArgumentDiags->flushDiagnostics(CI.getDiagnostics());
  if (!Parsed)
    return false;
  // Flang looks for its intrinsic modules (iso_c_binding, the modules
  // omp_lib uses) beside its own executable, which this is not; the
  // directory is the flang the build found.
  CI.getInvocation().getFortranOpts().intrinsicModuleDirectories.push_back(
      PRIVATEER_FLANG_MODULES_DIR);
  LowerAndAnalyze Action(Analyze);
  bool Lowered = CI.executeAction(Action);
  CI.clearOutputFiles(/*EraseFiles=*/false);
  return Lowered;
}

namespace {
/// The errors of a parse, as text.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error)
      return;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    Text += (Text.empty() ? "" : "; ") + Message.str().str();
  }
  std::string Text;
};
} // namespace

std::string checkFlangFlags(llvm::ArrayRef<std::string> Flags) {
  if (Flags.empty())
    return "";
  CompilerInvocation Invocation;
  ErrorCollector Errors;
  clang::DiagnosticOptions DiagOpts;
  clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), DiagOpts,
                                 &Errors, /*ShouldOwnClient=*/false);
  std::vector<const char *> Argv{"-fsyntax-only"};
  for (const std::string &F : Flags)
    Argv.push_back(F.c_str());
  if (CompilerInvocation::createFromArgs(Invocation, Argv, Diags) &&
      Errors.Text.empty())
    return "";
  return "Flang rejects the flags: " +
         (Errors.Text.empty() ? std::string("(no reason given)") : Errors.Text);
}

const char *intrinsicModulesDir() { return PRIVATEER_FLANG_MODULES_DIR; }

bool compileModulesQuietly(llvm::ArrayRef<std::string> Fc1Args) {
  // Flang prints its semantic errors to stderr itself: it is pointed at
  // /dev/null for the while.
  llvm::outs().flush();
  llvm::errs().flush();
  int Saved = ::dup(2);
  int Null = ::open("/dev/null", O_WRONLY);
  if (Saved >= 0 && Null >= 0)
    ::dup2(Null, 2);
  bool Compiled = false;
  {
    CompilerInstance CI;
    CI.createDiagnostics(new clang::IgnoringDiagConsumer());
    clang::DiagnosticOptions DiagOpts;
    clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), DiagOpts,
                                   new clang::IgnoringDiagConsumer());
    std::vector<const char *> Argv{"-fsyntax-only"};
    for (const std::string &A : Fc1Args)
      Argv.push_back(A.c_str());
    if (CompilerInvocation::createFromArgs(CI.getInvocation(), Argv, Diags)) {
      CI.getInvocation().getFortranOpts().intrinsicModuleDirectories.push_back(
          PRIVATEER_FLANG_MODULES_DIR);
      ParseSyntaxOnlyAction Action;
      Compiled =
          CI.executeAction(Action) && !CI.getDiagnostics().hasErrorOccurred();
    }
  }
  llvm::errs().flush();
  if (Saved >= 0 && Null >= 0)
    ::dup2(Saved, 2);
  if (Saved >= 0)
    ::close(Saved);
  if (Null >= 0)
    ::close(Null);
  return Compiled;
}

} // namespace fortran
} // namespace privateer
