//===- PrivateerTidyModule.cpp - The clang-tidy --load= front end ---------===//
//
// Part of privateer. A thin front end: one clang-tidy check per Checks.def
// entry, all of the same class. The engine runs once per translation unit
// for all of them (the first check to see the unit runs it, the others
// take their reports from the shared result), and each check reports the
// findings of its own name through clang-tidy, which then handles NOLINT,
// --fix, --fix-notes, --export-fixes and --warnings-as-errors as for any
// check. Options come from Options.def's TidyKeys.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/Engine.h"
#include "privateer/Clang/SourceLoc.h"
#include "privateer/Clang/UnitWatch.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>
#include <memory>
#include <mutex>

using namespace clang;
using namespace clang::tidy;
using namespace privateer;

namespace {

/// The engine's result for one translation unit and one set of options,
/// shared by the checks that asked for it.
struct UnitResult {
  std::vector<clangfe::Report> Reports;
  /// Per report, the merged edits it carries (Engine.h): clang-tidy
  /// applies every kept diagnostic's fixes, so two clauses added to one
  /// directive must reach it as one edit.
  std::vector<std::vector<FixItHint>> Edits;
  /// Every construct's verdict, for ExplainSilence.
  clangfe::UnitSummary Summary;
};

/// Results by unit and options. An entry lives while a check of that unit
/// holds it; clang-tidy ends every check of a unit before it starts the
/// next unit, so a reused ASTContext address never sees a stale result.
class ResultCache {
public:
  static ResultCache &get() {
    static ResultCache Cache;
    return Cache;
  }

  std::shared_ptr<UnitResult>
  resultFor(ASTContext &Ctx, const Options &Opts, const std::string &OptionsKey,
            const clangfe::IncludeDirectives &Includes) {
    std::lock_guard<std::mutex> Lock(Mutex);
    std::weak_ptr<UnitResult> &Slot = Entries[{&Ctx, OptionsKey}];
    if (std::shared_ptr<UnitResult> Shared = Slot.lock())
      return Shared;
    auto Result = std::make_shared<UnitResult>();
    Result->Reports = clangfe::analyze(Ctx, Opts, Includes, &Result->Summary);
    Result->Edits =
        clangfe::assignMergedEdits(Result->Reports, Ctx.getSourceManager());
    Slot = Result;
    return Result;
  }

  void dropExpired() {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Entries.begin(); It != Entries.end();)
      It = It->second.expired() ? Entries.erase(It) : std::next(It);
  }

private:
  std::mutex Mutex;
  std::map<std::pair<ASTContext *, std::string>, std::weak_ptr<UnitResult>>
      Entries;
};

/// Every privateer check: registered under each name of Checks.def.
class PrivateerCheck : public ClangTidyCheck {
public:
  PrivateerCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {
    // The engine runs the privateer checks clang-tidy enabled, all at once.
    std::string Enabled = "-*";
    for (const CheckInfo &C : allChecks()) {
      if (Name == C.Name)
        Id = C.Id;
      if (Context->isCheckEnabled(C.Name)) {
        Enabled += std::string(",") + C.Name;
        if (!First)
          First = C.Id;
      }
    }
    // What concerns the unit, not one check, is said by the first enabled
    // check alone.
    SpeaksForUnit = First && *First == Id;
    // A misspelt privateer glob turns a check off without a word; the
    // list is shared with other modules' checks, so only globs meant for
    // privateer are looked at. (With no privateer check enabled at all
    // this module does not run: clang-tidy --verify-config names them.)
    if (SpeaksForUnit && Context->getOptions().Checks) {
      std::string Error = CheckFilter(*Context->getOptions().Checks)
                              .error(CheckFilter::GlobScope::PrivateerLike);
      if (!Error.empty())
        configurationDiag("%0", DiagnosticIDs::Error) << Error;
    }
    Opts.Checks = CheckFilter(Enabled);
    OptionsKey = Enabled;
    for (const OptionInfo &O : allOptions()) {
      if (!*O.TidyKey)
        continue;
      std::optional<StringRef> Value =
          this->Options.getLocalOrGlobal(O.TidyKey);
      if (!Value)
        continue;
      std::string Error, Word = std::string(O.Name) + "=" + Value->str();
      // A flag is a boolean in .clang-tidy.
      if (O.Kind == OptionKind::Flag) {
        std::optional<bool> On = llvm::StringSwitch<std::optional<bool>>(*Value)
                                     .CasesLower({"true", "1", "on"}, true)
                                     .CasesLower({"false", "0", "off"}, false)
                                     .Default(std::nullopt);
        if (On && !*On)
          continue;
        if (On)
          Word = O.Name;
      }
      if (!Opts.apply(Word, Error)) {
        configurationDiag("invalid option '%0' of check '%1': %2")
            << O.TidyKey << Name << Error;
        continue;
      }
      // Checks configured alike share one engine run.
      OptionsKey += std::string(";") + O.Name + "=" + Value->str();
    }
  }

  void storeOptions(ClangTidyOptions::OptionMap &Map) override {
    Options.store(Map, "CacheLine", Opts.CacheLine);
    Options.store(Map, "SolverTimeoutMs", Opts.SolverTimeoutMs);
    Options.store(Map, "ReportMay", Opts.ReportMay);
  }

  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *) override {
    // The unit's #include lines, where fixes add theirs (every check
    // records them: whichever runs the engine has them).
    Includes.clear();
    PP->addPPCallbacks(Includes.recorder(SM));
    if (SpeaksForUnit)
      Watch = std::make_unique<clangfe::UnitWatch>(*PP, getLangOpts());
  }

  void registerMatchers(ast_matchers::MatchFinder *Finder) override {
    // One match per unit: the engine walks the unit itself.
    Finder->addMatcher(ast_matchers::translationUnitDecl().bind("unit"), this);
  }

  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {
    // An AST with errors is incomplete: silence beats guesses.
    if (Result.Context->getDiagnostics().hasErrorOccurred())
      return;
    // clang-tidy has no note without a warning: the notice is a remark.
    if (Watch)
      if (std::optional<clangfe::IgnoredCode> Notice = Watch->notice())
        diag(Notice->Where, "%0", DiagnosticIDs::Remark) << Notice->Message;
    Shared = ResultCache::get().resultFor(*Result.Context, Opts, OptionsKey,
                                          Includes);
    for (size_t I = 0; I < Shared->Reports.size(); ++I) {
      const clangfe::Report &R = Shared->Reports[I];
      if (R.F.Check != Id)
        continue;
      {
        // clang-tidy appends the check name itself.
        DiagnosticBuilder Diag = diag(clangfe::fromLoc(R.F.Where), "%0");
        Diag << R.F.Message;
        for (const FixItHint &H : Shared->Edits[I])
          Diag << H;
      }
      for (const Note &N : R.F.Notes)
        if (clangfe::fromLoc(N.Where).isValid())
          diag(clangfe::fromLoc(N.Where), "%0", DiagnosticIDs::Note)
              << N.Message;
      std::string Why = R.whyNoFixNote();
      if (!Why.empty())
        diag(clangfe::fromLoc(R.F.Where), "%0", DiagnosticIDs::Note) << Why;
    }
    // What the silence means, when asked (once per unit): a remark per
    // construct held back or not analysed.
    if (SpeaksForUnit && Opts.ExplainSilence)
      for (const ConstructAccount &A : Shared->Summary.Constructs)
        if (A.Verdict == Outcome::HeldBack || A.Verdict == Outcome::NotAnalysed)
          diag(clangfe::fromLoc(A.Where), "%0", DiagnosticIDs::Remark)
              << ("'" + A.Construct + "' " + describe(A.Verdict) + ": " +
                  A.Reason);
  }

  void onEndOfTranslationUnit() override {
    Watch.reset();
    Shared.reset();
    ResultCache::get().dropExpired();
  }

private:
  CheckId Id = CheckId::SharedBuffer;
  std::optional<CheckId> First;
  bool SpeaksForUnit = false;
  std::unique_ptr<clangfe::UnitWatch> Watch;
  privateer::Options Opts;
  std::string OptionsKey;
  clangfe::IncludeDirectives Includes;
  std::shared_ptr<UnitResult> Shared;
};

class PrivateerModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const CheckInfo &C : allChecks())
      Factories.registerCheckFactory(
          C.Name, [](StringRef Name, ClangTidyContext *Context) {
            return std::make_unique<PrivateerCheck>(Name, Context);
          });
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<PrivateerModule>
    X("privateer-module", "privateer: shared-buffer races and false sharing "
                          "in parallel loops");
