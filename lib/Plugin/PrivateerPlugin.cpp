//===- PrivateerPlugin.cpp - The clang -fplugin= front end ----------------===//
//
// Part of privateer. A thin front end: parses -fplugin-arg-privateer-*
// options, runs the engine after the main action (so a plain
// `clang -fplugin=PrivateerPlugin.so` compiles as usual and reports),
// reports through clang's diagnostics and writes fixes with the atomic file
// writer. It never runs on a translation unit that has errors.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/Engine.h"
#include "privateer/Clang/FileWriter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace privateer;

namespace {

void error(DiagnosticsEngine &Diags, llvm::StringRef Message) {
  Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error, "privateer: %0"))
      << Message;
}

class PrivateerConsumer : public ASTConsumer {
public:
  PrivateerConsumer(CompilerInstance &CI, Options Opts)
      : CI(CI), Opts(std::move(Opts)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    // An AST with errors is incomplete: silence beats guesses.
    if (Diags.hasErrorOccurred())
      return;
    clangfe::DiagnosticReporter Reporter(Diags, Opts);
    if (!Reporter.enabled())
      return;
    std::vector<clangfe::Report> Reports =
        clangfe::analyze(Ctx, Opts, Includes);
    // What is silenced where it is is not fixed either.
    llvm::erase_if(
        Reports, [&](const clangfe::Report &R) { return !Reporter.report(R); });
    if (!Opts.Fix || Reports.empty())
      return;
    // Preprocessed input (`.i`, `-save-temps`) is a copy: its fixes belong
    // in the source it was made from.
    for (const FrontendInputFile &Input : CI.getFrontendOpts().Inputs)
      if (Input.getKind().isPreprocessed()) {
        error(Diags, "fixes not written: the input is preprocessed; run on "
                     "the source file");
        return;
      }
    auto Edits = clangfe::mergeEdits(Reports, Ctx.getSourceManager());
    for (const std::string &Error :
         clangfe::writeEdits(Edits, Ctx.getSourceManager(), Ctx.getLangOpts()))
      error(Diags, Error);
  }

  /// The unit's #include lines, recorded as it is preprocessed.
  clangfe::IncludeDirectives Includes;

private:
  CompilerInstance &CI;
  Options Opts;
};

bool isFirstCopy();

class PrivateerAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // A build that loads two copies of the plugin (two paths to it) would
    // report and fix everything twice: the copy registered last stands down.
    if (!isFirstCopy())
      return std::make_unique<ASTConsumer>();
    auto Consumer = std::make_unique<PrivateerConsumer>(CI, Opts);
    CI.getPreprocessor().addPPCallbacks(
        Consumer->Includes.recorder(CI.getSourceManager()));
    return Consumer;
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      if (Arg == "help") {
        llvm::outs() << "privateer's options, each as "
                        "-fplugin-arg-privateer-<option>:\n\n"
                        "| option | meaning |\n|---|---|\n"
                     << Options::helpTable();
        continue;
      }
      std::string Error;
      if (!Opts.apply(Arg, Error)) {
        error(Diags, Error);
        return false;
      }
    }
    for (const std::string &Glob : Opts.Checks.unmatchedGlobs())
      Diags.Report(
          Diags.getCustomDiagID(DiagnosticsEngine::Warning,
                                "privateer: check glob '%0' matches no check"))
          << Glob;
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  Options Opts;
};

FrontendPluginRegistry::Add<PrivateerAction>
    Registration("privateer",
                 "find shared-buffer races and false sharing in parallel "
                 "loops");

/// Whether this copy's registration is the first one named `privateer` in
/// the host's registry (every copy's entry is a member of its own
/// Registration object).
bool isFirstCopy() {
  for (const auto &Entry : FrontendPluginRegistry::entries()) {
    if (Entry.getName() != "privateer")
      continue;
    const char *At = reinterpret_cast<const char *>(&Entry);
    const char *Ours = reinterpret_cast<const char *>(&Registration);
    return At >= Ours && At < Ours + sizeof(Registration);
  }
  return true;
}

} // namespace
