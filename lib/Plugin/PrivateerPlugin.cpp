//===- PrivateerPlugin.cpp - The clang -fplugin= front end ----------------===//
//
// Part of privateer. A thin front end: parses -fplugin-arg-privateer-*
// options, runs the analysis after the main action (so a plain
// `clang -fplugin=PrivateerPlugin.so` compiles as usual and reports), and
// never runs on a translation unit that has errors.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/FixApplier.h"
#include "privateer/Clang/FixBuilder.h"
#include "privateer/Clang/OpenMPAnalyzer.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace {

class PrivateerConsumer : public ASTConsumer {
public:
  PrivateerConsumer(CompilerInstance &CI, privateer::Options Opts)
      : CI(CI), Opts(std::move(Opts)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    // An AST with errors is incomplete: silence beats guesses.
    if (Diags.hasErrorOccurred())
      return;
    privateer::clangfe::ConstructIndex Constructs;
    auto Findings =
        privateer::clangfe::analyzeTranslationUnit(Ctx, Opts, &Constructs);
    privateer::clangfe::DiagnosticReporter Reporter(
        Diags, Ctx.getSourceManager(), Opts);
    privateer::clangfe::FixApplier Applier(Ctx.getSourceManager(),
                                           Ctx.getLangOpts());
    for (const privateer::Finding &F : Findings) {
      std::string WhyNot;
      auto Fixes = privateer::clangfe::buildFix(F, Constructs, Ctx, WhyNot);
      if (Reporter.report(F, Fixes, WhyNot) && Opts.Fix)
        Applier.add(Fixes);
    }
    if (Opts.Fix)
      for (const std::string &Error : Applier.write())
        Diags.Report(
            Diags.getCustomDiagID(DiagnosticsEngine::Error, "privateer: %0"))
            << Error;
  }

private:
  CompilerInstance &CI;
  privateer::Options Opts;
};

class PrivateerAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<PrivateerConsumer>(CI, Opts);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      std::string Error;
      if (!Opts.apply(Arg, Error)) {
        Diags.Report(
            Diags.getCustomDiagID(DiagnosticsEngine::Error, "privateer: %0"))
            << Error;
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
  privateer::Options Opts;
};

} // namespace

static FrontendPluginRegistry::Add<PrivateerAction>
    X("privateer", "find shared-buffer races and false sharing in parallel "
                   "loops");
