//===- FortranEdits.cpp - Waits and barriers in Fortran spelling ----------===//
//
// Part of privateer. See FortranEdits.h. MLIR keeps the line of every
// statement and directive but not of end directives and clauses: those are
// found in the source text after the construct's last statement.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/FortranEdits.h"
#include "Constructs.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <vector>

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {

/// The source file's lines, without their line ends.
struct Source {
  std::string Path;
  std::vector<std::string> Lines;
  /// Fixed form (`.f`, `.for`, ...): directives start in column 1.
  bool FixedForm = false;
};

std::optional<Source> readSource(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  Source S;
  S.Path = Path.str();
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef L : Lines)
    S.Lines.push_back(L.rtrim('\r').str());
  std::string Lower = Path.lower();
  for (const char *Fixed : {".f", ".for", ".ftn", ".f77", ".fpp"})
    S.FixedForm |= llvm::StringRef(Lower).ends_with(Fixed);
  return S;
}

FileLineColLoc fileLocation(Location L) {
  return L->findInstanceOf<FileLineColLoc>();
}

/// The last source line of \p Op and the operations in it.
unsigned lastLine(Operation *Op) {
  unsigned Last = 0;
  Op->walk([&](Operation *X) {
    if (FileLineColLoc At = fileLocation(X->getLoc()))
      Last = std::max(Last, At.getLine());
  });
  return Last;
}

/// The code of a line: before a `!` comment (the `!$omp` sentinel is code).
llvm::StringRef codeOf(llvm::StringRef Line) {
  llvm::StringRef Trimmed = Line.ltrim();
  size_t Start = Line.size() - Trimmed.size();
  if (Trimmed.starts_with_insensitive("!$omp"))
    Start += 5;
  size_t Bang = Line.find('!', Start);
  return Line.substr(0, Bang).rtrim();
}

/// Whether line \p Index (from 0) continues the statement of the line
/// before it, or is continued by the next.
bool continued(const Source &S, size_t Index) {
  if (Index > 0 && codeOf(S.Lines[Index - 1]).ends_with("&"))
    return true;
  return llvm::StringRef(S.Lines[Index]).ltrim().starts_with("&");
}

/// A line on its own before line \p Line (from 1) holding \p Directive,
/// indented as that line.
std::optional<TextEdit> lineBefore(const Source &S, unsigned Line,
                                   llvm::StringRef Directive,
                                   std::string &WhyNot) {
  if (Line == 0 || Line > S.Lines.size()) {
    WhyNot = "the statement's line was not found in the source";
    return std::nullopt;
  }
  if (continued(S, Line - 1)) {
    WhyNot = "the statement continues a line, where no directive can go";
    return std::nullopt;
  }
  llvm::StringRef Text = S.Lines[Line - 1];
  std::string Indent =
      S.FixedForm
          ? ""
          : Text.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
  TextEdit E;
  E.File = S.Path;
  E.Line = Line;
  E.Column = 1;
  E.Text = Indent + Directive.str() + "\n";
  return E;
}

/// The end directive's keyword for a construct that can end with
/// `nowait`.
llvm::StringRef endKeyword(Operation *Op) {
  if (isa<omp::WsloopOp>(Op))
    return "do";
  if (isa<omp::SingleOp>(Op))
    return "single";
  if (isa<omp::WorkshareOp>(Op))
    return "workshare";
  if (isa<omp::SectionsOp>(Op))
    return "sections";
  return "";
}

/// Whether \p Code (a line's code, lower case) is the directive `!$omp end
/// <Keyword>`.
bool isEndDirective(llvm::StringRef Code, llvm::StringRef Keyword) {
  llvm::SmallVector<llvm::StringRef> Words;
  llvm::StringRef(Code).split(Words, ' ', -1, false);
  return Words.size() >= 3 && Words[0] == "!$omp" && Words[1] == "end" &&
         Words[2] == Keyword;
}

/// The `nowait` of \p Construct in the source: on its end directive after
/// its last statement, or on its own directive (and their continuation
/// lines).
std::optional<TextEdit> removeNowait(Operation *Construct,
                                     std::string &WhyNot) {
  FileLineColLoc At = fileLocation(Construct->getLoc());
  llvm::StringRef Keyword = endKeyword(Construct);
  std::optional<Source> S;
  if (At && !Keyword.empty())
    S = readSource(At.getFilename().getValue());
  if (!S) {
    WhyNot = "the construct's source was not found";
    return std::nullopt;
  }
  // Lines to look at: the end directive first, then the construct's own.
  std::vector<size_t> Candidates;
  for (size_t K = lastLine(Construct); K < S->Lines.size(); ++K) {
    std::string Code = codeOf(S->Lines[K]).lower();
    if (isEndDirective(llvm::StringRef(Code).ltrim(), Keyword)) {
      Candidates.push_back(K);
      while (K + 1 < S->Lines.size() && codeOf(S->Lines[K]).ends_with("&"))
        Candidates.push_back(++K);
      break;
    }
  }
  for (size_t K = At.getLine() - 1; K < S->Lines.size(); ++K) {
    Candidates.push_back(K);
    if (!codeOf(S->Lines[K]).ends_with("&"))
      break;
  }
  for (size_t K : Candidates) {
    std::string Code = codeOf(S->Lines[K]).lower();
    size_t Start = 0;
    while ((Start = Code.find("nowait", Start)) != std::string::npos) {
      bool WordStart = Start == 0 || !llvm::isAlnum(Code[Start - 1]);
      bool WordEnd =
          Start + 6 >= Code.size() || !llvm::isAlnum(Code[Start + 6]);
      if (WordStart && WordEnd)
        break;
      Start += 6;
    }
    if (Start == std::string::npos)
      continue;
    // The clause and the blanks (and a comma) before it.
    size_t From = Start;
    while (From > 0 && (Code[From - 1] == ' ' || Code[From - 1] == '\t'))
      --From;
    if (From > 0 && Code[From - 1] == ',') {
      --From;
      while (From > 0 && (Code[From - 1] == ' ' || Code[From - 1] == '\t'))
        --From;
    }
    TextEdit E;
    E.File = S->Path;
    E.Line = K + 1;
    E.Column = From + 1;
    E.Length = Start + 6 - From;
    return E;
  }
  WhyNot = "the 'nowait' clause was not found in the source";
  return std::nullopt;
}

/// The ancestor of \p Op that is an operation of the team \p Team's own
/// block, or null.
Operation *topOf(Operation *Op, Operation *Team) {
  for (Operation *X = Op; X; X = X->getParentOp())
    if (X->getParentOp() == Team)
      return X;
  return nullptr;
}

/// A construct one thread runs with no barrier at its end, directly in a
/// team: `master`, `masked`, and `single` or `workshare` with nowait.
bool endsWithoutBarrier(Operation *Op) {
  if (isa<omp::MasterOp, omp::MaskedOp>(Op))
    return true;
  if (auto S = dyn_cast<omp::SingleOp>(Op))
    return S.getNowait();
  if (auto W = dyn_cast<omp::WorkshareOp>(Op))
    return W.getNowait();
  return false;
}

/// For a finding between code one thread runs and the team's other
/// accesses in one phase: the barrier (or the `nowait` removed) that
/// orders them.
EditOutcome barrierEdit(const Finding &F, const LocationTable &Locs,
                        TextEdit &Edit, std::string &WhyNot) {
  std::vector<Operation *> Ops;
  if (Operation *Op = Locs.operation(F.Where))
    Ops.push_back(Op);
  for (const Note &N : F.Notes)
    if (Operation *Op = Locs.operation(N.Where))
      Ops.push_back(Op);
  for (Operation *X : Ops) {
    Operation *Team = enclosingTeam(X);
    if (!isa_and_nonnull<omp::ParallelOp>(Team))
      continue;
    Operation *OneThread = topOf(X, Team);
    if (!OneThread || !endsWithoutBarrier(OneThread))
      continue;
    for (Operation *Y : Ops) {
      Operation *Other = topOf(Y, Team);
      if (!Other || Other == OneThread || OneThread->isAncestor(Y))
        continue;
      bool Before = OneThread->isBeforeInBlock(Other);
      Operation *First = Before ? OneThread : Other;
      Operation *Second = Before ? Other : OneThread;
      // A 'single' or 'workshare' ending with nowait: the barrier is the
      // one the clause removed.
      if (Before && !isa<omp::MasterOp, omp::MaskedOp>(OneThread)) {
        if (auto E = removeNowait(OneThread, WhyNot)) {
          Edit = *E;
          return EditOutcome::Made;
        }
        return EditOutcome::Declined;
      }
      FileLineColLoc At = fileLocation(Second->getLoc());
      std::optional<Source> S;
      if (At)
        S = readSource(At.getFilename().getValue());
      if (!S || At.getLine() <= lastLine(First)) {
        WhyNot = "the two constructs share a source line";
        return EditOutcome::Declined;
      }
      if (auto E = lineBefore(*S, At.getLine(), "!$omp barrier", WhyNot)) {
        Edit = *E;
        return EditOutcome::Made;
      }
      return EditOutcome::Declined;
    }
  }
  return EditOutcome::NotOrdering;
}

} // namespace

EditOutcome orderingEdit(const Finding &F, const LocationTable &Locs,
                         TextEdit &Edit, std::string &WhyNot) {
  if (F.Model != ProgrammingModelKind::Fortran)
    return EditOutcome::NotOrdering;
  switch (kindOf(F.Fix)) {
  case RemedyKind::WaitForCreatedWork: {
    Operation *Statement =
        Locs.operation(std::get<remedy::WaitForCreatedWork>(F.Fix).Before);
    Operation *Task = Locs.operation(F.Construct);
    if (Statement && Task && Statement->getBlock() != Task->getBlock()) {
      WhyNot = "the task was created by another task, and a '!$omp "
               "taskwait' waits for child tasks only: create the tasks in "
               "a '!$omp taskgroup' that ends before the statement";
      return EditOutcome::Declined;
    }
    FileLineColLoc At =
        Statement ? fileLocation(Statement->getLoc()) : FileLineColLoc();
    std::optional<Source> S;
    if (At)
      S = readSource(At.getFilename().getValue());
    if (!S) {
      WhyNot = "the statement that must wait has no line in the source";
      return EditOutcome::Declined;
    }
    if (auto E = lineBefore(*S, At.getLine(), "!$omp taskwait", WhyNot)) {
      Edit = *E;
      return EditOutcome::Made;
    }
    return EditOutcome::Declined;
  }
  case RemedyKind::RestoreBarrier: {
    Operation *Construct =
        Locs.operation(std::get<remedy::RestoreBarrier>(F.Fix).Clause);
    if (!Construct) {
      WhyNot = "the construct with 'nowait' was not found";
      return EditOutcome::Declined;
    }
    if (auto E = removeNowait(Construct, WhyNot)) {
      Edit = *E;
      return EditOutcome::Made;
    }
    return EditOutcome::Declined;
  }
  case RemedyKind::NoFix: {
    NoFixReason Why = std::get<remedy::NoFix>(F.Fix).Why;
    if (Why == NoFixReason::WaitPlacement) {
      WhyNot = "the statement that must wait has no line of its own in the "
               "source";
      return EditOutcome::Declined;
    }
    // Findings with nothing to say about a fix: a one-thread construct's
    // missing barrier among them.
    if (F.Check == CheckId::SharedBuffer && Why == NoFixReason::Unstated)
      return barrierEdit(F, Locs, Edit, WhyNot);
    return EditOutcome::NotOrdering;
  }
  default:
    return EditOutcome::NotOrdering;
  }
}

} // namespace mlirfe
} // namespace privateer
