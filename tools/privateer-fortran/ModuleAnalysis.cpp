//===- ModuleAnalysis.cpp - privateer's checks on a lowered Fortran file --===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "ModuleAnalysis.h"
#include "CompileDatabase.h"

#include "privateer/MLIR/ConstructAnalyzer.h"
#include "privateer/MLIR/FortranClauses.h"
#include "privateer/MLIR/FortranEdits.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace fortran {

namespace {

/// The Fortran file position of \p L (Flang wraps some in a NameLoc); no
/// file when it has none.
cli::Position positionOf(std::optional<Location> L, SourceTexts &Texts) {
  cli::Position P;
  FileLineColLoc At = L ? (*L)->findInstanceOf<FileLineColLoc>() : nullptr;
  if (!At)
    return P;
  P.File = normalizedPath(At.getFilename().getValue());
  P.Line = At.getLine();
  P.Column = At.getColumn();
  P.Offset = Texts.offset(P.File, P.Line, P.Column);
  return P;
}

/// What is kept of \p F, found in \p A; \p Clause is its fix's clause.
FortranFinding keep(const Finding &F, const mlirfe::AnalyzedConstruct &A,
                    bool AsErrors, std::string Clause, SourceTexts &Texts) {
  FortranFinding Kept;
  cli::Result &R = Kept.Result;
  R.Check = checkName(F.Check);
  R.Message = F.Message;
  R.AsError = AsErrors;
  R.Where = positionOf(A.Locs.lookup(F.Where), Texts);
  for (const Note &N : F.Notes)
    R.Notes.push_back({positionOf(A.Locs.lookup(N.Where), Texts), N.Message});
  cli::Position Directive = positionOf(A.Locs.lookup(F.Construct), Texts);
  if (!Clause.empty() && !Directive.File.empty()) {
    Kept.Clause = std::move(Clause);
    Kept.DirectiveFile = Directive.File;
    Kept.DirectiveLine = Directive.Line;
  }
  // A wait, a barrier or a nowait removed: an edit of the text.
  mlirfe::TextEdit Edit;
  std::string WhyNot;
  if (mlirfe::orderingEdit(F, A.Locs, Edit, WhyNot) ==
      mlirfe::EditOutcome::Made) {
    cli::Edit &E = Kept.Ordering;
    E.Begin.File = normalizedPath(Edit.File);
    E.Begin.Line = Edit.Line;
    E.Begin.Column = Edit.Column;
    E.Begin.Offset = Texts.offset(E.Begin.File, Edit.Line, Edit.Column);
    E.Length = Edit.Length;
    E.EndLine = Edit.Line;
    E.EndColumn = Edit.Column + Edit.Length;
    E.Text = Edit.Text;
  }
  return Kept;
}

/// The name Flang's locations give \p File: made absolute, dots kept.
std::string locationName(llvm::StringRef File) {
  llvm::SmallString<256> Name(File);
  llvm::sys::fs::make_absolute(Name);
  return Name.str().str();
}

} // namespace

std::string FortranFinding::key() const {
  return Result.Where.File + ":" + std::to_string(Result.Where.Line) + ":" +
         std::to_string(Result.Where.Column) + ":" + Result.Check + ":" +
         Result.Message;
}

ModuleReport analyzeModule(ModuleOp Module, const Options &Opts, bool AsErrors,
                           DiagnosticMode Mode, llvm::StringRef MainFile,
                           SourceTexts &Texts) {
  MLIRContext *Context = Module->getContext();
  // Diagnostics print the Fortran line they are at: the handler reads the
  // files the locations name.
  llvm::SourceMgr Sources;
  std::unique_ptr<SourceMgrDiagnosticHandler> Printer;
  std::unique_ptr<SourceMgrDiagnosticVerifierHandler> Verifier;
  if (Mode == DiagnosticMode::Verify) {
    // The file is read before any diagnostic, so that its expectations
    // are checked even when none comes.
    std::string Name = locationName(MainFile);
    if (auto Buffer = llvm::MemoryBuffer::getFile(Name, /*IsText=*/true))
      Sources.AddNewSourceBuffer(std::move(*Buffer), llvm::SMLoc());
    Verifier =
        std::make_unique<SourceMgrDiagnosticVerifierHandler>(Sources, Context);
  } else {
    Printer = std::make_unique<SourceMgrDiagnosticHandler>(Sources, Context);
  }

  ModuleReport Report;
  mlirfe::ConstructAnalyzer Analyzer(Opts);
  for (Operation *Construct :
       mlirfe::ConstructAnalyzer::constructsIn(Module.getOperation()))
    if (std::optional<mlirfe::AnalyzedConstruct> A =
            Analyzer.analyze(Construct))
      for (Finding F : A->Findings) {
        // A remedy that names a clause but gets none says why, so that
        // --fix writing nothing is never a mystery.
        std::string WhyNot;
        std::string Clause =
            mlirfe::fortranClause(F, A->Construct, A->Region, &WhyNot);
        if (Clause.empty() && !WhyNot.empty())
          F.Notes.push_back({F.Construct, "no automatic fix: " + WhyNot});
        mlirfe::reportFinding(F, A->Locs, Construct->getLoc(), AsErrors);
        Report.Findings.push_back(keep(F, *A, AsErrors, Clause, Texts));
        Report.Findings.back().NoFix = Clause.empty() && !WhyNot.empty();
      }
  if (Opts.Stats)
    llvm::errs() << Analyzer.stats().str() << "\n";
  Report.HeldBackMay = Analyzer.heldBackMay();
  Report.Undecided = Analyzer.stats().Unknown + Analyzer.stats().OverBudget;
  if (Verifier)
    Report.VerifyFailed = failed(Verifier->verify());
  return Report;
}

} // namespace fortran
} // namespace privateer
