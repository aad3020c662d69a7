//===- Privateer.cpp - The privateer command-line tool --------------------===//
//
// Part of privateer. A thin LibTooling front end for CI and bulk
// refactoring: runs the engine on the translation units of a compilation
// database (in parallel, one per core by default), prints the reports as
// the plugin does, in the order the files were named, and writes what CI
// wants: merged fixes applied once per file (--fix), clang-apply-replacements
// YAML (--export-fixes) and SARIF (--sarif). A unit that fails to compile is
// reported and skipped, and no file with compile errors is ever edited.
// --diff and --line-filter keep only the findings on changed lines, and
// --baseline only those not accepted before, in every output; --cache-dir
// skips the units that have not changed since a run that analysed them.
// Every mistake on the command line stops the run before the analysis.
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"
#include "FindingPrinter.h"
#include "LineFilter.h"
#include "Output.h"
#include "OutputFile.h"
#include "ResultCache.h"
#include "Unit.h"

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/FileWriter.h"
#include "privateer/Support/Version.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <condition_variable>
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
                                "(default 0: one per core)"),
                       cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<bool> Progress("progress",
                       cl::desc("print '[12/40] file.c' on stderr as each "
                                "unit is done (default: when stderr is a "
                                "terminal; --progress=false: never)"),
                       cl::cat(Category));
cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("write the fixes as YAML for "
                         "clang-apply-replacements (the edits --fix makes)"),
                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> Sarif("sarif",
                           cl::desc("write the findings as SARIF 2.1.0"),
                           cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("directory that SARIF locations and fingerprints are relative "
             "to, the %SRCROOT% base (default: the git top-level of the "
             "analysed files, else the directory that holds them all)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> WriteBaseline(
    "write-baseline",
    cl::desc("record the findings of this run by their fingerprints in "
             "<file>, for --baseline (findings then exit 0)"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("report (and fix, and export) only the findings that are not "
             "in <file>, which --write-baseline wrote; the summary says how "
             "many it left out"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("keep each unit's result in <dir> and skip the units whose "
             "files, compile command and options are unchanged since a run "
             "that analysed them"),
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
cl::opt<bool> CompilerWarnings(
    "compiler-warnings",
    cl::desc("also print the compiler's own warnings of each unit (by "
             "default only privateer's findings and the errors of a unit "
             "that does not compile are printed; -w or -Wno-everything in "
             "a compile command quiet the compiler, never the findings)"),
    cl::cat(Category));
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

/// Options.def's Markdown descriptions as plain text, kept alive for cl.
StringRef plainHelp(StringRef Markdown) {
  static std::deque<std::string> Texts;
  Texts.push_back(plainText(Markdown.str()));
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
      L.Existing->setDescription(plainHelp(O.Description));
      L.Existing->addCategory(Category);
      L.Existing->setHiddenFlag(cl::NotHidden);
    } else if (O.Kind == OptionKind::Flag)
      L.Flag = std::make_unique<cl::opt<bool>>(
          StringRef(O.Name), cl::desc(plainHelp(O.Description)),
          cl::cat(Category));
    else
      L.Value = std::make_unique<cl::opt<std::string>>(
          StringRef(O.Name), cl::desc(plainHelp(O.Description)),
          cl::value_desc(ValueDesc), cl::cat(Category),
          O.Kind == OptionKind::ErrorMode ? cl::ValueOptional
                                          : cl::ValueRequired);
    Listed.push_back(std::move(L));
  }
  return Listed;
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

/// The edits taken so far, by file and offset: a log of thousands of
/// findings in one file must not compare every edit with every other.
class EditLedger {
public:
  /// Whether \p E may be taken: it is one already taken, or overlaps none.
  bool admits(const Edit &E) const {
    auto F = Files.find(E.Begin.File);
    if (F == Files.end())
      return true;
    const PerFile &P = F->second;
    unsigned From = E.Begin.Offset > P.Longest ? E.Begin.Offset - P.Longest : 0;
    for (auto It = P.ByOffset.lower_bound(From),
              End = P.ByOffset.upper_bound(E.Begin.Offset + E.Length);
         It != End; ++It)
      if (!(*It->second == E) && overlaps(*It->second, E))
        return false;
    return true;
  }
  /// Takes \p E; false when the same edit was taken before.
  bool take(const Edit &E) {
    PerFile &P = Files[E.Begin.File];
    auto Range = P.ByOffset.equal_range(E.Begin.Offset);
    for (auto It = Range.first; It != Range.second; ++It)
      if (*It->second == E)
        return false;
    Taken.push_back(E);
    P.ByOffset.emplace(E.Begin.Offset, &Taken.back());
    P.Longest = std::max(P.Longest, E.Length);
    return true;
  }
  const std::deque<Edit> &edits() const { return Taken; }

private:
  struct PerFile {
    std::multimap<unsigned, const Edit *> ByOffset;
    unsigned Longest = 0;
  };
  std::map<std::string, PerFile> Files;
  std::deque<Edit> Taken;
};

/// Keeps each finding once (the first unit, in the order the files were
/// named, wins) and the edits every output applies: a finding's fix whole
/// or not at all, never in a file with compile errors, never overlapping
/// an edit already taken, and the same edit of a shared header once.
std::vector<Result> keptResults(std::vector<UnitOutcome> &Outcomes,
                                EditLedger &Ledger) {
  std::set<std::string> ErrorFiles;
  for (const UnitOutcome &U : Outcomes) {
    if (U.Failed)
      ErrorFiles.insert(U.File);
    ErrorFiles.insert(U.FilesWithErrors.begin(), U.FilesWithErrors.end());
  }
  std::vector<Result> Kept;
  std::set<std::string> Keys;
  for (UnitOutcome &U : Outcomes) {
    for (Result &R : U.Results) {
      if (!Keys.insert(R.key()).second)
        continue;
      bool Applicable = llvm::all_of(R.Edits, [&](const Edit &E) {
        return !ErrorFiles.count(E.Begin.File) && Ledger.admits(E);
      });
      std::vector<Edit> Own;
      for (const Edit &E : Applicable ? R.Edits : std::vector<Edit>())
        if (Ledger.take(E))
          Own.push_back(E);
      R.Edits = std::move(Own);
      Kept.push_back(std::move(R));
    }
    // What is kept is moved out; the unit's own copy is not needed again.
    U.Results.clear();
    U.Results.shrink_to_fit();
  }
  return Kept;
}

/// Writes \p Edits to their files with the engine's atomic writer; returns
/// the errors.
std::vector<std::string> applyEdits(const std::deque<Edit> &Edits) {
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

/// Says why the run stops before it analysed anything; exit code 2.
int toolError(const Twine &Message) {
  errs() << "privateer: error: " << Message << "\n";
  return 2;
}

void printToolVersion(raw_ostream &OS) {
  privateer::printVersion(OS, "privateer");
}

/// The files to analyse, named on the command line or all of the database,
/// and the parser whose compilation database holds their commands.
struct Inputs {
  std::unique_ptr<CommonOptionsParser> Parser;
  std::vector<std::string> Files;
  /// Kept alive for the second parse's argv.
  std::vector<std::string> Args;
  std::vector<const char *> Argv;
};

/// What command-line parsing said was wrong, as one message: LLVM's
/// parser prefixes each of its lines with the program's name, which
/// toolError adds once.
std::string parseErrorMessage(Error E) {
  std::string Text = toString(std::move(E));
  SmallVector<StringRef, 4> Lines;
  StringRef(Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::string Message;
  for (StringRef Line : Lines) {
    Line = Line.trim();
    Line.consume_front("privateer: ");
    // `Unknown command line argument '--fixx'.  Try: 'privateer --help'`
    // and `Did you mean '--fix'?` become one sentence.
    if (Line.consume_front("Unknown command line argument ")) {
      Line = Line.split(".  Try:").first.rtrim('.');
      Message += "unknown option " + Line.str();
      continue;
    }
    if (Line.consume_front("Did you mean ")) {
      Message += " (did you mean " + Line.rtrim('?').str() + "?)";
      continue;
    }
    Message += (Message.empty() ? "" : "; ") + Line.str();
  }
  // A value LLVM's parser rejects is printed by the parser itself.
  return Message.empty() ? "invalid command line (see above; privateer "
                           "--help lists the options)"
                         : Message;
}

/// -j's value, checked before LLVM's parser sees it: that parser prints an
/// unsigned option's bad value itself and leaves the error it returns
/// empty.
Error checkJobs(int argc, const char **argv) {
  for (int I = 1; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (Arg == "--")
      break;
    std::optional<StringRef> Value;
    if (Arg == "-j" || Arg == "--j")
      Value = I + 1 < argc ? StringRef(argv[I + 1]) : StringRef();
    else if (Arg.consume_front("-j=") || Arg.consume_front("--j="))
      Value = Arg;
    else if (Arg.starts_with("-j") && Arg.size() > 2 && !Arg.starts_with("-j="))
      Value = Arg.drop_front(2);
    unsigned N;
    if (Value && Value->getAsInteger(10, N))
      return createStringError(
          "-j needs the number of units to analyse in parallel (0: one per "
          "core), not '" +
          *Value + "'");
  }
  return Error::success();
}

/// -p must name a directory (or the compile_commands.json in it) that
/// exists: LibTooling looks for a database in the parent directories of
/// the one named, so a mistyped -p would analyse another build's database
/// without a word. A database found above an existing directory is
/// named.
Error checkBuildPath(StringRef Dir) {
  if (Dir.empty())
    return Error::success();
  SmallString<256> Abs(Dir);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (!sys::fs::exists(Abs))
    return createStringError("-p " + Dir + ": no such directory");
  if (!sys::fs::is_directory(Abs))
    Abs = sys::path::parent_path(Abs);
  for (StringRef D = Abs; !D.empty(); D = sys::path::parent_path(D)) {
    for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
      SmallString<256> Candidate(D);
      sys::path::append(Candidate, Name);
      if (!sys::fs::exists(Candidate))
        continue;
      if (D != Abs)
        errs() << "privateer: note: no compilation database in '" << Dir
               << "'; using '" << Candidate << "'\n";
      return Error::success();
    }
  }
  return createStringError("-p " + Dir +
                           ": no compile_commands.json there or in a parent "
                           "directory (configure with "
                           "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
}

/// Parses the command line. With no files named, CommonOptionsParser loads
/// no database: load the one -p names (or the current directory's) and
/// parse again as if its files had been named, so that --extra-arg and the
/// rest still apply.
Expected<Inputs> parseInputs(int argc, const char **argv) {
  Inputs In;
  if (Error E = checkJobs(argc, argv))
    return std::move(E);
  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::ZeroOrMore, Overview);
  if (!Parser)
    return createStringError(parseErrorMessage(Parser.takeError()));
  auto *BuildPath =
      static_cast<cl::opt<std::string> *>(cl::getRegisteredOptions()["p"]);
  if (BuildPath)
    if (Error E = checkBuildPath(*BuildPath))
      return std::move(E);
  In.Files = Parser->getSourcePathList();
  if (!In.Files.empty()) {
    In.Parser = std::make_unique<CommonOptionsParser>(std::move(*Parser));
    return std::move(In);
  }
  std::string Dir = BuildPath && !BuildPath->empty() ? std::string(*BuildPath)
                                                     : std::string(".");
  std::string Error;
  std::unique_ptr<CompilationDatabase> DB =
      CompilationDatabase::autoDetectFromDirectory(Dir, Error);
  if (!DB)
    return createStringError(Error);
  In.Files = DB->getAllFiles();
  // Fortran entries are privateer-fortran's (Flang, then the MLIR pass):
  // Clang cannot compile them.
  // Counted as the summary counts translation units: compile commands.
  size_t Fortran =
      count_if(DB->getAllCompileCommands(), [](const CompileCommand &C) {
        return isFortranSource(C.Filename);
      });
  erase_if(In.Files, isFortranSource);
  if (Fortran)
    errs() << "privateer: " << Fortran << " Fortran translation unit"
           << (Fortran == 1 ? "" : "s") << " left out (privateer-fortran -p "
           << Dir << " analyses them)\n";
  In.Args.assign(argv, argv + argc);
  auto DashDash = std::find(In.Args.begin(), In.Args.end(), "--");
  In.Args.insert(DashDash, In.Files.begin(), In.Files.end());
  for (const std::string &A : In.Args)
    In.Argv.push_back(A.c_str());
  int NewArgc = In.Argv.size();
  Parser = CommonOptionsParser::create(NewArgc, In.Argv.data(), Category,
                                       cl::ZeroOrMore, Overview);
  if (!Parser)
    return createStringError(parseErrorMessage(Parser.takeError()));
  In.Parser = std::make_unique<CommonOptionsParser>(std::move(*Parser));
  return std::move(In);
}

/// Options.def's options from their flags; an invalid one stops the run.
Expected<Options> parseOptions(const std::vector<ListedOption> &Listed) {
  Options Opts;
  for (const ListedOption &L : Listed) {
    std::string Word = L.Info->Name;
    if (L.Flag ? !*L.Flag
               : (L.Value ? !L.Value->getNumOccurrences()
                          : !L.Existing->getNumOccurrences()))
      continue;
    if (L.Value && L.Value->getNumOccurrences() &&
        (!L.Value->empty() || L.Info->Kind != OptionKind::ErrorMode))
      Word += "=" + *L.Value;
    std::string Error;
    if (!Opts.apply(Word, Error))
      return createStringError(Error);
  }
  return Opts;
}

/// \p File as a user reads it: relative to the current directory when it
/// lies under it.
std::string displayName(StringRef File) {
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return File.str();
  std::string Rel = relativeTo(File, Cwd);
  return Rel.empty() ? File.str() : Rel;
}

/// Absolute, normalized, each once, in the order named.
std::vector<std::string> uniqueAbsolute(const std::vector<std::string> &Files) {
  std::set<std::string> Seen;
  std::vector<std::string> Unique;
  for (const std::string &F : Files) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, true);
    if (Seen.insert(Abs.str().str()).second)
      Unique.push_back(Abs.str().str());
  }
  return Unique;
}

/// The directory that SARIF locations and fingerprints are relative to:
/// --source-root, else the git top-level of the files (wherever privateer
/// is started from), else the deepest directory that holds them all.
std::string sourceRoot(const std::vector<std::string> &Files) {
  SmallString<256> Root;
  if (!SourceRoot.empty()) {
    Root = SourceRoot;
    sys::fs::make_absolute(Root);
    sys::path::remove_dots(Root, true);
    SmallString<256> Real;
    if (!sys::fs::real_path(Root, Real))
      Root = Real;
    return Root.str().str();
  }
  if (Files.empty())
    return "";
  Expected<std::string> Top = runGit(sys::path::parent_path(Files.front()),
                                     {"rev-parse", "--show-toplevel"});
  if (Top) {
    std::string T = StringRef(*Top).trim().str();
    if (llvm::all_of(Files, [&](const std::string &F) {
          return !relativeTo(F, T).empty();
        }))
      return T;
  } else {
    consumeError(Top.takeError());
  }
  Root = sys::path::parent_path(Files.front());
  for (const std::string &F : Files)
    while (!Root.empty() && relativeTo(F, Root).empty())
      Root = sys::path::parent_path(Root);
  return Root.empty() ? "/" : Root.str().str();
}

/// Where each check's page is (installedDocsUrl, Output.h).
std::string docsUrl(const char *Argv0) {
  return installedDocsUrl(PRIVATEER_DOCS_URL, Argv0,
                          reinterpret_cast<void *>(&printToolVersion));
}

/// The output files, each created before the analysis so that a wrong
/// path stops the run at once.
struct Outputs {
  std::unique_ptr<OutputFile> Sarif, ExportFixes, Baseline;
};

Expected<Outputs> createOutputs() {
  Outputs Out;
  for (auto [Option, Path, File] :
       {std::tuple("--sarif", &Sarif, &Out.Sarif),
        std::tuple("--export-fixes", &ExportFixes, &Out.ExportFixes),
        std::tuple("--write-baseline", &WriteBaseline, &Out.Baseline)}) {
    if (!Path->getNumOccurrences())
      continue;
    auto F = OutputFile::create(Option, *Path);
    if (!F)
      return F.takeError();
    *File = std::move(*F);
  }
  return std::move(Out);
}

/// The line filter of --line-filter and --diff; none when neither is given.
Expected<std::optional<LineFilter>>
lineFilter(const std::vector<std::string> &Files) {
  if (!LineFilterJson.getNumOccurrences() && !Diff.getNumOccurrences())
    return std::nullopt;
  LineFilter Lines;
  if (LineFilterJson.getNumOccurrences()) {
    Expected<LineFilter> F = LineFilter::fromJson(LineFilterJson);
    if (!F)
      return F.takeError();
    Lines.intersect(std::move(*F));
  }
  if (Diff.getNumOccurrences()) {
    Expected<LineFilter> F = LineFilter::fromGitDiff(Diff, Files);
    if (!F)
      return F.takeError();
    Lines.intersect(std::move(*F));
  }
  return std::optional<LineFilter>(std::move(Lines));
}

/// Analyses every file in parallel and prints each unit's output whole, in
/// the order the files were named, as soon as it and the ones before it
/// are done (a shared header's finding once, from the first unit).
std::vector<UnitOutcome> analyseAll(const RunContext &C,
                                    const std::vector<std::string> &Files) {
  std::vector<UnitOutcome> Outcomes(Files.size());
  std::vector<bool> Ready(Files.size());
  std::mutex Mutex;
  std::condition_variable Done;
  unsigned Finished = 0;
  bool ShowProgress =
      Progress.getNumOccurrences()
          ? bool(Progress)
          : Files.size() > 1 && sys::Process::StandardErrIsDisplayed();
  DefaultThreadPool Pool(hardware_concurrency(Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] {
      UnitOutcome Out = analyseUnit(C, Files[I]);
      std::lock_guard<std::mutex> Lock(Mutex);
      Outcomes[I] = std::move(Out);
      Ready[I] = true;
      ++Finished;
      // As run-clang-tidy: one line per unit, the count first.
      if (ShowProgress)
        errs() << "[" << Finished << "/" << Files.size() << "] "
               << displayName(Files[I])
               << (Outcomes[I].Cached ? " (cached)" : "") << "\n";
      Done.notify_one();
    });
  FindingPrinter Printer(outs());
  std::set<std::string> Printed;
  for (size_t I = 0; I < Files.size(); ++I) {
    {
      std::unique_lock<std::mutex> Lock(Mutex);
      Done.wait(Lock, [&] { return bool(Ready[I]); });
    }
    const UnitOutcome &U = Outcomes[I];
    outs() << (CompilerWarnings ? U.Prelude : U.Errors);
    if (U.Notice)
      Printer.print(*U.Notice);
    for (const Result &R : U.Results)
      if (Printed.insert(R.key()).second)
        Printer.print(R);
    outs().flush();
  }
  Pool.wait();
  return Outcomes;
}

/// Writes the logs the run was asked for, each moved to its path once
/// whole; true on an error.
bool writeOutputs(Outputs &Out, ArrayRef<const Result *> Kept, StringRef Root,
                  StringRef DocsUrl, const std::set<std::string> *InBaseline,
                  const std::set<std::string> *OffLines,
                  std::optional<unsigned> HeldBackMay, unsigned Undecided) {
  bool Failed = false;
  auto Commit = [&](std::unique_ptr<OutputFile> &F) {
    if (Error E = F->commit()) {
      errs() << "privateer: error: " << toString(std::move(E)) << "\n";
      Failed = true;
    }
  };
  if (Out.ExportFixes) {
    writeExportFixes(Out.ExportFixes->os(), Kept);
    Commit(Out.ExportFixes);
  }
  if (Out.Baseline) {
    Baseline::write(Out.Baseline->os(), Kept, Root);
    Commit(Out.Baseline);
  }
  if (Out.Sarif) {
    SarifWriter W(Out.Sarif->os(), Root, DocsUrl, InBaseline != nullptr);
    for (const Result *R : Kept)
      W.result(*R);
    // What was left out, for a reader of the log alone.
    json::Object Properties;
    if (InBaseline)
      Properties["inBaseline"] = int64_t(InBaseline->size());
    if (OffLines)
      Properties["notOnChosenLines"] = int64_t(OffLines->size());
    // Without --report-may the log lacks what could not be proven.
    if (HeldBackMay)
      Properties["unprovenHeldBack"] = int64_t(*HeldBackMay);
    // Index questions the solver left open: races there are not in it.
    if (Undecided)
      Properties["undecidedIndexQuestions"] = int64_t(Undecided);
    W.finish(std::move(Properties));
    Out.Sarif->os() << "\n";
    Commit(Out.Sarif);
    if (W.outsideRoot())
      errs() << "privateer: warning: " << W.outsideRoot() << " SARIF result"
             << (W.outsideRoot() == 1 ? " is" : "s are") << " outside the "
             << "source root '" << Root << "' and named by absolute URIs "
             << "(set --source-root to a directory that holds them)\n";
  }
  return Failed;
}

/// What the run did, for its one line of stderr.
struct RunSummary {
  /// Compile commands analysed (a file built for two targets counts
  /// twice), and the files they compile.
  size_t Units = 0, Files = 0;
  unsigned Cached = 0;
  size_t Findings = 0;
  unsigned HeldBackMay = 0, Undecided = 0, CompilerWarnings = 0;
  const std::set<std::string> *OffLines = nullptr, *InBaseline = nullptr;
  std::optional<size_t> FixedFiles;
  unsigned Failed = 0;
  size_t Missing = 0;
};

std::string plural(size_t N, StringRef Word) {
  return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
}

void printSummary(const RunSummary &S) {
  errs() << "privateer: " << plural(S.Units, "translation unit");
  std::vector<std::string> Of;
  if (S.Files != S.Units)
    Of.push_back(plural(S.Files, "file"));
  if (S.Cached)
    Of.push_back(std::to_string(S.Cached) + " from the cache");
  if (!Of.empty())
    errs() << " (" << join(Of, ", ") << ")";
  errs() << ", " << plural(S.Findings, "finding");
  std::vector<std::string> Left;
  if (S.OffLines)
    Left.push_back(std::to_string(S.OffLines->size()) +
                   " not on the chosen lines");
  if (S.InBaseline)
    Left.push_back(std::to_string(S.InBaseline->size()) + " in the baseline");
  if (!Left.empty())
    errs() << " (" << join(Left, ", ") << ")";
  if (S.HeldBackMay)
    errs() << ", " << S.HeldBackMay << " unproven ('may') held back"
           << " (--report-may shows them)";
  // A race among them is neither reported nor held back: "0 findings"
  // must not read as "checked and clean".
  if (S.Undecided)
    errs() << ", " << S.Undecided << " index question"
           << (S.Undecided == 1 ? "" : "s")
           << " left undecided (the solver ran out of time: a race among "
              "them would not be reported; --solver-timeout-ms gives it "
              "longer)";
  if (S.FixedFiles)
    errs() << ", fixes written to " << plural(*S.FixedFiles, "file");
  if (S.Failed)
    errs() << ", " << S.Failed << " failed to compile (skipped)";
  if (S.Missing)
    errs() << ", " << S.Missing << " not found";
  if (S.CompilerWarnings)
    errs() << ", " << plural(S.CompilerWarnings, "compiler warning")
           << " not shown (--compiler-warnings shows them)";
  errs() << "\n";
}

} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::SetVersionPrinter(printToolVersion);
  std::vector<ListedOption> Listed = listOptions();
  Expected<Inputs> In = parseInputs(argc, argv);
  if (!In)
    return toolError(toString(In.takeError()));
  Expected<Options> Opts = parseOptions(Listed);
  if (!Opts)
    return toolError(toString(Opts.takeError()));
  std::vector<std::string> Files = uniqueAbsolute(In->Files);
  if (Files.empty())
    return toolError("no files to analyse (name them, or give -p a build "
                     "directory with a compile_commands.json)");
  // A file that is not there is said so plainly, before anything runs.
  std::vector<std::string> Missing;
  erase_if(Files, [&](const std::string &F) {
    if (sys::fs::exists(F))
      return false;
    Missing.push_back(F);
    return true;
  });
  for (const std::string &F : Missing)
    errs() << "privateer: error: no such file: '" << displayName(F) << "'\n";
  if (Files.empty())
    return 2;

  Expected<Outputs> Out = createOutputs();
  if (!Out)
    return toolError(toString(Out.takeError()));
  Expected<std::optional<LineFilter>> Lines = lineFilter(Files);
  if (!Lines)
    return toolError(toString(Lines.takeError()));
  std::optional<Baseline> Base;
  if (BaselineFile.getNumOccurrences()) {
    Expected<Baseline> B = Baseline::read(BaselineFile);
    if (!B)
      return toolError(toString(B.takeError()));
    Base = std::move(*B);
  }
  std::string Root = sourceRoot(Files);
  std::unique_ptr<ResultCache> Cache;
  if (CacheDir.getNumOccurrences()) {
    auto C = ResultCache::open(CacheDir, Opts->key() + '\0' + Root);
    if (!C)
      return toolError(toString(C.takeError()));
    Cache = std::move(*C);
  }

  RunContext Context{
      In->Parser->getCompilations(), *Opts, *Lines ? &**Lines : nullptr,
      Base ? &*Base : nullptr,       Root,  Cache.get()};
  std::vector<UnitOutcome> Outcomes = analyseAll(Context, Files);
  RunSummary Summary;
  std::set<std::string> OffLines, InBaseline, HeldBackWhere;
  for (const UnitOutcome &U : Outcomes) {
    Summary.Units += std::max(1u, U.Commands);
    Summary.Failed += U.Failed;
    Summary.Cached += U.Cached;
    HeldBackWhere.insert(U.HeldBackMay.begin(), U.HeldBackMay.end());
    Summary.Undecided += U.Undecided;
    if (!CompilerWarnings)
      Summary.CompilerWarnings += U.CompilerWarnings;
    OffLines.insert(U.OffLines.begin(), U.OffLines.end());
    InBaseline.insert(U.InBaseline.begin(), U.InBaseline.end());
  }
  // A finding in a header several units include, once.
  Summary.HeldBackMay = HeldBackWhere.size();
  EditLedger Ledger;
  std::vector<Result> Kept = keptResults(Outcomes, Ledger);
  std::vector<const Result *> KeptRefs;
  for (const Result &R : Kept)
    KeptRefs.push_back(&R);
  // Without --report-may the log says how much it lacks.
  std::optional<unsigned> HeldBack;
  if (!Opts->ReportMay)
    HeldBack = Summary.HeldBackMay;
  bool ToolError = writeOutputs(
      *Out, KeptRefs, Root, docsUrl(argv[0]), Base ? &InBaseline : nullptr,
      *Lines ? &OffLines : nullptr, HeldBack, Summary.Undecided);
  // After the logs: SARIF describes (and reads, for its columns) the source
  // the findings are about.
  std::set<std::string> FixedFiles;
  if (Opts->Fix) {
    for (const std::string &Error : applyEdits(Ledger.edits())) {
      errs() << "privateer: error: " << Error << "\n";
      ToolError = true;
    }
    for (const Edit &E : Ledger.edits())
      FixedFiles.insert(E.Begin.File);
  }
  Summary.Files = Files.size();
  Summary.Findings = Kept.size();
  Summary.OffLines = *Lines ? &OffLines : nullptr;
  Summary.InBaseline = Base ? &InBaseline : nullptr;
  if (Opts->Fix)
    Summary.FixedFiles = FixedFiles.size();
  Summary.Missing = Missing.size();
  printSummary(Summary);
  if (Summary.Failed || !Missing.empty() || ToolError)
    return 2;
  // Findings just recorded in a baseline are accepted, not failures.
  bool Accepted = WriteBaseline.getNumOccurrences();
  return Kept.empty() || ExitZero || Accepted ? 0 : 1;
}
