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
#include "CommandLine.h"
#include "FindingPrinter.h"
#include "KeptResults.h"
#include "LineFilter.h"
#include "Output.h"
#include "OutputFile.h"
#include "ResultCache.h"
#include "Summary.h"
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

/// Says why the run stops before it analysed anything; exit code 2.
int toolError(const Twine &Message) {
  errs() << "privateer: error: " << Message << "\n";
  return 2;
}

void printToolVersion(raw_ostream &OS) {
  privateer::printVersion(OS, "privateer");
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
    Printer.flush();
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
                  std::optional<unsigned> HeldBackMay, unsigned Undecided,
                  ArrayRef<ConstructOut> Constructs) {
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
    // Every parallel construct's verdict, counted.
    json::Object Verdicts;
    for (const char *V :
         {"proven free", "reported", "held back", "not analysed"})
      Verdicts[V] = int64_t(count_if(
          Constructs, [&](const ConstructOut &C) { return C.Verdict == V; }));
    Verdicts["total"] = int64_t(Constructs.size());
    Properties["parallelConstructs"] = std::move(Verdicts);
    W.finish(std::move(Properties), Constructs);
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

/// Everything a run needs before it analyses anything.
struct Run {
  Inputs In;
  Options Opts;
  std::vector<std::string> Files, Missing;
  Outputs Out;
  std::optional<LineFilter> Lines;
  std::optional<Baseline> Base;
  std::string Root;
  std::unique_ptr<ResultCache> Cache;
};

/// Reads the command line into \p R; the exit code when the run stops
/// before any analysis (every mistake is said first), -1 when it goes on.
int prepare(int argc, const char **argv, Run &R) {
  std::vector<ListedOption> Listed = listOptions();
  Expected<Inputs> In = parseInputs(argc, argv, Category, Overview);
  if (!In)
    return toolError(toString(In.takeError()));
  R.In = std::move(*In);
  Expected<Options> Opts = parseOptions(Listed);
  if (!Opts)
    return toolError(toString(Opts.takeError()));
  R.Opts = std::move(*Opts);
  if (std::string None = R.Opts.Checks.noneEnabled(); !None.empty())
    return toolError(None);
  R.Files = uniqueAbsolute(R.In.Files);
  if (R.Files.empty())
    return toolError("no files to analyse (name them, or give -p a build "
                     "directory with a compile_commands.json)");
  // A file that is not there is said so plainly, before anything runs.
  erase_if(R.Files, [&](const std::string &F) {
    if (sys::fs::exists(F))
      return false;
    R.Missing.push_back(F);
    return true;
  });
  for (const std::string &F : R.Missing)
    errs() << "privateer: error: no such file: '" << displayName(F) << "'\n";
  if (R.Files.empty())
    return 2;
  Expected<Outputs> Out = createOutputs();
  if (!Out)
    return toolError(toString(Out.takeError()));
  R.Out = std::move(*Out);
  Expected<std::optional<LineFilter>> Lines = lineFilter(R.Files);
  if (!Lines)
    return toolError(toString(Lines.takeError()));
  R.Lines = std::move(*Lines);
  if (BaselineFile.getNumOccurrences()) {
    Expected<Baseline> B = Baseline::read(BaselineFile);
    if (!B)
      return toolError(toString(B.takeError()));
    R.Base = std::move(*B);
  }
  R.Root = sourceRoot(R.Files);
  if (CacheDir.getNumOccurrences()) {
    auto C = ResultCache::open(CacheDir, R.Opts.key() + '\0' + R.Root);
    if (!C)
      return toolError(toString(C.takeError()));
    R.Cache = std::move(*C);
  }
  return -1;
}

/// The units' counts, merged: a finding in a header several units include,
/// once.
RunSummary tally(const std::vector<UnitOutcome> &Outcomes,
                 std::set<std::string> &OffLines,
                 std::set<std::string> &InBaseline) {
  RunSummary Summary;
  std::set<std::string> HeldBackWhere;
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
  Summary.HeldBackMay = HeldBackWhere.size();
  Summary.Constructs = runConstructs(Outcomes);
  return Summary;
}

/// Writes the fixes (with --fix); the files they changed into \p Fixed,
/// true on an error.
bool writeFixes(const Run &R, const EditLedger &Ledger,
                std::set<std::string> &Fixed) {
  bool Failed = false;
  if (!R.Opts.Fix)
    return false;
  for (const std::string &Error : applyEdits(Ledger.edits())) {
    errs() << "privateer: error: " << Error << "\n";
    Failed = true;
  }
  for (const Edit &E : Ledger.edits())
    Fixed.insert(E.Begin.File);
  return Failed;
}

} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  cl::SetVersionPrinter(printToolVersion);
  Run R;
  if (int Exit = prepare(argc, argv, R); Exit >= 0)
    return Exit;
  RunContext Context{
      R.In.Parser->getCompilations(), R.Opts, R.Lines ? &*R.Lines : nullptr,
      R.Base ? &*R.Base : nullptr,    R.Root, R.Cache.get()};
  std::vector<UnitOutcome> Outcomes = analyseAll(Context, R.Files);
  std::set<std::string> OffLines, InBaseline;
  RunSummary Summary = tally(Outcomes, OffLines, InBaseline);
  EditLedger Ledger;
  std::vector<Result> Kept = keptResults(Outcomes, Ledger);
  std::vector<const Result *> KeptRefs;
  for (const Result &K : Kept)
    KeptRefs.push_back(&K);
  // Without --report-may the log says how much it lacks.
  std::optional<unsigned> HeldBack;
  if (!R.Opts.ReportMay)
    HeldBack = Summary.HeldBackMay;
  bool ToolError = writeOutputs(R.Out, KeptRefs, R.Root, docsUrl(argv[0]),
                                R.Base ? &InBaseline : nullptr,
                                R.Lines ? &OffLines : nullptr, HeldBack,
                                Summary.Undecided, Summary.Constructs);
  if (R.Opts.ExplainSilence) {
    SmallString<256> Cwd;
    if (sys::fs::current_path(Cwd))
      Cwd.clear();
    explainSilence(outs(), Summary.Constructs, Cwd);
    Summary.Explained = true;
  }
  // After the logs: SARIF describes (and reads, for its columns) the source
  // the findings are about.
  std::set<std::string> FixedFiles;
  ToolError |= writeFixes(R, Ledger, FixedFiles);
  Summary.Files = R.Files.size();
  Summary.Findings = Kept.size();
  Summary.OffLines = R.Lines ? &OffLines : nullptr;
  Summary.InBaseline = R.Base ? &InBaseline : nullptr;
  if (R.Opts.Fix) {
    Summary.FixedFiles = FixedFiles.size();
    Summary.WithoutFix =
        count_if(Kept, [](const Result &K) { return K.Edits.empty(); });
  }
  Summary.Missing = R.Missing.size();
  printSummary(Summary);
  if (Summary.Failed || !R.Missing.empty() || ToolError)
    return 2;
  // Findings just recorded in a baseline are accepted, not failures.
  bool Accepted = WriteBaseline.getNumOccurrences();
  return Kept.empty() || ExitZero || Accepted ? 0 : 1;
}
