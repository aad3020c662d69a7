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
#include "ModuleStubs.h"
#include "Output.h"
#include "OutputFile.h"
#include "SourceTexts.h"
#include "UnitProcess.h"

#include "privateer/Analysis/Options.h"
#include "privateer/Support/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
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
  --compiler-warnings   also print Flang's own warnings (by default only
                        privateer's findings and Flang's errors)
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
  bool ExitZero = false, Verify = false, CompilerWarnings = false;
  std::vector<std::string> FlangFlags, Files;
};

/// The option of Options.def named \p Name, if any.
const OptionInfo *optionNamed(llvm::StringRef Name) {
  for (const OptionInfo &O : allOptions())
    if (Name == O.Name)
      return &O;
  return nullptr;
}

/// privateer-fortran's own options, for suggestions.
constexpr const char *OwnOptions[] = {
    "--sarif",   "--source-root", "--exit-zero",        "--verify-diagnostics",
    "--version", "--help",        "--compiler-warnings"};

/// Why \p Arg, an option of the C and C++ CLI that privateer-fortran does
/// not have, cannot be used here; empty for any other argument. Passed to
/// Flang, it would make every file a compile failure.
std::string cOnlyOption(llvm::StringRef Arg) {
  llvm::StringRef Name = Arg.split('=').first;
  if (Name == "-j" || Name == "--j" ||
      (Name.starts_with("-j") && Name.size() > 2 &&
       llvm::all_of(Name.drop_front(2), llvm::isDigit)))
    return "-j is an option of privateer (C and C++); privateer-fortran "
           "analyses one file at a time";
  for (const char *C : {"--baseline", "--write-baseline", "--cache-dir",
                        "--diff", "--line-filter", "--export-fixes",
                        "--progress", "--extra-arg", "--extra-arg-before"})
    if (Name == C)
      return "'" + Name.str() +
             "' is an option of privateer (C and C++), not of "
             "privateer-fortran (see docs/mlir.md)";
  return "";
}

/// An unknown `--` option, with the known one it resembles.
std::string unknownOption(llvm::StringRef Name) {
  std::vector<std::string> Known(std::begin(OwnOptions), std::end(OwnOptions));
  for (const OptionInfo &O : allOptions())
    Known.push_back("--" + std::string(O.Name));
  std::string Best;
  unsigned BestDistance = 3;
  for (const std::string &K : Known) {
    unsigned D = Name.edit_distance(K, true, BestDistance);
    if (D < BestDistance)
      BestDistance = D, Best = K;
  }
  return "unknown option '" + Name.str() + "'" +
         (Best.empty() ? std::string(" (privateer-fortran --help lists them)")
                       : " (did you mean '" + Best + "'?)");
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
    } else if (Arg == "--compiler-warnings") {
      A.CompilerWarnings = true;
    } else if (Name == "-p") {
      A.BuildDir = value();
      if (A.BuildDir && A.BuildDir->empty())
        fail("-p needs a build directory");
    } else if (Name == "--sarif" || Name == "--source-root") {
      std::optional<std::string> V = value();
      if (V && V->empty())
        fail("'" + Name + "' needs a " +
             (Name == "--sarif" ? "file" : "directory") + " name");
      (Name == "--sarif" ? A.Sarif : A.SourceRoot) = V.value_or("");
    } else if (const OptionInfo *O = Name.starts_with("--")
                                         ? optionNamed(Name.drop_front(2))
                                         : nullptr) {
      privateerOption(*O, A.Opts);
    } else if (std::string Why = cOnlyOption(Arg); !Why.empty()) {
      fail(Why);
    } else if (Arg.starts_with("--")) {
      fail(unknownOption(Name));
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
    // A file that is not there is said so plainly, before anything runs;
    // the others are analysed (exit 2), as in the C CLI.
    for (const std::string &F : A.Files) {
      if (!llvm::sys::fs::exists(F)) {
        error("no such file: '" + F + "'");
        Incomplete = true;
        continue;
      }
      Units.push_back({Cwd.str().str(), F, {}});
    }
    if (Units.empty() && !Incomplete)
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
  unsigned Failed = 0, HeldBackMay = 0, Undecided = 0;
  bool VerifyFailed = false;
};

/// \p Path made absolute from the current directory.
std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

/// Whether Flang reads \p File in fixed form, as its extension and \p Flags
/// say.
bool fixedForm(llvm::StringRef File, llvm::ArrayRef<std::string> Flags) {
  bool Fixed = llvm::is_contained({".f", ".for", ".ftn", ".f77", ".fpp"},
                                  llvm::sys::path::extension(File).lower());
  for (const std::string &F : Flags)
    if (F == "-ffixed-form")
      Fixed = true;
    else if (F == "-ffree-form")
      Fixed = false;
  return Fixed;
}

/// The flags \p Fc1 (which end with the file) with stubs for the modules
/// the unit uses that Flang cannot read (ModuleStubs.h), searched first;
/// each said once in a note at its USE statement. Flang searches the
/// current directory before any other: when the module file it cannot read
/// lies there (a project built with gfortran keeps its modules in the
/// build directory), the unit is lowered from an empty directory instead,
/// its paths made absolute, and that directory is searched after the
/// others. Runs in the unit's child process, in its directory.
/// The directories Flang searches for modules after the current one, as
/// \p Fc1 names them: the module directory, -I in order, then Flang's
/// intrinsic modules.
std::vector<std::string> moduleSearch(const std::vector<std::string> &Fc1,
                                      llvm::StringRef ModuleDir) {
  std::vector<std::string> Search;
  for (size_t I = 0; I + 1 < Fc1.size(); ++I) {
    llvm::StringRef F = Fc1[I];
    if ((F == "-I" || F == "-module-dir") && I + 2 < Fc1.size())
      Search.push_back(Fc1[I + 1]);
    else if (F.starts_with("-I") && F.size() > 2)
      Search.push_back(F.drop_front(2).str());
  }
  // (The module directory is also the first -I.)
  llvm::erase(Search, ModuleDir.str());
  Search.insert(Search.begin(), ModuleDir.str());
  Search.push_back(intrinsicModulesDir());
  return Search;
}

/// \p Fc1 with its -I and -module-dir directories and the file absolute.
std::vector<std::string>
withAbsolutePaths(const std::vector<std::string> &Fc1) {
  std::vector<std::string> Absolute;
  for (size_t I = 0; I < Fc1.size(); ++I) {
    llvm::StringRef F = Fc1[I];
    if ((F == "-I" || F == "-module-dir") && I + 1 < Fc1.size()) {
      Absolute.push_back(F.str());
      Absolute.push_back(absolutePath(Fc1[++I]));
    } else if (F.starts_with("-I") && F.size() > 2) {
      Absolute.push_back("-I" + absolutePath(F.drop_front(2)));
    } else if (I + 1 == Fc1.size()) {
      Absolute.push_back(absolutePath(F));
    } else {
      Absolute.push_back(F.str());
    }
  }
  return Absolute;
}

std::vector<std::string> withModuleStubs(const std::vector<std::string> &Fc1,
                                         const FortranUnit &U,
                                         llvm::StringRef ModuleDir,
                                         std::vector<StubbedModule> &Stubs) {
  auto Source = llvm::MemoryBuffer::getFile(U.File, /*IsText=*/true);
  if (!Source)
    return Fc1; // Flang says it cannot read it
  std::vector<std::string> Search = moduleSearch(Fc1, ModuleDir);
  llvm::SmallString<256> StubRoot(ModuleDir);
  llvm::sys::path::append(StubRoot, "stubs");
  bool Fixed = fixedForm(U.File, Fc1);
  Stubs = stubUnreadableModules(U.File, (*Source)->getBuffer(), Fixed, Search,
                                StubRoot, /*SearchCurrentDir=*/true);
  if (Stubs.empty())
    return Fc1;
  std::string Cwd = absolutePath(".");
  bool InCwd = llvm::any_of(Stubs, [&](const StubbedModule &S) {
    return !S.Path.empty() && llvm::sys::path::parent_path(S.Path) == Cwd;
  });
  std::vector<std::string> Args;
  auto AddStubs = [&] {
    for (const StubbedModule &S : Stubs)
      if (!llvm::is_contained(Args, S.StubDir)) {
        Args.push_back("-I");
        Args.push_back(S.StubDir);
      }
  };
  if (!InCwd) {
    // After `-fopenmp -emit-hlfir -module-dir <dir>`, before the unit's
    // own -I.
    Args.assign(Fc1.begin(), Fc1.begin() + 4);
    AddStubs();
    Args.insert(Args.end(), Fc1.begin() + 4, Fc1.end());
  } else {
    llvm::SmallString<256> Empty(ModuleDir);
    llvm::sys::path::append(Empty, "cwd");
    std::vector<std::string> Absolute = withAbsolutePaths(Fc1);
    // The unit's directory, with the module directory before it, is
    // searched last.
    Search.clear();
    for (size_t I = 0; I + 1 < Absolute.size(); ++I)
      if (Absolute[I] == "-I")
        Search.push_back(Absolute[I + 1]);
    Search.push_back(ModuleDir.str());
    Search.push_back(Cwd);
    Search.push_back(intrinsicModulesDir());
    Stubs = stubUnreadableModules(U.File, (*Source)->getBuffer(), Fixed, Search,
                                  StubRoot, /*SearchCurrentDir=*/false);
    Args.assign(Absolute.begin(), Absolute.begin() + 4);
    AddStubs();
    Args.insert(Args.end(), Absolute.begin() + 4, Absolute.end() - 1);
    for (const std::string &D : {ModuleDir.str(), Cwd}) {
      Args.push_back("-I");
      Args.push_back(D);
    }
    Args.push_back(Absolute.back());
    if (llvm::sys::fs::create_directories(Empty) ||
        llvm::sys::fs::set_current_path(Empty))
      return Fc1;
  }
  for (const StubbedModule &S : Stubs)
    llvm::errs() << U.File << ":" << S.Use.Line << ":" << S.Use.Column
                 << ": note: " << stubNote(S) << "\n";
  return Args;
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

/// In the child process of unit \p U: lowers it with \p Fc1 in its
/// directory and analyses the module.
UnitOutcome lowerAndAnalyse(const FortranUnit &U,
                            const std::vector<std::string> &Fc1,
                            const Arguments &A, llvm::StringRef ModuleDir,
                            bool AsErrors, DiagnosticMode Mode) {
  UnitOutcome Child;
  if (std::error_code EC = llvm::sys::fs::set_current_path(U.Directory)) {
    error("cannot enter '" + U.Directory + "': " + EC.message());
    return Child;
  }
  std::vector<StubbedModule> Stubs;
  std::vector<std::string> Args = withModuleStubs(Fc1, U, ModuleDir, Stubs);
  // (The file as the arguments name it: absolute where the unit is
  // lowered from another directory.)
  std::vector<StatedRange> Ranges;
  std::string Original = maskAssumptions(Args, ModuleDir, Args.back(), Ranges);
  SourceTexts Read;
  Child.Lowered = lowerFortran(Args, [&](mlir::ModuleOp M) {
    attachAssumptions(M, Original, Ranges);
    Child.Report = analyzeModule(M, A.Opts, AsErrors, Mode, U.File, Read);
  });
  if (!Original.empty()) {
    llvm::sys::fs::remove(Args.back());
    llvm::sys::fs::remove(llvm::sys::path::parent_path(Args.back()));
  }
  if (!Child.Lowered && !Stubs.empty())
    llvm::errs() << "privateer-fortran: note: '" << U.File
                 << "' could not be lowered with what privateer-fortran "
                    "knows of module"
                 << (Stubs.size() == 1 ? " '" : "s '")
                 << llvm::join(llvm::map_range(Stubs,
                                               [](const StubbedModule &S) {
                                                 return S.Use.Name;
                                               }),
                               "', '")
                 << "' (the errors above name what is missing)\n";
  return Child;
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
    // The modules the run's own files define, as Flang wrote them, are
    // searched first: a build's module directory holds gfortran's.
    std::vector<std::string> Fc1{"-fopenmp",    "-emit-hlfir",
                                 "-module-dir", ModuleDir.str(),
                                 "-I",          ModuleDir.str()};
    llvm::append_range(Fc1, U.Flags);
    llvm::append_range(Fc1, A.FlangFlags);
    // Flang's own warnings are not findings (as in the C CLI): shown only
    // when asked for; its errors always are.
    if (!A.CompilerWarnings)
      Fc1.push_back("-w");
    Fc1.push_back(U.File);
    std::string Why;
    UnitOutcome Out = runInChild(
        [&] { return lowerAndAnalyse(U, Fc1, A, ModuleDir, AsErrors, Mode); },
        Why);
    if (!Why.empty())
      error("'" + U.File + "' is not analysed: " + Why);
    Run.Failed += !Out.Lowered;
    Run.VerifyFailed |= Out.Report.VerifyFailed;
    Run.HeldBackMay += Out.Report.HeldBackMay;
    Run.Undecided += Out.Report.Undecided;
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

/// Writes the SARIF log of \p Run to \p Out, made before the analysis;
/// false after an error.
bool writeSarifLog(cli::OutputFile &Out, const RunResult &Run,
                   llvm::StringRef SourceRoot, llvm::StringRef DocsUrl) {
  // A result needs a location: a finding without a Fortran position (none
  // so far) is printed and counted, not logged.
  cli::SarifWriter W(Out.os(), normalizedPath(SourceRoot), DocsUrl,
                     /*WithBaseline=*/false);
  for (const FortranFinding &F : Run.Findings)
    if (!F.Result.Where.File.empty())
      W.result(F.Result);
  llvm::json::Object Properties;
  if (Run.HeldBackMay)
    Properties["unprovenHeldBack"] = int64_t(Run.HeldBackMay);
  if (Run.Undecided)
    Properties["undecidedIndexQuestions"] = int64_t(Run.Undecided);
  W.finish(std::move(Properties));
  Out.os() << "\n";
  if (llvm::Error E = Out.commit()) {
    error(llvm::toString(std::move(E)));
    return false;
  }
  return true;
}

/// What the run did, on one line of stderr, counted as the C CLI counts
/// (translation units: the files analysed, each entry of a database).
void printSummary(size_t Units, const RunResult &Run, bool Fix,
                  size_t Written) {
  auto Plural = [](size_t N, llvm::StringRef Word) {
    return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
  };
  llvm::errs() << "privateer-fortran: " << Plural(Units, "translation unit")
               << ", " << Plural(Run.Findings.size(), "finding");
  if (Run.HeldBackMay)
    llvm::errs() << ", " << Run.HeldBackMay << " unproven ('may') held back"
                 << " (--report-may shows them)";
  if (Run.Undecided)
    llvm::errs() << ", " << Run.Undecided << " index question"
                 << (Run.Undecided == 1 ? "" : "s")
                 << " left undecided (the solver ran out of time: a race "
                    "among them would not be reported; --solver-timeout-ms "
                    "gives it longer)";
  if (Fix) {
    llvm::errs() << ", fixes written to " << Plural(Written, "file");
    size_t NoFix = llvm::count_if(
        Run.Findings, [](const FortranFinding &F) { return F.NoFix; });
    if (NoFix)
      llvm::errs() << " (" << NoFix << " finding" << (NoFix == 1 ? "" : "s")
                   << " without an exact fix: each one's note says why)";
  }
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
  if (std::string None = A->Opts.Checks.noneEnabled(); !None.empty()) {
    error(None);
    return 2;
  }
  // Flang's own flags are checked once, before anything runs: a typo
  // would otherwise make every file a compile failure.
  if (std::string Why = checkFlangFlags(A->FlangFlags); !Why.empty()) {
    error(Why);
    return 2;
  }
  bool Incomplete = false;
  std::optional<std::vector<FortranUnit>> Units = unitsOf(*A, Incomplete);
  if (!Units || Exit)
    return 2;
  // Output paths are the caller's: each unit is lowered in its directory.
  // The log is made now: a long run must not find it unwritable at its end.
  std::unique_ptr<cli::OutputFile> Sarif;
  if (!A->Sarif.empty()) {
    auto F = cli::OutputFile::create("--sarif", normalizedPath(A->Sarif));
    if (!F) {
      error(llvm::toString(F.takeError()));
      return 2;
    }
    Sarif = std::move(*F);
  }
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
  if (Sarif)
    ToolError |= !writeSarifLog(
        *Sarif, Run, SourceRoot,
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
