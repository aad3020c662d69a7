//===- PrivateerFortran.cpp - privateer on Fortran OpenMP sources ---------===//
//
// Part of privateer. Fortran in one step: each file (named, or an entry of
// a compile_commands.json) is lowered by Flang's own front end in this
// process, and privateer's checks run on the module it lowered, so that
// findings print at the Fortran file, line and column with the source line,
// as the C and C++ front ends print theirs. --sarif writes what code
// scanning reads, --fix adds the clauses of the exact fixes.
//
//===----------------------------------------------------------------------===//

#include "AssumeDirectives.h"
#include "CompileDatabase.h"
#include "FlangLowering.h"
#include "FortranFixes.h"
#include "ModuleAnalysis.h"
#include "Output.h"
#include "SourceTexts.h"
#include "UnitProcess.h"

#include "privateer/Analysis/Options.h"
#include "privateer/Support/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <unistd.h>

using namespace privateer;
using namespace privateer::fortran;

namespace {

constexpr const char *Usage =
    R"(usage: privateer-fortran [options] [flang options] files...
       privateer-fortran -p BUILD_DIR [options] [files...]

  -p BUILD_DIR          read BUILD_DIR/compile_commands.json: its Fortran
                        entries (all of them when no files are named), each
                        lowered in its directory with its own -I, -D, -U,
                        -J/-module-dir (searched for .mod files), -cpp,
                        -nocpp, -ffixed-form, -ffree-form,
                        -ffixed-line-length=, -fdefault-*, -fimplicit-none,
                        -fbackslash, -std= and -fopenmp-version= (other
                        flags do not change what Flang lowers and are
                        dropped)
  --sarif=FILE          write the findings as SARIF 2.1.0
  --source-root=DIR     directory SARIF locations are relative to (default:
                        the current directory)
  --exit-zero           exit with 0 even when there are findings
  --verify-diagnostics  check the findings against the files'
                        '! expected-warning{{...}}' comments (for tests)
  --version             privateer's version and the LLVM it was built with
)";

constexpr const char *UsageEnd = R"(
Other options starting with '-' go to Flang (after an entry's own flags;
-J and -module-dir name a directory searched for modules).
Exit status: 0 when nothing was found, 1 when something was, 2 on errors
(a file that does not compile is reported and skipped).
)";

void error(const llvm::Twine &Message) {
  llvm::errs() << "privateer-fortran: error: " << Message << "\n";
}

void printHelp() {
  llvm::outs() << Usage
               << "\nprivateer's options (--fix adds the exact "
                  "clauses, private(tmp) or reduction(+: s), to the "
                  "'!$omp' directives in place):\n";
  for (const OptionInfo &O : allOptions())
    llvm::outs() << "  --" << O.Name << O.Value << "\n      " << O.Description
                 << "\n";
  llvm::outs() << UsageEnd;
}

/// What the command line asks for.
struct Arguments {
  Options Opts;
  std::optional<std::string> BuildDir;
  std::string Sarif, SourceRoot;
  bool ExitZero = false, Verify = false;
  std::vector<std::string> FlangFlags, Files;
};

/// The option of Options.def named \p Name, if any.
const OptionInfo *optionNamed(llvm::StringRef Name) {
  for (const OptionInfo &O : allOptions())
    if (Name == O.Name)
      return &O;
  return nullptr;
}

/// Reads the command line; the run ends early for --help, --version and a
/// mistake.
class ArgumentParser {
public:
  explicit ArgumentParser(llvm::ArrayRef<std::string> Args) : Args(Args) {}

  /// What the command line asks for; nothing when the run ends here, with
  /// \p Exit its status (0 after help or the version, 2 after a mistake).
  std::optional<Arguments> parse(int &Exit);

private:
  /// The value of the option Args[I]: after its `=`, or the next argument.
  std::optional<std::string> value();
  /// Applies Args[I], an option of Options.def (`--cache-line=128`).
  bool privateerOption(const OptionInfo &O, Options &Opts);
  /// Takes Args[I] (and a value in the next argument) as flags for Flang.
  void flangFlag(std::vector<std::string> &Flags);
  bool fail(const llvm::Twine &Message) {
    error(Message);
    Failed = true;
    return false;
  }

  llvm::ArrayRef<std::string> Args;
  size_t I = 0;
  bool Failed = false;
};

std::optional<std::string> ArgumentParser::value() {
  llvm::StringRef Arg = Args[I];
  if (Arg.contains('='))
    return Arg.split('=').second.str();
  if (I + 1 < Args.size())
    return Args[++I];
  fail("'" + Arg + "' needs a value");
  return std::nullopt;
}

bool ArgumentParser::privateerOption(const OptionInfo &O, Options &Opts) {
  std::string Word = O.Name;
  if (llvm::StringRef(Args[I]).contains('=') ||
      (O.Kind != OptionKind::Flag && O.Kind != OptionKind::ErrorMode)) {
    std::optional<std::string> V = value();
    if (!V)
      return false;
    Word += "=" + *V;
  }
  std::string Why;
  return Opts.apply(Word, Why) || fail(Why);
}

void ArgumentParser::flangFlag(std::vector<std::string> &Flags) {
  llvm::StringRef Arg = Args[I];
  // `-I dir`: the value is no file to analyse.
  std::vector<std::string> Given{Args[I]};
  if (I + 1 < Args.size() &&
      llvm::is_contained({"-I", "-D", "-U", "-J", "-module-dir"}, Arg))
    Given.push_back(Args[++I]);
  // A module directory is searched, never written (loweringFlags).
  bool ModuleDir = Arg.starts_with("-J") || Arg.starts_with("-module-dir");
  llvm::append_range(Flags, Given.size() > 1 || ModuleDir ? loweringFlags(Given)
                                                          : Given);
}

std::optional<Arguments> ArgumentParser::parse(int &Exit) {
  Arguments A;
  Exit = 0;
  for (I = 0; I < Args.size() && !Failed; ++I) {
    llvm::StringRef Arg = Args[I];
    llvm::StringRef Name = Arg.split('=').first;
    if (Arg == "-h" || Arg == "--help") {
      printHelp();
      return std::nullopt;
    }
    if (Arg == "--version") {
      printVersion(llvm::outs(), "privateer-fortran");
      return std::nullopt;
    }
    if (Arg == "--exit-zero" || Arg == "--verify-diagnostics") {
      (Arg == "--exit-zero" ? A.ExitZero : A.Verify) = true;
    } else if (Name == "-p") {
      A.BuildDir = value();
    } else if (Name == "--sarif" || Name == "--source-root") {
      (Name == "--sarif" ? A.Sarif : A.SourceRoot) = value().value_or("");
    } else if (const OptionInfo *O = Name.starts_with("--")
                                         ? optionNamed(Name.drop_front(2))
                                         : nullptr) {
      privateerOption(*O, A.Opts);
    } else if (Arg.starts_with("-")) {
      flangFlag(A.FlangFlags);
    } else {
      A.Files.push_back(Args[I]);
    }
  }
  if (Failed) {
    Exit = 2;
    return std::nullopt;
  }
  return A;
}

/// The files to analyse; nothing after an error.
std::optional<std::vector<FortranUnit>> unitsOf(const Arguments &A,
                                                bool &Incomplete) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::vector<FortranUnit> Units;
  if (!A.BuildDir) {
    for (const std::string &F : A.Files)
      Units.push_back({Cwd.str().str(), F, {}});
    if (Units.empty())
      error("no input files");
    return Units.empty() ? std::nullopt : std::optional(Units);
  }
  std::set<std::string> Named;
  for (const std::string &F : A.Files)
    Named.insert(normalizedPath(F));
  auto Loaded = loadFortranUnits(*A.BuildDir, Named);
  if (!Loaded) {
    error(llvm::toString(Loaded.takeError()));
    return std::nullopt;
  }
  std::set<std::string> Found;
  for (const FortranUnit &U : *Loaded)
    Found.insert(U.File);
  llvm::SmallString<256> Database(*A.BuildDir);
  llvm::sys::path::append(Database, "compile_commands.json");
  for (const std::string &F : Named)
    if (!Found.count(F)) {
      error("no Fortran entry for '" + F + "' in " + Database);
      Incomplete = true;
    }
  if (Loaded->empty())
    error("no Fortran files to analyse in the compilation database");
  return Loaded->empty() ? std::nullopt : std::optional(std::move(*Loaded));
}

/// What the run found, over every file.
struct RunResult {
  std::vector<FortranFinding> Findings;
  unsigned Failed = 0, HeldBackMay = 0;
  bool VerifyFailed = false;
};

/// Whether Flang reads \p File in fixed form, as its extension and \p Flags
/// say.
bool fixedForm(llvm::StringRef File, llvm::ArrayRef<std::string> Flags) {
  bool Fixed = llvm::StringSwitch<bool>(llvm::sys::path::extension(File))
                   .Cases(".f", ".F", ".for", ".FOR", ".ftn", ".FTN", true)
                   .Cases(".f77", ".F77", ".fpp", ".FPP", true)
                   .Default(false);
  for (const std::string &F : Flags)
    if (F == "-ffixed-form")
      Fixed = true;
    else if (F == "-ffree-form")
      Fixed = false;
  return Fixed;
}

/// For a file with OpenMP `assume` directives, which Flang does not lower:
/// a copy in \p Dir without them, whose `#line` keeps every location the
/// original's, in place of the file in \p Fc1 (its directory searched for
/// INCLUDE files); the directives' facts in \p Ranges. Empty when the file
/// has none (or cannot be read: Flang says why).
std::string maskAssumptions(std::vector<std::string> &Fc1, llvm::StringRef Dir,
                            llvm::StringRef File,
                            std::vector<StatedRange> &Ranges) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "";
  std::string Masked;
  if (!findAssumptions((*Buffer)->getBuffer(), fixedForm(File, Fc1), Masked,
                       Ranges))
    return "";
  llvm::SmallString<256> Absolute(File);
  llvm::sys::fs::make_absolute(Absolute);
  // (Under the file's own name: Flang's messages about the copy name it.)
  llvm::SmallString<256> Copy(Dir);
  llvm::sys::path::append(Copy, "assume-" + std::to_string(::getpid()));
  if (llvm::sys::fs::create_directories(Copy))
    return "";
  llvm::sys::path::append(Copy, llvm::sys::path::filename(File));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Copy, EC);
  if (EC)
    return "";
  OS << "#line 1 \"" << Absolute << "\"\n" << Masked;
  OS.close();
  if (OS.has_error()) {
    OS.clear_error();
    return "";
  }
  Fc1.back() = Copy.str().str();
  Fc1.insert(Fc1.end() - 1,
             "-I" + llvm::sys::path::parent_path(Absolute).str());
  return Absolute.str().str();
}

/// Lowers and analyses each unit in its directory, each in a child
/// process (UnitProcess.h); modules the files define go to \p ModuleDir,
/// never into the build.
RunResult analyzeUnits(llvm::ArrayRef<FortranUnit> Units, const Arguments &A,
                       llvm::StringRef ModuleDir, SourceTexts &Texts) {
  RunResult Run;
  std::set<std::string> Seen;
  // By default findings follow the compiler's -Werror, as in the plugin.
  bool AsErrors = A.Opts.Werror == Options::ErrorMode::Always ||
                  (A.Opts.Werror == Options::ErrorMode::FollowCompiler &&
                   llvm::is_contained(A.FlangFlags, "-Werror"));
  DiagnosticMode Mode =
      A.Verify ? DiagnosticMode::Verify : DiagnosticMode::Print;
  for (const FortranUnit &U : Units) {
    std::vector<std::string> Fc1{"-fopenmp", "-emit-hlfir", "-module-dir",
                                 ModuleDir.str()};
    llvm::append_range(Fc1, U.Flags);
    llvm::append_range(Fc1, A.FlangFlags);
    Fc1.push_back(U.File);
    std::string Why;
    UnitOutcome Out = runInChild(
        [&] {
          UnitOutcome Child;
          if (std::error_code EC =
                  llvm::sys::fs::set_current_path(U.Directory)) {
            error("cannot enter '" + U.Directory + "': " + EC.message());
            return Child;
          }
          SourceTexts Read;
          std::vector<std::string> Args = Fc1;
          std::vector<StatedRange> Ranges;
          std::string Original =
              maskAssumptions(Args, ModuleDir, U.File, Ranges);
          Child.Lowered = lowerFortran(Args, [&](mlir::ModuleOp M) {
            attachAssumptions(M, Original, Ranges);
            Child.Report =
                analyzeModule(M, A.Opts, AsErrors, Mode, U.File, Read);
          });
          if (!Original.empty()) {
            llvm::sys::fs::remove(Args.back());
            llvm::sys::fs::remove(llvm::sys::path::parent_path(Args.back()));
          }
          return Child;
        },
        Why);
    if (!Why.empty())
      error("'" + U.File + "' is not analysed: " + Why);
    Run.Failed += !Out.Lowered;
    Run.VerifyFailed |= Out.Report.VerifyFailed;
    Run.HeldBackMay += Out.Report.HeldBackMay;
    // A file named twice is reported once. The files are read now, as its
    // analysis left them: SARIF and --fix work on that text.
    for (FortranFinding &F : Out.Report.Findings)
      if (Seen.insert(F.key()).second) {
        cli::Result &R = F.Result;
        R.SourceLine = Texts.line(R.Where.File, R.Where.Line).str();
        if (!F.DirectiveFile.empty())
          Texts.text(F.DirectiveFile);
        Run.Findings.push_back(std::move(F));
      }
  }
  llvm::sort(Run.Findings, [](const FortranFinding &X,
                              const FortranFinding &Y) {
    const cli::Result &L = X.Result, &R = Y.Result;
    return std::tie(L.Where.File, L.Where.Line, L.Where.Column, L.Check,
                    L.Message) < std::tie(R.Where.File, R.Where.Line,
                                          R.Where.Column, R.Check, R.Message);
  });
  return Run;
}

/// Writes the SARIF log of \p Run to \p Path; false after an error.
bool writeSarifLog(llvm::StringRef Path, const RunResult &Run,
                   llvm::StringRef SourceRoot, llvm::StringRef DocsUrl) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_TextWithCRLF);
  if (EC) {
    error("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  // A result needs a location: a finding without a Fortran position (none
  // so far) is printed and counted, not logged.
  cli::SarifWriter W(OS, normalizedPath(SourceRoot), DocsUrl,
                     /*WithBaseline=*/false);
  for (const FortranFinding &F : Run.Findings)
    if (!F.Result.Where.File.empty())
      W.result(F.Result);
  llvm::json::Object Properties;
  if (Run.HeldBackMay)
    Properties["unprovenHeldBack"] = int64_t(Run.HeldBackMay);
  W.finish(std::move(Properties));
  OS << "\n";
  return true;
}

void printSummary(size_t Units, const RunResult &Run, bool Fix,
                  size_t Written) {
  auto Plural = [](size_t N, llvm::StringRef Word) {
    return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
  };
  llvm::errs() << "privateer-fortran: " << Plural(Units, "file") << ", "
               << Plural(Run.Findings.size(), "finding");
  if (Run.HeldBackMay)
    llvm::errs() << ", " << Run.HeldBackMay << " unproven ('may') held back"
                 << " (--report-may shows them)";
  if (Fix)
    llvm::errs() << ", fixes written to " << Plural(Written, "file");
  if (Run.Failed)
    llvm::errs() << ", " << Run.Failed << " failed to compile (skipped)";
  llvm::errs() << "\n";
}

} // namespace

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  int Exit = 0;
  std::vector<std::string> Args(argv + 1, argv + argc);
  std::optional<Arguments> A = ArgumentParser(Args).parse(Exit);
  if (!A)
    return Exit;
  // A misspelt check must not turn checking off in silence: the same
  // words as every front end.
  if (std::string Why = A->Opts.Checks.error(); !Why.empty()) {
    error(Why);
    return 2;
  }
  bool Incomplete = false;
  std::optional<std::vector<FortranUnit>> Units = unitsOf(*A, Incomplete);
  if (!Units || Exit)
    return 2;
  // Output paths are the caller's: each unit is lowered in its directory.
  if (!A->Sarif.empty())
    A->Sarif = normalizedPath(A->Sarif);
  std::string SourceRoot =
      normalizedPath(A->SourceRoot.empty() ? "." : A->SourceRoot);

  llvm::SmallString<256> ModuleDir;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(
          "privateer-fortran", ModuleDir)) {
    error("cannot make a module directory: " + EC.message());
    return 2;
  }
  initializeFlang();
  SourceTexts Texts;
  RunResult Run = analyzeUnits(*Units, *A, ModuleDir, Texts);
  llvm::sys::fs::remove_directories(ModuleDir);

  assignClauseEdits(Run.Findings, Texts);
  bool ToolError = Incomplete;
  if (!A->Sarif.empty())
    ToolError |= !writeSarifLog(
        A->Sarif, Run, SourceRoot,
        cli::installedDocsUrl(PRIVATEER_DOCS_URL, argv[0],
                              reinterpret_cast<void *>(&printSummary)));
  // After the log: its columns and fingerprints read the analysed text.
  std::set<std::string> Written;
  if (A->Opts.Fix)
    for (const std::string &Why : writeClauses(Run.Findings, Texts, Written)) {
      error(Why);
      ToolError = true;
    }
  printSummary(Units->size(), Run, A->Opts.Fix, Written.size());

  if (Run.Failed || ToolError)
    return 2;
  if (A->Verify)
    return Run.VerifyFailed ? 1 : 0;
  return Run.Findings.empty() || A->ExitZero ? 0 : 1;
}
