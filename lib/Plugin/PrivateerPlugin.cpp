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
#include "privateer/Clang/UnitWatch.h"

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
      : CI(CI), Opts(std::move(Opts)),
        Watch(CI.getPreprocessor(), CI.getLangOpts()) {
    // The unit's #include lines, where fixes add theirs.
    CI.getPreprocessor().addPPCallbacks(
        Includes.recorder(CI.getSourceManager()));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    // An AST with errors is incomplete: silence beats guesses.
    if (Diags.hasErrorOccurred())
      return;
    clangfe::DiagnosticReporter Reporter(Diags, Opts);
    if (!Reporter.enabled())
      return;
    // With every check off there is nothing the ignored code would hide.
    std::optional<clangfe::IgnoredCode> Notice;
    if (Opts.Checks.enablesAny())
      Notice = Watch.notice();
    if (Notice) {
      // A note of its own: no earlier ignored warning may swallow it.
      Diags.setLastDiagnosticIgnored(false);
      Diags.Report(Notice->Where,
                   Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0"))
          << Notice->Message;
    }
    clangfe::UnitSummary Summary;
    std::vector<clangfe::Report> Reports =
        clangfe::analyze(Ctx, Opts, Includes, &Summary);
    // What is silenced where it is is not fixed either.
    llvm::erase_if(
        Reports, [&](const clangfe::Report &R) { return !Reporter.report(R); });
    // What the silence means, when asked: a remark per construct held back
    // or not analysed.
    if (Opts.ExplainSilence)
      Reporter.explainSilence(Summary.Constructs);
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

private:
  CompilerInstance &CI;
  Options Opts;
  clangfe::UnitWatch Watch;
  clangfe::IncludeDirectives Includes;
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
    return std::make_unique<PrivateerConsumer>(CI, Opts);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    bool Valid = true;
    for (const std::string &Arg : Args) {
      if (Arg == "help") {
        printHelp();
        continue;
      }
      std::string Error;
      if (!Opts.apply(Arg, Error)) {
        error(Diags, Error);
        Valid = false;
      }
    }
    // Every check off: the build goes on, and says it checks nothing.
    if (std::string None = Opts.Checks.noneEnabled(); Valid && !None.empty())
      Diags.Report(
          Diags.getCustomDiagID(DiagnosticsEngine::Warning, "privateer: %0"))
          << None;
    // `-Wno-error=privateer-shared-buffer` is what users type; clang calls
    // it an unknown warning option, which reads like a misspelling.
    for (const std::string &Flag : CI.getDiagnosticOpts().Warnings) {
      std::string Error = warningOptionError(Flag, "-fplugin-arg-privateer-");
      if (!Error.empty()) {
        error(Diags, Error);
        Valid = false;
      }
    }
    return Valid;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

  static void printHelp() {
    llvm::outs() << "privateer's options, each as "
                    "-fplugin-arg-privateer-<option>:\n"
                 << Options::helpText("") << "\nchecks:\n";
    for (const CheckInfo &C : allChecks())
      llvm::outs() << "  " << C.Name << "\n";
  }

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
