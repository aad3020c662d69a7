//===- Passes.cpp - privateer's checks as MLIR passes ---------------------===//
//
// Part of privateer. Each pass builds the model of every parallel loop under
// the operation it runs on, runs the core's checks with the index solver,
// and turns each finding into an MLIR warning at the access, with notes at
// the declaration, the second access (the witness) and the construct.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/Passes.h"
#include "FlangOps.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Printer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace json = llvm::json;

namespace privateer {
namespace mlirfe {
namespace {

/// The checks whose model the MLIR front end builds: shared buffers from
/// memory accesses, thread-indexed buffers from `omp_get_thread_num()`,
/// chunks from `omp.wsloop` schedules. (Allocations are not modelled yet,
/// so the allocation checks would never fire.)
constexpr CheckId ModelledChecks[] = {
    CheckId::SharedBuffer, CheckId::ThreadIdIndex, CheckId::ChunkFalseSharing};

class CheckPass : public PassWrapper<CheckPass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPass)

  CheckPass(std::string Argument, std::string Description,
            std::string DefaultChecks)
      : Argument(std::move(Argument)), Description(std::move(Description)),
        DefaultChecks(std::move(DefaultChecks)) {}
  CheckPass(const CheckPass &Other)
      : PassWrapper(Other), Argument(Other.Argument),
        Description(Other.Description), DefaultChecks(Other.DefaultChecks) {}

  StringRef getArgument() const override { return Argument; }
  StringRef getDescription() const override { return Description; }

  void runOnOperation() override;

private:
  void report(const Finding &F, const LocationTable &Locs,
              Location Fallback) const;

  std::string Argument, Description, DefaultChecks;
  Option<std::string> Checks{
      *this, "checks",
      llvm::cl::desc("glob list of checks to run, as clang-tidy's --checks "
                     "(default: the pass's own check)"),
      llvm::cl::init("")};
  Option<bool> DumpModel{
      *this, "dump-model",
      llvm::cl::desc("print privateer's model of each parallel loop"),
      llvm::cl::init(false)};
  Option<unsigned> CacheLine{*this, "cache-line",
                             llvm::cl::desc("cache line size in bytes"),
                             llvm::cl::init(64)};
  Option<std::string> FixFile{
      *this, "fix-file",
      llvm::cl::desc("append the clause each Fortran finding's exact fix adds "
                     "to its '!$omp' directive, one per line: file, line, "
                     "column and clause, tab-separated (privateer-fortran "
                     "--fix applies them)"),
      llvm::cl::init("")};
  Option<std::string> FindingsFile{
      *this, "findings-file",
      llvm::cl::desc("append each finding as one line of JSON (check, "
                     "message, file, line, column, notes with theirs), for "
                     "privateer-fortran's SARIF"),
      llvm::cl::init("")};
};

/// The Fortran (or .mlir) file position of \p L, if it has one.
json::Object positionOf(std::optional<Location> L) {
  FileLineColLoc At = L ? (*L)->findInstanceOf<FileLineColLoc>() : nullptr;
  if (!At)
    return json::Object{};
  return json::Object{{"file", At.getFilename().getValue()},
                      {"line", int64_t(At.getLine())},
                      {"column", int64_t(At.getColumn())}};
}

/// One finding as a line of JSON: what privateer-fortran needs to write it
/// as a SARIF result (the MLIR diagnostic printed is for people), with the
/// clause its exact fix adds to the directive, if any.
std::string findingJson(const Finding &F, const LocationTable &Locs,
                        llvm::StringRef Clause) {
  json::Object Obj = positionOf(Locs.lookup(F.Where));
  if (!Clause.empty()) {
    json::Object Fix = positionOf(Locs.lookup(F.Construct));
    if (Fix.get("file")) {
      Fix["clause"] = Clause;
      Obj["fix"] = std::move(Fix);
    }
  }
  Obj["check"] = checkName(F.Check);
  Obj["message"] = F.Message;
  json::Array Notes;
  for (const Note &N : F.Notes) {
    json::Object NoteObj = positionOf(Locs.lookup(N.Where));
    NoteObj["message"] = N.Message;
    Notes.push_back(std::move(NoteObj));
  }
  Obj["notes"] = std::move(Notes);
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << json::Value(std::move(Obj));
  return Line;
}

/// Appends \p Text to \p Path (several fir-opt runs write one file).
bool appendTo(llvm::StringRef Path, llvm::StringRef Text, Operation *Loop) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC) {
    emitError(Loop->getLoc())
        << "privateer: cannot write " << Path << ": " << EC.message();
    return false;
  }
  Out << Text;
  return true;
}

/// The clause, in Fortran's words, that the remedy of \p F adds to its
/// directive; empty when there is none or it would not be exact.
std::string fortranClause(const Finding &F, Operation *Loop) {
  if (F.Model != ProgrammingModelKind::Fortran || !F.Buffer)
    return "";
  if (const auto *Reduce = std::get_if<remedy::Reduce>(&F.Fix)) {
    const char *Op = nullptr;
    switch (Reduce->Op) {
    case ReductionOp::Add:
    case ReductionOp::Sub: // the subtracted terms are summed
      Op = "+";
      break;
    case ReductionOp::Mul:
      Op = "*";
      break;
    case ReductionOp::Min:
      Op = "min";
      break;
    case ReductionOp::Max:
      Op = "max";
      break;
    default:
      return "";
    }
    return std::string("reduction(") + Op + ":" + F.BufferName + ")";
  }
  const auto *Privatize = std::get_if<remedy::Privatize>(&F.Fix);
  if (!Privatize || Privatize->Copy != PrivateCopy::Private)
    return "";
  // A private copy leaves the variable undefined after the construct: the
  // fix is exact only when nothing after the construct reads it, which for
  // a global (a module variable, COMMON) another procedure may, and for a
  // dummy argument the caller may.
  Value Memory = valueOf(F.Buffer);
  if (flang::isGlobal(Memory) || isa<BlockArgument>(Memory))
    return "";
  auto Func = Loop->getParentOfType<FunctionOpInterface>();
  if (!Func)
    return "";
  bool After = false, UsedAfter = false;
  Func->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (Op == Loop) {
      After = true;
      return WalkResult::skip();
    }
    if (After)
      for (Value Operand : Op->getOperands())
        UsedAfter |= flang::rootOf(Operand) == Memory;
    return WalkResult::advance();
  });
  // In an enclosing sequential loop, code before the construct runs after
  // it too (in the next iteration).
  Operation *Outermost = nullptr;
  for (Operation *Parent = Loop->getParentOp(); Parent && Parent != Func;
       Parent = Parent->getParentOp())
    if (isa<LoopLikeOpInterface>(Parent))
      Outermost = Parent;
  if (Outermost)
    Outermost->walk<WalkOrder::PreOrder>([&](Operation *Op) {
      if (Op == Loop)
        return WalkResult::skip();
      for (Value Operand : Op->getOperands())
        UsedAfter |= flang::rootOf(Operand) == Memory;
      return WalkResult::advance();
    });
  if (UsedAfter)
    return "";
  return "private(" + F.BufferName + ")";
}

void CheckPass::report(const Finding &F, const LocationTable &Locs,
                       Location Fallback) const {
  Location Where = Locs.lookup(F.Where).value_or(Fallback);
  InFlightDiagnostic D = emitWarning(Where)
                         << F.Message << " [" << checkName(F.Check) << "]";
  for (const Note &N : F.Notes)
    D.attachNote(Locs.lookup(N.Where)) << N.Message;
}

void CheckPass::runOnOperation() {
  markAllAnalysesPreserved();
  CheckFilter Filter(Checks.empty() ? DefaultChecks : std::string(Checks));
  // One oracle (cache and budget) per operation the pass runs on, as the
  // Clang front ends have one per translation unit.
  SolverOptions Options;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle = createIndexSolver(Options, Stats);
  CheckContext Context{*Oracle, CacheLine};
  llvm::SmallVector<Operation *> Loops;
  getOperation()->walk([&](Operation *Op) {
    if (isParallelConstruct(Op))
      Loops.push_back(Op);
  });
  for (Operation *Loop : Loops) {
    LocationTable Locs;
    std::optional<ParallelRegion> R = buildRegion(Loop, Locs);
    if (!R)
      continue;
    if (DumpModel)
      llvm::errs() << dump(*R);
    for (const Finding &F : runChecks(*R, Filter, Context)) {
      report(F, Locs, Loop->getLoc());
      if (FixFile.empty() && FindingsFile.empty())
        continue;
      std::string Clause = fortranClause(F, Loop);
      if (!FindingsFile.empty() &&
          !appendTo(FindingsFile, findingJson(F, Locs, Clause) + "\n", Loop))
        return signalPassFailure();
      if (FixFile.empty())
        continue;
      auto Directive = Locs.lookup(F.Construct);
      auto At = Directive ? dyn_cast<FileLineColLoc>(*Directive) : nullptr;
      if (Clause.empty() || !At)
        continue;
      std::string Row;
      llvm::raw_string_ostream(Row)
          << At.getFilename().getValue() << '\t' << At.getLine() << '\t'
          << At.getColumn() << '\t' << Clause << '\n';
      if (!appendTo(FixFile, Row, Loop))
        return signalPassFailure();
    }
  }
}

} // namespace

std::unique_ptr<Pass> createCheckPass(std::string Argument,
                                      std::string Description,
                                      std::string Checks) {
  return std::make_unique<CheckPass>(std::move(Argument),
                                     std::move(Description), std::move(Checks));
}

void registerPasses() {
  registerPass([] {
    return createCheckPass(
        "privateer", "every privateer check on parallel loops", "privateer-*");
  });
  for (CheckId Id : ModelledChecks)
    for (const CheckInfo &Info : allChecks())
      if (Info.Id == Id)
        registerPass([Info] {
          return createCheckPass(Info.Name, Info.Summary, Info.Name);
        });
  registerPass([] { return createRewritePass(); });
}

} // namespace mlirfe
} // namespace privateer
