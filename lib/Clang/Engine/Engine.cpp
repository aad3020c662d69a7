//===- Engine.cpp - The Clang engine every front end runs -----------------===//
//
// Part of privateer. Programming models find and model constructs; the
// core's checks (dispatched from Checks.def) produce findings; the engine
// filters them as every front end must (system headers, NOLINT,
// duplicates) and asks the construct's model for the fix.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/Engine.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Clang/Nolint.h"
#include "privateer/Clang/ProgrammingModel.h"
#include "privateer/Clang/SourceLoc.h"
#include "privateer/Model/Printer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace clang;

namespace privateer {
namespace clangfe {

ProgrammingModel::~ProgrammingModel() = default;

namespace {

/// Every programming model the engine knows, in the order they run.
std::vector<std::unique_ptr<ProgrammingModel>> programmingModels() {
  std::vector<std::unique_ptr<ProgrammingModel>> Models;
  Models.push_back(createOpenMPModel());
  Models.push_back(createTBBModel());
  return Models;
}

/// Drops what no front end should show, in the order findings come.
class ReportFilter {
public:
  ReportFilter(const SourceManager &SM, const Options &Opts)
      : SM(SM), Opts(Opts) {}

  /// Whether \p L lies in a system header (or is no place at all): no
  /// finding there is shown, and no construct there is accounted for.
  bool inSystemHeader(Loc Where) const {
    SourceLocation L = fromLoc(Where);
    return L.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  /// Whether \p F may be shown at all: its check is on, and it is not in a
  /// system header or under NOLINT.
  bool shown(const Finding &F) {
    const char *Check = checkName(F.Check);
    if (!Opts.Checks.isEnabled(Check))
      return false;
    SourceLocation L = fromLoc(F.Where);
    if (L.isInvalid())
      return false;
    if (SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return false;
    return !Nolint.isSuppressed(SM, L, Check);
  }

  /// What makes two findings the same race: template instantiations and
  /// units that overlap (a region and the tasks or loops nested in it)
  /// find it more than once; different reasons at one place are all
  /// reported.
  static std::pair<uint64_t, std::string> key(const Finding &F) {
    return {F.Where.Raw,
            std::string(checkName(F.Check)) + ':' + F.BufferName +
                (F.Check == CheckId::SharedBuffer ? "" : F.Message)};
  }

private:
  const SourceManager &SM;
  const Options &Opts;
  NolintIndex Nolint;
};

/// Whether construct \p Inner lies inside construct \p Outer's code (an
/// ancestor in the AST: a directive's own source range ends with its line).
bool nestedIn(const Stmt *Inner, const Stmt *Outer, ASTContext &Ctx) {
  if (!Inner || !Outer || Inner == Outer)
    return false;
  llvm::SmallVector<DynTypedNode, 8> Work{DynTypedNode::create(*Inner)};
  llvm::SmallPtrSet<const void *, 16> Visited;
  while (!Work.empty()) {
    DynTypedNode N = Work.pop_back_val();
    for (const DynTypedNode &P : Ctx.getParents(N)) {
      if (P.get<Stmt>() == Outer)
        return true;
      if (Visited.insert(P.getMemoizationData()).second)
        Work.push_back(P);
    }
  }
  return false;
}

/// A race found again by a construct nested in the one that found it
/// first (the outer is walked first): the innermost construct owns it, its
/// fix is where the race is (private copies made by the outer construct
/// would still be shared by the inner team). A reduction is needed at both
/// levels when the inner construct makes a team of its own: the inner team
/// combines into the outer copy, which the outer work items share; the
/// outer fix is kept beside the inner one. (A worksharing loop of the
/// outer team must not reduce a variable its region made private.)
void takeInnerReport(Report &Outer, Report &&Inner, bool InnerMakesTeam) {
  const auto *OuterReduce = std::get_if<remedy::Reduce>(&Outer.F.Fix);
  const auto *InnerReduce = std::get_if<remedy::Reduce>(&Inner.F.Fix);
  bool BothReduce = InnerMakesTeam && OuterReduce && InnerReduce &&
                    OuterReduce->Op == InnerReduce->Op &&
                    !Outer.Fixes.empty() && !Inner.Fixes.empty();
  if (BothReduce)
    Inner.Fixes.insert(Inner.Fixes.begin(), Outer.Fixes.begin(),
                       Outer.Fixes.end());
  Outer = std::move(Inner);
}

/// The findings held back as unproven (\p HeldBack: each race's place and
/// check), counted and placed in the unit's summary.
void noteHeldBack(const SourceManager &SM,
                  const std::set<std::pair<uint64_t, std::string>> &HeldBack,
                  UnitSummary &Summary) {
  Summary.HeldBackMay += HeldBack.size();
  for (const auto &[Raw, Check] : HeldBack) {
    SourceLocation L = SM.getFileLoc(SourceLocation::getFromRawEncoding(Raw));
    OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(L));
    if (!File)
      continue;
    // The file's absolute name: the same header from every unit.
    llvm::SmallString<256> Path(File->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Summary.HeldBackWhere.push_back(
        Path.str().str() + ":" + std::to_string(SM.getSpellingLineNumber(L)) +
        ":" + std::to_string(SM.getSpellingColumnNumber(L)) + " [" + Check +
        "]");
  }
}

/// One unit's analysis: the constructs each model finds, their checks,
/// the reports a user should see, and every construct's verdict.
class UnitAnalysis {
public:
  UnitAnalysis(ASTContext &Ctx, const Options &Opts,
               const IncludeDirectives &Includes)
      : Ctx(Ctx), Opts(Opts), Includes(Includes),
        Filter(Ctx.getSourceManager(), Opts) {
    // One solver per translation unit: its cache and budget are the
    // unit's.
    SO.TimeoutMs = Opts.SolverTimeoutMs;
  }

  void run() {
    for (auto &Model : programmingModels()) {
      if (!Model->appliesTo(Ctx))
        continue;
      if (!Oracle)
        Oracle = createIndexSolver(SO, Stats);
      Model->findConstructs(
          Ctx, [&](ModelledConstruct &&C) { construct(*Model, C); },
          [&](ConstructAccount &&A) {
            if (!Filter.inSystemHeader(A.Where))
              addAccount(Accounts, std::move(A));
          });
    }
    for (const auto &Key : Seen)
      HeldBack.erase(Key.first);
  }

  std::vector<Report> finish(UnitSummary *Summary) {
    if (Summary) {
      noteHeldBack(Ctx.getSourceManager(), HeldBack, *Summary);
      Summary->Undecided += Stats.Unknown + Stats.OverBudget;
      for (ConstructAccount &A : Accounts)
        addAccount(Summary->Constructs, std::move(A));
    }
    if (Opts.Stats && Oracle)
      llvm::errs() << Stats.str() << "\n";
    if (Opts.Stats && !HeldBack.empty())
      llvm::errs() << "privateer: " << HeldBack.size()
                   << " unproven ('may') finding"
                   << (HeldBack.size() == 1 ? "" : "s")
                   << " held back (report-may shows them)\n";
    return std::move(Reports);
  }

private:
  /// The checks of \p C, its reports and its verdict.
  void construct(ProgrammingModel &Model, const ModelledConstruct &C) {
    if (Opts.DumpModel)
      llvm::errs() << dump(C.Region);
    CheckContext Checks{*Oracle, Opts.CacheLine};
    RegionResults Results;
    unsigned UndecidedBefore = Stats.Unknown + Stats.OverBudget;
    unsigned UnreadableBefore = Stats.Unreadable;
    for (Finding &F : runChecks(C.Region, Opts.Checks, Checks))
      finding(Model, C, std::move(F), Results);
    Results.Undecided = Stats.Unknown + Stats.OverBudget - UndecidedBefore;
    Results.Unreadable = Stats.Unreadable - UnreadableBefore;
    if (!Filter.inSystemHeader(C.Region.Directive))
      addAccount(Accounts, accountFor(C.Region, Results));
  }

  /// \p F of \p C: shown, held back, suppressed or a duplicate, counted in
  /// \p Results.
  void finding(ProgrammingModel &Model, const ModelledConstruct &C, Finding F,
               RegionResults &Results) {
    if (!Filter.shown(F)) {
      // (Suppressed by the user: reported before, and silenced.)
      if (!Filter.inSystemHeader(F.Where) && (!F.May || Opts.ReportMay))
        ++Results.Reported;
      return;
    }
    if (F.May && !Opts.ReportMay) {
      HeldBack.insert(ReportFilter::key(F));
      if (!Results.HeldBack++)
        Results.FirstHeldBack = F.Message;
      return;
    }
    ++Results.Reported;
    auto [It, New] =
        Seen.try_emplace(ReportFilter::key(F), Reports.size(), C.Construct);
    bool Inner = !New && nestedIn(C.Construct, It->second.second, Ctx);
    if (!New && !Inner)
      return;
    Report R;
    R.F = std::move(F);
    EditBuilder Edits(Ctx, Includes);
    if (auto Fix = Model.buildFix(R.F, C, Edits))
      R.Fixes = std::move(*Fix);
    else
      R.WhyNoFix = whyDeclined(Fix.takeError());
    if (Inner) {
      takeInnerReport(Reports[It->second.first], std::move(R),
                      C.Region.CreatesTeam);
      It->second.second = C.Construct;
      return;
    }
    Reports.push_back(std::move(R));
  }

  ASTContext &Ctx;
  const Options &Opts;
  const IncludeDirectives &Includes;
  SolverOptions SO;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle;
  ReportFilter Filter;
  std::vector<Report> Reports;
  /// Each race once: where it is in Reports, and the construct that found
  /// it.
  std::map<std::pair<uint64_t, std::string>, std::pair<size_t, const Stmt *>>
      Seen;
  /// What was held back as unproven, once per race (not when it was
  /// reported after all, by another construct that proved it).
  std::set<std::pair<uint64_t, std::string>> HeldBack;
  std::vector<ConstructAccount> Accounts;
};

} // namespace

std::vector<Report> analyze(ASTContext &Ctx, const Options &Opts,
                            const IncludeDirectives &Includes,
                            UnitSummary *Summary) {
  UnitAnalysis A(Ctx, Opts, Includes);
  A.run();
  return A.finish(Summary);
}

} // namespace clangfe
} // namespace privateer
