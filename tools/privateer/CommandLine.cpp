//===- CommandLine.cpp - The CLI's files and compile commands -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;
using namespace llvm;

namespace privateer {
namespace cli {

bool isFortranSource(StringRef File) {
  std::string Ext = sys::path::extension(File).lower();
  return is_contained({".f", ".for", ".ftn", ".fpp", ".f77", ".f90", ".f95",
                       ".f03", ".f08", ".f18"},
                      StringRef(Ext));
}

namespace {

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

/// The value of -p on the command line, before LLVM's parser reads it
/// (LibTooling prints its own error on a -p without a database, before
/// privateer can say it plainly); empty when none is given.
std::string buildPathArgument(ArrayRef<std::string> Args) {
  std::string Dir;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--")
      break;
    if ((Arg == "-p" || Arg == "--p") && I + 1 < Args.size())
      Dir = Args[++I];
    else if (Arg.consume_front("-p=") || Arg.consume_front("--p="))
      Dir = Arg.str();
  }
  return Dir;
}

/// \p argv with `-jN` written `-j=N` (as make and ninja users type it):
/// LLVM's parser takes `-j2` for a group of one-letter flags.
std::vector<std::string> normalizedArgs(int argc, const char **argv) {
  std::vector<std::string> Args(argv, argv + argc);
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--")
      break;
    unsigned N;
    if (Arg.size() > 2 && Arg.starts_with("-j") && Arg[2] != '=' &&
        !Arg.drop_front(2).getAsInteger(10, N))
      Args[I] = "-j=" + Arg.drop_front(2).str();
  }
  return Args;
}

} // namespace

Expected<Inputs> parseInputs(int argc, const char **argv,
                             cl::OptionCategory &Category,
                             const char *Overview) {
  Inputs In;
  In.Args = normalizedArgs(argc, argv);
  for (const std::string &A : In.Args)
    In.Argv.push_back(A.c_str());
  argc = In.Argv.size();
  argv = In.Argv.data();
  if (Error E = checkJobs(argc, argv))
    return std::move(E);
  if (Error E = checkBuildPath(buildPathArgument(In.Args)))
    return std::move(E);
  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::ZeroOrMore, Overview);
  if (!Parser)
    return createStringError(parseErrorMessage(Parser.takeError()));
  auto *BuildPath =
      static_cast<cl::opt<std::string> *>(cl::getRegisteredOptions()["p"]);
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
  auto DashDash = std::find(In.Args.begin(), In.Args.end(), "--");
  In.Args.insert(DashDash, In.Files.begin(), In.Files.end());
  In.Argv.clear();
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

} // namespace cli
} // namespace privateer
