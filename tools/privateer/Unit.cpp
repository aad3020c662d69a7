//===- Unit.cpp - One translation unit through the engine -----------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Unit.h"
#include "ResultCache.h"

#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/Engine.h"
#include "privateer/Clang/FileWriter.h"
#include "privateer/Clang/SourceLoc.h"
#include "privateer/Clang/UnitWatch.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace privateer {
namespace cli {

ArgumentsAdjuster resourceDirAdjuster() {
  return [](const CommandLineArguments &Args, StringRef) {
    for (const std::string &A : Args)
      if (StringRef(A).starts_with("-resource-dir"))
        return Args;
    CommandLineArguments Adjusted(Args);
    Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                    "-resource-dir=" PRIVATEER_CLANG_RESOURCE_DIR);
    return Adjusted;
  };
}

namespace {

std::string pathOf(const SourceManager &SM, FileID FID) {
  OptionalFileEntryRef F = SM.getFileEntryRefForID(FID);
  if (!F)
    return "";
  // Names are relative to the compile command's directory, which is the
  // file manager's working directory.
  SmallString<256> Path(F->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

Position positionOf(const SourceManager &SM, SourceLocation L) {
  if (L.isInvalid())
    return {};
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getFileLoc(L));
  return {pathOf(SM, FID), Offset, SM.getLineNumber(FID, Offset),
          SM.getColumnNumber(FID, Offset)};
}

std::optional<Edit> editOf(const SourceManager &SM, const LangOptions &LO,
                           const FixItHint &H) {
  CharSourceRange R = Lexer::makeFileCharRange(H.RemoveRange, SM, LO);
  if (R.isInvalid())
    return std::nullopt;
  auto [BF, BO] = SM.getDecomposedLoc(R.getBegin());
  auto [EF, EO] = SM.getDecomposedLoc(R.getEnd());
  if (BF != EF || EO < BO)
    return std::nullopt;
  Edit E;
  E.Begin = {pathOf(SM, BF), BO, SM.getLineNumber(BF, BO),
             SM.getColumnNumber(BF, BO)};
  E.Length = EO - BO;
  E.EndLine = SM.getLineNumber(EF, EO);
  E.EndColumn = SM.getColumnNumber(EF, EO);
  E.Text = H.CodeToInsert;
  return E;
}

/// A fix is applied whole or not at all: no edits when one cannot be
/// expressed in a file.
std::vector<Edit> editsOf(const SourceManager &SM, const LangOptions &LO,
                          ArrayRef<FixItHint> Hints) {
  std::vector<Edit> Edits;
  for (const FixItHint &H : Hints) {
    std::optional<Edit> E = editOf(SM, LO, H);
    if (!E)
      return {};
    Edits.push_back(std::move(*E));
  }
  return Edits;
}

/// Why a finding is not reported in this run, if it is not.
enum class LeftOut { No, OffLines, InBaseline };

LeftOut leftOut(const RunContext &C, const Result &R) {
  if (C.Lines && !C.Lines->admits(R.Where.File, R.Where.Line))
    return LeftOut::OffLines;
  if (C.Base && C.Base->contains(R))
    return LeftOut::InBaseline;
  return LeftOut::No;
}

/// Records \p R as left out of \p Out for \p Why.
void leaveOut(UnitOutcome &Out, const Result &R, LeftOut Why) {
  (Why == LeftOut::OffLines ? Out.OffLines : Out.InBaseline).insert(R.key());
}

/// Prints the compiler's diagnostics of a unit into its outcome, all of
/// them and its errors alone (with their notes), counts its warnings and
/// remembers where it reported errors. As in clang-tidy, the compiler's
/// warnings are not privateer's findings: they are printed only when asked
/// for, and a unit that does not compile always says why.
class UnitPrinter : public TextDiagnosticPrinter {
public:
  UnitPrinter(raw_ostream &All, raw_ostream &Errors,
              DiagnosticOptions &DiagOpts, UnitOutcome &Out)
      : TextDiagnosticPrinter(All, DiagOpts), ErrorPrinter(Errors, DiagOpts),
        Out(Out) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    TextDiagnosticPrinter::BeginSourceFile(LO, PP);
    ErrorPrinter.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    TextDiagnosticPrinter::EndSourceFile();
    ErrorPrinter.EndSourceFile();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level != DiagnosticsEngine::Note)
      LastWasError = Level >= DiagnosticsEngine::Error;
    if (LastWasError)
      ErrorPrinter.HandleDiagnostic(Level, Info);
    Out.CompilerWarnings += Level == DiagnosticsEngine::Warning;
    if (Level < DiagnosticsEngine::Error)
      return;
    Out.Failed = true;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Out.FilesWithErrors.insert(
          positionOf(Info.getSourceManager(), Info.getLocation()).File);
  }

private:
  TextDiagnosticPrinter ErrorPrinter;
  UnitOutcome &Out;
  bool LastWasError = false;
};

class UnitConsumer : public ASTConsumer {
public:
  UnitConsumer(CompilerInstance &CI, const RunContext &C, UnitOutcome &Out,
               UnitData &Data)
      : CI(CI), C(C), Out(Out), Data(Data),
        Watch(CI.getPreprocessor(), CI.getLangOpts()) {
    // The unit's #include lines, where fixes add theirs.
    CI.getPreprocessor().addPPCallbacks(
        Includes.recorder(CI.getSourceManager()));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  Result resultOf(const clangfe::Report &Rep, ArrayRef<FixItHint> Owned,
                  bool AsError, ASTContext &Ctx);
  /// The fingerprint of \p R: which of the identical findings before it in
  /// this unit it is.
  std::string fingerprintOf(const Result &R);

  CompilerInstance &CI;
  const RunContext &C;
  UnitOutcome &Out;
  UnitData &Data;
  clangfe::UnitWatch Watch;
  clangfe::IncludeDirectives Includes;
  std::map<std::string, unsigned> Occurrences;
};

std::string UnitConsumer::fingerprintOf(const Result &R) {
  std::string Rel = relativeTo(R.Where.File, C.SourceRoot);
  if (Rel.empty())
    Rel = R.Where.File;
  std::string Identity = R.Check + '\0' + Rel + '\0' + R.Message + '\0' +
                         StringRef(R.SourceLine).trim().str();
  return fingerprint(R.Check, Rel, R.Message, R.SourceLine,
                     Occurrences[Identity]++);
}

Result UnitConsumer::resultOf(const clangfe::Report &Rep,
                              ArrayRef<FixItHint> Owned, bool AsError,
                              ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  Result R;
  R.Check = checkName(Rep.F.Check);
  R.Message = Rep.F.Message;
  R.AsError = AsError;
  SourceLocation Where = clangfe::fromLoc(Rep.F.Where);
  R.Where = positionOf(SM, Where);
  for (const Note &N : Rep.F.Notes)
    R.Notes.push_back({positionOf(SM, clangfe::fromLoc(N.Where)), N.Message});
  if (!Rep.whyNoFixNote().empty())
    R.Notes.push_back({R.Where, Rep.whyNoFixNote()});
  R.Edits = editsOf(SM, Ctx.getLangOpts(), Owned);
  R.ShownEdits = editsOf(SM, Ctx.getLangOpts(), Rep.Fixes);
  SourceLocation Line = SM.getFileLoc(Where);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Line), &Invalid);
  if (!Invalid) {
    size_t Begin = clangfe::lineStart(Buffer, SM.getFileOffset(Line));
    R.SourceLine =
        Buffer.substr(Begin).take_until([](char C) { return C == '\n'; }).str();
  }
  R.BuildDirectory = CI.getFileManager()
                         .getVirtualFileSystem()
                         .getCurrentWorkingDirectory()
                         .get();
  R.Fingerprint = fingerprintOf(R);
  return R;
}

void UnitConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  // An AST with errors is incomplete: silence beats guesses.
  if (Diags.hasErrorOccurred()) {
    Out.Failed = true;
    return;
  }
  // Unlike the plugin's, the CLI's findings are not the compile's
  // warnings: -w in a compile command does not hide them.
  clangfe::DiagnosticReporter Reporter(Diags, C.Opts);
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<clangfe::IgnoredCode> Notice;
  if (C.Opts.Checks.enablesAny())
    Notice = Watch.notice();
  if (Notice)
    Data.Notice = NoteOut{positionOf(SM, Notice->Where), Notice->Message};
  clangfe::UnitSummary Summary;
  std::vector<clangfe::Report> Reports =
      clangfe::analyze(Ctx, C.Opts, Includes, &Summary);
  Data.HeldBackMay = Summary.HeldBackWhere;
  Data.Undecided = Summary.Undecided;
  for (const ConstructAccount &A : Summary.Constructs) {
    Position Where = positionOf(SM, clangfe::fromLoc(A.Where));
    // The file's absolute name: the same header's construct from every
    // unit.
    SmallString<256> Path(Where.File);
    sys::fs::make_absolute(Path);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Where.File = Path.str().str();
    Data.Constructs.push_back(
        {std::move(Where), A.Construct, describe(A.Verdict), A.Reason});
  }
  // What the source silences where it is (`#pragma clang diagnostic
  // ignored "-Weverything"`) is not reported, fixed or logged, as in the
  // plugin; the command line's -w and -Wno-everything quiet the compiler
  // alone.
  erase_if(Reports, [&](const clangfe::Report &R) {
    return Reporter.silencedInSource(R);
  });
  bool AsError = C.Opts.Werror == Options::ErrorMode::Always ||
                 (C.Opts.Werror == Options::ErrorMode::FollowCompiler &&
                  Diags.getWarningsAsErrors());
  std::vector<std::vector<FixItHint>> Owned =
      clangfe::assignMergedEdits(Reports, SM);
  std::vector<LeftOut> Why;
  for (size_t I = 0; I < Reports.size(); ++I) {
    Result R = resultOf(Reports[I], Owned[I], AsError, Ctx);
    Data.EditsIndependent &= R.Edits == R.ShownEdits;
    Why.push_back(leftOut(C, R));
    Data.Results.push_back(std::move(R));
  }
  // A reported finding must not carry a clause merged from one that is left
  // out: the edits are merged again among the reported ones.
  std::vector<clangfe::Report> Kept;
  std::vector<size_t> KeptIndex;
  for (size_t I = 0; I < Reports.size(); ++I) {
    if (Why[I] != LeftOut::No) {
      leaveOut(Out, Data.Results[I], Why[I]);
      continue;
    }
    Kept.push_back(Reports[I]);
    KeptIndex.push_back(I);
  }
  bool SomeLeftOut = Kept.size() != Reports.size();
  std::vector<std::vector<FixItHint>> KeptOwned;
  if (SomeLeftOut)
    KeptOwned = clangfe::assignMergedEdits(Kept, SM);
  for (size_t J = 0; J < KeptIndex.size(); ++J) {
    Result R = Data.Results[KeptIndex[J]];
    if (SomeLeftOut)
      R.Edits = editsOf(SM, Ctx.getLangOpts(), KeptOwned[J]);
    Out.Results.push_back(std::move(R));
  }
}

class UnitAction : public ASTFrontendAction {
public:
  UnitAction(const RunContext &C, UnitOutcome &Out, UnitData &Data)
      : C(C), Out(Out), Data(Data) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // "N warnings generated." counts for the unit alone, and parallel
    // units would interleave it on a shared stream; the summary counts.
    CI.setVerboseOutputStream(std::make_unique<raw_null_ostream>());
    // `-Wno-privateer-...` in the compile command means something clang
    // cannot do for privateer: the unit fails with what to write instead.
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    bool Mistaken = false;
    for (const std::string &Flag : CI.getDiagnosticOpts().Warnings) {
      std::string Error = warningOptionError(Flag, "--");
      if (Error.empty())
        continue;
      Diags.Report(
          Diags.getCustomDiagID(DiagnosticsEngine::Error, "privateer: %0"))
          << Error;
      Mistaken = true;
    }
    if (Mistaken)
      return std::make_unique<ASTConsumer>();
    return std::make_unique<UnitConsumer>(CI, C, Out, Data);
  }

private:
  const RunContext &C;
  UnitOutcome &Out;
  UnitData &Data;
};

class UnitActionFactory : public FrontendActionFactory {
public:
  UnitActionFactory(const RunContext &C, UnitOutcome &Out, UnitData &Data)
      : C(C), Out(Out), Data(Data) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<UnitAction>(C, Out, Data);
  }

private:
  const RunContext &C;
  UnitOutcome &Out;
  UnitData &Data;
};

/// One compile command of a file, as a database of its own.
class OneCommand : public CompilationDatabase {
public:
  explicit OneCommand(CompileCommand C) : C(std::move(C)) {}
  std::vector<CompileCommand> getCompileCommands(StringRef) const override {
    return {C};
  }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return {C};
  }

private:
  CompileCommand C;
};

/// The outcome of a cached unit in this run; none when a finding left out
/// may have merged edits with a reported one (the unit is analysed again to
/// merge them among the reported ones alone).
std::optional<UnitOutcome> fromCache(const RunContext &C,
                                     const std::string &File, UnitData Data) {
  UnitOutcome Out;
  Out.File = File;
  Out.Cached = true;
  Out.Prelude = std::move(Data.Prelude);
  Out.CompilerWarnings = Data.CompilerWarnings;
  Out.Notice = std::move(Data.Notice);
  Out.HeldBackMay = Data.HeldBackMay;
  Out.Undecided = Data.Undecided;
  Out.Constructs = Data.Constructs;
  for (Result &R : Data.Results) {
    LeftOut Why = leftOut(C, R);
    if (Why == LeftOut::No)
      Out.Results.push_back(std::move(R));
    else
      leaveOut(Out, R, Why);
  }
  bool SomeLeftOut = Out.Results.size() != Data.Results.size();
  if (SomeLeftOut && !Out.Results.empty() && !Data.EditsIndependent)
    return std::nullopt;
  return Out;
}

} // namespace

UnitOutcome analyseUnit(const RunContext &C, const std::string &File) {
  std::vector<CompileCommand> Commands = C.DB.getCompileCommands(File);
  std::optional<std::string> Key;
  if (C.Cache) {
    Key = C.Cache->keyFor(C.DB, File);
    if (Key)
      if (std::optional<UnitData> Data = C.Cache->load(*Key))
        if (std::optional<UnitOutcome> Out =
                fromCache(C, File, std::move(*Data))) {
          Out->Commands = Commands.size();
          return std::move(*Out);
        }
  }
  UnitOutcome Out;
  UnitData Data;
  Out.File = File;
  Out.Commands = Commands.size();
  raw_string_ostream Text(Out.Prelude), ErrorText(Out.Errors);
  // A file the database does not list is compiled with flags borrowed
  // from a neighbour's entry: say which, since they may not be its own.
  if (Commands.size() == 1 && !Commands[0].Heuristic.empty()) {
    std::string Note = "privateer: note: '" + File +
                       "' is not in the compilation database; analysed with "
                       "a command " +
                       Commands[0].Heuristic + ": '" +
                       join(Commands[0].CommandLine, " ") + "'\n";
    Text << Note;
    ErrorText << Note;
  }
  DiagnosticOptions DiagOpts;
  UnitPrinter Printer(Text, ErrorText, DiagOpts, Out);
  // Each unit gets its own view of the file system: the shared real one
  // would chdir the whole process into one unit's build directory while
  // another unit resolves its relative paths. Each compile command runs
  // alone: ClangTool prints "[1/1] (1/2) Processing file ..." for a file
  // with several (one per target that builds it), which is no finding.
  UnitActionFactory Factory(C, Out, Data);
  bool ToolFailed = false;
  auto Run = [&](const CompilationDatabase &DB) {
    ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(),
                   vfs::createPhysicalFileSystem());
    Tool.setPrintErrorMessage(false);
    Tool.setDiagnosticConsumer(&Printer);
    Tool.appendArgumentsAdjuster(resourceDirAdjuster());
    ToolFailed |= Tool.run(&Factory) != 0;
  };
  if (Commands.size() <= 1)
    Run(C.DB);
  else
    for (CompileCommand &Command : Commands)
      Run(OneCommand(std::move(Command)));
  if (ToolFailed) {
    Out.Failed = true;
    if (Out.Errors.empty()) {
      std::string Why = "privateer: error: cannot analyse '" + File +
                        "' (no compile command, or the compiler failed)\n";
      Text << Why;
      ErrorText << Why;
    }
  }
  Text.flush();
  ErrorText.flush();
  Data.Prelude = Out.Prelude;
  Data.CompilerWarnings = Out.CompilerWarnings;
  Out.Notice = Data.Notice;
  Out.HeldBackMay = Data.HeldBackMay;
  Out.Undecided = Data.Undecided;
  Out.Constructs = Data.Constructs;
  if (Key && !Out.Failed)
    C.Cache->store(*Key, Data);
  return Out;
}

} // namespace cli
} // namespace privateer
