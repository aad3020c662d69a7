//===- Privateer.cpp - The privateer command-line tool --------------------===//
//
// Part of privateer. A thin LibTooling front end for CI and bulk
// refactoring: runs the engine on the translation units of a compilation
// database (in parallel with -j), prints the reports as the plugin does,
// and writes what CI wants: merged fixes applied once per file (--fix),
// clang-apply-replacements YAML (--export-fixes) and SARIF (--sarif). A
// unit that fails to compile is reported and skipped, and no file with
// compile errors is ever edited. --diff and --line-filter keep only the
// findings on changed lines, in every output.
//
//===----------------------------------------------------------------------===//

#include "LineFilter.h"
#include "Output.h"

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/Engine.h"
#include "privateer/Clang/FileWriter.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;
using namespace privateer;
using namespace privateer::cli;

namespace {

cl::OptionCategory Category("privateer options");

cl::opt<unsigned> Jobs("j",
                       cl::desc("analyse N translation units in parallel "
                                "(default 1; 0: one per core)"),
                       cl::value_desc("N"), cl::init(1), cl::cat(Category));
cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("write the fixes as YAML for "
                         "clang-apply-replacements (the edits --fix makes)"),
                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Sarif("sarif",
                           cl::desc("write the findings as SARIF 2.1.0"),
                           cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("directory that SARIF locations are relative to "
                        "(default: the current directory)"),
               cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string>
    Diff("diff",
         cl::desc("report (and fix, and export) only the findings on lines "
                  "that 'git diff <rev>' adds or changes, in the git "
                  "repositories of the analysed files (tracked files only)"),
         cl::value_desc("rev"), cl::cat(Category));
cl::opt<std::string> LineFilterJson(
    "line-filter",
    cl::desc("report (and fix, and export) only the findings on these "
             "lines, in clang-tidy's format: "
             "'[{\"name\":\"file.c\",\"lines\":[[1,3],[5,5]]},"
             "{\"name\":\"file.h\"}]' (a name matches the end of a "
             "path; no \"lines\": all of its lines; a file not named: "
             "none)"),
    cl::value_desc("json"), cl::cat(Category));
cl::opt<bool> ExitZero("exit-zero",
                       cl::desc("exit with 0 even when there are findings "
                                "(tool and compile errors still give 2)"),
                       cl::cat(Category));

/// Sources Flang compiles and Clang does not (as gfortran names them).
bool isFortranSource(StringRef File) {
  std::string Ext = sys::path::extension(File).lower();
  return is_contained({".f", ".for", ".ftn", ".fpp", ".f77", ".f90", ".f95",
                       ".f03", ".f08", ".f18"},
                      StringRef(Ext));
}

const char Overview[] =
    "privateer: finds shared-buffer races and false sharing in parallel "
    "loops, and fixes them.\n\n"
    "  privateer -p <build dir> [files...]   (all files of "
    "compile_commands.json when none are named)\n"
    "  privateer [options] files... -- <compiler arguments>\n";

cl::extrahelp ExitCodes(
    "\nExit codes:\n"
    "  0  nothing found (or --exit-zero)\n"
    "  1  findings\n"
    "  2  a tool error, or a translation unit that did not compile (it is\n"
    "     reported and skipped; the others are analysed)\n");

/// Options.def's options as `--<name>` flags. An option LLVM itself already
/// registered (`--stats`) is read from LLVM's flag.
struct ListedOption {
  const OptionInfo *Info;
  std::unique_ptr<cl::opt<bool>> Flag;
  std::unique_ptr<cl::opt<std::string>> Value;
  cl::Option *Existing = nullptr;
};

/// Help text without the Markdown the README's table uses.
StringRef plainText(StringRef Markdown) {
  static std::deque<std::string> Texts;
  std::string Out;
  for (size_t I = 0; I < Markdown.size(); ++I) {
    char C = Markdown[I];
    if (C == '`')
      continue;
    if (C == ']' && I + 1 < Markdown.size() && Markdown[I + 1] == '(') {
      I = Markdown.find(')', I);
      if (I == StringRef::npos)
        break;
      continue;
    }
    if (C != '[')
      Out += C;
  }
  Texts.push_back(Out);
  return Texts.back();
}

std::vector<ListedOption> listOptions() {
  std::vector<ListedOption> Listed;
  auto &Registered = cl::getRegisteredOptions();
  for (const OptionInfo &O : allOptions()) {
    ListedOption L{&O, nullptr, nullptr, nullptr};
    StringRef ValueDesc = StringRef(O.Value).trim("[]=<>");
    if (O.Kind == OptionKind::ErrorMode)
      ValueDesc = "on|off";
    if (Registered.count(O.Name)) {
      L.Existing = Registered[O.Name];
      L.Existing->setDescription(plainText(O.Description));
      L.Existing->addCategory(Category);
      L.Existing->setHiddenFlag(cl::NotHidden);
    } else if (O.Kind == OptionKind::Flag)
      L.Flag = std::make_unique<cl::opt<bool>>(
          StringRef(O.Name), cl::desc(plainText(O.Description)),
          cl::cat(Category));
    else
      L.Value = std::make_unique<cl::opt<std::string>>(
          StringRef(O.Name), cl::desc(plainText(O.Description)),
          cl::value_desc(ValueDesc), cl::cat(Category),
          O.Kind == OptionKind::ErrorMode ? cl::ValueOptional
                                          : cl::ValueRequired);
    Listed.push_back(std::move(L));
  }
  return Listed;
}

/// What one translation unit gave.
struct UnitOutcome {
  std::string File;
  bool Failed = false;
  /// Its diagnostics as printed (compile errors and findings).
  std::string Text;
  std::vector<Result> Results;
  /// Files where the compiler reported errors: never edited.
  std::set<std::string> FilesWithErrors;
  /// Findings left out by --diff or --line-filter (Result::key()s).
  std::set<std::string> Unreported;
  /// Unproven ("may") findings held back (no --report-may).
  unsigned HeldBackMay = 0;
};

/// Findings already printed by some unit (a shared header's finding is
/// printed once).
class PrintedOnce {
public:
  bool first(const std::string &Key) {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Keys.insert(Key).second;
  }

private:
  std::mutex Mutex;
  std::set<std::string> Keys;
};

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

/// Prints a unit's diagnostics into its outcome and remembers where the
/// compiler (not privateer, whose findings may be errors under werror)
/// reported errors.
class UnitPrinter : public TextDiagnosticPrinter {
public:
  UnitPrinter(raw_ostream &OS, DiagnosticOptions &DiagOpts, UnitOutcome &Out)
      : TextDiagnosticPrinter(OS, DiagOpts), OS(OS), Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || Reporting)
      return;
    Out.Failed = true;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      Out.FilesWithErrors.insert(
          positionOf(Info.getSourceManager(), Info.getLocation()).File);
  }

  bool Reporting = false;
  raw_ostream &stream() { return OS; }

private:
  raw_ostream &OS;
  UnitOutcome &Out;
};

class UnitConsumer : public ASTConsumer {
public:
  UnitConsumer(CompilerInstance &CI, const Options &Opts,
               const LineFilter &Lines, UnitOutcome &Out, UnitPrinter &Printer,
               PrintedOnce &Printed)
      : CI(CI), Opts(Opts), Lines(Lines), Out(Out), Printer(Printer),
        Printed(Printed) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    // An AST with errors is incomplete: silence beats guesses.
    if (Diags.hasErrorOccurred()) {
      Out.Failed = true;
      return;
    }
    clangfe::DiagnosticReporter Reporter(Diags, Opts);
    if (!Reporter.enabled())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    clangfe::UnitSummary Summary;
    std::vector<clangfe::Report> Reports =
        clangfe::analyze(Ctx, Opts, Includes, &Summary);
    Out.HeldBackMay = Summary.HeldBackMay;
    // Before the edits are merged: a kept finding must not carry a clause
    // merged from one that is not reported.
    erase_if(Reports, [&](const clangfe::Report &Rep) {
      Position P = positionOf(SM, clangfe::fromLoc(Rep.F.Where));
      if (Lines.admits(P.File, P.Line))
        return false;
      Result Left;
      Left.Check = checkName(Rep.F.Check);
      Left.Message = Rep.F.Message;
      Left.Where = P;
      Out.Unreported.insert(Left.key());
      return true;
    });
    std::vector<std::vector<FixItHint>> Owned =
        privateer::clangfe::assignMergedEdits(Reports, SM);
    bool AsError = Opts.Werror == Options::ErrorMode::Always ||
                   (Opts.Werror == Options::ErrorMode::FollowCompiler &&
                    Diags.getWarningsAsErrors());
    Printer.Reporting = true;
    for (size_t I = 0; I < Reports.size(); ++I) {
      const clangfe::Report &Rep = Reports[I];
      Result R;
      R.Check = checkName(Rep.F.Check);
      R.Message = Rep.F.Message;
      R.AsError = AsError;
      SourceLocation Where = clangfe::fromLoc(Rep.F.Where);
      R.Where = positionOf(SM, Where);
      for (const Note &N : Rep.F.Notes)
        R.Notes.push_back(
            {positionOf(SM, clangfe::fromLoc(N.Where)), N.Message});
      if (!Rep.whyNoFixNote().empty())
        R.Notes.push_back({R.Where, Rep.whyNoFixNote()});
      // A fix is applied whole or not at all.
      for (const FixItHint &H : Owned[I]) {
        std::optional<Edit> E = editOf(SM, Ctx.getLangOpts(), H);
        if (!E) {
          R.Edits.clear();
          break;
        }
        R.Edits.push_back(std::move(*E));
      }
      SourceLocation Line = SM.getFileLoc(Where);
      bool Invalid = false;
      StringRef Buffer = SM.getBufferData(SM.getFileID(Line), &Invalid);
      if (!Invalid) {
        size_t Begin = clangfe::lineStart(Buffer, SM.getFileOffset(Line));
        R.SourceLine = Buffer.substr(Begin)
                           .take_until([](char C) { return C == '\n'; })
                           .str();
      }
      R.BuildDirectory = CI.getFileManager()
                             .getVirtualFileSystem()
                             .getCurrentWorkingDirectory()
                             .get();
      if (Printed.first(R.key()))
        Reporter.report(Rep);
      Out.Results.push_back(std::move(R));
    }
    Printer.Reporting = false;
  }

  /// The unit's #include lines, recorded as it is preprocessed.
  clangfe::IncludeDirectives Includes;

private:
  CompilerInstance &CI;
  const Options &Opts;
  const LineFilter &Lines;
  UnitOutcome &Out;
  UnitPrinter &Printer;
  PrintedOnce &Printed;
};

class UnitAction : public ASTFrontendAction {
public:
  UnitAction(const Options &Opts, const LineFilter &Lines, UnitOutcome &Out,
             UnitPrinter &Printer, PrintedOnce &Printed)
      : Opts(Opts), Lines(Lines), Out(Out), Printer(Printer), Printed(Printed) {
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // "N warnings generated." goes with the unit's other output, not to a
    // stderr that parallel units share.
    CI.setVerboseOutputStream(Printer.stream());
    auto Consumer =
        std::make_unique<UnitConsumer>(CI, Opts, Lines, Out, Printer, Printed);
    CI.getPreprocessor().addPPCallbacks(
        Consumer->Includes.recorder(CI.getSourceManager()));
    return Consumer;
  }

private:
  const Options &Opts;
  const LineFilter &Lines;
  UnitOutcome &Out;
  UnitPrinter &Printer;
  PrintedOnce &Printed;
};

class UnitActionFactory : public FrontendActionFactory {
public:
  UnitActionFactory(const Options &Opts, const LineFilter &Lines,
                    UnitOutcome &Out, UnitPrinter &Printer,
                    PrintedOnce &Printed)
      : Opts(Opts), Lines(Lines), Out(Out), Printer(Printer), Printed(Printed) {
  }

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<UnitAction>(Opts, Lines, Out, Printer, Printed);
  }

private:
  const Options &Opts;
  const LineFilter &Lines;
  UnitOutcome &Out;
  UnitPrinter &Printer;
  PrintedOnce &Printed;
};

UnitOutcome runUnit(const CompilationDatabase &DB, const std::string &File,
                    const Options &Opts, const LineFilter &Lines,
                    PrintedOnce &Printed) {
  UnitOutcome Out;
  Out.File = File;
  raw_string_ostream Text(Out.Text);
  DiagnosticOptions DiagOpts;
  UnitPrinter Printer(Text, DiagOpts, Out);
  // Each unit gets its own view of the file system: the shared real one
  // would chdir the whole process into one unit's build directory while
  // another unit resolves its relative paths.
  ClangTool Tool(DB, {File}, std::make_shared<PCHContainerOperations>(),
                 vfs::createPhysicalFileSystem());
  Tool.setPrintErrorMessage(false);
  Tool.setDiagnosticConsumer(&Printer);
  // The compiler's own headers (stddef.h, omp.h), unless the command names
  // a resource directory.
  Tool.appendArgumentsAdjuster([](const CommandLineArguments &Args, StringRef) {
    for (const std::string &A : Args)
      if (StringRef(A).starts_with("-resource-dir"))
        return Args;
    CommandLineArguments Adjusted(Args);
    Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                    "-resource-dir=" PRIVATEER_CLANG_RESOURCE_DIR);
    return Adjusted;
  });
  UnitActionFactory Factory(Opts, Lines, Out, Printer, Printed);
  if (Tool.run(&Factory) != 0) {
    Out.Failed = true;
    if (Out.Text.empty())
      Text << "privateer: error: cannot analyse '" << File
           << "' (no compile command, or the compiler failed)\n";
  }
  Text.flush();
  return Out;
}

bool overlaps(const Edit &A, const Edit &B) {
  if (A.Begin.File != B.Begin.File)
    return false;
  unsigned AB = A.Begin.Offset, AE = AB + A.Length;
  unsigned BB = B.Begin.Offset, BE = BB + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return AB == BB;
  if (A.Length == 0)
    return BB < AB && AB < BE;
  if (B.Length == 0)
    return AB < BB && BB < AE;
  return AB < BE && BB < AE;
}

/// Keeps each finding once (the first unit, in the order the files were
/// named, wins) and the edits every output applies: a finding's fix whole
/// or not at all, never in a file with compile errors, never overlapping
/// an edit already taken, and the same edit of a shared header once.
std::vector<Result> keptResults(std::vector<UnitOutcome> &Outcomes,
                                std::vector<Edit> &Accepted) {
  std::set<std::string> ErrorFiles;
  for (const UnitOutcome &U : Outcomes) {
    if (U.Failed)
      ErrorFiles.insert(U.File);
    ErrorFiles.insert(U.FilesWithErrors.begin(), U.FilesWithErrors.end());
  }
  std::vector<Result> Kept;
  std::set<std::string> Keys;
  for (UnitOutcome &U : Outcomes)
    for (Result &R : U.Results) {
      if (!Keys.insert(R.key()).second)
        continue;
      bool Applicable = true;
      for (const Edit &E : R.Edits) {
        Applicable &= !ErrorFiles.count(E.Begin.File);
        for (const Edit &A : Accepted)
          Applicable &= A == E || !overlaps(A, E);
      }
      std::vector<Edit> Own;
      for (const Edit &E : Applicable ? R.Edits : std::vector<Edit>())
        if (std::find(Accepted.begin(), Accepted.end(), E) == Accepted.end()) {
          Accepted.push_back(E);
          Own.push_back(E);
        }
      R.Edits = std::move(Own);
      Kept.push_back(std::move(R));
    }
  return Kept;
}

/// Writes \p Edits to their files with the engine's atomic writer; returns
/// the errors.
std::vector<std::string> applyEdits(ArrayRef<Edit> Edits) {
  FileManager FM{FileSystemOptions()};
  DiagnosticOptions DiagOpts;
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts,
                          new IgnoringDiagConsumer());
  SourceManager SM(Diags, FM);
  std::map<std::string, FileID> Files;
  std::vector<FixItHint> Hints;
  std::vector<std::string> Errors;
  for (const Edit &E : Edits) {
    auto It = Files.find(E.Begin.File);
    if (It == Files.end()) {
      Expected<FileEntryRef> F = FM.getFileRef(E.Begin.File);
      if (!F) {
        Errors.push_back("cannot read '" + E.Begin.File +
                         "': " + toString(F.takeError()));
        Files[E.Begin.File] = FileID();
        continue;
      }
      It = Files
               .emplace(E.Begin.File,
                        SM.createFileID(*F, SourceLocation(), SrcMgr::C_User))
               .first;
    }
    if (It->second.isInvalid())
      continue;
    SourceLocation B =
        SM.getLocForStartOfFile(It->second).getLocWithOffset(E.Begin.Offset);
    Hints.push_back(E.Length == 0 ? FixItHint::CreateInsertion(B, E.Text)
                                  : FixItHint::CreateReplacement(
                                        CharSourceRange::getCharRange(
                                            B, B.getLocWithOffset(E.Length)),
                                        E.Text));
  }
  for (std::string &Error : clangfe::writeEdits(Hints, SM, LangOptions()))
    Errors.push_back(std::move(Error));
  return Errors;
}

bool writeFile(StringRef Path, function_ref<void(raw_ostream &)> Write) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_TextWithCRLF);
  if (EC) {
    errs() << "privateer: error: cannot write '" << Path
           << "': " << EC.message() << "\n";
    return false;
  }
  Write(OS);
  return true;
}

} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  std::vector<ListedOption> Listed = listOptions();
  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::ZeroOrMore, Overview);
  if (!Parser) {
    errs() << "privateer: error: " << toString(Parser.takeError()) << "\n";
    return 2;
  }

  // With no files named, CommonOptionsParser loads no database: load the
  // one -p names (or the current directory's) and parse again as if its
  // files had been named, so that --extra-arg and the rest still apply.
  std::vector<std::string> Files = Parser->getSourcePathList();
  std::vector<std::string> Args(argv, argv + argc);
  std::vector<const char *> NewArgv;
  if (Files.empty()) {
    auto *BuildPath =
        static_cast<cl::opt<std::string> *>(cl::getRegisteredOptions()["p"]);
    std::string Dir = BuildPath && !BuildPath->empty() ? std::string(*BuildPath)
                                                       : std::string(".");
    std::string Error;
    std::unique_ptr<CompilationDatabase> DB =
        CompilationDatabase::autoDetectFromDirectory(Dir, Error);
    if (!DB) {
      errs() << "privateer: error: " << Error << "\n";
      return 2;
    }
    Files = DB->getAllFiles();
    // Fortran entries are privateer-fortran's (Flang, then the MLIR pass):
    // Clang cannot compile them.
    size_t Fortran = Files.size();
    erase_if(Files, isFortranSource);
    Fortran -= Files.size();
    if (Fortran)
      errs() << "privateer: " << Fortran << " Fortran file"
             << (Fortran == 1 ? "" : "s") << " left out (privateer-fortran -p "
             << Dir << " analyses them)\n";
    auto DashDash = std::find(Args.begin(), Args.end(), "--");
    Args.insert(DashDash, Files.begin(), Files.end());
    for (const std::string &A : Args)
      NewArgv.push_back(A.c_str());
    int NewArgc = NewArgv.size();
    Parser = CommonOptionsParser::create(NewArgc, NewArgv.data(), Category,
                                         cl::ZeroOrMore, Overview);
    if (!Parser) {
      errs() << "privateer: error: " << toString(Parser.takeError()) << "\n";
      return 2;
    }
  }
  Options Opts;
  for (const ListedOption &L : Listed) {
    std::string Word = L.Info->Name;
    if (L.Flag ? !*L.Flag
               : (L.Value ? !L.Value->getNumOccurrences()
                          : !L.Existing->getNumOccurrences()))
      continue;
    if (L.Value && !L.Value->empty())
      Word += "=" + *L.Value;
    std::string Error;
    if (!Opts.apply(Word, Error)) {
      errs() << "privateer: error: " << Error << "\n";
      return 2;
    }
  }
  for (const std::string &Glob : Opts.Checks.unmatchedGlobs())
    errs() << "privateer: warning: check glob '" << Glob
           << "' matches no check\n";

  {
    std::set<std::string> Seen;
    std::vector<std::string> Unique;
    for (std::string &F : Files) {
      SmallString<256> Abs(F);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, true);
      if (Seen.insert(Abs.str().str()).second)
        Unique.push_back(Abs.str().str());
    }
    Files = std::move(Unique);
  }
  if (Files.empty()) {
    errs() << "privateer: error: no files to analyse (name them, or give -p "
              "a build directory with a compile_commands.json)\n";
    return 2;
  }

  LineFilter Lines;
  bool Filtered = false;
  if (LineFilterJson.getNumOccurrences()) {
    Expected<LineFilter> F = LineFilter::fromJson(LineFilterJson);
    if (!F) {
      errs() << "privateer: error: " << toString(F.takeError()) << "\n";
      return 2;
    }
    Lines.intersect(std::move(*F));
    Filtered = true;
  }
  if (Diff.getNumOccurrences()) {
    Expected<LineFilter> F = LineFilter::fromGitDiff(Diff, Files);
    if (!F) {
      errs() << "privateer: error: " << toString(F.takeError()) << "\n";
      return 2;
    }
    Lines.intersect(std::move(*F));
    Filtered = true;
  }

  // Each unit's output is printed whole, as soon as it is done.
  std::vector<UnitOutcome> Outcomes(Files.size());
  PrintedOnce Printed;
  std::mutex OutputMutex;
  unsigned Done = 0;
  bool Progress = Files.size() > 1 && sys::Process::StandardErrIsDisplayed();
  {
    DefaultThreadPool Pool(hardware_concurrency(Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] {
        Outcomes[I] =
            runUnit(Parser->getCompilations(), Files[I], Opts, Lines, Printed);
        std::lock_guard<std::mutex> Lock(OutputMutex);
        outs() << Outcomes[I].Text;
        outs().flush();
        ++Done;
        if (Progress)
          errs() << "\rprivateer: [" << Done << "/" << Files.size() << "] "
                 << sys::path::filename(Files[I]) << "\x1b[K";
      });
    Pool.wait();
  }
  if (Progress)
    errs() << "\r\x1b[K";

  std::vector<Edit> Accepted;
  std::vector<Result> Kept = keptResults(Outcomes, Accepted);
  unsigned Failed = 0;
  std::set<std::string> Unreported;
  unsigned HeldBackMay = 0;
  for (const UnitOutcome &U : Outcomes) {
    Failed += U.Failed;
    HeldBackMay += U.HeldBackMay;
    Unreported.insert(U.Unreported.begin(), U.Unreported.end());
  }
  bool ToolError = false;

  if (!ExportFixes.empty())
    ToolError |= !writeFile(
        ExportFixes, [&](raw_ostream &OS) { writeExportFixes(OS, Kept); });
  if (!Sarif.empty()) {
    SmallString<256> Root(SourceRoot);
    if (Root.empty())
      sys::fs::current_path(Root);
    sys::fs::make_absolute(Root);
    sys::path::remove_dots(Root, true);
    ToolError |= !writeFile(Sarif, [&](raw_ostream &OS) {
      writeSarif(OS, Kept, Root, PRIVATEER_DOCS_URL);
    });
  }
  // After the logs: SARIF describes (and reads, for its columns) the source
  // the findings are about.
  if (Opts.Fix)
    for (const std::string &Error : applyEdits(Accepted)) {
      errs() << "privateer: error: " << Error << "\n";
      ToolError = true;
    }

  std::set<std::string> FixedFiles;
  for (const Edit &E : Accepted)
    FixedFiles.insert(E.Begin.File);
  errs() << "privateer: " << Files.size() << " translation unit"
         << (Files.size() == 1 ? "" : "s") << ", " << Kept.size() << " finding"
         << (Kept.size() == 1 ? "" : "s");
  if (Filtered)
    errs() << " (" << Unreported.size() << " not on the chosen lines)";
  if (HeldBackMay)
    errs() << ", " << HeldBackMay << " unproven ('may') held back"
           << " (--report-may shows them)";
  if (Opts.Fix)
    errs() << ", fixes written to " << FixedFiles.size() << " file"
           << (FixedFiles.size() == 1 ? "" : "s");
  if (Failed)
    errs() << ", " << Failed << " failed to compile (skipped)";
  errs() << "\n";

  if (Failed || ToolError)
    return 2;
  return Kept.empty() || ExitZero ? 0 : 1;
}
